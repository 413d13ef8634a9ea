"""Rebalancing's arithmetic and its rounds (issue 25): the fair share, the hysteresis band,
at most a step a round, and who takes a released table; two ownerships on one SQLite file
playing the rounds out; and one server alone (no broker) counting nobody and moving nothing.
"""

from __future__ import annotations

import asyncio
import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import func, select

from pokerroom.cluster.balance import SLACK, SPREAD, fair_share, may_take, to_hand_over
from pokerroom.cluster.lease_settings import LeaseSettings
from pokerroom.cluster.ownership import Ownership
from pokerroom.storage.database import Database, open_database
from pokerroom.storage.models import WebNodeRow, WebRoomLeaseRow
from pokerroom.storage.rooms.leases import LeaseStore
from pokerroom.storage.rooms.nodes import NodeStore
from pokerroom.storage.rooms.store import RoomStore
from pokerroom.storage.rooms.writer import RoomWriter
from pokerroom.web.app import create_app
from pokerroom.web.settings import ServerSettings
from tests.web.served_in_thread import serving


@pytest.mark.parametrize(
    ("tables", "nodes", "share"),
    [(6, 2, 3), (7, 2, 4), (1, 2, 1), (0, 3, 0), (10, 3, 4), (5, 1, 5), (4, 0, 4)],
)
def test_the_fair_share_is_the_tables_over_the_live_processes_rounded_up(
    tables: int, nodes: int, share: int
) -> None:
    assert fair_share(tables, nodes) == share


@given(st.integers(0, 2000), st.integers(1, 64))
def test_the_shares_cover_every_table_and_differ_by_less_than_one_process(
    tables: int, nodes: int
) -> None:
    share = fair_share(tables, nodes)
    assert share * nodes >= tables > (share - 1) * nodes or tables == share == 0


def test_a_process_starts_handing_over_above_its_share_and_slack_only() -> None:
    assert SLACK == 1
    assert to_hand_over(4, 3, handing_over=False, per_round=2) == 0, "within the band"
    assert to_hand_over(5, 3, handing_over=False, per_round=2) == 2
    assert to_hand_over(7, 3, handing_over=False, per_round=1) == 1, "a step in a small room"
    assert to_hand_over(9, 3, handing_over=False, per_round=1) == 2, "a quarter of the excess"
    assert to_hand_over(3, 3, handing_over=False, per_round=1) == 0


def test_once_started_it_goes_on_down_to_its_share_and_no_further() -> None:
    assert to_hand_over(4, 3, handing_over=True, per_round=1) == 1
    assert to_hand_over(4, 3, handing_over=True, per_round=5) == 1, "down to the share"
    assert to_hand_over(3, 3, handing_over=True, per_round=1) == 0
    assert to_hand_over(2, 3, handing_over=True, per_round=1) == 0


@given(st.integers(0, 2000), st.integers(0, 2000), st.booleans(), st.integers(1, 3))
def test_never_below_the_share_nor_more_than_a_step_or_a_quarter_of_the_excess(
    held: int, share: int, handing_over: bool, step: int
) -> None:
    count = to_hand_over(held, share, handing_over=handing_over, per_round=step)
    assert 0 <= count <= max(step, math.ceil((held - share) / SPREAD))
    assert count == 0 or held - count >= share


def test_a_process_joining_a_big_room_gets_its_share_in_a_few_dozen_rounds() -> None:
    """750 tables on one process, a second starts: one table a round would take 375 rounds
    (19 minutes at a round every 3 s)."""
    first, second, rounds, handing_over = 750, 0, 0, False
    while True:
        count = to_hand_over(first, fair_share(750, 2), handing_over=handing_over, per_round=1)
        if not count:
            break
        first, second, rounds, handing_over = first - count, second + count, rounds + 1, True
    assert (first, second) == (375, 375)
    assert rounds <= 25, rounds


def test_below_its_share_a_process_takes_at_once_at_or_above_only_after_the_grace() -> None:
    assert may_take(2, 3, unowned_for=0.0, grace=5.0)
    assert not may_take(3, 3, unowned_for=1.0, grace=5.0)
    assert not may_take(6, 3, unowned_for=4.9, grace=5.0)
    assert may_take(6, 3, unowned_for=5.0, grace=5.0), "no table waits on the balance"
    assert may_take(6, 3, unowned_for=math.inf, grace=5.0), "never leased"


# ------------------------------------------------------------------ the rounds, on one file


async def _built(_lease: str) -> bool:
    return True


def _node(
    database: Database,
    name: str,
    now: list[float],
    ready: set[str],
    settings: LeaseSettings | None = None,
) -> Ownership:
    return Ownership(
        LeaseStore(database),
        RoomWriter(RoomStore(database)),
        settings or LeaseSettings(),
        load=_built,
        between_hands=lambda lease: lease in ready,
        census=NodeStore(database),
        node=name,
        clock=lambda: now[0],
    )


