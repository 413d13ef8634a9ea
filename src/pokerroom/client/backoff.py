"""How long to wait before each attempt to reconnect: 1, 2, 4 … 30 s, each with jitter.

The jitter (each wait drawn between 80 % and 120 % of its step, never over the cap) keeps
the players of a restarted server from all knocking at the same instant.

>>> import random
>>> from itertools import islice
>>> [round(d) for d in islice(reconnect_delays(random.Random(1), jitter=0), 7)]
[1, 2, 4, 8, 16, 30, 30]
"""

from __future__ import annotations

import random
from collections.abc import Iterator

FIRST_DELAY = 1.0
MAX_DELAY = 30.0
JITTER = 0.2


def reconnect_delays(
    rng: random.Random,
    *,
    first: float = FIRST_DELAY,
    cap: float = MAX_DELAY,
    jitter: float = JITTER,
) -> Iterator[float]:
    """The waits before attempts 1, 2, 3 …, endless: each step doubles up to ``cap``."""
    step = first
    while True:
        yield min(cap, step * rng.uniform(1 - jitter, 1 + jitter))
        step = min(cap, step * 2)
