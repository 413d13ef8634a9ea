"""Hand-evaluation throughput: our batch and single-hand evaluators against other libraries.

Everything runs in one process on the same seeded random hands, so the ratios
compare like with like. Anchors are eval7, phevaluator (C), treys and PokerKit
(pure Python). Run: ``.venv/bin/python benchmarks/bench_evaluate.py``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

import eval7
import numpy as np
import numpy.typing as npt
import phevaluator._pheval as pheval
import pokerkit
import treys

from harness import Measurement, Target, best_anchor, measure, print_table, print_targets
from pokerroom.cards import Card, parse_cards
from pokerroom.cardset import CardSet
from pokerroom.evaluate.batch import evaluate_high_batch, evaluate_omaha_high_batch
from pokerroom.evaluate.high import evaluate_high, high_strength

SEED = 20_240_601
N_BATCH = 2_000_000  # compiled batch rows: big enough that per-call overhead vanishes
N_OMAHA = 1_000_000
N_LOOP = 300_000  # hands for the Python-loop evaluators (C-backed or ours)
N_TREYS = 20_000  # pure-Python evaluators get a small sample to stay within seconds
N_POKERKIT = 1_500
N_SANITY = 300
EVAL7_MC_TRIALS = 2_000_000

BATCH_TARGET = 25e6
OMAHA_TARGET = 1e6

# Hands of every category, including the wheel and the steel wheel, ahead of the random ones.
FIXED_HANDS = (
    "As Ks Qs Js Ts 2c 3d",
    "5h 4h 3h 2h Ah Kd Kc",
    "Ac 2d 3h 4s 5c Kd Qd",
    "9c 9d 9h 9s 2c 3d 4h",
    "Kc Kd Kh Qs Qc 2d 2h",
    "Ad Kd 9d 7d 3d 2c 2s",
    "Ac Ad Kc Kd Qc Qd Jh",
    "7c 7d 7h Ks 2c 3d 9h",
    "Ac Kd 9h 7s 5c 4d 2h",
    "2c 3c Ah Kh Qh Jh Th",
)

U8Array = npt.NDArray[np.uint8]


def random_hands(rng: np.random.Generator, count: int, width: int) -> U8Array:
    """``count`` rows of ``width`` distinct card indices, uniform (rejection: redraw bad rows)."""
    hands = rng.integers(0, 52, size=(count, width), dtype=np.uint8)
    suspects = np.arange(count)
    while suspects.size:
        rows = np.sort(hands[suspects], axis=1)
        suspects = suspects[(np.diff(rows, axis=1) == 0).any(axis=1)]
        hands[suspects] = rng.integers(0, 52, size=(suspects.size, width), dtype=np.uint8)
    return hands


def card_texts() -> list[str]:
    """Card index → its two-character text, the common currency for the other libraries."""
    return [str(Card.from_index(i)) for i in range(52)]


def masks_of(hands: U8Array) -> list[int]:
    """Our 64-bit card-set mask of each row (bit ``suit * 16 + rank`` per card)."""
    bits = np.array([Card.from_index(i).bit for i in range(52)], dtype=np.uint64)
    return [int(mask) for mask in np.bitwise_or.reduce(bits[hands], axis=1)]


def orderings_agree(ours: Sequence[int], theirs: Sequence[Any]) -> bool:
    """Whether two evaluators rank every pair of hands the same way (both: higher wins)."""
    for i, j in itertools.combinations(range(len(ours)), 2):
        mine = (ours[i] > ours[j]) - (ours[i] < ours[j])
        other = (theirs[i] > theirs[j]) - (theirs[i] < theirs[j])
        if mine != other:
            return False
    return True


def sanity_check(rows: list[list[int]], omaha: U8Array) -> None:
    """Print one line: do ours and each anchor order the same hands identically?"""
    texts = card_texts()
    ours = [int(s) for s in evaluate_high_batch(np.array(rows, dtype=np.uint8))]
    e7 = [eval7.Card(t) for t in texts]
    tr = [treys.Card.new(t) for t in texts]
    treys_evaluator = treys.Evaluator()
    others: dict[str, list[Any]] = {
        "single-hand": [high_strength(m) for m in masks_of(np.array(rows, dtype=np.uint8))],
        "eval7": [eval7.evaluate([e7[c] for c in row]) for row in rows],
        "phevaluator": [-pheval.evaluate_7cards(*row) for row in rows],
        "treys": [
            -treys_evaluator.evaluate([tr[c] for c in row[:2]], [tr[c] for c in row[2:]])
            for row in rows
        ],
        "pokerkit": [
            pokerkit.StandardHighHand.from_game(
                "".join(texts[c] for c in row[:2]), "".join(texts[c] for c in row[2:])
            )
            for row in rows
        ],
    }
    verdicts = [
        f"{name} {'ok' if orderings_agree(ours, keys) else 'DISAGREES'}"
        for name, keys in others.items()
    ]
    sample = omaha[:N_SANITY]
    ours_omaha = evaluate_omaha_high_batch(sample[:, :4], sample[:, 4:])
    ph_omaha = [-pheval.evaluate_plo4_cards(*row[4:], *row[:4]) for row in sample.tolist()]
    omaha_ok = orderings_agree([int(s) for s in ours_omaha], ph_omaha)
    verdicts.append(f"Omaha vs phevaluator {'ok' if omaha_ok else 'DISAGREES'}")
    print(
        f"Sanity ({len(rows)} hold'em hands, {N_SANITY} Omaha hands, pairwise order): "
        + ", ".join(verdicts)
    )


def python_loops(sample: U8Array) -> list[tuple[str, int, Callable[[], object], bool]]:
    """One (name, hands, work, ours) entry per evaluator called once per hand from Python."""
    texts = card_texts()
    rows = [tuple(row) for row in sample.tolist()]
    masks = masks_of(sample)
    cardsets = [CardSet.from_mask(mask) for mask in masks]
    e7 = [eval7.Card(t) for t in texts]
    eval7_hands = [[e7[c] for c in row] for row in rows]
    tr = [treys.Card.new(t) for t in texts]
    treys_hands = [([tr[c] for c in row[:2]], [tr[c] for c in row[2:]]) for row in rows[:N_TREYS]]
    treys_evaluator = treys.Evaluator()
    pk_hands = [
        ("".join(texts[c] for c in row[:2]), "".join(texts[c] for c in row[2:]))
        for row in rows[:N_POKERKIT]
    ]

    def ours_strength() -> None:
        strength = high_strength
        for mask in masks:
            strength(mask)

    def ours_cardset() -> None:
        evaluate = evaluate_high
        for cards in cardsets:
            evaluate(cards)

    def eval7_loop() -> None:
        evaluate = eval7.evaluate
        for hand in eval7_hands:
            evaluate(hand)

    def phevaluator_loop() -> None:
        evaluate = pheval.evaluate_7cards
        for a, b, c, d, e, f, g in rows:
            evaluate(a, b, c, d, e, f, g)

    def treys_loop() -> None:
        evaluate = treys_evaluator.evaluate
        for hole, board in treys_hands:
            evaluate(hole, board)

    def pokerkit_loop() -> None:
        from_game = pokerkit.StandardHighHand.from_game
        for hole, board in pk_hands:
            from_game(hole, board)

    return [
        ("high_strength(mask) loop", len(masks), ours_strength, True),
        ("evaluate_high(CardSet) loop", len(cardsets), ours_cardset, True),
        ("eval7.evaluate loop", len(eval7_hands), eval7_loop, False),
        ("phevaluator evaluate_7cards loop", len(rows), phevaluator_loop, False),
        ("treys Evaluator.evaluate loop", len(treys_hands), treys_loop, False),
        ("pokerkit StandardHighHand loop", len(pk_hands), pokerkit_loop, False),
    ]


def eval7_compiled(repeats: int) -> Measurement:
    """eval7 has no batch evaluator; its heads-up Monte Carlo loop is the nearest compiled loop.

    Each trial deals a board and evaluates two 7-card hands in C, so two
    evaluations per trial (dealing included) is a lower bound on its raw rate.
    """
    hero = [eval7.Card("Ah"), eval7.Card("Kh")]
    villain = [((eval7.Card("Qs"), eval7.Card("Qd")), 1.0)]

    def work() -> None:
        eval7.py_hand_vs_range_monte_carlo(hero, villain, [], EVAL7_MC_TRIALS)

    return measure(
        "eval7 C Monte-Carlo loop",
        2 * EVAL7_MC_TRIALS,
        work,
        repeats=repeats,
        note="2 evals per heads-up trial, dealing included",
    )


def main() -> None:
    """Measure every evaluator, then print the sanity line, the tables and the targets."""
    rng = np.random.default_rng(SEED)
    hands = random_hands(rng, N_BATCH, 7)
    omaha = random_hands(rng, N_OMAHA, 9)
    holes, boards = omaha[:, :4].copy(), omaha[:, 4:].copy()
    fixed = [[c.index for c in parse_cards(text)] for text in FIXED_HANDS]
    sanity_check(fixed + hands[: N_SANITY - len(fixed)].tolist(), omaha)

    rows = [
        measure(
            "evaluate_high_batch (validate)",
            N_BATCH,
            lambda: evaluate_high_batch(hands),
            ours=True,
        ),
        measure(
            "evaluate_high_batch (no validate)",
            N_BATCH,
            lambda: evaluate_high_batch(hands, validate=False),
            ours=True,
        ),
    ]
    for name, items, work, ours in python_loops(hands[:N_LOOP]):
        slow = items < N_LOOP
        rows.append(measure(name, items, work, ours=ours, repeats=3 if slow else 5))
    rows.append(eval7_compiled(repeats=5))

    best = best_anchor(rows)
    anchors = list(dict.fromkeys([best.name, "eval7.evaluate loop"]))
    print_table("7-card high hands (hands/s)", "hands", rows, anchors)

    omaha_rows = [
        measure(
            "evaluate_omaha_high_batch (validate)",
            N_OMAHA,
            lambda: evaluate_omaha_high_batch(holes, boards),
            ours=True,
        ),
        measure(
            "evaluate_omaha_high_batch (no validate)",
            N_OMAHA,
            lambda: evaluate_omaha_high_batch(holes, boards, validate=False),
            ours=True,
        ),
    ]
    plo_rows = [(*row[4:], *row[:4]) for row in omaha[:N_LOOP].tolist()]

    def phevaluator_plo4() -> None:
        evaluate = pheval.evaluate_plo4_cards
        for c1, c2, c3, c4, c5, h1, h2, h3, h4 in plo_rows:
            evaluate(c1, c2, c3, c4, c5, h1, h2, h3, h4)

    omaha_rows.append(
        measure("phevaluator evaluate_plo4_cards loop", len(plo_rows), phevaluator_plo4)
    )
    print_table(
        "Omaha high, 4 hole + 5 board (hands/s)",
        "hands",
        omaha_rows,
        ["phevaluator evaluate_plo4_cards loop"],
    )

    eval7_rate = next(row.rate for row in rows if row.name == "eval7.evaluate loop")
    eval7_text = f"eval7.evaluate's {eval7_rate / 1e6:.3g} M/s"
    print_targets(
        [*rows, *omaha_rows],
        [
            Target("evaluate_high_batch (validate)", BATCH_TARGET, "≥ 25 M/s"),
            Target("evaluate_high_batch (no validate)", BATCH_TARGET, "≥ 25 M/s"),
            Target("high_strength(mask) loop", eval7_rate, eval7_text),
            Target("evaluate_high(CardSet) loop", eval7_rate, eval7_text),
            Target("evaluate_omaha_high_batch (validate)", OMAHA_TARGET, "≥ 1 M/s"),
            Target("evaluate_omaha_high_batch (no validate)", OMAHA_TARGET, "≥ 1 M/s"),
        ],
    )


if __name__ == "__main__":
    main()
