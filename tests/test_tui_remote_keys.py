"""The remote table's keys and lines against a real web room: a typed bet refused before it
is sent (A-8), pre-actions and their cancelling notice (X-3), sitting out (H-9), the shot
clock counting down on the local clock (A-18), refusals and the link's notices on the
status line, the host's deal, 80×24, and a tournament move with its header (T-6, T-10)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import pytest
from textual.pilot import Pilot

from pokerroom.client.link import TableLink
from pokerroom.protocol.frames import TableFrame, saving_frame
from pokerroom.room.holding import CANNOT_SAVE
from pokerroom.tournament.clock.render import countdown
from pokerroom.tui.remote import RemoteTableApp
from pokerroom.tui.remote.clock import ServerClock
from pokerroom.tui.render import clock_line
from tests.remote_apps import footer, log, press, run, settle
from tests.remote_link import FakeLink, Hub
from tests.web.table_driver import table

if TYPE_CHECKING:
    from tests.web.tournament_driver import TournamentDriver


def frame_of(app: RemoteTableApp) -> TableFrame:
    assert app.frame is not None
    return app.frame


def link_of(app: RemoteTableApp) -> FakeLink:
    assert isinstance(app.link, FakeLink)
    return app.link


def status(app: RemoteTableApp) -> str:
    return str(app.widgets.status.content)


def test_a8_a_typed_raise_out_of_range_is_refused_here_and_nothing_is_sent() -> None:
    """Heads-up, Bob (the button) acts first: "3" is under the minimum raise."""

    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        bob = apps[1]
        assert frame_of(bob)["you"]["decision"] == "act"
        await press(pilots[1], bob, "r", "3", "enter")
        await settle(hub, apps, pilots)
        assert "Raise to 3 is outside the legal range 4-200. You may: fold, call 2" in status(bob)
        assert link_of(bob).sent == []
        await press(pilots[1], bob, "r", "7", "enter")
        await settle(hub, apps, pilots)
        assert link_of(bob).sent[-1]["amount"] == 7
        assert "Bob raises to 7" in log(apps[0])

    run(table("holdem", 2, seed=5), scenario)


def test_x3_a_check_pre_action_is_cancelled_by_a_bet_and_call_any_calls() -> None:
    """Ann (the big blind) pre-checks; Bob raises: her check is gone, with a notice. On the
    flop Bob chooses "call any" while Ann is to act; her bet is called for him."""

    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        ann, bob = apps
        assert "j Check" in footer(ann) and "l Call any" in footer(ann)
        await pilots[0].press("j")
        await settle(hub, apps, pilots)
        assert frame_of(ann)["you"]["preaction"] == "check"
        assert "pre-action: check" in status(ann)
        await pilots[1].press("m")  # a min raise to 4
        await settle(hub, apps, pilots)
        notice = frame_of(ann)["you"]["notice"]
        assert notice is not None and notice in status(ann) and notice in log(ann)
        assert frame_of(ann)["you"]["decision"] == "act"  # nothing was done for her
        await pilots[0].press("c")
        await settle(hub, apps, pilots)
        assert frame_of(ann)["hand"]["street"] == "flop"  # type: ignore[index]
        await pilots[1].press("l")
        await settle(hub, apps, pilots)
        assert frame_of(bob)["you"]["preaction"] == "call_any"
        await pilots[0].press("p")  # Ann bets the pot
        await settle(hub, apps, pilots)
        assert "Bob calls" in log(ann)
        assert frame_of(ann)["hand"]["street"] == "turn"  # type: ignore[index]

    run(table("holdem", 2, seed=5), scenario)


def test_h9_z_sits_out_and_back_in() -> None:
    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        ann = apps[0]
        assert "z Away" in footer(ann)
        await pilots[0].press("z")
        await settle(hub, apps, pilots)
        assert "you sit out (z: sit in)" in status(ann)
        assert "z Back in" in footer(ann) and "z Away" not in footer(ann)
        assert frame_of(apps[1])["seats"][0]["away"]  # the table sees it too
        await pilots[0].press("z")
        await settle(hub, apps, pilots)
        assert "z Away" in footer(ann)

    run(table("holdem", 2, seed=5), scenario)


def test_a18_the_shot_clock_counts_down_on_the_local_clock() -> None:
    """The deadline less the frame's ``now``, less the time passed here since it came."""
    here = [1000.0]
    clocks = [ServerClock(lambda: here[0]) for _ in range(2)]

    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        ann, bob = apps
        clock = frame_of(bob)["hand"]["clock"]  # type: ignore[index]
        assert clock is not None and clock["seat"] == 2
        left = clock["deadline"] - hub.now
        assert clock_line(left) + " · 2 time banks" in str(bob.widgets.table.content)
        here[0] += 12
        for app in apps:
            app._tick()
        assert clock_line(left - 12) in str(bob.widgets.table.content)
        assert clock_line(left - 12, "Bob") in str(ann.widgets.table.content)

    run(table("holdem", 2, seed=5), scenario, clocks=clocks)