def _counts(database: Database) -> dict[str, int]:
    counts: dict[str, int] = {}
    for node, _epoch in LeaseStore(database).holders().values():
        counts[node] = counts.get(node, 0) + 1
    return counts


async def _released(database: Database) -> list[str]:
    for _wait in range(200):
        unowned = list(LeaseStore(database).unowned())
        if unowned:
            return unowned
        await asyncio.sleep(0.01)
    return []


def test_a_second_process_gets_its_share_one_table_a_round_between_hands(
    tmp_path: Path,
) -> None:
    database = open_database(tmp_path / "store.db")
    for number in range(6):
        RoomStore(database).create(f"t{number}", "home", entry={}, settings={}, seed=1)
    now = [0.0]
    ready: set[str] = set()
    first = _node(database, "a", now, ready)
    second = _node(database, "b", now, ready)

    async def scenario() -> list[dict[str, int]]:
        await first.tick()
        assert _counts(database) == {"a": 6}, "alone, it takes every table"
        await second.tick()
        now[0] += LeaseSettings().balance_every
        await first.tick()
        await asyncio.sleep(0.3)
        assert _counts(database) == {"a": 6}, "every table in a hand: none moves"
        now[0] += LeaseSettings().drain_wait
        await asyncio.sleep(0.3)  # that round gives up
        rounds = []
        ready.update(f"t{number}" for number in range(6))
        for _round in range(5):
            now[0] += LeaseSettings().balance_every
            await first.tick()
            released = await _released(database)
            await first.tick()  # it does not take back what it just released
            assert list(LeaseStore(database).unowned()) == released
            await second.tick()  # below its share: it takes them within one look
            assert not LeaseStore(database).unowned()
            rounds.append(_counts(database))
            if len(released) == 0:
                break
            assert len(released) == 1, "one table a round"
        return rounds

    rounds = asyncio.run(scenario())
    assert rounds[:3] == [{"a": 5, "b": 1}, {"a": 4, "b": 2}, {"a": 3, "b": 3}]
    assert rounds[3:] == [{"a": 3, "b": 3}], "at its share it stops"
    for owner in (first, second):
        owner.writer.close()
    database.close()


def test_the_releaser_takes_a_table_back_only_once_it_had_no_owner_for_a_lease(
    tmp_path: Path,
) -> None:
    """The second process goes away just after a table was handed to it: the first, now
    alone and below its share, still leaves the table it released for a lease's length
    (another may be about to take it), then takes it (no table waits on the balance)."""
    database = open_database(tmp_path / "store.db")
    for number in range(4):
        RoomStore(database).create(f"t{number}", "home", entry={}, settings={}, seed=1)
    now = [0.0]
    every = {f"t{number}" for number in range(4)}
    settings = LeaseSettings(seconds=1.0, renew_every=0.2, margin=0.3)
    first = _node(database, "a", now, every, settings)
    second = _node(database, "b", now, every, settings)

    async def scenario() -> None:
        await first.tick()
        await second.tick()  # two processes: a's share is 2, it holds 4
        now[0] += settings.balance_every
        await first.tick()
        released = await _released(database)
        assert len(released) == 1
        NodeStore(database).leave("b")  # gone before it took the table
        await first.tick()
        assert list(LeaseStore(database).unowned()) == released, "not taken back at once"
        for _look in range(6):  # a lease's length, and a little more
            await asyncio.sleep(0.25)
            now[0] += 0.25
            await first.tick()
        assert not LeaseStore(database).unowned()
        assert LeaseStore(database).holders()[released[0]] == ("a", 2), "taken back"

    asyncio.run(scenario())
    for owner in (first, second):
        owner.writer.close()
    database.close()


def test_only_movable_leases_are_handed_over(tmp_path: Path) -> None:
    """A lease that may not move (none of its copy here to follow in place) stays put; the
    tables that can move do."""
    database = open_database(tmp_path / "store.db")
    for number in range(4):
        RoomStore(database).create(f"t{number}", "home", entry={}, settings={}, seed=1)
    now = [0.0]
    first = _node(database, "a", now, {f"t{number}" for number in range(4)})
    first.movable = lambda lease: lease == "t3"
    second = _node(database, "b", now, set())

    async def scenario() -> None:
        await first.tick()
        await second.tick()
        for _round in range(3):
            now[0] += first.settings.balance_every
            await first.tick()
            await asyncio.sleep(0.3)
            await second.tick()

    asyncio.run(scenario())
    holders = LeaseStore(database).holders()
    assert {room: node for room, (node, _epoch) in holders.items()} == {
        "t0": "a", "t1": "a", "t2": "a", "t3": "b"
    }  # fmt: skip
    for owner in (first, second):
        owner.writer.close()
    database.close()


def test_one_server_alone_without_a_broker_neither_leases_nor_counts_anything(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'alone.db'}"
    app = create_app(url, ServerSettings())
    with serving(app):
        assert app.state.ownership is None
    with open_database(url) as database, database.session() as session:
        for row in (WebNodeRow, WebRoomLeaseRow):
            assert session.scalar(select(func.count()).select_from(row)) == 0
