"""The search behind the sensible OFC bot: boards as card-set masks, values and rollouts.

A board is three 64-bit masks (bottom, middle, top; see :mod:`pokerroom.cards`), so
a finished row is valued with one :func:`~pokerroom.evaluate.high_strength` call and
a few table reads. Every value is in points, as the settlement pays them: royalties
(O-6), a bonus for earning Fantasyland (O-4), a dead hand's loss (O-1, O-5) and a
row-strength term standing for the rows won against a typical opponent.

A three-card or first deal is planned by Monte Carlo: a cheap heuristic shortlists the
legal ways to set the deal, its best of each shape (how many cards go to each row), and
each is scored by completing the board many times from the unseen cards with a greedy
policy; candidates share their samples (common random numbers), so the comparison is
fair even with few of them. A Fantasyland hand (14 cards at once) is solved exactly,
over every arrangement.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from pokerroom.evaluate import Category, HighHand, high_strength
from pokerroom.evaluate.categories import WHEEL_MASK
from pokerroom.ofc.royalties import (
    BOTTOM_ROYAL_FLUSH,
    BOTTOM_ROYALTIES,
    MIDDLE_ROYAL_FLUSH,
    MIDDLE_ROYALTIES,
)

BOTTOM, MIDDLE, TOP = 0, 1, 2
SIZES = (5, 5, 3)  # O-1
FIRST_DEAL = 5  # O-2
BOARD_SIZE = 13
SUIT_FIELD = 0x1FFF
ROYAL_FLUSH = 7462  # the strongest strength of pokerroom.evaluate.high

FANTASY_BONUS = 9.0  # O-4: what 14 cards at once are worth on the next hand, roughly
FOUL_VALUE = -8.0  # O-1, O-5: all three rows and the scoop lost, royalties forfeited
ROW_WEIGHT = 1.0  # points for a row judged certain to win (2w - 1 with w = 1)

# By the number of deals still to come: how many options the heuristic shortlists, then
# rounds of (options kept, rollouts each) for the successive halving of plan_deal. The
# first deal decides the most, so it gets the most rollouts: one set of each shape (cards
# per row; 18 at most) it may take, so that play to the end settles where junk goes.
SEARCH: dict[int, tuple[int, tuple[tuple[int, int], ...]]] = {
    4: (18, ((18, 6), (6, 16), (2, 40))),
    3: (27, ((27, 3), (6, 8), (2, 12))),
    2: (27, ((27, 3), (6, 8), (2, 12))),
    1: (27, ((27, 6), (6, 14), (2, 20))),
}

Masks = tuple[int, int, int]
Placement = tuple[int, int]  # (card bit, row)
Plan = tuple[tuple[Placement, ...], int | None]

# -- keys: one integer order shared by finished rows, partial rows and the top ----------


def _pack(category: int, ranks: Sequence[int]) -> int:
    """Category and ranks (most significant first) as one integer; a missing rank is lowest.

    Ranks are stored plus one so that a top row's absent kickers sort below any card,
    the comparison O-1 makes between the top and the middle (E-9).
    """
    key = category
    for position in range(5):
        key = key << 4 | (ranks[position] + 1 if position < len(ranks) else 0)
    return key


def _category(key: int) -> int:
    return key >> 20


def _first_rank(key: int) -> int:
    return (key >> 16 & 15) - 1


_HANDS = [HighHand(strength) for strength in range(1, ROYAL_FLUSH + 1)]
STRENGTH_KEY = [0] + [_pack(hand.category, hand.ranks) for hand in _HANDS]
"""Strength (E-1 … E-3) → key; strengths and keys order five-card hands alike."""


def _descending(rank_mask: int) -> list[int]:
    ranks = []
    while rank_mask:
        rank = rank_mask.bit_length() - 1
        ranks.append(rank)
        rank_mask ^= 1 << rank
    return ranks


def count_key(mask: int) -> int:
    """Key of up to five cards by their rank groups alone (no straights or flushes)."""
    a, b = mask & SUIT_FIELD, mask >> 16 & SUIT_FIELD
    c, d = mask >> 32 & SUIT_FIELD, mask >> 48 & SUIT_FIELD
    two = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    three = (a & b & (c | d)) | (c & d & (a | b))
    four = a & b & c & d
    trips, pairs, singles = three & ~four, two & ~three, (a | b | c | d) & ~two
    pair_ranks = _descending(pairs)
    if four:
        category = Category.FOUR_OF_A_KIND
    elif trips:
        category = Category.FULL_HOUSE if pairs else Category.THREE_OF_A_KIND
    else:
        category = (Category.HIGH_CARD, Category.PAIR, Category.TWO_PAIR)[len(pair_ranks)]
    ranks = _descending(four) + _descending(trips) + pair_ranks + _descending(singles)
    return _pack(category, ranks)


# -- how strong a row is: a rough chance to win it against a typical opponent --------------

_WIN = {
    BOTTOM: (0.0, 0.03, 0.15, 0.4, 0.55, 0.7, 0.85, 0.97, 0.995, 1.0),
    MIDDLE: (0.0, 0.1, 0.5, 0.75, 0.85, 0.92, 0.96, 0.99, 0.998, 1.0),
    TOP: (0.0, 0.3, 0.95, 0.95, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0),
}
"""Per row, the win chance at the bottom of each category (and 1.0 past the last)."""


def win_chance(row: int, key: int) -> float:
    """Chance to win ``row`` with a hand of this key, interpolated by its first rank."""
    category, rank = _category(key), max(_first_rank(key), 0)
    low, high = _WIN[row][category], _WIN[row][category + 1]
    return low + (high - low) * rank / 12


def _strength_term(row: int, key: int) -> float:
    return ROW_WEIGHT * (2 * win_chance(row, key) - 1)


# -- royalties (O-6) and the exact value of finished rows ------------------------------


def _five_card_royalty(row: int, strength: int) -> int:
    """O-6 royalty of a finished bottom or middle row (royal flush 25 / 50)."""
    if strength == ROYAL_FLUSH:
        return BOTTOM_ROYAL_FLUSH if row == BOTTOM else MIDDLE_ROYAL_FLUSH
    table = BOTTOM_ROYALTIES if row == BOTTOM else MIDDLE_ROYALTIES
    return table.get(_HANDS[strength - 1].category, 0)


def top_royalty(key: int) -> int:
    """O-6 top row: 66 = 1 … AA = 9; 222 = 10 … AAA = 22."""
    category, rank = _category(key), _first_rank(key)
    if category == Category.THREE_OF_A_KIND:
        return 10 + rank
    if category == Category.PAIR and rank >= 4:
        return rank - 3
    return 0


def earns_entry(top_key: int) -> bool:
    """O-4: QQ or better on top of a live hand earns Fantasyland."""
    category = _category(top_key)
    return category == Category.THREE_OF_A_KIND or (
        category == Category.PAIR and _first_rank(top_key) >= 10
    )


def _row_values(row: int) -> list[float]:
    return [0.0] + [
        _five_card_royalty(row, s) + _strength_term(row, STRENGTH_KEY[s])
        for s in range(1, ROYAL_FLUSH + 1)
    ]


BOTTOM_VALUE, MIDDLE_VALUE = _row_values(BOTTOM), _row_values(MIDDLE)


@functools.cache
def top_key_value(mask: int) -> tuple[int, float]:
    """Key and value of a finished top row, the Fantasyland bonus included (O-4, O-6)."""
    key = count_key(mask)
    bonus = FANTASY_BONUS if earns_entry(key) else 0.0
    return key, top_royalty(key) + _strength_term(TOP, key) + bonus


def final_value(bottom: int, middle: int, top: int) -> float:
    """Exact value of a finished board in a normal hand; a dead hand scores FOUL_VALUE (O-1)."""
    strength_bottom, strength_middle = high_strength(bottom), high_strength(middle)
    top_key, top_value = top_key_value(top)
    if strength_middle > strength_bottom or top_key > STRENGTH_KEY[strength_middle]:
        return FOUL_VALUE
    return BOTTOM_VALUE[strength_bottom] + MIDDLE_VALUE[strength_middle] + top_value


# -- the heuristic for unfinished boards --------------------------------------------------

FLUSH_CHANCE = (0.0, 0.0, 0.08, 0.25, 0.5)  # by cards already suited, five needed
STRAIGHT_CHANCE = (0.0, 0.0, 0.0, 0.15, 0.35)  # by cards inside one five-rank window
PAIR_UP_CHANCE = 0.08  # per open place, for a lone top card to find its pair
IMPROVE_PER_SLOT = 0.03  # win chance gained by each open place of a five-card row
# A row's final strength on the scale category + rank / 13, as a normal guess: its hand
# now, plus per open place this gain (by the category held) and this spread.
SLOT_GAIN = (0.35, 0.25, 0.15, 0.15, 0.1, 0.1, 0.1, 0.05, 0.0, 0.0)
SLOT_SPREAD = 0.35
TOP_SLOT_GAIN = 0.05
TOP_SLOT_SPREAD = 0.2
_WINDOWS = (*(0b11111 << low for low in range(9)), WHEEL_MASK)  # E-2: the wheel too

RowGuess = tuple[float, int, float, float]


@functools.lru_cache(maxsize=1 << 18)
def row_estimate(row: int, mask: int) -> RowGuess:
    """(value, key, mean, variance) of one row: exact when full, a guess when not.

    An unfinished row is valued as the hand it holds now plus what its open places and
    its flush or straight draw may add. Mean and variance guess its final strength on
    the scale category + rank / 13, for the fouling chance (O-1).
    """
    count = mask.bit_count()
    free = SIZES[row] - count
    if free == 0:
        if row == TOP:
            key, value = top_key_value(mask)
            return value, key, _scale(key), 0.0
        strength = high_strength(mask)
        key = STRENGTH_KEY[strength]
        value = (BOTTOM_VALUE if row == BOTTOM else MIDDLE_VALUE)[strength]
        return value, key, _scale(key), 0.0
    key = count_key(mask)
    category, rank = _category(key), _first_rank(key)
    if row == TOP:
        mean, variance = _scale(key) + TOP_SLOT_GAIN * free, TOP_SLOT_SPREAD**2 * free
        if category == Category.PAIR:
            bonus = FANTASY_BONUS if earns_entry(key) else 0.0
            return top_royalty(key) + _strength_term(TOP, key) + bonus, key, mean, variance
        if count == 0:
            return 0.0, key, mean, variance
        pair = _pack(Category.PAIR, (rank,))
        pair_bonus = (top_royalty(pair) + (FANTASY_BONUS if earns_entry(pair) else 0.0)) * (
            PAIR_UP_CHANCE * free
        )
        return _strength_term(TOP, key) + pair_bonus, key, mean, variance
    mean = _scale(key) + SLOT_GAIN[category] * free
    variance = SLOT_SPREAD**2 * free
    if count == 0:
        return 0.0, key, mean, variance
    win = min(win_chance(row, key) + IMPROVE_PER_SLOT * free, 1.0)
    royalty = (BOTTOM_ROYALTIES if row == BOTTOM else MIDDLE_ROYALTIES).get(Category(category), 0)
    value = royalty + ROW_WEIGHT * (2 * win - 1)
    if count >= 2 and category == Category.HIGH_CARD:
        suits = max((mask >> shift & SUIT_FIELD).bit_count() for shift in (0, 16, 32, 48))
        if suits == count:
            flush = _pack(Category.FLUSH, (rank,))
            gain = (4 if row == BOTTOM else 8) + _strength_term(row, flush) - value
            value += FLUSH_CHANCE[count] * gain
        ranks = (mask | mask >> 16 | mask >> 32 | mask >> 48) & SUIT_FIELD
        if any(ranks & ~window == 0 for window in _WINDOWS):
            straight = _pack(Category.STRAIGHT, (rank,))
            gain = (2 if row == BOTTOM else 4) + _strength_term(row, straight) - value
            value += STRAIGHT_CHANCE[count] * gain
    return value, key, mean, variance


def _scale(key: int) -> float:
    return _category(key) + (_first_rank(key) + 1) / 13


def live_chance(upper: RowGuess, lower: RowGuess) -> float:
    """Chance that the row above does not end stronger than the row below it (O-1).

    Rows only get stronger: a finished row already beaten is dead, and a finished
    upper row that is not ahead never will be.
    """
    _, key_u, mean_u, variance_u = upper
    _, key_l, mean_l, variance_l = lower
    if key_u > key_l:
        if variance_l == 0.0:
            return 0.0
    elif variance_u == 0.0:
        return 1.0
    return 0.5 - 0.5 * math.erf((mean_u - mean_l) / math.sqrt(2 * (variance_u + variance_l)))


def estimate(bottom: int, middle: int, top: int) -> float:
    """Heuristic value of an unfinished board: its rows if it stays live, else a foul."""
    guess_b = row_estimate(BOTTOM, bottom)
    guess_m = row_estimate(MIDDLE, middle)
    guess_t = row_estimate(TOP, top)
    live = live_chance(guess_m, guess_b) * live_chance(guess_t, guess_m)
    return live * (guess_b[0] + guess_m[0] + guess_t[0]) + (1.0 - live) * FOUL_VALUE


# -- candidate placements -------------------------------------------------------------------


def _place(board: Masks, row: int, bit: int) -> Masks:
    rows = list(board)
    rows[row] |= bit
    return rows[0], rows[1], rows[2]


def _open_rows(board: Masks) -> list[int]:
    return [row for row in (BOTTOM, MIDDLE, TOP) if board[row].bit_count() < SIZES[row]]


def placements(board: Masks, cards: Sequence[int]) -> list[tuple[tuple[Placement, ...], Masks]]:
    """Every way to set ``cards`` on the open places of ``board``, each with its result."""
    results: list[tuple[tuple[Placement, ...], Masks]] = [((), board)]
    for bit in cards:
        results = [
            ((*done, (bit, row)), _place(after, row, bit))
            for done, after in results
            for row in _open_rows(after)
        ]
    return results


def deal_options(board: Masks, cards: Sequence[int]) -> list[tuple[Plan, Masks]]:
    """O-2: the first deal sets all five; a later deal sets two and discards one."""
    if len(cards) != 3:
        return [((done, None), after) for done, after in placements(board, cards)]
    options: list[tuple[Plan, Masks]] = []
    for discard in cards:
        kept = [bit for bit in cards if bit != discard]
        options += [((done, discard), after) for done, after in placements(board, kept)]
    return options


# -- rollouts -----------------------------------------------------------------------------


_PAIRS = {
    free: [
        tuple((to_x == row) + 2 * (to_y == row) for row in (BOTTOM, MIDDLE, TOP))
        for to_x in (BOTTOM, MIDDLE, TOP)
        for to_y in (BOTTOM, MIDDLE, TOP)
        if free[to_x] and free[to_y] > (to_x == to_y)
    ]
    for free in itertools.product(range(3), repeat=3)
}
"""Open places per row (0, 1, or 2 for more) → each way to set a deal's two kept cards
x and y, as what each row gets: 0 nothing, 1 x, 2 y, 3 both."""


def _free(board: Masks, row: int) -> int:
    return SIZES[row] - board[row].bit_count()


def _best(
    board: Masks, cards: Sequence[int], judge: Callable[[int, int, int], float]
) -> tuple[float, Masks]:
    """The best board, and its value by ``judge``, after setting two of ``cards``."""
    bottom, middle, top = board
    ways = _PAIRS[
        min(_free(board, BOTTOM), 2), min(_free(board, MIDDLE), 2), min(_free(board, TOP), 2)
    ]
    best_value, best = float("-inf"), board
    for discard in cards:
        x, y = (bit for bit in cards if bit != discard)
        with_b = (bottom, bottom | x, bottom | y, bottom | x | y)
        with_m = (middle, middle | x, middle | y, middle | x | y)
        with_t = (top, top | x, top | y, top | x | y)
        for get_b, get_m, get_t in ways:
            new = with_b[get_b], with_m[get_m], with_t[get_t]
            value = judge(*new)
            if value > best_value:
                best_value, best = value, new
    return best_value, best


def rollout(board: Masks, future: Sequence[int]) -> float:
    """Value of completing ``board`` with the deals in ``future`` (three cards each)."""
    for start in range(0, len(future) - 3, 3):
        board = _best(board, future[start : start + 3], estimate)[1]  # the heuristic's pick
    return _best(board, future[-3:], final_value)[0]  # the last deal, exactly


def _shape(board: Masks) -> tuple[int, int, int]:
    """Cards per row: bottom, middle, top."""
    return board[BOTTOM].bit_count(), board[MIDDLE].bit_count(), board[TOP].bit_count()


def _leaves_room(board: Masks) -> bool:
    """Whether a first five leaves each row of five room to improve, as a player sets it.

    A row of five given four or five cards must already hold a pair or better, or a
    flush or straight draw. Junk set otherwise fills the row before it can become
    anything: piled on the middle it can never win, and the rollouts, whose greedy
    play fills rows carelessly, underrate that loss. A weak top is no such loss: it
    is what keeps the hand from fouling.
    """
    return all(
        board[row].bit_count() < SIZES[row] - 1 or _made(board[row]) or _drawing(board[row])
        for row in (BOTTOM, MIDDLE)
    )


def _made(mask: int) -> bool:
    return _category(count_key(mask)) >= Category.PAIR


def _drawing(mask: int) -> bool:
    """All of one suit, or all within one straight's five ranks (E-2, the wheel too)."""
    suits = [mask >> shift & SUIT_FIELD for shift in (0, 16, 32, 48)]
    ranks = suits[0] | suits[1] | suits[2] | suits[3]
    return max(suit.bit_count() for suit in suits) == mask.bit_count() or any(
        ranks & ~window == 0 for window in _WINDOWS
    )


