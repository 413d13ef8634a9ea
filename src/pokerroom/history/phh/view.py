"""One player's copy of a stored hand history: the complete PHH cut down to his view (X-4).

The store keeps every hand complete (:func:`~pokerroom.history.write_phh`); an
export for a player must not carry the cards he never saw. The stored document
is replayed and written again as that player saw it.
"""

from __future__ import annotations

from pokerroom.history.phh.documents import PhhError, parse_phh
from pokerroom.history.phh.writing import write_phh_seen_by
from pokerroom.history.replay import replay_hand


def phh_seen_by(complete: str, viewer: int | None) -> str:
    """The complete PHH document ``complete`` as position ``viewer`` (``None``: an observer)
    saw it: his own cards, the boards, up cards and shown hands."""
    phh = parse_phh(complete)
    result = replay_hand(phh)
    if result.hand is None or result.error is not None or not result.complete:
        reason = result.error.message if result.error is not None else "it does not finish"
        raise PhhError(f"the stored hand does not replay ({reason}), so no view can be made")
    rake = None if phh.rake is None else [result.scale.chips(paid) for paid in phh.rake]
    return write_phh_seen_by(result.hand, viewer, phh.players, rake=rake)  # P-9: public
