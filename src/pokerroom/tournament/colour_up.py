"""A scheduled colour-up at one table of a running tournament (T-13, T-18, P-3).

At the break that retires a chip, each table races its odd chips with
:func:`~pokerroom.tournament.chip_race.chip_race` (C-2 suit order, at most one chip per
player, nobody raced out) and the result is one :class:`ChipsRaced` event the tournament
applies. From the next level on the hands use the new smallest chip to split pots (P-3,
``Regulation.smallest_chip``).

Every stack is whole chips of the retired denomination (T-18: the hands bet in units of
the smallest chip in play), so the race changes a table's total only by its own rounding:
the odd chips' value to the nearest new chip, plus one new chip per player kept in. When
the odd chips at one table need more cards than a deck holds (a colour-up skipping
denominations), each stack is instead rounded on its own to the nearest new chip, a half
rounding up, nobody raced out.

>>> from pokerroom.deck import Deck
>>> race = race_table(3, [("ann", 1_075), ("bob", 2_025), ("cy", 25)], 25, 100, Deck(seed=5), 60.0)
>>> [(s.player, s.before, s.after, s.won, s.kept_in) for s in race.stacks]
[('ann', 1075, 1100, True, False), ('bob', 2025, 2000, False, False), ('cy', 25, 100, False, True)]
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.deck import Deck
from pokerroom.tournament.chip_race import chip_race, chips_to_race
from pokerroom.tournament.events import ChipsRaced, RacedStack


def race_table(
    table: int,
    stacks: Sequence[tuple[str, int]],
    retired: int,
    smallest: int,
    deck: Deck,
    at: float,
) -> ChipsRaced:
    """T-13: race the ``retired`` chips of the (player, stack) given in dealing order;
    every stack is a multiple of ``retired`` (T-18), else the race refuses it."""
    if sum((stack % smallest) // retired for _player, stack in stacks) > deck.available():
        return _rounded(table, stacks, retired, smallest, at)
    race = chip_race(dict(stacks), retired, smallest, deck)
    return ChipsRaced(
        at,
        table,
        retired,
        smallest,
        tuple(
            RacedStack(
                entry.player,
                before,
                entry.stack_after,
                " ".join(str(card) for card in entry.cards),
                entry.won,
                entry.kept_in,
            )
            for entry, (_player, before) in zip(race.entries, stacks, strict=True)
        ),
    )


def _rounded(
    table: int, stacks: Sequence[tuple[str, int]], retired: int, smallest: int, at: float
) -> ChipsRaced:
    """Too many odd chips for one deck: every stack rounded to the nearest new chip."""
    rounded = []
    for player, stack in stacks:
        after = chips_to_race(stack, smallest) * smallest
        rounded.append(
            RacedStack(player, stack, after or smallest, "", after > stack, kept_in=not after)
        )
    return ChipsRaced(at, table, retired, smallest, tuple(rounded))
