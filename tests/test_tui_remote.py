"""The remote terminal table against a real web room: two apps at one table playing hands to
the end in Hold'em, Stud, Draw and the bomb pot, read off their screens; the leak check
(X-4) on every frame each app got and on every screen it drew."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack

import pytest
from textual.pilot import Pilot
from textual.widgets import RichLog
from textual.widgets._footer import FooterKey

from pokerroom.tui.remote import RemoteTableApp
from pokerroom.tui.remote.clock import ServerClock
from tests.remote_link import FakeLink, Hub
from tests.web.leaks import find_leaks
from tests.web.table_driver import Table, table

Played = Callable[[Hub, list[RemoteTableApp], list[Pilot[None]]], Awaitable[None]]


def footer(app: RemoteTableApp) -> set[str]:
    return {f"{key.key_display} {key.description}" for key in app.query(FooterKey)}


def log(app: RemoteTableApp) -> str:
    return "\n".join(strip.text for strip in app.query_one("#log", RichLog).lines)


def run(
    driver: Table,
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


async def settle(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
    """Until every app has read every frame sent to it; then its screen is leak-checked."""
    for _ in range(100):
        await asyncio.sleep(0)
        if all(link.queue.empty() for link in hub.links):
            break
    for pilot in pilots:
        await pilot.pause(0)
    for app in apps:
        link = app.link
        assert isinstance(link, FakeLink)
        leaks = find_leaks(app.screen_text(), hub.known.get(link.name, set()))
        assert leaks == [], f"{link.name} sees {leaks} in {app.screen_text()}"


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
) -> None:
    """The player each table waits for presses ``keys``; time runs when nobody is to act."""
    for _ in range(400):
        if hub.room.hands_played >= hands or hub.room.status == "over":
            return
        index = deciding(apps)
        if index is None:
            assert hub.wait(), "the table waits for nobody and has no deadline"
        else:
            for key in keys(apps[index]):
                await pilots[index].press(key)
        await settle(hub, apps, pilots)
    raise AssertionError(f"fewer than {hands} hands after 400 steps")


def calling(app: RemoteTableApp) -> list[str]:
    """Check or call down, bring in when due, throw away the first two cards, show."""
    frame = app.frame
    assert frame is not None
    you = frame["you"]
    if you["decision"] == "draw":
        return ["1", "2", "d"]
    if you["decision"] == "show":
        return ["s"]
    actions = you["actions"]
    assert actions is not None
    return ["b"] if actions["bring_in"] is not None else ["c"]


def winners_seen(hub: Hub, app: RemoteTableApp) -> None:
    """Each finished hand's winners and amounts, and its stack changes, are on the screen."""
    link = app.link
    assert isinstance(link, FakeLink)
    frame = hub.room.snapshot(link.user)
    text = log(app)
    assert frame["results"]
    for result in frame["results"]:
        for winner in result["winners"]:
            name = "You" if winner["seat"] == frame["you"]["seat"] else winner["name"]
            verb = "win" if name == "You" else "wins"
            assert f"{name} {verb} {winner['amount']}" in text
        names = {seat["seat"]: seat["name"] for seat in frame["seats"]}
        mine = frame["you"]["seat"]
        assert mine is not None
        names[mine] = "You"
        changes = ", ".join(
            f"{names[c['seat']]} {c['change']:+d}" for c in result["changes"] if c["change"]
        )
        assert f"hand {result['number']}: {changes}" in text


@pytest.mark.parametrize("game", ["holdem", "stud", "draw", "bomb-pot-omaha"])
def test_two_remote_tables_play_hands_to_the_end(game: str) -> None:
    """Hold'em, Stud, Draw (V-8) and the bomb pot (V-4) at two terminals: each screen says
    who won what, every stack as the room counts it, and leaks no card (X-4)."""
    driver = table(game, 2, seed=5)
    boards: list[str] = []

    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        await play_hands(hub, apps, pilots, 1, calling)
        for app in apps:
            winners_seen(hub, app)
            boards.append(app.screen_text())

    hub = run(driver, scenario)
    screen = boards[0]
    for seat in hub.room.snapshot(None)["seats"]:
        if seat["name"] is not None:
            assert f"{seat['name']}" in screen
    if game == "bomb-pot-omaha":
        assert "upper:" in screen and "lower:" in screen
    if game in ("stud", "draw"):
        assert "board:" not in screen
    if game == "draw":
        assert "drew 2" in screen


def test_stud_up_cards_show_for_everyone_and_own_down_cards_only_to_oneself() -> None:
    """V-5: the other player's down cards are backs, his up card is shown; one's own hand
    reads "down … up …"."""
    driver = table("stud", 2, seed=5)

    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        frame = apps[0].frame
        assert frame is not None
        mine, theirs = frame["seats"][0]["cards"], frame["seats"][1]["cards"]
        assert None not in mine and theirs[:2] == [None, None]
        text = apps[0].screen_text()
        assert f"{mine[0]} {mine[1]} up {mine[2]}" in text
        assert f"## ## up {theirs[2]}" in text

    run(driver, scenario)


def randomly(rng: random.Random) -> Callable[[RemoteTableApp], list[str]]:
    """Any key the footer offers the player to act (bets, presets, draws, show or muck),
    with a typed raise now and then, in range or not."""

    def keys(app: RemoteTableApp) -> list[str]:
        offered = sorted(footer(app) - {"? Keys", "q Quit", "z Sit out", "n Deal"})
        key = rng.choice(offered).split()[0]
        if key == "1-5":
            return [str(rng.randint(1, 3)), "d"]
        if key == "r":
            return ["r", *str(rng.choice([1, 3, 7, 40, 400])), "enter"]
        return [key]

    return keys


@pytest.mark.parametrize(("game", "seed"), [("holdem", 3), ("stud", 6)])
def test_x4_random_play_leaks_no_card_to_any_screen_or_frame(game: str, seed: int) -> None:
    """X-4: two people and a bot playing any key the footer offers (folds, raises, mucks):
    no frame an app got and no screen it drew names a card its player may not know."""
    driver = table(game, 2, seed=seed, bots={3: "station"})

    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        await play_hands(hub, apps, pilots, 2, randomly(random.Random(seed)))
        for app, link in zip(apps, hub.links, strict=True):
            assert len(app.frames) == link.count_pushed

    run(driver, scenario)
