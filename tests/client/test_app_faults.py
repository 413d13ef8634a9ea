"""The terminal table itself through network faults, against a real ``pokerroom serve``
process on 127.0.0.1 with a SQLite file (issue 14, items 3 and 4): two Textual tables
(headless, Textual's pilot) over real :class:`ServerLink` sockets at a heads-up home game
made with the lobby's own form. A connection cut mid-hand, and the server killed mid-hand
(SIGKILL: nothing gets to shut down) and started again on the same port and database: the
screen says it reconnects, a key pressed meanwhile acts once when the table is back, the
same hand with the same hole cards resumes and plays to its end, the chips add up. Every
frame the tables received and every screen they drew is leak-checked (X-4) against the
server's own saved record of the table (:mod:`tests.client.saved_table`)."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from pokerroom.cards import Card, card_face
from pokerroom.client.backoff import reconnect_delays
from pokerroom.client.http import Server, Visit
from pokerroom.client.saved_sessions import Session
from pokerroom.client.server_link import ServerLink
from pokerroom.client.signing_in import SESSION_COOKIE, sign_up
from pokerroom.tui.remote import RemoteTableApp
from tests.client.saved_table import SavedKnown, SavedTable
from tests.client.terminals import CheckedLink, Terminals, play_passively
from tests.serve_process import address, free_port, launch, wait_until_answering
from tests.web.helpers import PASSWORD

STACK = 200
WAIT = 10.0
"""The longest a test waits for any one thing at the tables."""
RETRY = 0.5
"""The links' waits before reconnecting, capped here: the tests are quick."""
CUT_RETRY = 2.0
"""A cut link's wait: long enough to press a key and see the screen redrawn before the
link is back."""
REDRAW = 0.6
"""Seconds for the screen to be redrawn after a key (its clock ticks every half second)."""
THREAD_WAIT = 90.0
"""The longest the terminals' thread may run: two server starts on a busy machine."""


@dataclass
class Cardroom:
    """``pokerroom serve`` in a process of its own, on one port and one SQLite file."""

    folder: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return address(self.port)

    @property
    def database(self) -> Path:
        return self.folder / "room.db"

    def start(self) -> None:
        """Start it and wait until it answers; its output goes to ``serve.log`` in ``folder``."""
        self.process = launch(self.folder, self.port, str(self.database))
        wait_until_answering(self.process, self.folder, self.port)

    def stop(self, how: signal.Signals) -> None:
        process = self.process
        if process is None or process.poll() is not None:
            return
        process.send_signal(how)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


@dataclass
class Open:
    cardroom: Cardroom
    ann: Session
    bob: Session

    @property
    def server(self) -> Server:
        return Server.parse(self.cardroom.url)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Open]:
    """One server process for the module (each test makes its own table in it); killed
    whatever happens."""
    cardroom = Cardroom(tmp_path_factory.mktemp("serve"))
    try:
        cardroom.start()
        server = Server.parse(cardroom.url)
        yield Open(cardroom, sign_up(server, "Ann", PASSWORD), sign_up(server, "Bob", PASSWORD))
    finally:
        cardroom.stop(signal.SIGKILL)


def heads_up_table(served: Open) -> str:
    """A two-seat home game made as its host makes one: the lobby's form, its CSRF token."""
    visit = Visit(served.server, {SESSION_COOKIE: served.ann.token})
    form = visit.get("/new/home")
    assert form.status == 200, form.refusal()
    fields = {"csrf": form.csrf(), "name": "Heads-up", "seats": "2", "stack": str(STACK)}
    made = visit.post("/new/home", fields, json_answer=True)
    assert made.status == 201, made.refusal()
    listing = made.json()
    assert isinstance(listing, dict)
    return str(listing["id"])


class QuickLink(CheckedLink):
    """A leak-checked link that waits about ``retry`` seconds before each reconnection."""

    retry = RETRY

    def _fresh_delays(self) -> Iterator[float]:
        return reconnect_delays(self._rng, first=self.retry, cap=self.retry)


@dataclass
class FaultTerminals(Terminals):
    """The terminals of :mod:`tests.client.terminals` over quick links."""

    retry: float = RETRY

    def link(self, session: Session) -> QuickLink:
        quick = QuickLink(self.known, session.name, self.server, self.room, session)
        quick.retry = self.retry
        return quick


@dataclass
class Table:
    """The server's table and what the players may know of it."""

    served: Open
    room: str
    known: SavedKnown

    def terminals(
        self,
        scenario: Callable[[list[RemoteTableApp], list[Pilot[None]]], Any],
        retry: float = RETRY,
    ) -> FaultTerminals:
        players = [self.served.ann, self.served.bob]
        return FaultTerminals(
            self.served.server, self.room, players, [1, 2], self.known, scenario, retry=retry
        )


