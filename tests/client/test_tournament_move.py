"""A terminal player follows a real web tournament's table move over the wire: a real
server (uvicorn on 127.0.0.1, SQLite), a tournament created, registered and started
through its routes, the director's move sent as the console sends it; the Textual table
(``RemoteTableApp`` over real :class:`ServerLink` sockets, opened as ``pokerroom connect``
opens it) goes to the new table by itself, the same chips, the header kept, and plays
there. Every frame and every screen is leak-checked (X-4) against what the player may know
of the table it comes from, at that moment."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncGenerator, Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest
from starlette.applications import Starlette
from textual.pilot import Pilot

from pokerroom.cards import Card
from pokerroom.cli.connect.command import table_opener
from pokerroom.cli.connect.tournament import tournament_table
from pokerroom.client.http import Server, Visit
from pokerroom.client.saved_sessions import Session
from pokerroom.client.server_link import ServerLink
from pokerroom.client.signing_in import SESSION_COOKIE
from pokerroom.client.tournaments import tournament_deed
from pokerroom.room.seam import User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.tui.remote import RemoteTableApp
from pokerroom.tui.remote.app import OpenTable
from tests.client.served import Player, ServerOnPort, cardroom_app, signed_up
from tests.remote_link import room_position
from tests.web.leaks import Leak, find_leaks, known_to
from tests.web.tournament_driver import TWELVE

SIZE = (100, 30)
WAIT = 10.0
PAUSE = 0.3
"""Seconds a finished hand stays on a people's table: the test is quick."""
SEED = 2
"""A seed whose draw seats Ann and Bob at the two different tables."""


@dataclass
class Served:
    app: Starlette
    server: Server
    sessions: dict[str, Session]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    app = cardroom_app(tmp_path_factory.mktemp("tmove") / "room.db")
    live = ServerOnPort(app)
    live.start()
    sessions = {s.name: s for s in signed_up(live.url, "Ann", "Bob", "Dana")}
    app.state.cardroom.accounts.grant("Dana", "director")  # as `pokerroom accounts grant`
    try:
        yield Served(app, Server.parse(live.url), sessions)
    finally:
        live.stop()


def account_id(served: Served, name: str) -> int:
    account = served.app.state.cardroom.accounts.find_account(name)
    return int(account.id)


def visit(served: Served, name: str) -> Visit:
    return Visit(served.server, {SESSION_COOKIE: served.sessions[name].token})


def new_tournament(served: Served, bots: int = 8) -> RoomTournament:
    """Dana creates it from the tournament form; entrants are filled with bots to ``bots``."""
    dana = visit(served, "Dana")
    token = dana.get("/tournaments/new").csrf()
    form = {"csrf": token, "regulation": TWELVE, "bots": str(bots)}
    answer = dana.post("/tournaments", form, json_answer=True)
    assert answer.status == 201, answer.body
    listed = served.app.state.cardroom.registry.find(str(answer.json()["id"]))  # type: ignore[index]
    tournament = listed.room
    assert isinstance(tournament, RoomTournament)
    tournament.pause, tournament.seed = PAUSE, SEED  # the form has neither: a quick, known draw
    return tournament


def your_table(served: Served, name: str, tid: str) -> str | None:
    """The table the tournament's page gives ``name`` (its JSON, as the client reads it)."""
    frame = visit(served, name).get(f"/api/tournaments/{tid}", json_answer=True).json()
    assert isinstance(frame, dict)
    table = frame["you"]["table"]
    return None if table is None else str(table)


def directs(served: Served, tid: str, fields: dict[str, str]) -> str:
    """Dana's form on the director's console (``/tournaments/<id>/director``): its line."""
    dana = visit(served, "Dana")
    token = dana.get(f"/tournaments/{tid}/director").csrf()
    answer = dana.post(f"/tournaments/{tid}/director", {"csrf": token, **fields}, json_answer=True)
    assert answer.status == 200, answer.body
    said = answer.json()
    assert isinstance(said, dict)
    return str(said["message"])


# ------------------------------------------------------------------ the leak check


