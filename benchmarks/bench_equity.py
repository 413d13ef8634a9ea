"""Equity throughput: exact heads-up enumeration and Monte Carlo, ours against other libraries.

The exact run is AhKh vs QsQd preflop, every one of the 1,712,304 boards; the
anchor does the same enumeration from Python with phevaluator's C evaluator.
Monte Carlo is compared in trials per second against eval7's compiled
heads-up sampler. Run: ``.venv/bin/python benchmarks/bench_equity.py``.
"""

from __future__ import annotations

import itertools

import eval7
import phevaluator._pheval as pheval

from harness import Target, measure, print_table, print_targets
from pokerroom.cards import parse_cards
from pokerroom.cardset import CardSet
from pokerroom.equity.calculator import EquityResult, calculate_equity

HERO, VILLAIN, THIRD = "AhKh", "QsQd", "7c6c"
BOARDS = 1_712_304  # C(48, 5)
EXPECTED_WINS, EXPECTED_TIES = 787_966, 6_732  # AhKh's outright wins and split pots
EXACT_TARGET_SECONDS = 0.25
TRIALS = 2_000_000
MC_TARGET = 5e6
SEED = 20_240_601


def exact_ours() -> EquityResult:
    """Our exact enumeration of every board."""
    return calculate_equity([CardSet.parse(HERO), CardSet.parse(VILLAIN)])


def exact_phevaluator() -> tuple[int, int]:
    """The same enumeration as a plain Python loop over phevaluator's 7-card C call."""
    hero = [c.index for c in parse_cards(HERO)]  # phevaluator ids are rank * 4 + suit, as ours
    villain = [c.index for c in parse_cards(VILLAIN)]
    rest = [i for i in range(52) if i not in hero + villain]
    h1, h2 = hero
    v1, v2 = villain
    evaluate = pheval.evaluate_7cards
    wins = ties = 0
    for a, b, c, d, e in itertools.combinations(rest, 5):
        mine = evaluate(h1, h2, a, b, c, d, e)
        theirs = evaluate(v1, v2, a, b, c, d, e)
        if mine < theirs:  # phevaluator: smaller is stronger
            wins += 1
        elif mine == theirs:
            ties += 1
    return wins, ties


def monte_carlo_ours(texts: tuple[str, ...]) -> EquityResult:
    """Our seeded Monte Carlo sample of ``TRIALS`` deals."""
    hands: list[CardSet | None] = [CardSet.parse(text) for text in texts]
    return calculate_equity(hands, trials=TRIALS, seed=SEED)


def monte_carlo_eval7() -> float:
    """eval7's heads-up Monte Carlo (hand vs a one-hand range), all inside its C loop."""
    hero = [eval7.Card(text) for text in (HERO[:2], HERO[2:])]
    villain = [((eval7.Card(VILLAIN[:2]), eval7.Card(VILLAIN[2:])), 1.0)]
    return float(eval7.py_hand_vs_range_monte_carlo(hero, villain, [], TRIALS))


def main() -> None:
    """Check the answers first, then time each way and print the tables and targets."""
    exact = exact_ours()
    hero = exact.hands[0]
    ph_wins, ph_ties = exact_phevaluator()
    correct = (hero.wins, hero.ties, exact.boards) == (EXPECTED_WINS, EXPECTED_TIES, BOARDS)
    print(
        f"Exact {HERO} vs {VILLAIN}: ours {hero.wins:,} wins, {hero.ties:,} ties of "
        f"{exact.boards:,} boards (equity {hero.equity:.4f}); phevaluator {ph_wins:,} wins, "
        f"{ph_ties:,} ties; expected {EXPECTED_WINS:,} / {EXPECTED_TIES:,}: "
        f"{'ok' if correct and (ph_wins, ph_ties) == (EXPECTED_WINS, EXPECTED_TIES) else 'WRONG'}"
    )
    heads_up, three_way = (HERO, VILLAIN), (HERO, VILLAIN, THIRD)
    mc_two = monte_carlo_ours(heads_up).hands[0]
    mc_three = monte_carlo_ours(three_way).hands
    print(
        f"Monte Carlo ({TRIALS:,} trials) {HERO} equity: ours heads-up {mc_two.equity:.4f} "
        f"± {mc_two.std_error or 0:.4f}, eval7 {monte_carlo_eval7():.4f}, exact "
        f"{hero.equity:.4f}; 3-way {' / '.join(f'{h.equity:.4f}' for h in mc_three)} "
        f"({', '.join(three_way)})"
    )

    exact_rows = [
        measure("calculate_equity exact", BOARDS, exact_ours, ours=True),
        measure("phevaluator Python loop", BOARDS, exact_phevaluator, repeats=3),
    ]
    print_table(
        f"Exact preflop {HERO} vs {VILLAIN}, all boards (boards/s)",
        "boards",
        exact_rows,
        ["phevaluator Python loop"],
    )

    mc_rows = [
        measure(
            "calculate_equity MC heads-up", TRIALS, lambda: monte_carlo_ours(heads_up), ours=True
        ),
        measure(
            "calculate_equity MC 3-way", TRIALS, lambda: monte_carlo_ours(three_way), ours=True
        ),
        measure("eval7 MC heads-up (C loop)", TRIALS, monte_carlo_eval7),
    ]
    print_table("Monte Carlo equity (trials/s)", "trials", mc_rows, ["eval7 MC heads-up (C loop)"])

    print_targets(
        [*exact_rows, *mc_rows],
        [
            Target(
                "calculate_equity exact",
                BOARDS / EXACT_TARGET_SECONDS,
                f"≤ {EXACT_TARGET_SECONDS} s median",
            ),
            Target("calculate_equity MC 3-way", MC_TARGET, "≥ 5 M trials/s"),
            Target("calculate_equity MC heads-up", MC_TARGET, "≥ 5 M trials/s"),
        ],
    )
    if not correct:
        raise SystemExit("exact enumeration disagrees with the known counts")


if __name__ == "__main__":
    main()
