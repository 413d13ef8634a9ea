"""What builds a live room again: its kind and constructor settings as JSON, the seed apart.

A saved room is always the one :func:`build_room` makes from its recipe, on the day it opens
as on every restart, so the recipe cannot miss anything the room was built with.

>>> from pokerroom.room import HomeRoom
>>> kind, settings, seed = recipe_of(HomeRoom("t1", seats=4, host=7, bots={2: "equity"}))
>>> kind, settings["seats"], settings["host"], settings["bots"], seed
('home', 4, 7, {'2': 'equity'}, None)
>>> again = build_room(kind, "t1", settings, seed=99)
>>> again.table_size, again.host, again.occupants[2].style, again.seed
(4, 7, 'equity', 99)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from pokerroom.engine import VARIANTS, Limit
from pokerroom.room import CashRoom, HomeRoom, ShotClock
from pokerroom.room.kinds import TableRoom
from pokerroom.room.ofc import OfcRoom
from pokerroom.storage.codec import StorageError, settings_from_json, settings_to_json
from pokerroom.table.cash import CashSettings
from pokerroom.table.cash.rake import Rake


class NotFreshError(ValueError):
    """A room that was already played at: its recipe would not say what happened since."""


def recipe_of(room: TableRoom) -> tuple[str, dict[str, Any], int | None]:
    """The kind, the settings and the seed (None: none given) of a room nobody has used
    yet (else :class:`NotFreshError`)."""
    people = [o.name for o in room.occupants.values() if o.user is not None]
    if people or room.hand_number or room.status != "waiting":
        who = ", ".join(people) or room.status
        raise NotFreshError(
            f"room {room.id!r} is already in use ({who}): "  # machine words: an invariant
            "save a room as soon as it is built, before anyone sits down"  # machine words
        )
    common = {"clock": dataclasses.asdict(room.clock), "grace": room.grace, "pause": room.pause}
    if isinstance(room, HomeRoom):
        bots = {str(s): o.style for s, o in room.occupants.items() if o.style is not None}
        settings = {
            **common,
            "series": settings_to_json(room.settings),
            "seats": room.table_size,
            "host": room.host,
            "bots": bots,
            "max_hands": room.max_hands,
        }
        return "home", settings, room.seed
    if isinstance(room, CashRoom):
        return "cash", {**common, "cash": cash_settings_to_json(room.settings)}, room.seed
    if isinstance(room, OfcRoom):
        bots = {str(s): o.style for s, o in room.occupants.items() if o.style is not None}
        ofc = {"seats": room.table_size, "host": room.host, "bots": bots}
        return "ofc", {**common, **ofc, "max_hands": room.max_hands}, room.seed
    raise TypeError(f"a {type(room).__name__} cannot be saved: only home, cash and OFC rooms")


def build_room(kind: str, room_id: str, settings: Mapping[str, Any], seed: int) -> TableRoom:
    """The room a recipe describes, dealing from ``seed``."""
    try:
        clock = ShotClock(**settings["clock"])
        timing = {"clock": clock, "grace": float(settings["grace"]), "pause": settings["pause"]}
        if kind == "home":
            return HomeRoom(
                room_id,
                settings=settings_from_json(settings["series"]),
                seats=int(settings["seats"]),
                host=settings["host"],
                bots={int(seat): str(style) for seat, style in settings["bots"].items()},
                max_hands=settings["max_hands"],
                seed=seed,
                **timing,
            )
        if kind == "ofc":
            return OfcRoom(
                room_id,
                seats=int(settings["seats"]),
                host=settings["host"],
                bots={int(seat): str(style) for seat, style in settings["bots"].items()},
                max_hands=settings["max_hands"],
                seed=seed,
                **timing,
            )
        if kind == "cash":
            return CashRoom(
                room_id, settings=cash_settings_from_json(settings["cash"]), seed=seed, **timing
            )
    except (KeyError, TypeError, ValueError) as error:
        built = f"the saved table {room_id!r} cannot be built: {error!r}"  # machine words: a log
        raise StorageError(built) from None
    unknown = f"the saved table {room_id!r} is of an unknown kind {kind!r}"  # machine words
    raise StorageError(unknown)


def cash_settings_to_json(settings: CashSettings) -> dict[str, Any]:
    rake = settings.rake
    return {
        "variant": settings.variant.code,
        "limit": settings.limit.value,
        "small_blind": settings.small_blind,
        "big_blind": settings.big_blind,
        "ante": settings.ante,
        "seats": settings.seats,
        "min_buy_in": settings.min_buy_in,
        "max_buy_in": settings.max_buy_in,
        "rake": None if rake is None else {"percent": str(rake.percent), "cap": rake.cap},
        "profile": settings.profile,
        "smallest_chip": settings.smallest_chip,
        "straddle": settings.straddle,
        "run_it_twice": settings.run_it_twice,
    }


def cash_settings_from_json(data: Mapping[str, Any]) -> CashSettings:
    rake = data["rake"]
    return CashSettings(
        variant=VARIANTS[data["variant"]],
        limit=Limit(data["limit"]),
        small_blind=int(data["small_blind"]),
        big_blind=int(data["big_blind"]),
        ante=int(data["ante"]),
        seats=int(data["seats"]),
        min_buy_in=int(data["min_buy_in"]),
        max_buy_in=int(data["max_buy_in"]),
        rake=None if rake is None else Rake(rake["percent"], int(rake["cap"])),
        profile=str(data["profile"]),
        smallest_chip=int(data["smallest_chip"]),
        straddle=str(data.get("straddle", "off")),
        run_it_twice=bool(data.get("run_it_twice", False)),
    )
