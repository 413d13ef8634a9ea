"""Where the button and the blinds go each hand (H-4 … H-7), with the dead-button rule.

Seats are numbered 1 to the table size (2 … 10, by default 10) clockwise. Each
hand the big blind moves to the next seat still playing after the last big blind,
the small blind to the seat that had the big blind, and the button to the seat
that had the small blind — even when those seats are empty now (H-6). So nobody
ever skips the big blind, a hand may have no small blind, and the button may sit
on an empty seat. Heads-up the button posts the small blind, and the player who
had the big blind gets the button (H-7).

>>> first = first_blinds([1, 2, 3, 4], button=1)
>>> first
Blinds(button=1, small_blind=2, big_blind=3)
>>> next_blinds(first, [1, 3, 4])  # seat 2 busted: its seat would have had the button
Blinds(button=2, small_blind=3, big_blind=4)
>>> next_blinds(Blinds(5, 6, 1), [1, 3, 6], seats=6)  # a 6-max table wraps after seat 6
Blinds(button=6, small_blind=1, big_blind=3)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.cards import ALL_CARDS
from pokerroom.errors import UsageError

MAX_SEATS = 10
"""The most seats a table has (a 10-max table); every function takes a smaller ``seats``."""


@dataclass(frozen=True, slots=True)
class Blinds:
    """One hand's markers. ``small_blind`` is a seat that may be empty (a dead small blind)."""

    button: int
    small_blind: int
    big_blind: int

    def small_blind_poster(self, seated: Sequence[int]) -> int | None:
        """The seat that posts the small blind, or None when its seat is empty (H-6)."""
        return self.small_blind if self.small_blind in seated else None


def check_table_size(seats: int) -> None:
    """A table has 2 to 10 seats; anything else is one clear error."""
    if not 2 <= seats <= MAX_SEATS:
        raise UsageError(f"a table has 2 to {MAX_SEATS} seats, got {seats}")


def next_seated(seat: int, seated: Sequence[int], seats: int = MAX_SEATS) -> int:
    """The first seated seat strictly clockwise after ``seat`` at a table of ``seats`` seats."""
    for step in range(1, seats + 1):
        candidate = (seat - 1 + step) % seats + 1
        if candidate in seated:
            return candidate
    raise ValueError("no seat is occupied")


def draw_first_button(profile: str, seated: Sequence[int], rng: random.Random) -> int:
    """H-4: the first button at random (``home``), on the last occupied seat (``club``, 002
    5.3.1), or to the high card with suits breaking ties (``sport``, C-2)."""
    if profile == "club":
        return max(seated)
    if profile == "sport":
        cards = rng.sample(ALL_CARDS, len(seated))
        return max(zip(cards, seated, strict=True), key=lambda pair: pair[0].index)[1]
    return rng.choice(list(seated))


def first_blinds(seated: Sequence[int], button: int, seats: int = MAX_SEATS) -> Blinds:
    """H-5, H-7: the first hand, with the button on an occupied seat."""
    if len(seated) == 2:
        return Blinds(button, button, next_seated(button, seated, seats))
    small = next_seated(button, seated, seats)
    return Blinds(button, small, next_seated(small, seated, seats))


def next_blinds(previous: Blinds, seated: Sequence[int], seats: int = MAX_SEATS) -> Blinds:
    """H-5 … H-7: the markers of the next hand, given who is still seated."""
    big = next_seated(previous.big_blind, seated, seats)
    if len(seated) == 2:
        other = next(seat for seat in seated if seat != big)
        return Blinds(other, other, big)  # H-7: the button posts the small blind
    return Blinds(previous.small_blind, previous.big_blind, big)


def positions(blinds: Blinds, seated: Sequence[int], seats: int = MAX_SEATS) -> list[int]:
    """Seats in the engine's position order: from the first seat after the button, clockwise."""
    order = []
    seat = blinds.button
    for _ in range(len(seated)):
        seat = next_seated(seat, seated, seats)
        order.append(seat)
    return order
