"""The tournament in Russian and Ukrainian: the clock, the director's console, the tables,
seat cards and printouts, the penalty table; and the regulation's ``language`` field."""

from __future__ import annotations

import pytest

from pokerroom.i18n import current_language, use_language
from pokerroom.tournament.regulation import (
    example_text,
    in_regulation_language,
    load_example,
    parse_regulation,
)
from pokerroom.tournament.regulation.fields import RegulationError
from tests.english_words import english_words

LANGUAGES = ("ru", "uk")


def speaking(language: str, example: str = "club-freezeout"):  # type: ignore[no-untyped-def]
    """An example regulation whose papers speak ``language``."""
    return parse_regulation(f'language = "{language}"\n' + example_text(example))


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_a_regulation_may_fix_its_language(language: str) -> None:
    assert speaking(language).language == language


def test_without_a_language_the_regulation_speaks_its_readers() -> None:
    club = load_example("club-freezeout")
    assert club.language is None
    with use_language("uk"), in_regulation_language(club):
        assert current_language() == "uk"


def test_an_unknown_language_is_one_error_naming_the_allowed_ones() -> None:
    with pytest.raises(RegulationError) as caught:
        parse_regulation('language = "de"\n' + example_text("club-freezeout"), source="x.toml")
    assert str(caught.value) == "x.toml: language must be one of 'en', 'ru', 'uk', got 'de'"
    with pytest.raises(RegulationError, match="language must be one of 'en', 'ru', 'uk'"):
        parse_regulation("language = 7\n" + example_text("club-freezeout"))


def test_the_regulations_language_wins_over_the_process() -> None:
    with use_language("uk"), in_regulation_language(speaking("ru")):
        assert current_language() == "ru"
    with use_language("ru"), in_regulation_language(speaking("en")):
        assert current_language() == "en"
