"""How many tables a process of a cluster should hold, and when it gives some up or takes
more: the arithmetic of rebalancing, apart from the leases it acts on.

A process's fair share is the open tables divided by the live processes, rounded up (so the
shares always cover every table). One holding more than its share plus :data:`SLACK` starts
handing tables over, and goes on until it holds its share: the band between the two keeps a
table that opens or closes, or a count taken a moment apart, from sending tables back and
forth. A round hands over a quarter of the excess (:data:`SPREAD`), at least ``per_round``:
a few tables at a time in a small room, so none stalls on many handovers at once, and a big
room evens out in a few dozen rounds rather than one round per table. A process below its
share takes the tables nobody holds; one at or above it leaves them to the others, unless a
table has been without an owner for a grace, so no table ever waits on the balance.

>>> fair_share(tables=6, nodes=2), fair_share(tables=7, nodes=2), fair_share(tables=3, nodes=0)
(3, 4, 3)
>>> to_hand_over(held=6, share=3, handing_over=False, per_round=1)
1
>>> to_hand_over(held=4, share=3, handing_over=False, per_round=1)
0
>>> to_hand_over(held=4, share=3, handing_over=True, per_round=1)
1
>>> to_hand_over(held=750, share=375, handing_over=False, per_round=1)
94
"""

from __future__ import annotations

import math

SLACK = 1
"""How many tables above its share a process may hold before it hands any over."""
SPREAD = 4
"""A round hands over this fraction (1/SPREAD) of the tables held beyond the share."""


def fair_share(tables: int, nodes: int) -> int:
    """The tables each of ``nodes`` live processes should hold, rounded up (a process that
    counted none alive, not even itself, counts itself)."""
    return math.ceil(tables / max(nodes, 1))


def to_hand_over(held: int, share: int, *, handing_over: bool, per_round: int) -> int:
    """How many tables a process holding ``held`` hands over this round: none until it
    holds more than ``share`` + :data:`SLACK`; then, round after round while
    ``handing_over`` (it handed some over the round before), down to ``share``, a quarter
    of the excess a round and at least ``per_round``."""
    ceiling = share if handing_over else share + SLACK
    if held <= ceiling:
        return 0
    excess = held - share
    return min(excess, max(per_round, math.ceil(excess / SPREAD)))


def may_take(held: int, share: int, *, unowned_for: float, grace: float) -> bool:
    """Whether a process holding ``held`` takes a table nobody has held for
    ``unowned_for`` seconds: below its share at once, otherwise only after ``grace``."""
    return held < share or unowned_for >= grace
