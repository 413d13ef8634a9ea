"""Ranks, suits and cards (C-1, C-2): small immutable values with one canonical text form.

A card has a dense index ``rank * 4 + suit`` (0..51) for arrays, and a bit
``1 << (suit * 16 + rank)`` for 64-bit card-set masks: each suit owns 16 bits,
so the ranks held in one suit are a 13-bit field the evaluators read directly.

>>> Card.parse("As")
Card.parse('As')
>>> [str(c) for c in parse_cards("A♠ 10♦ kh")]
['As', 'Td', 'Kh']
>>> Suit.SPADES > Suit.HEARTS > Suit.DIAMONDS > Suit.CLUBS
True
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import ClassVar

from pokerroom.errors import CardCountError, CardParseError, DuplicateCardError
from pokerroom.i18n import N_, gettext

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
_SUIT_SYMBOLS = {"♣": 0, "♧": 0, "♦": 1, "♢": 1, "♥": 2, "♡": 2, "♠": 3, "♤": 3}
_RANK_NAMES = (
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)  # fmt: skip
_RANK_PLURALS = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
    "nines", "tens", "jacks", "queens", "kings", "aces",
)  # fmt: skip
EXPECTED_CARD = N_(
    "a rank 2-9, T/10, J, Q, K, A followed by a suit s, h, d, c or ♠ ♥ ♦ ♣ (e.g. 'As', 'Td')"
)
_TOKEN = re.compile(r"(10|[2-9tjqka])([shdc♠♥♦♣♤♡♢♧])", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,;]+")


class Rank(enum.IntEnum):
    """Card ranks, deuce lowest; the ace is also low in the wheel straight (E-2)."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        return RANK_CHARS[self]

    @property
    def word(self) -> str:
        """English name, e.g. 'queen'."""
        return _RANK_NAMES[self]

    @property
    def plural(self) -> str:
        """English plural, e.g. 'sixes'."""
        return _RANK_PLURALS[self]


class Suit(enum.IntEnum):
    """Suits in the C-2 order clubs < diamonds < hearts < spades.

    The order never decides a pot; it only breaks ties for the button draw,
    the Stud bring-in and first actor, and chip races (C-2).
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        return SUIT_CHARS[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]


@dataclass(frozen=True, slots=True)
class Card:
    """One of the 52 cards of a standard deck (C-1). Instances are interned."""

    rank: Rank
    suit: Suit

    _ALL: ClassVar[tuple[Card, ...]]

    @property
    def index(self) -> int:
        """Dense index 0..51, ordered by rank then suit."""
        return self.rank * 4 + self.suit

    @property
    def bit(self) -> int:
        """This card's bit in a 64-bit card-set mask."""
        return 1 << (self.suit * 16 + self.rank)

    @staticmethod
    def from_index(index: int) -> Card:
        return Card._ALL[index]

    @staticmethod
    def parse(token: str) -> Card:
        """Read one card token such as ``As``, ``td``, ``10♦``."""
        cards = parse_cards(token)
        if len(cards) != 1:
            raise CardCountError(
                gettext(N_("expected exactly one card, got {count} in {token}")).format(
                    count=len(cards), token=repr(token)
                )
            )
        return cards[0]

    def __str__(self) -> str:
        return RANK_CHARS[self.rank] + SUIT_CHARS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


def card_face(card: Card) -> str:
    """The card as players read it on every screen, ``A♥``, ``T♠``: the rank and the suit's
    symbol, as the table page draws it (``static/cards.js``); ``str(card)`` is the token
    machines read (PHH, the protocol, saved hands).

    >>> card_face(Card.parse("Th"))
    'T♥'
    """
    return card.rank.char + card.suit.symbol


Card._ALL = tuple(Card(Rank(i // 4), Suit(i % 4)) for i in range(52))
ALL_CARDS: tuple[Card, ...] = Card._ALL
_BIT_TO_CARD = {card.bit: card for card in ALL_CARDS}


def card_from_bit(bit: int) -> Card:
    """The card whose mask bit is ``bit`` (a power of two)."""
    return _BIT_TO_CARD[bit]


def _tokens(text: str) -> Iterator[str]:
    for chunk in _SEPARATORS.split(text.strip()):
        position = 0
        while position < len(chunk):
            match = _TOKEN.match(chunk, position)
            if match is None:
                width = 3 if chunk.startswith("10", position) else 2
                bad = chunk[position : position + width]
                raise CardParseError(
                    gettext(N_("unknown card {bad} in {text}: expected {expected}")).format(
                        bad=repr(bad), text=repr(text), expected=gettext(EXPECTED_CARD)
                    )
                )
            yield match.group(0)
            position = match.end()


def _card_of(token: str) -> Card:
    rank_text, suit_text = token[:-1].upper(), token[-1]
    rank = 8 if rank_text == "10" else RANK_CHARS.index(rank_text)
    suit = _SUIT_SYMBOLS.get(suit_text)
    if suit is None:
        suit = SUIT_CHARS.index(suit_text.lower())
    return Card._ALL[rank * 4 + suit]


def parse_cards(text: str, *, count: int | None = None) -> list[Card]:
    """Read cards leniently: ``As Td``, ``AsTd``, ``A♠ 10♦``, ``as,td``.

    Raises a :class:`~pokerroom.errors.CardError` naming the bad token, a
    duplicate, or a count other than ``count``.

    >>> [str(c) for c in parse_cards("AsTd")]
    ['As', 'Td']
    >>> parse_cards("As Xx")
    Traceback (most recent call last):
    ...
    pokerroom.errors.CardParseError: unknown card 'Xx' in 'As Xx': expected a rank ...
    """
    cards = [_card_of(token) for token in _tokens(text)] if text.strip() else []
    ensure_distinct(cards)
    if count is not None and len(cards) != count:
        raise CardCountError(
            gettext(N_("expected {count} cards, got {got} in {text}")).format(
                count=count, got=len(cards), text=repr(text)
            )
        )
    return cards


def ensure_distinct(cards: Iterable[Card]) -> None:
    """Raise :class:`DuplicateCardError` if a card appears twice (one deck, C-1)."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise DuplicateCardError(
                gettext(N_("card {card} appears twice; each card exists once in the deck")).format(
                    card=card
                )
            )
        seen.add(card)


def format_cards(cards: Iterable[Card]) -> str:
    """The canonical text form: tokens separated by single spaces.

    >>> format_cards(parse_cards("ah 10h"))
    'Ah Th'
    """
    return " ".join(str(card) for card in cards)
