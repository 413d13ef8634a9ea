"""Shared hypothesis settings: thorough locally, bounded in CI."""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("default", max_examples=200, deadline=None)
settings.load_profile("default")
