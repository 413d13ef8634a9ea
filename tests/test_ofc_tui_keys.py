"""``pokerroom ofc`` at 80×24 with three players: the whole result on the screen, only the
keys that act in the footer (no command palette), and a deal set here, undone with ``u``
and sent with Enter, as at the web table (O-1, O-2)."""

from __future__ import annotations

import asyncio

from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

from pokerroom.bots.ofc import OFC_BOTS
from pokerroom.cards import card_face
from pokerroom.ofc import Row, Session
from pokerroom.tui.ofc_app import OfcApp
from tests.test_ofc_tui import keys_until, screen

SIZE = (80, 24)


def three_players(seed: int = 3) -> OfcApp:
    bots = {seat: OFC_BOTS["sensible"](seat) for seat in (1, 2)}
    return OfcApp(Session(3, seed=seed), ["Ann", "sensible-2", "sensible-3"], bots, hands=2)


def offered(app: OfcApp) -> set[str]:
    """The keys the footer shows now, as drawn."""
    return {key.key for key in app.query(FooterKey)}


def test_o5_o7_a_three_player_result_fits_80x24_with_the_next_hand_prompt() -> None:
    """Every pair, the totals and "hand over — n: next hand" are on the 80×24 screen."""

    async def scenario() -> tuple[list[str], str]:
        app = three_players()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await keys_until(app, pilot, lambda: app.hand is not None and app.hand.is_over)
            await pilot.pause()
            footer = app.query_one(Footer).region
            lines = []
            for name in ("table", "status"):
                box = app.query_one(f"#{name}", Static)
                text = str(box.content).splitlines()
                assert box.region.height == len(text), name  # none wrapped nor cut
                assert box.region.bottom <= footer.y and box.region.right <= SIZE[0], name
                lines += text
            return lines, screen(app)

    lines, text = asyncio.run(scenario())
    assert "hand 1 over:" in lines
    assert sum(" vs " in line for line in lines) == 3  # every pair (O-7)
    assert any(line.startswith("  totals: ") and "Ann " in line for line in lines)
    assert "hand over — n: next hand, q: quit (resume later), e: end the session" in lines
    assert text.count(" / ") == 6  # each player's three rows, on one line


def test_the_footer_offers_only_the_keys_that_act_and_no_command_palette() -> None:
    """First deal: rows and q (no discard, no next hand, no end); a full deal: undo, confirm;
    a three-card deal: rows and discard; the hand over: next hand, end, quit."""

    async def scenario() -> list[set[str]]:
        app = three_players()
        seen = []
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            seen.append(offered(app))
            await pilot.press("b", "b", "b", "m", "m")
            seen.append(offered(app))
            await pilot.press("enter")
            await pilot.pause()
            seen.append(offered(app))
            await keys_until(app, pilot, lambda: app.hand is not None and app.hand.is_over)
            await pilot.pause()
            seen.append(offered(app))
        return seen

    first, full, three, over = asyncio.run(scenario())
    assert first == {"t", "m", "b", "q"}
    assert full == {"u", "enter", "q"}
    assert three == {"t", "m", "b", "x", "q"}
    assert over == {"n", "e", "q"}
    assert all("^p" not in keys and "ctrl+p" not in keys for keys in (first, over))


def test_o2_cards_set_here_are_undone_with_u_and_final_only_on_enter() -> None:
    """u takes back the last card (chosen again); nothing is set in the hand before Enter;
    Enter sets the whole deal, and then it never moves (O-2)."""

    async def scenario() -> None:
        app = three_players()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            hand = app.hand
            assert hand is not None
            me = app.seats.index(app.human)
            dealt = hand.pending(me)
            events = len(hand.events)
            await pilot.press("2", "t", "u")
            assert app.plan == [] and ">2 " in screen(app)  # the second card, chosen again
            await pilot.press("t", "t", "t", "m", "m")
            assert len(hand.events) == events and len(hand.board(me)) == 0
            assert "your deal is set — Enter confirms it, u undoes the last card" in screen(app)
            top = " ".join(card_face(card) for card, _ in app.plan[:3])
            assert f"top     {top}\n" in screen(app)  # drawn on your rows, not yet sent
            await pilot.press("u", "b")
            assert [row for _, row in app.plan] == [Row.TOP] * 3 + [Row.MIDDLE, Row.BOTTOM]
            await pilot.press("enter")
            await pilot.pause()
            board = hand.board(me)
            assert set(board.cards()) == set(dealt)
            assert [len(board.row(row)) for row in (Row.TOP, Row.MIDDLE, Row.BOTTOM)] == [3, 1, 1]
            assert "u" not in offered(app)  # what is sent stays set

    asyncio.run(scenario())
