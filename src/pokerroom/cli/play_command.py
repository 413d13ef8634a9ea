"""``pokerroom play``: the home series of seed 001 (H-1 … H-8), with bots.

``--all-bots`` plays a whole series unattended; with ``--json`` it prints one
JSON object per hand and a last line with the result, for scripts and tests.
"""

from __future__ import annotations

import dataclasses
import json
import time
from typing import Annotated

import typer

from pokerroom.bots import BOTS, Bot, play_hand
from pokerroom.cli.errors import user_errors
from pokerroom.cli.names import player_name
from pokerroom.engine import VARIANTS, Hand, Limit
from pokerroom.errors import UsageError
from pokerroom.storage import SeriesLog, SeriesStore, resume_series
from pokerroom.table.series import HandRecord, Series, SeriesSettings
from pokerroom.tui.app import HandListener, TableApp

BOT_CYCLE = ("equity", "station", "random")
MAX_HANDS = 100_000


def _hand_json(record: HandRecord) -> str:
    return json.dumps(
        {
            "hand": record.number,
            "button": record.button,
            "small_blind": record.small_blind,
            "big_blind": record.big_blind,
            "stacks_before": {str(k): v for k, v in record.stacks_before.items()},
            "stacks_after": {str(k): v for k, v in record.stacks_after.items()},
            "eliminated": list(record.eliminated),
        }
    )


def saving_listener(log: SeriesLog) -> HandListener:
    """Save as you go: every decision, every finished hand, and the end of the series."""

    def save(series: Series, hand: Hand, record: HandRecord | None) -> None:
        if record is None:
            log.save_progress(hand)
            return
        log.hand_finished(hand, record)
        if series.is_over:
            log.series_finished()

    return save


def _bots_for(styles: dict[int, str], seed: int | None) -> dict[int, Bot]:
    """A bot of the given style in each of those seats."""
    return {
        seat: BOTS[style](None if seed is None else seed + seat) for seat, style in styles.items()
    }


def _settings(game: str, limit: Limit, blinds: str, stack: int) -> SeriesSettings:
    """H-1 defaults with the variant, structure, blinds and stacks the user chose."""
    variant = VARIANTS.get(game)
    if variant is None:
        raise UsageError(f"unknown game {game!r}; choose from {', '.join(VARIANTS)}")
    small, _, big = blinds.partition("/")
    if not (small.isdigit() and big.isdigit()) or int(big) <= 0 or int(small) > int(big):
        raise UsageError(f"--blinds must look like 1/2 (small/big, small <= big), got {blinds!r}")
    return SeriesSettings(
        variant=variant, limit=limit, stack=stack, small_blind=int(small), big_blind=int(big)
    )


