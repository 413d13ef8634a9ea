"""One player's copies of an archived hand: PHH, PokerStars text and the replayer's steps.

Each is written from the stored complete document replayed by the engine, then censored
for the player's position by the history writers (``*_seen_by``, X-4): his own cards, the
boards, up cards and hands shown; every other card is hidden, burns are never written.

Many hands in one file, as the tools that read them expect: PHH's ``.phhs`` form (each hand a
TOML table ``[1]``, ``[2]``, … in order, separated by a blank line, as PokerKit writes and
reads them) and PokerStars text with two blank lines between hands, as a PokerStars
history file has them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from pokerroom.engine.hand import Hand
from pokerroom.history.phh.documents import PhhError, PhhHand, parse_phh
from pokerroom.history.phh.writing import write_phh_seen_by
from pokerroom.history.pokerstars import StarsTable, write_pokerstars
from pokerroom.history.replay import replay_hand
from pokerroom.storage.hands.archive import ArchivedHand
from pokerroom.web.replayer import Step, complete_steps, replay_steps

HANDS_APART = "\n\n"
"""What separates two hands of a bulk PokerStars file (two blank lines)."""


def _replayed(archived: ArchivedHand) -> tuple[Hand, PhhHand]:
    phh = parse_phh(archived.hand.phh)
    result = replay_hand(phh)
    if result.hand is None or result.error is not None or not result.complete:
        unfinished = "it does not finish"  # machine words: a log line
        reason = result.error.message if result.error is not None else unfinished
        raise PhhError(
            f"hand {archived.id} does not replay ({reason}): no copy can be made"  # machine words
        )
    return result.hand, phh


def _names(archived: ArchivedHand) -> list[str]:
    return [seat.name for seat in archived.hand.seats]


def phh_copy(archived: ArchivedHand, position: int) -> str:
    """The hand as PHH for ``position``, with the spec's optional fields of where and when
    (``hand`` is the archive's id, ``table`` the room, ``seats`` each position's seat)."""
    hand, phh = _replayed(archived)
    rake = None if phh.rake is None else [int(paid) for paid in phh.rake]
    document = write_phh_seen_by(hand, position, _names(archived), rake=rake)
    stored = archived.hand
    at = stored.finished_at
    seats = ", ".join(str(seat.seat) for seat in stored.seats)
    context = [
        f"hand = {archived.id}",
        f"table = {json.dumps(stored.room_name, ensure_ascii=False)}",
        f"seats = [{seats}]",
        f"seat_count = {stored.table_size}",
        f"day = {at.day}",
        f"month = {at.month}",
        f"year = {at.year}",
        f"time = {at.strftime('%H:%M:%S')}",
        'time_zone = "UTC"',
    ]
    return document + "\n".join(context) + "\n"


def stars_copy(archived: ArchivedHand, position: int) -> str:
    """The hand as PokerStars text for ``position``; its number is the archive's id."""
    hand, phh = _replayed(archived)
    stored = archived.hand
    table = StarsTable(
        hand_number=archived.id,
        table=stored.room_name,
        played_at=stored.finished_at,
        names=_names(archived),
        seats=[seat.seat for seat in stored.seats],
        max_seats=stored.table_size,
        rake_paid=() if phh.rake is None else [int(paid) for paid in phh.rake],
    )
    return write_pokerstars(hand, position, table)


def steps_copy(archived: ArchivedHand, position: int | None) -> tuple[list[str], list[Step]]:
    """The replayer's names and steps for ``position``; None: the director's complete copy,
    every card dealt (T-16)."""
    hand, _ = _replayed(archived)
    names = _names(archived)
    if position is None:
        return names, complete_steps(hand, names)
    return names, replay_steps(hand, position, names)


def phhs_file(copies: Sequence[str]) -> str:
    """PHH documents as one ``.phhs`` file: tables ``[1]``, ``[2]``, … in order."""
    return "\n".join(f"[{number}]\n{copy}" for number, copy in enumerate(copies, 1))


def stars_file(copies: Sequence[str]) -> str:
    """PokerStars hands as one history file."""
    return HANDS_APART.join(copies)
