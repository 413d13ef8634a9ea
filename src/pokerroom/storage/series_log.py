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

import copy
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from pokerroom.deck import DeckOrder
from pokerroom.engine import Hand
from pokerroom.errors import DeckError, PokerroomError, UsageError
from pokerroom.history import write_phh
from pokerroom.storage.codec import Decision, StorageError, apply_decisions
from pokerroom.storage.models import PlayerKind
from pokerroom.storage.store import (
    HandInProgress,
    Player,
    SavedHand,
    SavedSeries,
    SeriesStore,
)
from pokerroom.table.series import HandRecord, Series


class SeriesLog:
    """Saves one running :class:`~pokerroom.table.series.Series` as it is played.

    Call :meth:`save_progress` after every decision (or whenever it suits) and
    :meth:`hand_finished` with the record of each hand; :meth:`series_finished`
    at the end. The series' limits (H-3) are saved with it, the playing time left
    with every save. A hand in progress is saved with its deck: its seed in a seeded
    series, else the order of its cards, never a value that deals another hand (C-3).
    """

    def __init__(self, store: SeriesStore, series_id: int, series: Series) -> None:
        self.store = store
        self.series_id = series_id
        self.series = series

    @classmethod
    def start(
        cls,
        store: SeriesStore,
        series: Series,
        *,
        bots: Mapping[int, str] | None = None,
        clock: int | None = None,
    ) -> SeriesLog:
        """Save a new series; ``bots`` gives the style of each bot's seat, other seats are
        human; ``clock`` the seconds per decision at the terminal table (A-18), 0 none."""
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
        series_id = store.create_series(
            players,
            series.settings,
            series.seed,
            max_hands=series.max_hands,
            seconds_left=series.time_left(),
            clock=clock,
        )
        return cls(store, series_id, series)

    def _seats(self, hand: Hand) -> list[int]:
        return [self.series.seat_of(position) for position in range(hand.players)]

    def _deck(self) -> DeckOrder | None:
        deck = self.series.deck
        return None if self.series.seed is not None or deck is None else deck.dealt

    def progress(self, hand: Hand) -> Callable[[], None]:
        """:meth:`save_progress` as the hand is now, to write later (a writer's thread):
        all it writes is taken now, the hand copied, so the game may go on meanwhile."""
        at, number = copy.deepcopy(hand), self.series.hands_played + 1
        seats, seed, deck = self._seats(hand), self.series.hand_seed, self._deck()
        left = self.series.time_left()

        def save() -> None:
            self.store.save_progress(
                self.series_id,
                number,
                at,
                seats=seats,
                deck_seed=seed,
                deck=deck,
                seconds_left=left,
            )

        return save

    def save_progress(self, hand: Hand) -> None:
        """Save the hand being played: its config, its deck and the decisions so far."""
        self.progress(hand)()

    def finished_hand(self, hand: Hand, record: HandRecord) -> Callable[[], SavedHand]:
        """:meth:`hand_finished` as it is now, to write later (see :meth:`progress`)."""
        done, seats, seed = copy.deepcopy(hand), self._seats(hand), self.series.hand_seed
        deck, left = self._deck(), self.series.time_left()

        def save() -> SavedHand:
            return self.store.save_hand(
                self.series_id,
                done,
                record,
                seats=seats,
                deck_seed=seed,
                deck=deck,
                seconds_left=left,
            )

        return save

    def hand_finished(self, hand: Hand, record: HandRecord) -> SavedHand:
        """Save a hand after :meth:`Series.finish_hand` returned its record."""
        return self.finished_hand(hand, record)()

    def end(self) -> Callable[[], None]:
        """:meth:`series_finished` as it is now, to write later (see :meth:`progress`)."""
        standings, played = self.series.standings(), self.series.hands_played
        return lambda: self.store.finish_series(self.series_id, standings, hands_played=played)

    def series_finished(self) -> None:
        self.end()()


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

    The series goes on past every saved hand from its record (a seeded series deals
    each again from its seed and replays its decisions, which must match), so
    markers, stacks and limits are as they were; a hand in progress is dealt again
    from its saved deck. An unseeded series' next hands are fresh secure shuffles (C-3).
    """
    if series_id is None:
        latest = store.latest_unfinished()
        if latest is None:
            raise StorageError("no unfinished series to resume")
        saved = latest
    else:
        saved = store.get_series(series_id)
    if saved.finished:
        state = "abandoned" if saved.abandoned else "finished"
        raise StorageError(f"series {saved.id} is {state}; there is nothing to resume")
    try:
        series = Series(saved.names, saved.settings, seed=saved.seed)
    except UsageError as error:
        raise StorageError(f"series {saved.id} cannot be resumed: {error}") from None
    for stored in store.hands(saved.id):
        if saved.seed is None:
            _follow(series, saved, stored)
        else:
            _play_again(series, saved, stored)
    try:
        series.keep_limits(saved.max_hands, saved.seconds_left)
    except UsageError as error:
        raise StorageError(f"series {saved.id} cannot be resumed: {error}") from None
    log = SeriesLog(store, saved.id, series)
    hand: Hand | None = None
    progress = saved.in_progress
    if progress is not None:
        hand = _deal_again(series, saved, progress)
    elif series.is_over:  # its last hand was saved, the end was not
        log.series_finished()
        raise StorageError(f"series {saved.id} had played its last hand; it is finished now")
    series.straddlers = set()  # the players choose their straddles again
    return Resumed(saved, series, hand, log)


def _follow(series: Series, saved: SavedSeries, stored: SavedHand) -> None:
    """An unseeded hand: the series goes on from its record (no deck is kept for it)."""
    if series.is_over:
        raise StorageError(f"series {saved.id} has no hand {stored.number} to go on from")
    try:
        series.replay_record(stored.record, stored.seats)
    except UsageError:
        raise StorageError(
            f"hand {stored.number} of series {saved.id} does not follow from the hands before it"
        ) from None


def _same_phh(written: str, stored: str) -> bool:
    """A hand's PHH as written now equals its stored one; records saved before PHH carried the
    table's rule options (``_options``) match without that line."""
    if "\n_options = " not in stored:
        written = "\n".join(
            line for line in written.split("\n") if not line.startswith("_options = ")
        )
    return written == stored