@dataclass
class TableKnown:
    """Per table and hand, every card ``user`` was allowed to know there at some moment;
    each frame is checked against its own table's hand, a screen against all he knew."""

    tournament: RoomTournament
    user: User
    cards: dict[tuple[str, int], set[Card]] = field(default_factory=dict)
    leaks: list[Leak] = field(default_factory=list)
    checked: int = 0
    arrived: list[tuple[float, Mapping[str, Any]]] = field(default_factory=list)
    """Every frame with the moment it came."""

    def sample(self) -> None:
        for room in list(self.tournament.rooms.values()):
            hand = room.hand
            if hand is not None:
                known = known_to(hand, room_position(room, self.user))
                self.cards.setdefault((room.id, room.hand_number), set()).update(known)

    def ever(self) -> set[Card]:
        return {card for cards in self.cards.values() for card in cards}

    def check_frame(self, frame: Mapping[str, Any]) -> None:
        self.sample()
        self.checked += 1
        self.arrived.append((time.monotonic(), frame))
        if frame.get("type") != "table" or frame["hand"] is None:
            self.leaks += find_leaks(dict(frame), self.ever())
            return
        present = {k: v for k, v in frame.items() if k != "results"}
        now = self.cards.get((frame["room"], frame["hand"]["number"]), set())
        self.leaks += find_leaks(present, now)
        self.leaks += find_leaks(frame["results"], self.ever())

    def check_screen(self, app: RemoteTableApp) -> None:
        """The table against what she may know of the hand on it; the log, which keeps
        the hands before (and the table she left), against all she has known."""
        self.sample()
        self.checked += 1
        frame = app.frame
        hand = None if frame is None else frame["hand"]
        now = self.ever()
        if frame is not None and hand is not None:
            now = self.cards.get((frame["room"], hand["number"]), set())
        self.leaks += [Leak("screen.table", x.card) for x in find_leaks(app.table_text(), now)]
        self.leaks += [Leak("screen.log", x.card) for x in find_leaks(app.log_text(), self.ever())]


class CheckedLink(ServerLink):
    """A ServerLink whose every frame is leak-checked as it arrives."""

    def __init__(self, known: TableKnown, *args: Any) -> None:
        super().__init__(*args)
        self.known = known

    async def frames(self) -> AsyncGenerator[Mapping[str, object], None]:
        async for frame in super().frames():
            self.known.check_frame(frame)
            yield frame


def checked_opener(known: TableKnown, server: Server, session: Session) -> OpenTable:
    """``pokerroom connect``'s ``open_table`` (:func:`table_opener`), the link checked."""
    plain = table_opener(server, session)

    async def open_table(room_id: str) -> ServerLink:
        link = await plain(room_id)
        return CheckedLink(known, link.server, link.room_id, link.session)

    return open_table


# ------------------------------------------------------------------ playing


def careful(table: Mapping[str, Any]) -> dict[str, object] | None:
    """Check when free, else fold; show at showdown (nobody busts in a few hands)."""
    you = table["you"]
    if you["decision"] == "show":
        return {"type": "show"}
    if you["decision"] != "act":
        return None
    return {"type": "act", "action": "check" if you["actions"]["check"] else "fold"}


async def plays(player: Player, stop: asyncio.Event) -> None:
    """A person at his table acting carefully, once per turn, until ``stop``."""
    done: set[tuple[str, int, int]] = set()
    while not stop.is_set():
        table = player.table
        hand = None if table is None else table["hand"]
        message = None if table is None else careful(table)
        if table is not None and hand is not None and message is not None:
            moment = (table["room"], hand["number"], hand["turn"])
            if moment not in done:
                done.add(moment)
                await player.link.send(message)
        await asyncio.sleep(0.02)


def key_for(app: RemoteTableApp) -> str | None:
    """The careful player's key: ``c`` to check, ``f`` to fold, ``s`` to show."""
    frame = app.frame
    if frame is None or frame["hand"] is None:
        return None
    you = frame["you"]
    if you["decision"] == "show":
        return "s"
    if you["decision"] == "act" and you["actions"] is not None:
        return "c" if you["actions"]["check"] else "f"
    return None


async def press_when_asked(app: RemoteTableApp, pilot: Pilot[None], known: TableKnown) -> None:
    """One look at the screen (leak-checked); his key if the table waits for him."""
    key = key_for(app)
    if key is not None and app.frame is not None and app.frame["hand"] is not None:
        turn = app.frame["hand"]["turn"]
        await pilot.press(key)
        for _ in range(100):
            hand = None if app.frame is None else app.frame["hand"]
            if hand is None or hand["turn"] != turn:
                break
            await asyncio.sleep(0.01)
    await pilot.pause(0)
    known.check_screen(app)


