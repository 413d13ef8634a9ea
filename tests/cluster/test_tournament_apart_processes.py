"""A tournament played apart on two real server processes (issue 25: the director its own
lease, tables on other processes, the steps between them idempotent), with NATS and
PostgreSQL.

Twelve bots on three tables of four, the tournament clock fifty times the server's so the
bots' hands come quickly (a level of ten minutes lasts twelve seconds, the last ones six).
Both servers run; the balance spreads the director's and the tables' leases over them, so
hands are dealt by a director on one process at tables owned by the other, the tables'
finished hands recorded by the director across the broker, and players moved between
tables of different processes as tables break. Then the process holding the director is
killed with SIGKILL mid-tournament: the other takes the director and its tables over and
the tournament plays to its end. At the end: one winner with every chip; players moved
between tables; each table took each of its hands exactly once, in order, and the
director recorded each exactly once; no broker message names a card.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from typing import Any

import nats
import pytest
from nats.aio.msg import Msg

from pokerroom.room.registry import entry_to_json
from pokerroom.room.seam import User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.storage.accounts import AccountStore
from pokerroom.storage.database import open_database
from pokerroom.storage.rooms.leases import LeaseStore
from pokerroom.storage.rooms.store import RoomStore
from pokerroom.storage.rooms.tournament_tables import TABLE_KIND
from pokerroom.storage.rooms.tournaments import rebuilt, save_new
from pokerroom.storage.rooms.writer import RoomWriter
from pokerroom.tournament.events import Seated
from pokerroom.tournament.regulation.load import parse_regulation
from pokerroom.web.tournament.routes import lobby_entry
from tests.real_parts import NatsServer
from tests.web.test_failover import Node, start

pytestmark = pytest.mark.postgres

REGULATION = """
name = "Apart"
description = "Twelve bots, three tables of four"
format = "american"
starting_stack = 400
table_size = 4
final_table_size = 4
chips = [5]
[game]
variant = "holdem"
limit = "no-limit"
[money]
buy_in = 10
[[payouts.table]]
percents = [60, 40]
[[levels]]
small_blind = 10
big_blind = 20
minutes = 10
[[levels]]
small_blind = 25
big_blind = 50
minutes = 10
[[levels]]
small_blind = 50
big_blind = 100
minutes = 10
[[levels]]
small_blind = 100
big_blind = 200
minutes = 5
[[levels]]
small_blind = 250
big_blind = 500
minutes = 5
[[levels]]
small_blind = 500
big_blind = 1000
minutes = 5
[[levels]]
small_blind = 1000
big_blind = 2000
minutes = 5
"""
ENTRANTS, STACK = 12, 400
SPREAD_WITHIN = 60.0
"""Seconds for the balance to spread the tournament's leases over both processes."""
FINISHED_WITHIN = 240.0
CARD = re.compile(r'"[2-9TJQKA][cdhs]"')


def saved_tournament(url: str) -> str:
    """The tournament, saved straight into the database as a server would (the servers find
    it there, take its lease and follow it); its id. It starts a few seconds from now."""
    with open_database(url) as database:
        creator = AccountStore(database).create_account("Dana", None, ["player", "director"])
        tid = f"apart{secrets.token_hex(3)}"
        tournament = RoomTournament(
            tid,
            parse_regulation(REGULATION),
            creator=User(creator.id, creator.name, frozenset({"director"})),
            fill_to=ENTRANTS,
            start_at=time.time() + 4,
            speed=50.0,
            apart=True,
        )
        writer = RoomWriter(RoomStore(database))
        entry = entry_to_json(lobby_entry(tournament, creator.id))
        save_new(writer, b"k" * 32, tournament, REGULATION, entry)
        assert writer.close()
    return tid


def holders(url: str, tid: str) -> dict[str, str]:
    """The tournament's leases (its own and its tables') and the process holding each."""
    with open_database(url) as database:
        held = LeaseStore(database).holders()
    return {room: node for room, (node, _epoch) in held.items() if room.split(".")[0] == tid}


