"""All-in equity: each hand's share of the pot over every possible board, or a sample.

Exact enumeration is used whenever the work is moderate (any heads-up or
multiway Hold'em or Omaha spot with known hands); a hand given as unknown
(``None``), or an explicit trial count, switches to Monte Carlo, which reports
its sample size and each share's standard error.

>>> result = calculate_equity([CardSet.parse("AhKh"), CardSet.parse("QsQd")],
...                           board=CardSet.parse("Jc 7d 2h"))
>>> result.exact, result.boards, [round(h.equity, 4) for h in result.hands]
(True, 990, [0.2899, 0.7101])
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pokerroom.cards import ensure_distinct
from pokerroom.cardset import CardSet
from pokerroom.equity.choices import MAX_TRIALS as MAX_TRIALS  # noqa: PLC0414 (re-exported)
from pokerroom.equity.choices import Game as Game  # noqa: PLC0414 (re-exported)
from pokerroom.equity.holdem_exact import holdem_exact
from pokerroom.equity.kernels import HOLDEM, OMAHA, OMAHA_HILO, enumerate_boards, sample_boards
from pokerroom.errors import CardCountError, CardError, UsageError
from pokerroom.evaluate.kernels import kernel_tables

EXACT_BUDGET = 400_000_000  # hand evaluations an exact run may take (about 2–4 s)
DEFAULT_TRIALS = 1_000_000
CHUNK_EVALUATIONS = 2_000_000
"""Work of one compiled call (a tenth of a second or so): Ctrl-C is seen between calls."""
BOARD_SIZES = (0, 3, 4, 5)
"""A board is dealt as a flop, a turn and a river: no board, 3, 4 or 5 cards."""
MAX_PLAYERS = {2: 10, 4: 10, 5: 8, 6: 7}  # V-0: seats the deck allows for each hole size

Progress = Callable[[int, int], None]


KERNEL_GAME = {Game.HOLDEM: HOLDEM, Game.OMAHA: OMAHA, Game.OMAHA_HILO: OMAHA_HILO}
"""Each game's code in the compiled kernels."""


@dataclass(frozen=True, slots=True)
class HandEquity:
    """One hand's result: outright wins, partial shares, and its average share of the pot."""

    cards: CardSet | None
    wins: int
    ties: int
    equity: float
    std_error: float | None


@dataclass(frozen=True, slots=True)
class EquityResult:
    game: Game
    board: CardSet
    dead: CardSet
    hands: tuple[HandEquity, ...]
    boards: int
    """Boards enumerated (exact) or deals sampled (Monte Carlo)."""
    exact: bool


def _hole_size(game: Game, hands: Sequence[CardSet | None]) -> int:
    sizes = {len(hand) for hand in hands if hand is not None}
    if not sizes:
        return game.hole_sizes[0]
    if len(sizes) > 1 or not sizes <= set(game.hole_sizes):
        allowed = " or ".join(str(s) for s in game.hole_sizes)
        got = ", ".join(str(len(h)) if h is not None else "?" for h in hands)
        raise CardCountError(
            f"{game} hands must all have {allowed} cards, got hands of {got} cards"
        )
    return sizes.pop()


def _validate(game: Game, hands: Sequence[CardSet | None], board: CardSet, dead: CardSet) -> int:
    if len(hands) < 2:
        raise CardCountError(f"equity needs at least 2 hands, got {len(hands)}")
    hole = _hole_size(game, hands)
    if len(hands) > MAX_PLAYERS[hole]:
        raise CardCountError(
            f"{game} with {hole} hole cards seats at most {MAX_PLAYERS[hole]} players, "
            f"got {len(hands)} hands (V-0)"
        )
    if len(board) not in BOARD_SIZES:
        raise CardCountError(
            f"a board has 0, 3, 4 or 5 cards (flop, turn, river), got {len(board)}"
        )
    known = [card for hand in hands if hand is not None for card in hand]
    ensure_distinct([*known, *board, *dead])
    needed = sum(hole for hand in hands if hand is None) + 5 - len(board)
    undealt = 52 - len(known) - len(board) - len(dead)
    if needed > undealt:
        raise CardError(f"{needed} cards are still to come but only {undealt} are left")
    return hole


