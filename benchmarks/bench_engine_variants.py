"""Hand-engine throughput beyond Hold'em: Stud, Draw and the bomb pot, ours against PokerKit.

The companion of ``bench_engine.py`` for three more variants, each timed in the
same run as PokerKit playing the same game:

* fixed-limit Seven-card Stud: ante 1, bring-in 2, bets 5/10, stacks 200, at 2,
  5 and 8 players; PokerKit's ``FixedLimitSevenCardStud``;
* no-limit Five-card Draw: blinds 1/2, stacks 200, at 2, 4 and 6 players;
  PokerKit has no Five-card Draw, so a custom ``State`` with its single-draw
  streets (five cards, then one draw) and the standard high hand;
* pot-limit double-board bomb-pot Omaha: everyone antes 5 (the smallest bet),
  stacks 200, at 2, 6 and 9 players; a custom ``State`` with two boards
  (``starting_board_count=2``), whose first street deals the four hole cards
  and the flop, as the bomb pot has no preflop betting.

The random policy is that of ``bench_engine.py``: at each decision the player
picks uniformly among the legal ones of fold (only when something is owed),
check/call, bring-in, a minimum bet, raise or completion, and a maximum one
(the last two count once when they are the same amount). In the draw each
player throws away each of his five cards with probability one half. Every
hand is set up from its raw parameters; each engine deals, shows or mucks and
pays on its own (ours through a :class:`Deck` on one seeded ``random.Random``
per run, PokerKit through its automations on the seeded module-level
``random``) and keeps its whole history, held until the run ends.

The policy draws from its own seeded stream and, but for two rules PokerKit
does not have (V-6 and B-4 below), what a player may do never depends on the
cards: Draw and the bomb pot play exactly the same betting and discarding on
both engines, Stud nearly so. The notes count decisions (bets and draws) and
history records per hand over the hands of one PokerKit call, which each
engine plays from the same seed. Before timing, a lockstep replay of our hands in PokerKit
(same cards, same decisions) checks that both engines put the same player to
act with the same options and pay the same stacks. It stops a hand, and counts
it apart, at the known rule differences:

* V-6: with an open pair on fourth street a Stud bet or raise may be the big
  bet; PokerKit offers only the small one;
* B-4: a heads-up fixed-limit round has no cap on raises; PokerKit caps it at
  a bet and three raises;
* C-2: Stud's equal showing hands are told apart by the suit of the top card;
  PokerKit picks the first seat;
* odd chips: split pots (and the P-8 halves of a double-board pot) hand out
  odd chips one at a time; PokerKit gives the remainder to the first winner.

The target, as in ``bench_engine.py``, is 20× PokerKit's hands per second at
every table size but heads-up.
Run: ``.venv/bin/python benchmarks/bench_engine_variants.py``.
"""

from __future__ import annotations

import random
import warnings
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import pokerkit

from bench_engine import AUTOMATIONS, AUTOMATIONS_NO_DEALING
from harness import Measurement, Target, measure, median_seconds, print_table, print_targets
from pokerroom.cards import Card
from pokerroom.deck import Deck
from pokerroom.engine import Action, Hand, HandConfig, Limit
from pokerroom.engine import events as ev

SEED = 20_240_602
STACK = 200
STUD_ANTE, STUD_BRING_IN, STUD_SMALL_BET, STUD_BIG_BET = 1, 2, 5, 10
DRAW_SMALL_BLIND, DRAW_BIG_BLIND = 1, 2
BOMB_ANTE = 5
DISCARD_CHANCE = 0.5
REPEATS = 7
RATIO_TARGET = 20.0  # ours ÷ PokerKit, at every table size but heads-up (as in bench_engine.py)

FOLD, CHECK_CALL, BRING_IN = -1, 0, -2
"""Policy choices; any positive choice is a bet, raise or completion to that amount."""

Policy = Callable[[], float]


# ---------------------------------------------------------------- the games


