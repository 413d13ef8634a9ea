"""Run it twice at a web table (P-10): everyone all-in before the river is asked at once; all
agreeing within 10 s deals two boards and pays each pot in halves by run; a refusal or
silence runs the board once. Off by default."""

from __future__ import annotations

from typing import TypeVar

import pytest

from pokerroom.room import ShotClock
from pokerroom.room.live import LiveRoom
from pokerroom.room.seam import User
from pokerroom.table.run_twice import AGREED, ASK_SECONDS, ONCE, RunTwiceVote
from tests.web.cash_driver import cash_table
from tests.web.table_driver import Driver, Table, table

Room = TypeVar("Room", bound=LiveRoom)


def shove_and_call(t: Driver[Room]) -> None:
    """The player to act goes all-in, the other calls: the hand waits before the flop."""
    for _ in range(2):
        user = next(u for u in t.users if t.snap(u)["you"]["decision"] == "act")
        actions = t.snap(user)["you"]["actions"]
        assert actions is not None
        raise_to = actions["raise_to"]
        if raise_to is not None:
            assert t.send(user, "act", action=raise_to["word"], amount=raise_to["max"]).changed
        else:
            assert t.send(user, "act", action="call").changed


def twice_table() -> Table:
    return table("holdem", 2, clock=ShotClock(), run_it_twice=True)


def test_everyone_agreeing_runs_the_board_twice_and_pays_each_run() -> None:
    t = twice_table()
    ann, bob = t.users
    shove_and_call(t)
    frame = t.snap(ann)
    hand = frame["hand"]
    assert hand is not None and hand["phase"] == "runs"
    assert [t.snap(u)["you"]["decision"] for u in (ann, bob)] == ["run_twice", "run_twice"]
    assert t.snap(None)["you"]["decision"] is None
    clock = hand["clock"]
    assert clock is not None and clock["deadline"] == t.now + 10  # 10 s for everyone
    assert t.send(ann, "run_twice", agree=True).changed
    assert t.snap(ann)["you"]["decision"] is None
    assert t.snap(bob)["you"]["decision"] == "run_twice"
    assert t.send(bob, "run_twice", agree=True).changed
    done = t.snap(ann)["hand"]
    assert done is not None and done["phase"] == "done"
    first, second = done["boards"]
    assert len(first) == len(second) == 5 and not set(first) & set(second)  # all-in pre-flop
    assert AGREED in done["log"]
    assert any(line.startswith("run 2 flop: ") for line in done["log"])
    (result,) = t.snap(ann)["results"]
    assert sorted({w["board"] for w in result["winners"]}) == [0, 1]
    assert sum(w["amount"] for w in result["winners"]) == 400  # both stacks of 200


def test_one_refusal_runs_the_board_once() -> None:
    t = twice_table()
    ann, bob = t.users
    shove_and_call(t)
    assert t.send(bob, "run_twice", agree=False).changed
    done = t.snap(ann)["hand"]
    assert done is not None and done["phase"] == "done"
    assert len(done["boards"]) == 1 and ONCE in done["log"]


def test_silence_runs_the_board_once_when_the_10_seconds_are_up() -> None:
    t = twice_table()
    ann, _ = t.users
    shove_and_call(t)
    assert t.send(ann, "run_twice", agree=True).changed
    t.now += 9.9
    t.room.tick(t.now)
    assert t.snap(ann)["hand"]["phase"] == "runs"  # type: ignore[index]
    t.now += 0.1
    t.room.tick(t.now)
    done = t.snap(ann)["hand"]
    assert done is not None and done["phase"] == "done" and len(done["boards"]) == 1


