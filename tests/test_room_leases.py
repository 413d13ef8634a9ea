"""Table leases with a fencing epoch (issue 25 items 2 and 4): one owner per table at a time,
takeover of a lease that ran out, and saves refused once their lease moved on.

On SQLite and PostgreSQL: acquire, renew, release and what is left unowned; a save made
under an old epoch is refused whole and names its table; the writer drops only the fenced
table's writes and saves the rest of its batch, and tells the owner. A process that was not
renewed for ``seconds - margin`` stops acting. Hypothesis: whatever two nodes do in any
order, the epochs of the saves accepted never go back.
"""

from __future__ import annotations

import itertools
import math
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import update

from pokerroom.cluster.lease_settings import LeaseSettings
from pokerroom.cluster.ownership import LeaseTakenError, Ownership
from pokerroom.storage.database import Database, open_database
from pokerroom.storage.models import WebRoomLeaseRow
from pokerroom.storage.rooms.leases import FencedOutError, LeaseStore
from pokerroom.storage.rooms.store import RoomInput, RoomStore, RoomWrite
from pokerroom.storage.rooms.writer import RoomWriter


def run_out(database: Database, room_id: str) -> None:
    """The lease's time is up (as if its owner stopped renewing it long ago)."""
    with database.session() as session:
        session.execute(
            update(WebRoomLeaseRow)
            .where(WebRoomLeaseRow.room_id == room_id)
            .values(expires_at=WebRoomLeaseRow.expires_at - 3600)
        )


def tick(serial: int, epoch: int, room_id: str = "t1") -> RoomWrite:
    return RoomWrite(room_id, RoomInput(serial, "tick", float(serial)), fence=(room_id, epoch))


def test_one_owner_at_a_time_and_a_lease_that_ran_out_is_taken_with_a_new_epoch(
    database_url: str,
) -> None:
    with open_database(database_url) as database:
        leases, store = LeaseStore(database), RoomStore(database)
        for room in ("t1", "t2", "gone"):
            store.create(room, "home", entry={}, settings={}, seed=1)
        store.close_room("gone")
        never = {"t1": math.inf, "t2": math.inf}
        assert leases.unowned() == never, "never leased: nobody owns them"
        assert leases.acquire("t1", "a", 5.0) == 1
        assert leases.acquire("t1", "b", 5.0) is None, "a holds it"
        assert leases.acquire("t1", "a", 5.0) == 1, "its own: renewed, same epoch"
        assert list(leases.unowned()) == ["t2"]
        assert leases.renew("a", 5.0) == {"t1": 1}
        run_out(database, "t1")
        assert list(leases.unowned()) == ["t1", "t2"]
        assert 3590 < leases.unowned()["t1"] < 3610, "run out an hour ago"
        assert leases.renew("a", 5.0) == {}, "a lease that ran out is not renewed"
        assert leases.acquire("t1", "b", 5.0) == 2
        assert leases.acquire("t1", "a", 5.0) is None
        assert leases.renew("b", 5.0) == {"t1": 2}
        leases.release("t1", "a", 1)  # a stale release does nothing
        assert leases.renew("b", 5.0) == {"t1": 2}
        leases.release("t1", "b", 2)
        assert leases.acquire("t1", "a", 5.0) == 3, "a released lease is free at once"
        assert leases.holders() == {"t1": ("a", 3)}


def test_a_save_under_an_old_epoch_is_refused_whole_and_names_its_table(
    database_url: str,
) -> None:
    with open_database(database_url) as database:
        leases, store = LeaseStore(database), RoomStore(database)
        for room in ("t1", "t2"):
            store.create(room, "home", entry={}, settings={}, seed=1)
            assert leases.acquire(room, "a", 5.0) == 1
        store.write([tick(1, 1), tick(1, 1, "t2")])
        run_out(database, "t1")
        assert leases.acquire("t1", "b", 5.0) == 2
        with pytest.raises(FencedOutError, match=r"t1 \(epoch 1\)") as refused:
            store.write([tick(2, 1), tick(2, 1, "t2")])
        assert refused.value.fenced == {("t1", 1)}
        assert [item.serial for item in store.inputs("t2")] == [1], "all or nothing"
        store.write([tick(2, 2)])
        assert [item.serial for item in store.inputs("t1")] == [1, 2]


def test_the_writer_drops_a_fenced_tables_writes_saves_the_rest_and_tells_its_owner(
    tmp_path: Path,
) -> None:
    database = open_database(tmp_path / "store.db")
    writer = RoomWriter(RoomStore(database))
    owner = Ownership(LeaseStore(database), writer, LeaseSettings(), node="a")
    lost: list[str] = []
    owner.watch(lambda _room: None, lost.append)
    writer.create("t1", "home", entry={}, settings={}, seed=1)
    writer.create("t2", "home", entry={}, settings={}, seed=1)
    assert writer.drain()
    assert LeaseStore(database).holders() == {"t1": ("a", 1), "t2": ("a", 1)}
    run_out(database, "t1")
    assert LeaseStore(database).acquire("t1", "b", 5.0) == 2
    with writer.together():
        writer.put("t1", RoomInput(1, "tick", 1.0))
        writer.put("t2", RoomInput(1, "tick", 1.0))
    assert writer.drain() and writer.saved == writer.issued
    assert writer.store.inputs("t1") == [] and len(writer.store.inputs("t2")) == 1
    assert lost == ["t1"] and owner.epoch("t1") is None and owner.epoch("t2") == 1
    writer.put("t1", RoomInput(1, "tick", 2.0))  # not held: refused too, never retried
    assert writer.close() and writer.store.inputs("t1") == []
    database.close()