def _play_again(series: Series, saved: SavedSeries, stored: SavedHand) -> None:
    """A seeded hand: dealt again from the series seed, its decisions replayed and checked."""
    series.straddlers = set() if stored.record.straddle is None else {stored.record.straddle}
    played = _start(series, saved, stored.number, stored.seats, None, auto_showdown=False)
    if None not in (series.hand_seed, stored.deck_seed) and series.hand_seed != stored.deck_seed:
        raise StorageError(
            f"hand {stored.number} of series {saved.id} is dealt differently from its record"
        )
    _replay(played, stored.decisions, saved.id, stored.number)
    if played.phase != "done":
        raise StorageError(f"hand {stored.number} of series {saved.id} no longer finishes")
    names = [saved.name_of(seat) for seat in stored.seats]
    record = series.finish_hand(played)
    if record != stored.record or not _same_phh(write_phh(played, names), stored.phh):
        raise StorageError(
            f"hand {stored.number} of series {saved.id} replays differently from its record"
        )


def _deal_again(series: Series, saved: SavedSeries, progress: HandInProgress) -> Hand:
    """The hand in progress, dealt again from its saved deck, its decisions replayed."""
    where = f"hand {progress.number} of series {saved.id}"
    if saved.seed is None and progress.deck is None:
        raise StorageError(f"{where} was saved without its deck")
    big_blind = series.settings.big_blind
    straddles = [p for p, blind in enumerate(progress.config.blinds) if blind > big_blind]
    series.straddlers = {progress.seats[p] for p in straddles}  # as it was dealt
    hand = _start(series, saved, progress.number, progress.seats, progress.deck)
    seed = series.hand_seed
    if hand.config != progress.config or (
        None not in (seed, progress.deck_seed) and seed != progress.deck_seed
    ):
        raise StorageError(f"{where} is dealt differently from its record")
    _replay(hand, progress.decisions, saved.id, progress.number)
    return hand


def _start(
    series: Series,
    saved: SavedSeries,
    number: int,
    seats: Sequence[int],
    dealt: DeckOrder | None,
    *,
    auto_showdown: bool = True,
) -> Hand:
    """Deal a saved hand again; a finished one shows down as its players chose (P-5)."""
    if series.hands_played + 1 != number or series.is_over:
        raise StorageError(f"series {saved.id} has no hand {number} to deal again")
    first = series.first_button_of(seats) if saved.seed is None else None  # drawn, not again
    try:
        hand = series.start_hand(dealt, auto_showdown=auto_showdown, first_button=first)
    except DeckError:
        raise StorageError(
            f"the saved deck of hand {number} of series {saved.id} is damaged"
        ) from None
    if [series.seat_of(p) for p in range(hand.players)] != list(seats):
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
