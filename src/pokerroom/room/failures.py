"""Logging a server-side failure without the exception's text.

An exception raised inside a room may name cards in its message (``"As is not in the
deck"``); a log line must not carry hidden information (X-4), so only the exception's class
and where it was raised are written.
"""

from __future__ import annotations

import traceback
from pathlib import Path


def describe_failure(exc: BaseException, depth: int = 6) -> str:
    """``"KeyError at rooms.py:40 handle < hub.py:120 deliver"``: class and innermost frames."""
    frames = traceback.extract_tb(exc.__traceback__)[-depth:]
    where = " < ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in reversed(frames))
    return f"{type(exc).__name__} at {where}" if where else type(exc).__name__
