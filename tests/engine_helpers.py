"""Small helpers to script engine hands by hand in tests."""

from __future__ import annotations

from pokerroom.cards import parse_cards
from pokerroom.engine import Action, Hand, HandConfig, Limit, Options
from pokerroom.engine.variants import HOLDEM, Variant


def unblinded(
    stacks: list[int],
    *,
    min_bet: int = 10,
    limit: Limit = Limit.NO_LIMIT,
    antes: list[int] | None = None,
    variant: Variant = HOLDEM,
    options: Options | None = None,
) -> Hand:
    """A hand with no blinds, hole cards dealt, waiting for the first bet (position 0 acts)."""
    config = HandConfig(
        variant=variant,
        limit=limit,
        stacks=tuple(stacks),
        min_bet=min_bet,
        antes=tuple(antes) if antes else (),
        options=options or Options(),
    )
    return deal_holes(Hand(config))


def blinded(
    stacks: list[int],
    small: int,
    big: int,
    *,
    limit: Limit = Limit.NO_LIMIT,
    options: Options | None = None,
) -> Hand:
    """A Hold'em hand with the usual blinds and dealt hole cards."""
    config = HandConfig.holdem(
        stacks, small_blind=small, big_blind=big, limit=limit, options=options
    )
    return deal_holes(Hand(config))


def deal_holes(hand: Hand) -> Hand:
    """Deal fixed, distinct hole cards to everyone (cards do not matter for betting tests)."""
    size = hand.config.variant.streets[0].hole
    deck = parse_cards(
        "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad "
        "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"
    )
    for player in range(hand.players):
        hand.deal_hole(player, deck[player * size : (player + 1) * size])
    return hand


BOARD = parse_cards("Ts Js Qs Ks As")  # never among the hole cards dealt above


def deal_boards(hand: Hand) -> Hand:
    """Deal the board from :data:`BOARD` while the dealer is due (bets do not depend on it)."""
    while hand.phase == "deal":
        street = hand.config.variant.streets[hand.street]
        done = len(hand.board)
        hand.deal_board(BOARD[done : done + street.board])
    return hand


def play(hand: Hand, *moves: str, deal: bool = True) -> Hand:
    """Apply moves: ``'b'`` bring in, ``'f'``, ``'x'`` check, ``'c'`` call, ``'r30'`` raise to 30.

    With ``deal`` the board is dealt from :data:`BOARD` whenever a street is due.
    """
    for move in moves:
        if move == "b":
            hand.act(Action.bring_in())
        elif move == "f":
            hand.act(Action.fold())
        elif move == "x":
            hand.act(Action.check())
        elif move == "c":
            hand.act(Action.call())
        else:
            hand.act(Action.raise_to(int(move[1:])))
        if deal:
            deal_boards(hand)
    return hand


def raise_range(hand: Hand) -> tuple[int | None, int | None]:
    legal = hand.legal_actions()
    return legal.raise_min, legal.raise_max