def test_wrong_answers_are_refused_and_change_nothing() -> None:
    t = twice_table()
    ann, bob = t.users
    before = t.text(ann)
    outcome = t.send(ann, "run_twice", agree=True)
    assert (outcome.changed, outcome.code, outcome.error) == (
        False,
        "no_vote",
        "nobody is asked to run it twice now",
    )
    assert t.text(ann) == before
    shove_and_call(t)
    assert t.send(ann, "run_twice", agree=True).changed
    before = t.text(bob)
    for user, message, fields, code, words in (
        (ann, "run_twice", {"agree": False}, "answered", "your answer is in already"),
        (bob, "act", {"action": "fold"}, "wrong_phase", "waits for the answers to run it twice"),
        (User(9, "Zed"), "run_twice", {"agree": True}, "not_seated", "observers only watch"),
        (bob, "run_twice", {"agree": "yes"}, "wrong_type", "agree"),
    ):
        outcome = t.send(user, message, **fields)
        assert not outcome.changed and outcome.code == code, outcome
        assert outcome.error is not None and words in outcome.error
    assert t.text(bob) == before


def test_a_table_without_the_option_never_asks() -> None:
    t = table("holdem", 2, clock=ShotClock())
    shove_and_call(t)
    hand = t.snap(t.users[0])["hand"]
    assert hand is not None and hand["phase"] == "done" and len(hand["boards"]) == 1


def test_a_bot_agrees_so_a_person_alone_decides() -> None:
    t = table("holdem", 1, clock=ShotClock(), bots={2: "station"}, run_it_twice=True)
    (ann,) = t.users
    for _ in range(20):  # a calling station calls the shove
        frame = t.snap(ann)
        if frame["you"]["decision"] == "run_twice":
            break
        if frame["you"]["decision"] == "act":
            actions = frame["you"]["actions"]
            assert actions is not None
            word = actions["raise_to"]["word"] if actions["raise_to"] else "call"
            amount = actions["raise_to"]["max"] if actions["raise_to"] else None
            fields = {"action": word} if amount is None else {"action": word, "amount": amount}
            assert t.send(ann, "act", **fields).changed
        elif not t.wait():
            break
    assert t.snap(ann)["you"]["decision"] == "run_twice"
    assert t.send(ann, "run_twice", agree=True).changed
    hand = t.snap(ann)["hand"]
    assert hand is not None and len(hand["boards"]) == 2


def test_a_player_who_folded_is_not_asked() -> None:
    t = table("holdem", 3, clock=ShotClock(), run_it_twice=True)
    folder = next(u for u in t.users if t.snap(u)["you"]["decision"] == "act")
    assert t.send(folder, "act", action="fold").changed
    shove_and_call(t)
    assert t.snap(folder)["you"]["decision"] is None
    before = t.text(folder)
    outcome = t.send(folder, "run_twice", agree=True)
    assert (outcome.changed, outcome.code) == (False, "not_asked")
    assert outcome.error == "only the players still in the hand are asked to run it twice"
    assert t.text(folder) == before
    others = [u for u in t.users if u != folder]
    assert [t.snap(u)["you"]["decision"] for u in others] == ["run_twice", "run_twice"]


def test_at_a_cash_table_a_player_who_leaves_while_asked_declines() -> None:
    t = cash_table("holdem", 2, clock=ShotClock(), run_it_twice=True)
    ann, bob = t.users[:2]
    shove_and_call(t)
    assert t.snap(ann)["you"]["decision"] == "run_twice"
    assert t.send(ann, "run_twice", agree=True).changed
    assert t.send(bob, "leave").changed
    hand = t.snap(ann)["hand"]
    assert hand is not None and hand["phase"] == "done" and len(hand["boards"]) == 1
    assert ONCE in hand["log"]


def test_the_vote_needs_every_answer_in_time() -> None:
    vote = RunTwiceVote.ask([0, 2, 3], now=50.0)
    assert vote.deadline == 50.0 + ASK_SECONDS and vote.runs is None
    with pytest.raises(ValueError, match="only the players still in the hand are asked"):
        vote.answer(1, agree=True)
    assert vote.answer(2, agree=True) is None
    with pytest.raises(ValueError, match="your answer is in already"):
        vote.answer(2, agree=False)
    assert vote.runs_at(59.9) is None and vote.runs_at(60.0) == 1  # silence: once
    assert vote.answer(0, agree=False) == 1 and vote.waiting == ()  # one refusal: once
    everyone = RunTwiceVote.ask([0, 1], now=0.0)
    everyone.answer(1, agree=True)
    assert everyone.answer(0, agree=True) == 2 and everyone.runs_at(99.0) == 2
