"""``pokerroom play``: the home series of seed 001 (H-1 … H-8), with bots.

``--all-bots`` plays a whole series unattended; with ``--json`` it prints one
JSON object per hand and a last line with the result, for scripts and tests.
"""

from __future__ import annotations

import json
import time
from typing import Annotated

import typer

from pokerroom.bots import BOTS, play_hand
from pokerroom.cli.errors import user_errors
from pokerroom.errors import UsageError
from pokerroom.table.series import HandRecord, Series, SeriesSettings
from pokerroom.tui.app import TableApp

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
) -> None:
    """Play the home series: No-limit Hold'em, 200 chips, blinds 1/2, until one player is left."""
    with user_errors():
        people = 0 if all_bots else humans
        if people > seats:
            raise UsageError(f"--humans {people} needs at least as many --seats, got {seats}")
        if as_json and not all_bots:
            raise UsageError("--json is for unattended series: add --all-bots")
        names = [
            ("You" if people == 1 else f"Player {i + 1}")
            if i < people
            else f"{BOT_CYCLE[i % 3]}-{i + 1}"
            for i in range(seats)
        ]
        series = Series(names, SeriesSettings(stack=stack), seed=seed)
    bots = {
        number: BOTS[name.split("-")[0]](None if seed is None else seed + number)
        for number, name in enumerate(names, start=1)
        if number > people
    }
    if people:
        deadline = time.monotonic() + 60 * minutes if minutes is not None else None
        TableApp(
            series, set(range(1, people + 1)), bots, hot_seat=people > 1, deadline=deadline
        ).run()
        return
    while not series.is_over:
        hand = series.start_hand()
        play_hand(hand, {p: bots[series.seat_of(p)] for p in range(hand.players)})
        record = series.finish_hand(hand)
        if as_json:
            typer.echo(_hand_json(record))
        elif record.eliminated:
            out = ", ".join(series.seats[seat].name for seat in record.eliminated)
            typer.echo(f"hand {record.number}: {out} eliminated")
        if series.hands_played >= max_hands:
            series.stop()
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
