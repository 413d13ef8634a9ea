"""Push and call ranges for a short stack, from the shipped heads-up equilibrium tables.

The tables (``data/pushfold.npz``, made by ``scripts/compute_pushfold.py``) hold
the exact class-against-class equity matrix and the heads-up push/fold
equilibrium for effective stacks of 1 … 20 big blinds and antes of 0, ⅛, ¼
and ½ big blind. Everything beyond heads-up is a heuristic built on them:

* **Pushing** (``push_range``): take the fraction ``q`` of all starting hands
  the heads-up small blind pushes at this stack and ante, and push the top
  ``q ** e`` of hands, strongest first, with
  ``e = (1 + MULTIWAY · ln k) · (1 + PUSH_PRESSURE · pressure)`` where ``k``
  is the number of opponents still able to call. Hands are ordered by how
  long the equilibrium keeps pushing them as the stack grows, and ``q`` never
  shrinks as the stack does, so ranges widen monotonically as stacks
  shorten. Heads-up without pressure this is the equilibrium's share of
  hands taken strongest first; it differs from the equilibrium (which is not
  monotone: e.g. 53s is pushed at 1 … 2 and 4.5 … 12.5 big blinds but not in
  between) in a few borderline hands, which costs the pusher at most about
  0.003 big blinds a hand against a best response (tested). With
  ``MULTIWAY = 1.7`` a 10-big-blind stack pushes about 58 % of hands
  heads-up, 30 % with two players behind and 9 % with eight.
* **Calling** (``call_threshold``): call when the hand's equity against the
  pusher's modelled range beats the price, with chips lost weighted by a
  bubble factor ``b = 1 + CALL_PRESSURE · pressure + BEHIND · players
  behind``: call iff ``equity · win > b · (1 − equity) · risk``. Heads-up
  without pressure (``b = 1``) this is the best response to the
  equilibrium's push range, i.e. the equilibrium call.

``pressure`` (0 … 1) says how close the tournament is to the money; it
narrows pushing a little (``q ** 1.5`` at full pressure) and calling a lot
(a bubble factor of 3: a call needs three times the usual edge), as an ICM
model would: busting costs more than doubling up gains.
"""

from __future__ import annotations

import functools
import importlib.resources
import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pokerroom.bots.hand_classes import CLASSES, class_combos, class_index, pair_counts

Vector = npt.NDArray[np.float64]

MULTIWAY = 1.7
PUSH_PRESSURE = 0.5
CALL_PRESSURE = 2.0
BEHIND = 0.1
ACES = class_index("AA")
_COMBOS = np.array([class_combos(c) for c in range(CLASSES)], dtype=np.float64)


def check_pressure(pressure: float) -> float:
    """``pressure`` as a float, or a clear error when it is outside 0 … 1."""
    if not 0.0 <= pressure <= 1.0 or math.isnan(pressure):
        raise ValueError(f"pressure is a number from 0 (far from the money) to 1, got {pressure}")
    return float(pressure)


@dataclass(frozen=True, slots=True)
class PushFoldTables:
    """The shipped equity matrix and heads-up equilibria, indexed by (ante, stack)."""

    equity: npt.NDArray[np.float64]
    stacks: Vector
    antes: Vector
    push: npt.NDArray[np.float64]
    call: npt.NDArray[np.float64]
    order: npt.NDArray[np.int64]
    """Hand classes, strongest first for pushing."""
    iterations: int
    """Fictitious-play rounds the tables were solved with."""
    shares: npt.NDArray[np.float64]
    """``[ante, stack]``: the share of hands pushed, never shrinking as stacks do."""

    @staticmethod
    @functools.cache
    def load() -> PushFoldTables:
        data = importlib.resources.files("pokerroom.bots") / "data" / "pushfold.npz"
        with data.open("rb") as stream, np.load(stream) as tables:
            equity, stacks, antes = tables["equity"], tables["stacks"], tables["antes"]
            push, call = tables["push"], tables["call"]
            iterations = int(tables["iterations"])
        pushed = (push >= 0.5) @ _COMBOS / _COMBOS.sum()
        shares = np.maximum.accumulate(pushed[:, ::-1], axis=1)[:, ::-1]
        order = _push_order(equity, push, call)
        return PushFoldTables(equity, stacks, antes, push, call, order, iterations, shares)

    def _spot(self, stack: float, ante: float) -> tuple[int, int]:
        """The nearest tabled ante and stack (stacks beyond the table use its ends)."""
        a = int(np.abs(self.antes - ante).argmin())
        s = int(np.abs(self.stacks - stack).argmin())
        return a, s

    def nash_push(self, stack: float, ante: float = 0.0) -> Vector:
        """The heads-up small blind's equilibrium push probabilities by class."""
        a, s = self._spot(stack, ante)
        push: Vector = self.push[a, s]
        return push

    def nash_call(self, stack: float, ante: float = 0.0) -> Vector:
        """The heads-up big blind's equilibrium call probabilities by class."""
        a, s = self._spot(stack, ante)
        call: Vector = self.call[a, s]
        return call

    def top(self, fraction: float) -> Vector:
        """The strongest classes making up ``fraction`` of all hands (at least one class)."""
        chosen = np.zeros(CLASSES)
        before = np.concatenate(([0.0], np.cumsum(_COMBOS[self.order])[:-1])) / _COMBOS.sum()
        chosen[self.order[before < max(fraction, 1e-9)]] = 1.0
        return chosen

    def push_range(
        self, stack: float, ante: float = 0.0, opponents: int = 1, pressure: float = 0.0
    ) -> Vector:
        """Classes to push (1) or fold (0) with ``opponents`` still able to call; see the module."""
        if opponents < 1:
            raise ValueError(f"a push needs at least one opponent to call it, got {opponents}")
        heads_up = float(self.shares[self._spot(stack, ante)])
        exponent = (1 + MULTIWAY * math.log(opponents)) * (1 + PUSH_PRESSURE * pressure)
        return self.top(heads_up**exponent)

    def equity_against(self, cls: int, weights: Vector) -> float:
        """Class ``cls``'s all-in equity against a range, card removal in."""
        meet = pair_counts()[cls] * weights
        total = float(meet.sum())
        return float(meet @ self.equity[cls]) / total if total else 1.0


def call_threshold(win: float, risk: float, pressure: float = 0.0, behind: int = 0) -> float:
    """The equity a call needs: ``b · risk / (win + b · risk)`` with the bubble factor ``b``."""
    factor = 1 + CALL_PRESSURE * check_pressure(pressure) + BEHIND * max(behind, 0)
    return factor * risk / (win + factor * risk) if risk > 0 else 0.0


def _push_order(
    equity: npt.NDArray[np.float64], push: Vector, call: Vector
) -> npt.NDArray[np.int64]:
    """Classes by how many tabled stacks (no ante) the small blind pushes them at.

    Ties (the hands pushed at every stack up to 20 big blinds) go by equity
    against the big blind's widest-stack calling range.
    """
    pushed = (push[0] >= 0.5).sum(axis=0)
    caller = pair_counts() * call[0, -1][None, :]
    against = (caller * equity).sum(axis=1) / np.maximum(caller.sum(axis=1), 1e-12)
    return np.lexsort((-against, -pushed)).astype(np.int64)
