"""Shared hypothesis settings, a private data folder per test, and the real parts (a
PostgreSQL server, a browser: :mod:`tests.real_parts`)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from pokerroom.storage.database import DATABASE_ENV

pytest_plugins = ("tests.real_parts",)

os.environ["POKERROOM_LANG"] = "en"
"""The suite speaks English whatever the machine's locale, in this process and in every
``pokerroom`` it starts; a test about another language sets ``--lang`` or the variable."""

settings.register_profile("default", max_examples=200, deadline=None)
settings.load_profile("default")


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test saves into its own folder, never into the user's data directory."""
    folder = tmp_path / "data"
    monkeypatch.setenv("POKERROOM_DATA_DIR", str(folder))
    monkeypatch.delenv(DATABASE_ENV, raising=False)
    return folder