def test_an_owner_not_renewed_in_time_stops_acting_and_one_renewed_acts_again(
    tmp_path: Path,
) -> None:
    now = [100.0]
    database = open_database(tmp_path / "store.db")
    writer = RoomWriter(RoomStore(database))
    owner = Ownership(LeaseStore(database), writer, node="a", clock=lambda: now[0])
    writer.create("t1", "home", entry={}, settings={}, seed=1)
    assert writer.drain()
    assert not owner.owns("t1"), "never renewed: it may not act yet"
    assert owner._renewed(owner.leases.renew("a", 5.0), now[0]) == []
    assert owner.owns("t1") and not owner.owns("t2")
    now[0] += 5.0 - 1.5  # paused as long as the lease less the margin
    assert not owner.owns("t1")
    assert owner.epoch("t1") == 1, "still its lease: nobody took it"
    RoomStore(database).create("t2", "home", entry={}, settings={}, seed=1)
    other = Ownership(LeaseStore(database), RoomWriter(RoomStore(database)), node="b")
    assert other.claim("t2") == 1 and other.epoch("t2") == 1
    with pytest.raises(LeaseTakenError, match="another server owns table 't2'"):
        owner.claim("t2")
    writer.close()
    database.close()


OPS = st.lists(
    st.tuples(
        st.sampled_from(["acquire", "renew", "write", "run_out", "release"]),
        st.sampled_from(["a", "b"]),
    ),
    max_size=30,
)


ROOM_IDS = itertools.count()


@pytest.fixture(scope="module")
def shared() -> Database:
    """One database for every example (a migrated one per example would take too long)."""
    return open_database("sqlite://")


@settings(max_examples=60, deadline=None)
@given(ops=OPS)
def test_with_any_interleaving_of_two_nodes_accepted_epochs_never_go_back(
    shared: Database, ops: list[tuple[str, str]]
) -> None:
    """Each node writes under the epoch it last learned it holds; the database accepts a
    save only under the lease's epoch now, so the accepted epochs never decrease."""
    room_id = f"r{next(ROOM_IDS)}"
    leases, store = LeaseStore(shared), RoomStore(shared)
    store.create(room_id, "home", entry={}, settings={}, seed=1)
    believed: dict[str, int] = {}
    accepted: list[int] = []
    for op, node in ops:
        if op == "acquire":
            epoch = leases.acquire(room_id, node, 60.0)
            if epoch is not None:
                believed[node] = epoch
        elif op == "renew":
            if room_id not in leases.renew(node, 60.0):
                believed.pop(node, None)
        elif op == "run_out":
            run_out(shared, room_id)
        elif op == "release" and node in believed:
            leases.release(room_id, node, believed[node])
        elif op == "write" and node in believed:
            serial = len(accepted) + 1
            try:
                store.write([tick(serial, believed[node], room_id)])
            except FencedOutError:
                continue
            accepted.append(believed[node])
            assert leases.holders()[room_id][1] == believed[node], "saved under a stale epoch"
    assert accepted == sorted(accepted)
    assert [item.serial for item in store.inputs(room_id)] == list(range(1, len(accepted) + 1))


def test_a_lease_runs_out_by_the_databases_clock(database_url: str) -> None:
    with open_database(database_url) as database:
        leases = LeaseStore(database)
        RoomStore(database).create("t1", "home", entry={}, settings={}, seed=1)
        assert leases.acquire("t1", "a", 0.2) == 1
        assert leases.acquire("t1", "b", 5.0) is None
        time.sleep(0.3)
        assert leases.acquire("t1", "b", 5.0) == 2


def test_a_process_taking_many_tables_over_stops_when_its_renewal_is_due(tmp_path: Path) -> None:
    """Hundreds of tables nobody owns (a start, a dead neighbour's): one look takes over
    only what it can before the next renewal, so the process's own leases never wait
    behind the building of the others (they ran out before: 750 tables at once)."""
    import asyncio

    now = [0.0]
    database = open_database(tmp_path / "store.db")
    store = RoomStore(database)
    for number in range(12):
        store.create(f"t{number:02d}", "home", entry={}, settings={}, seed=1)
    built: list[str] = []

    async def slow_build(lease: str) -> bool:
        now[0] += 0.3  # building a table from the database takes time
        built.append(lease)
        return True

    writer = RoomWriter(RoomStore(database))
    owner = Ownership(
        LeaseStore(database), writer, LeaseSettings(), load=slow_build, node="a",
        clock=lambda: now[0],
    )  # fmt: skip
    asyncio.run(owner.tick())
    assert built == ["t00", "t01", "t02", "t03"], "a second's worth: 4 builds of 0.3 s"
    assert owner.owns("t00"), "renewed before the look: it acts for what it took"
    asyncio.run(owner.tick())
    left = list(LeaseStore(database).unowned())
    assert len(built) == 8 and left == [f"t{n:02d}" for n in range(8, 12)]
    writer.close()
    database.close()
