"""A whole live room kept at one moment, so a long-played table resumes without its history.

The room is pickled and compressed, and signed with the server's secret (HMAC-SHA256): a
checkpoint is only unpickled when its signature is the server's own, so whoever could write
to the database still cannot make the server run code. It is only read back by the code
that wrote it (its :func:`fingerprint`); another pokerroom (an upgrade) replays the table
from its settings and seed instead. It holds the deck (X-4): it never leaves the server.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import pickle
import zlib
from functools import cache
from pathlib import Path

import pokerroom
from pokerroom.room.failures import describe_failure
from pokerroom.room.kinds import TABLE_ROOMS, TableRoom
from pokerroom.storage.rooms.recipes import build_room
from pokerroom.storage.rooms.store import Checkpoint, StoredRoom

log = logging.getLogger(__name__)

PACKAGE = Path(pokerroom.__file__).parent


@cache
def fingerprint() -> str:
    """A digest of this pokerroom's version and every source file of it."""
    digest = hashlib.sha256(pokerroom.__version__.encode())
    for path in sorted(PACKAGE.rglob("*.py")):
        digest.update(str(path.relative_to(PACKAGE)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def seal(room: TableRoom, serial: int, secret: bytes) -> Checkpoint:
    """The room as it is after input ``serial``, signed with ``secret``."""
    return seal_state(room, serial, secret)


def unseal(checkpoint: Checkpoint, secret: bytes, room_id: str) -> TableRoom | None:
    """The room kept in ``checkpoint``, or None when it is not this server's and this
    code's own (it is then replayed from the start)."""
    room = unseal_state(checkpoint, secret, f"table {room_id}")
    if room is not None and (not isinstance(room, TABLE_ROOMS) or room.id != room_id):
        log.warning("table %s: its checkpoint holds another table; ignored", room_id)
        return None
    return room


def starting_point(stored: StoredRoom, secret: bytes | None) -> tuple[TableRoom, int]:
    """``stored`` as of its checkpoint when ``secret`` opens it, else as its recipe builds
    it; and the serial of the last input that holds (its inputs after it are to replay)."""
    point = stored.checkpoint
    room = None if point is None or secret is None else unseal(point, secret, stored.id)
    if room is None or point is None:
        return build_room(stored.kind, stored.id, stored.settings, stored.seed), 0
    return room, point.serial


def seal_state(state: object, serial: int, secret: bytes) -> Checkpoint:
    """Anything of the server's own (a room, a tournament) as a signed checkpoint."""
    kept = zlib.compress(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL), 1)
    return Checkpoint(serial, fingerprint(), kept, _signature(secret, serial, kept))


def unseal_state(checkpoint: Checkpoint, secret: bytes, what: str) -> object | None:
    """What ``checkpoint`` holds, or None (logged, naming ``what``) when it is not this
    server's and this code's own."""
    if checkpoint.fingerprint != fingerprint():
        log.info("%s: its checkpoint is another pokerroom's; replaying it all", what)
        return None
    expected = _signature(secret, checkpoint.serial, checkpoint.state)
    if not hmac.compare_digest(expected, checkpoint.signature):
        log.warning("%s: its checkpoint is not signed by this server; ignored", what)
        return None
    try:
        kept: object = pickle.loads(zlib.decompress(checkpoint.state))  # signed: ours (above)
    except Exception as exc:
        log.warning("%s: its checkpoint cannot be read (%s)", what, describe_failure(exc))
        return None
    return kept


def _signature(secret: bytes, serial: int, state: bytes) -> str:
    return hmac.new(secret, b"%d:" % serial + state, hashlib.sha256).hexdigest()
