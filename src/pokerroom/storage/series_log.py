"""Saving a running series as it goes, and resuming one where it was left.

>>> from pokerroom.table.series import Series
>>> store = SeriesStore.open("sqlite://")
>>> series = Series(["Ann", "Bob", "Cy"], seed=3)
>>> log = SeriesLog.start(store, series, bots={2: "station", 3: "random"})
>>> hand = series.start_hand()
>>> hand.check_or_call()
>>> log.save_progress(hand)  # after every decision
>>> resumed = resume_series(store)
>>> resumed.hand.events == hand.events
True
>>> while resumed.hand.phase == "bet":
...     resumed.hand.check_or_call()
>>> record = resumed.series.finish_hand(resumed.hand)
>>> resumed.log.hand_finished(resumed.hand, record).number
1
>>> store.close()
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from pokerroom.engine import Hand
from pokerroom.errors import PokerroomError, UsageError
from pokerroom.history import write_phh
from pokerroom.storage.codec import Decision, StorageError, apply_decisions
from pokerroom.storage.models import PlayerKind
from pokerroom.storage.store import Player, SavedHand, SavedSeries, SeriesStore
from pokerroom.table.series import HandRecord, Series


class SeriesLog:
    """Saves one running :class:`~pokerroom.table.series.Series` as it is played.

    Call :meth:`save_progress` after every decision (or whenever it suits) and
    :meth:`hand_finished` with the record of each hand; :meth:`series_finished`
    at the end.
    """

    def __init__(self, store: SeriesStore, series_id: int, series: Series) -> None:
        self.store = store
        self.series_id = series_id
        self.series = series

    @classmethod
    def start(
        cls, store: SeriesStore, series: Series, *, bots: Mapping[int, str] | None = None
    ) -> SeriesLog:
        """Save a new series; ``bots`` gives the style of each bot's seat, other seats are human."""
        bots = bots or {}
        unknown = sorted(set(bots) - set(series.seats))
        if unknown:
            raise UsageError(f"no player sits in seats {unknown}")
        players = [
            Player(seat, player.name, PlayerKind.BOT, bots[seat])
            if seat in bots
            else Player(seat, player.name)
            for seat, player in series.seats.items()
        ]
        return cls(store, store.create_series(players, series.settings, series.seed), series)

    def _seats(self, hand: Hand) -> list[int]:
        return [self.series.seat_of(position) for position in range(hand.players)]

    def save_progress(self, hand: Hand) -> None:
        """Save the hand being played: its config and the decisions so far."""
        self.store.save_progress(
            self.series_id,
            self.series.hands_played + 1,
            hand,
            seats=self._seats(hand),
            deck_seed=self.series.hand_seed,
        )

    def hand_finished(self, hand: Hand, record: HandRecord) -> SavedHand:
        """Save a hand after :meth:`Series.finish_hand` returned its record."""
        return self.store.save_hand(
            self.series_id,
            hand,
            record,
            seats=self._seats(hand),
            deck_seed=self.series.hand_seed,
        )

    def series_finished(self) -> None:
        self.store.finish_series(self.series_id, self.series.standings())


@dataclass(frozen=True, slots=True)
class Resumed:
    """A series rebuilt from the store, ready to go on."""

    saved: SavedSeries
    series: Series
    hand: Hand | None
    """The hand that was being played, at its last saved decision; None between hands."""
    log: SeriesLog


def resume_series(store: SeriesStore, series_id: int | None = None) -> Resumed:
    """Rebuild a saved series (the latest unfinished one by default) where it was left.

    The series is dealt again from its seed and every saved hand replayed with its
    decisions, so markers, stacks and the shuffles still to come are exactly as
    they would have been; each replayed hand must match what was saved.
    """
    if series_id is None:
        latest = store.latest_unfinished()
        if latest is None:
            raise StorageError("no unfinished series to resume")
        saved = latest
    else:
        saved = store.get_series(series_id)
    if saved.finished:
        raise StorageError(f"series {saved.id} is finished; there is nothing to resume")
    if saved.seed is None:
        raise StorageError(f"series {saved.id} was dealt without a seed and cannot be resumed")
    series = Series(saved.names, saved.settings, seed=saved.seed)
    for stored in store.hands(saved.id):
        played = _deal_again(
            series, saved, stored.number, stored.seats, stored.deck_seed, auto_showdown=False
        )
        _replay(played, stored.decisions, saved.id, stored.number)
        if played.phase != "done":
            raise StorageError(f"hand {stored.number} of series {saved.id} no longer finishes")
        names = [saved.name_of(seat) for seat in stored.seats]
        record = series.finish_hand(played)
        if record != stored.record or write_phh(played, names) != stored.phh:
            raise StorageError(
                f"hand {stored.number} of series {saved.id} replays differently from its record"
            )
    hand: Hand | None = None
    progress = saved.in_progress
    if progress is not None:
        hand = _deal_again(series, saved, progress.number, progress.seats, progress.deck_seed)
        if hand.config != progress.config:
            raise StorageError(
                f"hand {progress.number} of series {saved.id} is dealt differently from its record"
            )
        _replay(hand, progress.decisions, saved.id, progress.number)
    return Resumed(saved, series, hand, SeriesLog(store, saved.id, series))


def _deal_again(
    series: Series,
    saved: SavedSeries,
    number: int,
    seats: Sequence[int],
    deck_seed: int | None,
    *,
    auto_showdown: bool = True,
) -> Hand:
    """Deal a saved hand again; a finished one shows down as its players chose (P-5)."""
    if series.hands_played + 1 != number or series.is_over:
        raise StorageError(f"series {saved.id} has no hand {number} to deal again")
    hand = series.start_hand(auto_showdown=auto_showdown)
    dealt_seats = [series.seat_of(p) for p in range(hand.players)]
    seed = series.hand_seed
    if dealt_seats != list(seats) or (None not in (seed, deck_seed) and seed != deck_seed):
        raise StorageError(
            f"hand {number} of series {saved.id} is dealt differently from its record"
        )
    return hand


def _replay(hand: Hand, decisions: Collection[Decision], series_id: int, number: int) -> None:
    try:
        apply_decisions(hand, decisions)
    except PokerroomError as error:
        raise StorageError(
            f"hand {number} of series {series_id} no longer replays: {error}"
        ) from None
