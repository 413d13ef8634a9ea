"""Remote terminal tables at one in-process server table (:mod:`tests.remote_link`): run
apps side by side, let every frame arrive, leak-check every screen (X-4), press keys."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack

from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import RichLog
from textual.widgets._footer import FooterKey

from pokerroom.tui.remote import RemoteTableApp
from pokerroom.tui.remote.clock import ServerClock
from tests.remote_link import BaseHub, FakeLink, Hub
from tests.waiting import until
from tests.web.leaks import find_leaks
from tests.web.table_driver import Driver, R

Played = Callable[[Hub, list[RemoteTableApp], list[Pilot[None]]], Awaitable[None]]


def footer(app: RemoteTableApp) -> set[str]:
    return {f"{key.key_display} {key.description}" for key in app.query(FooterKey)}


def footer_is_due(app: RemoteTableApp) -> bool:
    """Whether the footer shows the keys that work now: Textual redraws it after the screen's
    next refresh, on a timer, so a test reading it waits for that. Only the table screen's
    footer is compared (not the OFC screen's), and not before a key reached the app (Textual
    leaves the footer as it was until then): nothing to wait for there."""
    if app.ofc is not None or not app.app_focus:
        return True
    due: dict[str, Binding] = {}
    with app._context():  # the bindings are checked by the active app: this one
        active = app.screen.active_bindings.values()
    for _node, binding, _enabled, _tooltip in active:
        if binding.show:
            due.setdefault(binding.action, binding)
    return footer(app) == {f"{app.get_key_display(b)} {b.description}" for b in due.values()}


def log(app: RemoteTableApp) -> str:
    return "\n".join(strip.text for strip in app.query_one("#log", RichLog).lines)


def run(
    driver: Driver[R],
    scenario: Played,
    *,
    size: tuple[int, int] = (100, 30),
    clocks: list[ServerClock] | None = None,
) -> Hub:
    """Every seated user of ``driver`` gets a remote app over one in-process hub."""
    hub = Hub(driver.room, now=driver.now)

    async def go() -> None:
        apps = [
            RemoteTableApp(hub.link(user), clock=None if clocks is None else clocks[i])
            for i, user in enumerate(driver.users)
        ]
        async with AsyncExitStack() as stack:
            pilots = [await stack.enter_async_context(app.run_test(size=size)) for app in apps]
            await settle(hub, apps, pilots)
            await scenario(hub, apps, pilots)

    asyncio.run(go())
    assert hub.leaks == []
    return hub


async def settle(hub: BaseHub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
    """Until every app has read every frame sent to it; then its screen is leak-checked."""
    await until(lambda: all(link.queue.empty() for link in hub.links), "every frame read")
    for pilot in pilots:
        await pilot.pause(0)
    await until(lambda: all(footer_is_due(app) for app in apps), "every footer redrawn")
    for app in apps:
        link = app.link
        assert isinstance(link, FakeLink)
        leaks = find_leaks(app.screen_text(), hub.known.get(link.name, set()))
        assert leaks == [], f"{link.name} sees {leaks} in {app.screen_text()}"


def touched(app: RemoteTableApp) -> tuple[object, ...]:
    """What a key changes in a remote app: a message sent, a card marked, the line the app
    says, the amount box focused or typed in (the box takes its focus last of all)."""
    link = app.link
    assert isinstance(link, FakeLink)
    box = app.widgets.amount
    return (len(link.sent), frozenset(app.marked), app.message, app.focused, box.value)


async def press(pilot: Pilot[None], app: RemoteTableApp, *keys: str) -> None:
    """Each key waited for until it took effect: a key pressed before the one before it is
    handled may go elsewhere (a digit to the table while the amount box is not yet focused)
    or be read by the test as not pressed at all."""
    for key in keys:
        await _press(pilot, app, key)


async def _press(pilot: Pilot[None], app: RemoteTableApp, key: str) -> None:
    before = touched(app)
    await pilot.press(key)
    await until(lambda: touched(app) != before, f"{key!r} to take effect")


def deciding(apps: list[RemoteTableApp]) -> int | None:
    for index, app in enumerate(apps):
        if app.frame is not None and app.frame["you"]["decision"] is not None:
            return index
    return None


async def play_hands(
    hub: Hub,
    apps: list[RemoteTableApp],
    pilots: list[Pilot[None]],
    hands: int,
    keys: Callable[[RemoteTableApp], list[str]],
    played: Callable[[Hub], int] = lambda hub: hub.room.hands_played,
) -> None:
    """The player each table waits for presses ``keys``; time runs when nobody is to act
    (``played``: the hands the table has finished; a cash table counts its own)."""
    for _ in range(400):
        if played(hub) >= hands or hub.room.status == "over":
            return
        index = deciding(apps)
        if index is None:
            assert hub.wait(), "the table waits for nobody and has no deadline"
        else:
            await press(pilots[index], apps[index], *keys(apps[index]))
        await settle(hub, apps, pilots)
    raise AssertionError(f"fewer than {hands} hands after 400 steps")
