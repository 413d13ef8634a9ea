"""The tournament pages, the director's consoles and the TV clock in Russian and Ukrainian.

Every page is rendered with the ``pokerroom_lang`` cookie and its visible text (words,
placeholders, ARIA labels, confirmations) checked for English left over
(:func:`tests.english_words.english_words`): names, codes and rule IDs pass. The few
pieces worded by the tournament layer's own modules (the clock screen's lines, the
offence table, the log's action lines; the `tourney` helper's) are either dropped by their
element or allowed as that module words them in the same language, so this checks the
pages' own words. The TV clock and the seat cards speak the regulation's ``language``
when it sets one, whatever the viewer's cookie asks.
"""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from functools import partial
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from pokerroom.i18n import N_, Language, number_text, use_language
from pokerroom.room.notices import Notice, worded
from pokerroom.room.tournament import words as director_words
from pokerroom.room.tournament.event import MOVE_WORDS, RoomTournament
from pokerroom.room.tournament.words import penalty_words, place_text
from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.tournament.clock.timesource import SimulatedTime
from pokerroom.tournament.penalties.menu import offence_lines
from pokerroom.tournament.regulation import example_text
from pokerroom.tournament.regulation.load import parse_regulation
from pokerroom.tournament.seating.moves import MoveReason
from pokerroom.web.director import director_routes
from pokerroom.web.director.pages import templates as console_templates
from pokerroom.web.language import LANGUAGE_COOKIE, LanguageMiddleware
from pokerroom.web.tournament.details import structure_of
from tests.english_words import english_words
from tests.web.director_app import (
    PLAYER,
    Room,
    SignedIn,
    Visitor,
    form_is_ours,
    token_of,
)
from tests.web.helpers import csrf_of, sign_up, started_sit_and_go
from tests.web.test_director_web import START, act, bust_one, opened, stored
from tests.web.tournament_driver import ANN, DIRECTOR, started, twelve

LANGUAGES: tuple[Language, ...] = ("ru", "uk")
VOID = frozenset({"input", "br", "meta", "link", "img", "hr", "col", "wbr", "source"})
READ_ATTRIBUTES = ("placeholder", "aria-label", "data-confirm", "title")
MENU = frozenset({"English", "name", "ICM"})
"""The language menu names English in English; ``name =`` is the TOML example's key; ICM
(a deal's method) is the abbreviation Russian and Ukrainian players use."""
TOURNEY_WORDED = frozenset({"clock", "notice", "done", "log", "move", "tournament-header"})
"""Elements whose text the tournament layer words (clock lines, colour-up notice, the
action said, the log, the moves due, the table header): its own tests check them."""


class _Visible(HTMLParser):
    """The text a person reads on a page: text nodes and the attributes read aloud or
    shown; no script, style or ``<code>`` (commands stay commands)."""

    def __init__(self, skip_classes: frozenset[str]) -> None:
        super().__init__()
        self.skip_classes = skip_classes
        self.stack: list[tuple[str, bool]] = []
        self.parts: list[str] = []

    @property
    def skipping(self) -> bool:
        return any(skipped for _, skipped in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = set((found.get("class") or "").split())
        skipped = tag in ("script", "style", "code") or bool(classes & self.skip_classes)
        if not (self.skipping or skipped):
            self.parts.extend(str(found[name]) for name in READ_ATTRIBUTES if found.get(name))
        if tag not in VOID:
            self.stack.append((tag, skipped))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(data)


def visible(html: str, skip: frozenset[str] = TOURNEY_WORDED) -> str:
    reader = _Visible(skip)
    reader.feed(html)
    return " ".join(" ".join(reader.parts).split())


def main_of(html: str) -> str:
    """The page's own part (``base.html``'s bar is the `pages` helper's)."""
    found = re.search(r"<main>(.*)</main>", html, re.S)
    assert found is not None
    return found.group(1)


def without_broadcast_mark(html: str) -> str:
    """The page without ``_broadcast_mark.html`` (the `pages` helper's include)."""
    return re.sub(
        r'<form method="post" action="/tournaments/[^"]*/broadcast".*?</form>', "", html, flags=re.S
    )


def words_of(texts: Iterable[str]) -> set[str]:
    """The English words of text another module words (allowed where it shows)."""
    return set(english_words(" ".join(texts)))


class WithLanguage:
    """A regulation whose ``language`` field is set (whether or not the model has it)."""

    def __init__(self, inner: object, language: Language) -> None:
        self._inner = inner
        self.language = language

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def speaking(
    language: Language,
) -> Callable[[object], AbstractContextManager[object]]:
    """``regulation_language`` as if the regulation set ``language``."""
    real = director_words.regulation_language
    return lambda regulation: real(WithLanguage(regulation, language))


# ------------------------------------------------------------ the director's console


def console(tmp_path: Path, language: Language) -> Room:
    store = TournamentStore.open(f"sqlite:///{tmp_path / 'room.db'}")
    time = SimulatedTime(START)
    visitor = Visitor()
    routes = director_routes(store, csrf_token=token_of, check_csrf=form_is_ours, time=time)
    app = LanguageMiddleware(SignedIn(Starlette(routes=routes), visitor))
    client = TestClient(app, cookies={LANGUAGE_COOKIE: language})
    return Room(client, visitor, time, store)


@pytest.fixture(params=LANGUAGES)
def spoken(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Language, Room]]:
    language: Language = request.param
    yield language, console(tmp_path, language)


