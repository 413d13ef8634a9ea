"""Every room added to the registry reports its finished hands to the hand archive.

:func:`archive_listener` is given to :class:`~pokerroom.web.registry.Registry` as its
``on_add``: each live room gets an ``on_hand_finished`` callback that saves the hand
(:class:`~pokerroom.storage.hand_archive.HandArchive`). A database that fails is one line
in the server's log; the table plays on (its last hands stay in ``room.hands``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

from pokerroom.storage.codec import StorageError
from pokerroom.storage.hand_archive import HandArchive, HandSeat, WebHand
from pokerroom.storage.models import utcnow
from pokerroom.web.registry import LobbyEntry
from pokerroom.web.room.live import FinishedHand, LiveRoom
from pokerroom.web.saving.saved_room import live_room
from pokerroom.web.seam import Room

LOG = logging.getLogger("pokerroom.web")


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
    archive: HandArchive, clock: Callable[[], datetime] = utcnow
) -> Callable[[Room, LobbyEntry], None]:
    """The registry's ``on_add``: a live room saves each hand it finishes in ``archive``."""

    def attach(listed: Room, entry: LobbyEntry) -> None:
        room = live_room(listed)
        if not isinstance(room, LiveRoom):
            return

        def save(finished: FinishedHand[Any]) -> None:
            try:
                archive.save(web_hand(room, entry, finished, clock()))
            except StorageError as error:
                LOG.error("hand %d of %s was not archived: %s", finished.number, room.id, error)

        room.on_hand_finished = save

    return attach
