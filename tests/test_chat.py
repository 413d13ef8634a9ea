"""The chat's rules as a player meets them: what is kept, refused, hidden and logged."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from pokerroom.chat import ChatRefusal, ChatRules, RoomChat, Speaker
from pokerroom.chat.frames import chat_frame
from pokerroom.chat.room_chat import Line
from pokerroom.chat.rules import DAY, HOUR, MINUTE
from pokerroom.chat.text import clean

ANN = Speaker(1, "ann", seated=True)
BOB = Speaker(2, "bob", seated=True)
OLLY = Speaker(3, "olly")  # watches
HOST = Speaker(9, "host", moderator=True)


def said(
    chat: RoomChat,
    speaker: Speaker,
    text: str,
    now: float = 0.0,
    hand: int = 0,
    all_in: bool = False,
) -> Line:
    line = chat.say(speaker, text, now, hand=hand, all_in=all_in)
    assert isinstance(line, Line), line
    return line


def refused(result: object, code: str) -> ChatRefusal:
    assert isinstance(result, ChatRefusal), result
    assert result.code == code, result
    return result


def texts(lines: list[Line]) -> list[str]:
    return [line.text for line in lines]


def test_a_line_is_kept_with_its_author_and_hand() -> None:
    chat = RoomChat()
    line = said(chat, ANN, "  nice   hand ", 5.0, all_in=False)
    assert (line.number, line.name, line.text, line.channel) == (1, "ann", "nice hand", "table")
    assert chat.say(BOB, "gl", 6.0, hand=12) == Line(2, 6.0, "table", 2, "bob", "gl", 12)


def test_control_characters_and_bidi_overrides_are_dropped_emoji_kept() -> None:
    assert clean("a\x00b\x1b[31mc\u202ed\u2066") == "ab[31mcd"
    family = "👨\u200d👩\u200d👧"
    assert clean(f"hi {family} ❤\ufe0f") == f"hi {family} ❤\ufe0f"
    typed = json.loads('"\\ud83d\\ude00 \\ud83d"')  # JSON may carry half of a pair
    assert clean(typed) == "😀"


def test_empty_and_too_long_lines_are_refused_naming_the_limit() -> None:
    chat = RoomChat(ChatRules(max_chars=10))
    refused(chat.say(ANN, " \n\t\x07 ", 0.0), "chat_empty")
    too_long = refused(chat.say(ANN, "x" * 11, 0.0), "chat_too_long")
    assert "at most 10 characters" in too_long.message and "has 11" in too_long.message
    said(chat, ANN, "😀" * 10)  # ten emoji are ten characters
    assert len(chat.visible(None, seated=False, moderator=False)) == 1


def test_flooding_is_refused_until_the_window_passes() -> None:
    chat = RoomChat(ChatRules(flood_lines=3, flood_seconds=10.0))
    for second in range(3):
        said(chat, ANN, f"line {second}", float(second))
    flood = refused(chat.say(ANN, "one more", 5.0), "chat_flood")
    assert "at most 3 chat lines in 10 seconds" in flood.message and "wait 5 s" in flood.message
    said(chat, BOB, "others still speak", 5.0)
    said(chat, ANN, "back", 10.0)
    assert texts(chat.visible(None, seated=False, moderator=False))[-2:] == [
        "others still speak",
        "back",
    ]


def test_mutes_escalate_ten_minutes_one_hour_one_day_and_are_logged() -> None:
    chat = RoomChat()
    said(chat, BOB, "spam")
    lengths = []
    now = 0.0
    for _ in range(4):
        mute = chat.mute(HOST, BOB.id, now)
        assert not isinstance(mute, ChatRefusal)
        lengths.append(mute.until - now)
        refused(chat.say(BOB, "let me talk", now + 1), "chat_muted")
        now = mute.until
        said(chat, BOB, "sorry", now)
    assert lengths == [10 * MINUTE, HOUR, DAY, DAY]
    assert [(e.action, e.target, e.detail) for e in chat.log] == [
        ("mute", "bob", "10 min (#1)"),
        ("mute", "bob", "1 h (#2)"),
        ("mute", "bob", "1 day (#3)"),
        ("mute", "bob", "1 day (#4)"),
    ]


def test_a_muted_player_is_told_how_long_is_left() -> None:
    chat = RoomChat()
    said(chat, BOB, "spam")
    chat.mute(HOST, BOB.id, 0.0)
    assert "in 9 min" in refused(chat.say(BOB, "hi", 61.0), "chat_muted").message
    assert chat.unmute(HOST, BOB.id, 100.0) is None
    said(chat, BOB, "thanks", 100.0)
    again = chat.mute(HOST, BOB.id, 200.0)
    assert not isinstance(again, ChatRefusal) and again.until == 200.0 + HOUR


def test_only_a_moderator_mutes_unmutes_or_switches_and_a_refusal_changes_nothing() -> None:
    chat = RoomChat()
    said(chat, BOB, "spam")
    refused(chat.mute(ANN, BOB.id, 0.0), "chat_not_moderator")
    refused(chat.switch(ANN, 0.0, observers=False), "chat_not_moderator")
    refused(chat.mute(HOST, 77, 0.0), "chat_no_user")
    refused(chat.unmute(HOST, BOB.id, 0.0), "chat_not_muted")
    refused(chat.switch(HOST, 0.0), "chat_no_switch")
    assert not chat.mutes and not chat.log and chat.switches.observers


def test_observers_read_the_players_but_players_do_not_read_the_observers() -> None:
    chat = RoomChat()
    said(chat, ANN, "from the table")
    said(chat, OLLY, "from the rail")
    assert texts(chat.visible(ANN.id, seated=True, moderator=False)) == ["from the table"]
    both = ["from the table", "from the rail"]
    assert texts(chat.visible(OLLY.id, seated=False, moderator=False)) == both
    assert texts(chat.visible(None, seated=False, moderator=False)) == both
    assert texts(chat.visible(HOST.id, seated=False, moderator=True)) == both


def test_the_observers_chat_can_be_switched_off() -> None:
    chat = RoomChat()
    assert chat.switch(HOST, 0.0, observers=False) is None
    refused(chat.say(OLLY, "hello?", 1.0), "chat_observers_off")
    said(chat, ANN, "players still chat", 1.0)
    assert chat.log[-1].detail == "quiet while all-in off, observers' chat off"


def test_no_players_chat_while_a_player_is_all_in_when_switched_on() -> None:
    chat = RoomChat()
    said(chat, ANN, "all-in but the switch is off", all_in=True)
    chat.switch(HOST, 0.0, quiet_all_in=True)
    refused(chat.say(ANN, "what do you have?", 1.0, all_in=True), "chat_all_in")
    said(chat, OLLY, "the rail is not at the table", 1.0, all_in=True)
    said(chat, ANN, "gg", 2.0, all_in=False)


def test_ignore_hides_one_users_lines_for_that_viewer_only() -> None:
    chat = RoomChat()
    said(chat, ANN, "hello")
    said(chat, BOB, "rude words")
    assert chat.ignore(ANN, BOB.id, True) is None
    assert texts(chat.visible(ANN.id, seated=True, moderator=False)) == ["hello"]
    assert texts(chat.visible(OLLY.id, seated=False, moderator=False)) == ["hello", "rude words"]
    refused(chat.ignore(ANN, ANN.id, True), "chat_yourself")
    refused(chat.ignore(ANN, 55, True), "chat_no_user")
    assert chat.ignore(ANN, BOB.id, False) is None
    assert texts(chat.visible(ANN.id, seated=True, moderator=False)) == ["hello", "rude words"]


def test_a_report_reaches_the_moderator_with_the_hand_number_once() -> None:
    chat = RoomChat()
    line = said(chat, BOB, "I fold my Ks, you have Ace?", 3.0, hand=41)
    said(chat, OLLY, "rail talk")
    report = chat.report(ANN, line.number, 4.0)
    assert not isinstance(report, ChatRefusal) and report.line.hand == 41
    refused(chat.report(ANN, line.number, 5.0), "chat_reported")
    refused(chat.report(ANN, 2, 5.0), "chat_no_line")  # a player cannot read the rail
    refused(chat.report(ANN, 99, 5.0), "chat_no_line")
    frame = chat_frame(chat, HOST.id, seated=False, moderator=True, all_in=False)
    moderation = frame["moderation"]
    assert [(r["reporter"], r["line"]["hand"]) for r in moderation["reports"]] == [("ann", 41)]
    assert moderation["log"][-1]["detail"] == "line 1, hand 41"
    player = chat_frame(chat, ANN.id, seated=True, moderator=False, all_in=False)
    assert "moderation" not in player


def test_a_frame_tells_the_viewer_his_channel_mute_and_the_quiet_switch() -> None:
    chat = RoomChat()
    said(chat, BOB, "hi")
    chat.mute(HOST, BOB.id, 0.0)
    chat.switch(HOST, 0.0, quiet_all_in=True)
    bob = chat_frame(chat, BOB.id, seated=True, moderator=False, all_in=True)
    assert (bob["channel"], bob["muted_until"], bob["quiet_now"]) == ("table", 600.0, True)
    watcher = chat_frame(chat, None, seated=False, moderator=False, all_in=False)
    assert (watcher["channel"], watcher["muted_until"], watcher["quiet_now"]) == (None, None, False)


def test_a_restart_keeps_the_time_a_mute_had_left() -> None:
    chat = RoomChat()
    said(chat, BOB, "hi")
    chat.mute(HOST, BOB.id, 100.0)
    chat.shift(-50.0)  # the new process's clock reads 50 less
    assert chat.muted_until(BOB.id, 0.0) == 650.0


@given(st.text(max_size=300))
def test_a_kept_line_is_never_empty_too_long_or_holding_a_control_character(typed: str) -> None:
    chat = RoomChat()
    result = chat.say(ANN, typed, 0.0)
    if isinstance(result, Line):
        assert 0 < len(result.text) <= chat.rules.max_chars
        assert result.text == result.text.strip()
        assert all(ch >= " " and not 0xD800 <= ord(ch) <= 0xDFFF for ch in result.text)
        result.text.encode()  # whole characters: it encodes
    else:
        assert result.code in ("chat_empty", "chat_too_long")
