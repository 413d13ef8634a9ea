"""A regulation's TOML document checked field by field into a :class:`Regulation` (T-3).

The format is described in ``docs/regulation.md``. Every problem is one
:class:`RegulationError` naming the field by its dotted path (``levels[3].big_blind``,
arrays counted from 1) and what is allowed; unknown keys are errors.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass

from pokerroom.engine import PROFILES, VARIANTS, Limit
from pokerroom.engine.variants import BOMB_POT
from pokerroom.i18n import LANGUAGES, N_, Language
from pokerroom.table.seating import MAX_SEATS
from pokerroom.tournament.regulation.fields import Fields, RegulationError
from pokerroom.tournament.regulation.levels import (
    check_chip_multiples,
    read_breaks,
    read_level,
)
from pokerroom.tournament.regulation.model import (
    AddOn,
    Broadcast,
    Game,
    GameSpec,
    LateRegistration,
    Money,
    PayoutBand,
    PayoutCurve,
    Payouts,
    Rebuy,
    ReEntry,
    Regulation,
    Rotation,
    ShotClock,
    TimeBanks,
    TournamentFormat,
    smallest_chip_at,
)
from pokerroom.tournament.structure import Break

TOURNAMENT_VARIANTS = {code: v for code, v in VARIANTS.items() if v is not BOMB_POT}
"""Every engine game but the bomb pot, which is a table's occasional hand, not a game."""
MAX_BROADCAST_DELAY = 20
"""T-23: the longest delay in hands a broadcast may set (the hands kept to show)."""
MAX_FEE_PERCENT = 17  # T-2, 002 1.7: the pool is at least 83 % of what players pay
_LIMITS = {limit.value: limit for limit in Limit}
_FORMATS = {f.value: f for f in TournamentFormat}
_ROTATIONS = {r.value: r for r in Rotation}
_LANGUAGES: dict[str, Language | None] = {language: language for language in LANGUAGES}


def regulation_from_document(document: Mapping[str, object]) -> Regulation:
    """Check a parsed TOML document and build its regulation."""
    top = Fields(document, "", N_("a regulation"))
    name = top.text("name")
    description = top.text("description", default="")
    tournament_format = top.choice("format", _FORMATS, default="american")
    profile = top.choice("profile", {p: p for p in PROFILES}, default="club")
    language = top.choice("language", _LANGUAGES) if top.has("language") else None
    start = top.moment("start")
    game_fields = top.table("game", N_("the [game] table"))
    if game_fields is None:
        raise top.error("game", "is missing; give [game] with variant and limit")
    game = _game(game_fields)
    chips = top.integers("chips", default=(1,), minimum=1)
    if not chips or any(a >= b for a, b in itertools.pairwise(chips)):
        raise top.error("chips", f"must list the chip values smallest first, got {list(chips)}")
    level_entries = top.tables("levels", N_("a level"))
    if not level_entries:
        raise top.error("levels", "is missing; give at least one [[levels]] entry")
    levels = tuple(
        read_level(fields, number, game) for number, fields in enumerate(level_entries, start=1)
    )
    breaks = read_breaks(top.tables("breaks", N_("a break")), len(levels), chips)
    check_chip_multiples(level_entries, levels, breaks, chips)
    last = len(levels)

    in_play = _ChipsInPlay(chips, breaks)
    starting_stack = in_play.stack(top, "starting_stack", 1)
    seats = min(MAX_SEATS, *(spec.variant.max_players for spec in game.rotation))
    table_size = top.integer("table_size", default=seats, minimum=2, maximum=seats)
    final_table_size = top.integer(
        "final_table_size", default=table_size, minimum=2, maximum=table_size
    )
    max_entries = top.integer("max_entries", default=0, minimum=2) or None
    late = _late_registration(top.table("late_registration", "[late_registration]"), last)
    re_entry = _re_entry(top.table("re_entry", "[re_entry]"), late, last, starting_stack, in_play)
    rebuy = _rebuy(top.table("rebuy", "[rebuy]"), last, starting_stack, in_play)
    add_on = _add_on(top.table("add_on", "[add_on]"), breaks, in_play)
    money_fields = top.table("money", "[money]")
    if money_fields is None:
        raise top.error("money", "is missing; give [money] with buy_in (and fee)")
    money = _money(money_fields)
    payout_fields = top.table("payouts", "[payouts]")
    if payout_fields is None:
        raise top.error("payouts", "is missing; give [[payouts.table]] rows or [payouts.curve]")
    payouts = _payouts(payout_fields)
    shot_clock = _shot_clock(top.table("shot_clock", "[shot_clock]"), last)
    stage_stack = in_play.stack(top, "stage_stack", 1) if top.has("stage_stack") else None
    observers = top.boolean("observers", default=True)
    broadcast = _broadcast(top.table("broadcast", "[broadcast]"), observers)
    top.finish()
    if stage_stack is not None and tournament_format is not TournamentFormat.OLYMPIC:
        raise top.error("stage_stack", "is for olympic tournaments: each stage restarts (T-9)")
    if tournament_format is TournamentFormat.OLYMPIC:  # T-9: a knock-out seats a fixed field
        for key, value in (
            ("late_registration", late.until_level),
            ("re_entry", re_entry),
            ("rebuy", rebuy),
            ("add_on", add_on),
        ):
            if value:
                raise top.error(key, "is for american tournaments; an olympic field is fixed (T-9)")
    return Regulation(
        name=name,
        description=description,
        format=tournament_format,
        profile=profile,
        game=game,
        starting_stack=starting_stack,
        levels=levels,
        breaks=breaks,
        start=start,
        late_registration=late,
        re_entry=re_entry,
        rebuy=rebuy,
        add_on=add_on,
        money=money,
        payouts=payouts,
        table_size=table_size,
        final_table_size=final_table_size,
        max_entries=max_entries,
        chips=chips,
        shot_clock=shot_clock,
        stage_stack=stage_stack,
        observers=observers,
        broadcast=broadcast,
        language=language,
    )


