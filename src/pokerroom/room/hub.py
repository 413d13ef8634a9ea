"""The hub: every live connection of every room, the broadcast, presence and the clock task.

The hub knows rooms only through the seam (:class:`~pokerroom.room.seam.Room`): it tells a room
who sent what and when, and when a room changed it refreshes every connection of that room
with the room's snapshot built for that connection's own viewer. A frame built for one viewer
is never handed to another connection (X-4 by construction, see :mod:`pokerroom.room.outbox`).

All of it runs on the server's event loop; only :meth:`Hub.room_changed` may be called from
another thread. Everything that changes a room outside a socket (the lobby, the director's
console, a broker carrying another process's notice) ends in :meth:`Hub.room_changed`.

A hub given the server's writer (``saves``) shows a change only once it is saved, and
pauses a room that cannot save (:mod:`pokerroom.room.holding`). A hub of one of several
processes sharing a database acts only for the rooms its process owns now (``acting``,
:mod:`pokerroom.cluster.ownership`): it neither ticks nor handles another, and a room that
moved to another process ends its sockets with :data:`MOVED`.

The clock is wall time (seconds since 1970), so a deadline saved by one process means the
same on another.

Each connection speaks its viewer's language (chosen when the socket opened, from the
language menu's cookie or ``Accept-Language``: :mod:`pokerroom.web.language`), in the words
of the rule book its table plays by (the room's ``vocabulary``): every frame for it is built,
and every message it sends is handled, inside ``use_language`` for that connection, so one
broadcast words each viewer's frame in his own language and never mixes two in one frame.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import threading
import time
from collections.abc import AsyncIterator, Callable, Hashable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import Protocol

from pokerroom.i18n import (
    DEFAULT_LANGUAGE,
    N_,
    VOCABULARIES,
    Language,
    Vocabulary,
    gettext,
    use_language,
)
from pokerroom.protocol.frames import saving_frame
from pokerroom.room.failures import describe_failure
from pokerroom.room.flood import FloodGuard, FloodLimit
from pokerroom.room.holding import CANNOT_SAVE, PAUSE_AFTER, SAVES_AGAIN, Holding, Saves
from pokerroom.room.inbound import Refusal, message_id
from pokerroom.room.link import RoomLink
from pokerroom.room.outbox import Outbox, Send, SendNow
from pokerroom.room.replay import ReplayGuard
from pokerroom.room.seam import Frame, Outcome, Room, User
from pokerroom.room.session_watch import SessionCheck, lapsed
from pokerroom.room.shared_frames import SharedFrames
from pokerroom.room.socket_caps import SocketCaps, SocketCounter
from pokerroom.room.ticker import Clock, Ticker

log = logging.getLogger(__name__)


SESSION_ENDED = N_("you were signed out, or your roles changed: this page connects again")
MOVED = N_("this table is moving to another server; try again")


class Rooms(Protocol):
    """What the hub needs of the room registry; any ``Mapping[str, Room]`` will do."""

    def get(self, room_id: str, /) -> Room | None:
        """The live room with this id, or None."""
        ...

    def values(self) -> Iterable[Room]:
        """Every live room, for the clock."""
        ...


@dataclass(frozen=True, slots=True)
class SocketSettings:
    """The limits of one table connection."""

    max_message_chars: int = 4096
    hello_seconds: float = 10.0
    """How long a new connection may take to say hello."""
    flood: FloodLimit = field(default_factory=FloodLimit)
    replay_ids: int = 256
    """Message ids remembered per user and room to drop replays."""
    replay_senders: int = 4096
    allowed_origins: frozenset[str] = frozenset()
    """Browser origins besides the server's own host allowed to open sockets (a proxy's)."""
    caps: SocketCaps = field(default_factory=SocketCaps)
    """How many sockets one address, account and table may hold."""
    session_check_seconds: float = 30.0
    """How often signed-in sockets' sessions are checked (:mod:`pokerroom.room.session_watch`)."""