def _draw_streets() -> tuple[Any, ...]:
    """Five-card Draw as PokerKit streets: five down, bet; draw (no burn, as ours), bet."""
    return (
        pokerkit.Street(
            False, (False,) * 5, 0, False, pokerkit.Opening.POSITION, DRAW_BIG_BLIND, None
        ),
        pokerkit.Street(False, (), 0, True, pokerkit.Opening.POSITION, DRAW_BIG_BLIND, None),
    )


def _bomb_streets() -> tuple[Any, ...]:
    """The bomb pot as PokerKit streets: four down and the flop, then bet; turn; river."""
    opening = pokerkit.Opening.POSITION
    return (
        pokerkit.Street(True, (False,) * 4, 3, False, opening, BOMB_ANTE, None),
        pokerkit.Street(True, (), 1, False, opening, BOMB_ANTE, None),
        pokerkit.Street(True, (), 1, False, opening, BOMB_ANTE, None),
    )


DRAW_STREETS = _draw_streets()
BOMB_STREETS = _bomb_streets()


def stud_config(players: int) -> HandConfig:
    return HandConfig.stud(
        [STACK] * players,
        ante=STUD_ANTE,
        bring_in=STUD_BRING_IN,
        small_bet=STUD_SMALL_BET,
        big_bet=STUD_BIG_BET,
        limit=Limit.FIXED_LIMIT,
    )


def draw_config(players: int) -> HandConfig:
    return HandConfig.draw(
        [STACK] * players,
        small_blind=DRAW_SMALL_BLIND,
        big_blind=DRAW_BIG_BLIND,
        limit=Limit.NO_LIMIT,
    )


def bomb_config(players: int) -> HandConfig:
    return HandConfig.bomb_pot([STACK] * players, ante=BOMB_ANTE, limit=Limit.POT_LIMIT)


def stud_state(players: int, automations: tuple[Any, ...]) -> Any:
    return pokerkit.FixedLimitSevenCardStud.create_state(
        automations,
        True,  # ante trimming: uniform antes
        STUD_ANTE,
        STUD_BRING_IN,
        STUD_SMALL_BET,
        STUD_BIG_BET,
        (STACK,) * players,
        players,
    )


def draw_state(players: int, automations: tuple[Any, ...]) -> Any:
    return pokerkit.State(
        automations,
        pokerkit.Deck.STANDARD,
        (pokerkit.StandardHighHand,),
        DRAW_STREETS,
        pokerkit.BettingStructure.NO_LIMIT,
        True,  # ante trimming
        0,  # antes
        (DRAW_SMALL_BLIND, DRAW_BIG_BLIND),
        0,  # bring-in
        (STACK,) * players,
        players,
    )


def bomb_state(players: int, automations: tuple[Any, ...]) -> Any:
    return pokerkit.State(
        automations,
        pokerkit.Deck.STANDARD,
        (pokerkit.OmahaHoldemHand,),
        BOMB_STREETS,
        pokerkit.BettingStructure.POT_LIMIT,
        True,  # ante trimming: uniform antes
        BOMB_ANTE,
        0,  # no blinds
        0,  # bring-in
        (STACK,) * players,
        players,
        starting_board_count=2,
    )


@dataclass(frozen=True, slots=True)
class Game:
    """One variant on both engines, with how much work a timed call does per table size."""

    title: str
    short: str
    config: Callable[[int], HandConfig]
    state: Callable[[int, tuple[Any, ...]], Any]
    hands_ours: dict[int, int]
    """Hands per timed call (a few tenths of a second), by player count."""
    hands_pokerkit: dict[int, int]
    sanity_hands: int
    bring_in: bool = False
    draws: bool = False

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(self.hands_ours)


