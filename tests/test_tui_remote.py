"""The remote terminal table against a real web room: two apps at one table playing hands to
the end in Hold'em, Stud, Draw and the bomb pot, read off their screens; the leak check
(X-4) on every frame each app got and on every screen it drew."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from pokerroom.cards import Card, card_face
from pokerroom.tui.remote import RemoteTableApp
from tests.remote_apps import footer, log, play_hands, run
from tests.remote_link import FakeLink, Hub
from tests.web.table_driver import table


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
        faces = [card_face(Card.parse(card)) for card in [*mine, theirs[2]] if card]
        assert f"{faces[0]} {faces[1]} up {faces[2]}" in text
        assert f"## ## up {faces[-1]}" in text

    run(driver, scenario)


def randomly(rng: random.Random) -> Callable[[RemoteTableApp], list[str]]:
    """Any key the footer offers the player to act (bets, presets, draws, show or muck),
    with a typed raise now and then, in range or not."""

    def keys(app: RemoteTableApp) -> list[str]:
        offered = sorted(footer(app) - {"? Keys", "q Quit", "z Away", "n Deal"})
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
