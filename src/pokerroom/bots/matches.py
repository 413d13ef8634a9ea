"""Duplicate matches between two kinds of bot, as poker-AI researchers measure strength.

Card luck swamps skill over any number of hands a laptop can play, so every deal (one
seeded deck order) is played twice with the kinds swapped: what the first kind was dealt
in a seat, the second kind is dealt there on the replay. A kind that only held better
cards gains in one play what it loses in the other, and the sum over the pair measures
play alone. This is the duplicate format of the Annual Computer Poker Competition.

Seats: ``seats`` players sit round the table, even-numbered ones of the first kind and
odd-numbered ones of the second, so the kinds alternate (heads-up A B; 6-max A B A B A B).
Deal ``n`` is played with player ``(position + n) % seats`` at each engine position and
replayed with ``(position + n + 1) % seats``: every position changes kind on the replay
(ABABAB then BABABA), the players keep their order round the table, and the button moves
one player on with every deal. Every hand starts from 100 big blinds each (cash play),
so results add up hand by hand; bots keep what they learn about their opponents (by
name, through ``hand_over``) for the whole match.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from pokerroom.bots import BOTS
from pokerroom.bots.base import Bot, play_hand, tell_hand_over
from pokerroom.deck import Deck
from pokerroom.engine import VARIANTS, Hand, HandConfig
from pokerroom.table.series import usual_limit

BIG_BLIND = 2
"""Chips in a big blind (the small bet in fixed-limit); the room's home stakes are 1/2."""
STACK = 100 * BIG_BLIND
Z_95 = 1.959964
"""The two-sided 95 % point of the normal distribution."""


def match_config(game: str, seats: int) -> HandConfig:
    """One hand of ``game`` (a variant code) at the home series' stakes in its usual limit.

    Blinds 1/2; Stud antes 1 and brings in for 1 with bets of 2 and 4; the bomb pot antes 2.
    """
    variant = VARIANTS[game]
    stacks = [STACK] * seats
    limit = usual_limit(variant)
    if variant.stud:
        return HandConfig.stud(
            stacks,
            ante=1,
            bring_in=1,
            small_bet=BIG_BLIND,
            hi_lo=variant.showdown.splits_low,
            limit=limit,
        )
    if variant.boards > 1:
        return HandConfig.bomb_pot(stacks, ante=BIG_BLIND, limit=limit, min_bet=BIG_BLIND)
    return HandConfig.holdem(
        stacks, small_blind=1, big_blind=BIG_BLIND, variant=variant, limit=limit
    )


@dataclass(frozen=True, slots=True)
class Play:
    """One play of a deal: who sat at each engine position and the chips each won."""

    players: tuple[int, ...]
    """By position: the player (even: the first kind, odd: the second) sitting there."""
    won: tuple[int, ...]
    """By position: chips won (negative: lost) in the hand."""

    @property
    def firsts(self) -> tuple[bool, ...]:
        """By position: True where a player of the first kind sat."""
        return tuple(player % 2 == 0 for player in self.players)

    @property
    def first_won(self) -> int:
        """Chips the first kind won in this hand, over all its seats."""
        return sum(won for won, first in zip(self.won, self.firsts, strict=True) if first)


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal played both ways."""

    plays: tuple[Play, Play]

    @property
    def first_won(self) -> float:
        """Big blinds the first kind won per seat it held: its win rate over this deal."""
        seat_hands = sum(sum(play.firsts) for play in self.plays)
        return sum(play.first_won for play in self.plays) / BIG_BLIND / seat_hands


class DuplicateMatch:
    """Two kinds of bot (names in ``bots``, each made from a seed) playing deal after deal.

    The players are made once, so a bot that models its opponents keeps its models.
    """

    def __init__(
        self,
        first: str,
        second: str,
        *,
        game: str = "holdem",
        seats: int = 2,
        seed: int = 0,
        bots: Mapping[str, Callable[[int | None], Bot]] | None = None,
    ) -> None:
        bots = BOTS if bots is None else bots
        for kind in (first, second):
            if kind not in bots:
                raise ValueError(f"no bot named {kind!r}; bots are {', '.join(sorted(bots))}")
        if game not in VARIANTS:
            raise ValueError(f"no game {game!r}; games are {', '.join(VARIANTS)}")
        most = VARIANTS[game].max_players
        if seats % 2 or not 2 <= seats <= most:
            raise ValueError(
                f"a duplicate match of {game} seats an even number of players from 2 to {most} "
                f"(half of each kind), got {seats}"
            )
        self.game = game
        self.seed = seed
        kinds = [first if player % 2 == 0 else second for player in range(seats)]
        self.names = tuple(f"{kind} {player + 1}" for player, kind in enumerate(kinds))
        self.players = [bots[kind](seed * 1000 + player) for player, kind in enumerate(kinds)]
        self.config = match_config(game, seats)

    @property
    def seats(self) -> int:
        return len(self.players)

    def play_deal(self, number: int) -> Deal:
        """Deal ``number`` (its deck fixed by the match's seed and the number), played twice."""
        plays = (self._play(number, number), self._play(number, number + 1))
        return Deal(plays)

    def _play(self, number: int, shift: int) -> Play:
        order = [(position + shift) % self.seats for position in range(self.seats)]
        bots = {position: self.players[player] for position, player in enumerate(order)}
        names = [self.names[player] for player in order]
        hand = Hand(self.config, Deck(rng=random.Random(f"{self.seed}:{number}")))
        play_hand(hand, bots, names)
        if hand.phase != "done":
            raise RuntimeError(f"deal {number} stopped in its {hand.phase} phase")
        tell_hand_over(hand, bots, names)
        return Play(
            players=tuple(order),
            won=tuple(
                after - before
                for after, before in zip(hand.stacks, self.config.stacks, strict=True)
            ),
        )


@dataclass(frozen=True, slots=True)
class WinRate:
    """The first kind's win rate over a number of deals, with a 95 % interval.

    The deal (both its plays) is the unit of observation: its two hands are not
    independent, the deals are. The interval is the normal one, mean ± 1.96 standard
    errors, sound for the hundreds of deals a match plays.
    """

    bb_per_hand: float
    half_width: float
    """Half the 95 % interval, in big blinds per hand."""
    deals: int

    @property
    def hands(self) -> int:
        """Hands dealt: two per deal."""
        return 2 * self.deals

    @property
    def bb_per_100(self) -> float:
        return 100 * self.bb_per_hand

    @property
    def mbb_per_hand(self) -> float:
        """Thousandths of a big blind per hand, the unit of the research papers."""
        return 1000 * self.bb_per_hand

    @property
    def excludes_zero(self) -> bool:
        """The interval lies wholly above or below zero: the difference is real."""
        return abs(self.bb_per_hand) > self.half_width


def win_rate(per_deal: Sequence[float]) -> WinRate:
    """The mean of each deal's win rate (:attr:`Deal.first_won`) and its 95 % interval."""
    if len(per_deal) < 2:
        raise ValueError(f"a win rate needs at least 2 deals, got {len(per_deal)}")
    spread = statistics.stdev(per_deal) / math.sqrt(len(per_deal))
    return WinRate(statistics.fmean(per_deal), Z_95 * spread, len(per_deal))
