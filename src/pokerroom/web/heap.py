"""The server's heap, settled once it has started: what start-up built is left out of the
garbage collector's rounds, and the rounds come less often.

A server holds a large heap that lives as long as it does (the modules, the catalogues,
every table and account it loaded), while each action makes and drops many small objects
(frames, their parts). With the interpreter's defaults a round that looks at every object
(≈ 254,000 at 1,000 players) came every few seconds and took about 0.2 s, and the
collector was 12 % of the server's CPU (``bench_server.py --think 0``; 6 % once settled,
start-up included). Frozen after start-up, that heap is never looked at again; and with
a larger first threshold most of an action's objects are gone before any round sees
them. Objects are freed by their counts as always: only garbage in cycles waits for a
round.
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 20_000
"""New container objects (net of those freed) between two rounds of the youngest
generation (the interpreter's default is 700)."""
OLDER_THRESHOLDS = (20, 20)
"""Rounds of one generation between two of the next (the default is 10, 10)."""


def settle_heap() -> None:
    """Collect once, freeze what is left, and space the rounds out: call it once the
    server has started, its tables and accounts loaded."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, *OLDER_THRESHOLDS)
