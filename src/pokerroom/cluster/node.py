"""One process of a cluster: serves the commands of the tables it owns, forwards the others',
tells what it saved and follows what the others saved.

It is the hub's :class:`~pokerroom.room.link.RoomLink`. A socket's checked message for a
table owned elsewhere goes to the owner on ``pokerroom.room.<id>.cmd``; the owner handles it
exactly as a local message (in the sender's language), waits until the outcome is saved,
and answers. After each commit the owner publishes ``pokerroom.room.<id>.saved`` with the
serial saved and, when none of them names a card, the inputs that commit saved; every
follower replays the inputs after its own serial (from the notice when it holds the ones
before them, else read from the database) and refreshes its sockets. Notices are hints: a
duplicate is ignored; a gap, one without inputs or one from an older epoch than seen is
read from the database; and a lost one is repaired by the next or by the check every
:data:`CHECK_SECONDS`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Mapping, Sequence
from functools import partial
from typing import Any, Protocol

from pokerroom.cluster.apart_tables import ApartTables, TableCopy
from pokerroom.cluster.broker import Broker, NoAnswerError, Subscription
from pokerroom.cluster.follower import ClusterRoom, follow
from pokerroom.cluster.ownership import Ownership
from pokerroom.cluster.presence import PresenceTally
from pokerroom.cluster.subjects import (
    CLOSED,
    CLUB_CHANGED,
    EVERY_SAVED,
    OPENED,
    BadPayloadError,
    command,
    decode,
    encode,
    notice_from,
    notice_to_bytes,
    outcome_from,
    outcome_to_bytes,
    saved,
)
from pokerroom.cluster.tournament_copy import TournamentCopy
from pokerroom.i18n import DEFAULT_LANGUAGE, LANGUAGES, Language, gettext, use_language
from pokerroom.room.hub import MOVED, Hub, room_vocabulary
from pokerroom.room.occupants import Occupant
from pokerroom.room.registry import Registry, entry_from_json
from pokerroom.room.seam import Outcome, Room, User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.storage.rooms.saved_room import user_from_json, user_to_json
from pokerroom.storage.rooms.store import RoomInput, RoomWrite, StoredRoom
from pokerroom.storage.rooms.tournament_tables import TABLE_KIND
from pokerroom.storage.rooms.tournaments import TOURNAMENT_KIND
from pokerroom.storage.rooms.writer import RoomWriter

log = logging.getLogger(__name__)

FORWARD_SECONDS = 3.0
"""How long a forwarded message waits for its owner's answer."""
CHECK_SECONDS = 2.0
"""How often every copy is checked against the database (a lost notice costs at most this
and :data:`NOTICE_SECONDS`)."""
NOTICE_SECONDS = 0.5
"""How long the check lets a commit's notice travel before it reads the database for a copy
still behind: a notice on its way carries the inputs, and the read would be wasted."""


TableCommand = Callable[[str, User | None, Mapping[str, str], Language], Outcome]
"""A page's command for a table (close it, switch its observers), run on its owner: the
table's id, the user, the form's fields and the page's language."""


class Tournaments(Protocol):
    """How the web server follows its tournaments, runs one here and lets one go."""

    def follow(self, stored: StoredRoom) -> TournamentCopy:
        """A copy of ``stored`` built from the database, not run (blocking: on a thread)."""
        ...

    def list(self, copy: TournamentCopy) -> None:
        """List a followed copy and its tables in the registry."""
        ...

    def run_here(self, copy: TournamentCopy) -> None:
        """This process owns the tournament now: its copy runs here, in place."""
        ...

    def stop_running(self, stored: StoredRoom) -> TournamentCopy | None:
        """The tournament ``stored`` run here until now acts no more: its copy, to follow
        in place (None: it does not run here)."""
        ...

    def drop(self, lease: str) -> None:
        """The tournament leaves this process's registry (its sockets told it moved)."""
        ...


Copy = ClusterRoom | TournamentCopy | TableCopy
"""A followed copy: a table's, a web tournament's with its tables, or one table of a
tournament played apart."""


def _nothing(_lease: str) -> None:
    return None


