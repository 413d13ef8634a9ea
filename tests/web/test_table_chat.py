"""Chat at a live table, as its players, watchers and host meet it: who reads what, what is
refused and why, moderation, the all-in quiet switch, and a restart that keeps it all."""

from __future__ import annotations

import json

from pokerroom.protocol.chat_frames import ChatFrame
from pokerroom.room import HomeRoom
from pokerroom.room.registry import LobbyEntry, RoomKind, new_room_id
from pokerroom.room.seam import Outcome, User
from pokerroom.storage.database import open_database
from pokerroom.web.saving import open_room
from pokerroom.web.saving.tables import restore_rooms
from tests.web.table_driver import Table, table
from tests.web.test_room_resume import cardroom_on, saved, stored

WATCHER = User(7, "Wes")
ADMIN = User(8, "Ada", frozenset({"player", "admin"}))
HOME = LobbyEntry("Friday", "NLHE", "10/20", 0, 4, kind=RoomKind.HOME, host_id=1)


def chat(t: Table, viewer: User | None) -> ChatFrame:
    return t.snap(viewer)["chat"]


def texts(t: Table, viewer: User | None) -> list[str]:
    return [line["text"] for line in chat(t, viewer)["lines"]]


def refused(outcome: Outcome, code: str) -> str:
    assert not outcome.changed and outcome.code == code, outcome
    assert outcome.error is not None
    return outcome.error


def test_players_chat_at_the_table_and_watchers_in_their_own_channel() -> None:
    t = table(players=3)  # Ann (the host), Bob, Cy
    ann, bob, _cy = t.users
    assert t.send(bob, "chat", text="good luck all").changed
    assert t.send(WATCHER, "chat", text="go Bob!").changed
    assert texts(t, bob) == ["good luck all"]  # players do not read the rail
    assert texts(t, WATCHER) == ["good luck all", "go Bob!"]
    assert texts(t, None) == ["good luck all", "go Bob!"]
    assert texts(t, ann) == ["good luck all", "go Bob!"]  # the host moderates: reads both
    assert (chat(t, bob)["channel"], chat(t, WATCHER)["channel"]) == ("table", "observers")
    line = chat(t, None)["lines"][0]
    assert (line["name"], line["user"], line["hand"]) == ("Bob", bob.id, 1)


def test_bad_chat_is_refused_naming_the_limit_and_changes_nothing() -> None:
    t = table(players=2)
    ann, bob = t.users
    before = t.text(ann)
    assert "sign in to chat" in refused(t.send(None, "chat", text="hi"), "chat_signed_out")
    refused(t.send(bob, "chat", text=" \u200b\x00 "), "chat_empty")
    assert "at most 200 characters" in refused(t.send(bob, "chat", text="y" * 201), "chat_too_long")
    assert "'text'" in refused(t.send(bob, "chat", text=5), "wrong_type")
    refused(t.send(bob, "chat_mute", user=ann.id), "chat_not_moderator")
    refused(t.send(bob, "chat_report", line=1), "chat_no_line")
    for n in range(5):
        assert t.send(bob, "chat", text=f"spam {n}").changed
    assert "wait 10 s" in refused(t.send(bob, "chat", text="more"), "chat_flood")
    t.now += 10
    assert t.send(bob, "chat", text="later").changed
    assert json.loads(before)["chat"]["lines"] == []


def test_the_host_mutes_escalating_and_only_the_host_sees_the_log_and_reports() -> None:
    t = table(players=3)
    ann, bob, cy = t.users
    assert t.send(bob, "chat", text="you are all fish").changed
    assert t.send(cy, "chat_report", line=1).changed
    assert t.send(ann, "chat_mute", user=bob.id).changed
    muted = refused(t.send(bob, "chat", text="sorry"), "chat_muted")
    assert "in 10 min" in muted
    assert chat(t, bob)["muted_until"] == t.now + 600
    moderation = chat(t, ann)["moderation"]
    assert [
        (r["reporter"], r["line"]["text"], r["line"]["hand"]) for r in moderation["reports"]
    ] == [("Cy", "you are all fish", 1)]
    assert [(e["action"], e["target"], e["detail"]) for e in moderation["log"]] == [
        ("report", "Bob", "line 1, hand 1"),
        ("mute", "Bob", "10 min (#1)"),
    ]
    assert all("moderation" not in chat(t, v) for v in (bob, cy, WATCHER, None))
    t.now += 600
    assert t.send(bob, "chat", text="back").changed
    assert t.send(ann, "chat_mute", user=bob.id).changed
    assert chat(t, bob)["muted_until"] == t.now + 3600  # the second mute: one hour
    assert t.send(ann, "chat_mute", user=bob.id, mute=False).changed
    assert t.send(bob, "chat", text="thank you").changed
    assert t.send(ADMIN, "chat_mute", user=bob.id).changed  # an admin moderates anywhere
    assert chat(t, bob)["muted_until"] == t.now + 86400


