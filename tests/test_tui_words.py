"""Every terminal screen of ``play``, ``ofc`` and ``connect`` in Russian and Ukrainian:
no English word left on it but names, codes and the few words that stay English (OFC).

The screens are reached by keys as a player reaches them: the action prompt with its
buttons and keys, the draw, Stud's up cards, the hot seat's hand-over, the end of a hand
and its result, the keys' help; the OFC rows, the task and a finished hand; a server's
table (the player to act and the one waiting), its OFC table; and ``connect``'s lobby, table
lines and tournament lobby.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterable, Mapping
from contextlib import AsyncExitStack
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from pokerroom.bots import CallingStation
from pokerroom.cli.connect.lobby import lobby_lines
from pokerroom.cli.connect.tournament import lobby_lines as tournament_lines
from pokerroom.cli.connect.view import table_lines
from pokerroom.cli.ofc_command import open_table
from pokerroom.client.hot_seat import HotSeatLink
from pokerroom.engine import VARIANTS
from pokerroom.i18n import Language, use_language
from pokerroom.room.home import HomeRoom
from pokerroom.room.ofc import OfcRoom
from pokerroom.room.seam import User
from pokerroom.table.series import Series, SeriesSettings
from pokerroom.tui.local_table import LocalTableApp, local_table
from pokerroom.tui.remote import RemoteTableApp
from tests.english_words import english_words
from tests.local_apps import UNTIMED, alone, answer, asked, keys, moved_on, series_table, turn
from tests.local_apps import deciding as local_deciding
from tests.remote_apps import deciding, run, settle
from tests.remote_link import Hub
from tests.remote_ofc import OfcHub, ofc_screen
from tests.test_ofc_tui import play
from tests.test_tui_remote_80x24 import OFC_PLAYERS
from tests.test_tui_remote_ofc import CLOCK
from tests.waiting import until
from tests.web.ofc_driver import random_place
from tests.web.table_driver import table

LANGUAGES: list[Language] = ["ru", "uk"]
CYRILLIC = re.compile("[а-яА-ЯіїєґІЇЄҐёЁ]")
CARD_TOKEN = re.compile(r"(?<!\w)[2-9TJQKA][cdhs](?!\w)")
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
KEY_NAMES = {"Enter", "Ctrl"}
"""The keyboard's own names for its keys, as printed on it."""
COMMANDS = {"draw", "show", "muck", "twice", "once", "post", "raise", "pot", "straddle"}
"""``connect``'s text mode: the commands a player types stay the words he types."""


