"""A tournament at the terminal table, driven headless with Textual's pilot: your hands by
keys, the header against the tournament's state, a move, a break, a bust and the watching."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import RichLog, Static

from pokerroom.bots.tournament_players import BotPlayers
from pokerroom.cards import card_face
from pokerroom.engine import events as ev
from pokerroom.tournament.american import AmericanRun, entrant_names
from pokerroom.tournament.events import BustOut, Seated, TournamentEvent
from pokerroom.tournament.money.payouts import payout
from pokerroom.tournament.regulation import Regulation, load_example, parse_regulation
from pokerroom.tournament.seating.moves import MoveReason
from pokerroom.tui.tournament.app import TournamentTableApp
from pokerroom.tui.tournament.seat import Busted, NewLevel, YourSeat
from tests.waiting import until

TWO_TABLES = """
name = "Two-table test"
format = "american"
profile = "home"
starting_stack = 200
table_size = 3
final_table_size = 3
chips = [1]
[game]
variant = "holdem"
limit = "no-limit"
[money]
buy_in = 10
[[payouts.table]]
percents = [70, 30]
[[levels]]
small_blind = 5
big_blind = 10
minutes = 2
[[levels]]
small_blind = 10
big_blind = 20
minutes = 2
[[levels]]
small_blind = 25
big_blind = 50
minutes = 60
[[breaks]]
after_level = 1
minutes = 3
"""


SHORT_STACKS = TWO_TABLES.replace("starting_stack = 200", "starting_stack = 40")
"""The same on stacks of four big blinds: a three-entrant tournament is over in a few hands."""


@dataclass
class Table:
    """One tournament at the screen, and everything the run said."""

    app: TournamentTableApp
    run: list[AmericanRun] = field(default_factory=list)
    events: list[TournamentEvent] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)


def seated(regulation: Regulation, entrants: int, seed: int, you: str = "You") -> Table:
    players = [you, *entrant_names(regulation, entrants)[1:]]
    bots = BotPlayers(("tournament",), players, seed)
    table: Table

    def start(seat: YourSeat) -> AmericanRun:
        def hear(event: TournamentEvent) -> None:
            table.events.append(event)
            seat.hear(event)

        run = AmericanRun(
            regulation, players, seat, random.Random(seed), listener=hear, on_deal=seat.on_deal
        )
        table.run.append(run)
        return run

    table = Table(TournamentTableApp(regulation, you, bots, start, clock=None))
    return table


def screen(app: TournamentTableApp) -> str:
    """The header, the table, the status and this hand's log, as the player reads them."""
    parts = [str(app.query_one(f"#{n}", Static).content) for n in ("header", "info", "table")]
    parts.append(str(app.query_one("#status", Static).content))
    log = "\n".join(strip.text for strip in app.query_one("#log", RichLog).lines)
    parts.append(log.rsplit("— ", 1)[-1])
    return "\n".join(parts)


def hidden_cards_on(app: TournamentTableApp) -> list[str]:
    """Any hole card of another player (every player, watching) that was not shown (X-4)."""
    hand = app.hand
    if hand is None:
        return []
    text = screen(app)
    shown = {e.player for e in hand.events if isinstance(e, ev.Show)}
    leaks = []
    for position in range(hand.players):
        if (app.mine and app._seat_of(position) in app.humans) or position in shown:
            continue
        spellings = [(card, str(card), card_face(card)) for card in hand.hole[position] if card]
        leaks += [str(card) for card, *spelt in spellings if any(s in text for s in spelt)]
    return leaks


def whole_log(app: TournamentTableApp) -> str:
    return "\n".join(strip.text for strip in app.query_one("#log", RichLog).lines)


Strategy = Callable[[TournamentTableApp], str]


def shove(app: TournamentTableApp) -> str:
    return "a" if app.check_action("preset", ("all-in",)) else "c"


def check_or_fold(app: TournamentTableApp) -> str:
    hand = app.hand
    assert hand is not None
    return "c" if hand.legal_actions().check else "f"