GAMES = (
    Game(
        "Fixed-limit Seven-card Stud",
        "Stud",
        stud_config,
        stud_state,
        {2: 2_000, 5: 1_000, 8: 600},
        {2: 300, 5: 130, 8: 80},
        sanity_hands=200,
        bring_in=True,
    ),
    Game(
        "No-limit Five-card Draw",
        "Draw",
        draw_config,
        draw_state,
        {2: 3_000, 4: 1_500, 6: 1_000},
        {2: 400, 4: 200, 6: 130},
        sanity_hands=200,
        draws=True,
    ),
    Game(
        "Pot-limit double-board bomb-pot Omaha",
        "Bomb pot",
        bomb_config,
        bomb_state,
        {2: 1_500, 6: 600, 9: 400},
        {2: 100, 6: 30, 9: 20},
        sanity_hands=60,
    ),
)


# ---------------------------------------------------------------- the policy


def options(
    fold: bool, check_call: bool, bring_in: bool, low: int | None, high: int | None
) -> list[int]:
    """The legal policy options, always in this order so both engines read one stream alike."""
    found = [FOLD] if fold else []
    if check_call:
        found.append(CHECK_CALL)
    if bring_in:
        found.append(BRING_IN)
    if low is not None and high is not None:
        found.append(low)
        if high != low:
            found.append(high)
    return found


def discards(draw: Policy, hole: Sequence[Any]) -> list[Any]:
    """The draw's random discards: each card away with probability ``DISCARD_CHANCE``."""
    return [card for card in hole if draw() < DISCARD_CHANCE]


def play_ours(game: Game, players: int, hands: int, seed: int) -> list[Sequence[Any]]:
    """Play ``hands`` random-policy hands with our engine; return every hand's events."""
    deck_rng = random.Random(seed)
    draw = random.Random(seed + 1).random
    fold, check, call, bring_in = Action.fold(), Action.check(), Action.call(), Action.bring_in()
    raise_to = Action.raise_to
    histories: list[Sequence[Any]] = []
    for _ in range(hands):
        hand = Hand(game.config(players), Deck(rng=deck_rng))
        while (phase := hand.phase) != "done":
            if phase == "draw":
                drawer = hand.to_draw
                assert drawer is not None
                hand.draw(discards(draw, hand.hole[drawer]))
                continue
            legal = hand.legal_actions()
            owes = legal.call is not None
            found = options(
                owes and legal.fold,
                owes or legal.check,
                legal.bring_in is not None,
                legal.raise_min,
                legal.raise_max,
            )
            choice = found[int(draw() * len(found))]
            if choice == FOLD:
                hand.act(fold)
            elif choice == CHECK_CALL:
                hand.act(check if legal.check else call)
            elif choice == BRING_IN:
                hand.act(bring_in)
            else:
                hand.act(raise_to(choice))
        histories.append(hand.events)
    return histories


def play_pokerkit(game: Game, players: int, hands: int, seed: int) -> list[Sequence[Any]]:
    """Play ``hands`` random-policy hands with PokerKit; return every hand's operations.

    PokerKit shuffles with the module-level ``random``, which is seeded here.
    Only Stud asks about the bring-in and only Draw about discards.
    """
    random.seed(seed)
    draw = random.Random(seed + 1).random
    histories: list[Sequence[Any]] = []
    for _ in range(hands):
        state = game.state(players, AUTOMATIONS)
        while state.status:
            if game.draws:
                drawer = state.stand_patter_or_discarder_index
                if drawer is not None:
                    state.stand_pat_or_discard(discards(draw, state.hole_cards[drawer]))
                    continue
            bring_in = game.bring_in and state.can_post_bring_in()
            found = options(
                state.can_fold(),
                not bring_in,
                bring_in,
                state.min_completion_betting_or_raising_to_amount,
                state.max_completion_betting_or_raising_to_amount,
            )
            choice = found[int(draw() * len(found))]
            if choice == FOLD:
                state.fold()
            elif choice == CHECK_CALL:
                state.check_or_call()
            elif choice == BRING_IN:
                state.post_bring_in()
            else:
                state.complete_bet_or_raise_to(choice)
        histories.append(state.operations)
    return histories


