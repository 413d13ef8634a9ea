"""The OFC hand record in memory: its fields, its action tokens, and the record of a hand.

The format is specified in ``docs/ofc-record.md``; :mod:`pokerroom.history.ofc.record`
is the public entry point.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar

from pokerroom.cards import Card, parse_cards
from pokerroom.errors import CardError, PokerroomError, UsageError
from pokerroom.ofc.game import (
    DealCards,
    DiscardCard,
    Event,
    OfcHand,
    PlaceCard,
    Surrender,
)
from pokerroom.ofc.rows import Row

VARIANT = "OFCP"
"""Our variant code for Open-Face Chinese Pineapple (not a PHH spec code)."""
VARIANT_NAME = "Open-Face Chinese Pineapple"
HEADER = "# Open-Face Chinese Pineapple hand record: pokerroom's own format, see docs/ofc-record.md"


class OfcRecordError(PokerroomError, ValueError):
    """A record that cannot be read: not TOML, a missing or malformed field or action."""


class OfcActionCode(enum.StrEnum):
    """The action notations of a record: ``dh`` is PHH's, the others are ours."""

    DEAL = "dh"
    SET = "s"
    DISCARD = "x"
    SURRENDER = "sr"
    NO_OP = ""
    """An empty entry or a standalone ``# commentary``, as in PHH."""


@dataclass(frozen=True, slots=True)
class OfcAction:
    """One entry of ``actions``, parsed; ``text`` is the entry as written, ``player`` 0-based."""

    text: str
    code: OfcActionCode
    player: int | None = None
    cards: tuple[Card, ...] = ()
    """The cards of a deal; the one card set or discarded."""
    row: Row | None = None
    commentary: str = ""


@dataclass(frozen=True, slots=True)
class OfcRecord:
    """One OFC hand; per-player fields are by position, ``p1`` (left of the button) first."""

    variant: ClassVar[str] = VARIANT

    fantasy: tuple[bool, ...]
    """``_fantasy``: who plays Fantasyland (O-4); one entry per player, so it sets the count."""
    actions: tuple[OfcAction, ...]
    players: tuple[str, ...] | None = None
    seats: tuple[int, ...] | None = None
    """PHH ``seats``: each position's seat number; the last position is the button (O-3)."""
    points: tuple[int, ...] | None = None
    """``_points``: the settlement as recorded (O-5 … O-7)."""
    hand: int | None = None
    table: str | None = None
    event: str | None = None
    time: datetime | None = None
    """When the hand began: PHH's ``year``, ``month``, ``day``, ``time`` and ``time_zone``."""

    @property
    def player_count(self) -> int:
        return len(self.fantasy)

    @property
    def fantasy_positions(self) -> tuple[int, ...]:
        return tuple(p for p, plays in enumerate(self.fantasy) if plays)

    @property
    def button_seat(self) -> int | None:
        """The button's seat number, when ``seats`` is recorded (O-3: the last position)."""
        return None if self.seats is None else self.seats[-1]


# --------------------------------------------------------------------- actions

_ROWS = ", ".join(row.value for row in Row)
_EXPECTED_ACTION = (
    "expected 'd dh pN CARDS' (deal), 'pN s CARD ROW' (set a card; ROW is bottom, middle "
    "or top), 'pN x CARD' (discard) or 'pN sr' (surrender)"
)


_PLAYER = re.compile(r"p([1-9][0-9]?)", re.ASCII)


def _player(token: str, players: int) -> int:
    match = _PLAYER.fullmatch(token)
    if match is None or not 1 <= int(match[1]) <= players:
        raise OfcRecordError(f"{token!r} is not a player: expected p1 … p{players}")
    return int(match[1]) - 1


def _read_cards(token: str) -> tuple[Card, ...]:
    if "?" in token:
        raise OfcRecordError(f"unknown cards {token!r}: a record is the full history of the hand")
    try:
        return tuple(parse_cards(token))
    except CardError as error:
        raise OfcRecordError(str(error)) from None


def _read_card(token: str) -> Card:
    cards = _read_cards(token)
    if len(cards) != 1:
        raise OfcRecordError(f"{token!r} is {len(cards)} cards; this action takes one card")
    return cards[0]


def _read_row(token: str) -> Row:
    try:
        return Row(token)
    except ValueError:
        raise OfcRecordError(f"unknown row {token!r}: the rows are {_ROWS}") from None


def parse_action(text: str, players: int) -> OfcAction:
    """Parse one entry of ``actions``: ``[actor action[ arguments…]][ # commentary]`` (PHH)."""
    notation, _, commentary = text.partition("#")
    note = commentary.strip()
    row: Row | None = None
    match notation.split():
        case []:
            return OfcAction(text, OfcActionCode.NO_OP, commentary=note)
        case ["d", "dh", actor, cards]:
            code, held = OfcActionCode.DEAL, _read_cards(cards)
        case [actor, "s", card, row_text]:
            code, held, row = OfcActionCode.SET, (_read_card(card),), _read_row(row_text)
        case [actor, "x", card]:
            code, held = OfcActionCode.DISCARD, (_read_card(card),)
        case [actor, "sr"]:
            code, held = OfcActionCode.SURRENDER, ()
        case _:
            raise OfcRecordError(_EXPECTED_ACTION)
    return OfcAction(text, code, _player(actor, players), held, row, note)


def _action_text(event: Event) -> str:
    """One engine event in record notation; every card must be known (the full history)."""
    match event:
        case DealCards(player, cards) if None not in cards:
            return f"d dh p{player + 1} {''.join(str(card) for card in cards)}"
        case PlaceCard(player, card, row) if card is not None and row is not None:
            return f"p{player + 1} s {card} {row.value}"
        case DiscardCard(player, card) if card is not None:
            return f"p{player + 1} x {card}"
        case Surrender(player):
            return f"p{player + 1} sr"
    raise UsageError(f"{event} hides a card: records are made from the hand, not from a view")


def record_of(
    hand: OfcHand,
    *,
    names: Sequence[str] | None = None,
    hand_number: int | None = None,
    table: str | None = None,
    event: str | None = None,
    seats: Sequence[int] | None = None,
    time: datetime | None = None,
) -> OfcRecord:
    """The full history of ``hand``: every card, discards and fantasy rows included.

    ``_points`` is written once the hand is over, so that a replay checks the settlement.
    """
    players = hand.players
    for name, values in (("names", names), ("seats", seats)):
        if values is not None and len(values) != players:
            raise UsageError(f"{name} needs one entry per position ({players}), got {len(values)}")
    result = hand.result
    return OfcRecord(
        fantasy=hand.fantasy,
        actions=tuple(parse_action(_action_text(e), players) for e in hand.events),
        players=None if names is None else tuple(names),
        seats=None if seats is None else tuple(seats),
        points=None if result is None else result.points,
        hand=hand_number,
        table=table,
        event=event,
        time=time,
    )
