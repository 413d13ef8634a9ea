"""Amounts as players read them: digits grouped in threes (``1,388``; ``1 388`` with a
no-break space in Russian and Ukrainian), the same number once the separators are out."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.amounts import amount_text, signed_amount_text
from pokerroom.i18n import LANGUAGES, Language, use_language

SEPARATOR: dict[Language, str] = {"en": ",", "ru": "\u00a0", "uk": "\u00a0"}


def grouped(language: Language) -> re.Pattern[str]:
    separator = re.escape(SEPARATOR[language])
    return re.compile(rf"^-?[1-9]\d{{0,2}}(?:{separator}\d{{3}})*$|^0$")


@pytest.mark.parametrize(
    ("chips", "read"),
    [
        (0, "0"),
        (7, "7"),
        (999, "999"),
        (1000, "1,000"),
        (1388, "1,388"),
        (25000, "25,000"),
        (1234567, "1,234,567"),
        (-1388, "-1,388"),
    ],
)
def test_amounts_group_their_digits_in_threes(chips: int, read: str) -> None:
    assert amount_text(chips) == read
    with use_language("ru"):
        assert amount_text(chips) == read.replace(",", "\u00a0")


@pytest.mark.parametrize("language", LANGUAGES)
@given(chips=st.integers(min_value=-(10**15), max_value=10**15))
def test_the_digits_read_back_are_the_amount_in_groups_of_three(
    language: Language, chips: int
) -> None:
    with use_language(language):
        text = amount_text(chips)
    assert int(text.replace(SEPARATOR[language], "")) == chips
    assert grouped(language).match(text), text


@given(st.integers(min_value=-(10**12), max_value=10**12).filter(bool))
def test_a_change_of_chips_carries_its_sign(change: int) -> None:
    with use_language("uk"):
        text = signed_amount_text(change)
        assert text.lstrip("+") == amount_text(change)
    assert text[0] == ("+" if change > 0 else "-")
    assert int(text.replace("\u00a0", "")) == change
