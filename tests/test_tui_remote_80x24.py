"""Every remote screen at 80×24, in English, Russian and Ukrainian, read off the drawn
terminal as a player over ssh sees it: his cards, the board, the pot, whose turn, the legal
actions with their amounts, the clock and the whole key line are on the screen, none cut
off at the right edge or pushed below the footer. One snapshot each (a decision, or a late
OFC deal), no full hands; every frame and screen leak-checked (X-4)."""

from __future__ import annotations

import asyncio
import random
import re
from contextlib import AsyncExitStack

import pytest
from textual.pilot import Pilot
from textual.widgets import Button
from textual.widgets._footer import FooterKey

from pokerroom.amounts import amount_text
from pokerroom.cards import Card, card_face
from pokerroom.i18n import LANGUAGES, Language, gettext, ngettext, use_language
from pokerroom.protocol.frames import TableFrame
from pokerroom.room.ofc import OfcRoom
from pokerroom.room.seam import User
from pokerroom.table.wording import said_text
from pokerroom.tui.ofc_render import row_name
from pokerroom.tui.remote import RemoteTableApp
from tests.remote_apps import deciding, run, settle
from tests.remote_link import Hub
from tests.remote_ofc import OfcHub, ofc_screen
from tests.test_tui_remote_ofc import CLOCK
from tests.web.cash_driver import cash_table
from tests.web.ofc_driver import random_place
from tests.web.table_driver import Driver, R, table

WIDTH, HEIGHT = 80, 24
CLOCK_TEXT = re.compile(r"\b(?:time|\w+) \d+:\d\d\b")
LEVEL_LEFT = re.compile(r"\d+:\d\d left")


def drawn(app: RemoteTableApp) -> list[str]:
    """The terminal's rows as drawn now (the compositor's output, what ssh would send)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def key_line(app: RemoteTableApp, pilot: Pilot[None]) -> str:
    """The footer's keys, each checked to lie whole on the last row of the terminal (a
    footer is laid out a little after its bindings change: up to five seconds' wait on a
    busy machine)."""
    for _ in range(100):
        keys = list(app.screen.query(FooterKey))
        if keys and all(key.region.area for key in keys):
            break
        await pilot.pause(0.05)
    assert keys, "no key line"
    for key in keys:
        region = key.region
        assert region.y == HEIGHT - 1 and region.right <= WIDTH, (key.description, region)
    row = drawn(app)[-1]
    assert f"? {gettext('Keys')}" in row and f"q {gettext('Quit')}" in row, row
    return row


def seen(app: RemoteTableApp) -> str:
    """The drawn screen above the key line, which lies wholly inside the terminal."""
    rows = drawn(app)
    assert len(rows) == HEIGHT and all(len(row) <= WIDTH for row in rows)
    return "\n".join(rows[:-1])


def frame_of(app: RemoteTableApp) -> TableFrame:
    assert app.frame is not None
    return app.frame


async def until_deciding(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> int:
    for _ in range(20):
        index = deciding(apps)
        if index is not None and frame_of(apps[index])["you"]["decision"] == "act":
            return index
        assert hub.wait(), "nobody to act and no deadline"
        await settle(hub, apps, pilots)
    raise AssertionError("nobody came to a decision")


async def check_table(app: RemoteTableApp, pilot: Pilot[None], acting: bool) -> None:
    """What a player needs at a poker table, on the drawn screen."""
    frame = frame_of(app)
    hand = frame["hand"]
    assert hand is not None
    keys = await key_line(app, pilot)
    screen = seen(app)
    mine = frame["seats"][frame["you"]["seat"] - 1]  # type: ignore[operator]
    for card in [*mine["cards"], *(card for board in hand["boards"] for card in board)]:
        assert card is not None, mine
        face = card_face(Card.parse(card))
        assert re.search(rf"(?<![0-9A-Za-z]){face}", screen), card
    assert gettext("pot {amount}").format(amount=amount_text(hand["pot"])) in screen
    turn = hand["to_act"]
    assert turn is not None
    assert re.search(rf"(?m)>{turn} ", screen), "the acting seat is not marked"
    assert CLOCK_TEXT.search(screen), "no shot clock"
    if acting:
        actions = frame["you"]["actions"]
        assert actions is not None
        with use_language(app.language, app.vocabulary):  # the client words the options
            options = [said_text(option) for option in actions["options"]]
        for option in options:
            assert option in screen, option
        buttons = list(app.query(Button))
        assert buttons
        for button in buttons:
            assert button.region.right <= WIDTH and button.region.height, button.label
        with use_language(app.language, app.vocabulary):  # a home game says «Фолд»
            fold, call, check = gettext("Fold"), gettext("Call"), gettext("Check")
        assert f"f {fold}" in keys and (f"c {call}" in keys or f"c {check}" in keys)
    else:
        name = frame["seats"][turn - 1]["name"]
        assert gettext("{name} to act").format(name=name) in screen


GAMES = {
    "holdem": 6,
    "omaha": 6,
    "stud": 8,
    "draw": 6,
    "bomb-pot-omaha": 6,
}


def both_screens(driver: Driver[R]) -> None:
    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        index = await until_deciding(hub, apps, pilots)
        for other, (app, pilot) in enumerate(zip(apps, pilots, strict=True)):
            await check_table(app, pilot, acting=other == index)

    run(driver, scenario, size=(WIDTH, HEIGHT))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_game_at_its_most_seats_shows_what_a_player_needs_at_80_by_24(
    game: str, language: Language
) -> None:
    """Two people and bots in every seat: the one to act and the one waiting."""
    bots = dict.fromkeys(range(3, GAMES[game] + 1), "station")
    with use_language(language):
        both_screens(table(game, 2, seed=5, bots=bots))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_cash_decision_keeps_every_key_on_the_key_line_at_80_by_24(language: Language) -> None:
    """The longest key line: a cash seat's bet keys with presets, away, leave, help, quit."""
    with use_language(language):
        both_screens(cash_table("holdem", 2))