def test_refusals_and_the_links_notices_are_on_the_status_line() -> None:
    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        ann = apps[0]
        await link_of(ann).send({"type": "sit_in"})  # she is not sitting out
        await settle(hub, apps, pilots)
        error = [f for f in ann.frames if f.get("type") == "error"]
        assert len(error) == 1 and str(error[0]["message"]) in status(ann)
        link_of(ann).queue.put_nowait(
            {"type": "link", "state": "reconnecting", "message": "reconnecting in 4 s…"}
        )
        await settle(hub, apps, pilots)
        assert "reconnecting in 4 s…" in status(ann)

    run(table("holdem", 2, seed=5), scenario)


def test_a_room_that_cannot_save_says_so_on_the_status_line() -> None:
    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        ann = apps[0]
        paused = saving_frame("t1", paused=True, message=CANNOT_SAVE)
        link_of(ann).queue.put_nowait(dict(paused))
        await settle(hub, apps, pilots)
        assert CANNOT_SAVE in status(ann)

    run(table("holdem", 2, seed=5), scenario)


def test_the_host_deals_the_first_hand_with_n() -> None:
    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        ann, bob = apps
        assert "n: deal the first hand" in status(ann)
        assert "n Deal" in footer(ann) and "n Deal" not in footer(bob)
        await pilots[0].press("n")
        await settle(hub, apps, pilots)
        assert frame_of(bob)["status"] == "playing"
        assert "— hand 1 —" in log(bob)

    run(table("holdem", 2, seed=5, start=False), scenario)


def test_six_seats_fit_80_by_24() -> None:
    """Every seat's name and stack, the board and the status fit an 80×24 terminal."""
    bots = dict.fromkeys(range(3, 7), "station")

    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        for app in apps:
            text = str(app.widgets.table.content)
            assert max(len(line) for line in text.splitlines()) <= 80
            for seat in frame_of(app)["seats"]:
                assert f"{seat['seat']} {seat['name']}"[:10] in text
                assert str(seat["stack"]) in text
            assert "board:" in text and "pot " in text
            for widget in (app.widgets.table, app.widgets.status):
                assert widget.region.bottom <= 23, widget  # above the footer
            assert footer(app)

    run(table("holdem", 2, seed=5, bots=bots), scenario, size=(80, 24))


# ------------------------------------------------------------------ a tournament


@pytest.fixture(scope="module")
def tournament() -> TournamentDriver:
    from tests.web.tournament_driver import started

    return started(12)


def test_t6_a_move_opens_the_new_tables_link_and_t10_the_header_counts_down(
    tournament: TournamentDriver,
) -> None:
    """``you.moved_to`` in the old table's frame: the app closes that link, asks for the
    new table's, and plays on there with the tournament header above the table."""
    from tests.web.tournament_driver import ANN

    room = tournament.room_of(ANN)
    assert room is not None
    new_room = next(r for r in tournament.tournament.rooms.values() if r is not room)
    old, new = Hub(room), Hub(new_room)
    here = [0.0]
    opened: list[str] = []

    async def open_table(room_id: str) -> TableLink:
        opened.append(room_id)
        return new.link(ANN)

    async def go() -> None:
        link = old.link(ANN)
        moved = {**old.snapshot(ANN)}
        moved["you"] = {**room.snapshot(ANN)["you"], "moved_to": new_room.id}
        link.queue.put_nowait(moved)
        app = RemoteTableApp(link, open_table=open_table, clock=ServerClock(lambda: here[0]))
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(20):
                await pilot.pause(0)
                if app.frame is not None and app.frame["room"] == new_room.id:
                    break
            assert opened == [new_room.id] and app.moves == [new_room.id]
            assert link.closed
            assert f"— you move to table {new_room.id} —" in log(app)
            header = frame_of(app).get("tournament")
            assert header is not None and header["seconds_left"] is not None
            shown = str(app.widgets.header.content)
            assert shown.splitlines()[1:] == header["lines"][1:]
            here[0] += 65
            app._tick()
            left = countdown(header["seconds_left"] - 65)
            assert f"{left} left" in str(app.widgets.header.content)

    asyncio.run(go())
    assert old.leaks == [] and new.leaks == []
