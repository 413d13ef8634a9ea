"""The hand archive read for player statistics: the hands of a period, a table or a
tournament, each player's statistics over them.

:meth:`HandStats.summary` adds up the counts kept with each hand (``web_hand_counts``) in
one SQL query, and counts from the PHH only the hands archived without them (before
migration 0015, or in decimal chips), through :func:`pokerroom.stats.summary.summarise`.
Only the PHH documents are read for those (names are in their ``players`` field; the seats
are asked only for a hand without it), in pages, without an ORM object each.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import ColumnElement, Select, and_, case, exists, func, select
from sqlalchemy.orm import InstrumentedAttribute, Session

from pokerroom.stats.reading import read_stat_hand
from pokerroom.stats.seats import seat_counts
from pokerroom.stats.summary import NamedHand, PlayerStats, summarise
from pokerroom.storage.database import DatabaseStore
from pokerroom.storage.models import WebHandCountsRow, WebHandRow, WebHandSeatRow

PAGE = 5_000
"""Rows fetched at a time."""
Rows = Select[*tuple[Any, ...]]
"""A query of any columns."""
Q = TypeVar("Q", bound=Rows)


@dataclass(frozen=True, slots=True)
class HandFilter:
    """Which archived hands count: all of them by default."""

    since: datetime | None = None
    """From this moment (UTC) on."""
    until: datetime | None = None
    """Before this moment (UTC)."""
    table: str | None = None
    """A room's id."""
    tournament: str | None = None
    """A web tournament's id: the hands of all its tables (rooms ``ID.tN``)."""
    player: str | None = None
    """Only hands this name played."""


def _filtered(query: Q, where: HandFilter) -> Q:
    """``query`` (of ``web_hands`` among others) kept to the hands ``where`` picks."""
    if where.since is not None:
        query = query.where(WebHandRow.finished_at >= where.since)
    if where.until is not None:
        query = query.where(WebHandRow.finished_at < where.until)
    if where.table is not None:
        query = query.where(WebHandRow.room_id == where.table)
    if where.tournament is not None:
        prefix = where.tournament.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        query = query.where(
            WebHandRow.room_kind == "tournament",
            WebHandRow.room_id.like(f"{prefix}.t%", escape="\\"),
        )
    if where.player is not None:
        played = select(WebHandSeatRow.hand_id).where(WebHandSeatRow.name == where.player)
        query = query.where(WebHandRow.id.in_(played))
    return query


def _uncounted(where: HandFilter) -> Select[int, datetime, str]:
    """The hands ``where`` picks that have no counts kept: counted from their PHH."""
    kept = exists().where(WebHandCountsRow.hand_id == WebHandRow.id)
    query = select(WebHandRow.id, WebHandRow.finished_at, WebHandRow.phh).where(~kept)
    return _filtered(query, where)  # unordered: the statistics are sums


COUNTED = (
    "vpip_hands",
    "pfr_hands",
    "three_bet_chances",
    "three_bets",
    "fold_to_three_bet_chances",
    "folds_to_three_bet",
    "bets_raises",
    "calls",
    "saw_flop",
    "showdowns",
    "won_at_showdown",
    "winnings",
    "big_blinds",
)
""":class:`PlayerStats`' sums, in the order of :data:`_SUMMED`'s columns."""
_C = WebHandCountsRow
_SUMMED = (
    _C.vpip,
    _C.pfr,
    _C.three_bet_chance,
    _C.three_bet,
    _C.fold_to_three_bet_chance,
    _C.fold_to_three_bet,
    _C.bets_raises,
    _C.calls,
    _C.saw_flop,
    _C.showdown,
    _C.won_at_showdown,
    _C.winnings,
    _C.big_blinds,
)
_SEAT = and_(WebHandSeatRow.hand_id == _C.hand_id, WebHandSeatRow.position == _C.position)


def _adjusted(viewer: str | None) -> ColumnElement[float] | InstrumentedAttribute[float]:
    """The all-in-adjusted result each row may show: the viewer's own rows with his own
    hole cards, everyone else's from the cards shown (X-4)."""
    if viewer is None:
        return _C.adjusted
    return case((WebHandSeatRow.name == viewer, _C.adjusted_own), else_=_C.adjusted)


def _sums(where: HandFilter, viewer: str | None, only: str | None) -> Rows:
    """Each player's kept counts added up over the hands ``where`` picks."""
    query = (
        select(
            WebHandSeatRow.name,
            func.count(),
            *(func.sum(column) for column in _SUMMED),
            func.sum(_adjusted(viewer)),
        )
        .select_from(_C)
        .join(WebHandSeatRow, _SEAT)
        .join(WebHandRow, WebHandRow.id == _C.hand_id)
        .group_by(WebHandSeatRow.name)
    )
    if only is not None:
        query = query.where(WebHandSeatRow.name == only)
    return _filtered(query, where)