def moment(app: TournamentTableApp) -> tuple[object, ...]:
    """What a key or the run changes on the screen: a key pressed has taken effect, or what
    the run sent has come, once this differs (the hand itself is compared by identity)."""
    hand = app.hand
    return (
        hand,
        None if hand is None else (len(hand.events), hand.phase),
        app.hands,
        app.mine,
        app.break_left is None,
        app._wants_next,
        app._pending is None,
        app.result,
        app.finished,
        app.seat.watching,
    )


async def press(table: Table, pilot: Pilot[None], key: str) -> None:
    """One key, waited for until it (or what the run sent meanwhile) changed the screen,
    then the screen is checked for leaks. A key that changes nothing now (``n`` while the
    run deals) waits for the run: nothing else can come next."""
    app = table.app
    before = moment(app)
    await pilot.press(key)
    table.keys.append(key)
    await until(lambda: moment(app) != before, f"{key!r} or the run to change the screen")
    table.leaks += hidden_cards_on(app)


async def step(table: Table, pilot: Pilot[None], strategy: Strategy) -> None:
    """One key as a player would press it now; while the hand waits for nobody at the
    screen (the run deals), what the run sends is waited for instead."""
    app = table.app
    hand = app.hand
    if app.break_left is not None:
        key = "n"
    elif app.result is not None and app.mine:
        key = "w"
    elif hand is None or hand.phase == "done":
        key = "n"
    elif app._human_to_act() is None:
        before = moment(app)
        await until(lambda: moment(app) != before, "the run to send what comes next")
        return
    elif hand.phase == "showdown":
        key = "s"
    else:
        key = strategy(app)
    await press(table, pilot, key)


async def play_until(
    table: Table, pilot: Pilot[None], strategy: Strategy, done: Callable[[], bool]
) -> None:
    for _ in range(3000):
        if done() or table.app.finished is not None:
            return
        await step(table, pilot, strategy)


def at_table(table: Table, scenario: Callable[[Pilot[None]], Awaitable[None]]) -> None:
    async def go() -> None:
        async with table.app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await scenario(pilot)

    asyncio.run(go())


def test_x4_t12_a_three_entrant_sit_and_go_played_by_keys_to_the_end() -> None:
    """A whole tournament: your hands by keys, then watched to its end; the winner paid the
    pool (T-2, T-12); no other player's unshown card on the screen after any key (X-4)."""
    table = seated(parse_regulation(SHORT_STACKS), 3, seed=7)

    seen: list[str] = []

    async def scenario(pilot: Pilot[None]) -> None:
        await play_until(table, pilot, shove, lambda: False)
        await pilot.pause(0.05)
        seen.append(whole_log(table.app))

    at_table(table, scenario)
    app = table.app
    assert app.finished is not None
    tournament = table.run[0].tournament
    assert app.finished.winner == tournament.winner
    second = next(e.player for e in table.events if isinstance(e, BustOut) and e.place == 2)
    assert app.finished.paid == ((1, tournament.winner, 21), (2, second, 9))
    winner = "you win" if tournament.winner == "You" else f"{tournament.winner} wins"
    assert f"The tournament is over: {winner}." in seen[0]
    assert app.hands >= 1
    assert table.leaks == []


def you_moved(table: Table) -> list[Seated]:
    return [
        e
        for e in table.events
        if isinstance(e, Seated) and e.move.player == "You" and e.move.reason != MoveReason.DRAW
    ]


def test_t6_t8_a_balance_move_is_said_and_the_next_hand_is_at_the_new_table() -> None:
    """T-6: the floor moves you to balance the tables: the screen says where, and your
    next hand is dealt at that table."""
    table = seated(parse_regulation(TWO_TABLES), 5, seed=20)
    app = table.app
    said: list[str] = []

    async def scenario(pilot: Pilot[None]) -> None:
        await play_until(table, pilot, check_or_fold, lambda: bool(you_moved(table)))
        await pilot.pause(0.05)
        said.append(screen(app))
        move = you_moved(table)[0].move
        await play_until(
            table,
            pilot,
            check_or_fold,
            lambda: (
                app.mine
                and app.deal is not None
                and app.deal.table == move.target.table
                and app.hand is not None
                and app.hand.phase != "done"
            ),
        )
        said.append(str(app.query_one("#info", Static).content))

    at_table(table, scenario)
    move = you_moved(table)[0].move
    assert move.reason is MoveReason.BALANCE
    assert f"You move to balance the tables: now at {move.target}." in said[0]
    assert said[1].startswith(f"table {move.target.table} · your hand")
    assert table.leaks == []


