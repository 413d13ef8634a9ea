"""OFC hand records: pokerroom's own PHH-style TOML format for Open-Face Chinese Pineapple.

PHH (https://github.com/uoftcprg/phh-std) has no open-face game, so this format
is **pokerroom's own**; ``docs/ofc-record.md`` specifies it. It takes PHH's shape
and every PHH field and notation whose meaning carries over, and marks the rest:

* ``variant = "OFCP"`` is our code; no PHH code clashes with it;
* our own fields start with ``_`` (``_fantasy``, ``_points``), the PHH spec's
  prefix for user-defined fields;
* ``actions`` is PHH's field, with PHH's ``d dh pN CARDS`` for a deal and our
  tokens ``pN s CARD ROW`` (set a card on ``bottom``, ``middle`` or ``top``),
  ``pN x CARD`` (discard face down) and ``pN sr`` (surrender).

A record is the full history, like a PHH file that shows every dealt card:
discards and Fantasyland rows, hidden at the table (O-2, O-4), are written out.
:func:`replay_record` rebuilds the hand through :class:`~pokerroom.ofc.OfcHand`,
so every placement is checked by the code that plays the game.

>>> record = loads('''
... variant = "OFCP"
... _fantasy = [false, false]
... actions = ["d dh p1 AsKdQh2c3d", "p1 s As top", "p1 s Kd top", "p1 s Qh top", "p1 s 2c top"]
... ''')
>>> replay_record(record).error  # doctest: +NORMALIZE_WHITESPACE
OfcIllegal(action_index=4, action='p1 s 2c top',
           message='the top row already holds 3 cards; open rows: bottom, middle', rule='O-1')
"""

from __future__ import annotations

import enum
import json
import re
import tomllib
import zoneinfo
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from pathlib import Path
from typing import ClassVar, TypeVar

