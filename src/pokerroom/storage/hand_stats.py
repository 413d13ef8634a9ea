"""The hand archive read for player statistics: the hands of a period, a table or a
tournament, each with who played it, fed to :func:`pokerroom.stats.summary.summarise`.

Only the PHH documents are read (names are in their ``players`` field; the seats are asked
only for a hand without it), in pages, so a hundred thousand hands stream without an ORM
object each.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Select, func, select

from pokerroom.stats.reading import read_stat_hand
from pokerroom.stats.summary import NamedHand
from pokerroom.storage.database import DatabaseStore
from pokerroom.storage.models import WebHandRow, WebHandSeatRow

PAGE = 5_000
"""Rows fetched at a time."""


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


def _query(where: HandFilter) -> Select[int, str]:
    query = select(WebHandRow.id, WebHandRow.phh)
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
    return query  # unordered: the statistics are sums, and sorting the documents costs more


class HandStats(DatabaseStore):
    """The archive's hands as the statistics read them."""

    def hands(self, where: HandFilter) -> Iterator[NamedHand]:
        """Every hand ``where`` picks, in no particular order, with the names of its players."""
        with self.database.session() as session:
            rows = session.execute(_query(where).execution_options(yield_per=PAGE))
            for hand_id, phh in rows:
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
                yield NamedHand(hand, names)

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
