"""Hands, cards and counts in the rule books' words: the seeds' hand names («Фулл-хаус»,
«Каре», «Тройка (сет)», «Флеш-рояль»), rank words in the case each sentence needs, plural
forms for one, few and many, and the game names; English exactly as before."""

from __future__ import annotations

import pytest

from pokerroom.cards import parse_cards
from pokerroom.cardset import CardSet
from pokerroom.evaluate.categories import Category
from pokerroom.evaluate.high import evaluate_high
from pokerroom.evaluate.low import evaluate_low
from pokerroom.evaluate.showing import evaluate_showing
from pokerroom.evaluate.toprow import evaluate_top_row
from pokerroom.evaluate.words import category_name
from pokerroom.game_choices import VARIANT_CODES, game_name, limit_name, profile_title
from pokerroom.i18n import use_language
from pokerroom.table.vocabulary import action_name, chips_text
from pokerroom.table.wording import counted
from tests.english_words import english_words

HANDS = {
    "As Ks Qs Js Ts": ("Royal flush", "Флеш-рояль", "Флеш-рояль"),
    "9h 8h 7h 6h 5h": (
        "Straight flush, nine-high",
        "Стрит-флеш до девятки",
        "Стріт-флеш до дев'ятки",
    ),
    "Ac Ad Ah As 2c": ("Four of a kind, aces", "Каре тузов", "Каре тузів"),
    "Kc Kd Kh 5s 5c": (
        "Full house, kings full of fives",
        "Фулл-хаус, короли и пятёрки",
        "Фул-хаус, королі і п'ятірки",
    ),
    "Ah 9h 7h 4h 2h": ("Flush, ace-high", "Флеш до туза", "Флеш до туза"),
    "5c 4d 3h 2s Ac": ("Straight, five-high", "Стрит до пятёрки", "Стріт до п'ятірки"),
    "Qc Qd Qh 9s 2c": ("Three of a kind, queens", "Тройка дам", "Трійка дам"),
    "Kc Kd 4h 4s 9c": (
        "Two pair, kings and fours",
        "Две пары, короли и четвёрки",
        "Дві пари, королі і четвірки",
    ),
    "Ac Ad 9h 7s 2c": ("Pair, aces", "Пара тузов", "Пара тузів"),
    "Ac Jd 9h 7s 2c": ("High card, ace", "Старшая карта, туз", "Старша карта, туз"),
    "Jc Td 9h 7s 2c": ("High card, jack", "Старшая карта, валет", "Старша карта, валет"),
}


@pytest.mark.parametrize("cards", HANDS)
def test_high_hands_in_three_languages(cards: str) -> None:
    english, russian, ukrainian = HANDS[cards]
    hand = evaluate_high(CardSet.parse(cards))
    assert hand.describe() == english
    with use_language("ru"):
        assert hand.describe() == russian
    with use_language("uk"):
        assert hand.describe() == ukrainian


def test_lows_top_rows_and_showing_hands() -> None:
    low = evaluate_low(CardSet.parse("6c 4d 3h 2s Ac"))
    top = evaluate_top_row(parse_cards("Qs Qd 2c"))
    showing = evaluate_showing(parse_cards("9h 9c 2d"))
    assert low is not None
    assert (low.describe(), top.describe(), showing.describe()) == (
        "Six-four low",
        "Pair of queens, two kicker",
        "Pair of nines showing",
    )
    with use_language("ru"):
        assert (low.describe(), top.describe(), showing.describe()) == (
            "Лоу шестёрка-четвёрка",
            "Пара дам, кикер двойка",
            "Открыта пара девяток",
        )
    with use_language("uk"):
        assert evaluate_top_row(parse_cards("As Kd Qc")).describe() == "Старша карта, туз"
        assert evaluate_showing(parse_cards("Ks")).describe() == "Відкрито старшу карту: король"


def test_the_seeds_category_names() -> None:
    with use_language("ru"):
        names = [category_name(category) for category in Category]
    assert names == [
        "Старшая карта", "Пара", "Две пары", "Тройка (сет)", "Стрит", "Флеш", "Фулл-хаус",
        "Каре", "Стрит-флеш",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("count", "russian", "ukrainian"),
    [
        (1, "1 фишка", "1 фішка"),
        (2, "2 фишки", "2 фішки"),
        (5, "5 фишек", "5 фішок"),
        (11, "11 фишек", "11 фішок"),
        (21, "21 фишка", "21 фішка"),
        (1_000_000, "1\u00a0000\u00a0000 фишек", "1\u00a0000\u00a0000 фішок"),
    ],
)
def test_chips_take_the_plural_form_of_their_number(
    count: int, russian: str, ukrainian: str
) -> None:
    with use_language("ru"):
        assert chips_text(count) == russian
        assert counted(count, "chip") == russian
    with use_language("uk"):
        assert chips_text(count) == ukrainian
        assert counted(count, "chip") == ukrainian


def test_counted_hands_in_three_languages() -> None:
    assert [counted(n, "hand") for n in (1, 3, 1500)] == ["1 hand", "3 hands", "1500 hands"]
    with use_language("ru"):
        assert [counted(n, "hand") for n in (1, 3, 5, 22)] == [
            "1 раздача", "3 раздачи", "5 раздач", "22 раздачи",
        ]  # fmt: skip
    with use_language("uk"):
        assert counted(2, "more time bank") == "ще 2 тайм-банки"


def test_home_and_club_words_differ_only_where_seed_001_does() -> None:
    codes = ("fold", "check", "call", "bet", "raise", "bring_in", "complete", "all_in")
    with use_language("ru", "club"):
        club = [action_name(code) for code in codes]
    with use_language("ru", "home"):
        home = [action_name(code) for code in codes]
    assert club == ["Пас", "Чек", "Колл", "Бет", "Рэйз", "Бринг-ин", "Комплит", "Олл-ин"]
    assert home == ["Фолд", "Чек", "Колл", "Бет", "Рейз", "Бринг-ин", "Комплит", "Олл-ин"]


def test_game_names_and_betting_words_have_no_english_but_ofc() -> None:
    for language in ("ru", "uk"):
        with use_language(language):
            words = [game_name(code) for code in (*VARIANT_CODES, "ofc")]
            words += [limit_name(limit) for limit in ("no-limit", "pot-limit", "fixed-limit")]
            words += [profile_title(profile) for profile in ("home", "club", "sport")]
        assert not english_words(" / ".join(words)), words
    with use_language("ru"):
        assert game_name("holdem") == "Техасский холдем"
        assert game_name("stud") == "Семикарточный стад"  # seed 000: «Семикарточный стад-покер»
        assert game_name("draw") == "Пятикарточное дро"
    assert game_name("holdem") == "Texas Hold'em"


def test_card_errors_in_the_readers_language() -> None:
    from pokerroom.errors import CardError

    def said(text: str) -> str:
        with pytest.raises(CardError) as caught:
            CardSet.parse(text)
        return str(caught.value)

    assert said("Ah Xx").startswith("unknown card 'Xx' in 'Ah Xx': expected a rank")
    with use_language("ru"):
        assert said("Ah Xx").startswith("неизвестная карта 'Xx' в 'Ah Xx': нужно достоинство")
    with use_language("uk"):
        assert said("Ah Ah") == "карту Ah вказано двічі; у колоді кожна карта одна"
