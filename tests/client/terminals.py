"""Textual remote tables over real :class:`ServerLink` sockets, run headless by Textual's
pilot in a thread of their own (a Playwright page keeps an event loop in the test's
thread), with the leak check (X-4) of every frame they receive and every screen they draw
against what their player may know of the live room at that moment."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncGenerator, Callable, Mapping
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from typing import Any

from textual.pilot import Pilot

from pokerroom.cards import Card
from pokerroom.client.http import Server
from pokerroom.client.saved_sessions import Session
from pokerroom.client.server_link import ServerLink
from pokerroom.room.live import LiveRoom
from pokerroom.room.seam import User
from pokerroom.tui.remote import RemoteTableApp
from tests.remote_link import room_position
from tests.web.leaks import Leak, find_leaks, known_to

SIZE = (100, 30)
WAIT = 90.0
"""The longest the terminals play before their thread gives up."""


@dataclass
class Known:
    """Per player and hand, every card he was allowed to know at some moment of it."""

    room: LiveRoom
    users: dict[str, User]
    cards: dict[tuple[str, int], set[Card]] = field(default_factory=dict)
    leaks: list[tuple[str, Leak]] = field(default_factory=list)
    checked: int = 0

    def sample(self) -> None:
        hand, number = self.room.hand, self.room.hand_number
        for name, user in self.users.items():
            known = set() if hand is None else known_to(hand, room_position(self.room, user))
            self.cards.setdefault((name, number), set()).update(known)

    def ever(self, name: str) -> set[Card]:
        return {c for (who, _n), cards in self.cards.items() if who == name for c in cards}

    def check_frame(self, name: str, frame: Mapping[str, Any]) -> None:
        """The hand being played against what he may know of it; the past against all."""
        self.sample()
        self.checked += 1
        if frame.get("type") != "table":
            self.leaks += [(name, leak) for leak in find_leaks(dict(frame), self.ever(name))]
            return
        hand = frame["hand"]
        present = {k: v for k, v in frame.items() if k != "results"}
        number = 0 if hand is None else hand["number"]
        now = self.cards.get((name, number), set()) if hand is not None else self.ever(name)
        self.leaks += [(name, leak) for leak in find_leaks(present, now)]
        self.leaks += [(name, leak) for leak in find_leaks(frame["results"], self.ever(name))]

    def check_screen(self, name: str, app: RemoteTableApp) -> None:
        """The table (the hand in play) against what he may know of that hand; the log,
        which keeps the hands before it, against all he has known."""
        self.sample()
        self.checked += 1
        hand = None if app.frame is None else app.frame["hand"]
        now = self.ever(name) if hand is None else self.cards.get((name, hand["number"]), set())
        for where, text, known in (
            ("screen.table", app.table_text(), now),
            ("screen.log", app.log_text(), self.ever(name)),
        ):
            self.leaks += [(name, Leak(where, leak.card)) for leak in find_leaks(text, known)]


class CheckedLink(ServerLink):
    """A ServerLink whose every frame is leak-checked as it arrives."""

    def __init__(self, known: Known, name: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.known = known
        self.name = name

    async def frames(self) -> AsyncGenerator[Mapping[str, object], None]:
        async for frame in super().frames():
            self.known.check_frame(self.name, frame)
            yield frame


def passive_key(app: RemoteTableApp) -> str | None:
    """``c`` (check or call) on his turn, ``s`` (show) when asked; None otherwise."""
    frame = app.frame
    if frame is None:
        return None
    decision = frame["you"]["decision"]
    return {"act": "c", "show": "s"}.get(decision or "")


async def play_passively(
    apps: list[RemoteTableApp], pilots: list[Pilot[None]], known: Known, done: Callable[[], bool]
) -> None:
    """Each app presses its key when the table waits for it; every screen leak-checked."""
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, "the terminals did not finish in time"
        for app, pilot in zip(apps, pilots, strict=True):
            key = passive_key(app)
            turn = None if app.frame is None or app.frame["hand"] is None else app.frame["hand"]
            if key is not None and turn is not None:
                before = turn["turn"]
                await pilot.press(key)
                for _ in range(200):
                    hand = None if app.frame is None else app.frame["hand"]
                    if hand is None or hand["turn"] != before or passive_key(app) is None:
                        break
                    await asyncio.sleep(0.01)
            await pilot.pause(0)
            known.check_screen(str(getattr(app.link, "name", "")), app)
        await asyncio.sleep(0.02)


@dataclass
class Terminals:
    """Terminal players in their own thread; ``error`` is what went wrong there."""

    server: Server
    room: str
    sessions: list[Session]
    seats: list[int]
    known: Known
    scenario: Callable[[list[RemoteTableApp], list[Pilot[None]]], Any]
    apps: list[RemoteTableApp] = field(default_factory=list)
    error: BaseException | None = None
    thread: threading.Thread | None = None

    def link(self, session: Session) -> CheckedLink:
        return CheckedLink(self.known, session.name, self.server, self.room, session)

    async def _main(self) -> None:
        self.apps = [
            RemoteTableApp(self.link(s), first=[{"type": "sit", "seat": seat}])
            for s, seat in zip(self.sessions, self.seats, strict=True)
        ]
        async with AsyncExitStack() as stack:
            pilots = [await stack.enter_async_context(a.run_test(size=SIZE)) for a in self.apps]
            await self.scenario(self.apps, pilots)
            for app in self.apps:
                await app.link.close()

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as error:  # handed to the test's thread
            self.error = error

    def start(self) -> Terminals:
        self.thread = threading.Thread(target=self._run, name="terminals", daemon=True)
        self.thread.start()
        return self

    def join(self, wait: float = WAIT + 10) -> None:
        assert self.thread is not None
        self.thread.join(wait)
        assert not self.thread.is_alive(), "the terminals' thread did not end"
        if self.error is not None:
            raise self.error