@dataclass(eq=False, slots=True)
class Connection:
    """One open socket watching one room as one viewer."""

    room: Room
    viewer: User | None
    outbox: Outbox
    flood: FloodGuard
    serial: int
    vocabulary: Vocabulary
    """Its table's poker words (:func:`room_vocabulary`, read once when it connected)."""
    ended: asyncio.Event = field(default_factory=asyncio.Event)
    """Set when the server ends this connection (its room closed, or observers were switched
    off): the socket closes once the frames posted before it are sent."""
    session: str | None = None
    """The token of the session the socket was opened in (None: signed out, or unknown)."""
    end_reason: str = "room_closed"
    """Why it was ended: ``room_closed`` or the refusal's code (``observers_off``,
    ``session_ended``)."""
    language: Language = DEFAULT_LANGUAGE
    """The language its viewer reads: every frame for it is worded in it."""

    def speaking(self) -> contextlib.AbstractContextManager[None]:
        """Word what is inside for this connection: its language, its table's vocabulary."""
        return use_language(self.language, self.vocabulary)

    @property
    def sender(self) -> Hashable:
        """Whose message ids are remembered together: a user's across tabs and reconnects."""
        if self.viewer is None:
            return (self.room.id, "observer", self.serial)
        return (self.room.id, self.viewer.id)


WatchRule = Callable[[User | None], str | None]
"""Why this viewer may not watch a room now (observers off, a club's members only), or None."""

WatchRules = Callable[[str], WatchRule | None]
"""The rule of the room with this id now; None while everybody may watch it."""


def room_vocabulary(room: Room) -> Vocabulary:
    """Whose poker words the room speaks (its rule book's profile: a home game's or a
    club's); a room that does not say speaks the clubs'."""
    said = getattr(room, "vocabulary", "club")
    return next((vocabulary for vocabulary in VOCABULARIES if vocabulary == said), "club")


def _everybody_welcome(_room_id: str) -> WatchRule | None:
    return None


Resumed = Callable[[Room, float, float], None]
"""A room that was paused ``seconds`` resumes at ``now``: ``(room, seconds, now)``."""


def _no_shift(_room: Room, _seconds: float, _now: float) -> None:
    return None


def _acts_for_all(_room_id: str) -> bool:
    return True