def test_every_console_tab_speaks_the_directors_language(spoken: tuple[Language, Room]) -> None:
    language, web = spoken
    index = web.client.get("/director").text
    assert f'<html lang="{language}">' in index
    assert english_words(visible(index), allowed=MENU) == []
    opened(web, 20)
    web.time.advance(60)
    bust_one(web)
    player = next(iter(stored(web).still_in()))
    act(web, "penalty", player=player, offence="7.1.13", penalty="table")
    act(web, "protest", penalty="1", player=player, text="я был в туалете")
    with use_language(language):
        foreign = words_of(f"{o.words} {o.first} {o.repeat}" for o in offence_lines())
        foreign |= words_of(penalty_words(g.penalty) for g in stored(web).penalty_log.penalties())
    name = stored(web).regulation.name
    for tab in ("desk", "tables", "clock", "discipline", "money", "log"):
        page = web.client.get(f"/director/1/{tab}")
        assert page.status_code == 200, page.text
        left = english_words(visible(page.text), allowed=foreign | words_of([name]) | MENU)
        assert left == [], (tab, left)


def test_the_console_says_a_form_error_in_the_directors_language(tmp_path: Path) -> None:
    web = console(tmp_path, "ru")
    opened(web, 4)
    blank = act(web, "register", player=" ")
    assert blank.status_code == 400
    assert "укажите: имя игрока" in blank.text
    typo = act(web, "add-time", minutes="ten")
    assert "добавляемые минуты — целое число, получено &#39;ten&#39;" in typo.text
    wide = act(web, "break", minutes="5000")
    assert "минуты перерыва — от 1 до 1\u00a0440, получено 5\u00a0000" in wide.text


def test_a_refusal_and_a_missing_page_speak_the_visitors_language(tmp_path: Path) -> None:
    web = console(tmp_path, "uk")
    web.visitor.user = PLAYER
    refused = web.client.get("/director")
    assert refused.status_code == 403 and "Немає доступу" in refused.text
    assert english_words(visible(refused.text), allowed={"player", "Pete", *MENU}) == []
    web.visitor.user = Visitor().user
    missing = web.client.get("/director/0/desk")
    assert missing.status_code == 404 and "немає турніру 0: номери починаються з 1" in missing.text
    assert english_words(visible(missing.text), allowed=MENU) == []


def test_the_seat_cards_speak_the_regulations_language_not_the_viewers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    web = console(tmp_path, "uk")  # the director reads Ukrainian
    opened(web, 12)
    assert "Стіл" in web.client.get("/director/1/tables").text
    monkeypatch.setattr("pokerroom.web.director.console.regulation_language", speaking("ru"))
    cards = web.client.get("/director/1/print").text  # the club prints Russian cards
    assert '<html lang="ru">' in cards and "Место" in cards and "места по столам" in cards
    assert "Стіл" not in cards and "Місце" not in cards
    name = stored(web).regulation.name
    assert english_words(visible(cards), allowed=words_of([name])) == []


def test_the_console_clock_page_speaks_the_regulations_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    web = console(tmp_path, "uk")
    opened(web, 6)
    assert '<html lang="uk">' in web.client.get("/tournaments/1/clock").text
    monkeypatch.setattr("pokerroom.web.director.clock_page.regulation_language", speaking("ru"))
    web.client.cookies.set(LANGUAGE_COOKIE, "uk")
    page = web.client.get("/tournaments/1/clock").text
    assert '<html lang="ru">' in page and "ПАУЗА" in page
    assert "Часы не могут связаться с сервером" in page and "Годинник" not in page
    shown = TestClient(web.client.app).get("/api/tournaments/1/clock").json()
    assert shown["language"] == "ru"  # every poll in the club's language, too


