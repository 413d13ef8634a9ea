"""Where the button and the blinds go each hand (H-4 … H-7), with the dead-button rule.

Seats are numbered 1 to 10 clockwise. Each hand the big blind moves to the next
seat still playing after the last big blind, the small blind to the seat that
had the big blind, and the button to the seat that had the small blind — even
when those seats are empty now (H-6). So nobody ever skips the big blind, a hand
may have no small blind, and the button may sit on an empty seat. Heads-up the
button posts the small blind, and the player who had the big blind gets the
button (H-7).

>>> first = first_blinds([1, 2, 3, 4], button=1)
>>> first
Blinds(button=1, small_blind=2, big_blind=3)
>>> next_blinds(first, [1, 3, 4])  # seat 2 busted: its seat would have had the button
Blinds(button=2, small_blind=3, big_blind=4)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

MAX_SEATS = 10


@dataclass(frozen=True, slots=True)
class Blinds:
    """One hand's markers. ``small_blind`` is a seat that may be empty (a dead small blind)."""

    button: int
    small_blind: int
    big_blind: int

    def small_blind_poster(self, seated: Sequence[int]) -> int | None:
        """The seat that posts the small blind, or None when its seat is empty (H-6)."""
        return self.small_blind if self.small_blind in seated else None


def _next(seat: int, seated: Sequence[int]) -> int:
    """The first seated seat strictly clockwise after ``seat``."""
    for step in range(1, MAX_SEATS + 1):
        candidate = (seat - 1 + step) % MAX_SEATS + 1
        if candidate in seated:
            return candidate
    raise ValueError("no seat is occupied")


def first_blinds(seated: Sequence[int], button: int) -> Blinds:
    """H-5, H-7: the first hand, with the button on an occupied seat."""
    if len(seated) == 2:
        return Blinds(button, button, _next(button, seated))
    small = _next(button, seated)
    return Blinds(button, small, _next(small, seated))


def next_blinds(previous: Blinds, seated: Sequence[int]) -> Blinds:
    """H-5 … H-7: the markers of the next hand, given who is still seated."""
    big = _next(previous.big_blind, seated)
    if len(seated) == 2:
        other = next(seat for seat in seated if seat != big)
        return Blinds(other, other, big)  # H-7: the button posts the small blind
    return Blinds(previous.small_blind, previous.big_blind, big)


def positions(blinds: Blinds, seated: Sequence[int]) -> list[int]:
    """Seats in the engine's position order: from the first seat after the button, clockwise."""
    order = []
    seat = blinds.button
    for _ in range(len(seated)):
        seat = _next(seat, seated)
        order.append(seat)
    return order
