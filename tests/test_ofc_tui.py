"""``pokerroom ofc`` at the terminal: an OFC room of this process drawn by the terminal
table of ``pokerroom connect``, driven headless with Textual's pilot: keys in, screen out;
quit and ``--resume`` through the tables the command builds. The keys and drawing of the
OFC screen itself are :mod:`tests.test_tui_remote_ofc`'s."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Static
from textual.widgets._footer import FooterKey
from typer.testing import CliRunner

from pokerroom.bots.ofc import OFC_BOTS, play_ofc_hand
from pokerroom.cli.app import app as cli
from pokerroom.cli.ofc_command import OfcTable, open_table, resume_table
from pokerroom.history.ofc.record import replay_record
from pokerroom.ofc import OfcHand
from pokerroom.room.ofc import OfcRoom
from pokerroom.room.seam import User
from pokerroom.storage import OfcStore, positions
from pokerroom.tui.local_table import LocalTableApp
from tests.remote_ofc import deal_keys, ofc_screen
from tests.waiting import until
from tests.web.leaks import Leak, find_leaks
from tests.web.test_ofc_leaks import known_now

PAUSE = 0.05
"""Seconds between hands here: the room deals the next hand by itself after its pause."""


def room_of(table: OfcTable) -> OfcRoom:
    assert table.saving is not None, "the table was not opened"
    return table.saving.room


def opened(table: OfcTable, pause: float = PAUSE) -> tuple[LocalTableApp, OfcRoom]:
    app = table.local_table()
    room = room_of(table)
    room.pause = pause
    return app, room


def drawn(app: LocalTableApp) -> str:
    """The table and the player's cards as drawn (not the log: past hands stay in it)."""
    screen = ofc_screen(app)
    return "\n".join(str(screen.query_one(s, Static).content) for s in ("#ofc-table", "#ofc-cards"))


def footer_keys(app: LocalTableApp) -> set[str]:
    return {key.key for key in app.screen.query(FooterKey)}


def placing(app: LocalTableApp, room: OfcRoom) -> bool:
    """The screen shows Ann the deal the room waits on her for."""
    frame = None if app.ofc is None else app.ofc.frame
    return (
        frame is not None
        and frame["you"]["decision"] == "place"
        and frame["hand"] is not None
        and frame["hand"]["turn"] == room.turn_token()
    )


def moved_on(room: OfcRoom, turn: str) -> Callable[[], bool]:
    return lambda: room.turn_token() != turn


async def keys_until(
    app: LocalTableApp,
    room: OfcRoom,
    pilot: Pilot[None],
    done: Callable[[], bool],
    leaks: list[Leak] | None = None,
) -> None:
    """Ann sets every deal by keys (:func:`deal_keys`) until ``done()``; each drawn table
    is checked against what she may know of the hand then (X-4, O-2, O-4)."""
    rows: dict[str, list[str]] = {"top": [], "middle": [], "bottom": []}
    for _ in range(200):
        await until(lambda: done() or placing(app, room), "Ann's deal or the end")
        if done():
            return
        await pilot.pause()
        hand = room.hand
        assert hand is not None
        if leaks is not None:
            leaks += find_leaks(drawn(app), known_now(hand, room.position_of(1)))
        sent = room.turn_token()
        await pilot.press(*deal_keys(ofc_screen(app), rows))
        await until(moved_on(room, sent), "Ann's deal sent")
    pytest.fail("the session never got there")


def shown_over(app: LocalTableApp) -> bool:
    frame = ofc_screen(app).frame
    return frame is not None and frame["status"] == "over"


def play(table: OfcTable) -> tuple[list[Leak], list[str]]:
    """The session played to its end by keys: the leaks drawn, and the screen at each
    deal of Ann's and at the end."""
    app, room = opened(table)
    leaks: list[Leak] = []
    screens: list[str] = []

    def over() -> bool:
        if placing(app, room) and ofc_screen(app).ready:
            screens.append(app.screen_text())
        return room.status == "over"

    async def go() -> None:
        async with app.hub.running(), app.run_test(size=(120, 50)) as pilot:
            await keys_until(app, room, pilot, over, leaks)
            await until(lambda: shown_over(app), "the end on screen")
            await pilot.pause()
            screens.append(app.screen_text())
            await pilot.press("q")

    asyncio.run(go())
    return leaks, screens