@pytest.mark.parametrize("language", LANGUAGES)
def test_counts_take_the_plural_of_the_number(language: Language) -> None:
    counted = console_templates.env.from_string(
        '{{ ngettext("%(num)s player", "%(num)s players", n) }}'
    )
    with use_language(language):
        said = [counted.render(n=n) for n in (1, 2, 5, 21)]
    expected = {
        "ru": ["1 игрок", "2 игрока", "5 игроков", "21 игрок"],
        "uk": ["1 гравець", "2 гравці", "5 гравців", "21 гравець"],
    }
    assert said == expected[language]


# ----------------------------------------------------------- the web tournament's pages


def _web_tournament(client: TestClient) -> tuple[str, RoomTournament]:
    sign_up(client, "Pete")
    return started_sit_and_go(client)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tournament_pages_speak_the_visitors_language(
    client: TestClient, language: Language
) -> None:
    tid, tournament = _web_tournament(client)
    client.cookies.set(LANGUAGE_COOKIE, language)
    with use_language(language):
        game = str(tournament.lobby(None)["game"])
        bets = [row.bets for row in structure_of(tournament.regulation)]
        offences = [f"{o.words} {o.first} {o.repeat}" for o in offence_lines()]
    names = words_of([tournament.name, "Bot", "Pete", game])
    page = client.get(f"/tournaments/{tid}").text
    assert f'<html lang="{language}">' in page
    own = without_broadcast_mark(main_of(page))
    left = english_words(visible(own), allowed=names | words_of(bets))
    assert left == [], left
    director = client.get(f"/tournaments/{tid}/director").text
    allowed = names | words_of(offences)
    skip = TOURNEY_WORDED | {"words", "presets"}
    assert english_words(visible(main_of(director), skip), allowed=allowed) == []
    chat = client.get(f"/tournaments/{tid}/chat").text
    assert english_words(visible(main_of(chat)), allowed=names) == []
    new = client.get("/tournaments/new").text
    assert english_words(visible(main_of(new))) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_form_speaks_the_visitors_language(
    client: TestClient, language: Language
) -> None:
    sign_up(client, "Pete")
    client.cookies.set(LANGUAGE_COOKIE, language)
    refused = client.post(
        "/tournaments",
        data={"csrf": csrf_of(client, "/"), "example": "home-sit-and-go", "buy_in": "ten"},
    )
    assert refused.status_code == 400
    said = {
        "ru": "бай-ин — целое число от 0 до 1\u00a0000\u00a0000\u00a0000",
        "uk": "бай-ін — ціле число від 0 до 1\u00a0000\u00a0000\u00a0000",
    }
    assert said[language] in refused.text
    assert english_words(visible(main_of(refused.text)), allowed={"ten'"}) == []


