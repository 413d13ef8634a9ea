"""``pokerroom ofc`` at the terminal, driven headless with Textual's pilot: keys in, screen out;
quit and ``--resume`` through the tables the command builds."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import RichLog, Static
from textual.widgets._footer import FooterKey
from typer.testing import CliRunner

from pokerroom.bots.ofc import OFC_BOTS, OfcDecision, play_ofc_hand
from pokerroom.cards import Card
from pokerroom.cli.app import app as cli
from pokerroom.cli.ofc_command import OfcTable, open_table, resume_table
from pokerroom.history.ofc.record import replay_record
from pokerroom.ofc import OfcHand, Row, Session
from pokerroom.ofc.game import PlayerView
from pokerroom.storage import OfcStore, positions
from pokerroom.tui.ofc_app import OfcApp
from pokerroom.tui.ofc_render import table_lines

CARD = re.compile(r"(?<!\w)([2-9TJQKA])([cdhs♣♦♥♠])(?!\w)")
"""A card as a token (``Qd``) or as players read it (``Q♦``): a leak check finds both."""
SUIT_LETTERS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
ROW_KEYS = {Row.BOTTOM: "b", Row.MIDDLE: "m", Row.TOP: "t"}


def screen(app: OfcApp) -> str:
    return "\n".join(
        str(app.query_one(f"#{name}", Static).content) for name in ("table", "cards", "status")
    )


def footer_keys(app: OfcApp) -> set[str]:
    """The keys the footer offers now."""
    return {key.key for key in app.query(FooterKey)}


def cards_on(text: str) -> set[str]:
    """The cards written in ``text``, as tokens."""
    return {rank + SUIT_LETTERS.get(suit, suit) for rank, suit in CARD.findall(text)}


def hidden_from_me(app: OfcApp) -> set[str]:
    """Every card the human may not see now: bots' unset cards and discards (O-2, X-4), and
    a Fantasyland board before the round ends (O-4)."""
    hand = app.hand
    assert hand is not None
    hidden: set[Card] = set()
    for position, seat in enumerate(app.seats):
        if seat == app.human:
            continue
        hidden |= {*hand.pending(position), *hand.discards(position)}
        if hand.fantasy[position] and not hand.is_over:
            hidden |= set(hand.board(position).cards())
    return {str(card) for card in hidden}


def my_key(app: OfcApp) -> str:
    """A plain human: discard first, then set the selected card bottom, middle, then top;
    Enter confirms the deal once every card has its place."""
    hand = app.hand
    assert hand is not None
    to_place, to_discard = app.left()
    if (to_place, to_discard) == (0, 0):
        return "enter"
    if to_discard and (to_place == 0 or len(app.unplanned()) % 2):
        return "x"
    board = hand.board(app.seats.index(app.human))
    planned = [row for _, row in app.plan]
    return ROW_KEYS[
        next(r for r in (Row.BOTTOM, Row.MIDDLE, Row.TOP) if board.free(r) > planned.count(r))
    ]


async def play(app: OfcApp, hands: int) -> tuple[list[str], list[str], int]:
    """Play ``hands`` hands by keys, an illegal key first; returns the leaks, the screens that
    matter (after the illegal key, at the end of each hand, after a last ``n``) and how many
    hidden cards were checked."""
    leaks: list[str] = []
    screens: list[str] = []
    checked = 0

    async def press(key: str) -> str:
        nonlocal checked
        await pilot.press(key)
        text = screen(app)
        hidden = hidden_from_me(app)
        checked += len(hidden)
        leaks.extend(sorted(cards_on(text) & hidden))
        return text

    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        hand = app.hand
        assert hand is not None
        events = hand.events
        screens.append(await press("x"))  # O-2: no discard in the first five
        assert hand.events == events
        for _ in range(400):
            hand = app.hand
            assert hand is not None
            if hand.is_over:
                screens.append(screen(app))
                if app.session.hands_played >= hands:
                    break
                await press("n")
                continue
            await press(my_key(app))
        screens.append(await press("n"))  # every hand is played: n does nothing
        await pilot.press("q")
    return leaks, screens, checked


def test_x4_o2_a_whole_session_by_keys_is_saved_and_replays() -> None:
    """O-1 … O-7 at the terminal: every card set by keys, results and totals shown, no bot's
    unset or discarded card ever on screen (X-4, O-2), the session saved hand by hand."""
    table = open_table(2, "sensible", "Ann", 11, all_bots=False, hands=2)
    app = table.app()
    leaks, screens, checked = asyncio.run(play(app, hands=2))
    table.close()
    assert leaks == [] and checked > 0
    illegal, first, second, last = screens
    assert "your turn: set 5 —" in illegal
    assert "hand 1 over:" in first and "totals: " in first
    assert "Ann vs sensible-2: " in first or "sensible-2 vs Ann: " in first
    assert "hand 2 over:" in second
    assert "session over after 2 hands — q: quit" in last  # n deals no third hand
    totals = app.session.totals
    assert sum(totals) == 0
    assert f"Ann {totals[0]:+d}" in second and f"sensible-2 {totals[1]:+d}" in second

    with OfcStore.open() as store:
        saved = store.latest_session()
        assert saved is not None and saved.finished
        assert saved.names == ("Ann", "sensible-2") and saved.bots == (None, "sensible")
        assert saved.hands_played == 2 and saved.totals == totals
        hands = store.hands(saved.id)
    assert [hand.number for hand in hands] == [1, 2]
    for hand in hands:
        replay = replay_record(hand.record())
        assert replay.error is None and replay.matches_recorded
        assert replay.points is not None
        by_seat = dict(zip(hand.seats, replay.points, strict=True))
        assert tuple(by_seat[seat] for seat in (1, 2)) == hand.points


def test_o2_illegal_keys_say_why_and_change_nothing() -> None:
    """O-2: no discard in the first five, and no next hand before this one ends: their keys
    are not offered and do nothing; O-1: a full row takes no card; a missing card number is
    refused in words."""

    async def scenario() -> list[tuple[str, int, int, set[str]]]:
        table = open_table(2, "random", "Ann", 3, all_bots=False)
        app = table.app()
        results = []
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.pause()
            hand = app.hand
            assert hand is not None
            me = app.seats.index(app.human)
            for keys in (["x"], ["9"], ["n"], ["b", "b", "b", "b", "b", "enter", "b"]):
                before = len(hand.events)
                await pilot.press(*keys)
                await pilot.pause()
                results.append((screen(app), before, len(hand.board(me)), footer_keys(app)))
            await pilot.press("q")
        table.close()
        return results

    discard, missing, early, full = asyncio.run(scenario())
    assert "set 5" in discard[0] and "x" not in discard[3]
    assert discard[2] == 0  # nothing set, nothing thrown
    assert "no card 9: you hold 5 cards to set (1-5)" in missing[0]
    assert "n" not in early[3] and early[2] == 0
    # five cards fill the bottom; the sixth b is refused once the next deal is dealt
    assert "the bottom row is full; open places: top 3, middle 5, bottom 0" in full[0]
    assert full[2] == 5


def test_arrow_keys_choose_the_card_and_the_status_says_what_to_do() -> None:
    """The selected card is marked; ←/→ move it; the status names the task (O-2)."""

    async def scenario() -> list[str]:
        table = open_table(3, "random", "Ann", 8, all_bots=False, hands=1)
        app = table.app()
        texts = []
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.pause()
            texts.append(screen(app))
            await pilot.press("right", "right")
            await pilot.pause()
            texts.append(screen(app))
            await pilot.press("left", "left", "left")
            await pilot.pause()
            texts.append(screen(app))
            await pilot.press("q")
        table.close()
        return texts

    start, moved, wrapped = asyncio.run(scenario())
    assert "your turn: set 5 — choose a card (1-5, ←/→)" in start
    assert ">1 " in start and ">3 " in moved and ">5 " in wrapped


def test_o4_a_fantasyland_board_stays_hidden_until_the_round_ends() -> None:
    """O-4: the others see that a player is in Fantasyland, never his cards, until the end."""
    hand = OfcHand(2, fantasy=[1], seed=6)
    fantasy_cards = set()
    while not hand.is_over:
        player = hand.to_act
        assert player is not None
        pending = hand.pending(player)
        if hand.to_discard:
            hand.discard(player, pending[0])
            continue
        board = hand.board(player)
        row = next(r for r in Row if board.free(r))
        hand.place(player, pending[0], row)
        if player == 1 and not hand.is_over:
            fantasy_cards |= {str(card) for card in hand.board(1).cards()}
            text = "\n".join(table_lines(hand.view(0), ["Ann", "Bob"], [0, 0], [0, 1]))
            assert "FANTASYLAND" in text and "hidden until the round ends" in text
            assert not cards_on(text) & fantasy_cards
    after = "\n".join(table_lines(hand.view(0), ["Ann", "Bob"], [0, 0], [0, 1]))
    assert fantasy_cards <= cards_on(after)
    assert not cards_on(after) & {str(card) for card in hand.discards(1)}  # O-2: face down


def test_board_lines_show_free_places() -> None:
    """O-1: three rows, top first, free places marked."""
    text = "\n".join(table_lines(OfcHand(2, seed=1).view(0), ["A", "B"], [3, -3], [0, 1]))
    assert "top     __ __ __" in text and "total +3" in text and "total -3" in text


async def keys_until(app: OfcApp, pilot: Pilot[str | None], done: Callable[[], bool]) -> None:
    """The plain human's keys, ``n`` between hands, until ``done()``."""
    for _ in range(400):
        if done():
            return
        hand = app.hand
        assert hand is not None
        await pilot.press("n" if hand.is_over else my_key(app))
    pytest.fail("the session never got there")