@pytest.fixture
def table(served: Open) -> Iterator[Table]:
    if served.cardroom.process is None or served.cardroom.process.poll() is not None:
        served.cardroom.start()  # an earlier test left it stopped
    room = heads_up_table(served)
    saved = SavedTable(served.cardroom.database, room)
    try:
        yield Table(served, room, SavedKnown(saved))
    finally:
        saved.close()


# --------------------------------------------------------------- what the tables show


def hand_of(app: RemoteTableApp) -> Mapping[str, Any] | None:
    return None if app.frame is None else app.frame["hand"]


def name_of(app: RemoteTableApp) -> str:
    return str(getattr(app.link, "name", ""))


def face(token: str) -> str:
    """A card token of a frame as the screen shows it."""
    return card_face(Card.parse(token))


def hole_cards(app: RemoteTableApp) -> list[str | None]:
    assert app.frame is not None
    seat = app.frame["you"]["seat"]
    assert seat is not None
    return list(app.frame["seats"][seat - 1]["cards"])


def said(app: RemoteTableApp, name: str, verb: str) -> int:
    """How often the hand's log says ``name`` did ``verb`` (his own log says "You ...")."""
    hand = hand_of(app)
    starts = (f"{name} {verb}s", f"You {verb}")
    return 0 if hand is None else sum(1 for line in hand["log"] if line.startswith(starts))


def link_states(app: RemoteTableApp) -> list[str]:
    return [str(f["state"]) for f in app.frames if f.get("type") == "link"]


def finished(number: int, apps: list[RemoteTableApp]) -> Callable[[], bool]:
    def done(app: RemoteTableApp) -> bool:
        return app.frame is not None and any(r["number"] == number for r in app.frame["results"])

    return lambda: all(done(app) for app in apps)


def seated(app: RemoteTableApp) -> int:
    return 0 if app.frame is None else sum(s["name"] is not None for s in app.frame["seats"])


def deciding(app: RemoteTableApp) -> bool:
    return app.frame is not None and app.frame["you"]["decision"] == "act"


def pending(app: RemoteTableApp) -> int:
    """The messages his link has sent (or holds to send) that the table has not answered."""
    link = app.link
    assert isinstance(link, ServerLink)
    return link.pending


@dataclass
class Watch:
    """The two tables, watched as a player watches his screen: every screen leak-checked
    (X-4) each time it is looked at."""

    apps: list[RemoteTableApp]
    known: SavedKnown

    def look(self) -> None:
        for app in self.apps:
            self.known.check_screen(name_of(app), app)

    async def until(self, done: Callable[[], bool], what: str, wait: float = WAIT) -> None:
        deadline = time.monotonic() + wait
        while not done():
            assert time.monotonic() < deadline, f"not within {wait} s: {what}"
            await asyncio.sleep(0.05)
            self.look()

    async def on_every_table(self, words: str) -> list[str]:
        """Until every screen's table says ``words``: what each says then."""
        apps = self.apps
        await self.until(lambda: all(words in a.table_text() for a in apps), f"{words!r} shown")
        return [app.table_text() for app in apps]

    async def first_deal(
        self, pilots: list[Pilot[None]]
    ) -> tuple[RemoteTableApp, RemoteTableApp, Pilot[None]]:
        """Both seated, the host (Ann) deals with ``n``: the player to act, the other, and
        the pilot of the one to act."""
        apps = self.apps
        await self.until(lambda: seated(apps[0]) == 2, "both seated")
        await pilots[0].press("n")
        await self.until(lambda: all(hand_of(a) is not None for a in apps), "the first deal")
        await self.until(lambda: any(deciding(a) for a in apps), "a decision")
        index = next(i for i, a in enumerate(apps) if deciding(a))
        return apps[index], apps[1 - index], pilots[index]


def verb_of(app: RemoteTableApp) -> str:
    """What ``c`` does for him now: check or call."""
    assert app.frame is not None and app.frame["you"]["actions"] is not None
    return "check" if app.frame["you"]["actions"]["check"] else "call"


def cut(app: RemoteTableApp) -> None:
    """Abort the app's TCP connection to the table at once, as a dropped line does."""
    socket = getattr(app.link, "_socket", None)
    assert socket is not None, "the link has no connection to cut"
    socket.transport.abort()


def assert_chips_add_up(apps: list[RemoteTableApp], number: int) -> None:
    for app in apps:
        assert app.frame is not None
        assert sum(seat["stack"] for seat in app.frame["seats"]) == 2 * STACK
        result = next(r for r in app.frame["results"] if r["number"] == number)
        assert sum(c["change"] for c in result["changes"]) == 0
    first, second = (a.frame for a in apps)
    assert first is not None and second is not None
    assert first["results"] == second["results"]