class ClusterNode:
    """This process's side of the cluster: ``broker``, ``ownership``, the server's
    ``registry`` and ``writer``; ``closed(room_id)`` ends the sockets of a room closed
    elsewhere. :meth:`attach` gives it the hub before :meth:`running`."""

    def __init__(
        self,
        broker: Broker,
        ownership: Ownership,
        registry: Registry,
        writer: RoomWriter,
        secret: bytes,
        closed: Callable[[str], None],
    ) -> None:
        self.broker = broker
        self.ownership = ownership
        self.registry = registry
        self.writer = writer
        self.secret = secret
        self._closed = closed
        self._hub: Hub | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._serving: dict[str, Subscription] = {}
        self._listening: list[Subscription] = []
        self._catching: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._loading: dict[str, asyncio.Future[None]] = {}
        """Tables being read to be followed: a second asker waits for the first read."""
        self._present = PresenceTally()
        self._epochs: dict[str, int] = {}
        self._tournaments: dict[str, TournamentCopy] = {}
        """The web tournaments followed here (not run here), by id."""
        self._committed: dict[str, int] = {}
        """The last input committed of each web tournament run here."""
        self._letting_go: dict[str, asyncio.Task[None]] = {}
        """Web tournaments lost, being turned into followed copies: a takeover of one waits
        for it (it runs the copy, never the lost run)."""
        self._tasks: set[asyncio.Task[Any]] = set()
        self.tournaments: Tournaments | None = None
        """How web tournaments are followed and run (None: they are not followed)."""
        self.table_commands: Mapping[str, TableCommand] = {}
        """The pages' commands this process runs for the tables it owns, by kind."""
        self.reread_club: Callable[[int], Coroutine[Any, Any, None]] | None = None
        """Reads a club's members and directors again, told it changed elsewhere (None:
        this process keeps no club)."""
        self.apart = ApartTables(self)
        """The tables of tournaments played apart, run or followed here."""

    def attach(self, hub: Hub) -> None:
        self._hub = hub

    @property
    def hub(self) -> Hub:
        assert self._hub is not None, "attach the hub first"
        return self._hub

    # ------------------------------------------------------------ the hub's link

    def remote(self, room_id: str) -> bool:
        return (
            self._following_table(room_id)
            or self.ownership.lease_of(room_id) in self._tournaments
            or self.apart.copy(room_id) is not None
        )

    def _following_table(self, room_id: str) -> bool:
        listed = self.registry.find(room_id)
        return listed is not None and isinstance(listed.room, ClusterRoom) and listed.room.following

    def _copy(self, room_id: str) -> Copy | None:
        """The copy followed here of the table or tournament ``room_id`` (None: it runs
        here, or is not known)."""
        if room_id in self._tournaments:
            return self._tournaments[room_id]
        listed = self.registry.find(room_id)
        if listed is not None and isinstance(listed.room, ClusterRoom) and listed.room.following:
            return listed.room
        return self.apart.copy(room_id)

    def _shown(self, room_id: str) -> list[str]:
        """The rooms whose sockets show what was saved for ``room_id``: the table, or the
        tournament and its tables."""
        copy = self._tournaments.get(room_id)
        return [room_id] if copy is None else copy.room_ids()

    def _saved_elsewhere(self, room_id: str) -> None:
        for shown in self._shown(room_id):
            self.hub.saved_elsewhere(shown)

    async def forward(
        self, room_id: str, sender: User | None, message: dict[str, object], language: Language
    ) -> Outcome:
        asked = {"kind": "message", "user": user_to_json(sender), "message": message}
        return await self._ask(room_id, {**asked, "language": language}, language)

    async def table_command(
        self,
        room_id: str,
        kind: str,
        sender: User | None,
        fields: dict[str, str],
        language: Language,
    ) -> Outcome:
        asked = {"kind": kind, "user": user_to_json(sender), "fields": fields}
        outcome = await self._ask(room_id, {**asked, "language": language}, language)
        if outcome.changed:  # the page that follows shows it: read what the owner saved
            await self._catch_up(self.ownership.lease_of(room_id))
        return outcome

    async def _ask(self, room_id: str, asked: dict[str, Any], language: Language) -> Outcome:
        """The owner's answer to ``asked``; ``moving`` if none comes in time. It goes to
        the owner of the room's lease (a tournament's table: its tournament's)."""
        subject = command(self.ownership.lease_of(room_id))
        try:
            answer = await self.broker.request(
                subject, encode({**asked, "room": room_id}), FORWARD_SECONDS
            )
            return outcome_from(answer)
        except (NoAnswerError, BadPayloadError):
            with use_language(language):
                return Outcome(False, gettext(MOVED), "moving")

    def club_changed(self, club_id: int) -> None:
        self._spawn(self.broker.publish(CLUB_CHANGED, encode({"club": club_id})))

    async def _heard_club_changed(self, _subject: str, payload: bytes) -> None:
        """Another process changed a club (a process never hears its own hints)."""
        with contextlib.suppress(BadPayloadError, KeyError, TypeError, ValueError):
            club = int(decode(payload)["club"])
            if self.reread_club is not None:
                await self.reread_club(club)

    def presence(self, room_id: str, user: User, connected: bool) -> None:
        if self.ownership.owns(room_id):
            self._tally(room_id, user, self.ownership.node, connected)
            return
        told = {"kind": "presence", "node": self.ownership.node, "connected": connected}
        self._spawn(self._tell_presence(room_id, {**told, "user": user_to_json(user)}))

    async def _tell_presence(self, room_id: str, told: dict[str, Any]) -> None:
        subject = command(self.ownership.lease_of(room_id))
        with contextlib.suppress(NoAnswerError):
            await self.broker.request(subject, encode({**told, "room": room_id}), FORWARD_SECONDS)

    def _tally(self, room_id: str, user: User, node: str, connected: bool) -> bool:
        """One process's count of a user at a room changed; the room hears of the sum."""
        listed = self.registry.find(room_id)
        if not self._present.report(room_id, user.id, node, connected) or listed is None:
            return False
        self.hub.presence_changed(listed.room, user, connected=connected)
        return True

    # ------------------------------------------------------------ the owner's side

    async def _command(self, lease: str, payload: bytes) -> bytes:
        """One forwarded command for a room of a lease owned here (the table, or a
        tournament or one of its tables), answered once its outcome is saved."""
        room_id = lease
        try:
            asked = decode(payload)
            language = asked.get("language")
            language = language if language in LANGUAGES else DEFAULT_LANGUAGE
            user = user_from_json(asked.get("user"))
            room_id = str(asked.get("room", lease))
            listed = self.registry.find(room_id)
            mine = self.ownership.lease_of(room_id) == lease and self.ownership.owns(room_id)
            if listed is None or not mine:
                with use_language(language):
                    return outcome_to_bytes(Outcome(False, gettext(MOVED), "moving"))
            kind = asked.get("kind")
            if kind == "hand_done" and isinstance(listed.room, RoomTournament):
                table, number = int(asked["table"]), int(asked["number"])
                outcome = await self.apart.record(listed.room, table, number, int(asked["serial"]))
            elif kind == "presence" and user is not None:
                changed = self._tally(room_id, user, str(asked["node"]), bool(asked["connected"]))
                outcome = Outcome(changed)
            elif isinstance(kind, str) and kind in self.table_commands:
                fields = asked.get("fields")
                if not isinstance(fields, dict):
                    raise BadPayloadError("a table command's fields are not an object")
                texts = {str(name): str(value) for name, value in fields.items()}
                outcome = self.table_commands[kind](room_id, user, texts, language)
            else:
                message = asked["message"]
                if not isinstance(message, dict):
                    raise BadPayloadError("a command's message is not an object")
                with use_language(language, room_vocabulary(listed.room)):
                    outcome = self.hub.apply(listed.room, user, message)
                if outcome.changed:
                    self.hub.room_changed(room_id)
        except (BadPayloadError, KeyError, TypeError, ValueError) as error:
            log.warning("a command for table %s was not understood: %s", room_id, error)
            return outcome_to_bytes(Outcome(False, "not understood", "bad_command"))
        await asyncio.wrap_future(self.writer.when_saved())
        return outcome_to_bytes(outcome)

    def _written(self, batch: list[RoomWrite]) -> None:
        """The writer committed ``batch`` (on its thread): tell the others."""
        loop = self._loop
        if loop is not None:
            loop.call_soon_threadsafe(self._announce, batch)

    def _announce(self, written: list[RoomWrite]) -> None:
        inputs: dict[str, list[RoomInput]] = {}
        epochs: dict[str, int] = {}
        told: list[tuple[str, bytes]] = []
        for write in written:
            if write.input is not None:
                inputs.setdefault(write.room_id, []).append(write.input)
                if write.fence is not None:
                    epochs[write.room_id] = write.fence[1]
            if write.created is not None or write.entry is not None:
                told.append((OPENED, encode({"room": write.room_id})))
            made = write.created
            if (
                made is not None
                and made.kind in (TOURNAMENT_KIND, TABLE_KIND)
                and self.ownership.owns(write.room_id)
            ):
                self._spawn(self._serve(write.room_id))  # its pages and sockets elsewhere ask here
                listed = self.registry.find(write.room_id)
                if listed is not None and isinstance(listed.room, RoomTournament):
                    self.apart.hook(listed.room)
            if write.closed:
                told.append((CLOSED, encode({"room": write.room_id})))
        for room_id, items in inputs.items():
            listed = self.registry.find(room_id)
            if listed is not None and isinstance(listed.room, ClusterRoom):
                listed.room.saved_up_to(items[-1].serial)
            elif listed is not None:  # a web tournament run here
                self._committed[room_id] = items[-1].serial
            epoch = self._epochs[room_id] = (
                epochs.get(room_id) or self.ownership.epoch(room_id) or 0
            )  # as the others hear it (this process does not hear its own notices)
            told.append((saved(room_id), notice_to_bytes(room_id, items[-1].serial, epoch, items)))
        if told:
            self._spawn(self._publish(told))

    async def _publish(self, told: list[tuple[str, bytes]]) -> None:
        """One commit's notices, in order, from one task (not one task each)."""
        for subject, payload in told:
            await self.broker.publish(subject, payload)

    async def load(self, lease: str) -> bool:
        """The ownership loop took ``lease`` over: its followed copy (a table's or a web
        tournament's) is caught up and run here, in place: its sockets stay open (a
        tournament lost a moment ago is first made a followed copy)."""
        letting_go = self._letting_go.get(lease)
        if letting_go is not None:
            await asyncio.shield(letting_go)
        listed = self.registry.find(lease)
        if listed is None:
            await self._load(lease)
            listed = self.registry.find(lease)
        if lease in self._tournaments:
            return await self._run_tournament(lease)
        if self.apart.table_of(lease) is not None:
            return await self.apart.run_here(lease)
        if listed is None or not isinstance(listed.room, ClusterRoom):
            return False
        room = listed.room
        if room.stale:
            await self._reload(lease)
            if room.stale:  # not read: not run from a state the database does not hold
                return False
        await self._catch_up(lease)
        if not self.ownership.owns(lease):
            return False
        if room.following:
            room.following = False
            now = time.time()
            room.resume(now, now + self.ownership.settings.takeover_grace - room.last_at(now))
            log.info("table %s taken over at input %d", lease, room.serial)
            self.count_present(room, room.room.occupants.values())
        await self._serve(lease)
        self.hub.room_changed(lease)
        return True

    async def _run_tournament(self, lease: str) -> bool:
        """A followed tournament taken over: caught up, then run here in place; the users
        with a socket at one of its tables here are present (the others are gone until
        their process tells it again)."""
        await self._catch_up(lease)
        copy = self._tournaments.get(lease)
        if copy is None or self.tournaments is None or not self.ownership.owns(lease):
            return False
        del self._tournaments[lease]
        self.tournaments.run_here(copy)
        log.info("tournament %s taken over at input %d", lease, copy.serial)
        for room in copy.tournament.rooms.values():
            if copy.tournament.apart:
                break  # each table is a lease of its own, counted by its owner
            for user in self.hub.viewers(room.id):
                self._present.report(room.id, user.id, self.ownership.node, True)
                self.hub.presence_changed(room, user, connected=True)
        await self._serve(lease)
        for room_id in copy.room_ids():
            self.hub.room_changed(room_id)
        return True

    def count_present(self, room: Room, occupants: Iterable[Occupant]) -> None:
        """A table just taken over (``room``, seating ``occupants``): its players with a
        socket here are counted present; those the table still believes connected through
        the lost owner are told gone (their grace runs), until their process tells it again
        (when it sees the table's new epoch)."""
        here = self.hub.viewers(room.id)
        for user in here:
            self._present.report(room.id, user.id, self.ownership.node, True)
        seen = {user.id for user in here}
        for occupant in list(occupants):
            if occupant.user is not None and occupant.connected and occupant.user not in seen:
                self.hub.presence_changed(room, User(occupant.user, occupant.name), connected=False)

    def lost(self, room_id: str) -> None:
        """This process no longer owns the table (or web tournament): it follows it."""
        listed = self.registry.find(room_id)
        if listed is not None and isinstance(listed.room, ClusterRoom):
            if listed.room.lose():  # its unsaved inputs will never be: the database's state
                self._spawn(self._reload(room_id))
        elif self.apart.lost(room_id):
            pass
        elif self.tournaments is not None and room_id not in self._tournaments:
            letting_go = asyncio.get_running_loop().create_task(self._follow_run(room_id))
            self._letting_go[room_id] = letting_go
            letting_go.add_done_callback(lambda _task: self._letting_go.pop(room_id, None))
        subscription = self._serving.pop(room_id, None)
        if subscription is not None:
            self._spawn(subscription.stop())

    async def _follow_run(self, lease: str) -> None:
        """A web tournament run here until now is followed in place, its sockets kept, when
        all it did is saved; else (fenced out with calls never saved) it leaves and is
        followed anew from the database, its sockets told it moved."""
        tournaments = self.tournaments
        assert tournaments is not None
        stored = await asyncio.to_thread(self.writer.store.open_room, lease)
        copy = None if stored is None else tournaments.stop_running(stored)
        if copy is not None and copy.serial <= self._committed.get(lease, 0):
            self._tournaments[lease] = copy
            log.info("tournament %s is followed here now, at input %d", lease, copy.serial)
            await self._catch_up(lease)
            return
        tournaments.drop(lease)
        await self._load(lease)

    async def _reload(self, room_id: str) -> None:
        """Rebuild a stale copy from the database, in place, and show it."""
        try:
            stored = await asyncio.to_thread(self.writer.store.open_rooms, room_id)
            if not stored:
                return
            fresh = await asyncio.to_thread(follow, stored[0], self.writer, self.secret)
        except Exception as exc:
            log.error("table %s cannot be read again: %s", room_id, exc)
            return
        listed = self.registry.find(room_id)
        if listed is None or not isinstance(listed.room, ClusterRoom) or not listed.room.stale:
            return
        listed.room.adopt(fresh)
        self.registry.reattach(room_id)
        self.hub.saved_elsewhere(room_id)

    async def _serve(self, room_id: str) -> None:
        if room_id not in self._serving:
            self._serving[room_id] = await self.broker.serve(
                command(room_id), partial(self._command, room_id)
            )

    def opened_here(self, room: ClusterRoom) -> None:
        """A table this process just opened (and claimed): serve its commands. May be
        called from another thread."""
        loop = self._loop
        if loop is not None:
            loop.call_soon_threadsafe(lambda: self._spawn(self._serve(room.id)))

    # ------------------------------------------------------------ the followers' side

    async def _heard_saved(self, _subject: str, payload: bytes) -> None:
        try:
            notice = notice_from(payload)
        except BadPayloadError as error:
            log.warning("a saved notice was not understood: %s", error)
            return
        epoch = self._epochs.get(notice.room)
        self._epochs[notice.room] = notice.epoch
        if epoch is not None and epoch != notice.epoch and self.remote(notice.room):
            for shown in self._shown(notice.room):  # a new owner: it hears who is here
                for user in self.hub.viewers(shown):
                    self.presence(shown, user, True)
        if self.registry.find(notice.room) is None:
            await self._load(notice.room)
            return
        copy = self._copy(notice.room)
        if copy is None or notice.serial <= copy.serial:
            return
        trusted = epoch is None or notice.epoch >= epoch  # an older owner's: read the truth
        if trusted and self._replayed(notice.room, copy, notice.inputs):
            self._saved_elsewhere(notice.room)
        if copy.serial < notice.serial:  # a gap, no inputs or doubt: the database says
            await self._catch_up(notice.room)

    def _replayed(self, room_id: str, copy: Copy, inputs: Sequence[RoomInput]) -> bool:
        """Whether ``copy`` replayed some of ``inputs``; a tournament's that cannot is
        read again from the database (its copy is dropped and followed anew)."""
        try:
            changed = copy.catch_up(inputs)
        except Exception as exc:
            if not isinstance(copy, TournamentCopy) or self.tournaments is None:
                raise
            log.error("tournament %s cannot be followed: %s", room_id, exc)
            self.follow_anew(room_id)
            return False
        if isinstance(copy, TableCopy) and not copy.complete:
            self._spawn(self._director_first(copy))
        elif isinstance(copy, TournamentCopy) and changed and copy.tournament.apart:
            self._spawn(self.apart.after_director(copy.tournament))
        return changed

    def follow_anew(self, tournament_id: str) -> bool:
        """Drop the copy of a tournament followed here and read it again from the database
        (its sockets told it moved); False if it is run here, not followed."""
        if tournament_id not in self._tournaments or self.tournaments is None:
            return False
        del self._tournaments[tournament_id]
        self.tournaments.drop(tournament_id)
        self._spawn(self._load(tournament_id))
        return True

    async def _director_first(self, copy: TableCopy) -> None:
        """A table's copy stopped at a hand its director has not offered here yet: read the
        director further, then the table again."""
        await self._catch_up(copy.room.owner.id)
        await self._catch_up(copy.room.id)

    async def _heard_opened(self, _subject: str, payload: bytes) -> None:
        with contextlib.suppress(BadPayloadError, KeyError):
            room_id = str(decode(payload)["room"])
            if room_id not in self.registry:
                await self._load(room_id)
            elif self._following_table(room_id):
                stored = await asyncio.to_thread(self.writer.store.open_rooms, room_id)
                if stored and room_id in self.registry:
                    self.registry.relist(room_id, entry_from_json(stored[0].entry))
                    self.hub.saved_elsewhere(room_id)  # observers switched off leave here too

    async def _heard_closed(self, _subject: str, payload: bytes) -> None:
        with contextlib.suppress(BadPayloadError, KeyError):
            self._close(str(decode(payload)["room"]))

    def _close(self, room_id: str) -> None:
        if self._following_table(room_id):
            self.registry.forget(room_id)
            self._closed(room_id)

    async def _load(self, room_id: str) -> None:
        """Follow a table this process does not know yet (once: a second asker, such as a
        takeover while a notice's read is under way, waits for the first read)."""
        loading = self._loading.get(room_id)
        if loading is not None:
            await asyncio.shield(loading)
            return
        done = self._loading[room_id] = asyncio.get_running_loop().create_future()
        try:
            stored = await asyncio.to_thread(self.writer.store.open_rooms, room_id)
            if stored and room_id not in self.registry:
                await self._follow(stored[0])
        except Exception as exc:
            log.error("table %s cannot be followed: %s", room_id, exc)
        finally:
            del self._loading[room_id]
            done.set_result(None)

    async def _catch_up(self, room_id: str) -> None:
        """Bring the copy up to what the database holds (one reader per table at a time)."""
        running = self._catching.get(room_id)
        if running is not None:
            self._again.add(room_id)
            await asyncio.shield(running)
            return
        task = asyncio.get_running_loop().create_task(self._read(room_id))
        self._catching[room_id] = task
        try:
            await asyncio.shield(task)
        finally:
            if task.done():
                self._catching.pop(room_id, None)

    async def _read(self, room_id: str) -> None:
        while True:
            self._again.discard(room_id)
            copy = self._copy(room_id)
            if copy is None:
                return
            inputs = await asyncio.to_thread(self.writer.store.inputs, room_id, copy.serial)
            if self._copy(room_id) is copy and self._replayed(room_id, copy, inputs):
                self._saved_elsewhere(room_id)
            if room_id not in self._again:
                return

    async def _check(self) -> None:
        """Every copy against the database: what a lost notice missed is read now; a lease
        held here whose copy is still followed (its takeover came while this process could
        not act) is run now; and the steps of the apart tables run here that were missed
        are taken (:meth:`ApartTables.sweep`)."""
        while True:
            await asyncio.sleep(CHECK_SECONDS)
            try:
                serials = await asyncio.to_thread(self.writer.store.last_serials)
            except Exception as exc:
                log.warning("checking the followed tables failed: %s", exc)
                continue
            for room_id in list(self.registry):
                if room_id not in serials:
                    self._close(room_id)
            await asyncio.sleep(NOTICE_SECONDS)
            for room_id, serial in serials.items():
                copy = self._copy(room_id)
                if self.registry.find(room_id) is None:
                    self._spawn(self._load(room_id))
                elif copy is not None and serial > copy.serial:
                    self._spawn(self._catch_up(room_id))
            for room_id in list(self.registry):  # held here, yet still followed: run it
                held = self.ownership.lease_of(room_id) == room_id
                if held and self._copy(room_id) is not None and self.ownership.owns(room_id):
                    self._spawn(self.load(room_id))
            await self.apart.sweep()

    # ------------------------------------------------------------ running

    async def follow_all(self) -> None:
        """At start: a follower of every open table (the ownership loop then takes over
        those nobody owns)."""
        stored = await asyncio.to_thread(self.writer.store.open_rooms)
        for table in stored:
            if table.id in self.registry:
                continue
            try:
                await self._follow(table)
            except Exception as exc:
                log.error("table %s cannot be followed: %s", table.id, exc)

    async def _follow(self, stored: StoredRoom) -> None:
        """Follow the table or web tournament ``stored`` (a tournament only if this server
        follows tournaments: ``tournaments``)."""
        if stored.kind == TABLE_KIND:  # it comes with its tournament: read that further
            await self._catch_up(str(stored.settings["tournament"]))
            return
        if stored.kind == TOURNAMENT_KIND:
            tournaments = self.tournaments
            if tournaments is None:
                return
            copy = await asyncio.to_thread(tournaments.follow, stored)
            if stored.id not in self.registry:  # a notice heard meanwhile may have read it
                self._tournaments[stored.id] = copy
                self.apart.hook(copy.tournament)
                tournaments.list(copy)
            return
        table = await asyncio.to_thread(follow, stored, self.writer, self.secret)
        if stored.id not in self.registry:
            self.registry.add(table, entry_from_json(stored.entry))

    async def listen(self) -> None:
        """Hear the other processes' notices and hints."""
        self._listening = [
            await self.broker.subscribe(EVERY_SAVED, self._heard_saved),
            await self.broker.subscribe(OPENED, self._heard_opened),
            await self.broker.subscribe(CLOSED, self._heard_closed),
            await self.broker.subscribe(CLUB_CHANGED, self._heard_club_changed),
        ]

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[ClusterNode]:
        """The app's lifespan: listen, follow, own what nobody owns; give it all up at the end."""
        self._loop = asyncio.get_running_loop()
        self.writer.on_written = self._written
        await self.listen()
        await self.follow_all()
        self.ownership.load = self.load
        self.ownership.watch(_nothing, self.lost)
        checking = self._loop.create_task(self._check())
        try:
            async with self.ownership.running():
                yield self
                await self.ownership.drain()
        finally:
            checking.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await checking
            for subscription in [*self._listening, *self._serving.values()]:
                await subscription.stop()
            self._serving.clear()
            self.writer.on_written = None
            for task in list(self._tasks):
                task.cancel()
            self._loop = None

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