def quit_mid_hand(seed: int) -> tuple[OfcHand, str]:
    """Play hand 1 by keys to its third deal, quit with q; the hand and the last screen."""
    table = open_table(2, "sensible", "Ann", seed, all_bots=False, hands=2)
    app = table.app()

    async def scenario() -> str:
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.pause()
            await keys_until(app, pilot, lambda: app.hand is not None and app.hand.deal == 3)
            text = screen(app)
            await pilot.press("q")
        return text

    text = asyncio.run(scenario())
    table.close()
    assert app.hand is not None
    return app.hand, text


def play_on(table: OfcTable) -> tuple[OfcApp, str]:
    """The CLI's table for ``table``: its first screen, then keys to the end of the session."""
    app = table.app()

    async def scenario() -> str:
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.pause()
            first = screen(app)
            await keys_until(app, pilot, lambda: app.over)
            await pilot.press("q")
        return first

    first = asyncio.run(scenario())
    table.close()
    return app, first


def test_q_keeps_the_session_and_resume_goes_on_mid_hand_with_the_same_cards() -> None:
    """q mid-hand leaves the session open; ``ofc --resume``'s table deals the same cards
    again, shows the same boards, plays on, and every record replays to its points."""
    hand, before = quit_mid_hand(seed=5)
    with OfcStore.open() as store:
        saved = store.latest_session()
    assert saved is not None and not saved.finished and saved.hands_played == 0
    assert saved.in_progress is not None and saved.in_progress.number == 1
    listing = CliRunner().invoke(cli, ["history"])
    assert "0 hands of 2, in progress, hand 1 being played (ofc --resume 1)" in listing.output
    assert "seed" not in listing.output  # the seed deals the hand being played

    table = resume_table()
    resumed = table.session.hand
    assert resumed is not None and resumed.events == hand.events
    assert [resumed.pending(p) for p in range(2)] == [hand.pending(p) for p in range(2)]
    assert [resumed.board(p) for p in range(2)] == [hand.board(p) for p in range(2)]
    app, after = play_on(table)
    assert after == before  # the same boards, cards to set and task on screen
    assert app.session.hands_played == 2 and sum(app.session.totals) == 0

    with OfcStore.open() as store:
        saved = store.latest_session()
        assert saved is not None and saved.finished and saved.in_progress is None
        assert saved.totals == app.session.totals
        hands = store.hands(saved.id)
    assert [h.number for h in hands] == [1, 2]
    for stored in hands:
        replay = replay_record(stored.record())
        assert replay.error is None and replay.matches_recorded and replay.points is not None
        by_seat = dict(zip(stored.seats, replay.points, strict=True))
        assert tuple(by_seat[seat] for seat in (1, 2)) == stored.points
    assert tuple(map(sum, zip(*(h.points for h in hands), strict=True))) == saved.totals

    straight, _ = play_on(open_table(2, "sensible", "Ann", 5, all_bots=False, hands=2))
    assert straight.session.totals == app.session.totals  # as if it never stopped
    with OfcStore.open() as store:
        session = store.latest_session()
        assert session is not None
        again = store.hands(session.id)
    assert [h.record().actions for h in again] == [h.record().actions for h in hands]


