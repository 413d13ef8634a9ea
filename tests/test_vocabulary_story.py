"""The hand log people read, in English (unchanged), Russian and Ukrainian: who acts,
who shows what, who wins with what, and the boards, in the table's vocabulary."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.cards import card_face, parse_cards
from pokerroom.deck import Deck
from pokerroom.engine import Action, Hand, HandConfig, Limit
from pokerroom.engine import events as ev
from pokerroom.engine.variants import VARIANTS
from pokerroom.i18n import use_language
from pokerroom.table.showdown import shown_hand_names, winning_hands
from pokerroom.table.story import Words, tell
from tests.english_words import english_words
from tests.test_engine_properties import configs

NAMES = ["Ann", "Bob", "Cat"]


def _events() -> list[ev.Event]:
    return [
        ev.PostBlind(0, 1),
        ev.PostBlind(1, 2),
        ev.BetRaise(2, 6),
        ev.Fold(0),
        ev.Call(1, 6),
        ev.DealBoard(tuple(parse_cards("Ah Kd 2c"))),
        ev.Check(1),
        ev.BetRaise(2, 10),
        ev.Call(1, 10),
        ev.DealBoard(tuple(parse_cards("7s"))),
        ev.Check(1),
        ev.Check(2),
        ev.DealBoard(tuple(parse_cards("9d"))),
        ev.Check(1),
        ev.Check(2),
        ev.Show(1, tuple(parse_cards("Ac Ad"))),
        ev.Muck(2),
        ev.Award(1, 34, 0, "all", 0),
    ]


WINNING = {(1, 0, "all", 0): "Three of a kind, aces"}


def test_the_english_hand_log_is_unchanged() -> None:
    story = tell(
        _events(),
        Words(NAMES, you=2),
        [100, 100, 100],
        hand_names={1: "Three of a kind, aces"},
        winning=WINNING,
    )
    assert story.lines == [
        "Ann posts 1",
        "Bob posts 2",
        "You raise to 6",
        "Ann folds",
        "Bob calls 6",
        "flop: Ah Kd 2c",
        "Bob checks",
        "You bet 10",
        "Bob calls 10",
        "turn: 7s",
        "Bob checks",
        "You check",
        "river: 9d",
        "Bob checks",
        "You check",
        "Bob shows Ac Ad: Three of a kind, aces",
        "You muck",
        "Bob wins 34 with three of a kind, aces",
    ]
    assert story.last_action == {0: "folds", 1: "wins 34", 2: "mucks"}


def test_the_hand_log_in_russian_club_words() -> None:
    with use_language("ru", "club"):
        winning = {(1, 0, "all", 0): "Тройка тузов"}
        story = tell(
            _events(),
            Words(NAMES, you=2),
            [100, 100, 100],
            hand_names={1: "Тройка тузов"},
            winning=winning,
        )
    assert story.lines == [
        "Ann: блайнд 1",
        "Bob: блайнд 2",
        "Вы: рэйз до 6",
        "Ann: пас",
        "Bob: колл 6",
        "Флоп: Ah Kd 2c",
        "Bob: чек",
        "Вы: бет 10",
        "Bob: колл 10",
        "Тёрн: 7s",
        "Bob: чек",
        "Вы: чек",
        "Ривер: 9d",
        "Bob: чек",
        "Вы: чек",
        "Bob открывает Ac Ad: Тройка тузов",
        "Вы: отбой",
        "Bob выигрывает 34: тройка тузов",
    ]
    assert story.last_action == {0: "пас", 1: "выигрыш 34", 2: "отбой"}


def test_the_home_game_folds_and_raises_in_its_own_words() -> None:
    with use_language("ru", "home"):
        story = tell(_events()[:4], Words(NAMES), [100, 100, 100])
    assert story.lines[2:] == ["Cat: рейз до 6", "Ann: фолд"]


def test_side_pots_boards_antes_and_all_ins_in_ukrainian() -> None:
    events: list[ev.Event] = [
        ev.PostAnte(0, 1),
        ev.PostAnte(1, 1),
        ev.PostAnte(2, 1),
        ev.BetRaise(0, 19),
        ev.Call(1, 19),
        ev.Call(2, 19),
        ev.DealBoard(tuple(parse_cards("Ah Kd 2c"))),
        ev.Award(1, 30, 1, "high", 0),
    ]
    with use_language("uk"):
        story = tell(events, Words(NAMES, you=1), [20, 50, 50])
    assert story.lines == [
        "усі ставлять анте 1",
        "Ann: бет 19 (олл-ін)",
        "Ви: колл 19",
        "Cat: колл 19",
        "Флоп: Ah Kd 2c",
        "Ви виграєте 30 (побічний банк 1, хай-половина)",
    ]
    assert story.last_action[0] == "олл-ін 19"


def test_every_line_of_a_hand_log_is_free_of_english_in_ru_and_uk() -> None:
    for language in ("ru", "uk"):
        for vocabulary in ("club", "home"):
            with use_language(language, vocabulary):
                story = tell(
                    _events(), Words(NAMES, you=0, card=card_face), [100, 100, 100], winning=WINNING
                )
            text = "\n".join([*story.lines, *story.last_action.values()])
            # the winning hand is worded by evaluate's describe() in the reader's language
            leftover = english_words(text.replace("three of a kind, aces", ""), allowed=NAMES)
            assert leftover == [], (language, vocabulary, leftover)


def test_who_wins_with_what_in_a_real_hand() -> None:
    """The engine's winners are worded when read: the same hand in English and Russian."""

    hand = Hand(HandConfig.holdem([100, 100], small_blind=1, big_blind=2), Deck(seed=4))
    while hand.phase == "bet":
        hand.check_or_call()
    assert hand.phase == "done"
    english = tell(
        hand.events,
        Words(["Ann", "Bob"], card=card_face),
        [100, 100],
        hand_names=shown_hand_names(hand),
        winning=winning_hands(hand),
    )
    assert " with " in english.lines[-1]
    with use_language("ru"):
        russian = tell(
            hand.events,
            Words(["Ann", "Bob"], card=card_face),
            [100, 100],
            hand_names=shown_hand_names(hand),
            winning=winning_hands(hand),
        )
    assert len(russian.lines) == len(english.lines)
    assert english_words("\n".join(russian.lines), allowed=["Ann", "Bob"]) == []
    assert "выигрывает" in russian.lines[-1]


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_random_hands_of_every_game_are_told_without_english(data: st.DataObject) -> None:

    variant = data.draw(st.sampled_from(list(VARIANTS.values())), label="variant")
    limit = data.draw(st.sampled_from(list(Limit)), label="limit")
    config = data.draw(configs(variant, limit), label="config")
    hand = Hand(config, Deck(seed=data.draw(st.integers(0, 2**32 - 1), label="seed")))
    while hand.phase in ("bet", "draw"):
        if hand.phase == "draw":
            hand.draw(list(hand.hole[hand.to_draw or 0][: data.draw(st.integers(0, 2))]))
            continue
        legal = hand.legal_actions()
        choice = data.draw(st.sampled_from(["call", "fold", "raise"]))
        if choice == "fold" and legal.fold:
            hand.act(Action.fold())
        elif choice == "raise" and legal.raise_min is not None:
            hand.act(Action.raise_to(legal.raise_min))
        else:
            hand.check_or_call()
    names = [f"P{seat}" for seat in range(hand.players)]
    for language in ("ru", "uk"):
        for vocabulary in ("club", "home"):
            with use_language(language, vocabulary):
                story = tell(
                    hand.events,
                    Words(names, you=0, card=card_face),
                    list(config.stacks),
                    boards=len(hand.boards),
                    hand_names=shown_hand_names(hand),
                    winning=winning_hands(hand),
                )
            text = "\n".join([*story.lines, *story.last_action.values()])
            assert english_words(text, allowed=names) == [], text
