"""``pokerroom play``: the home series of seed 001 (H-1 … H-8), with bots.

At the terminal the series is played by a home room of this process, the server's table
runtime (its clock, time banks, pre-actions, away seats), drawn by the terminal table of
``pokerroom connect`` (:mod:`pokerroom.tui.local_table`) and saved as it goes in the series
store (:mod:`pokerroom.storage.series_room`), so ``--resume`` finds the same decision.

``--all-bots`` plays a whole series unattended; with ``--json`` it prints one
JSON object per hand and a last line with the result, for scripts and tests.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

import typer

from pokerroom.bot_choices import LINE_UP
from pokerroom.cli.errors import user_errors
from pokerroom.cli.hand_json import markers_json, pots_json, stakes_json
from pokerroom.cli.names import player_name
from pokerroom.cli.options import MAX_ID, flag, number, resume_id
from pokerroom.cli.terminal import NO_TERMINAL, at_a_terminal, require_terminal
from pokerroom.errors import UsageError
from pokerroom.game_choices import PROFILE_NAMES, VARIANT_CODES, Limit
from pokerroom.i18n import (
    gettext,
    ngettext,
)
from pokerroom.i18n.marker import N_
from pokerroom.table.chip_caps import MAX_AMOUNT
from pokerroom.table.seating import MAX_SEATS

if TYPE_CHECKING:  # the engine, the storage and Textual load when the command runs
    from pokerroom.bots import Bot
    from pokerroom.engine import Hand
    from pokerroom.storage import SavedSeries, SeriesLog, SeriesStore
    from pokerroom.table.series import HandRecord, Series, SeriesSettings

HandListener = Callable[["Series", "Hand", "HandRecord | None"], None]
"""Told of every decision (no record) and every finished hand (its record)."""
BOT_CYCLE = LINE_UP
MAX_HANDS = 100_000
MAX_MINUTES = 7 * 24 * 60
MAX_CLOCK = 3600
TABLE_ONLY = ("humans", "name", "clock", "auto_muck", "straddle")
"""Options of the terminal table, meaningless when bots fill every seat."""
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
    "profile",
    "ante",
    "smallest_chip",
    "straddle",
    "run_it_twice",
)
"""Options a resumed series takes from the store (its players, game and limits), not from
the command line; ``--clock`` and ``--json`` are how this run shows it, and may be given."""


def _hand_json(record: HandRecord, hand: Hand, series: Series) -> str:
    """One line of ``--json``: the hand (from 1), its markers as seats, stakes, pots, stacks."""
    return json.dumps(
        {
            "hand": record.number,
            **markers_json(record, series.settings),
            "limit": hand.config.limit.value,
            "stakes": stakes_json(series.settings),
            "pots": pots_json(hand, series.seat_of),
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


def _series_options_given(ctx: typer.Context) -> str:
    """The options that make a new series, as typed on the command line ("" if none)."""
    given = [
        option
        for option in SERIES_OPTIONS
        if (source := ctx.get_parameter_source(option)) is not None and source.name == "COMMANDLINE"
    ]
    return ", ".join("--" + option.removesuffix("_option").replace("_", "-") for option in given)


def _seconds(clock: int) -> str:
    if not clock:
        return gettext(N_("no decision clock"))
    return gettext(N_("{seconds} s per decision")).format(seconds=clock)


def _resumed_clock(
    ctx: typer.Context, store: SeriesStore, saved: SavedSeries, given: int
) -> tuple[int, str]:
    """A-18: the decision clock of a resumed series, and what the table says about it.

    The clock saved with the series comes back; a ``--clock`` typed on resume that differs
    wins, is saved for the next resume, and the table says so. A series saved before its
    clock was kept takes the ``--clock`` given (30 s by default) and keeps it from now on.
    """
    typed = (source := ctx.get_parameter_source("clock")) is not None and (
        source.name == "COMMANDLINE"
    )
    if saved.clock is not None and (not typed or given == saved.clock):
        return saved.clock, ""
    store.set_clock(saved.id, given)
    if saved.clock is None:
        return given, ""
    note = N_("--clock {given}: {now} from now on (series {id} was saved with {before})")
    return given, gettext(note).format(
        given=given, now=_seconds(given), id=saved.id, before=_seconds(saved.clock)
    )


def _abandon(ctx: typer.Context, series_id: int, extra: int | None, *, resume: bool) -> None:
    """``--abandon ID``: the series is given up, never resumed; its hands stay in history."""
    given = _series_options_given(ctx)
    if resume or extra is not None or given:
        raise UsageError(N_("--abandon takes a series id and nothing else"))
    from pokerroom.storage import SeriesStore

    with SeriesStore.open() as store:
        saved = store.abandon_series(series_id)
    typer.echo(
        ngettext(
            "series {id} abandoned after {count} hand",
            "series {id} abandoned after {count} hands",
            saved.hands_played,
        ).format(id=saved.id, count=saved.hands_played)
    )


def _bots_for(styles: dict[int, str], seed: int | None) -> dict[int, Bot]:
    """A bot of the given style in each of those seats."""
    from pokerroom.bots.registry import make_bot

    return {
        seat: make_bot(style, None if seed is None else seed + seat)
        for seat, style in styles.items()
    }


def _settings(
    game: str,
    limit: Limit | None,
    blinds: str,
    stack: int,
    *,
    seats: int = 6,
    ante: int | None = None,
    profile: str = "home",
    smallest_chip: int = 1,
    straddle: str = "off",
    run_it_twice: bool = False,
) -> SeriesSettings:
    """H-1 defaults with the variant, structure, stakes, stacks and rules the user chose,
    each checked as the web lobby checks it (:mod:`pokerroom.table.settings_check`).

    Without ``--limit`` a game is dealt in its usual structure (Stud fixed-limit,
    V-5); every amount at the table is made of the smallest chip (P-3).
    """
    from pokerroom.table import settings_check
    from pokerroom.table.series import SeriesSettings, usual_limit

    variant = settings_check.game(game)
    settings_check.seats(seats, variant)
    small, big = settings_check.blinds(blinds)
    settings_check.chips("stack", stack, low=1)
    ante = settings_check.ante(ante, variant)
    profile = settings_check.profile(profile)
    straddle = settings_check.straddle(straddle, variant)
    settings_check.run_it_twice(run_it_twice, variant)
    amounts = (("--stack", stack), ("--blinds", small), ("--blinds", big), ("--ante", ante))
    uneven = list(dict.fromkeys(option for option, amount in amounts if amount % smallest_chip))
    if uneven:
        problem = N_("{options} must be made of chips of {chip} (--smallest-chip, P-3)")
        raise UsageError(gettext(problem).format(options=", ".join(uneven), chip=smallest_chip))
    return SeriesSettings(
        variant=variant,
        limit=limit or usual_limit(variant),
        stack=stack,
        small_blind=small,
        big_blind=big,
        ante=ante,
        profile=profile,
        smallest_chip=smallest_chip,
        straddle=straddle,
        run_it_twice=run_it_twice,
    )


def _conflicts(ctx: typer.Context, *, all_bots: bool, humans: int, mixed: bool) -> None:
    """Options that would be ignored by the others given are errors, not silence."""
    given = {
        name
        for name in ctx.params
        if (source := ctx.get_parameter_source(name)) is not None and source.name == "COMMANDLINE"
    }
    if all_bots:
        unused = [f"--{name.replace('_', '-')}" for name in TABLE_ONLY if name in given]
        if unused:
            problem = gettext(N_("--all-bots seats no one at the table: drop {options}"))
            raise UsageError(problem.format(options=", ".join(unused)))
    elif humans > 1 and "name" in given:
        raise UsageError(N_("--name is for one player; hot-seat players are Player 1, Player 2, …"))
    if mixed and "limit" in given:
        raise UsageError(N_("--mixed alternates fixed-limit and pot-limit (B-6): drop --limit"))


def _play_at_the_terminal(
    series: Series,
    log: SeriesLog,
    styles: dict[int, str],
    bots: dict[int, Bot],
    hand: Hand | None,
    *,
    clock: int,
    auto_muck: bool,
    note: str,
) -> str | None:
    """Play the series at this terminal until it ends or the player quits: a home room of
    this process, saved as it goes, drawn by the terminal table of ``pokerroom connect``.
    Returns why saving failed (the table stopped there), or None."""
    import asyncio
    import time

    from pokerroom.room.clock import ShotClock
    from pokerroom.room.home import HomeRoom
    from pokerroom.room.seam import User
    from pokerroom.storage.series_room import SeriesRoom
    from pokerroom.tui.local_table import LOCAL_ROOM, RESUME_HINT, local_table

    people = [User(seat, player.name) for seat, player in series.seats.items() if seat not in bots]
    room = HomeRoom.playing(
        LOCAL_ROOM,
        series,
        {user.id: user for user in people},
        {seat: (styles[seat], bot) for seat, bot in bots.items()},
        clock=ShotClock(seconds=clock, timed=clock > 0),
        auto_muck=auto_muck,
    )
    saved = SeriesRoom(room, log)
    room.go_on(time.monotonic(), hand)
    saved.save_progress()
    title = gettext(N_("pokerroom — home series"))
    table = local_table(saved, people, title=title, message=note, saves=saved.writer)
    saved.on_failure = lambda _why: table.exit()
    if saved.failure is None:
        asyncio.run(table.run_local())
    saved.close()
    if saved.failure is None and not series.is_over:
        typer.echo(gettext(RESUME_HINT))
    return saved.failure


def play(
    ctx: typer.Context,
    series_id: Annotated[
        int | None,
        resume_id(N_("With --resume: the series to go on with (pokerroom history --list).")),
    ] = None,
    all_bots: Annotated[
        bool, flag("--all-bots", help="Bots in every seat: the series plays itself.")
    ] = False,
    seats: Annotated[
        int, typer.Option("--seats", metavar=f"2-{MAX_SEATS}", help="Players (Stud 8, Draw 6).")
    ] = 6,
    seed: Annotated[
        int | None, typer.Option("--seed", metavar="SEED", help="Seed for a reproducible series.")
    ] = None,
    stack: Annotated[int, typer.Option("--stack", metavar="CHIPS", help="Starting chips.")] = 200,
    max_hands: Annotated[
        int,
        number(
            "--max-hands",
            low=1,
            high=MAX_HANDS,
            metavar="N",
            help=f"Stop on this hand and rank by chips (H-3), 1-{MAX_HANDS}.",
        ),
    ] = MAX_HANDS,
    as_json: Annotated[
        bool, flag("--json", help="With --all-bots: one JSON object per hand, then the result.")
    ] = False,
    humans: Annotated[
        int, number("--humans", low=1, high=MAX_SEATS, help="People at the keyboard (hot seat).")
    ] = 1,
    minutes: Annotated[
        float | None,
        number(
            "--minutes",
            low=0,
            high=MAX_MINUTES,
            metavar="MINUTES",
            help="Stop after this time and rank by chips (H-3), up to a week.",
        ),
    ] = None,
    resume: Annotated[
        bool,
        flag(
            "--resume",
            help="Go on with an unfinished series (the latest, or the one named), mid-hand too.",
        ),
    ] = False,
    abandon: Annotated[
        int | None,
        number("--abandon", low=1, high=MAX_ID, metavar="ID", help="Give up an unfinished series."),
    ] = None,
    name: Annotated[
        str, typer.Option("--name", metavar="NAME", help="Your name at the table.")
    ] = "You",  # machine words: the name saved as data; the table says "you" in words
    bots_option: Annotated[
        str,
        typer.Option(
            "--bots",
            metavar="STYLES",
            help="Bot styles in seat order, cycled: tight-aggressive, loose-aggressive, "
            "tight-passive, loose-passive; also equity, station, random, tournament.",
        ),
    ] = ",".join(BOT_CYCLE),
    game: Annotated[
        str, typer.Option("--game", metavar="GAME", help=f"The game: {', '.join(VARIANT_CODES)}.")
    ] = "holdem",
    limit: Annotated[
        Limit | None,
        typer.Option(
            "--limit",
            help="Betting structure; by default the game's usual one: no-limit Hold'em, "
            "pot-limit Omaha and bomb pot, fixed-limit Stud and Draw.",
        ),
    ] = None,
    blinds: Annotated[
        str,
        typer.Option(
            "--blinds",
            metavar="SMALL/BIG",
            help="Small/big blind; in Stud the bring-in/small bet, in the bomb pot the "
            "big blind is the ante.",
        ),
    ] = "1/2",
    mixed: Annotated[
        bool, flag("--mixed", help="Alternate fixed-limit and pot-limit each orbit (B-6).")
    ] = False,
    clock: Annotated[
        int,
        number(
            "--clock",
            low=0,
            high=MAX_CLOCK,
            metavar="SECONDS",
            help=f"Seconds per decision before the countdown (A-18), 0-{MAX_CLOCK}; 0: none.",
        ),
    ] = 30,
    profile: Annotated[
        str,
        typer.Option(
            "--profile",
            metavar="|".join(PROFILE_NAMES),
            help="Rules where the sources differ: short all-in re-raise (A-12), who shows "
            "first (P-4), where the deal starts (V-1), time out (A-18), first button (H-4).",
        ),
    ] = "home",
    ante: Annotated[
        int | None,
        typer.Option(
            "--ante",
            metavar="CHIPS",
            help="Ante of every player, in any game (B-7); Stud antes the small blind and "
            "the bomb pot the big blind unless given.",
        ),
    ] = None,
    smallest_chip: Annotated[
        int,
        number(
            "--smallest-chip",
            low=1,
            high=MAX_AMOUNT,
            metavar="CHIPS",
            help="Pots split down to this chip (P-3); stack, blinds and ante are made of it.",
        ),
    ] = 1,
    auto_muck: Annotated[
        bool, flag("--auto-muck", help="Muck your losing hands at showdown unasked (P-5).")
    ] = False,
    straddle: Annotated[
        str,
        typer.Option(
            "--straddle",
            metavar="off|utg|button",
            help="Let players straddle twice the big blind under the gun or on the button "
            "(key v at the table turns yours on or off); off by default.",
        ),
    ] = "off",
    run_it_twice: Annotated[
        bool,
        flag(
            "--run-it-twice",
            help="All-in before the river, everyone may agree within 10 s (keys y/o) to deal "
            "the rest of the board twice, each pot halved by run; Hold'em and Omaha.",
        ),
    ] = False,
) -> None:
    """Play a series at the terminal table, against bots or in hot seat.

    Any game of the engine: Texas Hold'em; Omaha with 4, 5 or 6 cards and its
    Hi-Lo split; double-board bomb-pot Omaha; Seven-card Stud and Stud Hi-Lo;
    Five-card Draw. By default the home series: No-limit Hold'em, 200 chips,
    blinds 1/2, until one player has every chip (H-1). Everything is saved as
    you go (pokerroom history); quit with q and come back with --resume.

    Keys at the table: f fold, c check/call, r raise (any amount), m/h/t/p/a
    min, half pot, 2/3 pot, pot, all-in, b bring in (Stud), 1-5 mark cards and
    d draw (Draw), s show or x muck at showdown, k/j/l/o pre-actions,
    z sit out or back in, v straddle on/off (--straddle),
    space show your cards (hot seat), ? list the keys, q quit.
    """
    from pokerroom.bots import play_hand, tell_hand_over
    from pokerroom.bots.registry import bot_kinds, check_bot
    from pokerroom.storage import SeriesLog, SeriesStore, StorageError, resume_series
    from pokerroom.table.series import Series

    with user_errors():
        _conflicts(ctx, all_bots=all_bots, humans=humans, mixed=mixed)
        # only a lone human plays under --name; it is checked before anything is created
        you = player_name(name) if not (resume or all_bots) and humans == 1 else name
        if abandon is not None:
            _abandon(ctx, abandon, series_id, resume=resume)
            return
        if series_id is not None and not resume:
            problem = N_("a series id goes with --resume: pokerroom play --resume {id}")
            raise UsageError(gettext(problem).format(id=series_id))
        hand: Hand | None = None
        clock_note = ""
        if resume:
            given = _series_options_given(ctx)
            if given:
                problem = N_("--resume goes on with the series as saved: drop {options}")
                raise UsageError(gettext(problem).format(options=given))
            store = SeriesStore.open()
            try:
                resumed = resume_series(store, series_id)
            except StorageError:
                store.close()
                raise
            series, log, hand = resumed.series, resumed.log, resumed.hand
            styles = {p.seat: p.bot for p in resumed.saved.players if p.bot is not None}
            people = len(series.seats) - len(styles)
            if people and not at_a_terminal():
                store.close()
                raise UsageError(NO_TERMINAL)
            if people:
                clock, clock_note = _resumed_clock(ctx, store, resumed.saved, clock)
        else:
            people = 0 if all_bots else humans
            settings = _settings(
                game,
                limit,
                blinds,
                stack,
                seats=seats,
                ante=ante,
                profile=profile,
                smallest_chip=smallest_chip,
                straddle=straddle,
                run_it_twice=run_it_twice,
            )
            if people > seats:
                problem = N_("--humans {people} needs at least as many --seats, got {seats}")
                raise UsageError(gettext(problem).format(people=people, seats=seats))
            if as_json and not all_bots:
                raise UsageError(N_("--json is for unattended series: add --all-bots"))
            cycle = [style.strip() for style in bots_option.split(",") if style.strip()]
            for style in cycle:
                check_bot(style)  # a broken plug-in says what went wrong
            known = bot_kinds()
            unknown = [style for style in cycle if style not in known]
            if unknown or not cycle:
                problem = N_("unknown bot style {styles}; choose from {known}")
                raise UsageError(
                    gettext(problem).format(
                        styles=", ".join(unknown) or gettext(N_("(none)")), known=", ".join(known)
                    )
                )
            names = {
                i + 1: (you if people == 1 else gettext("Player {number}").format(number=i + 1))
                if i < people
                else f"{cycle[(i - people) % len(cycle)]}-{i + 1}"
                for i in range(seats)
            }
            seconds = None if minutes is None else 60 * minutes
            series = Series(
                list(names.values()),
                dataclasses.replace(settings, mixed=mixed),
                seed=seed,
                max_hands=max_hands,
                seconds_left=seconds,
            )
            styles = {seat: name.rsplit("-", 1)[0] for seat, name in names.items() if seat > people}
            if people:
                require_terminal()
            store = SeriesStore.open()  # every option checked: only now is anything saved
            log = SeriesLog.start(store, series, bots=styles, clock=clock if people else None)
    bots = _bots_for(styles, seed)
    if people:
        failure = _play_at_the_terminal(
            series, log, styles, bots, hand, clock=clock, auto_muck=auto_muck, note=clock_note
        )
        store.close()
        if failure is not None:
            with user_errors():
                raise StorageError(failure)
        return
    save = saving_listener(log)
    with user_errors(), store:  # a failing database mid-series: one line, what is saved stays
        while not series.is_over:
            current = hand or series.start_hand()
            hand = None
            at_table = {p: bots[series.seat_of(p)] for p in range(current.players)}
            seat_names = [series.seats[series.seat_of(p)].name for p in range(current.players)]
            play_hand(current, at_table, seat_names)
            record = series.finish_hand(current)  # H-3: the series stops at its limits
            tell_hand_over(current, at_table, seat_names)
            save(series, current, record)
            if as_json:
                typer.echo(_hand_json(record, current, series))
            elif record.eliminated:
                out = [series.seats[seat].name for seat in record.eliminated]
                typer.echo(
                    ngettext(
                        "hand {number}: {names} is eliminated",
                        "hand {number}: {names} are eliminated",
                        len(out),
                    ).format(number=record.number, names=gettext(N_(" and ")).join(out))
                )
    standings = series.standings()
    if as_json:
        result = [
            {"seat": s.seat, "name": s.name, "place": s.place, "chips": s.chips} for s in standings
        ]
        typer.echo(json.dumps({"result": result}))
        return
    typer.echo(
        ngettext("after {count} hand:", "after {count} hands:", series.hands_played).format(
            count=series.hands_played
        )
    )
    for s in standings:
        seat = gettext(N_("seat {seat}")).format(seat=f"{s.seat:>2}")
        chips = ngettext("{count} chip", "{count} chips", s.chips).format(count=f"{s.chips:>6}")
        typer.echo(f"  {s.place:>2}. {s.name:<12} {seat}  {chips}")