def test_o3_o4_resume_between_hands_moves_the_button_and_keeps_fantasyland() -> None:
    """After a finished hand the resumed table deals the next one: the button one seat on
    (O-3), whoever earned Fantasyland in it (O-4). ``e`` ends the session, but only
    between hands."""
    table = open_table(2, "sensible", "Ann", 1, all_bots=False)
    human = OFC_BOTS["sensible"](0)
    for _ in range(80):  # sensible bots earn Fantasyland in about one hand of eight
        hand = table.session.start_hand()
        seats = positions(table.session)
        play_ofc_hand(hand, [human if seat == 0 else table.bots[seat] for seat in seats])
        table.session.finish_hand()
        table.log.hand_finished(hand, seats)
        if table.session.fantasy_seats:
            break
    else:
        pytest.fail("nobody earned Fantasyland")
    played, button, fantasy = (
        table.session.hands_played,
        table.session.button,
        table.session.fantasy_seats,
    )
    table.close()

    resumed = resume_table()
    app = resumed.app()

    async def scenario() -> tuple[str, str]:
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.pause()
            await pilot.press("e")
            await pilot.pause()
            refused = screen(app) if app.is_running else "quit"
            await keys_until(app, pilot, lambda: app.hand is not None and app.hand.is_over)
            await pilot.press("e")
            return refused, screen(app)

    refused, last = asyncio.run(scenario())
    resumed.close()
    dealt = app.hand
    assert dealt is not None and app.session.hands_played == played + 1
    assert app.seats[-1] == button  # the last position is the button (O-3)
    assert {app.seats[p] for p in range(2) if dealt.fantasy[p]} == fantasy  # O-4
    assert "your turn" in refused  # e does nothing mid-hand: no hand is left unscored
    assert "e: end the session" in last
    with OfcStore.open() as store:
        saved = store.latest_session()
        assert saved is not None and saved.finished and saved.hands_played == played + 1
        assert store.latest_unfinished() is None


