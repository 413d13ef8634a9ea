"""The web pages in Russian and Ukrainian (issue 23): every page of the lobby, the accounts,
the hands and results, the create forms and the table's shell renders with no English
word left (names, codes and rule IDs aside), with ``<html lang>`` saying its language;
the language menu switches it, a signed-in account keeps the choice for his next browser,
and a language we do not speak is refused and changes nothing."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from starlette.testclient import TestClient
from starlette.types import ASGIApp

from pokerroom.i18n import Language
from pokerroom.room.seam import User
from pokerroom.storage.database import Database
from pokerroom.web.app import create_app
from pokerroom.web.auth.cookies import SESSION_COOKIE
from pokerroom.web.language import LANGUAGE_COOKIE
from tests.english_words import english_words
from tests.web.conftest import settings
from tests.web.helpers import cardroom, csrf_of, log_in, sign_up
from tests.web.test_results_chart_page import results_app

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

KEEP = {
    # names and codes the pages show as data: players, rooms, the test tournament, a game
    "Ann", "Bob", "Cyd", "Kitchen", "NLHE", "Home", "sit", "and", "go",
    # the menu names each language in its own words; keys are named as printed on them
    "English", "Enter", "Esc", "UTG", "UTC", "KiB",
    "ofc",  # the command `pokerroom ofc` the OFC form names
}  # fmt: skip
SHOWN_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt")


class _Visible(HTMLParser):
    """The text a visitor reads: text outside scripts and styles, and the attributes a
    screen or a screen reader shows (a visible input's value too)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._hidden += 1
        found = dict(attrs)
        self.parts += [found[name] or "" for name in SHOWN_ATTRIBUTES if name in found]
        if tag == "input" and found.get("type") != "hidden" and found.get("value"):
            self.parts.append(found["value"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def html_lang(html: str) -> str:
    found = re.search(r'<html lang="([a-z]+)"', html)
    assert found is not None
    return found.group(1)


def in_language(client: TestClient, language: Language, how: str) -> None:
    """The client asks for ``language`` by the menu's cookie or by ``Accept-Language``."""
    client.cookies.delete(LANGUAGE_COOKIE)
    client.headers.pop("accept-language", None)
    if how == "cookie":
        client.cookies.set(LANGUAGE_COOKIE, language)
    else:
        client.headers["accept-language"] = f"{language}-{language.upper()},{language};q=0.9"


OTHERS = re.compile(
    r'<section id="(?:tournament-header|broadcast)".*?</section>|<form id="dispute".*?</form>',
    re.DOTALL,
)
"""The tournament table's parts of the table page (the tournament pages' own templates,
checked with them)."""


def check_page(
    client: TestClient,
    path: str,
    language: Language,
    status: int = 200,
    codes: frozenset[str] = frozenset(),
) -> str:
    response = client.get(path)
    assert response.status_code == status, (path, response.text[-400:])
    html = response.text
    assert html_lang(html) == language, path
    mine = OTHERS.sub("", html)
    assert english_words(visible_text(mine), allowed=KEEP | codes) == [], path
    return html


def replayer_steps(html: str) -> list[str]:
    found = re.search(r'<script type="application/json" class="replayer-data">(.+?)</script>', html)
    assert found is not None
    return [step["text"] for step in json.loads(found.group(1))["steps"]]


def _ann_app(tmp_path: Path, language: Language) -> TestClient:
    """Ann: a finished home series (hands, results, a tournament), a home game, an OFC game
    and a cash table of her own in the lobby, made in ``language`` (their default names are
    in their host's language)."""
    _, ann = results_app(tmp_path)
    in_language(ann, language, "cookie")
    for path, form in (
        ("/new/home", {"name": "Kitchen", "game": "holdem", "blinds": "1/2", "stack": "200"}),
        ("/new/cash", {"game": "stud", "limit": "fixed-limit", "blinds": "500/1000"}),
        ("/new/ofc", {"hands": "12", "bot_2": "sensible"}),
    ):
        made = ann.post(path, data={"csrf": csrf_of(ann, "/"), **form}, follow_redirects=False)
        assert made.status_code == 303, made.text[-300:]
    return ann


@pytest.mark.parametrize("how", ["cookie", "header"])
@pytest.mark.parametrize("language", ["ru", "uk"])
def test_every_page_of_a_signed_in_player_speaks_his_language(
    tmp_path: Path, language: Language, how: str
) -> None:
    ann = _ann_app(tmp_path, language)
    in_language(ann, language, how)
    registry = cardroom(ann).registry
    for path in ("/", "/?kind=cash", "/?kind=home", "/new/home", "/new/cash", "/new/ofc"):
        check_page(ann, path, language)
    listing = check_page(ann, "/hands", language)
    hand_id = re.search(r'href="/hands/(\d+)"', listing)
    assert hand_id is not None
    hand = check_page(ann, f"/hands/{hand_id.group(1)}", language)
    steps = replayer_steps(hand)
    assert steps and english_words(" ".join(steps), allowed=KEEP) == []
    check_page(ann, "/players/Ann/results", language)
    for room_id, _ in registry.hosted_by(_user(ann)):
        check_page(ann, f"/tables/{room_id}", language)
        invite = ann.post(f"/rooms/{room_id}/invites", data={"csrf": csrf_of(ann, "/")})
        assert invite.status_code == 200
        assert english_words(visible_text(invite.text), allowed=KEEP) == []
        link = re.search(r'readonly value="https?://[^/]+(/invite/[^"]+)"', invite.text)
        assert link is not None
        guest = TestClient(ann.app)
        in_language(guest, language, how)
        check_page(guest, link.group(1), language)
        refused = guest.post(link.group(1), data={"csrf": csrf_of(guest, link.group(1))})
        assert refused.status_code == 400  # no name given: the form again, its error in words
        assert english_words(visible_text(OTHERS.sub("", refused.text)), allowed=KEEP) == []
    check_page(ann, "/no/such/page", language, 404)
    check_page(ann, "/tables/x7", language, 404)


def _user(client: TestClient) -> User:
    account = cardroom(client).accounts.find_account("Ann")
    assert account is not None
    return User(account.id, account.name, account.roles)


@pytest.mark.parametrize("how", ["cookie", "header"])
@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_pages_of_a_visitor_speak_his_language(
    client: TestClient, language: Language, how: str
) -> None:
    in_language(client, language, how)
    for path in ("/", "/login", "/signup", "/?kind=tournament"):
        check_page(client, path, language)
    check_page(client, "/hands/1", language, 200)  # signed out: the log-in page
    kinds = frozenset({"casino'", "home", "cash", "tournament"})  # asked, and the URL's codes
    check_page(client, "/?kind=casino", language, 400, kinds)


def test_an_amount_is_grouped_as_russian_groups_it(tmp_path: Path) -> None:
    ann = _ann_app(tmp_path, "ru")
    lobby = ann.get("/").text
    assert "бринг-ин 500, ставки 1\u00a0000/2\u00a0000" in lobby
    assert "бай-ин 40\u00a0000-100\u00a0000" in lobby
    assert "Техасский холдем, безлимит" in lobby and "Семикарточный стад, фикс-лимит" in lobby
    in_language(ann, "uk", "cookie")
    assert "Семикартковий стад, фікс-ліміт" in ann.get("/").text


def test_form_errors_are_said_in_the_visitors_language(client: TestClient) -> None:
    in_language(client, "ru", "cookie")
    form = {"csrf": csrf_of(client, "/signup"), "name": "Ann", "password": "correct horse"}
    again = client.post("/signup", data={**form, "password2": "other horse"})
    assert again.status_code == 400
    assert "пароли не совпадают; введите один и тот же дважды" in again.text
    taken = client.post("/signup", data={**form, "name": "x"})
    assert "имя — от 3 до 20 символов (сейчас 1)" in taken.text
    in_language(client, "uk", "cookie")
    assert sign_up(client, "Ann").status_code == 303
    made = client.post(
        "/new/cash", data={"csrf": csrf_of(client, "/"), "rake_cap": "3"}, follow_redirects=False
    )
    assert made.status_code == 400 and "стеля рейку: вкажіть і відсоток рейку" in made.text
    assert html_lang(made.text) == "uk"
    no_token = client.post("/new/cash", data={"rake_cap": "3"})
    assert no_token.status_code == 403 and "токен безпеки (CSRF)" in no_token.text
    assert "Відмовлено" in no_token.text


def choose(client: TestClient, language: str, back: str = "/login") -> object:
    return client.post(
        "/language",
        data={"csrf": csrf_of(client, back), "language": language, "next": back},
        follow_redirects=False,
    )


def test_the_menu_switches_the_language_and_goes_back(client: TestClient) -> None:
    page = client.get("/login?next=/hands").text
    assert html_lang(page) == "en"
    assert 'action="/language"' in page and 'value="/login?next=/hands"' in page
    for code, words in (("en", "English"), ("ru", "Русский"), ("uk", "Українська")):
        assert f'value="{code}" lang="{code}"' in page and f">{words}</button>" in page
    chose = choose(client, "ru", "/login?next=/hands")
    assert chose.status_code == 303  # type: ignore[attr-defined]
    assert chose.headers["location"] == "/login?next=/hands"  # type: ignore[attr-defined]
    page = client.get("/login").text
    assert html_lang(page) == "ru" and "<h1>Войти</h1>" in page
    assert 'value="ru" lang="ru" aria-current="true"' in page
    client.headers["accept-language"] = "uk"  # the menu's choice wins over the browser's
    assert html_lang(client.get("/").text) == "ru"


def test_a_signed_in_choice_follows_the_account_to_a_new_browser(database: Database) -> None:
    app = create_app(database, settings())
    first = TestClient(app)
    assert sign_up(first, "Ann").status_code == 303
    choose(first, "uk", "/")
    account = cardroom(first).accounts.find_account("Ann")
    assert account is not None and account.language == "uk"
    other = TestClient(app, headers={"accept-language": "ru"})
    assert html_lang(other.get("/").text) == "ru"  # signed out: his browser's language
    assert log_in(other, "Ann").status_code == 303
    assert LANGUAGE_COOKIE not in other.cookies
    assert html_lang(other.get("/").text) == "uk"  # signed in: the one he chose
    other.cookies.set(LANGUAGE_COOKIE, "en")
    assert html_lang(other.get("/").text) == "uk"  # the account's choice comes first
    choose(other, "en", "/")
    assert html_lang(first.get("/").text) == "en"


@pytest.mark.parametrize("bad", ["de", "", "ru-RU", "<script>", "uk" * 40])
def test_a_language_we_do_not_speak_is_refused_and_changes_nothing(
    client: TestClient, bad: str
) -> None:
    assert sign_up(client, "Ann").status_code == 303
    refused = choose(client, bad, "/")
    assert refused.status_code == 400  # type: ignore[attr-defined]
    assert "set-cookie" not in refused.headers  # type: ignore[attr-defined]
    account = cardroom(client).accounts.find_account("Ann")
    assert account is not None and account.language is None
    client.cookies.set(LANGUAGE_COOKIE, "de")  # a cookie made up by hand: ignored
    assert html_lang(client.get("/").text) == "en"


@pytest.mark.parametrize("away", ["https://evil.example/", "//evil.example/", "/\\evil.example"])
def test_the_menu_only_goes_back_to_a_page_of_this_site(client: TestClient, away: str) -> None:
    chose = choose(client, "ru", "/")
    chose = client.post(
        "/language",
        data={"csrf": csrf_of(client, "/"), "language": "uk", "next": away},
        follow_redirects=False,
    )
    assert chose.status_code == 303 and chose.headers["location"] == "/"


def test_the_menu_needs_the_forms_token(client: TestClient) -> None:
    refused = client.post("/language", data={"language": "ru", "next": "/"})
    assert refused.status_code == 403 and LANGUAGE_COOKIE not in client.cookies


# ------------------------------------------------------------------ the menu on a phone

PHONE = {"width": 390, "height": 844}
MENU_FITS = """() => {
  const buttons = [...document.querySelectorAll("#languages button")];
  return {
    width: document.documentElement.scrollWidth,
    inside: buttons.every(b => {
      const box = b.getBoundingClientRect();
      return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth;
    }),
    names: buttons.map(b => b.textContent.trim()),
  };
}"""
"""Whether the page scrolls sideways, and whether every button of the menu is on screen."""


def test_the_menu_fits_a_phone_and_switches_the_language_in_chromium(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'store.db'}", settings())
    url = live_server(app)
    ann = TestClient(app)
    assert sign_up(ann, "Ann").status_code == 303
    context = new_context()
    cookie = ann.cookies.get(SESSION_COOKIE)
    assert cookie is not None
    context.add_cookies([{"name": SESSION_COOKIE, "value": cookie, "url": url}])
    page = context.new_page()
    page.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})
    for path, language, name, heading, short in (
        ("/", "ru", "Русский", "Лобби", "Рус"),
        ("/new/home", "uk", "Українська", "Створити домашню гру", "Укр"),
        ("/hands", "en", "English", "Your hands", "Eng"),
    ):
        page.goto(f"{url}{path}")
        page.locator("#languages summary").click()
        fits = page.evaluate(MENU_FITS)
        assert fits["names"] == ["English", "Русский", "Українська"]
        assert fits["inside"] and fits["width"] <= PHONE["width"], (path, fits)
        page.get_by_role("button", name=name).click()
        page.wait_for_url(f"{url}{path}")
        assert page.evaluate("document.documentElement.lang") == language
        assert page.locator("h1").first.inner_text() == heading
        assert page.locator("#languages summary").inner_text() == short
        bar = page.locator("header.bar").bounding_box()
        assert bar is not None and bar["height"] < 50, (path, bar)  # one line, as in English
    account = cardroom(ann).accounts.find_account("Ann")
    assert account is not None and account.language == "en"


def test_a_table_without_observers_and_the_lobby_chat_speak_the_readers_language(
    database: Database,
) -> None:
    app = create_app(database, settings())
    ann, bob = TestClient(app), TestClient(app)
    for client, name in ((ann, "Ann"), (bob, "Bob")):
        assert sign_up(client, name).status_code == 303
    in_language(ann, "uk", "cookie")
    form = {"csrf": csrf_of(ann, "/"), "name": "Kitchen", "observers": "no"}
    made = ann.post("/new/home", data=form, follow_redirects=False)
    assert made.status_code == 303
    in_language(bob, "ru", "header")
    check_page(bob, str(made.headers["location"]), "ru")  # not dealt yet: he may look
    host = check_page(ann, str(made.headers["location"]), "uk")
    assert "Глядачі не допускаються." in host and "Відкрити для глядачів" in host
    said = ann.post(
        "/api/lobby/chat", content=b"{", headers={"x-csrf-token": csrf_of(ann, "/")}
    ).json()
    assert said["code"] == "malformed" and said["message"] == (
        "надішліть один об'єкт JSON: повідомлення в чат"
    )
