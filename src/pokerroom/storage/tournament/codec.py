"""Tournament events as JSON and back, read off the dataclasses themselves.

Every event of the tournament log is a frozen dataclass of plain values (issue 11 item 9):
numbers, text, flags, enums, tuples, optional values and other such dataclasses. The
codec follows each class's type hints, so an event type added to
:data:`~pokerroom.tournament.events.TournamentEvent` (or to the clock's
:data:`~pokerroom.tournament.clock.events.ClockEvent`) is stored with no change here: a
dataclass is an object of its fields, an enum its value, a tuple a list (a tuple again
when read back), ``None`` null. Where a field may hold one of several dataclasses, the
object names its class in ``"type"``.

>>> from pokerroom.tournament.events import Seated
>>> from pokerroom.tournament.seating.moves import Move, MoveReason, Seat
>>> event = Seated(0.0, Move("Ann", None, Seat(2, 7), MoveReason.DRAW))
>>> name, fields = encode_event(event)
>>> name, fields
('Seated', {'at': 0.0, 'move': {'player': 'Ann', 'source': None, 'target': {'table': 2, 'seat': 7}, 'reason': 'draw'}})
>>> decode_event(name, fields) == event
True
"""  # noqa: E501

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Union, get_args, get_origin, get_type_hints

from pokerroom.storage.codec import StorageError
from pokerroom.tournament.clock.events import ClockEvent
from pokerroom.tournament.events import TournamentEvent

Encode = Callable[[Any], Any]
Decode = Callable[[Any], Any]
TYPE_KEY = "type"

EVENT_TYPES: dict[str, type[Any]] = {
    cls.__name__: cls for cls in (*get_args(TournamentEvent), *get_args(ClockEvent))
}
"""Every event class the log may hold, by the name stored with it."""


def encode_event(event: TournamentEvent) -> tuple[str, dict[str, Any]]:
    """The event's type name and its fields as JSON values."""
    name = type(event).__name__
    if EVENT_TYPES.get(name) is not type(event):
        raise StorageError(f"{name} is not a tournament event; it cannot be stored")
    fields: dict[str, Any] = _encoder(type(event))(event)
    return name, fields


def decode_event(name: str, fields: Mapping[str, Any]) -> TournamentEvent:
    """The event stored as ``fields`` under the type name ``name``.

    A stored event that does not fit its class is a one-line :class:`StorageError`.
    """
    cls = EVENT_TYPES.get(name)
    if cls is None:
        raise StorageError(f"a stored tournament event has an unknown type {name!r}")
    try:
        event: TournamentEvent = _decoder(cls)(fields)
    except (KeyError, TypeError, ValueError, AttributeError):
        raise StorageError(f"a stored {name} event is damaged; it cannot be used") from None
    return event


# ------------------------------------------------------------------ by type


def _union_members(hint: Any) -> tuple[Any, ...] | None:
    if get_origin(hint) in (Union, types.UnionType):
        return get_args(hint)
    return None


def _hints(cls: type[Any]) -> tuple[tuple[str, Any], ...]:
    hints = get_type_hints(cls)
    return tuple((field.name, hints[field.name]) for field in dataclasses.fields(cls))


_ENCODERS: dict[object, Encode] = {}
_DECODERS: dict[object, Decode] = {}
"""Each type's encoder and decoder, built once from its hints."""


def _encoder(hint: object) -> Encode:
    found = _ENCODERS.get(hint)
    if found is None:
        found = _ENCODERS[hint] = _new_encoder(hint)
    return found


def _decoder(hint: object) -> Decode:
    found = _DECODERS.get(hint)
    if found is None:
        found = _DECODERS[hint] = _new_decoder(hint)
    return found


def _new_encoder(hint: Any) -> Encode:
    if hint in (int, str, bool, type(None), Any) or get_origin(hint) is typing.Literal:
        return _same
    if hint is float:
        return float
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _enum_value
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_encoder(hint, tagged=False)
    members = _union_members(hint)
    if members is not None:
        return _union_encoder(members)
    origin, args = get_origin(hint), get_args(hint)
    if origin in (tuple, list):
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            parts = [_encoder(arg) for arg in args]
            return lambda value: [part(item) for part, item in zip(parts, value, strict=True)]
        item = _encoder(args[0]) if args else _same
        return lambda value: [item(each) for each in value]
    if origin is dict and args and args[0] is str:
        item = _encoder(args[1])
        return lambda value: {key: item(each) for key, each in value.items()}
    raise TypeError(f"the tournament store cannot encode {hint!r}")