STALE = "this session was played on elsewhere; run pokerroom ofc --resume"


def test_x4_a_second_terminal_plays_on_and_the_first_stops_cleanly() -> None:
    """X-4: terminal B resumes the session A is playing, plays a deal, sees the next cards
    and quits. A's next key may not play differently into those cards: A stops with one
    line, no traceback, and a resume goes on from B's cards, never back."""
    first = open_table(2, "sensible", "Ann", 5, all_bots=False, hands=2)
    app = first.app()
    second = resume_table()
    other = second.app()

    async def scenario() -> None:
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.pause()
            async with other.run_test(size=(120, 50)) as elsewhere:
                await elsewhere.pause()
                await keys_until(
                    other, elsewhere, lambda: other.hand is not None and other.hand.deal == 1
                )
                await elsewhere.press("q")
            await pilot.press("t", "t", "t", "m", "m", "enter")  # not B's deal: refused
            await pilot.pause()

    asyncio.run(scenario())
    first.close()
    second.close()
    assert app.return_value == STALE and other.return_value is None
    seen = other.hand
    assert seen is not None and seen.deal == 1
    table = resume_table()
    resumed = table.session.hand
    table.close()
    assert resumed is not None and resumed.events == seen.events


class BrokenBot:
    """A bot whose failure text holds what must never be shown: cards."""

    name = "broken"

    def decide(self, view: PlayerView) -> OfcDecision:
        raise RuntimeError(f"deck_seed = 7, unset {view.pending}")


def test_a_failing_save_or_bot_stops_the_table_with_one_plain_line() -> None:
    """Textual's crash screen prints frames' locals, the deck among them (X-4): a failing
    storage callback or bot ends the app with a plain message instead."""

    def broken_save(hand: OfcHand, seats: tuple[int, ...]) -> None:
        raise RuntimeError(f"deck_seed = 7, actions {hand.events}")

    async def run(app: OfcApp, keys: tuple[str, ...]) -> str | None:
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.pause()
            await pilot.press(*keys)
            await pilot.pause()
        return app.return_value

    saving = OfcApp(
        Session(2, seed=1), ["Ann", "random-2"], {1: OFC_BOTS["random"](1)}, on_change=broken_save
    )
    assert asyncio.run(run(saving, ())) == "the OFC session could not be saved (RuntimeError)"
    saved: list[int] = []
    playing = OfcApp(
        Session(2, seed=1, button=1),  # Ann acts first
        ["Ann", "broken-2"],
        {1: BrokenBot()},
        on_change=lambda hand, seats: saved.append(len(hand.events)),
    )
    keys = ("b",) * 5 + ("enter",)
    assert asyncio.run(run(playing, keys)) == "bot broken-2 failed (RuntimeError)"
    hand = playing.hand
    assert hand is not None and len(hand.board(0)) == 5  # Ann's five cards, set by keys,
    assert saved[-1] == len(hand.events)  # are saved before the table stops


def test_the_end_of_hand_result_is_on_the_screen_once() -> None:
    """The settled hand is shown once: on the table while it is over, then in the log."""
    table = open_table(2, "sensible", "Ann", 5, all_bots=False, hands=2)
    app = table.app()

    def everything() -> str:
        lines = app.query_one("#log", RichLog).lines
        return screen(app) + "\n" + "\n".join(strip.text for strip in lines)

    async def scenario() -> tuple[str, str]:
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.pause()
            await keys_until(app, pilot, lambda: app.hand is not None and app.hand.is_over)
            await pilot.pause()
            over = everything()
            await pilot.press("n")
            await pilot.pause()
            return over, everything()

    over, next_hand = asyncio.run(scenario())
    table.close()
    assert over.count("hand 1 over:") == 1 and over.count("  totals: ") == 1
    assert next_hand.count("hand 1 over:") == 1
