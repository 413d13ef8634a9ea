"""An OFC table of a server at two terminals (O-1 … O-7): Bob takes the free seat with
``e`` and Enter, the table starts, both set every deal with keys (a card set and undone, a full row
refused here), the hand is settled and the points on the screens are the ones the boards
set by those keys score; every frame and every drawn screen is leak-checked with the OFC
knowledge model (X-4, O-2, O-4), at 80×24."""

from __future__ import annotations

import asyncio
import re
from contextlib import AsyncExitStack

from textual.pilot import Pilot
from textual.widgets import RichLog, Static
from textual.widgets._footer import FooterKey

from pokerroom.cli.connect.command import seat_message
from pokerroom.ofc import Board, settle
from pokerroom.room.clock import ShotClock
from pokerroom.room.ofc import OfcRoom
from pokerroom.room.seam import User
from pokerroom.tui.remote import RemoteTableApp
from tests.remote_apps import settle as settle_frames
from tests.remote_link import FakeLink
from tests.remote_ofc import OfcHub, deal_keys, ofc_screen

ANN, BOB = User(1, "Ann"), User(2, "Bob")
CLOCK = ShotClock(seconds=20, countdown=5, banks=1, bank_seconds=15)


async def footer(app: RemoteTableApp, pilot: Pilot[None], wanted: str) -> set[str]:
    """The footer's keys, once it shows ``wanted`` (a pushed screen's footer is drawn a
    little after its bindings change); as it is after a second if it never does."""
    for _ in range(20):
        keys = {f"{key.key_display} {key.description}" for key in app.screen.query(FooterKey)}
        if wanted in keys:
            break
        await pilot.pause(0.05)
    return keys


def placing(apps: list[RemoteTableApp]) -> int:
    """The terminal whose deal the table waits for."""
    for index, app in enumerate(apps):
        frame = ofc_screen(app).frame
        if frame is not None and frame["you"]["decision"] == "place":
            return index
    raise AssertionError("nobody is setting cards")


def test_two_terminals_play_an_ofc_hand_to_the_end_and_score_what_they_set() -> None:
    room = OfcRoom("o1", seats=2, clock=CLOCK, seed=7)
    assert room.handle(ANN, {"type": "sit", "id": "a1", "seat": 1}, 0.0).changed
    hub = OfcHub(room)
    rows: dict[str, dict[str, list[str]]] = {
        name: {"top": [], "middle": [], "bottom": []} for name in ("Ann", "Bob")
    }

    async def go() -> None:
        apps = [RemoteTableApp(hub.link(user)) for user in (ANN, BOB)]
        async with AsyncExitStack() as stack:
            pilots = [await stack.enter_async_context(a.run_test(size=(80, 24))) for a in apps]
            await settle_frames(hub, apps, pilots)
            bob = ofc_screen(apps[1])
            assert "watching" in bob.screen_text() and "e: take a seat" in bob.screen_text()
            assert "e Take a seat" in await footer(apps[1], pilots[1], "e Take a seat")
            await pilots[1].press("e", "enter")  # Enter: the first free seat
            await settle_frames(hub, apps, pilots)
            assert room.status == "playing" and room.hand_number == 1
            first = placing(apps)
            screen = ofc_screen(apps[first])
            keys = await footer(apps[first], pilots[first], "t Top")
            assert "t Top" in keys and "Enter Send" not in keys and "e Take a seat" not in keys
            dealt = screen.pending()
            await pilots[first].press("2", "t", "u")  # set the second card, then undo it
            assert screen.plan == [] and screen.pending() == dealt
            await pilots[first].press("t", "t", "t", "t")  # three fit on top: the fourth not
            assert "the top row is full" in screen.screen_text() and len(screen.plan) == 3
            await pilots[first].press("u", "u", "u")
            for _ in range(12):
                if room.hand_done:
                    break
                index = placing(apps)
                name = ("Ann", "Bob")[index]
                presses = deal_keys(ofc_screen(apps[index]), rows[name])
                await pilots[index].press(*presses)
                await settle_frames(hub, apps, pilots)
            assert room.hand_done
            order = [("Ann", "Bob")[seat - 1] for seat in room.hand_seats]
            boards = [
                Board.of(*(" ".join(rows[n][r]) for r in ("bottom", "middle", "top")))
                for n in order
            ]
            points, _ = settle(boards)  # O-5 … O-7 from the rows the keys set
            for app in apps:
                text = ofc_screen(app).screen_text()
                assert "hand 1 over:" in text
                for name, won in zip(order, points, strict=True):
                    assert f"  {name}: {won:+d}," in text
                    points_text = re.escape(f"{won:+d}")  # then the discards, if any
                    total = rf"(?m)^[> ] {name}\b.*   total {points_text}( · .*)?$"
                    assert re.search(total, text), (name, won)
            assert room.session is not None and sorted(room.session.totals) == sorted(points)

    asyncio.run(go())
    assert hub.leaks == []


CY = User(3, "Cy")


def seat_room() -> OfcRoom:
    """Three seats, Cy in seat 3: seats 1 and 2 free, the table waits for players."""
    room = OfcRoom("o2", seats=3, clock=CLOCK, seed=7)
    assert room.handle(CY, {"type": "sit", "id": "c1", "seat": 3}, 0.0).changed
    return room


