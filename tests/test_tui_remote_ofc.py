"""An OFC table of a server at two terminals (O-1 … O-7): Bob takes the free seat with
``e``, the table starts, both set every deal with keys (a card set and undone, a full row
refused here), the hand is settled and the points on the screens are the ones the boards
set by those keys score; every frame and every drawn screen is leak-checked with the OFC
knowledge model (X-4, O-2, O-4), at 80×24."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack

from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from pokerroom.ofc import Board, settle
from pokerroom.tui.remote import RemoteTableApp
from pokerroom.web.room.clock import ShotClock
from pokerroom.web.room.ofc import OfcRoom
from pokerroom.web.seam import User
from tests.remote_apps import settle as settle_frames
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
            await pilots[1].press("e")
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
                    assert any(
                        line.startswith(f"{marker} {name}") and line.endswith(f"total {won:+d}")
                        for line in text.splitlines()
                        for marker in "> "
                    )
            assert room.session is not None and sorted(room.session.totals) == sorted(points)

    asyncio.run(go())
    assert hub.leaks == []