def test_x4_o2_a_whole_session_by_keys_is_saved_and_replays() -> None:
    """O-1 … O-7 at the terminal: every card set by keys, the results and totals in the
    log once each, no bot's unset or discarded card ever drawn (X-4, O-2), the session
    saved hand by hand and finished with its last hand."""
    table = open_table(2, "sensible", "Ann", 11, all_bots=False, hands=2)
    app, room = opened(table)
    leaks: list[Leak] = []

    async def go() -> tuple[set[str], int, str]:
        async with app.hub.running(), app.run_test(size=(120, 50)) as pilot:
            await until(lambda: placing(app, room), "the first deal")
            await pilot.pause()
            first = footer_keys(app)
            events = len(room.hand.events) if room.hand else -1
            await pilot.press("x")  # O-2: no discard in the first five
            await pilot.pause()
            unmoved = len(room.hand.events) if room.hand else -2
            assert unmoved == events
            await keys_until(app, room, pilot, lambda: room.status == "over", leaks)
            await until(lambda: "session is over" in app.screen_text(), "the end on screen")
            text = app.screen_text()
            await pilot.press("q")
        return first, unmoved - events, text

    first, moved, text = asyncio.run(go())
    table.close()
    assert leaks == [] and "x" not in first and moved == 0
    assert text.count("hand 1 over:") == 1 and text.count("hand 2 over:") == 1
    assert "Ann vs sensible-2: " in text or "sensible-2 vs Ann: " in text
    totals = table.session.totals
    assert sum(totals) == 0 and f"Ann {totals[0]:+d}" in text
    with OfcStore.open() as store:
        saved = store.latest_session()
        assert saved is not None and saved.finished
        assert saved.names == ("Ann", "sensible-2") and saved.bots == (None, "sensible")
        assert saved.hands_played == 2 and saved.totals == totals
        hands = store.hands(saved.id)
    assert [hand.number for hand in hands] == [1, 2]
    for hand in hands:
        replay = replay_record(hand.record())
        assert replay.error is None and replay.matches_recorded and replay.points is not None
        by_seat = dict(zip(hand.seats, replay.points, strict=True))
        assert tuple(by_seat[seat] for seat in (1, 2)) == hand.points


def quit_at_deal_3(seed: int) -> tuple[list[object], str]:
    """Hand 1 by keys to its third deal, then q; the hand's events and the drawn table."""
    table = open_table(2, "sensible", "Ann", seed, all_bots=False, hands=1)
    app, room = opened(table)

    def at_deal_3() -> bool:
        return room.hand is not None and room.hand.deal == 3 and placing(app, room)

    async def go() -> str:
        async with app.hub.running(), app.run_test(size=(120, 50)) as pilot:
            await keys_until(app, room, pilot, at_deal_3)
            await pilot.pause()
            text = drawn(app)
            await pilot.press("q")
        return text

    text = asyncio.run(go())
    table.close()
    assert room.hand is not None
    return list(room.hand.events), text


def play_on(table: OfcTable) -> str:
    """The command's table for ``table``: its first drawn table, then keys to the end."""
    app, room = opened(table)

    async def go() -> str:
        async with app.hub.running(), app.run_test(size=(120, 50)) as pilot:
            await until(lambda: placing(app, room), "a deal to set")
            await pilot.pause()
            first = drawn(app)
            await keys_until(app, room, pilot, lambda: room.status == "over")
            await pilot.press("q")
        return first

    first = asyncio.run(go())
    table.close()
    return first