def test_e_takes_the_seat_typed_and_refuses_a_taken_or_missing_one_naming_the_free() -> None:
    """H-2: Bob chooses seat 2 while seat 1 is free; seat 3 (Cy's) and seat 4 (none) are
    refused here in the server's words, nothing sent."""
    room = seat_room()
    hub = OfcHub(room)

    async def go() -> None:
        app = RemoteTableApp(hub.link(BOB))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle_frames(hub, [app], [pilot])
            screen = ofc_screen(app)
            assert "hidden until the round ends" not in screen.screen_text(), "no hand yet"
            link = app.link
            assert isinstance(link, FakeLink)
            for typed, refusal in (
                ("3", "seat 3 is taken; free: 1, 2"),
                ("4", "this table has seats 1-3; free: 1, 2"),
            ):
                await pilot.press("e", *typed, "enter")
                await settle_frames(hub, [app], [pilot])
                status = screen.screen_text().splitlines()
                assert refusal in status and link.sent == [], (typed, status)
                assert room.seat_of_user(BOB.id) is None
            await pilot.press("e", "2", "enter")
            await settle_frames(hub, [app], [pilot])
            assert [m["type"] for m in link.sent] == ["sit"] and room.seat_of_user(BOB.id) == 2
            assert "e Take a seat" not in await footer(app, pilot, "g Leave")

    asyncio.run(go())
    assert hub.leaks == []


def test_connect_seat_takes_the_ofc_seat_named_or_says_which_are_free() -> None:
    """``pokerroom connect --table ID --seat N`` at an OFC table: the ``sit`` it sends as
    the table opens seats Bob at 2; a taken seat is refused in one line naming the free
    ones, and nothing changes."""
    for seat, seated, said in ((2, 2, None), (3, None, "seat 3 is taken; free: 1, 2")):
        room = seat_room()
        hub = OfcHub(room)

        async def go(hub: OfcHub = hub, seat: int = seat) -> str:
            app = RemoteTableApp(hub.link(BOB), first=seat_message(seat, None))
            async with app.run_test(size=(80, 24)) as pilot:
                await settle_frames(hub, [app], [pilot])
                return ofc_screen(app).screen_text()

        text = asyncio.run(go())
        assert room.seat_of_user(BOB.id) == seated and room.seat_of_user(CY.id) == 3
        if said is not None:
            assert said in text.splitlines()
        assert hub.leaks == []


def test_o5_o7_a_three_player_result_is_whole_on_the_80x24_screen() -> None:
    """Once a hand of three is over, the boards take a line each, so the log below shows
    the whole result: every player's points, the three pairs and the totals."""
    room = OfcRoom("o3", seats=3, host=1, bots={2: "sensible", 3: "sensible"}, clock=CLOCK, seed=7)
    assert room.handle(ANN, {"type": "sit", "id": "a1", "seat": 1}, 0.0).changed
    hub = OfcHub(room)

    async def go() -> tuple[list[str], list[str]]:
        app = RemoteTableApp(hub.link(ANN))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle_frames(hub, [app], [pilot])
            rows: dict[str, list[str]] = {"top": [], "middle": [], "bottom": []}
            for _ in range(12):
                if room.hand_done:
                    break
                await pilot.press(*deal_keys(ofc_screen(app), rows))
                await settle_frames(hub, [app], [pilot])
            assert room.hand_done
            await pilot.pause()
            screen = ofc_screen(app)
            log = screen.query_one("#ofc-log", RichLog)
            assert log.region.bottom <= 23  # above the footer
            top = round(log.scroll_y)
            shown = [strip.text for strip in log.lines[top : top + log.region.height]]
            return shown, str(screen.query_one("#ofc-table", Static).content).splitlines()

    shown, table = asyncio.run(go())
    assert hub.leaks == []
    result = shown[shown.index("hand 1 over:") :]
    assert len(result) >= 8 and sum(" vs " in line for line in result) == 3
    assert result[-1].startswith("  totals: ")
    assert sum(" / " in line for line in table) == 3  # each board on one line


def test_o5_s_surrenders_before_the_first_card_and_the_result_shows_it() -> None:
    """``s`` is in the footer only while Ann may surrender (in the hand, no card set);
    heads-up her surrender ends the hand at once: she pays the bot 2 (O-5)."""
    room = OfcRoom("o4", seats=2, bots={2: "sensible"}, clock=CLOCK, seed=3)
    assert room.handle(ANN, {"type": "sit", "id": "a1", "seat": 1}, 0.0).changed
    hub = OfcHub(room)

    async def go() -> None:
        app = RemoteTableApp(hub.link(ANN))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle_frames(hub, [app], [pilot])
            screen = ofc_screen(app)
            assert "s Surrender" in await footer(app, pilot, "s Surrender")
            await pilot.press("question_mark")
            assert "s surrender (before your first card)" in screen.screen_text()
            await pilot.press("s")
            await settle_frames(hub, [app], [pilot])
            link = app.link
            assert isinstance(link, FakeLink)
            assert [m["type"] for m in link.sent] == ["surrender"]
            text = screen.screen_text()
            assert room.hand_done and "Ann surrenders" in text and "Ann: -2," in text
            assert "surrendered" in text
            assert "s Surrender" not in await footer(app, pilot, "? Keys")

    asyncio.run(go())
    assert hub.leaks == []
