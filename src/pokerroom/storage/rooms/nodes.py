"""Which server processes share the database now: a heartbeat row per process.

Rebalancing needs every process to agree, roughly, on how many share the tables; a process
that holds no lease yet (one just started) is invisible in the leases, so each process
renews a heartbeat of its own with its leases, on the database's clock like them, and
deletes it when it drains. One statement's worth of work a second: renew, then count.

>>> from pokerroom.storage.database import open_database
>>> nodes = NodeStore(open_database("sqlite://"))
>>> nodes.beat("a", 5.0), nodes.beat("b", 5.0), nodes.beat("a", 5.0)
(Census(nodes=1, tables=0), Census(nodes=2, tables=0), Census(nodes=2, tables=0))
>>> nodes.leave("b")
>>> nodes.beat("a", 5.0)
Census(nodes=1, tables=0)
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, func, insert, select, update

from pokerroom.storage.database import DatabaseStore
from pokerroom.storage.models import WebNodeRow, WebRoomRow
from pokerroom.storage.rooms.leases import bound_locks, database_now


@dataclass(frozen=True, slots=True)
class Census:
    """How many processes are alive and how many open tables (leases: a web tournament
    with its tables is one) they share."""

    nodes: int
    tables: int


class NodeStore(DatabaseStore):
    """The heartbeats of the server processes on one database."""

    def beat(self, node: str, seconds: float) -> Census:
        """``node`` is alive for ``seconds`` more; who is alive now (``node`` counted) and
        how many open tables there are. Heartbeats run out long ago are cleared."""
        with self.database.session() as session:
            bound_locks(session.connection())
            now = database_now(session)
            kept = session.execute(
                update(WebNodeRow)
                .where(WebNodeRow.node == node)
                .values(expires_at=now + seconds)
                .returning(WebNodeRow.node)
            ).one_or_none()
            if kept is None:  # its first beat (a name is one process's: nobody races it)
                session.execute(insert(WebNodeRow).values(node=node, expires_at=now + seconds))
            session.execute(delete(WebNodeRow).where(WebNodeRow.expires_at < now - seconds))
            nodes = session.scalar(
                select(func.count()).select_from(WebNodeRow).where(WebNodeRow.expires_at >= now)
            )
            tables = session.scalar(
                select(func.count()).select_from(WebRoomRow).where(WebRoomRow.closed_at.is_(None))
            )
            return Census(int(nodes or 0), int(tables or 0))

    def leave(self, node: str) -> None:
        """``node`` is going away (draining): the others count it out at once."""
        with self.database.session() as session:
            session.execute(delete(WebNodeRow).where(WebNodeRow.node == node))