class Hub:
    """Rooms' connections, their broadcast and their clock."""

    def __init__(
        self,
        rooms: Rooms,
        *,
        clock: Clock = time.time,
        settings: SocketSettings | None = None,
        watch_rules: WatchRules = _everybody_welcome,
        saves: Saves | None = None,
        pause_after: float = PAUSE_AFTER,
        on_resumed: Resumed = _no_shift,
        check_session: SessionCheck | None = None,
        acting: Callable[[str], bool] = _acts_for_all,
        link: RoomLink | None = None,
    ) -> None:
        self.rooms = rooms
        self.acting = acting
        """Whether this process may act for a room now (it owns it)."""
        self.link = link
        """Where the rooms run by other processes are reached (None: every room runs here)."""
        self.watch_rules = watch_rules
        """Asked at every connection and every change of its room: a viewer its rule refuses
        is told why and dismissed (:mod:`pokerroom.web.observers`)."""
        self.check_session = check_session
        """Asked every ``session_check_seconds`` of all signed-in sockets' sessions at once
        (None: never): a socket whose session lapsed or whose user's roles changed is ended."""
        self.clock = clock
        self.settings = settings or SocketSettings()
        self._connections: dict[str, set[Connection]] = {}
        self._present: dict[tuple[str, int], int] = {}
        self._replays = ReplayGuard(self.settings.replay_ids, self.settings.replay_senders)
        self._frames = SharedFrames()
        self.counter = SocketCounter(self.settings.caps)
        """The open sockets by address, account and table (taken before the hello)."""
        self._serials = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread: int | None = None
        self._holding = None if saves is None else Holding(saves, pause_after)
        self._stall_timer: asyncio.TimerHandle | None = None
        self._on_resumed = on_resumed
        self.ticker = Ticker(rooms.values, rooms.get, self._runs, clock, self.room_changed)
        self._relays: set[asyncio.Task[None]] = set()

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[Hub]:
        """The app's lifespan: the clock task runs inside this block."""
        loop = self._loop = asyncio.get_running_loop()
        self._loop_thread = threading.get_ident()
        holding = self._holding
        if holding is not None:

            def saved(_ticket: int) -> None:  # on the writer's thread
                loop.call_soon_threadsafe(self._release)

            holding.saves.on_saved = saved
        self.ticker.start()
        watch = None if self.check_session is None else self._loop.create_task(self._watch())
        try:
            yield self
        finally:
            if watch is not None:
                watch.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await watch
            await self.ticker.stop()
            if self._stall_timer is not None:
                self._stall_timer.cancel()
                self._stall_timer = None
            if holding is not None:
                holding.saves.on_saved = None
            self._loop = self._loop_thread = None

    def _off_loop(self) -> bool:
        """Whether this call comes from another thread than the running loop's (it is then
        handed to the loop): asked by thread id, as ``asyncio.get_running_loop()`` asks the
        kernel for the process id at every call (Python 3.11), once per change."""
        return threading.get_ident() != self._loop_thread

    def _runs(self, room: Room) -> bool:
        """Whether the room's clock runs here: not while it is paused until it can save, nor
        while another process acts for it."""
        holding = self._holding
        return (holding is None or not holding.paused(room.id)) and self.acting(room.id)

    def paused(self, room_id: str) -> bool:
        """Whether the room is paused because it cannot save."""
        return self._holding is not None and self._holding.paused(room_id)

    def holding(self, room_id: str) -> bool:
        """Whether the room's last change waits to be saved before it is shown."""
        return self._holding is not None and self._holding.held(room_id)

    async def _watch(self) -> None:
        """End the sockets whose session lapsed or whose user changed, every few seconds."""
        assert self.check_session is not None
        while True:
            await asyncio.sleep(self.settings.session_check_seconds)
            signed_in = [
                ((connection.session, connection.viewer), connection)
                for connections in self._connections.values()
                for connection in connections
                if connection.session is not None and connection.viewer is not None
            ]
            sessions = [session for session, _connection in signed_in]
            ended = await asyncio.to_thread(lapsed, self.check_session, sessions)
            for session, connection in signed_in:
                if session in ended:
                    self._end_session(connection)

    def viewers(self, room_id: str) -> list[User]:
        """The signed-in users with a socket at a room on this process, each once."""
        users = {c.viewer.id: c.viewer for c in self._connections.get(room_id, ()) if c.viewer}
        return list(users.values())

    def watchers(self, room_id: str) -> int:
        """How many sockets watch a room now."""
        return len(self._connections.get(room_id, ()))

    def connect(
        self,
        room: Room,
        viewer: User | None,
        send: Send,
        session: str | None = None,
        language: Language = DEFAULT_LANGUAGE,
        *,
        send_now: SendNow | None = None,
    ) -> Connection:
        """Register a socket (opened in the session with the token ``session``, its viewer
        reading ``language``; ``send_now`` writes a frame at once where it can); it gets
        the current snapshot at once (a reload loses nothing)."""
        vocabulary = room_vocabulary(room)
        render = partial(self._stamped, room, viewer, language, vocabulary)
        connection = Connection(
            room=room,
            viewer=viewer,
            outbox=Outbox(render, send, send_now),
            flood=FloodGuard(self.settings.flood, self.clock()),
            serial=next(self._serials),
            session=session,
            language=language,
            vocabulary=vocabulary,
        )
        self._connections.setdefault(room.id, set()).add(connection)
        self._show(connection)
        if viewer is not None:
            key = (room.id, viewer.id)
            self._present[key] = self._present.get(key, 0) + 1
            if self._present[key] == 1:
                self._presence(room, viewer, connected=True)
        return connection

    def _stamped(
        self, room: Room, viewer: User | None, language: Language, vocabulary: Vocabulary
    ) -> bytes:
        """The room's snapshot for ``viewer``, worded in his ``language`` and the table's
        ``vocabulary``, with the server's clock reading ``now``, so a page can turn the
        clock's deadlines (on this clock) into seconds left; its public part is built once
        for all viewers (:mod:`pokerroom.room.shared_frames`)."""
        return self._frames.encoded(room, viewer, language, vocabulary, self.clock())

    def disconnect(self, connection: Connection) -> None:
        """Forget a socket; a user's last socket at a room tells the room he is gone (H-11)."""
        room, viewer = connection.room, connection.viewer
        watching = self._connections.get(room.id, set())
        if connection not in watching:
            return
        watching.discard(connection)
        if not watching:
            del self._connections[room.id]
            self._frames.forget(room.id)
        if viewer is None:
            self._replays.forget(connection.sender)
            return
        key = (room.id, viewer.id)
        self._present[key] -= 1
        if self._present[key] == 0:
            del self._present[key]
            self._presence(room, viewer, connected=False)

    def deliver(self, connection: Connection, message: dict[str, object]) -> None:
        """One checked client message: drop a replay, else let the room handle it (A-2).

        A refusal goes to the sender alone, in his language; a change refreshes every
        connection of the room. A later ``hello`` only re-sends the snapshot to this
        connection.
        """
        with connection.speaking():
            self._deliver(connection, message)

    def _deliver(self, connection: Connection, message: dict[str, object]) -> None:
        if message.get("type") == "hello":
            self._show(connection)
            return
        ref = message_id(message)
        if isinstance(ref, Refusal):
            connection.outbox.post(ref.frame())
            return
        if not self._replays.first_time(connection.sender, ref):
            handled = gettext("message {ref} was already handled").format(ref=repr(ref))
            duplicate = Refusal("duplicate", handled, ref)
            connection.outbox.post(duplicate.frame())
            return
        room = connection.room
        if self.link is not None and self.link.remote(room.id):
            relay = asyncio.get_running_loop().create_task(self._relay(connection, message, ref))
            self._relays.add(relay)
            relay.add_done_callback(self._relays.discard)
            return
        if not self.acting(room.id):
            connection.outbox.post(Refusal("moving", gettext(MOVED), ref).frame())
            return
        outcome = self.apply(room, connection.viewer, message)
        if outcome.error is not None:
            refusal = Refusal(outcome.code or "refused", outcome.error, ref)
            connection.outbox.post(refusal.frame())
        if outcome.changed:
            self.room_changed(room.id)

    def apply(self, room: Room, sender: User | None, message: dict[str, object]) -> Outcome:
        """Let a room run here handle one checked message (worded in the language in use);
        the caller refreshes its connections if it changed. A room paused is a refusal; a
        room failing is one too, and counts as changed (what it did before failing shows)."""
        if self.paused(room.id):
            return Outcome(False, gettext(CANNOT_SAVE), "paused")
        try:
            outcome = room.handle(sender, message, self.clock())
        except Exception as exc:
            log.error(
                "room %s failed on a %r message: %s",
                room.id,
                str(message["type"])[:32],
                describe_failure(exc),
            )
            return Outcome(True, gettext("the server failed on this message"), "server_error")
        return outcome

    async def _relay(self, connection: Connection, message: dict[str, object], ref: str) -> None:
        """A message for a room another process runs: its refusal, if any, to the sender."""
        assert self.link is not None
        outcome = await self.link.forward(
            connection.room.id, connection.viewer, message, connection.language
        )
        if outcome.error is not None:
            refusal = Refusal(outcome.code or "refused", outcome.error, ref)
            connection.outbox.post(refusal.frame())

    def room_changed(self, room_id: str) -> None:
        """Refresh every connection of a room and let the clock look at its new deadline."""
        loop = self._loop
        if loop is not None and self._off_loop():
            loop.call_soon_threadsafe(self.room_changed, room_id)
            return
        self._frames.forget(room_id)
        holding = self._holding
        if loop is not None and holding is not None and holding.hold(room_id, self.clock()):
            self._watch_stalls()
            return
        self._refresh(room_id)

    def saved_elsewhere(self, room_id: str) -> None:
        """A copy of a room another process owns changed to what that process saved: its
        connections are refreshed at once (nothing of it waits for this process's writer,
        unless a change made while it was owned here still does) and this clock, which
        does not run it, is left asleep."""
        holding = self._holding
        if holding is not None and holding.held(room_id):
            self.room_changed(room_id)
        else:
            self._refresh(room_id, wake=False)

    def refusal_to_watch(self, room_id: str, viewer: User | None) -> str | None:
        """Why ``viewer`` may not watch the room now (in the language in use), or None."""
        rule = self.watch_rules(room_id)
        return None if rule is None else rule(viewer)

    def _refresh(self, room_id: str, *, wake: bool = True) -> None:
        self._frames.forget(room_id)
        watching = list(self._connections.get(room_id, ()))
        rule = self.watch_rules(room_id) if watching else None  # once: most refuse nobody
        for connection in watching:
            if rule is not None:
                with connection.speaking():
                    why = rule(connection.viewer)
                    if why is not None:
                        self.dismiss(connection, Refusal("observers_off", why))
                        continue
            connection.outbox.refresh()
        if wake:
            self.ticker.wake(room_id)

    def _show(self, connection: Connection) -> None:
        """The room as it is now, unless that is not saved yet (then once it is)."""
        room_id = connection.room.id
        self._frames.forget(room_id)
        if self.paused(room_id):
            with connection.speaking():
                message = gettext(CANNOT_SAVE)
            connection.outbox.post(saving_frame(room_id, paused=True, message=message))
        if self._holding is None or not self._holding.held(room_id):
            connection.outbox.refresh()

    def _watch_stalls(self) -> None:
        """One timer, set for when the next held room would pause."""
        holding, loop = self._holding, self._loop
        if self._stall_timer is not None or holding is None or loop is None:
            return
        due = holding.next_stall()
        if due is not None:
            self._stall_timer = loop.call_later(max(due - self.clock(), 0.01), self._pause_stalled)

    def _pause_stalled(self) -> None:
        """Tell the players of every room that has waited too long for the database."""
        self._stall_timer = None
        if self._holding is None:
            return
        stalled = self._holding.stalled(self.clock())
        if stalled:
            log.warning("%d tables pause: their play cannot be saved", len(stalled))
        for room_id in stalled:
            for connection in list(self._connections.get(room_id, ())):
                with connection.speaking():
                    message = gettext(CANNOT_SAVE)
                connection.outbox.post(saving_frame(room_id, paused=True, message=message))
        self._watch_stalls()

    def _release(self) -> None:
        """The writer saved: show every room whose changes are all saved now; a paused one
        resumes, its clock moved by the pause."""
        if self._holding is None:
            return
        now = self.clock()
        released = self._holding.released(now)
        resumed = sum(paused is not None for _room_id, paused in released)
        if resumed:
            log.warning("%d tables resume: their play is saved again", resumed)
        for room_id, paused in released:
            room = self.rooms.get(room_id)
            if paused is not None and room is not None:
                for connection in list(self._connections.get(room_id, ())):
                    with connection.speaking():
                        message = gettext(SAVES_AGAIN)
                    connection.outbox.post(saving_frame(room_id, paused=False, message=message))
                self._on_resumed(room, paused, now)
                self.room_changed(room_id)  # shown once the shifted clock is saved too
            else:
                self._refresh(room_id)

    def dismiss(self, connection: Connection, refusal: Refusal) -> None:
        """Tell one connection why it ends, then end it (its socket closes)."""
        self.disconnect(connection)
        connection.outbox.post(refusal.frame())
        connection.end_reason = refusal.code
        connection.ended.set()

    def end_user_sockets(self, user_id: int) -> None:
        """End every socket of one user (he logged out, his session ended or his roles
        changed): each is told so and closed; a page that reconnects is let in again only
        as what its cookie now makes it. May be called from another thread."""
        if self._loop is not None and self._off_loop():
            self._loop.call_soon_threadsafe(self.end_user_sockets, user_id)
            return
        ended = [
            connection
            for connections in self._connections.values()
            for connection in connections
            if connection.viewer is not None and connection.viewer.id == user_id
        ]
        for connection in ended:
            self._end_session(connection)

    def _end_session(self, connection: Connection) -> None:
        with connection.speaking():
            self.dismiss(connection, Refusal("session_ended", gettext(SESSION_ENDED)))

    def close_room(self, room_id: str, last: Frame) -> None:
        """The room closed: each of its sockets gets ``last`` as its final frame and is
        ended; nobody is told of presence any more (the room is gone from the registry)."""
        if self._loop is not None and self._off_loop():
            self._loop.call_soon_threadsafe(self.close_room, room_id, last)
            return
        for key in [key for key in self._present if key[0] == room_id]:
            del self._present[key]
        self._frames.forget(room_id)
        for connection in self._connections.pop(room_id, set()):
            self._replays.forget(connection.sender)
            connection.outbox.post(last)
            connection.ended.set()

    def moved(self, room_id: str) -> None:
        """The room is served by another process now: each of its sockets is told so in
        its own language and ended (the page connects again, to whichever process)."""
        for key in [key for key in self._present if key[0] == room_id]:
            del self._present[key]
        self._frames.forget(room_id)
        for connection in self._connections.pop(room_id, set()):
            self._replays.forget(connection.sender)
            with connection.speaking():
                connection.outbox.post(Refusal("moved", gettext(MOVED)).frame())
            connection.end_reason = "moved"
            connection.ended.set()

    def moved_all(self) -> None:
        """This process stops serving tables (it drained): every socket is told so and
        ended, so its page connects again, to another process."""
        for room_id in list(self._connections):
            self.moved(room_id)

    def _presence(self, room: Room, user: User, *, connected: bool) -> None:
        if self.link is not None:
            self.link.presence(room.id, user, connected)
        elif self.acting(room.id):
            self.presence_changed(room, user, connected=connected)

    def presence_changed(self, room: Room, user: User, *, connected: bool) -> None:
        """Tell a room run here that a user came or went (summed over every process)."""
        try:
            changed = room.presence(user, connected, self.clock())
        except Exception as exc:
            log.error("room %s failed on presence: %s", room.id, describe_failure(exc))
            changed = True
        if changed:
            self.room_changed(room.id)