def _shortlist(options: list[tuple[Plan, Masks]], size: int) -> list[tuple[Plan, Masks]]:
    """The heuristic's best option of every shape (cards per row) first, then its best others.

    The heuristic judges which cards go together better than how many go to each row:
    its fouling guess treats the open places as filled at random, not with care, so
    alone it would pile a junk first five onto the middle row, which then cannot
    foul but seldom wins. Each shape therefore sends its best set to the rollouts,
    where play to the end decides between them.
    """
    ranked = sorted(options, key=lambda option: estimate(*option[1]), reverse=True)
    leaders: dict[tuple[int, int, int], int] = {}
    for index, (_, after) in enumerate(ranked):
        leaders.setdefault(_shape(after), index)
    first = sorted(leaders.values())[:size]
    taken = set(first)
    rest = [index for index in range(len(ranked)) if index not in taken]
    return [ranked[index] for index in first + rest[: size - len(first)]]


def plan_deal(
    board: Masks, cards: Sequence[int], unseen: Sequence[int], rng: random.Random
) -> Plan:
    """The best way to set this deal, by expected value over sampled completions.

    Successive halving: every shortlisted option gets a few rollouts, the better ones
    more, so most samples go where the choice is close. The survivors of a round share
    its samples (common random numbers).
    """
    options = deal_options(board, cards)
    slots_after = BOARD_SIZE - sum(row.bit_count() for row in options[0][1])
    deals_left = slots_after // 2
    if deals_left == 0:
        return max(options, key=lambda option: final_value(*option[1]))[0]
    if len(cards) == FIRST_DEAL:
        options = [option for option in options if _leaves_room(option[1])]
    shortlist, schedule = SEARCH[deals_left]
    chosen = _shortlist(options, shortlist)
    candidates = [(0.0, -rank, option) for rank, option in enumerate(chosen)]
    for keep, rollouts in schedule:
        candidates = sorted(candidates, reverse=True)[:keep]
        futures = [rng.sample(unseen, 3 * deals_left) for _ in range(rollouts)]
        candidates = [
            (total + sum(rollout(option[1], future) for future in futures), rank, option)
            for total, rank, option in candidates
        ]
    return max(candidates)[2][0]


