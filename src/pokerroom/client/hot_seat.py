"""Several people at one keyboard: one link that shows the table as the one deciding sees it.

Hot seat is one screen for several players, so no player's cards may be on it while
another is at the keyboard. :class:`HotSeatLink` keeps a connection to the hub for each
person and one as an observer, and yields one stream of frames: the observer's (no hidden
card in it, X-4) until someone must decide, then a notice asking to pass the keyboard to
him, and his own frames only once he has said he is there (:meth:`HotSeatLink.reveal`,
the space key). He keeps the screen while only he or the bots decide; as soon as another
person must decide, the screen goes back to the observer's frames and asks again. His
messages go through his own connection, so the room knows who acted.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncGenerator, Mapping, Sequence
from typing import Any

from pokerroom.client.in_process import InProcessLink, notice
from pokerroom.i18n import N_, Language, gettext
from pokerroom.room.hub import Hub
from pokerroom.room.seam import Room, User

PASS_KEYBOARD = N_(
    "{name} to decide: pass the keyboard to {name}, then press space to see your cards"
)

_DONE = None


class HotSeatLink:
    """``room`` played by ``people`` at one keyboard; see the module docstring."""

    def __init__(self, hub: Hub, room: Room, people: Sequence[User], *, language: Language) -> None:
        self.people = list(people)
        self._links = {p.id: InProcessLink(hub, room, p, language=language) for p in people}
        self._watcher = InProcessLink(hub, room, None, language=language)
        self._latest: dict[int | None, Mapping[str, Any]] = {}
        self._out: asyncio.Queue[Mapping[str, object] | None] = asyncio.Queue()
        self._readers: list[asyncio.Task[None]] = []
        self.holder: User | None = None
        """Who has the keyboard and sees his own cards (None: nobody, the observer's view)."""
        self.waiting: User | None = None
        """Who was asked to take the keyboard and has not said he is there yet."""
        self._shown: Mapping[str, Any] | None = None

    # ------------------------------------------------------------ TableLink

    async def frames(self) -> AsyncGenerator[Mapping[str, object], None]:
        """One stream for the screen: see the module docstring."""
        loop = asyncio.get_running_loop()
        for user, link in [*self._links.items(), (None, self._watcher)]:
            link.open()
            self._readers.append(loop.create_task(self._read(user, link)))
        while (frame := await self._out.get()) is not _DONE:
            yield frame

    async def send(self, message: Mapping[str, object]) -> None:
        """The message of whoever has the keyboard; nobody's while it is being passed."""
        if self.holder is not None:
            await self._links[self.holder.id].send(message)

    async def close(self) -> None:
        for link in [*self._links.values(), self._watcher]:
            await link.close()
        for reader in self._readers:
            with contextlib.suppress(asyncio.CancelledError):
                await reader
        self._out.put_nowait(_DONE)

    # ------------------------------------------------------------ the keyboard

    def reveal(self) -> None:
        """The player asked to take the keyboard is there: show him his table."""
        if self.waiting is None:
            return
        self.holder, self.waiting = self.waiting, None
        self._out.put_nowait(notice("connected", ""))
        self._show()

    async def _read(self, user: int | None, link: InProcessLink) -> None:
        async for frame in link.frames():
            kind = frame.get("type")
            if kind == "table":
                self._latest[user] = frame
                self._show()
            elif kind == "link" and frame.get("state") == "closed":
                if user is None:
                    self._out.put_nowait(frame)
                return
            elif kind != "link" and (user is None or self._holds(user)):
                self._out.put_nowait(frame)  # a refusal, a saving pause: its own viewer's

    def _holds(self, user: int) -> bool:
        return self.holder is not None and self.holder.id == user

    def _deciding(self) -> User | None:
        """The first person the table waits on, by seat."""
        for person in self.people:
            frame = self._latest.get(person.id)
            if frame is not None and frame["you"]["decision"] is not None:
                return person
        return None

    def _show(self) -> None:
        """Put on the screen what it may show now, and ask for the keyboard when needed."""
        deciding = self._deciding()
        if deciding is not None and (self.holder is None or deciding.id != self.holder.id):
            self.holder = None
            if self.waiting is None or self.waiting.id != deciding.id:
                self.waiting = deciding
                asked = gettext(PASS_KEYBOARD).format(name=deciding.name)
                self._out.put_nowait(notice("connected", asked))
        viewer = None if self.holder is None else self.holder.id
        frame = self._latest.get(viewer)
        if frame is not None and frame is not self._shown:
            self._shown = frame
            self._out.put_nowait(frame)
