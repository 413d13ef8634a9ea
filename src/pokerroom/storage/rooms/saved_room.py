"""A live room whose every input is queued for saving as it happens, and its replay.

:class:`SavedRoom` is a :class:`~pokerroom.room.seam.Room` around a live room: the hub, the
pages and the clock drive it as they drive any room, and each input that changed the table
(or was a signed-in player's message, whose id the room remembers to refuse a replay) is
queued as it happens for the :class:`~pokerroom.storage.rooms.writer.RoomWriter`, which
writes the inputs of every table in batches on a thread of its own, in order. An input the
room failed on is saved too: replayed, it fails the same way at the same point. Ticks and
connections that changed nothing, and observers' refused messages, are not saved: they
changed nothing to replay.

Nothing a queued input did is shown before it is saved (the hub waits for the writer,
:mod:`pokerroom.room.holding`); when the database fails, the inputs wait in memory
until it works again, the table pauses, and the database always holds a gapless prefix of
its inputs.
Every :data:`CHECKPOINT_HANDS` hands the whole room is kept as a signed checkpoint
(:mod:`pokerroom.storage.rooms.checkpoint`), so a restart replays at most that many hands.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar, cast

from pokerroom.protocol.frames import OfcTableFrame, TableFrame
from pokerroom.room.failures import describe_failure
from pokerroom.room.kinds import TableRoom
from pokerroom.room.ofc import OfcRoom
from pokerroom.room.seam import Frame, Outcome, Room, User
from pokerroom.storage.codec import StorageError
from pokerroom.storage.rooms.checkpoint import seal
from pokerroom.storage.rooms.store import Checkpoint, RoomInput
from pokerroom.storage.rooms.writer import RoomWriter

log = logging.getLogger(__name__)

CHECKPOINT_HANDS = 50
"""Hands between two checkpoints of a table: a restart replays at most this many."""

T = TypeVar("T")


class SavedRoom:
    """``room`` saved by ``saver`` as it is played; ``last_serial`` is its last saved input."""

    def __init__(
        self, room: TableRoom, saver: RoomWriter, secret: bytes, *, last_serial: int = 0
    ) -> None:
        self.room = room
        """The live room itself, for what only its kind has (a cash table's ledger)."""
        self.saver = saver
        self._secret = secret
        self._serial = last_serial
        self._checkpoint_hand = room.hand_number
        self._checkpoints = True
        """False once the room could not be pickled: it is then replayed from the start."""

    # ------------------------------------------------------------ the Room API

    @property
    def id(self) -> str:
        return self.room.id

    def snapshot(self, viewer: User | None) -> TableFrame | OfcTableFrame:
        return self.room.snapshot(viewer)

    def public_snapshot(self) -> TableFrame | OfcTableFrame:
        return self.room.public_snapshot()

    def snapshot_over(self, shared: Frame, viewer: User | None) -> Frame:
        """The room's own (:mod:`pokerroom.room.shared_frames`): ``shared`` is what its
        :meth:`public_snapshot` gave."""
        room = self.room
        if isinstance(room, OfcRoom):
            return room.snapshot_over(cast(OfcTableFrame, shared), viewer)
        return room.snapshot_over(cast(TableFrame, shared), viewer)

    def deadline(self) -> float | None:
        return self.room.deadline()

    def handle(self, sender: User | None, message: Mapping[str, object], now: float) -> Outcome:
        data = dict(message)
        return self._saving(
            lambda: self.room.handle(sender, data, now),
            lambda outcome: outcome.changed or sender is not None,
            RoomInput(0, "handle", now, user_to_json(sender), data),
        )

    def tick(self, now: float) -> bool:
        return self._saving(lambda: self.room.tick(now), bool, RoomInput(0, "tick", now))

    def presence(self, user: User, connected: bool, now: float) -> bool:
        return self._saving(
            lambda: self.room.presence(user, connected, now),
            bool,
            RoomInput(0, "presence", now, user_to_json(user), {"connected": connected}),
        )

    # ------------------------------------------------------------ restarts

    def stop(self, now: float) -> None:
        """The server stops now: a restart gives back the time left at this moment."""
        self._keep(RoomInput(0, "stop", now))

    def resume(self, now: float, shift: float) -> None:
        """A restarted server: every time the room keeps moves ``shift`` seconds later."""
        self._saving(
            lambda: self.room.shift_clock(shift),
            lambda _: True,
            RoomInput(0, "resume", now, data={"shift": shift}),
        )

    # ------------------------------------------------------------ saving

    def _saving(self, call: Callable[[], T], changed: Callable[[T], bool], item: RoomInput) -> T:
        with self.saver.together():  # the input and the hands it finished: one transaction
            try:
                result = call()
            except Exception:
                self._keep(item)
                raise
            if changed(result):
                self._keep(item)
            return result

    def _keep(self, item: RoomInput) -> None:
        self._serial += 1
        checkpoint = self._due_checkpoint()
        self.saver.put(
            self.id, RoomInput(self._serial, item.kind, item.at, item.user, item.data), checkpoint
        )
        if checkpoint is not None:
            self._checkpoint_hand = self.room.hand_number

    def _due_checkpoint(self) -> Checkpoint | None:
        room = self.room
        if not (
            self._checkpoints
            and room.hand_done
            and room.hand_number >= self._checkpoint_hand + CHECKPOINT_HANDS
        ):
            return None
        try:
            return seal(room, self._serial, self._secret)
        except Exception as exc:
            self._checkpoints = False
            log.error("table %s cannot be checkpointed: %s", self.id, describe_failure(exc))
            return None


def user_to_json(user: User | None) -> dict[str, Any] | None:
    if user is None:
        return None
    return {"id": user.id, "name": user.name, "roles": sorted(user.roles)}


def user_from_json(data: Mapping[str, Any] | None) -> User | None:
    if data is None:
        return None
    return User(int(data["id"]), str(data["name"]), frozenset(str(r) for r in data["roles"]))


def replay(room: TableRoom, inputs: Iterable[RoomInput]) -> None:
    """Give ``room`` its saved inputs again, in order; one it failed on fails again."""
    for item in inputs:
        try:
            _apply(room, item)
        except Exception as exc:
            item.failed_again(log, f"table {room.id}", exc)


def _apply(room: TableRoom, item: RoomInput) -> None:
    data = item.data or {}
    match item.kind:
        case "handle":
            room.handle(user_from_json(item.user), data, item.at)
        case "tick":
            room.tick(item.at)
        case "presence":
            user = user_from_json(item.user)
            assert user is not None
            room.presence(user, bool(data["connected"]), item.at)
        case "resume":
            room.shift_clock(float(data["shift"]))
        case "stop":
            pass
        case _:
            raise StorageError(f"a saved input of an unknown kind {item.kind!r}")  # machine words


def resume_paused(room: Room, seconds: float, now: float) -> None:
    """The hub's ``on_resumed``: a saved table paused ``seconds`` (it could not save) moves
    its clock by them, so the wait is charged to nobody."""
    if isinstance(room, SavedRoom):
        room.resume(now, seconds)


def live_room(room: Room) -> Room:
    """The live room behind ``room``: a saved room's own, else ``room`` itself (what the
    lobby and the hand archive read of a table is its live room's)."""
    return room.room if isinstance(room, SavedRoom) else room
