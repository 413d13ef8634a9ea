"""Hands in words for people, in their language and the rule books' names (E-1).

Only the ``describe`` functions come here; evaluating a hand never does. Russian and
Ukrainian put rank words in different cases ("Пара тузов", "Стрит до короля",
"Две пары, короли и четвёрки"), so each category has its own message and asks for the
rank word in the case it needs: :func:`rank_word` by ``case``.

>>> from pokerroom.i18n import use_language
>>> describe_high(Category.FULL_HOUSE, (Rank.KING, Rank.FIVE))
'Full house, kings full of fives'
>>> with use_language("ru"):
...     describe_high(Category.PAIR, (Rank.ACE,)), describe_high(Category.STRAIGHT, (Rank.KING,))
('Пара тузов', 'Стрит до короля')
>>> with use_language("uk"):
...     describe_high(Category.FOUR_OF_A_KIND, (Rank.QUEEN,))
'Каре дам'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pokerroom.cards import Rank
from pokerroom.evaluate.categories import Category
from pokerroom.i18n import N_, gettext, pgettext

Case = Literal["one", "of one", "many", "of many"]
"""A rank word's case: "ace" (nominative), "of an ace" ("до туза"), "aces" (nominative
plural), "of aces" ("Пара тузов")."""

CATEGORY_NAMES = {
    Category.HIGH_CARD: N_("High card"),
    Category.PAIR: N_("Pair"),
    Category.TWO_PAIR: N_("Two pair"),
    Category.THREE_OF_A_KIND: N_("Three of a kind"),
    Category.STRAIGHT: N_("Straight"),
    Category.FLUSH: N_("Flush"),
    Category.FULL_HOUSE: N_("Full house"),
    Category.FOUR_OF_A_KIND: N_("Four of a kind"),
    Category.STRAIGHT_FLUSH: N_("Straight flush"),
}
"""Each category's name as the seeds write it: «Тройка (сет)», «Фулл-хаус», «Каре»."""
ROYAL_FLUSH = N_("Royal flush")


def category_name(category: Category) -> str:
    """The name people read for ``category``: "Full house", «Фулл-хаус»."""
    return gettext(CATEGORY_NAMES[category])


def _one() -> tuple[str, ...]:
    return (
        pgettext("rank", "two"), pgettext("rank", "three"), pgettext("rank", "four"),
        pgettext("rank", "five"), pgettext("rank", "six"), pgettext("rank", "seven"),
        pgettext("rank", "eight"), pgettext("rank", "nine"), pgettext("rank", "ten"),
        pgettext("rank", "jack"), pgettext("rank", "queen"), pgettext("rank", "king"),
        pgettext("rank", "ace"),
    )  # fmt: skip


def _of_one() -> tuple[str, ...]:
    return (
        pgettext("rank genitive", "two"), pgettext("rank genitive", "three"),
        pgettext("rank genitive", "four"), pgettext("rank genitive", "five"),
        pgettext("rank genitive", "six"), pgettext("rank genitive", "seven"),
        pgettext("rank genitive", "eight"), pgettext("rank genitive", "nine"),
        pgettext("rank genitive", "ten"), pgettext("rank genitive", "jack"),
        pgettext("rank genitive", "queen"), pgettext("rank genitive", "king"),
        pgettext("rank genitive", "ace"),
    )  # fmt: skip


def _many() -> tuple[str, ...]:
    return (
        pgettext("rank plural", "twos"), pgettext("rank plural", "threes"),
        pgettext("rank plural", "fours"), pgettext("rank plural", "fives"),
        pgettext("rank plural", "sixes"), pgettext("rank plural", "sevens"),
        pgettext("rank plural", "eights"), pgettext("rank plural", "nines"),
        pgettext("rank plural", "tens"), pgettext("rank plural", "jacks"),
        pgettext("rank plural", "queens"), pgettext("rank plural", "kings"),
        pgettext("rank plural", "aces"),
    )  # fmt: skip


def _of_many() -> tuple[str, ...]:
    return (
        pgettext("rank plural genitive", "twos"), pgettext("rank plural genitive", "threes"),
        pgettext("rank plural genitive", "fours"), pgettext("rank plural genitive", "fives"),
        pgettext("rank plural genitive", "sixes"), pgettext("rank plural genitive", "sevens"),
        pgettext("rank plural genitive", "eights"), pgettext("rank plural genitive", "nines"),
        pgettext("rank plural genitive", "tens"), pgettext("rank plural genitive", "jacks"),
        pgettext("rank plural genitive", "queens"), pgettext("rank plural genitive", "kings"),
        pgettext("rank plural genitive", "aces"),
    )  # fmt: skip


