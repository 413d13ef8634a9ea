"""Where the real hand histories live: ``tests/data/phh``, shipped with the tests.

The folder is part of every clone, so a missing file is a failure, never a skip: the
count below is what its README lists, and :func:`real_hand_files` checks it.
"""

from __future__ import annotations

from pathlib import Path

PHH = Path(__file__).resolve().parent / "data" / "phh"
FILES = 240
"""The files of ``tests/data/phh`` (its README's table: 83 + 6 + 150 + 1)."""


def real_hand_files(pattern: str = "*.phh*") -> list[Path]:
    """Every real hand file matching ``pattern``, sorted; fails when the data is incomplete."""
    every = sorted(p for p in PHH.rglob("*.phh*") if p.is_file())
    assert len(every) == FILES, f"{PHH} holds {len(every)} hand files, not {FILES}: restore it"
    return sorted(p for p in every if p.match(pattern))
