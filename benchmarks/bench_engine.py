"""Hand-engine throughput: complete random-policy no-limit Hold'em hands, ours against PokerKit.

Both engines play the same policy in one process: at each decision the player
picks uniformly among the legal ones of fold (only when something is owed),
check/call, a minimum bet or raise and all-in (the last two count once when
they are the same amount). Stacks are 200, blinds 1/2, at 2, 6 and 10
players. Every hand is set up from its raw parameters (our ``HandConfig`` and
``Hand``, PokerKit's ``create_state``). Cards are dealt, shown or mucked and
pots paid by each engine on its own: ours through a :class:`Deck` drawing on
one seeded ``random.Random`` per run, PokerKit through its automations, which
shuffle with the module-level ``random`` (seeded per run). Each engine keeps
its whole history (our ``Hand.events``, PokerKit's ``State.operations``) and
the histories of a run are held until it ends.

The policy draws one number per decision from its own seeded stream, and what
a player may do never depends on the cards, so both engines play exactly the
same betting sequences (the decisions-per-hand notes agree); only the cards,
and so the showdowns, differ. Before timing, a lockstep replay of our hands in
PokerKit (same cards, same decisions) checks that both engines offer the same
options at every decision and pay the same stacks.
Run: ``.venv/bin/python benchmarks/bench_engine.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any

import pokerkit

from harness import Measurement, Target, measure, print_table, print_targets
from pokerroom.deck import Deck
from pokerroom.engine import Action, Hand, HandConfig
from pokerroom.engine import events as ev

SEED = 20_240_601
STACK, SMALL_BLIND, BIG_BLIND = 200, 1, 2
PLAYER_COUNTS = (2, 6, 10)
# Hands per timed call: a few tenths of a second to a second each.
HANDS_OURS = {2: 4_000, 6: 2_000, 10: 1_200}
HANDS_POKERKIT = {2: 400, 6: 160, 10: 100}
REPEATS = 7
N_WORKLOAD = 200  # hands per table size for the decisions-per-hand note
N_SANITY = 300  # hands per player count replayed in lockstep in PokerKit

RATIO_TARGET = 20.0  # ours ÷ PokerKit, at 6 and 10 players
SIX_MAX_TARGET = 3_000.0  # hands/s

FOLD, CHECK_CALL = -1, 0
"""Policy choices; any positive choice is a bet or raise to that amount."""

_PK = pokerkit.Automation
AUTOMATIONS_NO_DEALING = (
    _PK.ANTE_POSTING,
    _PK.BET_COLLECTION,
    _PK.BLIND_OR_STRADDLE_POSTING,
    _PK.RUNOUT_COUNT_SELECTION,
    _PK.HOLE_CARDS_SHOWING_OR_MUCKING,
    _PK.HAND_KILLING,
    _PK.CHIPS_PUSHING,
    _PK.CHIPS_PULLING,
)
AUTOMATIONS = (*AUTOMATIONS_NO_DEALING, _PK.CARD_BURNING, _PK.HOLE_DEALING, _PK.BOARD_DEALING)


def choose(draw: Callable[[], float], owes: bool, low: int | None, high: int | None) -> int:
    """The random policy: FOLD, CHECK_CALL or a raise-to amount, uniform over the legal options."""
    options = [FOLD, CHECK_CALL] if owes else [CHECK_CALL]
    if low is not None and high is not None:
        options.append(low)
        if high != low:
            options.append(high)
    return options[int(draw() * len(options))]


def new_hand(players: int, deck_rng: random.Random) -> Hand:
    """One of our hands, set up from scratch as PokerKit's ``create_state`` is."""
    config = HandConfig.holdem([STACK] * players, small_blind=SMALL_BLIND, big_blind=BIG_BLIND)
    return Hand(config, Deck(rng=deck_rng))


def new_state(players: int, automations: tuple[Any, ...]) -> Any:
    """One PokerKit hand; with every automation it deals from its own shuffled deck."""
    return pokerkit.NoLimitTexasHoldem.create_state(
        automations,
        False,  # ante trimming
        0,  # antes
        (SMALL_BLIND, BIG_BLIND),
        BIG_BLIND,  # min bet
        (STACK,) * players,
        players,
    )


