"""The hand archive: every hand finished at a web room (a home series, a cash table) is
saved as it happens, whole, with who sat at each position, on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import pytest

from pokerroom.history.phh.documents import parse_phh
from pokerroom.room.live import LiveRoom
from pokerroom.room.registry import LobbyEntry, Registry, RoomKind
from pokerroom.room.seam import User
from pokerroom.storage.accounts import AccountStore
from pokerroom.storage.database import Database, open_database
from pokerroom.storage.hands.archive import HandArchive
from pokerroom.web.archive.listener import archive_listener
from tests.web.hand_play import cash_room, home_room, play, replayed
from tests.web.rooms_fake import StillRoom

AT = datetime(2027, 1, 11, 20, 30)


@pytest.fixture
def database(database_url: str) -> Iterator[Database]:
    with open_database(database_url) as opened:
        yield opened


def people(database: Database, *names: str) -> list[User]:
    accounts = AccountStore(database)
    return [User(accounts.create_account(name, None, ["player"]).id, name) for name in names]


def listening(archive: HandArchive) -> Registry:
    return Registry(on_add=archive_listener(archive.save, clock=lambda: AT))


def check_archived(archive: HandArchive, room: LiveRoom, kind: str, users: list[User]) -> None:
    """Every finished hand of ``room`` is in the archive exactly as the room kept it."""
    assert room.hands, "no hand was played"
    for user in users:
        mine = [h for h in room.hands if user.id in h.users]
        assert archive.count_of(user.id, room_id=room.id) == len(mine)
        listed = archive.hands_of(user.id, room_id=room.id, per_page=1000)
        assert sorted(h.number for h in listed) == [h.number for h in mine]
        for line in listed:
            stored = archive.get(line.id)
            assert stored is not None
            finished = next(h for h in room.hands if h.number == line.number)
            hand = stored.hand
            assert (hand.room_id, hand.room_kind, hand.finished_at) == (room.id, kind, AT)
            assert hand.phh == finished.phh  # whole: every card, for the server only
            assert [s.account_id for s in hand.seats] == list(finished.users)
            assert [s.seat for s in hand.seats] == list(finished.seats)
            assert [s.name for s in hand.seats] == list(finished.names)
            assert line.result == finished.results[line.position]
            engine = replayed(hand.phh)
            paid = engine.config.stacks
            assert sum(s.result for s in hand.seats) == -hand.rake  # P-9: nothing made or lost
            assert [s.result for s in hand.seats] == [
                after - before - fee
                for after, before, fee in zip(
                    engine.stacks, paid, _rake(hand.phh, len(paid)), strict=True
                )
            ]


def _rake(phh: str, players: int) -> list[int]:
    rake = parse_phh(phh).rake
    return [0] * players if rake is None else [int(r) for r in rake]


def test_home_series_hands_are_archived_as_they_finish(database: Database) -> None:
    archive = HandArchive(database)
    users = people(database, "Ann", "Bob", "Cyd")
    driver = home_room(listening(archive), users)
    play(driver, 6)
    check_archived(archive, driver.room, "home", users)
    assert archive.count_of(users[0].id) == len(driver.room.hands)  # every hand dealt to Ann


def test_cash_table_hands_are_archived_with_their_rake(database: Database) -> None:
    """P-9: a raked table's hands keep the rake; players who come later have fewer hands."""
    archive = HandArchive(database)
    users = people(database, "Ann", "Bob", "Cyd", "Dee")
    driver = cash_room(listening(archive), users[:3])
    play(driver, 4)
    assert driver.send(users[3], "sit", seat=5, buy_in=200, post=True).changed
    play(driver, 6, seed=2)
    check_archived(archive, driver.room, "cash", users)
    assert sum(h.rake for h in driver.room.hands) == driver.room.ledger.rake
    assert archive.count_of(users[3].id) < archive.count_of(users[0].id)


def test_a_hand_is_saved_once_and_rooms_are_listed_latest_first(database: Database) -> None:
    archive = HandArchive(database)
    users = people(database, "Ann", "Bob")
    home = home_room(listening(archive), users)
    play(home, 2)
    first = archive.hands_of(users[0].id)[-1]
    stored = archive.get(first.id)
    assert stored is not None
    assert archive.save(stored.hand) == first.id  # a retry keeps one copy
    assert archive.count_of(users[0].id) == 2
    rooms = archive.rooms_of(users[0].id)
    assert [(r.room_id, r.room_name, len(r.results)) for r in rooms] == [("home1", "Kitchen", 2)]
    assert list(rooms[0].results) == [
        h.results[h.users.index(users[0].id)] for h in home.room.hands
    ]


def test_pages_of_the_list_are_newest_first(database: Database) -> None:
    archive = HandArchive(database)
    users = people(database, "Ann", "Bob")
    play(home_room(listening(archive), users), 5)
    numbers = [h.number for h in archive.hands_of(users[0].id, per_page=2)]
    later = [h.number for h in archive.hands_of(users[0].id, page=2, per_page=2)]
    assert numbers == [5, 4] and later == [3, 2]


def test_the_registry_tells_of_every_room_and_only_live_rooms_report_hands(
    database: Database,
) -> None:
    seen: list[tuple[str, str]] = []
    registry = Registry(on_add=lambda room, entry: seen.append((room.id, entry.name)))
    registry.add(StillRoom("t1"), LobbyEntry("Main", "NLHE", "1/2", 0, 6, RoomKind.CASH))
    assert seen == [("t1", "Main")]
    still = StillRoom("t2")
    listening(HandArchive(database)).add(still, LobbyEntry("x", "NLHE", "1/2", 0, 6, RoomKind.CASH))
    assert not hasattr(still, "on_hand_finished")
