"""An in-process server for the remote terminal table: a real web room behind fake links.

:class:`Hub` does what the server's hub does for one room, without a socket: after every
change each link gets the room's snapshot built for its own user, with ``now``; a refusal
goes to its sender only. :class:`FakeLink` is a :class:`~pokerroom.client.link.TableLink`
over it. Every frame pushed is checked at once by the leak checker against the cards its
user may know of the hand being played (X-4), and the hub keeps, per user, every card he
was ever allowed to know, for checking the screens drawn from those frames.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Callable, Mapping
from dataclasses import dataclass, field

from pokerroom.cards import Card
from pokerroom.protocol.frames import error_frame
from pokerroom.room.live import LiveRoom
from pokerroom.room.seam import Room, User
from tests.web.leaks import Leak, find_leaks, known_to

Position = Callable[[LiveRoom, User | None], int | None]


def room_position(room: LiveRoom, user: User | None) -> int | None:
    """The user's engine position in the room's hand (None: not dealt in, or watching)."""
    if user is None or room.hand is None:
        return None
    dealt = [p for p, o in enumerate(room.hand_occupants) if o.user == user.id]
    return dealt[0] if dealt else None


@dataclass
class BaseHub:
    """What every in-process server does; what a user may know is the table kind's."""

    room: Room
    now: float = 0.0
    links: list[FakeLink] = field(default_factory=list)
    leaks: list[tuple[str, Leak]] = field(default_factory=list)
    """(user name, leak) for every frame that named a card its user may not know."""
    known: dict[str | None, set[Card]] = field(default_factory=dict)
    """Per user name, every card he was allowed to know at some moment."""

    def link(self, user: User | None) -> FakeLink:
        link = FakeLink(self, user)
        self.links.append(link)
        return link

    def snapshot(self, user: User | None) -> dict[str, object]:
        return {**self.room.snapshot(user), "now": self.now}

    def broadcast(self) -> None:
        for link in self.links:
            if not link.closed:
                link.push(self.snapshot(link.user))

    def handle(self, link: FakeLink, message: Mapping[str, object]) -> None:
        outcome = self.room.handle(link.user, message, self.now)
        if outcome.error is not None:
            ref = message.get("id")
            link.push(
                dict(
                    error_frame(outcome.code or "error", outcome.error, ref)
                    if isinstance(ref, str)
                    else error_frame(outcome.code or "error", outcome.error)
                )
            )
        if outcome.changed:
            self.broadcast()

    def wait(self) -> bool:
        """Time runs to the room's next deadline (a pause, a clock); False when none."""
        deadline = self.room.deadline()
        if deadline is None:
            return False
        self.now = max(self.now, deadline)
        if self.room.tick(self.now):
            self.broadcast()
        return True

    def knows_now(self, user: User | None) -> set[Card]:
        """The cards of the hand being played that ``user`` may know now."""
        raise NotImplementedError

    def frame_leaks(self, frame: Mapping[str, object], user: User | None) -> list[Leak]:
        """The cards in ``frame`` that ``user`` may not know now."""
        return find_leaks(dict(frame), self.knows_now(user))


@dataclass
class Hub(BaseHub):
    """A poker room (home, cash, tournament table): the engine hand's knowledge model."""

    room: LiveRoom
    position: Position = room_position

    def knows_now(self, user: User | None) -> set[Card]:
        hand = self.room.hand
        return set() if hand is None else known_to(hand, self.position(self.room, user))


class FakeLink:
    """One user's connection: every frame for him in order, until closed."""

    def __init__(self, hub: BaseHub, user: User | None) -> None:
        self.hub = hub
        self.user = user
        self.queue: asyncio.Queue[Mapping[str, object] | None] = asyncio.Queue()
        self.closed = False
        self.sent: list[Mapping[str, object]] = []
        self.count = 0
        self.count_pushed = 0
        self.push(hub.snapshot(user))  # the server answers hello with the table

    @property
    def name(self) -> str | None:
        return None if self.user is None else self.user.name

    def push(self, frame: Mapping[str, object]) -> None:
        known = self.hub.knows_now(self.user)
        self.hub.known.setdefault(self.name, set()).update(known)
        self.hub.leaks += [
            (str(self.name), leak) for leak in self.hub.frame_leaks(frame, self.user)
        ]
        self.count_pushed += 1
        self.queue.put_nowait(frame)

    async def frames(self) -> AsyncGenerator[Mapping[str, object], None]:
        while (frame := await self.queue.get()) is not None:
            yield frame

    async def send(self, message: Mapping[str, object]) -> None:
        self.count += 1
        full = {**message, "id": f"{self.name}-{self.count}"}
        self.sent.append(full)
        self.hub.handle(self, full)

    async def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)
