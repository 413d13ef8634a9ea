"""The hands of a run saved with ``tournament run --keep-hands``: each one's complete PHH.

A run's log holds only each hand's ``HandPlayed`` summary (seats, stacks before and
after). Kept hands add the hand itself: :class:`HandKeeper` wraps the run's hand player,
writes every hand it plays to its end as a complete PHH document
(:func:`~pokerroom.history.write_phh`, the players named by position) and as an observer
saw it (:func:`~pokerroom.history.write_phh_seen_by`; written from the hand, not cut from
the complete text by a replay, which a sit-out's killed hand would fail), and pairs it with
the hand's ``HandPlayed`` event when that is logged — by its players, since a player is
in one hand at a time — so the hand is stored with its running number, in the same
commit as its event (a hand whose event is lost to a kill is dealt again on resume).

The complete text holds every hole card (X-4): it is for the director's or host's export
only; the observer's copy is what every player may have.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerroom.history import write_phh, write_phh_seen_by
from pokerroom.tournament.events import HandPlayed, TournamentEvent
from pokerroom.tournament.standing import ReadsStanding, Standing

if TYPE_CHECKING:
    from pokerroom.engine.hand import Hand
    from pokerroom.tournament.american import HandPlayer


@dataclass(frozen=True, slots=True)
class KeptHand:
    """One kept hand: the tournament's running number, its table, its complete PHH and
    the observer's copy."""

    number: int
    table: int
    phh: str
    observed: str


class HandKeeper:
    """A hand player that keeps each hand it plays as PHH, until its event is logged."""

    def __init__(self, play: HandPlayer) -> None:
        self._play = play
        self._dealt: dict[tuple[str, ...], tuple[str, str]] = {}
        """The PHH of each hand played whose ``HandPlayed`` is not logged yet, by players."""
        self._logged: dict[int, KeptHand] = {}
        """Hands whose event is logged, not yet saved, by running number."""

    def __call__(self, hand: Hand, players: Sequence[str]) -> int:
        decisions = self._play(hand, players)
        self._dealt[tuple(players)] = (
            write_phh(hand, players),
            write_phh_seen_by(hand, None, players),
        )
        return decisions

    def see_standing(self, standing: Standing) -> None:
        """Passes the run's standing on to a hand player that reads one."""
        if isinstance(self._play, ReadsStanding):
            self._play.see_standing(standing)

    def heard(self, event: TournamentEvent) -> None:
        """The run's listener: a logged ``HandPlayed`` takes its hand's PHH."""
        if isinstance(event, HandPlayed):
            players = tuple(seat.player for seat in event.seats)
            texts = self._dealt.pop(players, None)
            if texts is not None:
                self._logged[event.number] = KeptHand(event.number, event.table, *texts)

    def hands_in(self, events: Sequence[TournamentEvent]) -> list[KeptHand]:
        """The kept hands of the ``HandPlayed`` events in a batch about to be saved."""
        return [
            kept
            for event in events
            if isinstance(event, HandPlayed)
            and (kept := self._logged.pop(event.number, None)) is not None
        ]
