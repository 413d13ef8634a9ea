"""How ``pokerroom tournament check`` shows a regulation: text for people, JSON for programs."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import datetime, time
from typing import Any

from pokerroom.i18n import N_, _, ngettext, number_text, pgettext
from pokerroom.tournament.money.payouts import Entries, Payout, payout
from pokerroom.tournament.regulation.model import GameSpec, Regulation, TournamentFormat
from pokerroom.tournament.regulation.schedule import (
    ScheduledBreak,
    ScheduledLevel,
    clock_time,
    duration_text,
    late_registration_closes,
    scheduled_minutes,
    timetable,
)
from pokerroom.tournament.structure import Level

PRIZES_SHOWN = 9


def default_fields(regulation: Regulation) -> tuple[int, ...]:
    """A few typical field sizes: full tables, a few rooms' worth; a sit-and-go's seats."""
    cap = regulation.max_entries
    if cap is not None:
        return tuple(sorted({max(2, cap // 2), cap}))
    size = regulation.table_size
    if regulation.format is TournamentFormat.OLYMPIC:
        return (size, size**2, size**3)
    return (size, 3 * size, 10 * size, 30 * size)


def payouts_for(regulation: Regulation, fields: Sequence[int]) -> list[tuple[int, Payout]]:
    return [(entries, payout(regulation, Entries(entries))) for entries in fields]


def _n(value: int) -> str:
    return number_text(value)


def _minutes(value: float) -> str:
    return f"{value:g}"


FORMAT_WORDS = {
    TournamentFormat.AMERICAN: N_("american"),
    TournamentFormat.OLYMPIC: N_("olympic"),
}
PROFILE_WORDS = {"club": N_("club"), "home": N_("home"), "sport": N_("sport")}


def _moment(regulation: Regulation, minutes: float) -> str:
    moment = clock_time(regulation, minutes)
    if moment is None:
        return duration_text(minutes)
    return f"{duration_text(minutes)} ({moment:%H:%M})"


def _wall(moment: datetime | time) -> str:
    return f"{moment:%H:%M}" if isinstance(moment, time) else f"{moment:%Y-%m-%d %H:%M}"


def _bets(level: Level, game: GameSpec, mixed: bool) -> str:
    parts = []
    if not game.variant.stud:
        parts.append(f"{_n(level.small_blind)}/{_n(level.big_blind)}")
    if game.variant.stud or level.bring_in:
        parts.append(_("bring-in {amount}").format(amount=_n(level.bring_in)))
    if level.small_bet or level.big_bet:
        small = level.small_bet or level.big_blind
        parts.append(
            _("bets {small}/{big}").format(small=_n(small), big=_n(level.big_bet or 2 * small))
        )
    if level.ante:
        if level.big_blind_ante:
            parts.append(_("big-blind ante {ante}").format(ante=_n(level.ante)))
        else:
            parts.append(_("ante {ante}").format(ante=_n(level.ante)))
    text = ", ".join(parts)
    return f"{text}  [{game.label}]" if mixed else text


def _terms(regulation: Regulation) -> list[str]:
    money = regulation.money
    cur = f" {money.currency}" if money.currency else ""
    lines = [
        _(
            "Buy-in {buy_in}{currency} (fee {fee}, {pool} to the pool) · added {added} · "
            "guarantee {guarantee}"
        ).format(
            buy_in=_n(money.buy_in),
            currency=cur,
            fee=_n(money.fee),
            pool=_n(money.buy_in - money.fee),
            added=_n(money.added),
            guarantee=_n(money.guarantee) if money.guarantee else _("none"),
        )
    ]
    if regulation.re_entry:
        terms = regulation.re_entry
        lines.append(
            _(
                "Re-entry: {count} per player until the end of level {level}, {chips} chips "
                "for the buy-in, a new seat (T-11)"
            ).format(count=terms.per_player, level=terms.until_level, chips=_n(terms.chips))
        )
    if regulation.rebuy:
        rebuy = regulation.rebuy
        if rebuy.per_player:
            limit = _("{count} per player").format(count=rebuy.per_player)
        else:
            limit = _("no limit")
        if rebuy.stack_at_most:
            when = _("at most {chips} chips").format(chips=_n(rebuy.stack_at_most))
        else:
            when = _("busted")
        lines.append(
            _(
                "Re-buy: {chips} chips for {price} (fee {fee}) while {when}, until the end of "
                "level {level}, {limit} (T-11)"
            ).format(
                chips=_n(rebuy.chips),
                price=_n(rebuy.price),
                fee=_n(rebuy.fee),
                when=when,
                level=rebuy.until_level,
                limit=limit,
            )
        )
    if regulation.add_on:
        add_on = regulation.add_on
        lines.append(
            _(
                "Add-on: {chips} chips for {price} (fee {fee}) at the break after level "
                "{level}, {count} per player (T-11)"
            ).format(
                chips=_n(add_on.chips),
                price=_n(add_on.price),
                fee=_n(add_on.fee),
                level=add_on.at_break,
                count=add_on.per_player,
            )
        )
    clock = regulation.shot_clock
    if clock:
        banks = clock.time_banks
        text = _(
            "Shot clock from level {level}: {seconds} s, then a {countdown} s countdown (A-18)"
        ).format(level=clock.from_level, seconds=clock.seconds, countdown=clock.countdown)
        if banks.count or banks.added:
            added = "".join(
                _(", +{count} at level {level}").format(count=count, level=level)
                for level, count in banks.added
            )
            text += _("; time banks {count} × {seconds} s{added}").format(
                count=banks.count, seconds=banks.seconds, added=added
            )
        lines.append(text)
    return lines


def _timetable(regulation: Regulation) -> list[str]:
    heads = (_("Level"), _("Starts"), pgettext("minutes", "Min"))
    widths = (max(5, len(heads[0])), max(14, len(heads[1])), max(4, len(heads[2])))
    lines = [
        f"{heads[0]:>{widths[0]}}  {heads[1]:<{widths[1]}} {heads[2]:>{widths[2]}}  "
        + _("Forced bets")
    ]
    mixed = regulation.game.mixed
    for entry in timetable(regulation):
        starts = _moment(regulation, entry.starts_after)
        if isinstance(entry, ScheduledLevel):
            level = entry.level
            lines.append(
                f"{level.number:>{widths[0]}}  {starts:<{widths[1]}} "
                f"{_minutes(level.minutes):>{widths[2]}}  {_bets(level, entry.game, mixed)}"
            )
        else:
            pause = entry.pause
            color = ""
            if pause.color_up:
                after = regulation.smallest_chip(pause.after_level + 1)
                color = _("colour-up: {chip} retired, smallest chip {smallest}").format(
                    chip=_n(pause.color_up), smallest=_n(after)
                )
            pause_word = _("break")
            lines.append(
                f"{pause_word:>{widths[0]}}  {starts:<{widths[1]}} "
                f"{_minutes(pause.minutes):>{widths[2]}}  {color}"
            )
    levels, breaks = len(regulation.levels), len(regulation.breaks)
    counts = ", ".join(
        (
            ngettext("{count} level", "{count} levels", levels).format(count=levels),
            ngettext("{count} break", "{count} breaks", breaks).format(count=breaks),
        )
    )
    lines.append(
        _("Scheduled: {duration} ({counts}); after that the last level goes on").format(
            duration=duration_text(scheduled_minutes(regulation)), counts=counts
        )
    )
    return lines


def _prize_list(prizes: Sequence[int]) -> str:
    shown = [f"{place}. {_n(prize)}" for place, prize in enumerate(prizes, start=1)]
    if len(shown) > PRIZES_SHOWN:
        shown = [*shown[: PRIZES_SHOWN - 1], "…", shown[-1]]
    return " · ".join(shown)


def check_text(regulation: Regulation, results: Sequence[tuple[int, Payout]]) -> str:
    """The regulation as a director reads it before the start, in his language."""
    start = regulation.start
    started = _("No start time") if start is None else _("Starts {when}").format(when=_wall(start))
    late = regulation.late_registration.until_level
    closes = late_registration_closes(regulation)
    late_text = (
        _("late registration until level {level} starts: {when} (T-19)").format(
            level=late + 1, when=_moment(regulation, closes)
        )
        if late
        else _("no late registration")
    )
    chips = ", ".join(_n(chip) for chip in regulation.chips)
    olympic = regulation.format is TournamentFormat.OLYMPIC
    last_table = (
        _("each stage restarts at {stack} (T-9)").format(stack=_n(regulation.restart_stack))
        if olympic
        else _("final table {size}").format(size=regulation.final_table_size)
    )
    profile = PROFILE_WORDS.get(regulation.profile)
    heads = (_("Entries"), _("Pool"), _("Overlay"), _("Paid"))
    widths = [max(width, len(head)) for head, width in zip(heads, (7, 10, 9, 5), strict=True)]
    lines = [
        _("{name}: {format}, {game}, profile {profile}").format(
            name=regulation.name,
            format=_(FORMAT_WORDS[regulation.format]),
            game=regulation.game.label,
            profile=_(profile) if profile else regulation.profile,
        ),
        *([regulation.description] if regulation.description else []),
        _("Starting stack {stack} · tables of {size} · {last_table} · chips {chips}").format(
            stack=_n(regulation.starting_stack),
            size=regulation.table_size,
            last_table=last_table,
            chips=chips,
        ),
        f"{started} · {late_text}",
        *_terms(regulation),
        "",
        *_timetable(regulation),
        "",
        " ".join(f"{head:>{width}}" for head, width in zip(heads, widths, strict=True))
        + "  "
        + _("Prizes"),
    ]
    for entries, result in results:
        pool = result.pool
        lines.append(
            f"{entries:>{widths[0]}} {_n(pool.total):>{widths[1]}} "
            f"{_n(pool.overlay):>{widths[2]}} {len(result.prizes):>{widths[3]}}  "
            f"{_prize_list(result.prizes)}"
        )
    return "\n".join(lines)


def _iso(moment: datetime | time | None) -> str | None:
    return None if moment is None else moment.isoformat()


def check_json(regulation: Regulation, results: Sequence[tuple[int, Payout]]) -> dict[str, Any]:
    """Everything ``check_text`` shows, as one JSON object."""
    levels = []
    breaks = []
    for entry in timetable(regulation):
        if isinstance(entry, ScheduledBreak):
            breaks.append({**dataclasses.asdict(entry.pause), "starts_after": entry.starts_after})
        else:
            levels.append(
                {
                    **dataclasses.asdict(entry.level),
                    "starts_after": entry.starts_after,
                    "smallest_chip": entry.smallest_chip,
                    "variant": entry.game.variant.code,
                    "limit": entry.game.limit.value,
                }
            )
    closes = late_registration_closes(regulation)
    optional = {
        name: None if value is None else dataclasses.asdict(value)
        for name, value in (
            ("re_entry", regulation.re_entry),
            ("rebuy", regulation.rebuy),
            ("add_on", regulation.add_on),
            ("shot_clock", regulation.shot_clock),
        )
    }
    return {
        "name": regulation.name,
        "description": regulation.description,
        "format": regulation.format.value,
        "profile": regulation.profile,
        "games": [
            {"variant": spec.variant.code, "limit": spec.limit.value}
            for spec in regulation.game.rotation
        ],
        "rotate_every": regulation.game.rotate_every.value,
        "starting_stack": regulation.starting_stack,
        "table_size": regulation.table_size,
        "final_table_size": regulation.final_table_size,
        "stage_stack": regulation.restart_stack
        if regulation.format is TournamentFormat.OLYMPIC
        else None,
        "max_entries": regulation.max_entries,
        "chips": list(regulation.chips),
        "start": _iso(regulation.start),
        "levels": levels,
        "breaks": breaks,
        "scheduled_minutes": scheduled_minutes(regulation),
        "late_registration": {
            "until_level": regulation.late_registration.until_level,
            "closes_after": closes,
            "closes_at": _iso(clock_time(regulation, closes)),
        },
        **optional,
        "money": dataclasses.asdict(regulation.money),
        "payouts": [
            {
                "entries": entries,
                "collected": result.pool.collected,
                "fees": result.pool.fees,
                "added": result.pool.added,
                "overlay": result.pool.overlay,
                "pool": result.pool.total,
                "prizes": list(result.prizes),
            }
            for entries, result in results
        ],
    }