# -- Fantasyland: 13 of 14 cards at once -----------------------------------------------------

FANTASY_CARDS = 14  # O-4: 13 set, one discarded
REPEAT_BONUS = FANTASY_BONUS  # O-4: trips on top or quads or better on the bottom
IntArray = npt.NDArray[np.int32]


@functools.cache
def _arrangements() -> tuple[IntArray, IntArray, IntArray]:
    """Every split of 14 places into bottom 5, middle 5 and top 3, the last one discarded.

    Rows index the five-place and three-place subsets in ``itertools.combinations``
    order: 252,252 bottom–middle pairs, each with its four possible tops.
    """
    places = range(FANTASY_CARDS)
    fives = np.array([sum(1 << i for i in c) for c in itertools.combinations(places, 5)])
    threes = [sum(1 << i for i in c) for c in itertools.combinations(places, 3)]
    top_index = np.zeros(1 << FANTASY_CARDS, dtype=np.int32)
    top_index[threes] = np.arange(len(threes))
    bottom, middle = np.nonzero(fives[:, None] & fives[None, :] == 0)
    rest = (1 << FANTASY_CARDS) - 1 - fives[bottom] - fives[middle]
    tops, remaining = [], rest
    for _ in range(FANTASY_CARDS - 10):  # the four places left by bottom and middle
        low = remaining & -remaining
        tops.append(top_index[rest ^ low])
        remaining = remaining ^ low
    return bottom.astype(np.int32), middle.astype(np.int32), np.stack(tops, axis=1)


