"""Places of players busting in the same hand (T-12) and the prize each place gets (T-2).

T-12: players busting in one hand are placed by their stacks at the start of that hand,
the larger stack higher; equal stacks share their places' money (``shared_prizes``).
Every player still gets a place of his own (places 1 … N with no gaps): among equal
stacks, the first clockwise from the button takes the higher place and the odd unit.

>>> busts_in_hand([("Ann", 50), ("Bob", 120), ("Cy", 50)], players_left=7)
[('Bob', 5, 5, 1), ('Ann', 6, 6, 2), ('Cy', 7, 6, 2)]
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.tournament.money.payouts import shared_prizes


def busts_in_hand(
    busted: Sequence[tuple[str, int]], *, players_left: int
) -> list[tuple[str, int, int, int]]:
    """T-12: (player, place, first place of his tie, players in his tie) for each busted
    (player, stack at the start of the hand), given clockwise from the button;
    ``players_left`` counts them too."""
    ordered = sorted(busted, key=lambda pair: -pair[1])  # stable: clockwise among equals
    worst = players_left - len(busted) + 1
    result = []
    for index, (player, stack) in enumerate(ordered):
        first = next(i for i, (_p, s) in enumerate(ordered) if s == stack)
        tied = sum(1 for _p, s in ordered if s == stack)
        result.append((player, worst + index, worst + first, tied))
    return result


def place_prize(prizes: Sequence[int], *, place: int, tied_from: int, tied: int, unit: int) -> int:
    """The money of ``place``: its own prize, or its part of a tie's shared money (T-12)."""
    if tied == 1:
        return prizes[place - 1] if place <= len(prizes) else 0
    shares = shared_prizes(prizes, first_place=tied_from, players=tied, unit=unit)
    return shares[place - tied_from]