def test_q_keeps_the_session_and_resume_goes_on_mid_hand_with_the_same_cards() -> None:
    """q mid-hand leaves the session open; ``ofc --resume``'s table deals the same cards
    again, draws the same boards, plays on, and every record replays to its points; the
    session ends as one played straight through."""
    events, before = quit_at_deal_3(seed=5)
    with OfcStore.open() as store:
        saved = store.latest_session()
    assert saved is not None and not saved.finished and saved.hands_played == 0
    assert saved.in_progress is not None and saved.in_progress.number == 1
    listing = CliRunner().invoke(cli, ["history"])
    assert "0 hands of 1, in progress, hand 1 being played (ofc --resume 1)" in listing.output
    assert "seed" not in listing.output  # the seed deals the hand being played

    table = resume_table()
    resumed = table.session.hand
    assert resumed is not None and list(resumed.events) == events
    after = play_on(table)
    assert after == before  # the same boards and cards to set on screen
    totals = table.session.totals
    assert table.session.hands_played == 1 and sum(totals) == 0
    with OfcStore.open() as store:
        saved = store.latest_session()
        assert saved is not None and saved.finished and saved.in_progress is None
        assert saved.totals == totals
        hands = store.hands(saved.id)
    assert [h.number for h in hands] == [1]
    for stored in hands:
        replay = replay_record(stored.record())
        assert replay.error is None and replay.matches_recorded

    straight = open_table(2, "sensible", "Ann", 5, all_bots=False, hands=1)
    play_on(straight)
    assert straight.session.totals == totals  # as if it never stopped
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
    played, button = table.session.hands_played, table.session.button
    fantasy = table.session.fantasy_seats
    table.close()

    resumed = resume_table()
    app, room = opened(resumed, pause=60.0)

    async def go() -> tuple[bool, set[str], str]:
        async with app.hub.running(), app.run_test(size=(120, 50)) as pilot:
            await until(lambda: placing(app, room), "a deal to set")
            await pilot.press("e")
            await pilot.pause()
            refused = app.is_running and not resumed.ended
            await keys_until(app, room, pilot, lambda: room.hand_done)
            await until(lambda: "e: end the session" in app.screen_text(), "the end offered")
            keys, text = footer_keys(app), app.screen_text()
            await pilot.press("e")
            await until(lambda: not app.is_running, "the table closed")
        return refused, keys, text

    refused, keys, text = asyncio.run(go())
    assert resumed.left_table() is None
    resumed.close()
    dealt = room.hand
    assert dealt is not None and resumed.session.hands_played == played + 1
    assert room.hand_seats[-1] == button + 1  # the last position is the button (O-3)
    assert {room.hand_seats[p] - 1 for p in range(2) if dealt.fantasy[p]} == fantasy  # O-4
    assert refused  # e does nothing mid-hand: no hand is left unscored
    assert "e" in keys and "e: end the session" in text  # offered between hands
    with OfcStore.open() as store:
        saved = store.latest_session()
        assert saved is not None and saved.finished and saved.hands_played == played + 1
        assert store.latest_unfinished() is None


STALE = "this session was played on elsewhere; run pokerroom ofc --resume"


def test_x4_a_second_terminal_plays_on_and_the_first_stops_cleanly() -> None:
    """X-4: terminal B resumes the session A is playing, sets a deal, sees the next cards
    and quits. A's next deal may not play differently into those cards: A's table stops
    with one line, and a resume goes on from B's cards, never back."""
    first = open_table(2, "sensible", "Ann", 5, all_bots=False, hands=2)
    app, room = opened(first)
    second = resume_table()
    other, elsewhere_room = opened(second)

    async def go() -> None:
        async with app.hub.running(), app.run_test(size=(120, 50)) as pilot:
            await until(lambda: placing(app, room), "A's first deal")
            async with other.hub.running(), other.run_test(size=(120, 50)) as elsewhere:
                dealt_1 = lambda: elsewhere_room.hand is not None and elsewhere_room.hand.deal == 1  # noqa: E731
                await keys_until(other, elsewhere_room, elsewhere, dealt_1)
                await elsewhere.press("q")
            await pilot.press("t", "t", "t", "m", "m", "enter")  # not as B set them: refused
            await until(lambda: not app.is_running, "A's table stopped")

    asyncio.run(go())
    assert first.left_table() == STALE and second.left_table() is None
    first.close()
    second.close()
    seen = elsewhere_room.hand
    assert seen is not None and seen.deal == 1
    table = resume_table()
    resumed = table.session.hand
    table.close()
    assert resumed is not None and resumed.events == seen.events


def test_a_failing_save_stops_the_table_with_one_plain_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Textual's crash screen prints frames' locals, the deck among them (X-4): a save that
    fails unexpectedly stops the table with its kind alone, and it saves nothing more."""
    table = open_table(2, "random", "Ann", 1, all_bots=False)
    tried: list[int] = []

    def broken(session: int, hand: OfcHand, **row: object) -> None:
        tried.append(len(hand.events))
        raise RuntimeError(f"deck_seed = 1, unset {hand.pending(0)}")

    monkeypatch.setattr(table.store, "save_progress", broken)
    table.local_table()
    saving = table.saving
    assert saving is not None and len(tried) == 1
    ann = User(1, "Ann")
    assert saving.handle(ann, {"type": "sit_out", "id": "away"}, 0.0).changed  # played on
    assert table.left_table() == "the game could not be saved (RuntimeError)"
    assert len(tried) == 1 and saving.deadline() is None  # but nothing more is saved
    table.close()