def plan_fantasy(cards: Sequence[int]) -> Plan:
    """O-4: the live arrangement of 13 of the 14 cards worth the most, found exhaustively.

    Values count royalties, row strength and the bonus for repeating Fantasyland
    (trips on top, quads or better on the bottom); all 1,009,008 arrangements are
    scored at once with numpy.
    """
    fives = [sum(combo) for combo in itertools.combinations(cards, 5)]
    strength = np.array([high_strength(mask) for mask in fives])
    quads = np.array([_HANDS[s - 1].category >= Category.FOUR_OF_A_KIND for s in strength])
    value_b = np.array([BOTTOM_VALUE[s] for s in strength]) + REPEAT_BONUS * quads
    value_m = np.array([MIDDLE_VALUE[s] for s in strength])
    key_m = np.array([STRENGTH_KEY[s] for s in strength])
    threes = [sum(combo) for combo in itertools.combinations(cards, 3)]
    key_t = np.array([count_key(mask) for mask in threes])
    value_t = np.array(
        [top_royalty(key) + _strength_term(TOP, key) for key in key_t.tolist()]
    ) + REPEAT_BONUS * (key_t >> 20 == Category.THREE_OF_A_KIND)
    bottom, middle, tops = _arrangements()
    live = (strength[middle] <= strength[bottom])[:, None] & (key_t[tops] <= key_m[middle, None])
    total = np.where(live, (value_b[bottom] + value_m[middle])[:, None] + value_t[tops], -np.inf)
    pair, choice = np.unravel_index(int(np.argmax(total)), total.shape)  # a live one exists
    rows = (fives[bottom[pair]], fives[middle[pair]], threes[tops[pair, choice]])
    done = tuple((bit, row) for row, mask in enumerate(rows) for bit in _bits(mask))
    (discard,) = (bit for bit in cards if not bit & sum(rows))
    return done, discard


def _bits(mask: int) -> list[int]:
    """The single-card bits of ``mask``, lowest first."""
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low)
        mask ^= low
    return bits