def test_a_tournament_table_with_its_header_fits_80_by_24() -> None:
    """T-10: the three header lines above a six-seat table, the decision still all there."""
    from tests.web.tournament_driver import ANN, careful, started

    driver = started(12)
    for _ in range(200):
        room = driver.room_of(ANN)
        assert room is not None
        if room.snapshot(ANN)["you"]["decision"] == "act":
            hub = Hub(room, now=driver.now)
            break
        driver.step(careful)

    async def go() -> None:
        app = RemoteTableApp(hub.link(ANN))
        async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
            await settle(hub, [app], [pilot])
            header = frame_of(app).get("tournament")
            assert header is not None
            rows = seen(app).splitlines()
            # The level clock counts down on the screen: a second may pass after the frame.
            top = rows[: len(header["lines"])]
            assert [LEVEL_LEFT.sub("left", row).rstrip() for row in top] == [
                LEVEL_LEFT.sub("left", line) for line in header["lines"]
            ], "the header is not whole on top"
            assert LEVEL_LEFT.search(rows[0]), "the level's time left is not on the header"
            await check_table(app, pilot, acting=True)

    asyncio.run(go())
    assert hub.leaks == []


OFC_PLAYERS = [User(1, "Ann"), User(2, "Bob"), User(3, "Cy")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_ofc_table_of_three_fits_80_by_24_late_in_the_hand(language: Language) -> None:
    """O-1, O-2: at the third deal every block has a discard to note; the rows of all
    three, your cards, the task, the clock and the key line are all on the screen."""
    room = OfcRoom("o1", seats=3, clock=CLOCK, seed=7)
    for index, user in enumerate(OFC_PLAYERS):
        assert room.handle(user, {"type": "sit", "id": f"s{index}", "seat": index + 1}, 0.0).changed
    rng = random.Random(3)
    for number in range(6):  # the first deal, then two of three cards, for all three
        user = next(u for u in OFC_PLAYERS if room.snapshot(u)["you"]["decision"] == "place")
        place = random_place(room.snapshot(user), rng)
        assert room.handle(user, {**place, "id": f"p{number}"}, 0.0).changed
    hub = OfcHub(room)

    async def go() -> None:
        apps = [RemoteTableApp(hub.link(user)) for user in OFC_PLAYERS]
        async with AsyncExitStack() as stack:
            pilots = [
                await stack.enter_async_context(a.run_test(size=(WIDTH, HEIGHT))) for a in apps
            ]
            await settle(hub, apps, pilots)
            for app, pilot in zip(apps, pilots, strict=True):
                screen = ofc_screen(app)
                frame = screen.frame
                assert frame is not None
                keys = await key_line(app, pilot)
                text = seen(app)
                for seat in frame["seats"]:
                    board = seat["board"]
                    assert board is not None
                    for row in ("top", "middle", "bottom"):
                        cards = " ".join(card_face(Card.parse(token)) for token in board[row])
                        name = row_name(row)
                        assert re.search(rf"(?m)^    {name} +{cards}", text), (seat["name"], row)
                    if seat["you"]:
                        marks = gettext("your discards: {cards}").format(cards="")
                    else:
                        marks = ngettext(
                            "{count} discarded face down", "{count} discarded face down", 1
                        ).format(count=1)
                    assert re.search(rf"(?m)^[> ] {seat['name']}\b.* · {marks}", text)
                if frame["you"]["decision"] == "place":
                    mine = gettext("your cards: {cards}").format(cards="")
                    for card in frame["you"]["cards"]:
                        face = re.escape(card_face(Card.parse(card)))
                        assert re.search(rf"{mine}.*(?<!\w){face}", text), card
                    task = gettext("set {placed}, discard {discarded}").format(
                        placed=2, discarded=1
                    )
                    assert task in text
                    how = gettext("{keys} sets it top/middle/bottom, x discards it")
                    assert how.split(", ")[-1] in text, "the task is cut off"  # "x discards it"
                    top, discard = gettext("Top"), gettext("Discard")
                    assert f"t {top}" in keys and f"x {discard}" in keys
                else:
                    assert re.search(gettext("{name} sets cards").format(name=r"\w+"), text)
                assert CLOCK_TEXT.search(text), "no clock"

    with use_language(language):
        asyncio.run(go())
    assert hub.leaks == []