def test_t10_a_break_stops_play_with_a_countdown_until_you_come_back() -> None:
    """T-10: at the break the room stops: the header says break, the status counts down,
    ``n`` brings you back and the next level's blinds are posted."""
    table = seated(parse_regulation(TWO_TABLES), 5, seed=1)
    app = table.app
    said: list[str] = []

    async def scenario(pilot: Pilot[None]) -> None:
        await play_until(table, pilot, check_or_fold, lambda: app.break_left is not None)
        start = app.break_left
        await until(lambda: app.break_left != start, "the countdown to run a second")
        said.append(screen(app))
        await pilot.press("n")
        await play_until(
            table,
            pilot,
            check_or_fold,
            lambda: app.mine and app.hand is not None and app.hand.phase != "done",
        )
        said.append(screen(app))

    at_table(table, scenario)
    header, status = said[0].splitlines()[0], said[0]
    left = re.search(r"^Break after level 1 · (\d):(\d\d) left · next: blinds 10/20", header)
    assert left is not None, header
    countdown = re.search(r"break — play resumes in (\d):(\d\d) · n: back now", status)
    assert countdown is not None, status
    seconds = [int(m[1]) * 60 + int(m[2]) for m in (left, countdown)]
    assert 0 < seconds[0] - seconds[1] <= 3  # counting down from the break's time left
    info = next(line for line in said[1].splitlines() if line.startswith("table "))
    assert info.endswith("blinds 10/20")
    assert table.leaks == []


def test_t12_t23_bust_shows_place_and_prize_then_watch_only_what_every_player_sees() -> None:
    """T-12: out, the screen gives your place and prize; watching (T-23) shows a table's
    hands as its players saw them, no unshown card; ``q`` leaves and the rest is played."""
    regulation = parse_regulation(TWO_TABLES)
    table = seated(regulation, 5, seed=3)
    app = table.app
    said: list[str] = []

    async def scenario(pilot: Pilot[None]) -> None:
        await play_until(table, pilot, shove, lambda: app.result is not None)
        await pilot.pause(0.05)
        said.append(screen(app))
        await play_until(table, pilot, shove, lambda: not app.mine and app.hand is not None)
        said.append(screen(app))
        await pilot.press("n")
        await play_until(table, pilot, shove, lambda: not app.mine and app.hand is not None)
        table.leaks += hidden_cards_on(app)
        await pilot.press("q")

    at_table(table, scenario)
    bust = next(e for e in table.events if isinstance(e, BustOut) and e.player == "You")
    prizes = payout(regulation, table.run[0].tournament.entries()).prizes
    prize = prizes[bust.place - 1] if bust.place <= len(prizes) else 0
    money = f"prize {prize}" if prize else "no prize"
    ordinal = {2: "2nd", 3: "3rd", 4: "4th", 5: "5th"}[bust.place]
    assert f"You are out in {ordinal} place of 5: {money}." in said[0]
    assert "w: watch the rest of the tournament · q: leave" in said[0]
    assert " · watching · " in said[1]
    assert "you are out" in said[1]
    assert table.leaks == []
    assert app.farewell == f"You finished {ordinal} of 5" + (f", prize {prize}." if prize else ".")
    assert table.run[0].tournament.winner is not None  # played on to the end without you