def unworded(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The English words on a screen."""
    text = CARD_TOKEN.sub(" ", text)  # a finished OFC board's cards, as tokens: codes
    return english_words(text, allowed={*NAMES, *KEY_NAMES, *allowed})


# ----------------------------------------------------------------- play (local)


def local_table_of(game: str, players: int, people: int = 1) -> tuple[Series, list[User]]:
    """``players`` at a table of ``game``: the first ``people`` at the keyboard."""
    series = Series(NAMES[:players], SeriesSettings(variant=VARIANTS[game]), seed=7)
    return series, [User(seat, NAMES[seat - 1]) for seat in range(1, people + 1)]


def local_screen(app: RemoteTableApp) -> str:
    """The whole screen as text: the table, the buttons, the log, the keys, the title."""
    keys = [str(key.description) for key in app.screen.query(FooterKey)]
    return "\n".join([app.screen_text(), *keys, app.title])


async def local_moments(hub: Hub, app: RemoteTableApp, pilot: Pilot[None]) -> list[str]:
    """The screen with the keys' help, then after each decision of two hands (each the
    key the moment asks for), the results of the first in the log."""
    seen: list[str] = []
    await pilot.press("question_mark")
    await settle(hub, [app], [pilot])
    seen.append(local_screen(app))
    while hub.room.hands_played < 2:
        await asked(hub, app, pilot)
        await keys(hub, app, pilot, answer(app))
        seen.append(local_screen(app))
    return seen


GAME_LANGUAGES: list[tuple[str, Language]] = [
    ("holdem", "ru"),
    ("holdem", "uk"),
    ("stud", "ru"),
    ("draw", "uk"),
    ("bomb-pot-omaha", "ru"),
    ("omaha-hilo", "uk"),
]
"""Each game in one language (Hold'em in both): an unmarked word shows in either, and
test_catalogues checks that both languages translate every marked one."""


@pytest.mark.parametrize(("game", "language"), GAME_LANGUAGES)
def test_play_speaks_only_the_players_language(game: str, language: Language) -> None:
    """Every moment of two hands by keys, the keys' help and the results in the log."""
    moments: list[str] = []

    async def scenario(hub: Hub, app: RemoteTableApp, pilot: Pilot[None]) -> None:
        moments.extend(await local_moments(hub, app, pilot))

    with use_language(language):
        series, _ = local_table_of(game, 4)
        alone(series_table(series), scenario, size=(220, 50))  # wide: no log line wraps
    assert len(moments) > 5
    for text in moments:
        assert unworded(text) == [], (unworded(text), text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_hot_seat_and_a_free_fold_speak_the_players_language(language: Language) -> None:
    """Hot seat: the hand-over line; a fold when checking is free asks first."""
    moments: list[str] = []

    async def go(app: LocalTableApp) -> None:
        link = app.link
        assert isinstance(link, HotSeatLink)
        async with app.hub.running(), app.run_test(size=(220, 50)) as pilot:
            while "f" not in pressed and len(pressed) < 40:
                await until(lambda: link.waiting is not None or local_deciding(app), "a turn")
                moments.append(local_screen(app))
                if link.waiting is not None:
                    pressed.append("space")
                    await pilot.press("space")
                    await until(lambda: local_deciding(app), "his own table")
                    continue
                frame = app.frame
                assert frame is not None and frame["you"]["actions"] is not None
                key = "f" if frame["you"]["actions"]["check"] else "c"
                pressed.append(key)
                before = turn(app)
                await pilot.press(key)
                if key == "f":
                    await until(lambda: app.message != "", "the question")
                else:
                    await until(moved_on(app, before), "the call")
            moments.append(local_screen(app))
            await pilot.press("q")

    pressed: list[str] = []
    with use_language(language):
        series, people = local_table_of("holdem", 3, people=2)
        bots = {3: ("station", CallingStation())}
        room = HomeRoom.playing("local", series, {u.id: u for u in people}, bots, clock=UNTIMED)
        room.go_on(0.0)
        asyncio.run(go(local_table(room, people)))
    assert pressed.count("space") >= 2 and "f" in pressed
    for text in moments:
        assert unworded(text) == [], (unworded(text), text)


# ------------------------------------------------------------------- ofc (local)


@pytest.mark.parametrize("language", LANGUAGES)
def test_ofc_speaks_only_the_players_language(language: Language) -> None:
    """The rows and the task at each deal, the finished hand, the end: ``pokerroom ofc``'s
    room drawn by the terminal table of ``connect``."""
    with use_language(language):
        ofc = open_table(2, "sensible", "Ann", 11, all_bots=False, hands=1)
        leaks, screens = play(ofc)
        ofc.close()
    assert leaks == []
    for text in screens:
        words = unworded(text, allowed={"sensible"})
        assert words == [], (words, text)


# --------------------------------------------------------------- connect (server)


@pytest.mark.parametrize("language", LANGUAGES)
def test_connect_tables_speak_only_the_players_language(language: Language) -> None:
    """A server's table at the terminal, the one to act and the one waiting, and the same
    frames in ``connect``'s text mode."""
    seen: list[str] = []
    names: set[str] = set()

    async def scenario(hub: Any, apps: list[RemoteTableApp], pilots: list[Any]) -> None:
        assert deciding(apps) is not None
        for app, pilot in zip(apps, pilots, strict=True):
            await pilot.press("question_mark")
            await pilot.pause(0.2)
            frame = app.frame
            assert frame is not None
            keys = [str(key.description) for key in app.screen.query(FooterKey)]
            text = "\n".join([app.screen_text(), *keys, app.title])
            # the seats' names are data, the server's bots' ("Bot 3") too
            names.update(w for seat in frame["seats"] for w in str(seat["name"]).split())
            seen.append(text)
            seen.append("\n".join(table_lines(frame)))

    with use_language(language):
        run(table("holdem", 2, seed=5, bots={3: "station"}), scenario, size=(100, 40))
    assert len(seen) == 4
    for text in seen:
        words = unworded(text, allowed=COMMANDS | {"P1", "P2"} | names)
        assert words == [], (words, text)


LOBBY: Mapping[str, Any] = {
    "type": "lobby",
    "v": 1,
    "rooms": [
        {
            "id": "q3Y",
            "name": "Ann",
            "game": "Холдем",
            "stakes": "1/2",
            "seats": {"taken": 3, "total": 6},
            "status": status,
            "kind": kind,
            "private": private,
            "url": "/tables/q3Y",
            "player_run": kind == "tournament",
        }
        for status, kind, private in (
            ("playing", "cash", False),
            ("waiting", "home", True),
            ("registering", "tournament", False),
            ("pause", "ofc", False),
        )
    ],
    "mine": [],
}
TOURNAMENT: Mapping[str, Any] = {
    "name": "Ann",
    "game": "Холдем",
    "buy_in": 1000,
    "fee": 100,
    "status": "registering",
    "registered": 12,
    "max_entries": 99,
    "start_at": 700.0,
    "now": 400.0,
    "players": [{"name": name, "chips": 10_000, "place": None} for name in NAMES * 2],
    "you": {"registered": True, "table": "t1"},
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_connect_lobbies_speak_only_the_players_language(language: Language) -> None:
    with use_language(language):
        lines, _ = lobby_lines(LOBBY)  # type: ignore[arg-type]
        text = "\n".join([*lines, *tournament_lines(TOURNAMENT)])
    assert unworded(text) == [], (unworded(text), text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_servers_ofc_table_speaks_only_the_players_language(language: Language) -> None:
    """Three players at a server's OFC table late in the first hand: the rows, your cards,
    the task, the others' marks and the keys."""
    room = OfcRoom("o1", seats=3, clock=CLOCK, seed=7)
    for index, user in enumerate(OFC_PLAYERS):
        assert room.handle(user, {"type": "sit", "id": f"s{index}", "seat": index + 1}, 0.0).changed
    rng = random.Random(3)
    for number in range(6):
        user = next(u for u in OFC_PLAYERS if room.snapshot(u)["you"]["decision"] == "place")
        place = random_place(room.snapshot(user), rng)
        assert room.handle(user, {**place, "id": f"p{number}"}, 0.0).changed
    hub = OfcHub(room)
    seen: list[str] = []

    async def go() -> None:
        apps = [RemoteTableApp(hub.link(user)) for user in OFC_PLAYERS]
        async with AsyncExitStack() as stack:
            pilots = [await stack.enter_async_context(a.run_test(size=(100, 40))) for a in apps]
            await settle(hub, apps, pilots)
            for app, pilot in zip(apps, pilots, strict=True):
                await pilot.press("question_mark")
                await pilot.pause(0.2)
                screen = ofc_screen(app)
                frame = screen.frame
                assert frame is not None
                keys = [str(key.description) for key in screen.query(FooterKey)]
                text = "\n".join([screen.screen_text(), *keys])
                seen.append(text)

    with use_language(language):
        asyncio.run(go())
    assert len(seen) == 3
    for text in seen:
        words = unworded(text, allowed={"Cy"})
        assert words == [], (words, text)