def journals(url: str, tid: str) -> tuple[list[Any], dict[str, list[Any]]]:
    """The director's saved inputs and each table's."""
    with open_database(url) as database:
        store = RoomStore(database)
        tables = [
            room.id
            for room in store.open_rooms(closed_too=True)
            if room.kind == TABLE_KIND and room.id.startswith(f"{tid}.")
        ]
        return store.inputs(tid), {table: store.inputs(table) for table in tables}


def test_a_tournament_played_apart_over_two_processes_survives_its_directors_kill(
    nodes: list[Node], nats_server: NatsServer
) -> None:
    first, second = nodes
    start(first)  # it makes the database's tables; then the second
    start(second)
    tid = saved_tournament(first.url)
    asyncio.run(_story(first, second, nats_server, tid))


async def _story(first: Node, second: Node, broker: NatsServer, tid: str) -> None:
    bus: list[bytes] = []
    listener = await nats.connect(broker.url)

    async def heard(message: Msg) -> None:
        bus.append(message.data)

    await listener.subscribe(">", cb=heard)
    started = time.monotonic()
    spread: dict[str, str] = {}
    while time.monotonic() - started < SPREAD_WITHIN:
        spread = await asyncio.to_thread(holders, first.url, tid)
        tables = {room: node for room, node in spread.items() if room != tid}
        if len(tables) >= 2 and len(set(spread.values())) == 2:
            break
        await asyncio.sleep(0.3)
    director = spread.get(tid)
    elsewhere = [room for room, node in spread.items() if room != tid and node != director]
    assert director is not None and elsewhere, f"not spread: {spread}"

    director_inputs, _tables = await asyncio.to_thread(journals, first.url, tid)
    recorded = len([item for item in director_inputs if item.kind == "hand_done"])
    while time.monotonic() - started < SPREAD_WITHIN * 2:  # hands recorded across processes
        director_inputs, _tables = await asyncio.to_thread(journals, first.url, tid)
        now_recorded = [item for item in director_inputs if item.kind == "hand_done"]
        if len(now_recorded) >= recorded + 3:
            break
        await asyncio.sleep(0.3)
    else:
        raise AssertionError("the director recorded no hand of the tables elsewhere")

    assert first.process is not None
    victim = first if director.split(":")[1] == str(first.process.pid) else second
    victim.end()  # SIGKILL: the director's process, with whatever tables it held
    survivor = second if victim is first else first

    deadline = time.monotonic() + FINISHED_WITHIN
    ended: RoomTournament | None = None
    while ended is None and time.monotonic() < deadline:
        ended = await asyncio.to_thread(_ended, survivor.url, tid)
        await asyncio.sleep(2.0)
    assert ended is not None, "the tournament did not end on the surviving process"
    chips = sorted(record.chips for record in ended.log().players.values())
    assert chips[-1] == sum(chips) == ENTRANTS * STACK, chips  # one winner, every chip
    moves = [
        event.move
        for event in ended.log().events
        if isinstance(event, Seated)
        and event.move.source is not None
        and event.move.source.table != event.move.target.table
    ]
    assert moves, "no player moved between tables"
    await listener.drain()

    director_inputs, table_inputs = await asyncio.to_thread(journals, survivor.url, tid)
    done = [
        ((item.data or {})["args"][0], (item.data or {})["args"][1]["message"]["number"])
        for item in director_inputs
        if item.kind == "hand_done"
    ]
    for table, inputs in table_inputs.items():
        takes = [(item.data or {})["args"][0] for item in inputs if item.kind == "take"]
        assert takes == list(range(1, len(takes) + 1)), f"{table} took {takes}"
    assert len(done) == len(set(done)), "a hand was recorded twice"
    carried = b"\n".join(bus).decode(errors="replace")
    assert not CARD.search(carried), "a card went over the broker"


def _ended(url: str, tid: str) -> RoomTournament | None:
    """The tournament as its journals build it, once it has ended (None: not yet)."""
    with open_database(url) as database:
        writer = RoomWriter(RoomStore(database))
        stored = writer.store.open_room(tid)
        if stored is None:
            return None
        tournament, _serial, _at = rebuilt(stored, writer, b"k" * 32, lambda _id: False)
        writer.close()
    return tournament if tournament.status == "finished" else None
