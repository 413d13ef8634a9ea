"""Finished engine hands of every game, played by a seeded random policy, for history tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from pokerroom.cards import Card, parse_cards
from pokerroom.deck import Deck
from pokerroom.engine import OMAHA, OMAHA_HILO, Action, Hand, HandConfig, Limit, omaha
from pokerroom.engine import events as ev

STACKS = [120, 45, 200, 80]
GAMES: dict[str, Callable[[list[int]], HandConfig]] = {
    "holdem-nl": lambda s: HandConfig.holdem(s, small_blind=1, big_blind=2),
    "holdem-pl": lambda s: HandConfig.holdem(s, small_blind=1, big_blind=2, limit=Limit.POT_LIMIT),
    "holdem-fl": lambda s: HandConfig.holdem(
        s, small_blind=2, big_blind=4, limit=Limit.FIXED_LIMIT
    ),
    "holdem-ante": lambda s: HandConfig.holdem(s, small_blind=2, big_blind=4, ante=1),
    "omaha-pl": lambda s: HandConfig.holdem(
        s, small_blind=1, big_blind=2, variant=OMAHA, limit=Limit.POT_LIMIT
    ),
    "omaha5-pl": lambda s: HandConfig.holdem(
        s, small_blind=1, big_blind=2, variant=omaha(5), limit=Limit.POT_LIMIT
    ),
    "omaha-hilo-pl": lambda s: HandConfig.holdem(
        s, small_blind=1, big_blind=2, variant=OMAHA_HILO, limit=Limit.POT_LIMIT
    ),
    "omaha-hilo-fl": lambda s: HandConfig.holdem(
        s, small_blind=2, big_blind=4, variant=OMAHA_HILO, limit=Limit.FIXED_LIMIT
    ),
    "stud": lambda s: HandConfig.stud(s, ante=1, bring_in=2, small_bet=4, big_bet=8),
    "stud-hilo": lambda s: HandConfig.stud(s, ante=1, bring_in=2, small_bet=4, hi_lo=True),
    "draw": lambda s: HandConfig.draw(s, small_blind=1, big_blind=2),
    "bomb-pot": lambda s: HandConfig.bomb_pot(s, ante=5),
}
NAMES = ["Ann", "Bob", "Cyd", "Dan", "Eve", "Fay"]


def play_randomly(hand: Hand, rng: random.Random) -> Hand:
    """Bets, draws and showdowns chosen at random until the hand is over (bounded)."""
    for _ in range(500):
        if hand.phase == "done":
            return hand
        if hand.phase == "draw":
            assert hand.to_draw is not None
            cards = list(hand.hole[hand.to_draw])
            hand.draw(rng.sample(cards, rng.randint(0, 3)))
            continue
        legal = hand.legal_actions()
        roll = rng.random()
        if legal.bring_in is not None and roll < 0.6:
            hand.act(Action.bring_in())
        elif legal.fold and not legal.check and roll < 0.2:
            hand.act(Action.fold())
        elif legal.raise_min is not None and legal.raise_max is not None and roll > 0.7:
            sizes = legal.raise_sizes or (legal.raise_min, legal.raise_max)
            hand.act(Action.raise_to(rng.choice(sizes)))
        else:
            hand.check_or_call()
    raise AssertionError("the hand did not finish in 500 steps")


def random_hand(game: str, seed: int, players: int = 4) -> Hand:
    rng = random.Random(seed)
    stacks = [rng.choice(STACKS) for _ in range(players)]
    return play_randomly(Hand(GAMES[game](stacks), Deck(seed=seed)), rng)


class Stacked:
    """A card source that deals the given cards in order (burns too), for exact hands."""

    def __init__(self, cards: str) -> None:
        self.cards = parse_cards(cards)

    def deal(self, count: int) -> list[Card]:
        dealt, self.cards = self.cards[:count], self.cards[count:]
        return dealt

    def burn(self) -> Card:
        return self.deal(1)[0]

    def discard(self, cards: Iterable[Card]) -> None:
        """Stacked hands never run out: discards are not needed back."""

    def available(self) -> int:
        return len(self.cards)


def known_to(hand: Hand, viewer: int | None) -> set[Card]:
    """Every card ``viewer`` may know from the complete events (X-4): his own deals and
    discards, the boards, up cards, shown hands, and discards made after a hand was shown."""
    known: set[Card] = set()
    shown: set[int] = set()
    for event in hand.events:
        match event:
            case ev.DealHole(player, cards, face_up) if face_up or player == viewer:
                known.update(c for c in cards if c is not None)
            case ev.DealBoard(cards):
                known.update(c for c in cards if c is not None)
            case ev.Show(player, cards):
                shown.add(player)
                known.update(c for c in cards if c is not None)
            case ev.Discard(player, cards) if player == viewer or player in shown:
                known.update(c for c in cards if c is not None)
    return known


def unshown_cards(hand: Hand, viewer: int | None) -> set[Card]:
    """Cards dealt to others (or burned) that ``viewer`` never saw: none may reach him."""
    dealt = {card for card in hand.burned if card is not None}
    for event in hand.events:
        if isinstance(event, ev.DealHole | ev.Discard):
            dealt.update(c for c in event.cards if c is not None)
    return dealt - known_to(hand, viewer)