# ---------------------------------------------------------------- sanity check

ODD_CHIPS, OPEN_PAIR, HEADS_UP_CAP, SHOWING_TIE = "odd chips", "V-6", "B-4", "C-2"
KNOWN = (OPEN_PAIR, HEADS_UP_CAP, SHOWING_TIE, ODD_CHIPS)


@dataclass(frozen=True, slots=True)
class Bet:
    """One betting decision of ours: who, the options the policy saw, and its choice."""

    player: int
    options: tuple[int, ...]
    choice: int
    open_pair: bool
    """V-6: the raise may be the small or the big bet."""


@dataclass(frozen=True, slots=True)
class Drew:
    """One draw of ours: who and what he threw away."""

    player: int
    cards: tuple[Card, ...]


def play_ours_logged(
    game: Game, players: int, deck_rng: random.Random, draw: Policy
) -> tuple[Hand, list[Bet | Drew]]:
    """One of our random-policy hands and its decisions, as the timed loop plays them."""
    hand = Hand(game.config(players), Deck(rng=deck_rng))
    log: list[Bet | Drew] = []
    while hand.phase != "done":
        if hand.phase == "draw":
            drawer = hand.to_draw
            assert drawer is not None
            thrown = discards(draw, hand.hole[drawer])
            log.append(Drew(drawer, tuple(thrown)))
            hand.draw(thrown)
            continue
        legal = hand.legal_actions()
        owes = legal.call is not None
        found = options(
            owes and legal.fold,
            owes or legal.check,
            legal.bring_in is not None,
            legal.raise_min,
            legal.raise_max,
        )
        choice = found[int(draw() * len(found))]
        log.append(Bet(legal.player, tuple(found), choice, bool(legal.raise_sizes)))
        if choice == FOLD:
            hand.act(Action.fold())
        elif choice == CHECK_CALL:
            hand.act(Action.check() if legal.check else Action.call())
        elif choice == BRING_IN:
            hand.act(Action.bring_in())
        else:
            hand.act(Action.raise_to(choice))
    return hand, log


def pokerkit_options(game: Game, state: Any) -> tuple[int, ...]:
    bring_in = game.bring_in and state.can_post_bring_in()
    return tuple(
        options(
            state.can_fold(),
            not bring_in,
            bring_in,
            state.min_completion_betting_or_raising_to_amount,
            state.max_completion_betting_or_raising_to_amount,
        )
    )


def known_difference(bet: Bet, state: Any, theirs: tuple[int, ...]) -> str | None:
    """Name the rule behind a disagreement at one decision, if it is one PokerKit lacks."""
    actor = state.actor_index
    if actor == bet.player:
        if bet.open_pair and theirs == bet.options[:-1]:
            return OPEN_PAIR  # ours has the big bet as well
        heads_up = sum(state.statuses) == 2
        if heads_up and theirs == tuple(o for o in bet.options if o <= CHECK_CALL):
            return HEADS_UP_CAP  # ours may still raise
        return None
    if actor is not None:
        mine = sorted(card.rank for card in state.get_up_cards(bet.player))
        if mine and mine == sorted(card.rank for card in state.get_up_cards(actor)):
            return SHOWING_TIE
    return None


def odd_chips_only(hand: Hand, theirs: list[int]) -> bool:
    """Whether final stacks differ only in where split pots' odd chips went (P-3, P-8)."""
    winners: dict[tuple[int, str, int], list[int]] = {}
    pots: dict[int, set[int]] = {}
    for event in hand.events:
        if isinstance(event, ev.Award):
            winners.setdefault((event.pot, event.share, event.board), []).append(event.player)
            pots.setdefault(event.pot, set()).add(event.player)
    if sum(theirs) != sum(hand.stacks):
        return False
    double = len(hand.boards) == 2
    for player, (mine, other) in enumerate(zip(hand.stacks, theirs, strict=True)):
        slack = sum(len(w) > 1 and player in w for w in winners.values())
        slack += sum(double and player in p for p in pots.values())  # the halves' odd chip
        if abs(mine - other) >= max(slack, 1):
            return False
    return True