def play(
    all_bots: Annotated[bool, typer.Option("--all-bots", help="Bots in every seat.")] = False,
    seats: Annotated[int, typer.Option("--seats", min=2, max=10, help="Players, 2-10.")] = 6,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed for a reproducible series.")
    ] = None,
    stack: Annotated[int, typer.Option("--stack", min=1, help="Starting chips.")] = 200,
    max_hands: Annotated[
        int, typer.Option("--max-hands", min=1, help="Stop on this hand and rank by chips (H-3).")
    ] = MAX_HANDS,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per hand.")] = False,
    humans: Annotated[
        int, typer.Option("--humans", min=1, max=10, help="People at the keyboard (hot seat).")
    ] = 1,
    minutes: Annotated[
        float | None, typer.Option("--minutes", min=0, help="Stop after this time (H-3).")
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Go on with the last unfinished series, mid-hand too.")
    ] = False,
    name: Annotated[str, typer.Option("--name", help="Your name at the table.")] = "You",
    bots_option: Annotated[
        str,
        typer.Option("--bots", help="Bot styles in seat order, cycled: equity, station, random."),
    ] = ",".join(BOT_CYCLE),
    game: Annotated[
        str, typer.Option("--game", help="Any engine variant, e.g. holdem, omaha, stud, draw.")
    ] = "holdem",
    limit: Annotated[Limit, typer.Option("--limit", help="Betting structure.")] = Limit.NO_LIMIT,
    blinds: Annotated[str, typer.Option("--blinds", help="Small/big blind, e.g. 1/2.")] = "1/2",
    mixed: Annotated[
        bool, typer.Option("--mixed", help="Alternate fixed-limit and pot-limit each orbit (B-6).")
    ] = False,
    clock: Annotated[
        int,
        typer.Option("--clock", min=0, help="Seconds per decision before the countdown; 0: none."),
    ] = 30,
    auto_muck: Annotated[
        bool, typer.Option("--auto-muck", help="Muck your losing hands at showdown unasked (P-5).")
    ] = False,
) -> None:
    """Play the home series: No-limit Hold'em, 200 chips, blinds 1/2, until one player is left.

    Everything is saved as you go in the embedded database (see ``pokerroom history``).
    """
    with user_errors():
        # only a lone human plays under --name; it is checked before anything is created
        you = player_name(name) if not (resume or all_bots) and humans == 1 else name
        store = SeriesStore.open()
        hand: Hand | None = None
        if resume:
            resumed = resume_series(store)
            series, log, hand = resumed.series, resumed.log, resumed.hand
            styles = {p.seat: p.bot for p in resumed.saved.players if p.bot is not None}
            people = len(series.seats) - len(styles)
        else:
            people = 0 if all_bots else humans
            if people > seats:
                raise UsageError(f"--humans {people} needs at least as many --seats, got {seats}")
            if as_json and not all_bots:
                raise UsageError("--json is for unattended series: add --all-bots")
            cycle = [style.strip() for style in bots_option.split(",") if style.strip()]
            unknown = [style for style in cycle if style not in BOTS]
            if unknown or not cycle:
                raise UsageError(
                    f"unknown bot style {', '.join(unknown) or '(none)'}; choose from "
                    + ", ".join(BOTS)
                )
            names = {
                i + 1: (you if people == 1 else f"Player {i + 1}")
                if i < people
                else f"{cycle[(i - people) % len(cycle)]}-{i + 1}"
                for i in range(seats)
            }
            settings = dataclasses.replace(_settings(game, limit, blinds, stack), mixed=mixed)
            series = Series(list(names.values()), settings, seed=seed)
            styles = {seat: name.split("-")[0] for seat, name in names.items() if seat > people}
            log = SeriesLog.start(store, series, bots=styles)
    bots = _bots_for(styles, seed)
    save = saving_listener(log)
    if people:
        deadline = time.monotonic() + 60 * minutes if minutes is not None else None
        humans_at = {seat for seat in series.seats if seat not in bots}
        TableApp(
            series,
            humans_at,
            bots,
            hot_seat=people > 1,
            deadline=deadline,
            on_change=save,
            hand=hand,
            clock=clock or None,
            auto_muck=auto_muck,
        ).run()
        store.close()
        return
    while not series.is_over:
        current = hand or series.start_hand()
        hand = None
        play_hand(current, {p: bots[series.seat_of(p)] for p in range(current.players)})
        record = series.finish_hand(current)
        if series.hands_played >= max_hands:
            series.stop()
        save(series, current, record)
        if as_json:
            typer.echo(_hand_json(record))
        elif record.eliminated:
            out = ", ".join(series.seats[seat].name for seat in record.eliminated)
            typer.echo(f"hand {record.number}: {out} eliminated")
    store.close()
    standings = series.standings()
    if as_json:
        result = [
            {"seat": s.seat, "name": s.name, "place": s.place, "chips": s.chips} for s in standings
        ]
        typer.echo(json.dumps({"result": result}))
        return
    typer.echo(f"after {series.hands_played} hands:")
    for s in standings:
        typer.echo(f"  {s.place:>2}. {s.name:<12} seat {s.seat:>2}  {s.chips:>6} chips")