async def until(
    app: RemoteTableApp,
    pilot: Pilot[None],
    known: TableKnown,
    done: Callable[[], bool],
    what: str,
) -> None:
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, f"not within {WAIT} s: {what}; {app.frame}"
        await press_when_asked(app, pilot, known)
        await asyncio.sleep(0.02)


def seat_of(frame: Mapping[str, Any]) -> Mapping[str, Any] | None:
    seat = frame["you"]["seat"]
    return None if seat is None else frame["seats"][seat - 1]


# ------------------------------------------------------------------ the move


def started(served: Served) -> tuple[RoomTournament, str, str]:
    """A tournament of Ann, Bob and six bots at two tables, started: Ann's and Bob's."""
    tournament = new_tournament(served)
    for name in ("Ann", "Bob"):
        tournament_deed(served.server, served.sessions[name], tournament.id, "register")
    tournament_deed(served.server, served.sessions["Dana"], tournament.id, "start")
    ann, bob = your_table(served, "Ann", tournament.id), your_table(served, "Bob", tournament.id)
    assert ann is not None and bob is not None and ann != bob, f"seed {SEED}: one table"
    return tournament, ann, bob


def at(app: RemoteTableApp, room: str, done: Callable[[Mapping[str, Any]], bool]) -> bool:
    return app.frame is not None and app.frame["room"] == room and done(app.frame)


@pytest.mark.parametrize("opened", ["as pokerroom connect opens it", "by the link itself"])
def test_t16_the_directors_move_takes_the_terminal_to_the_new_table_at_once(
    served: Served, opened: str
) -> None:
    """The director moves Ann (his console's form) while she plays a hand: when it ends the
    terminal is at the new table with no wait, the same chips, the header, and acts there.
    ``pokerroom connect`` gives the app an ``open_table`` for the new link; without one the
    :class:`ServerLink` follows the move by itself, and the screen is the same."""
    tournament, ann_room, bob_room = started(served)
    ann = served.sessions["Ann"]
    known = TableKnown(tournament, User(account_id(served, "Ann"), "Ann"))
    link = CheckedLink(known, served.server, ann_room, ann)
    connect_like = opened.startswith("as")
    opener = checked_opener(known, served.server, ann) if connect_like else None
    app = RemoteTableApp(link, open_table=opener)
    bob = Player(ServerLink(served.server, bob_room, served.sessions["Bob"]))
    old, new_table = (
        next(r.number for r in tournament.rooms.values() if r.id == room)
        for room in (ann_room, bob_room)
    )
    move = {"action": "move", "player": "Ann", "table": str(new_table)}

    async def main() -> tuple[str, list[str], int]:
        stop = asyncio.Event()
        bob.start()
        bobs_play = asyncio.get_running_loop().create_task(plays(bob, stop))
        async with app.run_test(size=SIZE) as pilot:
            dealt = lambda: at(app, ann_room, lambda f: f["hand"] is not None)  # noqa: E731
            await until(app, pilot, known, dealt, "Ann dealt in at her table")
            said = await asyncio.to_thread(directs, served, tournament.id, move)
            assert said == f"Ann moves to table {new_table} when the hand at table {old} ends"
            acting = lambda: at(app, bob_room, lambda f: f["you"]["decision"] == "act")  # noqa: E731
            await until(app, pilot, known, acting, "Ann's turn at the new table")
            screen = app.screen_text()
            assert app.frame is not None and app.frame["hand"] is not None
            number = app.frame["hand"]["number"]
            await press_when_asked(app, pilot, known)
            stop.set()
            await bobs_play
            await bob.stop()
            await app.link.close()
        return screen, [strip.text for strip in app.widgets.log.lines], number

    screen, log, number = asyncio.run(main())
    there = [f for _t, f in known.arrived if f.get("room") == bob_room and f["hand"]]
    acted = {line for f in there if f["hand"]["number"] == number for line in f["hand"]["log"]}
    assert {"You check", "You fold"} & acted, f"a key press acts at the new table: {acted}"
    assert app.moves == [bob_room]
    assert known.leaks == [] and known.checked > 10, known.leaks[:3]
    arrived = [(t, f) for t, f in known.arrived if f["type"] == "table"]
    moved = next(i for i, (_t, f) in enumerate(arrived) if f["you"].get("moved_to"))
    (left_at, left), (came_at, came) = arrived[moved], arrived[moved + 1]
    assert left["room"] == ann_room and left["you"]["moved_to"] == bob_room
    assert came["room"] == bob_room and came_at - left_at < 1.0, "no reconnect delay"
    assert not [f for _t, f in known.arrived if f.get("state") == "reconnecting"]

    # the same chips: his last stack at the old table is his stack (and bet) at the new one
    before = next(seat_of(f) for _t, f in reversed(arrived[:moved]) if seat_of(f) is not None)
    after = next(seat_of(f) for _t, f in arrived[moved + 1 :] if seat_of(f) is not None)
    assert before is not None and after is not None and after["name"] == "Ann"
    assert after["stack"] + after["bet"] == before["stack"] + before["bet"]

    # the screen: the tournament header, his seat and table number, where he came from
    assert "Level 1 · blinds 10/20" in screen and "8 of 8 left" in screen
    assert f">{after['seat']} Ann" in screen
    assert f"\ntable {new_table} · hand " in screen, "the info line names his table"
    assert "you moved here from table" in screen
    # the log: his last hand at the old table, the move, then the new table's; nothing of
    # the old table's hands after he left it
    last_there = max(f["hand"]["number"] for _t, f in arrived[:moved] if seat_of(f) and f["hand"])
    marker = log.index(f"— you move to table {bob_room} —")
    result = max(i for i, line in enumerate(log[:marker]) if line.startswith("hand "))
    assert log[result].startswith(f"hand {last_there}: "), log[result : marker + 1]
    assert log[result + 1 : marker] == [left["you"]["notice"]], log[result : marker + 1]
    assert log[marker + 1].startswith("— hand ")