from pokerroom.cards import Card, format_cards, parse_cards
from pokerroom.errors import CardError, PokerroomError, UsageError
from pokerroom.ofc.errors import NotYourTurnError, OfcError, RowFullError, SurrenderError
from pokerroom.ofc.game import (
    FANTASY_TURN,
    MAX_PLAYERS,
    MIN_PLAYERS,
    DealCards,
    DiscardCard,
    Event,
    HandResult,
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


def _player(token: str, players: int) -> int:
    number = token[1:]
    if token[:1] != "p" or not number.isdigit() or not 1 <= int(number) <= players:
        raise OfcRecordError(f"{token!r} is not a player: expected p1 … p{players}")
    return int(number) - 1


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


# --------------------------------------------------------------------- reading

_FIELDS = (
    "variant",
    "table",
    "hand",
    "event",
    "players",
    "seats",
    "year",
    "month",
    "day",
    "time",
    "time_zone",
    "_fantasy",
    "actions",
    "_points",
)
_DATE_FIELDS = ("year", "month", "day", "time")
_KIND_WORDS: dict[type, str] = {bool: "true or false", int: "an integer", str: "a string"}
T = TypeVar("T", bool, int, str)


def _is(value: object, kind: type) -> bool:
    """``isinstance``, where a TOML boolean does not count as an integer."""
    return isinstance(value, kind) and (kind is bool or not isinstance(value, bool))


def _array(
    document: Mapping[str, object], name: str, kind: type[T], players: int
) -> tuple[T, ...] | None:
    values = document.get(name)
    if values is None:
        return None
    if not isinstance(values, list) or not all(_is(v, kind) for v in values):
        raise OfcRecordError(
            f"{name} must be an array with one entry per player, each {_KIND_WORDS[kind]}; "
            f"got {values!r}"
        )
    if len(values) != players:
        raise OfcRecordError(
            f"{name} needs one entry per player ({players}, as in _fantasy), got {len(values)}"
        )
    return tuple(values)


def _scalar(document: Mapping[str, object], name: str, kind: type[T]) -> T | None:
    value = document.get(name)
    if value is None or (isinstance(value, kind) and _is(value, kind)):
        return value
    raise OfcRecordError(f"{name} must be {_KIND_WORDS[kind]}, got {value!r}")


def _time(document: Mapping[str, object]) -> datetime | None:
    """PHH's date and time fields (all four or none) and an optional IANA ``time_zone``."""
    given = [name for name in _DATE_FIELDS if name in document]
    if not given:
        if "time_zone" in document:
            raise OfcRecordError("time_zone needs the time of the hand: year, month, day and time")
        return None
    missing = [name for name in _DATE_FIELDS if name not in given]
    if missing:
        raise OfcRecordError(
            f"the time of the hand needs year, month, day and time; missing {', '.join(missing)}"
        )
    clock = document["time"]
    if not isinstance(clock, time):
        raise OfcRecordError(f"time must be a TOML local time such as 20:15:00, got {clock!r}")
    year, month, day = (_scalar(document, name, int) for name in ("year", "month", "day"))
    assert year is not None and month is not None and day is not None
    try:
        moment = datetime.combine(date(year, month, day), clock)
    except ValueError as error:
        raise OfcRecordError(f"year, month and day are not a date: {error}") from None
    zone = _scalar(document, "time_zone", str)
    if zone is None:
        return moment
    try:
        return moment.replace(tzinfo=zoneinfo.ZoneInfo(zone))
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        raise OfcRecordError(
            f"time_zone {zone!r} is not an IANA time zone such as 'UTC' or 'Europe/Kyiv'"
        ) from None


def record_from_document(document: Mapping[str, object]) -> OfcRecord:
    """Build an :class:`OfcRecord` from one parsed TOML document, checking every field."""
    variant = document.get("variant")
    if variant != VARIANT:
        raise OfcRecordError(f"variant must be {VARIANT!r} ({VARIANT_NAME}), got {variant!r}")
    unknown = [name for name in document if name not in _FIELDS]
    if unknown:
        raise OfcRecordError(
            f"unknown field {unknown[0]!r}; an {VARIANT} record has the fields {', '.join(_FIELDS)}"
        )
    for name in ("_fantasy", "actions"):
        if name not in document:
            raise OfcRecordError(f"an {VARIANT} record needs the field {name!r}")
    entries = document["_fantasy"]
    players = len(entries) if isinstance(entries, list) else 0
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise OfcRecordError(
            f"_fantasy needs one true or false per player, and OFC is for {MIN_PLAYERS} or "
            f"{MAX_PLAYERS} players; got {entries!r}"
        )
    fantasy = _array(document, "_fantasy", bool, players)
    assert fantasy is not None
    texts = document["actions"]
    if not isinstance(texts, list) or not all(isinstance(a, str) for a in texts):
        raise OfcRecordError(f"actions must be an array of strings, got {texts!r}")
    actions = []
    for index, text in enumerate(texts):
        try:
            actions.append(parse_action(text, players))
        except OfcRecordError as error:
            raise OfcRecordError(f"actions[{index}] {text!r}: {error}") from None
    seats = _array(document, "seats", int, players)
    if seats is not None and (len(set(seats)) != players or min(seats) < 1):
        raise OfcRecordError(f"seats must be distinct seat numbers from 1, got {list(seats)}")
    table = document.get("table")
    if table is not None and not (_is(table, str) or _is(table, int)):
        raise OfcRecordError(f"table must be a string or an integer, got {table!r}")
    return OfcRecord(
        fantasy=fantasy,
        actions=tuple(actions),
        players=_array(document, "players", str, players),
        seats=seats,
        points=_array(document, "_points", int, players),
        hand=_scalar(document, "hand", int),
        table=None if table is None else str(table),
        event=_scalar(document, "event", str),
        time=_time(document),
    )


def _toml(text: str) -> dict[str, object]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise OfcRecordError(f"not valid TOML: {error}") from None


def loads(text: str) -> OfcRecord:
    """Read one record (a TOML document with ``variant = "OFCP"`` at the top)."""
    document = _toml(text)
    if "variant" not in document:
        raise OfcRecordError(
            f"not a single record: it needs variant = {VARIANT!r} at the top "
            "(a file of hands in tables [1], [2], … is read with loads_many)"
        )
    return record_from_document(document)


def loads_many(text: str) -> list[OfcRecord]:
    """Read either form: one record, or one record per table ``[1]``, ``[2]``, … (like .phhs)."""
    document = _toml(text)
    if "variant" in document:
        return [record_from_document(document)]
    records = []
    for key, table in document.items():
        if not isinstance(table, dict):
            raise OfcRecordError(
                f"expected variant = {VARIANT!r} at the top, or only tables [1], [2], …; "
                f"found {key!r}"
            )
        try:
            records.append(record_from_document(table))
        except OfcRecordError as error:
            raise OfcRecordError(f"table [{key}]: {error}") from None
    return records


def is_ofc_text(text: str) -> bool:
    """True for TOML whose ``variant`` (at the top or in a table) is ours, ``OFCP``."""
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return False
    tables = [document, *(v for v in document.values() if isinstance(v, dict))]
    return any(table.get("variant") == VARIANT for table in tables)


def read_records(path: Path) -> list[OfcRecord]:
    """Every record of a file; errors name the file."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise OfcRecordError(f"{path}: cannot read the file: {reason}") from None
    try:
        return loads_many(text)
    except OfcRecordError as error:
        raise OfcRecordError(f"{path}: {error}") from None


# --------------------------------------------------------------------- writing


def _string(text: str) -> str:
    """A TOML basic string: JSON's escapes are TOML's, and TOML also forbids a raw DEL."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _inline(values: Sequence[bool | int | str]) -> str:
    return "[" + ", ".join(_value(v) for v in values) + "]"


def _value(value: bool | int | str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return _string(value) if isinstance(value, str) else str(value)


def _time_lines(moment: datetime) -> list[str]:
    """PHH keeps the date apart from the local time; an aware time names its zone."""
    zone = moment.tzinfo
    if zone is not None and not isinstance(zone, zoneinfo.ZoneInfo):
        moment, zone = moment.astimezone(UTC), zoneinfo.ZoneInfo("UTC")
    lines = [
        f"year = {moment.year}",
        f"month = {moment.month}",
        f"day = {moment.day}",
        f"time = {moment.time().isoformat()}",
    ]
    return lines if zone is None else [*lines, f"time_zone = {_string(zone.key)}"]


def _body(record: OfcRecord) -> list[str]:
    lines = [f"variant = {_string(record.variant)}"]
    if record.table is not None:
        lines.append(f"table = {_string(record.table)}")
    if record.hand is not None:
        lines.append(f"hand = {record.hand}")
    if record.event is not None:
        lines.append(f"event = {_string(record.event)}")
    if record.players is not None:
        lines.append(f"players = {_inline(record.players)}")
    if record.seats is not None:
        lines.append(f"seats = {_inline(record.seats)}")
    if record.time is not None:
        lines += _time_lines(record.time)
    lines.append(f"_fantasy = {_inline(record.fantasy)}")
    lines.append("actions = [")
    lines += [f"  {_string(action.text)}," for action in record.actions]
    lines.append("]")
    if record.points is not None:
        lines.append(f"_points = {_inline(record.points)}")
    return lines


def dumps(record: OfcRecord) -> str:
    """The record as TOML text; :func:`loads` reads it back equal."""
    return "\n".join([HEADER, *_body(record)]) + "\n"


def dumps_many(records: Sequence[OfcRecord]) -> str:
    """Many records in one file, as tables ``[1]``, ``[2]``, … (the ``.phhs`` layout)."""
    lines = [HEADER]
    for number, record in enumerate(records, start=1):
        lines += ["", f"[{number}]", *_body(record)]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------- replaying


@dataclass(frozen=True, slots=True)
class OfcIllegal:
    """The first action the rules refuse; ``action_index`` counts from 0 in ``actions``."""

    action_index: int
    action: str
    message: str
    rule: str
    """The RULES.md ID broken."""


@dataclass(frozen=True, slots=True)
class OfcReplay:
    """A replayed record: the rebuilt hand, the first illegal action, and the re-scored points.

    ``hand`` is the engine's hand where the replay stopped. An action the engine
    refuses changes nothing, and nothing after it is applied.
    """

    record: OfcRecord
    hand: OfcHand
    error: OfcIllegal | None = None

    @property
    def complete(self) -> bool:
        return self.hand.is_over

    @property
    def result(self) -> HandResult | None:
        return self.hand.result

    @property
    def points(self) -> tuple[int, ...] | None:
        """The points re-scored by the engine (O-5 … O-7), once the hand is over."""
        result = self.hand.result
        return None if result is None else result.points

    @property
    def matches_recorded(self) -> bool | None:
        """Whether the re-scored points equal ``_points``; None if either is missing."""
        recorded, points = self.record.points, self.points
        return None if recorded is None or points is None else recorded == points


_Problem = tuple[str, str]
"""Why an action is illegal, and the rule ID."""


class _RecordedDeals:
    """The replay's card source: when the engine deals, it takes the record's next entry.

    A deal is handed over only if that entry is a deal of the right size with no
    card dealt before; otherwise the engine gets no cards and :meth:`check` (or
    the next player action) reports why.
    """

    def __init__(self, actions: Sequence[OfcAction]) -> None:
        self._actions = actions
        self._dealt: set[Card] = set()
        self.cursor = 0
        """Where the next deal is looked for: the entry after the action being applied."""
        self.served: int | None = None
        self.wanted: int | None = None
        """Cards the engine asked for and did not get."""

    def deal(self, count: int) -> list[Card]:
        index = next(
            (
                i
                for i in range(self.cursor, len(self._actions))
                if self._actions[i].code is not OfcActionCode.NO_OP
            ),
            None,
        )
        action = None if index is None else self._actions[index]
        if (
            action is None
            or action.code is not OfcActionCode.DEAL
            or len(action.cards) != count
            or not self._dealt.isdisjoint(action.cards)
        ):
            self.wanted = count
            return []
        self._dealt.update(action.cards)
        self.served = index
        return list(action.cards)

    def check(self, index: int, action: OfcAction, hand: OfcHand) -> _Problem | None:
        """Why the recorded deal at ``index`` is not the deal the rules make now, if it is not."""
        to_act = hand.to_act
        if self.served == index:
            self.served = None
            if to_act != action.player:
                return f"the dealer deals to {_label(to_act)} now, not {_label(action.player)}", (
                    "O-4" if hand.deal == FANTASY_TURN else "O-3"
                )
            return None
        wanted = self.wanted
        if wanted is None or to_act is None:
            if to_act is None:
                return "no deal is due: the hand is over", "O-2"
            left = format_cards(hand.pending(to_act))
            return f"no deal is due: {_label(to_act)} still has {left} to set or discard", "O-2"
        if len(action.cards) != wanted:
            return f"{_label(to_act)} is dealt {wanted} cards now, not {len(action.cards)}", (
                "O-4" if hand.deal == FANTASY_TURN else "O-2"
            )
        again = format_cards(card for card in action.cards if card in self._dealt)
        return f"{again} already dealt in this hand; each card is dealt once", "C-1"


def _label(player: int | None) -> str:
    return "nobody" if player is None else f"p{player + 1}"


def _in_record_terms(message: str) -> str:
    """The engine numbers players from 0 ("player 0"); a record says ``p1``."""
    return re.sub(r"\bplayer (\d+)", lambda m: f"p{int(m[1]) + 1}", message)


def _rule(error: OfcError, hand: OfcHand, player: int) -> str:
    """The rule an engine error enforces (the error classes follow O-1 … O-5)."""
    to_act = hand.to_act
    if isinstance(error, RowFullError):
        return "O-1"
    if isinstance(error, SurrenderError):
        return "O-5"
    if isinstance(error, NotYourTurnError) and to_act is not None:
        return "O-4" if hand.fantasy[player] or hand.fantasy[to_act] else "O-3"
    return "O-2"  # a card not dealt, a discard where none is due, an action after the end


def _apply(hand: OfcHand, action: OfcAction, source: _RecordedDeals) -> _Problem | None:
    """Apply one player action through the engine; its refusal is the problem."""
    player = action.player
    assert player is not None
    to_act = hand.to_act
    if source.wanted is not None and to_act is not None:
        return (
            f"{_label(to_act)} is due {source.wanted} cards first: the record must deal them "
            f"('d dh {_label(to_act)} CARDS') before this",
            "O-2",
        )
    try:
        match action.code:
            case OfcActionCode.SET:
                assert action.row is not None
                hand.place(player, action.cards[0], action.row)
            case OfcActionCode.DISCARD:
                hand.discard(player, action.cards[0])
            case OfcActionCode.SURRENDER:
                hand.surrender(player)
    except OfcError as error:
        return _in_record_terms(str(error)), _rule(error, hand, player)
    return None


def replay_record(record: OfcRecord) -> OfcReplay:
    """Rebuild the hand from the record's deals and apply every action, stopping at the first
    illegal one; the engine re-scores a finished hand (compare :attr:`OfcReplay.points`)."""
    source = _RecordedDeals(record.actions)
    hand = OfcHand(record.player_count, fantasy=record.fantasy_positions, source=source)
    for index, action in enumerate(record.actions):
        source.cursor = index + 1
        if action.code is OfcActionCode.NO_OP:
            continue
        if action.code is OfcActionCode.DEAL:
            problem = source.check(index, action, hand)
        else:
            problem = _apply(hand, action, source)
        if problem is not None:
            message, rule = problem
            return OfcReplay(record, hand, OfcIllegal(index, action.text, message, rule))
    return OfcReplay(record, hand)
