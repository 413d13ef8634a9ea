"""The web director console's refusals in Russian and Ukrainian (issue 23): the desk, the
cashier and the clock refuse in the director's language (his ``pokerroom_lang`` cookie),
the whole line with no English left but names and rule IDs."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.tournament.clock.timesource import SimulatedTime
from pokerroom.tournament.live.floor import layout
from pokerroom.web.language import LanguageMiddleware
from tests.english_words import english_words
from tests.web.director_app import Room, room
from tests.web.test_director_web import START, act, opened, stored

ALERT = re.compile(r'class="error" role="alert"[^>]*>(.*?)</', re.S)


@pytest.fixture
def web(tmp_path: Path) -> Room:
    """The director's test app behind the server's :class:`LanguageMiddleware`."""
    store = TournamentStore.open(f"sqlite:///{tmp_path / 'room.db'}")
    made = room(store, SimulatedTime(START))
    return Room(TestClient(LanguageMiddleware(made.client.app)), made.visitor, made.time, store)


def alert(page: Any) -> str:
    found = ALERT.search(page.text)
    assert found is not None, page.text[:2000]
    return " ".join(html.unescape(found[1]).split())


REFUSED = {
    "resume": ({}, {"ru": "часы не на паузе", "uk": "годинник не на паузі"}),
    "payouts": ({}, {"ru": "в игре ещё игроков: 12", "uk": "у грі ще гравців: 12"}),
    "rebuy": (
        {"player": "Nobody"},
        {"ru": "игрок 'Nobody' не зарегистрирован", "uk": "гравця 'Nobody' не зареєстровано"},
    ),
    "remove-time": ({"minutes": "30"}, {"ru": "нельзя убрать 30:00", "uk": "не можна прибрати"}),
}


@pytest.mark.parametrize("lang", ["ru", "uk"])
@pytest.mark.parametrize("action", sorted(REFUSED))
def test_the_consoles_refusals_read_in_the_directors_language(
    web: Room, action: str, lang: str
) -> None:
    opened(web, 12)
    web.client.cookies.set("pokerroom_lang", lang)
    before = web.store.events(1)
    fields, expected = REFUSED[action]
    page = act(web, action, **fields)
    assert page.status_code == 400
    line = alert(page)
    assert expected[lang] in line
    assert english_words(line, allowed={"Nobody", "Nobody'"}) == [], line
    assert web.store.events(1) == before


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_bust_out_at_an_empty_seat_is_refused_in_the_directors_language(
    web: Room, lang: str
) -> None:
    opened(web, 12)
    seat = next(iter(layout(stored(web))[1]))
    act(web, "bust", table="1", seat=[str(seat)])
    web.client.cookies.set("pokerroom_lang", lang)
    again = act(web, "bust", table="1", seat=[str(seat)])
    assert again.status_code == 400
    line = alert(again)
    assert english_words(line) == [], line
    assert ("свободно" if lang == "ru" else "вільне") in line