def test_ignore_hides_a_users_lines_from_the_one_who_asked() -> None:
    t = table(players=3)
    ann, bob, cy = t.users
    assert t.send(bob, "chat", text="blah blah").changed
    assert t.send(cy, "chat_ignore", user=bob.id).changed
    assert texts(t, cy) == [] and texts(t, ann) == ["blah blah"]
    assert chat(t, cy)["ignored"] == [bob.id]


def test_no_players_chat_while_a_player_is_all_in_when_the_host_switches_it_on() -> None:
    t = table(players=2)
    ann, bob = t.users
    assert t.send(ann, "chat_switch", quiet_all_in=True, observers=False).changed
    decider = t.decider()
    assert decider is not None
    actions = t.snap(decider)["you"]["actions"]
    assert actions is not None and actions["raise_to"] is not None
    assert t.send(decider, "act", action="raise", amount=actions["raise_to"]["max"]).changed
    assert chat(t, None)["quiet_now"]
    refused(t.send(ann, "chat", text="call me"), "chat_all_in")
    refused(t.send(bob, "chat", text="hmm"), "chat_all_in")
    refused(t.send(WATCHER, "chat", text="wow"), "chat_observers_off")
    while t.room.hand_number == 1 and not t.room.hand_done:
        other = t.decider()
        assert other is not None
        assert t.send(other, "act", action="fold").changed
    assert not chat(t, None)["quiet_now"]
    assert t.send(bob, "chat", text="nh").changed


def test_the_chat_and_its_moderation_survive_a_restart(database_url: str) -> None:
    ann, bob = User(1, "Ann"), User(2, "Bob")
    with open_database(database_url) as database:
        first = cardroom_on(database)
        room = open_room(first, HomeRoom(new_room_id(), seats=3, host=1), HOME)
        for seat, user in enumerate((ann, bob), 1):
            assert room.handle(user, {"type": "sit", "id": f"s{seat}", "seat": seat}, 1.0).changed
        assert room.handle(bob, {"type": "chat", "id": "c1", "text": "hi 👋"}, 2.0).changed
        assert room.handle(ann, {"type": "chat_report", "id": "c2", "line": 1}, 3.0).changed
        assert room.handle(ann, {"type": "chat_mute", "id": "c3", "user": 2}, 4.0).changed
        before = json.loads(json.dumps(room.snapshot(ann)))["chat"]
        stored(first)
        assert first.tables.close()
    with open_database(database_url) as database:
        resumed = cardroom_on(database)
        assert restore_rooms(resumed, 10.0) == [room.id]
        after = json.loads(json.dumps(saved(resumed, room.id).snapshot(ann)))["chat"]
        assert resumed.tables.close()
    assert after["lines"] == before["lines"]
    for part in ("log", "reports"):
        assert after["moderation"][part] == before["moderation"][part]
    assert before["moderation"]["log"][-1]["detail"] == "10 min (#1)"


def test_chatting_does_not_clear_a_players_notice() -> None:
    t = table("holdem", 2, seed=5)  # heads-up: Bob, the button, acts first
    ann, bob = t.users
    assert t.send(ann, "preaction", kind="check").changed
    actions = t.snap(bob)["you"]["actions"]
    assert actions is not None and actions["raise_to"] is not None
    assert t.send(bob, "act", action="raise", amount=actions["raise_to"]["min"]).changed
    notice = t.snap(ann)["you"]["notice"]
    assert notice is not None  # her pre-check was cancelled by the raise
    assert t.send(ann, "chat", text="hmm").changed
    assert t.snap(ann)["you"]["notice"] == notice


def test_an_ofc_table_chats_and_its_host_moderates() -> None:
    from pokerroom.room.ofc import OfcRoom

    ann, bob = User(1, "Ann"), User(2, "Bob")
    room = OfcRoom("o1", seats=2, host=1)
    assert room.handle(bob, {"type": "sit", "id": "s", "seat": 2}, 0.0).changed
    assert room.handle(bob, {"type": "chat", "id": "c1", "text": "gl 🍀"}, 1.0).changed
    assert room.handle(WATCHER, {"type": "chat", "id": "c2", "text": "go"}, 1.0).changed
    bob_reads = [line["text"] for line in room.snapshot(bob)["chat"]["lines"]]
    watcher_reads = [line["text"] for line in room.snapshot(None)["chat"]["lines"]]
    assert (bob_reads, watcher_reads) == (["gl 🍀"], ["gl 🍀", "go"])
    refused = room.handle(bob, {"type": "chat_mute", "id": "c3", "user": 7}, 2.0)
    assert refused.code == "chat_not_moderator"
    assert room.handle(ann, {"type": "chat_mute", "id": "c4", "user": 7}, 2.0).changed
    assert room.snapshot(ann)["chat"]["moderation"]["log"][0]["target"] == "Wes"