def calculate_equity(
    hands: Sequence[CardSet | None],
    *,
    board: CardSet | None = None,
    dead: CardSet | None = None,
    game: Game = Game.HOLDEM,
    trials: int | None = None,
    seed: int | None = None,
    progress: Progress | None = None,
) -> EquityResult:
    """Each hand's win, tie and equity share; ``None`` is an unknown hand (Monte Carlo).

    With ``trials`` the run is a Monte Carlo sample of that size; otherwise it
    is exact when the enumeration fits :data:`EXACT_BUDGET`.
    """
    board = board or CardSet()
    dead = dead or CardSet()
    hole = _validate(game, hands, board, dead)
    if trials is not None and not 1 <= trials <= MAX_TRIALS:
        raise UsageError(f"trials must be from 1 to {MAX_TRIALS:,}, got {trials:,}")
    holes = np.array(
        [[c.index for c in hand] if hand is not None else [-1] * hole for hand in hands],
        dtype=np.int64,
    )
    used = {c.index for hand in hands if hand is not None for c in hand}
    used |= {c.index for c in board} | {c.index for c in dead}
    rest = np.array([i for i in range(52) if i not in used], dtype=np.int64)
    board_cards = np.zeros(5, dtype=np.int64)
    board_cards[: len(board)] = [c.index for c in board]
    need = 5 - len(board)
    per_board = len(hands) * (1 if game is Game.HOLDEM else math.comb(hole, 2) * 10)
    boards = math.comb(len(rest), need)
    exact = trials is None and None not in hands and boards * per_board <= EXACT_BUDGET
    accumulators = tuple(
        np.zeros(len(hands), dtype=dtype) for dtype in (np.int64, np.int64, float, float)
    )
    tables = kernel_tables()
    code = KERNEL_GAME[game]
    chunk = max(1, CHUNK_EVALUATIONS // per_board)
    if exact and game is Game.HOLDEM:
        wins, splits = _holdem_exact(holes, board_cards, len(board), rest, boards, chunk, progress)
        accumulators[0][:] = wins
        accumulators[1][:] = splits.sum(axis=1)
        accumulators[2][:] = wins + (splits / np.maximum(np.arange(splits.shape[1]), 1)).sum(axis=1)
        total = boards
    elif exact:
        comb = np.arange(max(need, 1), dtype=np.int64)
        done = 0
        while done < boards:
            done += enumerate_boards(
                code, holes, board_cards, len(board), rest, comb, chunk, tables, accumulators
            )
            if progress:
                progress(done, boards)
        total = boards
    else:
        total = trials or DEFAULT_TRIALS
        state = np.array([_seed_state(seed)], dtype=np.uint64)
        done = 0
        while done < total:
            step = min(chunk, total - done)
            sample_boards(
                code, holes, board_cards, len(board), rest, step, state, tables, accumulators
            )
            done += step
            if progress:
                progress(done, total)
    wins, ties, share, share_sq = accumulators
    results = []
    for i, hand in enumerate(hands):
        mean = float(share[i]) / total
        error = None if exact else math.sqrt(max(share_sq[i] / total - mean * mean, 0.0) / total)
        results.append(HandEquity(hand, int(wins[i]), int(ties[i]), mean, error))
    return EquityResult(game, board, dead, tuple(results), total, exact)


def _holdem_exact(
    holes: npt.NDArray[np.int64],
    board: npt.NDArray[np.int64],
    known: int,
    rest: npt.NDArray[np.int64],
    boards: int,
    chunk: int,
    progress: Progress | None,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Win counts and split counts by number of sharers, in chunks of first cards."""
    players = holes.shape[0]
    wins = np.zeros(players, dtype=np.int64)
    splits = np.zeros((players, players + 1), dtype=np.int64)
    first_cards = max(len(rest) - (5 - known) + 1, 1)
    step = max(1, first_cards * chunk // max(boards, 1))
    done = 0
    for start in range(0, first_cards, step):
        stop = min(start + step, first_cards)
        done += holdem_exact(holes, board, known, rest, start, stop, kernel_tables(), wins, splits)
        if progress:
            progress(done, boards)
    return wins, splits


def _seed_state(seed: int | None) -> int:
    """A non-zero 64-bit generator state: from ``seed`` (splitmix64) or the OS."""
    value = secrets.randbits(64) if seed is None else seed
    value = (value + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return (value ^ (value >> 31)) or 1