def test_t2_the_header_shows_the_tournament_as_it_stands() -> None:
    """The header's level, time, field, your place by chips, average (in big blinds), pool
    and next pay jump, checked against the tournament's own state at two of your hands."""
    table = seated(parse_regulation(TWO_TABLES), 5, seed=4)
    app = table.app
    checks: list[tuple[str, str]] = []
    caught: list[str] = []

    def busted() -> int:
        return sum(isinstance(e, BustOut) for e in table.events)

    def expected() -> str:
        run = table.run[0]
        tournament = run.tournament
        left = tournament.players_left
        alive = sorted(r.chips for r in tournament.players.values() if r.place is None)
        mine = tournament.players["You"].chips
        place = 1 + sum(chips > mine for chips in alive)
        average = tournament.chips_in_play // left
        level = tournament.regulation.level(tournament.level)
        regulation = tournament.regulation
        ends = sum(lv.minutes for lv in regulation.levels[: level.number]) + sum(
            pause.minutes for pause in regulation.breaks if pause.after_level < level.number
        )
        seconds = round(ends * 60 - run.now)
        after = tournament.regulation.level(level.number + 1)
        clock = f"{seconds // 60}:{seconds % 60:02d} left"
        if after.number != level.number:
            clock += f" · next: blinds {after.small_blind}/{after.big_blind}"
        jump = {5: "2nd 15, 3 more out", 4: "2nd 15, 2 more out", 3: "2nd 15, 1 more out"}
        return (
            f"Level {level.number} · blinds {level.small_blind}/{level.big_blind} · {clock}\n"
            f"{left} of 5 left · you {place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place, 'th') } by "
            f"chips · average {average} ({average / level.big_blind:.1f} bb)\n"
            f"pool 50 · next pay jump: {jump[left]}"
        )

    async def scenario(pilot: Pilot[None]) -> None:
        for wanted in (0, 1):
            await play_until(
                table,
                pilot,
                check_or_fold,
                lambda: busted() >= wanted and app._human_to_act() is not None,  # noqa: B023
            )
            checks.append((str(app.query_one("#header", Static).content), expected()))
            await step(table, pilot, check_or_fold)
        await play_until(table, pilot, check_or_fold, lambda: app._human_to_act() is not None)
        hand, bot = app.hand, next(p for p in range(5) if app._seat_of(p) not in app.humans)
        assert hand is not None
        app.query_one("#log", RichLog).write(f"{hand.hole[bot][0]}")  # the check can fail
        caught.extend(hidden_cards_on(app))

    at_table(table, scenario)
    for shown, wanted in checks:
        assert shown == wanted
    assert table.leaks == []
    assert len(caught) == 1  # a bot's card written on the screen is caught


SHOT_CLOCK = (
    TWO_TABLES
    + """
[shot_clock]
from_level = 1
seconds = 1
countdown = 1
[shot_clock.time_banks]
count = 1
seconds = 2
"""
)


def test_a18_your_time_bank_is_used_when_the_shot_clock_runs_out() -> None:
    """A-18: the regulation's shot clock runs out, your one time bank extends it (shown and
    counted), and when that runs out too the clock acts for you."""
    table = seated(parse_regulation(SHOT_CLOCK), 5, seed=1)
    app = table.app
    said: list[str] = []

    async def scenario(pilot: Pilot[None]) -> None:
        await play_until(table, pilot, check_or_fold, lambda: app._human_to_act() is not None)
        said.append(str(app.query_one("#info", Static).content))
        hand = app.hand
        assert hand is not None
        before = len(hand.events)
        for _ in range(80):  # 1 + 1 seconds of clock, then the 2-second bank
            await pilot.pause(0.1)
            if len(hand.events) > before:
                break
        said.append(whole_log(app))
        said.append(str(app.query_one("#info", Static).content))

    at_table(table, scenario)
    assert said[0].endswith(" · time banks 1")
    assert "You use a time bank: +2s (0 left)." in said[1]
    assert "You timed out: " in said[1].rsplit("You use a time bank", 1)[1]
    assert said[2].endswith(" · time banks 0")


README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_readme_picture_is_the_screen_at_80x24() -> None:
    """The README's picture: hand 4 of a 14-entrant club freezeout, as the table draws it."""
    table = seated(load_example("club-freezeout"), 14, seed=3)
    app = table.app
    drawn: list[str] = []

    async def scenario(pilot: Pilot[None]) -> None:
        await play_until(
            table, pilot, check_or_fold, lambda: app.hands >= 4 and app._human_to_act() is not None
        )
        await pilot.pause(0.2)
        strips = app.screen._compositor.render_strips()
        drawn.append("\n".join(strip.text.rstrip() for strip in strips))

    at_table(table, scenario)
    readme = README.read_text(encoding="utf-8")
    block = readme.split("<!-- tournament play 80x24 -->\n```text\n", 1)[1].split("```", 1)[0]
    assert drawn[0] + "\n" == block
    assert table.leaks == []


