"""Hands imported from other rooms' histories, kept in the hand archive.

Each imported hand is archived as a hand of a room of kind ``imported``, named after the
table it was played at (``pokerstars:Altair II``), with its source room and id
(migration 0013), so importing a file twice adds nothing the second time. Its players
have no account here, except the hero (the history's "Dealt to" player) when the import
names the account he plays as: he then finds the hands among his own (``/hands``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from pokerroom.history.imports import ImportedHand
from pokerroom.storage.hands.archive import HandArchive, HandSeat, WebHand

IMPORTED = "imported"
"""The archive's room kind of an imported hand."""
_GAMES = {"T": "HE", "O": "O"}


@dataclass(frozen=True, slots=True)
class ImportCount:
    """What an import did to the archive."""

    added: int
    already: int
    """Hands imported before (the same room and hand id), left as they were."""


def lobby_game(code: str) -> str:
    """The game as the lobby names it, from the PHH code: ``NT`` is NLHE, ``PO/8`` PLO8."""
    limit, game = code[0], code[1]
    cards = code[2:].removesuffix("/8")
    return f"{limit}L{_GAMES[game]}{cards}" + ("8" if code.endswith("/8") else "")


def web_hand(hand: ImportedHand, account_id: int | None = None) -> WebHand:
    """The imported hand as the archive keeps it; ``account_id`` plays the hero's seat."""
    phh = hand.phh
    finishing = phh.finishing_stacks or phh.starting_stacks
    names = phh.players or tuple(f"p{p + 1}" for p in range(phh.player_count))
    seats = tuple(
        HandSeat(
            position=p,
            seat=hand.seats[p],
            account_id=account_id if p == hand.hero else None,
            name=names[p],
            result=int(finishing[p] - phh.starting_stacks[p]),
        )
        for p in range(phh.player_count)
    )
    table = hand.table or hand.source
    return WebHand(
        room_id=f"{hand.source}:{table}"[:100],
        room_kind=IMPORTED,
        room_name=table[:200],
        game=lobby_game(phh.variant),
        table_size=hand.table_size,
        number=0,  # the archive numbers imported hands in their room
        finished_at=hand.played_at or datetime(1970, 1, 1),
        phh=hand.document,
        rake=int(sum(phh.rake or ())),
        seats=seats,
        source=hand.source,
        source_hand=hand.source_id,
    )


def import_hands(
    archive: HandArchive, hands: Sequence[ImportedHand], account_id: int | None = None
) -> ImportCount:
    """Archive ``hands`` all at once; the ones imported before are counted and left."""
    ids = archive.add_imported([web_hand(hand, account_id) for hand in hands])
    added = sum(1 for hand_id in ids if hand_id is not None)
    return ImportCount(added, len(ids) - added)