def assert_clean(known: SavedKnown) -> None:
    assert known.leaks == [], known.leaks[:5]
    assert known.checked > 20


# ---------------------------------------------------------------------- the faults


def test_a_cut_mid_hand_reconnects_and_the_key_pressed_meanwhile_acts_once(
    table: Table,
) -> None:
    """The connection drops while it is his turn: the screen says it is reconnecting; his
    ``c`` pressed then is sent once the link is back and acts once, and his screen shows
    the same hand again, the turn passed to the other player."""
    seen: dict[str, Any] = {}

    async def scenario(apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        watch = Watch(apps, table.known)
        actor, other, pilot = await watch.first_deal(pilots)
        name, verb = name_of(actor), verb_of(actor)
        hand = hand_of(actor)
        assert hand is not None
        cut(actor)
        await watch.until(
            lambda: "trying again" in actor.table_text(), "the screen says it reconnects"
        )
        await pilot.press("c")
        await pilot.pause(REDRAW)
        assert link_states(actor)[-1] == "reconnecting", "the link was back too soon"
        assert pending(actor) == 1
        seen["while cut"] = actor.table_text()
        await watch.until(
            lambda: said(other, name, verb) == 1, "the key's action, at the other table"
        )
        await watch.until(
            lambda: said(actor, name, verb) == 1, "the key's action, on his own screen"
        )
        await watch.until(lambda: deciding(other), "the other player's turn")
        await pilot.pause(0.3)
        watch.look()
        assert said(other, name, verb) == 1 == said(actor, name, verb), "acted twice"
        assert hand_of(actor)["number"] == hand["number"] == hand_of(other)["number"]  # type: ignore[index]
        assert link_states(actor)[-2:] == ["reconnecting", "connected"]
        seen["back"] = actor.table_text()
        seen["cards"] = hole_cards(actor)

    table.terminals(scenario, CUT_RETRY).start().join(THREAD_WAIT)
    assert "connection lost" in seen["while cut"] and "trying again" in seen["while cut"]
    assert "trying again" not in seen["back"] and "connected to table" in seen["back"]
    assert all(card is not None and face(card) in seen["back"] for card in seen["cards"])
    assert_clean(table.known)


def test_a_server_killed_mid_hand_and_started_again_resumes_the_hand(table: Table) -> None:
    """The server process is killed (SIGKILL) with the hand saved to the moment on the
    screens, then started again on the same port and database: both tables reconnect by
    themselves and show the same hand with the same hole cards; a ``c`` pressed while the
    server was down acts once, and the hand plays to its end with the chips all there."""
    cardroom = table.served.cardroom
    seen: dict[str, Any] = {}

    async def scenario(apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        watch = Watch(apps, table.known)
        actor, other, pilot = await watch.first_deal(pilots)
        name, verb = name_of(actor), verb_of(actor)
        hand = hand_of(actor)
        assert hand is not None
        cards = {name_of(a): hole_cards(a) for a in apps}
        logs = {name_of(a): list(hand_of(a)["log"]) for a in apps}  # type: ignore[index]
        saved = table.known.table
        await watch.until(
            lambda: saved.catch_up().turn_token() == hand["turn"], "the moment on disk"
        )
        await asyncio.to_thread(cardroom.stop, signal.SIGKILL)
        seen["lost"] = await watch.on_every_table("trying again")
        await watch.on_every_table("still unreachable")
        await pilot.press("c")
        await pilot.pause(REDRAW)
        assert pending(actor) == 1
        seen["down"] = [a.table_text() for a in apps]
        await asyncio.to_thread(cardroom.start)
        await watch.until(lambda: said(other, name, verb) == 1, "the key's action", wait=WAIT + 5)
        await watch.until(
            lambda: said(actor, name, verb) == 1, "the key's action, on his own screen"
        )
        await pilot.pause(0.3)
        watch.look()
        for app in apps:
            assert said(app, name, verb) == 1, "the key acted twice"
            assert link_states(app)[-1] == "connected"
            now = hand_of(app)
            assert now is not None and now["number"] == hand["number"], "not the same hand"
            assert now["log"][: len(logs[name_of(app)])] == logs[name_of(app)]
            assert hole_cards(app) == cards[name_of(app)], "a new deal"
            text = app.table_text()
            assert "trying again" not in text
            assert all(card is not None and face(card) in text for card in cards[name_of(app)])
        await play_passively(apps, pilots, table.known, finished(hand["number"], apps))
        assert_chips_add_up(apps, hand["number"])

    table.terminals(scenario).start().join(THREAD_WAIT)
    assert all("connection lost" in text for text in seen["lost"]), seen["lost"]
    assert all("still unreachable" in text for text in seen["down"])
    assert_clean(table.known)
