"""PokerStars' words for games, stakes, hands and times, as trackers expect to read them.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.engine.variants import HOLDEM
>>> hand_words(HOLDEM, parse_cards("As Ad"), parse_cards("Ks 9d 4c 4h 2s"))
'two pair, Aces and Fours'
>>> high_words(HighHand(HOLDEM.showdown.high(parse_cards("Ah 2d 3c 4s 5h"), [])))
'a straight, Ace to Five'
>>> roman(14)
'XIV'
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from pokerroom.cards import Card, Rank
from pokerroom.engine.variants import BOMB_POT, FIVE_CARD_DRAW, STUD, STUD_HILO, Limit, Variant
from pokerroom.errors import UsageError
from pokerroom.evaluate.categories import Category
from pokerroom.evaluate.high import HighHand
from pokerroom.evaluate.low import LowHand

_LIMITS = {Limit.NO_LIMIT: "No Limit", Limit.POT_LIMIT: "Pot Limit", Limit.FIXED_LIMIT: "Limit"}
_EASTERN = ZoneInfo("America/New_York")


def game_words(variant: Variant, limit: Limit) -> str:
    """The game as a PokerStars header names it: "Hold'em No Limit", "7 Card Stud Hi/Lo Limit"."""
    if variant.code == "holdem":
        game = "Hold'em"
    elif variant in (STUD, STUD_HILO):
        game = "7 Card Stud" + (" Hi/Lo" if variant.showdown.splits_low else "")
    elif variant == FIVE_CARD_DRAW:
        game = "5 Card Draw"
    elif variant.code.startswith("omaha") or variant == BOMB_POT:
        cards = variant.streets[0].hole
        game = ("" if cards == 4 else f"{cards} Card ") + "Omaha"
        game += " Hi/Lo" if variant.showdown.splits_low else ""
    else:
        raise UsageError(f"{variant.name} has no PokerStars hand-history format")
    return f"{game} {_LIMITS[limit]}"


def roman(number: int) -> str:
    """A tournament level as PokerStars numbers it (Level XIV)."""
    if number < 1:
        raise UsageError(f"a tournament level is 1 or more, got {number}")
    out = ""
    for value, letters in (
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ):
        count, number = divmod(number, value)
        out += letters * count
    return out


def time_words(moment: datetime) -> str:
    """UTC and, in brackets, Eastern time, as PokerStars writes both; naive means UTC."""
    utc = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    eastern = utc.astimezone(_EASTERN)
    return f"{utc:%Y/%m/%d %H:%M:%S} UTC [{eastern:%Y/%m/%d %H:%M:%S} ET]"


def _name(rank: Rank) -> str:
    return rank.word.capitalize()


def _names(rank: Rank) -> str:
    return rank.plural.capitalize()


def high_words(hand: HighHand) -> str:
    """A high hand in PokerStars' words: "a full house, Nines full of Fours"."""
    ranks, category = hand.ranks, hand.category
    top = ranks[0]
    match category:
        case Category.HIGH_CARD:
            return f"high card {_name(top)}"
        case Category.PAIR:
            return f"a pair of {_names(top)}"
        case Category.TWO_PAIR:
            return f"two pair, {_names(top)} and {_names(ranks[1])}"
        case Category.THREE_OF_A_KIND:
            return f"three of a kind, {_names(top)}"
        case Category.STRAIGHT:
            return f"a straight, {_straight(top)}"
        case Category.FLUSH:
            return f"a flush, {_name(top)} high"
        case Category.FULL_HOUSE:
            return f"a full house, {_names(top)} full of {_names(ranks[-1])}"
        case Category.FOUR_OF_A_KIND:
            return f"four of a kind, {_names(top)}"
    if top is Rank.ACE:
        return "a Royal Flush"
    return f"a straight flush, {_straight(top)}"


def _straight(top: Rank) -> str:
    """ "Five to Nine"; the wheel is "Ace to Five" (E-2)."""
    low_end = Rank.ACE if top is Rank.FIVE else Rank(top - 4)
    return f"{_name(low_end)} to {_name(top)}"


def low_words(low: LowHand) -> str:
    """An eight-or-better low as PokerStars lists it: "8,7,5,3,A"."""
    return ",".join(rank.char for rank in low.ranks)


def hand_words(variant: Variant, hole: Sequence[Card], board: Sequence[Card]) -> str:
    """A shown hand: the high hand, and in split games "HI: …; LO: …" (P-7)."""
    showdown = variant.showdown
    high = high_words(HighHand(showdown.high(hole, board)))
    if not showdown.splits_low:
        return high
    low = showdown.low(hole, board)
    return f"HI: {high}; LO: {low_words(LowHand(255 - low))}" if low else f"HI: {high}"
