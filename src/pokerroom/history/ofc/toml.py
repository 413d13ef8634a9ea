"""OFC records as TOML text: reading with :mod:`tomllib`, writing by hand in PHH's layout."""

from __future__ import annotations

import json
import tomllib
import zoneinfo
from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime, time
from pathlib import Path
from typing import TypeVar

from pokerroom.history.ofc.record_model import (
    HEADER,
    VARIANT,
    VARIANT_NAME,
    OfcRecord,
    OfcRecordError,
    parse_action,
)
from pokerroom.ofc_choices import MAX_PLAYERS, MIN_PLAYERS

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
    except (ValueError, OverflowError) as error:
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
