"""Shared hypothesis settings: thorough locally, bounded in CI."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("default", max_examples=200, deadline=None)
settings.load_profile("default")


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test saves into its own folder, never into the user's data directory."""
    folder = tmp_path / "data"
    monkeypatch.setenv("POKERROOM_DATA_DIR", str(folder))
    return folder
