"""``pokerroom play``: the home series of seed 001 (H-1 … H-8), with bots.

``--all-bots`` plays a whole series unattended; with ``--json`` it prints one
JSON object per hand and a last line with the result, for scripts and tests.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Annotated

import typer

from pokerroom.bots import BOTS, Bot, play_hand
from pokerroom.cli.errors import user_errors
from pokerroom.cli.names import player_name
from pokerroom.engine import VARIANTS, Hand, Limit
from pokerroom.errors import PokerroomError, UsageError
from pokerroom.storage import SeriesLog, SeriesStore, StorageError, resume_series
from pokerroom.table.series import HandRecord, Series, SeriesSettings
from pokerroom.tui.app import HandListener, TableApp

BOT_CYCLE = ("equity", "station", "random")
MAX_HANDS = 100_000
MAX_ID = 2**63 - 1
"""The largest row id SQLite stores."""
SERIES_OPTIONS = (
    "all_bots",
    "seats",
    "seed",
    "stack",
    "max_hands",
    "humans",
    "minutes",
    "name",
    "bots_option",
    "game",
    "limit",
    "blinds",
    "mixed",
)
"""Options a resumed series takes from the store (its players, game and limits), not from
the command line; ``--clock`` and ``--json`` are how this run shows it, and may be given."""


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


@dataclasses.dataclass
class _StopOnFailure:
    """The saving listener, but a save that fails ends the table and keeps its reason."""

    save: HandListener
    table: TableApp | None = None
    failure: str | None = None

    def __call__(self, series: Series, hand: Hand, record: HandRecord | None) -> None:
        try:
            self.save(series, hand, record)
        except PokerroomError as error:  # what was saved before it stays saved
            self.failure = str(error)
            if self.table is not None:
                self.table.exit()


def _series_options_given(ctx: typer.Context) -> str:
    """The options that make a new series, as typed on the command line ("" if none)."""
    given = [
        option
        for option in SERIES_OPTIONS
        if (source := ctx.get_parameter_source(option)) is not None and source.name == "COMMANDLINE"
    ]
    return ", ".join("--" + option.removesuffix("_option").replace("_", "-") for option in given)


def _abandon(ctx: typer.Context, series_id: int, extra: int | None, *, resume: bool) -> None:
    """``--abandon ID``: the series is given up, never resumed; its hands stay in history."""
    given = _series_options_given(ctx)
    if resume or extra is not None or given:
        raise UsageError("--abandon takes a series id and nothing else")
    with SeriesStore.open() as store:
        saved = store.abandon_series(series_id)
    plural = "" if saved.hands_played == 1 else "s"
    typer.echo(f"series {saved.id} abandoned after {saved.hands_played} hand{plural}")


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
    ctx: typer.Context,
    series_id: Annotated[
        int | None,
        typer.Argument(
            min=1,
            max=MAX_ID,
            metavar="ID",
            help="With --resume: the series to go on with (pokerroom history --list).",
        ),
    ] = None,
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
        bool,
        typer.Option(
            "--resume",
            help="Go on with an unfinished series (the latest, or the one named), mid-hand too.",
        ),
    ] = False,
    abandon: Annotated[
        int | None,
        typer.Option("--abandon", min=1, max=MAX_ID, help="Give up an unfinished series for good."),
    ] = None,
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
) -> None:
    """Play the home series: No-limit Hold'em, 200 chips, blinds 1/2, until one player is left.

    Everything is saved as you go in the embedded database (see ``pokerroom history``).
    """
    with user_errors():
        # only a lone human plays under --name; it is checked before anything is created
        you = player_name(name) if not (resume or all_bots) and humans == 1 else name
        if abandon is not None:
            _abandon(ctx, abandon, series_id, resume=resume)
            return
        if series_id is not None and not resume:
            raise UsageError(f"a series id goes with --resume: pokerroom play --resume {series_id}")
        if resume:
            given = _series_options_given(ctx)
            if given:
                raise UsageError(f"--resume goes on with the series as saved: drop {given}")
        store = SeriesStore.open()
        hand: Hand | None = None
        if resume:
            try:
                resumed = resume_series(store, series_id)
            except StorageError:
                store.close()
                raise
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
            seconds = None if minutes is None else 60 * minutes
            series = Series(
                list(names.values()), settings, seed=seed, max_hands=max_hands, seconds_left=seconds
            )
            styles = {seat: name.split("-")[0] for seat, name in names.items() if seat > people}
            log = SeriesLog.start(store, series, bots=styles)
    bots = _bots_for(styles, seed)
    save = saving_listener(log)
    if people:
        humans_at = {seat for seat in series.seats if seat not in bots}
        guarded = _StopOnFailure(save)
        guarded.table = TableApp(
            series,
            humans_at,
            bots,
            hot_seat=people > 1,
            on_change=guarded,
            hand=hand,
            clock=clock or None,
        )
        guarded.table.run()
        store.close()
        if guarded.failure is not None:
            with user_errors():
                raise StorageError(guarded.failure)
        return
    with user_errors(), store:  # a failing database mid-series: one line, what is saved stays
        while not series.is_over:
            current = hand or series.start_hand()
            hand = None
            play_hand(current, {p: bots[series.seat_of(p)] for p in range(current.players)})
            record = series.finish_hand(current)  # H-3: the series stops at its limits
            save(series, current, record)
            if as_json:
                typer.echo(_hand_json(record))
            elif record.eliminated:
                out = ", ".join(series.seats[seat].name for seat in record.eliminated)
                typer.echo(f"hand {record.number}: {out} eliminated")
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
