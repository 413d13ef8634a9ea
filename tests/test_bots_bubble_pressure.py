"""The tournament bot tightens near the bubble: BotPlayers turns the run's standing into
each tournament bot's pressure (issue 11 item 10)."""

from __future__ import annotations

import random

from pokerroom.bots.tournament_bot import TournamentBot
from pokerroom.bots.tournament_players import BotPlayers
from pokerroom.deck import Deck
from pokerroom.engine import HOLDEM, Hand, HandConfig, Limit
from pokerroom.tournament.standing import Standing


def _hand(stacks: tuple[int, ...]) -> Hand:
    config = HandConfig(
        variant=HOLDEM, limit=Limit.NO_LIMIT, stacks=stacks, min_bet=100, blinds=(50, 100, 0)
    )
    return Hand(config, Deck(rng=random.Random(4)))


def test_tournament_bots_feel_the_bubble_the_big_stack_half_of_it() -> None:
    """On the bubble a short stack plays at full pressure, the chip leader at half."""
    players = ["a", "b", "c"]
    seats = BotPlayers(["tournament"], players, seed=1)
    seats.see_standing(Standing(11, 10, 2_000, hand_for_hand=True))
    seats(_hand((1_000, 1_500, 5_000)), players)
    bots = [seats._bot(p) for p in players]
    assert all(isinstance(bot, TournamentBot) for bot in bots)
    assert [getattr(bot, "pressure", None) for bot in bots] == [1.0, 1.0, 0.5]
    seats.see_standing(Standing(40, 10, 2_000, hand_for_hand=False))
    seats(_hand((1_000, 1_500, 5_000)), players)
    assert [getattr(bot, "pressure", None) for bot in bots] == [0.0, 0.0, 0.0]


def test_tighter_on_the_bubble_pushes_fewer_hands() -> None:
    """The pressure the bubble gives narrows the bot's push range (it was 0 before)."""
    bot = TournamentBot(seed=1)
    wide = int(bot.tables.push_range(10, 0.0, 3, 0.0).sum())
    tight = int(bot.tables.push_range(10, 0.0, 3, 1.0).sum())
    assert tight < wide