_CASES: dict[Case, Callable[[], tuple[str, ...]]] = {
    "one": _one,
    "of one": _of_one,
    "many": _many,
    "of many": _of_many,
}


def rank_word(rank: Rank, case: Case = "one") -> str:
    """``rank`` in words, in ``case``: "king"; «короля» for "of one", «королей» for "of many".

    >>> rank_word(Rank.KING, "many")
    'kings'
    """
    return _CASES[case]()[rank]


def suit_name(suit: int) -> str:
    """A suit's name for people (0 clubs … 3 spades, as :class:`pokerroom.cards.Suit`):
    «трефы», «бубны», «черви», «пики» (seed 000)."""
    names = (
        pgettext("suit", "clubs"),
        pgettext("suit", "diamonds"),
        pgettext("suit", "hearts"),
        pgettext("suit", "spades"),
    )
    return names[suit]


def sentence(text: str) -> str:
    """``text`` with a capital first letter: the messages start with a rank word in some
    languages and not in others."""
    return text[:1].upper() + text[1:]


def describe_high(category: Category, ranks: tuple[Rank, ...]) -> str:
    """A high hand in words given its category and defining ranks (E-1)."""
    first, last = ranks[0], ranks[-1]
    top = rank_word(first, "of one")
    match category:
        case Category.STRAIGHT_FLUSH if first is Rank.ACE:
            text = gettext(ROYAL_FLUSH)
        case Category.STRAIGHT_FLUSH:
            text = gettext(N_("Straight flush, {rank}-high")).format(
                rank=rank_word(first, "of one")
            )
        case Category.FLUSH:
            text = gettext(N_("Flush, {rank}-high")).format(rank=top)
        case Category.STRAIGHT:
            text = gettext(N_("Straight, {rank}-high")).format(rank=top)
        case Category.FULL_HOUSE:
            text = gettext(N_("Full house, {trips} full of {pair}")).format(
                trips=rank_word(first, "many"), pair=rank_word(last, "many")
            )
        case Category.TWO_PAIR:
            text = gettext(N_("Two pair, {first} and {second}")).format(
                first=rank_word(first, "many"), second=rank_word(ranks[1], "many")
            )
        case Category.HIGH_CARD:
            text = gettext(N_("High card, {rank}")).format(rank=rank_word(first))
        case Category.PAIR:
            text = gettext(N_("Pair, {ranks}")).format(ranks=rank_word(first, "of many"))
        case Category.THREE_OF_A_KIND:
            text = gettext(N_("Three of a kind, {ranks}")).format(ranks=rank_word(first, "of many"))
        case _:
            text = gettext(N_("Four of a kind, {ranks}")).format(ranks=rank_word(first, "of many"))
    return sentence(text)


_LOW_RANKS = (
    Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT,
)  # fmt: skip


def describe_low(high: int, second: int) -> str:
    """An eight-or-better low by its two highest cards (bits 0 = ace … 7 = eight): "Six-four
    low", «Лоу: шестёрка-четвёрка»."""
    return sentence(
        gettext(N_("{high}-{second} low")).format(
            high=rank_word(_LOW_RANKS[high]), second=rank_word(_LOW_RANKS[second])
        )
    )


def describe_top_row(category: Category, ranks: tuple[Rank, ...]) -> str:
    """An OFC top row (E-9): trips, a pair with its kicker, or a high card."""
    first = ranks[0]
    if category is Category.THREE_OF_A_KIND:
        text = gettext(N_("Three of a kind, {ranks}")).format(ranks=rank_word(first, "of many"))
    elif category is Category.PAIR:
        text = gettext(N_("Pair of {ranks}, {kicker} kicker")).format(
            ranks=rank_word(first, "of many"), kicker=rank_word(ranks[1])
        )
    else:
        text = gettext(N_("High card, {rank}")).format(rank=rank_word(first))
    return sentence(text)


def describe_showing(category: Category, ranks: tuple[Rank, ...]) -> str:
    """Stud up cards that decide who acts first (E-8): "Pair of nines showing"."""
    first = ranks[0]
    match category:
        case Category.HIGH_CARD:
            text = gettext(N_("{rank}-high showing")).format(rank=rank_word(first))
        case Category.PAIR:
            text = gettext(N_("Pair of {ranks} showing")).format(ranks=rank_word(first, "of many"))
        case Category.TWO_PAIR:
            text = gettext(N_("Two pair, {first} and {second} showing")).format(
                first=rank_word(first, "many"), second=rank_word(ranks[1], "many")
            )
        case Category.THREE_OF_A_KIND:
            text = gettext(N_("Three {ranks} showing")).format(ranks=rank_word(first, "of many"))
        case _:
            text = gettext(N_("Four {ranks} showing")).format(ranks=rank_word(first, "of many"))
    return sentence(text)