def test_from_registering_to_the_drawn_table_as_pokerroom_connect_goes(served: Served) -> None:
    """``pokerroom connect URL --table <tournament>``'s steps in process: the lobby over the
    tournament's socket, ``register`` typed, the wait for the draw, then the Textual table
    at the drawn table with its number, his seat and the tournament header."""
    tournament = new_tournament(served)
    ann = served.sessions["Ann"]
    asked: list[str] = []
    printed: list[str] = []
    drawn: list[str | None] = []

    def answer(question: str) -> str:
        asked.append(question)
        return "register"

    def flow() -> None:
        link = lambda: ServerLink(served.server, tournament.id, ann)  # noqa: E731
        drawn.append(tournament_table(link, ann, answer, printed.append))

    thread = threading.Thread(target=flow, daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT
    while not any(line.startswith("waiting for your table") for line in printed):
        assert time.monotonic() < deadline and thread.is_alive(), printed
        time.sleep(0.02)
    tournament_deed(served.server, served.sessions["Dana"], tournament.id, "start")
    thread.join(WAIT)
    assert asked == ["register / wait / quit"]
    assert "you are registered in Web twelve" in printed
    room = drawn[0]
    assert room is not None and room == tournament.table_of(User(account_id(served, "Ann"), "A"))
    number = next(r.number for r in tournament.rooms.values() if r.id == room)
    known = TableKnown(tournament, User(account_id(served, "Ann"), "Ann"))
    app = RemoteTableApp(
        CheckedLink(known, served.server, room, ann),
        open_table=checked_opener(known, served.server, ann),
    )

    async def main() -> str:
        async with app.run_test(size=SIZE) as pilot:
            seated = lambda: at(app, room, lambda f: seat_of(f) is not None)  # noqa: E731
            await until(app, pilot, known, seated, "Ann at the drawn table")
            await pilot.pause(0)
            screen = app.screen_text()
            known.check_screen(app)
            await app.link.close()
        return screen

    screen = asyncio.run(main())
    assert known.leaks == [], known.leaks[:3]
    assert app.frame is not None and app.moves == []
    assert f"\ntable {number} · " in screen
    assert f">{app.frame['you']['seat']} Ann" in screen
    assert "Level 1 · blinds 10/20" in screen and "8 of 8 left" in screen
