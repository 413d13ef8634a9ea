"""Every room added to the registry reports its finished hands to the hand archive.

:func:`archive_listener` is given to :class:`~pokerroom.room.registry.Registry` as its
``on_add``: each live room gets an ``on_hand_finished`` callback that queues the hand for
the server's writer (:class:`~pokerroom.storage.rooms.writer.RoomWriter`), in one
transaction with the table's input that finished it and in order with everything else: a
database that fails keeps it queued until it works again, and the writer never blocks the
event loop.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from pokerroom.room.live import FinishedHand, LiveRoom
from pokerroom.room.registry import LobbyEntry
from pokerroom.room.seam import Room
from pokerroom.storage.hands.archive import HandSeat, WebHand
from pokerroom.storage.models import utcnow
from pokerroom.storage.rooms.saved_room import live_room


def web_hand(
    room: LiveRoom, entry: LobbyEntry, finished: FinishedHand[Any], at: datetime
) -> WebHand:
    """What the archive keeps of ``finished``, a hand of ``room`` listed as ``entry``."""
    return WebHand(
        room_id=room.id,
        room_kind=entry.kind.value,
        room_name=entry.name,
        game=entry.game,
        table_size=room.table_size,
        number=finished.number,
        finished_at=at,
        phh=finished.phh,
        rake=finished.rake,
        seats=tuple(
            HandSeat(position, seat, user, name, result)
            for position, (seat, user, name, result) in enumerate(
                zip(finished.seats, finished.users, finished.names, finished.results, strict=True)
            )
        ),
    )


def archive_listener(
    keep: Callable[[WebHand], object], clock: Callable[[], datetime] = utcnow
) -> Callable[[Room, LobbyEntry], None]:
    """The registry's ``on_add``: a live room gives each hand it finishes to ``keep`` (the
    server's :meth:`~pokerroom.storage.rooms.writer.RoomWriter.keep_hand`)."""

    def attach(listed: Room, entry: LobbyEntry) -> None:
        room = live_room(listed)
        if not isinstance(room, LiveRoom):
            return

        def save(finished: FinishedHand[Any]) -> None:
            keep(web_hand(room, entry, finished, clock()))

        room.on_hand_finished = save

    return attach