class Heard:
    """A screen that only notes the news the seat gives it."""

    def __init__(self) -> None:
        self.news: list[object] = []

    def take_hand(self, *_: object) -> None:
        raise AssertionError("you are out: no hand is yours")

    def watch_hand(self, *_: object) -> None:
        raise AssertionError("nothing is watched before the run goes on")

    def hear(self, news: object, _lobby: object) -> None:
        self.news.append(news)


def test_t12_a_resume_after_your_bust_says_at_once_that_you_are_out() -> None:
    """A crash while you watched: the resumed run knows your place, and the seat says it."""
    regulation = parse_regulation(SHORT_STACKS)
    players = ["You", "P2", "P3", "P4"]
    events: list[TournamentEvent] = []
    whole: list[int] = []
    run = AmericanRun(
        regulation,
        players,
        BotPlayers(("tournament",), players, 3),
        random.Random(1),
        listener=events.append,
        on_hand_end=lambda _t: whole.append(len(events)),
    )
    run.run()
    bust = next(e for e in events if isinstance(e, BustOut) and e.player == "You")
    kept = events[: next(n for n in whole if n > events.index(bust))]
    assert kept[-1] is not events[-1]  # the tournament was not over when it stopped
    heard = Heard()
    seat = YourSeat("You", BotPlayers(("tournament",), players, 4), heard, lambda deed: deed())
    again = AmericanRun.resume(
        regulation, players, kept, seat, random.Random(4), listener=seat.hear
    )
    seat.sit_down(again)
    assert seat.out
    prizes = payout(regulation, run.tournament.entries()).prizes
    assert heard.news == [Busted(bust.place, (*prizes, 0, 0)[bust.place - 1], 4)]


def test_t2_a_bust_in_the_money_shows_the_prize() -> None:
    """Second of three: the screen gives the place and the prize it pays (30 % of 30)."""
    table = seated(parse_regulation(SHORT_STACKS), 3, seed=4)
    app = table.app
    said: list[str] = []

    async def scenario(pilot: Pilot[None]) -> None:
        await play_until(table, pilot, shove, lambda: app.result is not None)
        await pilot.pause(0.05)
        said.append(screen(app))

    at_table(table, scenario)
    assert app.result == Busted(2, 9, 3)
    assert "You are out in 2nd place of 3: prize 9." in said[0]
    assert table.leaks == []


def test_p5_at_your_tournament_table_you_show_or_muck_yourself() -> None:
    """P-5: the run leaves your table's showdown to you: asked, you muck and give up the
    pot; the bots' showdowns are settled by the room."""
    table = seated(parse_regulation(TWO_TABLES), 5, seed=1)
    app = table.app
    said: list[str] = []

    def asked() -> bool:
        return app.hand is not None and app.hand.phase == "showdown" and app.mine

    async def scenario(pilot: Pilot[None]) -> None:
        await play_until(table, pilot, lambda _app: "c", asked)
        said.append(str(app.query_one("#status", Static).content))
        await pilot.press("x")
        for _ in range(100):  # the muck is settled by the run's thread: wait for it, loaded or not
            await pilot.pause(0.05)
            if app.hand is not None and app.hand.phase == "done" and "You muck" in screen(app):
                break
        said.append(screen(app))

    at_table(table, scenario)
    hand = app.hand
    assert hand is not None and hand.phase == "done"
    assert said[0].startswith("showdown: s to show your hand, x to muck it")
    you = app.deal.players.index("You") if app.deal is not None else -1
    assert any(isinstance(e, ev.Muck) and e.player == you for e in hand.events)
    assert "You muck" in said[1]
    assert table.leaks == []


def test_news_the_run_posts_as_the_table_closes_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """The run's thread may post to the screen just as the app closes (a hand dealt as you
    leave): once the table's widgets are gone the call is dropped, not raised at the exit."""
    regulation = parse_regulation(TWO_TABLES)
    table = seated(regulation, 5, seed=1)
    app = table.app
    close_all = app._close_all

    async def closing() -> None:
        await close_all()  # the screens are gone; the app's messages are still handled
        app._post(lambda: app.hear(NewLevel(regulation.level(2)), None))

    async def scenario(pilot: Pilot[None]) -> None:
        monkeypatch.setattr(app, "_close_all", closing)

    at_table(table, scenario)