def _series(where: HandFilter, name: str, own: bool) -> Rows:
    adjusted = _C.adjusted_own if own else _C.adjusted
    query = (
        select(WebHandRow.finished_at, WebHandRow.id, _C.big_blinds, adjusted / _C.big_blind)
        .select_from(_C)
        .join(WebHandSeatRow, _SEAT)
        .join(WebHandRow, WebHandRow.id == _C.hand_id)
        .where(WebHandSeatRow.name == name)
    )
    return _filtered(query, where)


@dataclass(frozen=True, slots=True)
class HandPoint:
    """One hand of a player's, for a chart over time: his result in big blinds."""

    finished_at: datetime
    hand_id: int
    big_blinds: float
    adjusted: float
    """All-in adjusted, in big blinds."""


def _read(
    session: Session, query: Select[int, datetime, str]
) -> Iterator[tuple[int, datetime, NamedHand]]:
    """The hands of ``query`` (id, finish, PHH) read for the statistics, with names."""
    for hand_id, finished_at, phh in session.execute(query.execution_options(yield_per=PAGE)):
        hand = read_stat_hand(phh)
        names = hand.names
        if names is None or hand.results is None:
            seats = session.execute(
                select(WebHandSeatRow.name, WebHandSeatRow.result)
                .where(WebHandSeatRow.hand_id == hand_id)
                .order_by(WebHandSeatRow.position)
            ).all()
            names = tuple(name for name, _ in seats)
            hand = dataclasses.replace(hand, results=tuple(r for _, r in seats))
        yield hand_id, finished_at, NamedHand(hand, names)


class HandStats(DatabaseStore):
    """The archive's hands as the statistics read them."""

    def summary(
        self, where: HandFilter, *, viewer: str | None = None, only: str | None = None
    ) -> dict[str, PlayerStats]:
        """Every player's statistics (only ``only``'s, if given) over the hands ``where``
        picks, as ``viewer`` may know them: :func:`~pokerroom.stats.summary.summarise`'s
        answer, from the kept counts where a hand has them."""
        players: dict[str, PlayerStats] = {}
        with self.database.session() as session:
            for name, hands, *sums, adjusted in session.execute(_sums(where, viewer, only)):
                stats = PlayerStats(name, hands=hands, adjusted=float(adjusted))
                for field, value in zip(COUNTED, sums, strict=True):
                    setattr(stats, field, float(value) if field == "big_blinds" else int(value))
                players[name] = stats
            uncounted = (named for _, _, named in _read(session, _uncounted(where)))
            for name, more in summarise(uncounted, viewer=viewer, only=only).items():
                if name in players:
                    players[name].merge(more)
                else:
                    players[name] = more
        return players

    def series(self, where: HandFilter, name: str, *, own: bool) -> list[HandPoint]:
        """``name``'s result in each hand ``where`` picks, in the order they finished; with
        ``own`` his all-ins are valued with his own hole cards (for his eyes only)."""
        with self.database.session() as session:
            points = [HandPoint(*row) for row in session.execute(_series(where, name, own))]
            played = dataclasses.replace(where, player=name)
            for hand_id, finished_at, named in _read(session, _uncounted(played)):
                counts = seat_counts(named.hand)[list(named.names).index(name)]
                adjusted = counts.adjusted_own if own else counts.adjusted
                unit = float(named.hand.big_blind)
                points.append(HandPoint(finished_at, hand_id, counts.big_blinds, adjusted / unit))
        points.sort(key=lambda point: (point.finished_at, point.hand_id))
        return points

    def hands(self, where: HandFilter) -> Iterator[NamedHand]:
        """Every hand ``where`` picks, read from its PHH, in no particular order, with the
        names of its players (the slow way :meth:`summary` takes for uncounted hands)."""
        query = _filtered(select(WebHandRow.id, WebHandRow.finished_at, WebHandRow.phh), where)
        with self.database.session() as session:
            yield from (named for _, _, named in _read(session, query))

    def table_results(self, table: str) -> tuple[dict[str, int], int]:
        """Each player's chips won or lost at the table over all its hands (net of the
        rake), and the rake: a cash game's settle-up when the ledger was not kept."""
        by_name = (
            select(WebHandSeatRow.name, func.sum(WebHandSeatRow.result))
            .join(WebHandRow, WebHandRow.id == WebHandSeatRow.hand_id)
            .where(WebHandRow.room_id == table)
            .group_by(WebHandSeatRow.name)
        )
        rake = select(func.sum(WebHandRow.rake)).where(WebHandRow.room_id == table)
        with self.database.session() as session:
            results = {name: int(total) for name, total in session.execute(by_name)}
            return results, int(session.scalar(rake) or 0)