def replay_in_pokerkit(game: Game, hand: Hand, log: list[Bet | Drew]) -> str | None:
    """Replay one of our hands in PokerKit with its cards and decisions.

    Returns None when everything agrees, one of ``KNOWN`` when a rule PokerKit
    does not have separates them, and otherwise what differs. Burns are dealt
    as unknown cards; PokerKit warns when a card comes from what it thinks is
    the muck (our deck reuses burns and muck when it runs out, C-6), and those
    warnings are silenced.
    """
    holes: list[deque[str]] = [deque() for _ in range(hand.players)]
    boards: deque[str] = deque()
    for event in hand.events:
        if isinstance(event, ev.DealHole):
            holes[event.player].extend(str(card) for card in event.cards)
        elif isinstance(event, ev.DealBoard):
            boards.append("".join(str(card) for card in event.cards))
    state = game.state(hand.players, AUTOMATIONS_NO_DEALING)
    steps = iter(log)
    decisions = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        while state.status:
            if state.can_deal_hole():
                player = state.hole_dealee_index
                if not holes[player]:
                    return f"PokerKit deals player {player} a card ours did not (C-6)"
                state.deal_hole(holes[player].popleft(), player)
                continue
            if state.can_burn_card():
                state.burn_card("??")
                continue
            if state.can_deal_board():
                if not boards:
                    return "PokerKit deals a board card ours did not (C-6)"
                state.deal_board(boards.popleft())
                continue
            step = next(steps, None)
            decisions += 1
            drawer = state.stand_patter_or_discarder_index if game.draws else None
            if drawer is not None:
                if not isinstance(step, Drew) or step.player != drawer:
                    return f"decision {decisions}: PokerKit has player {drawer} draw, ours {step}"
                state.stand_pat_or_discard("".join(str(card) for card in step.cards))
                continue
            theirs = pokerkit_options(game, state)
            if not isinstance(step, Bet):
                return f"decision {decisions}: PokerKit has a bet, ours {step}"
            if step.player != state.actor_index or step.options != theirs:
                known = known_difference(step, state, theirs)
                if known is not None:
                    return known
                return (
                    f"decision {decisions}: ours player {step.player} {step.options}, "
                    f"PokerKit player {state.actor_index} {theirs}"
                )
            if step.choice == FOLD:
                state.fold()
            elif step.choice == CHECK_CALL:
                state.check_or_call()
            elif step.choice == BRING_IN:
                state.post_bring_in()
            else:
                state.complete_bet_or_raise_to(step.choice)
    if next(steps, None) is not None:
        return f"PokerKit ended after {decisions} decisions, ours after {len(log)}"
    theirs_stacks: list[int] = list(state.stacks)
    if theirs_stacks == list(hand.stacks):
        return None
    if odd_chips_only(hand, theirs_stacks):
        return ODD_CHIPS
    return f"final stacks: ours {hand.stacks}, PokerKit {theirs_stacks}"


def sanity_check(game: Game) -> None:
    """Print one line per game: do both engines agree, hand by hand, with our cards?"""
    verdicts = []
    for players in game.player_counts:
        deck_rng = random.Random(SEED + players)
        draw = random.Random(SEED - players).random
        decisions = 0
        known = dict.fromkeys(KNOWN, 0)
        failure = None
        for index in range(game.sanity_hands):
            hand, log = play_ours_logged(game, players, deck_rng, draw)
            decisions += len(log)
            outcome = replay_in_pokerkit(game, hand, log)
            if outcome in known:
                known[outcome] += 1
            elif outcome is not None:
                failure = f"hand {index}, {outcome}"
                break
        verdict = "ok" if failure is None else f"DISAGREES ({failure})"
        apart = ", ".join(f"{count} {name}" for name, count in known.items() if count)
        verdicts.append(
            f"{players}p {verdict} ({decisions} decisions{', ' if apart else ''}{apart})"
        )
    print(f"  {game.short} ({game.sanity_hands} hands per size): " + "; ".join(verdicts))


