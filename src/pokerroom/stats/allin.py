"""All-in-adjusted winnings: an all-in valued by each player's equity, not by the cards
that came.

When the betting ended before the last card with two or more players in, each of them is
credited his equity share of the pot (net of the rake) less what he put in; the run-out no
longer counts. A hand is valued only when every hand in the pot is known to the viewer (his
own from the deal, anyone else's only as shown at showdown, X-4), the pot is one pot (every
player in matched the same amount: side pots are left at their real result) and the game is
one the equity calculator plays (hold'em, Omaha, Omaha hi-lo). Otherwise the adjusted result
is the real one.

Equity is exact once a flop is out; before the flop it is a Monte Carlo sample of
:data:`PREFLOP_TRIALS` deals seeded by the cards (an exact preflop run takes a second),
the same answer every time, within about 1.6 % of the pot (one standard error); summed over
many all-ins the errors cancel.
"""

from __future__ import annotations

import zlib
from functools import lru_cache

from pokerroom.cardset import CardSet
from pokerroom.equity.calculator import Game, calculate_equity
from pokerroom.errors import PokerroomError
from pokerroom.stats.counting import Walk
from pokerroom.stats.reading import StatHand

PREFLOP_TRIALS = 1_000
"""Deals sampled for an all-in before the flop: a standard error under 1.6 % of the pot."""


def equity_game(variant: str) -> Game | None:
    """The equity calculator's game for a PHH variant code, None if it has none."""
    game = variant[1:]
    if game == "T":
        return Game.HOLDEM
    if game in ("O", "O5", "O6"):
        return Game.OMAHA
    if game in ("O/8", "O5/8", "O6/8"):
        return Game.OMAHA_HILO
    return None


def _known(hand: StatHand, player: int, viewer: int | None) -> str | None:
    """``player``'s cards as far as ``viewer`` may know them."""
    me = f"p{player + 1}"
    dealt = "".join(
        words[3] for words in map(str.split, hand.actions) if words[1] == "dh" and words[2] == me
    )
    if player == viewer:
        return dealt if "?" not in dealt else None
    for words in map(str.split, hand.actions):
        if words[0] == me and words[1] == "sm" and len(words) == 3:
            shown = dealt if words[2] == "-" else words[2]
            return shown if "?" not in shown else None
    return None


@lru_cache(maxsize=4096)
def equities(game: Game, hands: tuple[str, ...], board: str) -> tuple[float, ...]:
    """Each hand's share of the pot over the boards to come (memoised: ``cache_info()``
    counts the all-ins valued)."""
    trials = PREFLOP_TRIALS if not board else None
    seed = zlib.crc32(" ".join((*hands, board)).encode())
    result = calculate_equity(
        [CardSet.parse(cards) for cards in hands],
        board=CardSet.parse(board),
        game=game,
        trials=trials,
        seed=seed,
    )
    return tuple(h.equity for h in result.hands)


def adjusted_results(hand: StatHand, walked: Walk, viewer: int | None) -> tuple[float, ...] | None:
    """Each player's all-in-adjusted result, or None when the hand is valued as it fell."""
    board = walked.all_in_board
    game = equity_game(hand.variant)
    if board is None or game is None:
        return None
    lines = walked.lines
    in_hand = [p for p, folded in enumerate(walked.folded) if not folded]
    if len({lines[p].put_in for p in in_hand}) != 1:
        return None
    cards = [_known(hand, p, viewer) for p in in_hand]
    if any(c is None for c in cards):
        return None
    try:
        shares = equities(game, tuple(c or "" for c in cards), board)
    except PokerroomError:  # cards that do not fit the game: valued as it fell
        return None
    pot = sum(line.put_in for line in lines) - sum(hand.rake)
    adjusted = [float(line.result) for line in lines]
    for p, share in zip(in_hand, shares, strict=True):
        adjusted[p] = share * float(pot) - float(lines[p].put_in)
    return tuple(adjusted)