def _game_spec(fields: Fields) -> GameSpec:
    variant = fields.choice("variant", TOURNAMENT_VARIANTS)
    limit = fields.choice("limit", _LIMITS)
    fields.finish()
    return GameSpec(variant, limit)


def _game(fields: Fields) -> Game:
    """``variant`` and ``limit``, or a ``[[game.rotation]]`` of them for a mixed game."""
    if not fields.has("rotation"):
        return Game((_game_spec(fields),))
    rotation = tuple(_game_spec(entry) for entry in fields.tables("rotation", N_("a game")))
    if len(rotation) < 2:
        raise fields.error("rotation", "needs at least two games; for one game give variant")
    every = fields.choice("rotate_every", _ROTATIONS, default="level")
    fields.finish()
    return Game(rotation, every)


def _late_registration(fields: Fields | None, last: int) -> LateRegistration:
    if fields is None:
        return LateRegistration()
    until = fields.integer("until_level", minimum=0, maximum=last)  # T-19
    fields.finish()
    return LateRegistration(until)


@dataclass(frozen=True, slots=True)
class _ChipsInPlay:
    chips: tuple[int, ...]
    breaks: tuple[Break, ...]

    def stack(self, fields: Fields, key: str, level: int, default: int | None = None) -> int:
        """A stack given during ``level``: a multiple of the smallest chip then in play (T-18)."""
        stack = fields.integer(key, minimum=1, default=default)
        smallest = smallest_chip_at(self.chips, self.breaks, level)
        if stack % smallest:
            raise fields.error(
                key,
                f"{stack} is not a multiple of {smallest}, the smallest chip in play "
                f"at level {level} (T-18)",
            )
        return stack


def _fee(fields: Fields, price: int) -> int:
    fee = fields.integer("fee", default=0, minimum=0)
    if fee * 100 > MAX_FEE_PERCENT * price:  # T-2
        raise fields.error(
            "fee",
            f"{fee} is more than {MAX_FEE_PERCENT} % of {price}; the pool gets at least 83 % (T-2)",
        )
    return fee


def _re_entry(
    fields: Fields | None,
    late: LateRegistration,
    last: int,
    starting_stack: int,
    in_play: _ChipsInPlay,
) -> ReEntry | None:
    """T-11, T-19: how many, until when (by default as late registration), what stack."""
    if fields is None:
        return None
    per_player = fields.integer("per_player", minimum=1)
    until = fields.integer("until_level", default=late.until_level or None, minimum=1, maximum=last)
    chips = in_play.stack(fields, "chips", until, default=starting_stack)
    fields.finish()
    return ReEntry(per_player, until, chips)


def _rebuy(
    fields: Fields | None, last: int, starting_stack: int, in_play: _ChipsInPlay
) -> Rebuy | None:
    if fields is None:
        return None
    price = fields.integer("price", minimum=1)
    fee = _fee(fields, price)
    until = fields.integer("until_level", minimum=1, maximum=last)
    chips = in_play.stack(fields, "chips", until)
    per_player = fields.integer("per_player", default=0, minimum=0)
    stack_at_most = fields.integer("stack_at_most", default=starting_stack, minimum=0)
    fields.finish()
    return Rebuy(price, fee, chips, per_player, until, stack_at_most)