def _dataclass_encoder(cls: type[Any], *, tagged: bool) -> Encode:
    fields = [(name, _encoder(hint)) for name, hint in _hints(cls)]
    name = cls.__name__

    def encode(value: Any) -> dict[str, Any]:
        data = {field: encode_field(getattr(value, field)) for field, encode_field in fields}
        return {TYPE_KEY: name, **data} if tagged else data

    return encode


def _union_encoder(members: tuple[Any, ...]) -> Encode:
    classes = [m for m in members if isinstance(m, type) and dataclasses.is_dataclass(m)]
    tagged = len(classes) > 1
    by_class = {cls: _dataclass_encoder(cls, tagged=tagged) for cls in classes}
    others = [(m, _encoder(m)) for m in members if m not in by_class]

    def encode(value: Any) -> Any:
        encode_class = by_class.get(type(value))
        if encode_class is not None:
            return encode_class(value)
        for member, encode_other in others:
            if _is_instance(value, member):
                return encode_other(value)
        raise TypeError(f"{value!r} fits none of {members!r}")

    return encode


def _new_decoder(hint: Any) -> Decode:
    if hint in (int, str, bool, type(None)):
        return _checked(hint)
    if hint is Any or get_origin(hint) is typing.Literal:
        return _same
    if hint is float:
        return _float
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_decoder(hint)
    members = _union_members(hint)
    if members is not None:
        return _union_decoder(members)
    origin, args = get_origin(hint), get_args(hint)
    if origin in (tuple, list):
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            parts = [_decoder(arg) for arg in args]
            return lambda value: tuple(part(item) for part, item in zip(parts, value, strict=True))
        item = _decoder(args[0]) if args else _same
        kind = tuple if origin is tuple else list
        return lambda value: kind(item(each) for each in value)
    if origin is dict and args and args[0] is str:
        item = _decoder(args[1])
        return lambda value: {str(key): item(each) for key, each in value.items()}
    raise TypeError(f"the tournament store cannot decode {hint!r}")


def _dataclass_decoder(cls: type[Any]) -> Decode:
    fields = [(name, _decoder(hint)) for name, hint in _hints(cls)]
    optional = {f.name for f in dataclasses.fields(cls) if f.default is not dataclasses.MISSING}

    def decode(value: Mapping[str, Any]) -> Any:
        return cls(
            **{
                field: decode_field(value[field])
                for field, decode_field in fields
                if field in value or field not in optional  # a field added later: its default
            }
        )

    return decode


def _union_decoder(members: tuple[Any, ...]) -> Decode:
    classes = {
        m.__name__: _dataclass_decoder(m)
        for m in members
        if isinstance(m, type) and dataclasses.is_dataclass(m)
    }
    others = [
        _decoder(m) for m in members if not (isinstance(m, type) and dataclasses.is_dataclass(m))
    ]
    optional = type(None) in members

    def decode(value: Any) -> Any:
        if value is None and optional:
            return None
        if isinstance(value, Mapping) and classes:
            if len(classes) == 1:
                return next(iter(classes.values()))(value)
            return classes[value[TYPE_KEY]](value)
        for decode_other in others:
            try:
                return decode_other(value)
            except (TypeError, ValueError):
                continue
        raise ValueError(f"{value!r} fits none of {members!r}")

    return decode


def _same(value: Any) -> Any:
    return value


def _checked(kind: type[Any]) -> Decode:
    """A stored value that must already be of ``kind`` (a damaged row is not)."""

    def check(value: Any) -> Any:
        if not isinstance(value, kind):
            raise TypeError(f"expected {kind.__name__}, got {type(value).__name__}")
        return value

    return check


def _float(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"expected a number, got {type(value).__name__}")
    return float(value)


def _enum_value(value: enum.Enum) -> Any:
    return value.value


def _is_instance(value: Any, hint: Any) -> bool:
    origin = get_origin(hint) or hint
    if hint is Any:
        return True
    if hint is float:
        return isinstance(value, int | float)
    return isinstance(origin, type) and isinstance(value, origin)
