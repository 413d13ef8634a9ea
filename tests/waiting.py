"""Waiting in a test for what it waits for: a condition polled until it holds, with a bound
generous enough for a machine busy with other work (a CPU-starved process may not run for
seconds at a time), never a pause that guesses how long something takes."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

WAIT = 120.0
"""Seconds before a wait gives up: the test fails saying what never happened."""


async def until(done: Callable[[], bool], what: str, seconds: float = WAIT) -> None:
    """Return once ``done()`` holds; fail with ``what`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"not within {seconds:g} s: {what}"
        await asyncio.sleep(0.005)