# ---------------------------------------------------------------- timing

OUR_DECISIONS = (ev.Fold, ev.Check, ev.Call, ev.BetRaise, ev.BringIn, ev.Discard)
POKERKIT_DECISIONS = (
    pokerkit.Folding,
    pokerkit.CheckingOrCalling,
    pokerkit.CompletionBettingOrRaisingTo,
    pokerkit.BringInPosting,
    pokerkit.StandingPatOrDiscarding,
)


def workload(histories: list[Sequence[Any]], decisions: tuple[type, ...]) -> str:
    """Mean decisions (bets and draws) and history records per hand."""
    count = sum(isinstance(record, decisions) for h in histories for record in h)
    records = sum(len(h) for h in histories)
    return f"{count / len(histories):.2f} decisions, {records / len(histories):.1f} records/hand"


def bench_game(game: Game) -> list[tuple[int, Measurement, Measurement]]:
    """Time both engines at every table size of one game and print a table for each.

    PokerKit's untimed first call is its warm-up; the hands it plays, played
    again by our engine from the same seed, give both workload notes.
    """
    results = []
    for players in game.player_counts:
        ours_n, theirs_n = game.hands_ours[players], game.hands_pokerkit[players]
        ours_name = f"ours, {game.short}, {players}p"
        theirs_name = f"PokerKit, {game.short}, {players}p"
        ours_note = workload(play_ours(game, players, theirs_n, SEED), OUR_DECISIONS)
        ours = measure(
            ours_name,
            ours_n,
            partial(play_ours, game, players, ours_n, SEED),
            ours=True,
            repeats=REPEATS,
            note=ours_note,
        )
        theirs_work = partial(play_pokerkit, game, players, theirs_n, SEED)
        theirs_note = workload(theirs_work(), POKERKIT_DECISIONS)
        seconds = median_seconds(theirs_work, repeats=REPEATS, warmup=0)
        theirs = Measurement(theirs_name, theirs_n, seconds, note=theirs_note)
        print_table(
            f"{game.title}, {players} players, random policy, full history (hands/s)",
            "hands",
            [ours, theirs],
            [theirs_name],
        )
        results.append((players, ours, theirs))
    return results


def main() -> None:
    """Check agreement, time both engines for every game and size, print tables and targets."""
    print(
        "Sanity (our hands replayed in PokerKit with our cards and decisions: player to act, "
        "options, final stacks; hands stopped at a known rule difference are counted apart)"
    )
    for game in GAMES:
        sanity_check(game)
    rows: list[Measurement] = []
    targets: list[Target] = []
    summary: list[str] = []
    for game in GAMES:
        for players, ours, theirs in bench_game(game):
            rows += [ours, theirs]
            ratio = ours.rate / theirs.rate
            mark = "" if players == 2 else ("  met" if ratio >= RATIO_TARGET else "  MISSED")
            summary.append(
                f"  {game.short:<9}{players:>2}p {ours.rate:>8.0f} {theirs.rate:>8.0f}"
                f" {ratio:>7.1f}×{mark}"
            )
            if players > 2:
                targets.append(
                    Target(
                        ours.name,
                        RATIO_TARGET * theirs.rate,
                        f"{RATIO_TARGET:.0f}× PokerKit's {theirs.rate:.0f}/s",
                    )
                )
    print(
        f"\nSummary (medians of {REPEATS} runs, hands/s): ours ÷ PokerKit at the same table size; "
        f"target ≥ {RATIO_TARGET:.0f}× but heads-up"
    )
    print(f"  {'game':<9}{'size':>3} {'ours':>8} {'PokerKit':>8} {'ratio':>8}")
    print("\n".join(summary))
    print_targets(rows, targets)


if __name__ == "__main__":
    main()
