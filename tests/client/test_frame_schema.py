"""The schema of the server's frames (``pokerroom.protocol.server``) against what the server
really sends: every snapshot the web test drivers get for every game (home and cash, a
raked cash table), every tournament table and tournament lobby frame, every refusal —
all fit exactly (no field missing, none unknown); a wrong frame is refused in one line
naming the field."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pokerroom.engine import VARIANTS
from pokerroom.protocol.frames import closed_frame, error_frame
from pokerroom.protocol.server import FrameError, parse_frame, parse_http
from pokerroom.room.inbound import Refusal
from pokerroom.room.live import LiveRoom
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.room.seam import Outcome, User
from pokerroom.table.cash import Rake
from tests.web.cash_driver import cash_step, cash_table
from tests.web.table_driver import Driver, table
from tests.web.test_ofc_room import BOB, heads_up
from tests.web.test_room_leaks import step
from tests.web.test_web_tournament import fresh
from tests.web.tournament_driver import ANN

STEPS = 80


def sent(frame: Any, now: float = 0.0) -> str:
    """A table frame as the hub sends it: stamped with the server's clock, as JSON."""
    return json.dumps({**frame, "now": now})


class Recorder:
    """Every frame a driver's viewers get, and every refusal as its error frame."""

    def __init__(self, driver: Driver[Any]) -> None:
        self.driver = driver
        self.frames: list[str] = []
        self.codes: set[str] = set()
        room: LiveRoom = driver.room
        handle = room.handle

        def recorded(sender: User | None, message: Any, now: float) -> Outcome:
            outcome = handle(sender, message, now)
            if outcome.error is not None:
                self.codes.add(outcome.code or "refused")
                ref = message.get("id") if isinstance(message, dict) else None
                self.frames.append(json.dumps(error_frame(outcome.code or "x", outcome.error, ref)))
            return outcome

        room.handle = recorded  # type: ignore[method-assign]

    def look(self) -> None:
        for user in [*self.driver.users, None]:
            self.frames.append(sent(self.driver.snap(user), self.driver.now))


def check_all(frames: list[str]) -> None:
    for raw in frames:
        parse_frame(raw, exact=True)


@pytest.mark.parametrize("game", list(VARIANTS))
def test_every_home_table_frame_of_every_game_fits_the_schema(game: str) -> None:
    t = table(game, 3, seed=5)
    recorder = Recorder(t)
    rng = random.Random(game)
    for _ in range(STEPS):
        step(t, rng)
        recorder.look()
    assert t.room.hand_number >= 1
    check_all(recorder.frames)
    assert recorder.codes, "no refusal was checked"


@pytest.mark.parametrize("game", ["holdem", "stud", "draw", "bomb-pot-omaha"])
def test_every_cash_table_frame_fits_the_schema(game: str) -> None:
    t = cash_table(game, 3, seed=2, users=4, rake=Rake(5, 3))
    recorder = Recorder(t)
    rng = random.Random(game)
    for _ in range(STEPS):
        cash_step(t, rng)
        recorder.look()
    frames = [json.loads(raw) for raw in recorder.frames]
    assert any(f["type"] == "table" and f["results"] for f in frames), "no hand finished"
    assert any(f["type"] == "table" and "state" in f["seats"][0] for f in frames)
    check_all(recorder.frames)


def test_every_ofc_table_frame_fits_the_schema() -> None:
    """OFC tables send ``table`` frames of their own shape (``kind: "ofc"``)."""
    t = heads_up()
    frames = []
    for _ in range(2):
        for user in (ANN, BOB, None):
            frames.append(sent(t.snap(user), t.now))
        t.play_hand(ANN, BOB)
        for user in (ANN, BOB, None):
            frames.append(sent(t.snap(user), t.now))
        t.next_hand()
    checked = [parse_frame(raw, exact=True) for raw in frames]
    assert all(frame["type"] == "table" and frame["kind"] == "ofc" for frame in checked)


def test_a_closed_rooms_last_frame_fits_the_schema() -> None:
    last = closed_frame("t1", "the table was closed by its host")
    assert parse_frame(json.dumps(last), exact=True) == last


def test_a_tournament_lobby_frame_fits_the_schema() -> None:
    """A tournament's lobby, on its socket and as ``/api/tournaments/<id>``; its tables'
    frames, a move included, are checked on the played run of
    tests/web/test_web_tournament.py (a tournament started here would cost seconds)."""
    tournament = fresh()
    tournament.register(ANN, 0.0)
    for user in (ANN, None):
        parse_frame(sent(tournament.lobby(user), 1.0), exact=True)
        checked = parse_frame(json.dumps(tournament.lobby(user)), exact=True)
        assert checked["type"] == "tournament" and checked["registered"] == 1


def test_the_hubs_own_refusals_fit_the_schema() -> None:
    for refusal in (
        Refusal("no_id", 'a message needs a non-empty string "id"'),
        Refusal("duplicate", "message 'c1' was already handled", "c1"),
        Refusal("version", "this server speaks protocol version 1, the client sent 2"),
    ):
        assert parse_frame(json.dumps(refusal.frame()), exact=True)["type"] == "error"


def test_a_lobby_answer_fits_the_schema() -> None:
    """The registry's own listing of a room, as ``/api/lobby`` sends it."""
    room = LobbyEntry("Main", "NLHE", "1/2", 1, 6, RoomKind.CASH).listing("q3Y")
    lobby = parse_http({"type": "lobby", "v": 1, "rooms": [room], "mine": []}, exact=True)
    assert lobby["type"] == "lobby" and lobby["rooms"][0]["seats"]["total"] == 6
    with pytest.raises(FrameError, match=r"'rooms\.0\.seats\.taken' must be a whole number"):
        parse_http({**lobby, "rooms": [{**room, "seats": {"taken": "1", "total": 6}}]})
    with pytest.raises(FrameError, match=r"'rooms\.0\.observers' must be"):
        parse_http({**lobby, "rooms": [{**room, "observers": "yes"}]})


# ------------------------------------------------------------------ refusing a wrong frame


def a_table_frame() -> dict[str, Any]:
    frame: dict[str, Any] = json.loads(sent(table("holdem", 2, seed=1).snap(User(1, "Ann"))))
    return frame


@pytest.mark.parametrize(
    ("change", "line"),
    [
        (lambda f: f["seats"][0].update(stack="200"), "'seats.0.stack' must be a whole number"),
        (lambda f: f["you"].pop("decision"), "it has no 'you.decision'"),
        (lambda f: f.update(v=2), "protocol version 2; this client speaks version 1"),
        (lambda f: f.update(type="tabel"), "a frame of type 'tabel'; this client reads"),
        (lambda f: f["hand"].update(boards="Ah"), "'hand.boards' must be a list"),
    ],
)
def test_a_wrong_frame_is_refused_in_one_line_naming_the_field(change: Any, line: str) -> None:
    frame = a_table_frame()
    change(frame)
    with pytest.raises(FrameError) as refused:
        parse_frame(json.dumps(frame))
    assert line in str(refused.value) and "\n" not in str(refused.value)


def test_an_unknown_field_is_dropped_for_the_client_but_refused_by_the_exact_check() -> None:
    frame = {**a_table_frame(), "added_later": 1}
    assert "added_later" not in parse_frame(json.dumps(frame))
    with pytest.raises(FrameError, match="'added_later' is not a field of the protocol"):
        parse_frame(json.dumps(frame), exact=True)


def test_a_frame_that_is_not_json_is_refused() -> None:
    with pytest.raises(FrameError, match="not JSON"):
        parse_frame("{nope")
