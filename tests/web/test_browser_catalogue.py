"""The browser's catalogue (``/i18n/<lang>.js``): the ``js`` messages of one language as a
script file the pages load before static/i18n.js, cacheable, under the same CSP."""

from __future__ import annotations

import json

from starlette.testclient import TestClient

from pokerroom.storage.database import open_database
from pokerroom.web.app import create_app
from pokerroom.web.browser_words import catalogue_entries
from tests.web.conftest import settings


def catalogue_of(script: str) -> dict[str, object]:
    prefix = "window.pokerroomCatalogue = "
    line = next(line for line in script.splitlines() if line.startswith(prefix))
    found: dict[str, object] = json.loads(line.removeprefix(prefix).removesuffix(";"))
    return found


def test_each_language_is_served_as_a_script_and_english_says_the_source() -> None:
    with open_database("sqlite://") as database:
        client = TestClient(create_app(database, settings()))
        ru = client.get("/i18n/ru.js")
        assert ru.status_code == 200
        assert ru.headers["content-type"].startswith("text/javascript")
        assert "script-src" not in ru.headers["content-security-policy"]  # default-src 'self'
        words = catalogue_of(ru.text)
        assert words["Sit here"] == "Сесть"
        assert words["{count} chip\x00{count} chips"] == [
            "{count} фишка",
            "{count} фишки",
            "{count} фишек",
        ]
        assert words["seat note\x04out"] == "выбыл"
        assert catalogue_of(client.get("/i18n/uk.js").text)["Sit here"] == "Сісти"
        assert catalogue_of(client.get("/i18n/en.js").text) == {}
        again = client.get("/i18n/ru.js", headers={"if-none-match": ru.headers["etag"]})
        assert again.status_code == 304
        assert client.get("/i18n/de.js").status_code == 404
        assert client.get("/i18n/ru-RU.js").status_code == 404


def test_every_translated_message_is_in_the_catalogue() -> None:
    assert len(catalogue_entries("ru")) == len(catalogue_entries("uk")) > 150


def test_a_home_tables_page_gets_the_home_games_words() -> None:
    """Seed 001 says «Фолд» and «Рейз» where the clubs' rule books say «Пас» and «Рэйз»."""
    with open_database("sqlite://") as database:
        client = TestClient(create_app(database, settings()))
        club = catalogue_of(client.get("/i18n/ru.js").text)
        home = catalogue_of(client.get("/i18n/ru.js?words=home").text)
    assert club["Raise"] == "Рэйз"
    assert home["Raise"] == "Рейз"
    fold_twice = "Checking is free: fold instead of check? Press fold again to fold."
    assert "«Пас»" in str(club[fold_twice])
    assert "«Фолд»" in str(home[fold_twice])
    assert home["Sit here"] == club["Sit here"]
    assert home.keys() == club.keys()
