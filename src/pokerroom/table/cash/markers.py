"""Who is dealt in at a cash table, and where the button and blinds go (H-5 … H-7, H-12).

Online cash rooms move the markers by the dead-button rule of the home series
(:mod:`pokerroom.table.seating`, H-6): each hand the big blind goes to the next
player clockwise who can play, the small blind to the seat that had the big
blind (dead when that player is not dealt in), the button to the seat that had
the small blind (it may be an empty seat). Nobody skips the big blind and nobody
posts it twice in a row. Heads-up the button posts the small blind (H-7).

Who is dealt in:

- *ready* players (seated, with chips, not sitting out, owing nothing);
- the big blind, whoever he is: a player *waiting for the big blind* (new at the
  table, or back after missing his blinds) is dealt in when it reaches him, and
  owes nothing more;
- a waiting player who chose to *post*: he puts in a live big blind (and, back from
  missing his blinds, the small blind as dead money) and is dealt in — but only in a
  seat the button has passed: strictly after the big blind and strictly before the
  button. In the seats between the button and the big blind he would get the
  button's or the blinds' positions for one big blind, so he waits (online rooms'
  rule); he also waits when he is the next big blind anyway, or when the hand is
  heads-up.

A player who posted a big blind to come in is not the big blind of the next hand:
it passes to the next player (so no one pays it twice in a row).

When fewer than two players would be dealt that way, the table *restarts*: every
player who can play is dealt in and nobody owes a post; the first hand at a table
does the same (H-12), with the button on a random player (H-4).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from pokerroom.table.seating import Blinds, first_blinds, next_seated


@dataclass(frozen=True, slots=True)
class SeatState:
    """What the markers need to know of one occupied seat before a hand."""

    can_play: bool
    """Seated with chips and not sitting out."""
    waiting: bool = False
    """Waiting for the big blind (new, or back after missing his blinds)."""
    posts: bool = False
    """Waiting, but willing to post a big blind to play at once."""


@dataclass(frozen=True, slots=True)
class Plan:
    """The next hand: its markers, the seats dealt in (clockwise by seat) and who posts."""

    markers: Blinds
    dealt: tuple[int, ...]
    posters: frozenset[int]
    """Waiting seats that pay a live big blind to play now."""
    missed: frozenset[int]
    """Seats sitting out that the big blind passed this hand: they owe their blinds."""


def plan_hand(
    previous: Blinds | None,
    seats: dict[int, SeatState],
    *,
    size: int,
    posted_last: Collection[int],
    choose: Callable[[Sequence[int]], int],
) -> Plan | None:
    """The next hand (module docstring), or None when fewer than two players can play.

    ``posted_last`` are the seats that posted a big blind to come in in the last hand;
    ``choose`` picks the first button (the table's random source, H-4).
    """
    can_play = sorted(seat for seat, state in seats.items() if state.can_play)
    if len(can_play) < 2:
        return None
    if previous is None:
        markers = first_blinds(can_play, choose(can_play), size)
        return Plan(markers, tuple(can_play), frozenset(), frozenset())
    candidates = [seat for seat in can_play if seat not in posted_last] or can_play
    big = next_seated(previous.big_blind, candidates, size)
    ready = {seat for seat in can_play if not seats[seat].waiting}
    dealt = sorted(ready | {big})
    posters: set[int] = set()
    if len(dealt) < 2:
        dealt = can_play  # the table restarts: nobody owes a post
    markers = _markers(previous, dealt, big, size)
    if markers.button != markers.small_blind:  # not heads-up: posters may come in
        after_big = next_seated(big, can_play, size)
        posters = {
            seat
            for seat in can_play
            if seats[seat].waiting
            and seats[seat].posts
            and seat not in dealt
            and seat != after_big
            and _between(big, seat, markers.button, size)
        }
    passed = {
        seat
        for seat, state in seats.items()
        if not state.can_play and _between(previous.big_blind, seat, big, size)
    }
    return Plan(markers, tuple(sorted({*dealt, *posters})), frozenset(posters), frozenset(passed))


def _markers(previous: Blinds, dealt: Sequence[int], big: int, size: int) -> Blinds:
    """H-6 from the big blind: the small blind where the big blind was, the button
    where the small blind was; heads-up the other player has both (H-7). Seats that
    would clash (a table that changed all at once) are taken from the players dealt."""
    if len(dealt) == 2:
        other = next(seat for seat in dealt if seat != big)
        return Blinds(other, other, big)
    small, button = previous.big_blind, previous.small_blind
    if big in (small, button) or small == button:
        small = _previous_seated(big, dealt, size)
        button = _previous_seated(small, dealt, size)
    return Blinds(button, small, big)


def _previous_seated(seat: int, seated: Sequence[int], size: int) -> int:
    for step in range(1, size + 1):
        candidate = (seat - 1 - step) % size + 1
        if candidate in seated:
            return candidate
    raise ValueError("no seat is occupied")


def _between(start: int, seat: int, end: int, size: int) -> bool:
    """Whether ``seat`` lies strictly between ``start`` and ``end`` going clockwise."""
    steps_to_seat = (seat - start) % size
    steps_to_end = (end - start) % size
    return 0 < steps_to_seat < steps_to_end