def test_the_tv_clock_speaks_the_regulations_language_while_the_viewer_reads_another(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid, tournament = _web_tournament(client)
    client.cookies.set(LANGUAGE_COOKIE, "uk")
    mine = TestClient(client.app, cookies={LANGUAGE_COOKIE: "uk"})
    plain = mine.get(f"/tournaments/{tid}/clock").text
    assert '<html lang="uk">' in plain and "ПАУЗА" in plain and "Годинник не може" in plain
    shown = mine.get(f"/api/tournaments/{tid}/clock").json()
    words = [shown["heading"], shown["bets"], shown["next"], shown["break"], shown["game"]]
    foreign = words_of([*words, *shown["field_lines"], *shown["prize_lines"]])
    allowed = foreign | words_of([tournament.name])
    assert english_words(visible(plain), allowed=allowed) == []
    monkeypatch.setattr("pokerroom.web.tournament.tv_clock.regulation_language", speaking("ru"))
    club = mine.get(f"/tournaments/{tid}/clock").text
    assert '<html lang="ru">' in club and "Часы не могут связаться с сервером" in club
    assert "Годинник" not in club
    assert mine.get(f"/api/tournaments/{tid}/clock").json()["language"] == "ru"


# ------------------------------------------------------------ a player's own notices


def test_a_move_notice_is_worded_for_each_reader_and_survives_a_checkpoint() -> None:
    driver = started(5)
    room = driver.room_of(ANN)
    assert room is not None
    where = Notice("table {table} seat {seat}", table=2, seat=4)
    why = Notice(MOVE_WORDS[MoveReason.BALANCE])
    room.notices[ANN.id] = Notice("you move {why}: now at {where}", why=why, where=where)
    assert room.snapshot(ANN)["you"]["notice"] == (
        "you move to balance the tables: now at table 2 seat 4"
    )
    with use_language("ru"):
        said = room.snapshot(ANN)["you"]["notice"]
    assert said == "вас пересаживают для балансировки столов: теперь стол 2, место 4"
    with use_language("uk"):
        said = room.snapshot(ANN)["you"]["notice"]
    assert said == "вас пересаджують для балансування столів: тепер стіл 2, місце 4"
    kept = pickle.loads(pickle.dumps(room.notices[ANN.id]))  # a checkpoint keeps it
    assert isinstance(kept, Notice) and kept == room.notices[ANN.id]
    with use_language("uk"):
        assert worded(kept) == said


def test_a_bust_notice_names_the_place_as_the_reader_counts_it() -> None:
    out = Notice(
        N_(
            "you are out in {place} place: {money}; "
            "stay to watch, or re-enter if the tournament allows it"
        ),
        place=partial(place_text, 21),
        money=Notice("prize {amount}", amount=partial(number_text, 1500)),
    )
    assert str(out).startswith("you are out in 21st place: prize 1,500;")
    with use_language("ru"):
        assert out.worded().startswith("вы выбыли, ваше место — 21: приз 1\u00a0500;")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_money_tab_through_a_deal_and_the_payouts(tmp_path: Path, language: Language) -> None:
    web = console(tmp_path, language)
    opened(web, 6)
    while stored(web).players_left > 2:
        bust_one(web)
    name = stored(web).regulation.name
    allowed = words_of([name]) | MENU
    alive = sorted(stored(web).still_in())
    asked = web.client.get("/director/1/money").text
    assert english_words(visible(asked), allowed=allowed) == []
    rows = [pair for player in alive for pair in (("player", player), ("chips", "5000"))]
    offer = web.client.get("/director/1/money", params=[("method", "chip-chop"), *rows])
    assert offer.status_code == 200
    assert english_words(visible(offer.text), allowed=allowed) == []
    act(web, "deal", method="chip-chop", player=alive, chips=["5000", "5000"], tab="money")
    agreed = web.client.get("/director/1/money").text
    assert english_words(visible(agreed), allowed=allowed) == []
    bust_one(web)
    act(web, "payouts")
    paid = web.client.get("/director/1/money").text
    assert {"ru": "Победитель:", "uk": "Переможець:"}[language] in paid
    assert english_words(visible(paid), allowed=allowed) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_tournament_before_its_start_speaks_the_visitors_language(
    client: TestClient, language: Language
) -> None:
    sign_up(client, "Pete")
    client.cookies.set(LANGUAGE_COOKIE, language)
    made = client.post(
        "/tournaments",
        data={"csrf": csrf_of(client, "/"), "example": "club-freezeout"},
        follow_redirects=True,
    )
    assert made.status_code == 200
    tid = str(made.url).rsplit("/", 1)[1]
    status = {"ru": "регистрация", "uk": "реєстрація"}[language]
    assert f'<strong class="status">{status}</strong>' in made.text
    with use_language(language):
        regulation = parse_regulation(example_text("club-freezeout"))
        bets = [row.bets for row in structure_of(regulation)]
        game = str(regulation.game.at_level(1).label)
    allowed = words_of([regulation.name, game, *bets, "Pete"])
    assert english_words(visible(main_of(made.text)), allowed=allowed) == []
    director = client.get(f"/tournaments/{tid}/director").text
    assert english_words(visible(main_of(director)), allowed=allowed) == []
    clock = client.get(f"/tournaments/{tid}/clock").text
    waiting = {"ru": "Начнётся по команде директора", "uk": "Почнеться за командою директора"}
    assert waiting[language] in clock


def test_a_start_that_did_not_happen_is_told_in_the_readers_language() -> None:
    tournament = RoomTournament("T1", twelve(), creator=DIRECTOR, start_at=10.0)
    tournament.register(ANN, 0.0)
    tournament.advance(20.0)
    said = "not started at its time: a tournament needs 2 entrants or more; 1 registered"
    assert tournament.lobby(None)["notice"] == said
    with use_language("ru"):
        assert tournament.lobby(None)["notice"] == (
            "не начался в назначенное время: для турнира нужно не меньше 2 участников; "
            "зарегистрировано: 1"
        )
