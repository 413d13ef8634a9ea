"""The shot clock and time banks as deadlines on the room's clock (A-18).

A decision gets ``seconds`` plus a ``countdown``; when it runs out a time bank, if the
player has one left, adds ``bank_seconds`` — except pre-flop in an unraised pot, where
at most one bank per hand may be used (002 6.4.12) — and else the timeout acts.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.engine import Hand
from pokerroom.engine import events as ev


@dataclass(frozen=True, slots=True)
class ShotClock:
    """A-18: 30 seconds, then a 10-second countdown; two 30-second time banks per series.

    *Decision*: the home game of 001 has no time banks; the web table gives each player
    two, as online rooms do, so a slow decision over a bad connection is not folded at once.
    """

    seconds: float = 30
    countdown: float = 10
    banks: int = 2
    bank_seconds: int = 30
    showdown: float = 10
    """Seconds to show or muck (P-5) before the room does what it would do for a bot."""
    timed: bool = True
    """False: no decision is ever timed (``pokerroom play --clock 0``)."""


@dataclass(slots=True)
class Turn:
    """One decision waiting on one player, and when its time is up."""

    key: tuple[int, int, int, str]
    """(hand number, events so far, position, kind): a new key is a new decision."""
    kind: str
    """``act``, ``draw``, ``show`` or ``run_twice`` (everyone asked at once, one deadline)."""
    position: int
    deadline: float | None
    countdown_from: float | None


def new_turn(clock: ShotClock | None, key: tuple[int, int, int, str], now: float) -> Turn:
    _, _, position, kind = key
    if clock is None or not clock.timed:
        return Turn(key, kind, position, None, None)
    if kind == "show":
        return Turn(key, kind, position, now + clock.showdown, now)
    end = now + clock.seconds + clock.countdown
    return Turn(key, kind, position, end, now + clock.seconds)


def bank_allowed(hand: Hand, used_this_hand: int) -> bool:
    """002 6.4.12: pre-flop in an unraised pot, one time bank per hand at most."""
    preflop = hand.street == 0
    unraised = not any(isinstance(event, ev.BetRaise) for event in hand.events)
    return not (preflop and unraised and used_this_hand >= 1)