def play_ours(players: int, hands: int, seed: int) -> list[Sequence[Any]]:
    """Play ``hands`` random-policy hands with our engine; return every hand's events."""
    deck_rng = random.Random(seed)
    draw = random.Random(seed + 1).random
    fold, check, call = Action.fold(), Action.check(), Action.call()
    raise_to = Action.raise_to
    histories: list[Sequence[Any]] = []
    for _ in range(hands):
        hand = new_hand(players, deck_rng)
        while hand.to_act is not None:
            legal = hand.legal_actions()
            choice = choose(draw, legal.call is not None, legal.raise_min, legal.raise_max)
            if choice == FOLD:
                hand.act(fold)
            elif choice == CHECK_CALL:
                hand.act(check if legal.check else call)
            else:
                hand.act(raise_to(choice))
        assert hand.phase == "done"
        histories.append(hand.events)
    return histories


def play_pokerkit(players: int, hands: int, seed: int) -> list[Sequence[Any]]:
    """Play ``hands`` random-policy hands with PokerKit; return every hand's operations.

    PokerKit shuffles with the module-level ``random``, which is seeded here.
    """
    random.seed(seed)
    draw = random.Random(seed + 1).random
    histories: list[Sequence[Any]] = []
    for _ in range(hands):
        state = new_state(players, AUTOMATIONS)
        while state.status:
            choice = choose(
                draw,
                state.can_fold(),
                state.min_completion_betting_or_raising_to_amount,
                state.max_completion_betting_or_raising_to_amount,
            )
            if choice == FOLD:
                state.fold()
            elif choice == CHECK_CALL:
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(choice)
        histories.append(state.operations)
    return histories


# ---------------------------------------------------------------- sanity check

ODD_CHIPS = "odd chips"

Options = tuple[bool, int | None, int | None]
"""What the policy sees at one decision: (something owed, min raise-to, max raise-to)."""


def play_ours_logged(
    players: int, deck_rng: random.Random, draw: Callable[[], float]
) -> tuple[Hand, list[tuple[Options, int]]]:
    """One of our random-policy hands and, per decision, the options seen and the choice."""
    hand = new_hand(players, deck_rng)
    log: list[tuple[Options, int]] = []
    while hand.to_act is not None:
        legal = hand.legal_actions()
        options = (legal.call is not None, legal.raise_min, legal.raise_max)
        choice = choose(draw, *options)
        log.append((options, choice))
        if choice == FOLD:
            hand.act(Action.fold())
        elif choice == CHECK_CALL:
            hand.act(Action.check() if legal.check else Action.call())
        else:
            hand.act(Action.raise_to(choice))
    return hand, log


def odd_chips_only(hand: Hand, theirs: list[int]) -> bool:
    """Whether final stacks differ only in how split pots' odd chips went.

    P-3 gives odd chips one at a time from the first winner left of the button;
    PokerKit gives the whole remainder to the first winner.
    """
    winners: dict[int, list[int]] = {}
    for event in hand.events:
        if isinstance(event, ev.Award):
            winners.setdefault(event.pot, []).append(event.player)
    if sum(theirs) != sum(hand.stacks):
        return False
    for player, (mine, other) in enumerate(zip(hand.stacks, theirs, strict=True)):
        slack = sum(len(w) for w in winners.values() if len(w) > 1 and player in w)
        if abs(mine - other) >= max(slack, 1):
            return False
    return True


def replay_in_pokerkit(hand: Hand, log: list[tuple[Options, int]]) -> str | None:
    """Replay one of our hands in PokerKit with its cards and decisions.

    Returns None when everything agrees, "odd chips" when only P-3's odd-chip
    rule separates the final stacks, and otherwise what differs.
    """
    state = new_state(hand.players, AUTOMATIONS_NO_DEALING)
    holes = ["".join(str(c) for c in hole) for hole in hand.hole]
    board: Iterator[str] = (str(c) for c in hand.board)
    decisions = iter(log)
    step = 0
    while state.status:
        if state.can_deal_hole():
            player = state.hole_dealee_index
            state.deal_hole(holes[player], player)
        elif state.can_burn_card():
            state.burn_card("??")
        elif state.can_deal_board():
            count = state.street.board_dealing_count
            state.deal_board("".join(next(board) for _ in range(count)))
        else:
            ours, choice = next(decisions, ((False, None, None), 0))
            offered = (
                state.can_fold(),
                state.min_completion_betting_or_raising_to_amount,
                state.max_completion_betting_or_raising_to_amount,
            )
            if ours != offered:
                return f"decision {step}: ours {ours}, PokerKit {offered}"
            step += 1
            if choice == FOLD:
                state.fold()
            elif choice == CHECK_CALL:
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(choice)
    if step != len(log):
        return f"PokerKit ended after {step} decisions, ours after {len(log)}"
    theirs: list[int] = list(state.stacks)
    if theirs == list(hand.stacks):
        return None
    if odd_chips_only(hand, theirs):
        return ODD_CHIPS
    return f"final stacks: ours {hand.stacks}, PokerKit {theirs}"