def _add_on(
    fields: Fields | None, breaks: tuple[Break, ...], in_play: _ChipsInPlay
) -> AddOn | None:
    if fields is None:
        return None
    price = fields.integer("price", minimum=1)
    fee = _fee(fields, price)
    at_break = fields.integer("at_break", minimum=1)
    if all(b.after_level != at_break for b in breaks):
        scheduled = ", ".join(str(b.after_level) for b in breaks) or "none"
        raise fields.error(
            "at_break",
            f"must be the level a scheduled break follows (breaks after: {scheduled})",
        )
    chips = in_play.stack(fields, "chips", at_break + 1)
    per_player = fields.integer("per_player", default=1, minimum=1)
    fields.finish()
    return AddOn(price, fee, chips, at_break, per_player)


def _money(fields: Fields) -> Money:
    buy_in = fields.integer("buy_in", minimum=0)
    fee = _fee(fields, buy_in)
    added = fields.integer("added", default=0, minimum=0)
    guarantee = fields.integer("guarantee", default=0, minimum=0)
    currency = fields.text("currency", default="")
    fields.finish()
    return Money(buy_in, fee, added, guarantee, currency.strip())


def _payouts(fields: Fields) -> Payouts:
    """T-2, 5.19.4: exactly one of a table by number of entries or a curve."""
    unit = fields.integer("unit", default=1, minimum=1)
    rows = fields.tables("table", N_("a payout row"))
    curve_fields = fields.table("curve", "[payouts.curve]")
    fields.finish()
    if rows and curve_fields:
        raise fields.error("curve", "cannot be given with payouts.table; choose one")
    if curve_fields is not None:
        paid = curve_fields.number("paid_percent", maximum=100)
        first = curve_fields.number("first_percent", maximum=100)
        curve_fields.finish()
        return Payouts(PayoutCurve(paid, first), unit)
    if not rows:
        raise fields.error("table", "is missing; give [[payouts.table]] rows or [payouts.curve]")
    return Payouts(_payout_table(rows), unit)


def _payout_table(rows: list[Fields]) -> tuple[PayoutBand, ...]:
    bands: list[PayoutBand] = []
    smallest_field = 2
    for index, row in enumerate(rows, start=1):
        last = index == len(rows)
        up_to = row.integer("up_to", default=0, minimum=smallest_field) or None
        if last and up_to is not None:
            raise row.error(
                "up_to", "must be left out in the last row, which pays any larger field"
            )
        if not last and up_to is None:
            raise row.error("up_to", "is missing; every row but the last says the largest field")
        percents = row.numbers("percents", maximum=100)
        row.finish()
        if sum(percents) != 100:
            raise row.error("percents", f"must sum to 100, they sum to {float(sum(percents)):g}")
        if any(a < b for a, b in itertools.pairwise(percents)):
            raise row.error("percents", "must not increase from one place to the next")
        bands.append(PayoutBand(up_to, percents))
        smallest_field = (up_to or 0) + 1
    return tuple(bands)


def _shot_clock(fields: Fields | None, last: int) -> ShotClock | None:
    """A-18: seconds per action, a countdown, and time banks (count, length, added later)."""
    if fields is None:
        return None
    from_level = fields.integer("from_level", default=1, minimum=1, maximum=last)
    seconds = fields.integer("seconds", default=30, minimum=1)
    countdown = fields.integer("countdown", default=10, minimum=0)
    bank_fields = fields.table("time_banks", "[shot_clock.time_banks]")
    fields.finish()
    banks = TimeBanks(0, 0)
    if bank_fields is not None:
        count = bank_fields.integer("count", minimum=0)
        bank_seconds = bank_fields.integer("seconds", default=30, minimum=1)
        added: list[tuple[int, int]] = []
        for entry in bank_fields.tables("added", N_("an added time bank")):
            level = entry.integer("level", minimum=from_level, maximum=last)
            added.append((level, entry.integer("banks", minimum=1)))
            entry.finish()
        bank_fields.finish()
        banks = TimeBanks(count, bank_seconds, tuple(added))
    return ShotClock(from_level, seconds, countdown, banks)


def _broadcast(fields: Fields | None, observers: bool) -> Broadcast | None:
    """T-23: the broadcast table and its delay in hands (at least 1: never the hand in play)."""
    if fields is None:
        return None
    if not observers:
        raise RegulationError(
            "broadcast: a broadcast table needs spectators; "
            "set observers = true or drop [broadcast]"
        )
    delay = fields.integer("delay_hands", default=1, minimum=1, maximum=MAX_BROADCAST_DELAY)
    table = fields.integer("table", default=0, minimum=1) or None
    fields.finish()
    return Broadcast(delay, table)


__all__ = ["TOURNAMENT_VARIANTS", "RegulationError", "regulation_from_document"]
