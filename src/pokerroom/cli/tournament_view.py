"""How ``pokerroom tournament check`` shows a regulation: text for people, JSON for programs."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import datetime, time
from typing import Any

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
    return f"{value:,}"


def _minutes(value: float) -> str:
    return f"{value:g}"


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
        parts.append(f"bring-in {_n(level.bring_in)}")
    if level.small_bet or level.big_bet:
        small = level.small_bet or level.big_blind
        parts.append(f"bets {_n(small)}/{_n(level.big_bet or 2 * small)}")
    if level.ante:
        parts.append(("big-blind ante " if level.big_blind_ante else "ante ") + _n(level.ante))
    text = ", ".join(parts)
    return f"{text}  [{game.label}]" if mixed else text


def _terms(regulation: Regulation) -> list[str]:
    money = regulation.money
    cur = f" {money.currency}" if money.currency else ""
    lines = [
        f"Buy-in {_n(money.buy_in)}{cur} (fee {_n(money.fee)}, "
        f"{_n(money.buy_in - money.fee)} to the pool) · added {_n(money.added)} · "
        f"guarantee {_n(money.guarantee) if money.guarantee else 'none'}"
    ]
    if regulation.re_entry:
        terms = regulation.re_entry
        lines.append(
            f"Re-entry: {terms.per_player} per player until the end of level "
            f"{terms.until_level}, {_n(terms.chips)} chips for the buy-in, a new seat (T-11)"
        )
    if regulation.rebuy:
        rebuy = regulation.rebuy
        limit = f"{rebuy.per_player} per player" if rebuy.per_player else "no limit"
        when = f"at most {_n(rebuy.stack_at_most)} chips" if rebuy.stack_at_most else "busted"
        lines.append(
            f"Re-buy: {_n(rebuy.chips)} chips for {_n(rebuy.price)} (fee {_n(rebuy.fee)}) "
            f"while {when}, until the end of level {rebuy.until_level}, {limit} (T-11)"
        )
    if regulation.add_on:
        add_on = regulation.add_on
        lines.append(
            f"Add-on: {_n(add_on.chips)} chips for {_n(add_on.price)} (fee {_n(add_on.fee)}) "
            f"at the break after level {add_on.at_break}, {add_on.per_player} per player (T-11)"
        )
    clock = regulation.shot_clock
    if clock:
        banks = clock.time_banks
        text = (
            f"Shot clock from level {clock.from_level}: {clock.seconds} s, then a "
            f"{clock.countdown} s countdown (A-18)"
        )
        if banks.count or banks.added:
            added = "".join(f", +{count} at level {level}" for level, count in banks.added)
            text += f"; time banks {banks.count} × {banks.seconds} s{added}"
        lines.append(text)
    return lines


def _timetable(regulation: Regulation) -> list[str]:
    lines = [f"{'Level':>5}  {'Starts':<14} {'Min':>4}  Forced bets"]
    mixed = regulation.game.mixed
    for entry in timetable(regulation):
        starts = _moment(regulation, entry.starts_after)
        if isinstance(entry, ScheduledLevel):
            level = entry.level
            lines.append(
                f"{level.number:>5}  {starts:<14} {_minutes(level.minutes):>4}  "
                f"{_bets(level, entry.game, mixed)}"
            )
        else:
            pause = entry.pause
            color = ""
            if pause.color_up:
                after = regulation.smallest_chip(pause.after_level + 1)
                color = f", colour-up: {_n(pause.color_up)} retired, smallest chip {_n(after)}"
            lines.append(f"{'break':>5}  {starts:<14} {_minutes(pause.minutes):>4}  {color[2:]}")
    levels, breaks = len(regulation.levels), len(regulation.breaks)
    lines.append(
        f"Scheduled: {duration_text(scheduled_minutes(regulation))} ({levels} levels, "
        f"{breaks} breaks); after that the last level goes on"
    )
    return lines


def _prize_list(prizes: Sequence[int]) -> str:
    shown = [f"{place}. {_n(prize)}" for place, prize in enumerate(prizes, start=1)]
    if len(shown) > PRIZES_SHOWN:
        shown = [*shown[: PRIZES_SHOWN - 1], "…", shown[-1]]
    return " · ".join(shown)


def check_text(regulation: Regulation, results: Sequence[tuple[int, Payout]]) -> str:
    """The regulation as a director reads it before the start."""
    start = regulation.start
    started = "No start time" if start is None else f"Starts {_wall(start)}"
    late = regulation.late_registration.until_level
    closes = late_registration_closes(regulation)
    late_text = (
        f"late registration until level {late + 1} starts: {_moment(regulation, closes)} (T-19)"
        if late
        else "no late registration"
    )
    chips = ", ".join(_n(chip) for chip in regulation.chips)
    olympic = regulation.format is TournamentFormat.OLYMPIC
    last_table = (
        f"each stage restarts at {_n(regulation.restart_stack)} (T-9)"
        if olympic
        else f"final table {regulation.final_table_size}"
    )
    lines = [
        f"{regulation.name}: {regulation.format.value}, {regulation.game.label}, "
        f"profile {regulation.profile}",
        *([regulation.description] if regulation.description else []),
        f"Starting stack {_n(regulation.starting_stack)} · tables of {regulation.table_size} · "
        f"{last_table} · chips {chips}",
        f"{started} · {late_text}",
        *_terms(regulation),
        "",
        *_timetable(regulation),
        "",
        f"{'Entries':>7} {'Pool':>10} {'Overlay':>9} {'Paid':>5}  Prizes",
    ]
    for entries, result in results:
        pool = result.pool
        lines.append(
            f"{entries:>7} {_n(pool.total):>10} {_n(pool.overlay):>9} {len(result.prizes):>5}  "
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