def sanity_check() -> None:
    """Print one line: do both engines offer the same options and pay the same stacks?"""
    verdicts = []
    for players in PLAYER_COUNTS:
        deck_rng = random.Random(SEED + players)
        draw = random.Random(SEED - players).random
        decisions = odd = 0
        failure = None
        for index in range(N_SANITY):
            hand, log = play_ours_logged(players, deck_rng, draw)
            decisions += len(log)
            outcome = replay_in_pokerkit(hand, log)
            if outcome == ODD_CHIPS:
                odd += 1
            elif outcome is not None:
                failure = f"hand {index}, {outcome}"
                break
        verdict = "ok" if failure is None else f"DISAGREES ({failure})"
        verdicts.append(f"{players} players {verdict} ({decisions} decisions, {odd} odd-chip)")
    print(
        f"Sanity ({N_SANITY} hands per table size replayed in PokerKit with our cards and "
        "decisions; options and final stacks): " + ", ".join(verdicts)
    )
    print(
        "  (odd-chip: a split pot's odd chips, which P-3 hands out one at a time and PokerKit "
        "gives all to the first winner)"
    )


# ---------------------------------------------------------------- timing

OUR_DECISIONS = (ev.Fold, ev.Check, ev.Call, ev.BetRaise)
POKERKIT_DECISIONS = (
    pokerkit.Folding,
    pokerkit.CheckingOrCalling,
    pokerkit.CompletionBettingOrRaisingTo,
)


def workload(histories: list[Sequence[Any]], decisions: tuple[type, ...]) -> str:
    """Mean decisions and history records per hand: the policy should give the same decisions."""
    count = sum(isinstance(record, decisions) for h in histories for record in h)
    records = sum(len(h) for h in histories)
    return f"{count / len(histories):.2f} decisions, {records / len(histories):.1f} records/hand"


def main() -> None:
    """Check agreement, time both engines at every table size, print the tables and targets."""
    sanity_check()
    rows: list[Measurement] = []
    targets: list[Target] = []
    for players in PLAYER_COUNTS:
        ours_n, theirs_n = HANDS_OURS[players], HANDS_POKERKIT[players]
        ours_note = workload(play_ours(players, N_WORKLOAD, SEED), OUR_DECISIONS)
        theirs_note = workload(play_pokerkit(players, N_WORKLOAD, SEED), POKERKIT_DECISIONS)
        ours_name, theirs_name = f"ours, {players} players", f"PokerKit, {players} players"
        ours = measure(
            ours_name,
            ours_n,
            partial(play_ours, players, ours_n, SEED),
            ours=True,
            repeats=REPEATS,
            note=ours_note,
        )
        theirs = measure(
            theirs_name,
            theirs_n,
            partial(play_pokerkit, players, theirs_n, SEED),
            repeats=REPEATS,
            note=theirs_note,
        )
        rows += [ours, theirs]
        print_table(
            f"No-limit Hold'em, {players} players, random policy, full history (hands/s)",
            "hands",
            [ours, theirs],
            [theirs_name],
        )
        if players >= 6:
            targets.append(
                Target(
                    ours_name,
                    RATIO_TARGET * theirs.rate,
                    f"{RATIO_TARGET:.0f}× PokerKit's {theirs.rate:.0f}/s",
                )
            )
    print(f"\nSummary (medians of {REPEATS} runs): ours ÷ PokerKit at the same table size")
    by_name = {row.name: row for row in rows}
    for players in PLAYER_COUNTS:
        ours = by_name[f"ours, {players} players"]
        theirs = by_name[f"PokerKit, {players} players"]
        print(
            f"  {players:>2} players: {ours.rate:>7.0f} vs {theirs.rate:>5.0f} hands/s"
            f" → {ours.rate / theirs.rate:.1f}×"
        )
    targets.append(Target("ours, 6 players", SIX_MAX_TARGET, f"≥ {SIX_MAX_TARGET:.0f}/s"))
    print_targets(rows, targets)


if __name__ == "__main__":
    main()
