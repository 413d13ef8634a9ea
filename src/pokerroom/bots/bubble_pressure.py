"""How hard the bubble presses on a tournament bot, from the lobby's standing (issue 11 item 10).

The pressure (0 … 1, :class:`~pokerroom.bots.tournament_bot.TournamentBot`'s ``pressure``)
is 1 with one bust-out to go before the money (hand-for-hand), falls by an equal step for
each further bust-out still needed and is 0 from ``window`` bust-outs away, where the window
is half the places paid, at least two. In the money it is 0 again (pay jumps are left out).
A stack of at least twice the average feels half of it: the big stack is the one putting
the pressure on the others, as an ICM model says.

>>> from pokerroom.tournament.standing import Standing
>>> on_the_bubble = Standing(11, 10, 5_000, hand_for_hand=True)
>>> bubble_pressure(on_the_bubble, 4_000), bubble_pressure(on_the_bubble, 12_000)
(1.0, 0.5)
>>> bubble_pressure(Standing(13, 10, 5_000, hand_for_hand=False), 4_000)
0.6
>>> bubble_pressure(Standing(20, 10, 5_000, hand_for_hand=False), 4_000)
0.0
"""

from __future__ import annotations

from pokerroom.tournament.standing import Standing

BIG_STACK = 2.0
"""Stacks of at least this many average stacks feel half the pressure."""


def bubble_pressure(standing: Standing, stack: int) -> float:
    """The pressure on a player holding ``stack`` at this standing."""
    away = standing.to_the_money
    if not away:
        return 0.0
    window = max(2, standing.places_paid // 2)
    pressure = max(0.0, 1.0 - (away - 1) / window)
    if stack >= BIG_STACK * standing.average_stack:
        pressure /= 2
    return round(pressure, 6)
