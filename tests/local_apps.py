"""The table of ``pokerroom play`` in a test: a series at a home room of this process, its
people in their seats and calling stations in the others, drawn by the terminal table
(:class:`~pokerroom.tui.remote.RemoteTableApp`, what :mod:`pokerroom.tui.local_table` runs)
over the in-process test hub (:mod:`tests.remote_link`): time runs only when the test lets
it, and every screen is leak-checked (X-4)."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Sequence

from textual.pilot import Pilot

from pokerroom.bots import CallingStation
from pokerroom.engine import Hand, Limit, Variant
from pokerroom.room.clock import ShotClock
from pokerroom.room.home import HomeRoom
from pokerroom.room.seam import User
from pokerroom.storage import SeriesLog
from pokerroom.storage.series_room import SeriesRoom
from pokerroom.table.series import Series, SeriesSettings
from pokerroom.tui.local_table import LocalTableApp, local_table
from pokerroom.tui.remote import RemoteTableApp
from tests.remote_apps import press, run, settle
from tests.remote_link import Hub
from tests.waiting import until
from tests.web.table_driver import Driver, Table

UNTIMED = ShotClock(timed=False)
Alone = Callable[[Hub, RemoteTableApp, Pilot[None]], Awaitable[None]]


def series_table(
    series: Series,
    people: Sequence[int] = (1,),
    *,
    clock: ShotClock = UNTIMED,
    auto_muck: bool = False,
) -> Table:
    """``series`` dealt its first hand: ``people`` (seat numbers) play, stations the rest."""
    users = [User(seat, series.seats[seat].name) for seat in people]
    bots = {s: ("station", CallingStation()) for s in series.seats if s not in people}
    room = HomeRoom.playing(
        "local", series, {u.id: u for u in users}, bots, clock=clock, auto_muck=auto_muck
    )
    room.go_on(0.0)
    return Driver(room, users)


def stations(
    variant: Variant | None = None,
    seats: int = 3,
    *,
    limit: Limit = Limit.NO_LIMIT,
    seed: int = 2,
    clock: ShotClock = UNTIMED,
) -> Table:
    """ "You" in seat 1 against calling stations."""
    settings = SeriesSettings(variant=variant or SeriesSettings().variant, limit=limit)
    names = ["You", *[f"station-{seat}" for seat in range(2, seats + 1)]]
    return series_table(Series(names, settings, seed=seed), clock=clock)


def alone(driver: Table, scenario: Alone, *, size: tuple[int, int] = (100, 30)) -> Hub:
    """One person's table (the driver's first user) through ``scenario``."""

    async def one(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        await scenario(hub, apps[0], pilots[0])

    return run(driver, one, size=size)


async def keys(hub: Hub, app: RemoteTableApp, pilot: Pilot[None], *pressed: str) -> None:
    """Press ``pressed``, each once it can take effect, and let every frame arrive."""
    await press(pilot, app, *pressed)
    await settle(hub, [app], [pilot])


async def asked(
    hub: Hub, app: RemoteTableApp, pilot: Pilot[None], wanted: Callable[[], bool] = lambda: True
) -> str:
    """Let time run (the pause between hands, a clock) until the player is asked to decide
    and ``wanted()`` holds; his decision (``act``, ``draw``, ``show``, ``run_twice``)."""
    for _ in range(100):
        frame = app.frame
        decision = None if frame is None else frame["you"]["decision"]
        if decision is not None and wanted():
            return decision
        if decision is not None or not hub.wait():
            break
        await settle(hub, [app], [pilot])
    raise AssertionError(f"not asked as wanted: {app.table_text()}")


def answer(app: RemoteTableApp) -> str:
    """The key of a player who calls every bet down: call or check, bring in, stand pat,
    show, run it once."""
    frame = app.frame
    assert frame is not None
    you = frame["you"]
    decision = you["decision"]
    if decision == "draw":
        return "d"
    if decision == "show":
        return "s"
    if decision == "run_twice":
        return "o"
    actions = you["actions"]
    assert actions is not None
    return "b" if actions["bring_in"] is not None else "c"


def saved_table(
    series: Series, log: SeriesLog, hand: Hand | None = None
) -> tuple[LocalTableApp, SeriesRoom]:
    """What ``pokerroom play`` opens: "You" in seat 1 against stations, saved as it goes
    through ``log``, under a hub of its own on the real clock (no pause between hands);
    ``hand``: a resumed hand in progress."""
    you = User(1, series.seats[1].name)
    bots = {s: ("station", CallingStation()) for s in series.seats if s != 1}
    room = HomeRoom.playing("local", series, {1: you}, bots, clock=UNTIMED, pause=0.0)
    saved = SeriesRoom(room, log)
    room.go_on(time.monotonic(), hand)
    saved.save_progress()
    return local_table(saved, [you], saves=saved.writer), saved


def turn(app: RemoteTableApp) -> tuple[int, str] | None:
    """Where the hand on the screen is: its number and turn (None: no hand yet)."""
    hand = None if app.frame is None else app.frame["hand"]
    return None if hand is None else (hand["number"], hand["turn"])


async def decide(app: LocalTableApp, pilot: Pilot[None], key: str) -> None:
    """At a table on the real clock: press ``key`` and wait until the hand moved on and
    the player is asked again (or the hand is over and the next not yet his)."""
    await until(lambda: deciding(app), "a decision")
    before = turn(app)
    await pilot.press(key)
    await until(moved_on(app, before), f"{key!r} to be played")
    await until(lambda: deciding(app), "a decision")


def moved_on(app: RemoteTableApp, before: tuple[int, str] | None) -> Callable[[], bool]:
    """Whether the hand on the screen has moved on from ``before`` (a :func:`turn`)."""
    return lambda: turn(app) != before


def deciding(app: RemoteTableApp) -> bool:
    return app.frame is not None and app.frame["you"]["decision"] is not None
