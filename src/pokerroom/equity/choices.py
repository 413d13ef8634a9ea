"""What a caller may ask of the equity calculator: its games and the most deals it samples.

Apart from the calculator, which compiles its kernels on import, so that a command line can
show them in its help without loading numba.
"""

from __future__ import annotations

import enum

MAX_TRIALS = 100_000_000
"""About 20 s heads-up; the standard error is then below 0.01 %."""


class Game(enum.StrEnum):
    """Games the equity calculator plays out: one board, high or hi-lo."""

    HOLDEM = "holdem"
    OMAHA = "omaha"
    OMAHA_HILO = "omaha-hilo"

    @property
    def hole_sizes(self) -> tuple[int, ...]:
        return (2,) if self is Game.HOLDEM else (4, 5, 6)
