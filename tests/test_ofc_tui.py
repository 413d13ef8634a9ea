"""``pokerroom ofc`` at the terminal, driven headless with Textual's pilot: keys in, screen out."""

from __future__ import annotations

import asyncio
import re

from textual.widgets import Static

from pokerroom.cards import Card
from pokerroom.cli.ofc_command import open_table
from pokerroom.history.ofc_record import replay_record
from pokerroom.ofc import OfcHand, Row
from pokerroom.storage import OfcStore
from pokerroom.tui.ofc_app import OfcApp
from pokerroom.tui.ofc_render import table_lines

CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")
ROW_KEYS = {Row.BOTTOM: "b", Row.MIDDLE: "m", Row.TOP: "t"}


def screen(app: OfcApp) -> str:
    return "\n".join(
        str(app.query_one(f"#{name}", Static).content) for name in ("table", "cards", "status")
    )


def cards_on(text: str) -> set[str]:
    return set(CARD.findall(text))


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
    """A plain human: discard first, then set the selected card bottom, middle, then top."""
    hand = app.hand
    assert hand is not None
    me = app.seats.index(app.human)
    if hand.to_discard and (hand.to_place == 0 or len(hand.pending(me)) % 2):
        return "x"
    board = hand.board(me)
    return ROW_KEYS[next(r for r in (Row.BOTTOM, Row.MIDDLE, Row.TOP) if board.free(r))]


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
        screens.append(await press("n"))  # every hand is played: n says so and does nothing
        await pilot.press("q")
    return leaks, screens, checked


def test_x4_o2_a_whole_session_by_keys_is_saved_and_replays() -> None:
    """O-1 … O-7 at the terminal: every card set by keys, results and totals shown, no bot's
    unset or discarded card ever on screen (X-4, O-2), the session saved hand by hand."""
    table = open_table(2, "sensible", "Ann", 11, all_bots=False)
    app = table.app(hands=2)
    leaks, screens, checked = asyncio.run(play(app, hands=2))
    table.close()
    assert leaks == [] and checked > 0
    illegal, first, second, last = screens
    assert "the first deal has no discard" in illegal and "(O-2)" in illegal
    assert "hand 1 over:" in first and "totals: " in first
    assert "Ann vs sensible-2: " in first or "sensible-2 vs Ann: " in first
    assert "hand 2 over:" in second
    assert "session over after 2 hands" in last and "all 2 hands are played" in last
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
    """O-2: no discard in the first five; O-1: a full row takes no card; a missing card
    number, or the next hand before this one ends, is refused the same way."""

    async def scenario() -> list[tuple[str, int, int]]:
        table = open_table(2, "random", "Ann", 3, all_bots=False)
        app = table.app(hands=None)
        results = []
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.pause()
            hand = app.hand
            assert hand is not None
            me = app.seats.index(app.human)
            for keys in (["x"], ["9"], ["n"], ["b", "b", "b", "b", "b", "b"]):
                before = len(hand.events)
                await pilot.press(*keys)
                await pilot.pause()
                results.append((screen(app), before, len(hand.board(me))))
            await pilot.press("q")
        table.close()
        return results

    discard, missing, early, full = asyncio.run(scenario())
    assert "the first deal has no discard" in discard[0] and "(O-2)" in discard[0]
    assert discard[2] == 0  # nothing set, nothing thrown
    assert "no card 9: you hold 5 cards to set (1-5)" in missing[0]
    assert "finish this hand first" in early[0]
    assert "set 5" in discard[0]
    # five cards fill the bottom; the sixth b is refused once the next deal is dealt
    assert "bottom row already holds 5 cards" in full[0]
    assert full[2] == 5


def test_arrow_keys_choose_the_card_and_the_status_says_what_to_do() -> None:
    """The selected card is marked; ←/→ move it; the status names the task (O-2)."""

    async def scenario() -> list[str]:
        table = open_table(3, "random", "Ann", 8, all_bots=False)
        app = table.app(hands=1)
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
            assert "FANTASYLAND" in text and "hidden until the round ends (O-4)" in text
            assert not cards_on(text) & fantasy_cards
    after = "\n".join(table_lines(hand.view(0), ["Ann", "Bob"], [0, 0], [0, 1]))
    assert fantasy_cards <= cards_on(after)
    assert not cards_on(after) & {str(card) for card in hand.discards(1)}  # O-2: face down


def test_board_lines_show_free_places() -> None:
    """O-1: three rows, top first, free places marked."""
    text = "\n".join(table_lines(OfcHand(2, seed=1).view(0), ["A", "B"], [3, -3], [0, 1]))
    assert "top     __ __ __" in text and "total +3" in text and "total -3" in text
