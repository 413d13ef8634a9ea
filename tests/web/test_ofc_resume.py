"""A saved OFC table (issue 13 item 1 for OFC): stopped in the middle of a hand, a restarted
server resumes it — every viewer's snapshot the same, the clock's time left kept plus the
grace — and it plays on to the end exactly as the same table never stopped (same seed,
same inputs: differential)."""

from __future__ import annotations

from pokerroom.room.ofc import OfcRoom
from pokerroom.room.registry import LobbyEntry, RoomKind, new_room_id
from pokerroom.storage.database import open_database
from pokerroom.storage.rooms.recipes import build_room, recipe_of
from pokerroom.web.saving import RESUME_GRACE, open_room
from pokerroom.web.saving.tables import restore_rooms
from tests.web.ofc_driver import OfcPlay
from tests.web.test_room_resume import (
    DOWNTIME,
    SEED,
    USERS,
    cardroom_on,
    check_resumed,
    lockstep,
    mid_hand,
    saved,
    stored,
)

OFC = LobbyEntry("OFC night", "OFC Pineapple", "points", 0, 3, kind=RoomKind.HOME, host_id=1)


def test_an_ofc_recipe_builds_the_same_table() -> None:
    room = OfcRoom("o1", seats=3, host=7, bots={3: "sensible"}, max_hands=4)
    kind, settings, seed = recipe_of(room)
    again = build_room(kind, "o1", settings, seed=5)
    assert isinstance(again, OfcRoom) and kind == "ofc" and seed is None
    assert (again.table_size, again.host, again.max_hands, again.seed) == (3, 7, 4, 5)
    assert again.occupants[3].style == "sensible"


def test_an_ofc_table_stopped_mid_hand_resumes_and_ends_as_if_never_stopped(
    database_url: str,
) -> None:
    users = USERS[:2]
    with open_database(database_url) as database:
        first = cardroom_on(database)
        room = OfcRoom(new_room_id(), seats=3, host=1, bots={3: "random"}, max_hands=3, seed=SEED)
        play = OfcPlay(open_room(first, room, OFC), users, seed=3)
        for seat, user in enumerate(users, 1):  # with the bot, the full table starts
            assert play.send(user, "sit", seat=seat).changed
        steps = mid_hand(play, 2)
        before = play.views()
        recipe = stored(first)
    assert recipe.kind == "ofc" and recipe.last_at is not None  # a crash: no stop saved
    with open_database(database_url) as database:
        resumed = cardroom_on(database)
        assert restore_rooms(resumed, play.now + DOWNTIME) == [room.id]
        play.room, play.now = saved(resumed, room.id), play.now + DOWNTIME
        check_resumed(before, play, play.now + RESUME_GRACE - recipe.last_at)
        for user in users:
            assert play.room.presence(user, True, play.now)
        reference = OfcPlay(build_room("ofc", room.id, recipe.settings, recipe.seed), users, seed=3)
        for seat, user in enumerate(users, 1):
            reference.send(user, "sit", seat=seat)
        for step in range(steps):
            assert reference.step(step)
        lockstep(play, reference, steps)
        assert resumed.tables.close()
    frame = play.snap(None)
    assert frame["status"] == "over" and frame["hands_played"] == 3
    assert all(str(recipe.seed) not in text for text in play.seen)  # C-3, X-4
