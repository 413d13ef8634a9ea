"""The chip race at a colour-up (T-13, T-18): the smallest chip leaves play, odd chips race.

Each player's odd chips are what his stack holds below the new smallest chip, counted in
retired chips. Together they are worth a number of new chips: their value divided by the new
chip, rounded to the nearest whole chip (a half rounds up), as rooms colour them up. One card
is dealt face up per odd chip, player by player in the order given (clockwise from the dealer's
left); the players are ranked by their highest card, suits breaking ties by C-2 (♠ > ♥ > ♦ > ♣),
and the best ones win one new chip each, at most one per player.

Nobody is raced out of the tournament. Seed 002 defines the chip race only as the exchange of
small chips once they are no longer needed (glossary, "Чип-рэйз"), and says nothing of a player
whose whole stack is odd chips; we follow the tournament directors' common rule: a player who
would be left without a chip receives one new chip. So the total after the race is the total
rounded down to new chips, plus the chips raced, plus one chip per player kept in that way.

>>> from pokerroom.deck import Deck
>>> race = chip_race({"ann": 1_075, "bob": 2_025, "cy": 25}, 25, 100, Deck(seed=5))
>>> race.chips_raced, race.stacks
(1, {'ann': 1100, 'bob': 2000, 'cy': 100})
>>> [(e.player, " ".join(map(str, e.cards)), e.won, e.kept_in) for e in race.entries]
[('ann', 'Js 6c Ks', True, False), ('bob', '7h', False, False), ('cy', 'Kc', False, True)]

Ann's king of spades beats Cy's king of clubs (C-2); Cy, raced out otherwise, keeps one chip.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from pokerroom.cards import Card
from pokerroom.deck import Deck
from pokerroom.errors import PokerroomError

Player = TypeVar("Player", bound=Hashable)


class ChipRaceError(PokerroomError, ValueError):
    """A chip race that cannot be run as asked; nothing was dealt."""


@dataclass(frozen=True, slots=True)
class RaceEntry(Generic[Player]):
    """One player's part in the race."""

    player: Player
    stack_before: int
    odd_chips: int
    """Retired chips left below the new smallest chip; one card each."""
    cards: tuple[Card, ...]
    won: bool
    """Won one new chip in the race."""
    kept_in: bool
    """Given one new chip because he would have had none (nobody is raced out)."""
    stack_after: int


@dataclass(frozen=True, slots=True)
class ChipRace(Generic[Player]):
    """The race's record: what was retired, how many chips were raced, who got what."""

    retired: int
    new_smallest: int
    chips_raced: int
    entries: tuple[RaceEntry[Player], ...]

    @property
    def stacks(self) -> dict[Player, int]:
        return {entry.player: entry.stack_after for entry in self.entries}

    @property
    def total_before(self) -> int:
        return sum(entry.stack_before for entry in self.entries)

    @property
    def total_after(self) -> int:
        return sum(entry.stack_after for entry in self.entries)


def _check(stacks: Mapping[Player, int], retired: int, new_smallest: int) -> None:
    if retired <= 0 or new_smallest <= retired or new_smallest % retired:
        raise ChipRaceError(
            f"cannot colour up {retired} chips to {new_smallest}: the new smallest chip must be "
            "a larger multiple of the retired one"
        )
    for player, stack in stacks.items():
        if stack <= 0:
            raise ChipRaceError(f"{player} has {stack} chips; only players with chips race")
        if stack % retired:
            raise ChipRaceError(
                f"{player}'s stack of {stack} is not a multiple of the smallest chip {retired}; "
                "every amount in play is (T-18)"
            )


def chips_to_race(odd_value: int, new_smallest: int) -> int:
    """New chips the odd chips are worth: to the nearest chip, a half rounding up."""
    whole, rest = divmod(odd_value, new_smallest)
    return whole + (2 * rest >= new_smallest)


def chip_race(
    stacks: Mapping[Player, int], retired: int, new_smallest: int, deck: Deck
) -> ChipRace[Player]:
    """Retire the ``retired`` chip (T-13): round every stack to ``new_smallest`` by a chip race.

    ``stacks`` is in dealing order; ``deck`` is a fresh deck (seeded in tests and simulations).
    """
    _check(stacks, retired, new_smallest)
    odd = {player: (stack % new_smallest) // retired for player, stack in stacks.items()}
    needed = sum(odd.values())
    if needed > deck.available():
        raise ChipRaceError(
            f"the race needs {needed} cards and the deck deals {deck.available()}; "
            "race table by table"
        )
    cards = {player: tuple(deck.deal(count)) for player, count in odd.items()}
    raced = chips_to_race(sum(count * retired for count in odd.values()), new_smallest)
    racers = sorted(
        (player for player, count in odd.items() if count),
        key=lambda player: max(card.index for card in cards[player]),  # rank, then C-2 suit
        reverse=True,
    )
    winners = set(racers[:raced])
    entries = []
    for player, stack in stacks.items():
        won = player in winners
        after = stack - stack % new_smallest + (new_smallest if won else 0)
        kept_in = after == 0
        entries.append(
            RaceEntry(
                player=player,
                stack_before=stack,
                odd_chips=odd[player],
                cards=cards[player],
                won=won,
                kept_in=kept_in,
                stack_after=new_smallest if kept_in else after,
            )
        )
    return ChipRace(retired, new_smallest, raced, tuple(entries))
