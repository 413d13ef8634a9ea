"""A deal among the last players (beyond the seed): ICM or chip-chop, recorded as a value.

The players still in agree to share the prizes of the places left, optionally keeping
an amount back that the winner of the rest of the tournament takes (``left_to_play``,
taken from first prize). Amounts are rounded down to the unit; what rounding leaves
goes to the chip leader (the first listed among equal leaders), as a payout table's
remainder goes to first place (T-2). A :class:`Deal` is what the director's log keeps.

>>> deal = chip_chop(["Ann", "Bob"], [3000, 1000], [700, 300])
>>> deal.amounts, deal.as_event()["method"]
((600, 400), 'chip-chop')
"""

from __future__ import annotations

import enum
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from pokerroom.i18n import N_
from pokerroom.said import Said
from pokerroom.tournament.money.icm import IcmError, icm_equities

_ROUNDING_SLACK = 1e-9
"""Float ICM sums may fall a hair below a whole unit; this keeps 2999.9999999 at 3000."""


class DealMethod(enum.StrEnum):
    ICM = "icm"
    """Each player gets his ICM equity of the prizes left."""
    CHIP_CHOP = "chip-chop"
    """Each player gets the lowest prize left, and the rest is shared by chips."""


@dataclass(frozen=True, slots=True)
class Deal:
    """What the last players agreed; amounts are paid now, ``left_to_play`` to the winner."""

    method: DealMethod
    players: tuple[str, ...]
    stacks: tuple[int, ...]
    prizes: tuple[int, ...]
    """The prizes of the places still open, place 1 first, one per player."""
    left_to_play: int
    unit: int
    amounts: tuple[int, ...]
    """Each player's money, in the order of ``players``; they sum to the prizes left to deal."""

    @property
    def dealt(self) -> int:
        return sum(self.prizes) - self.left_to_play

    def as_event(self) -> dict[str, object]:
        """The deal as a JSON-ready event for the director's log."""
        return {
            "event": "deal",
            "method": self.method.value,
            "players": list(self.players),
            "stacks": list(self.stacks),
            "prizes": list(self.prizes),
            "left_to_play": self.left_to_play,
            "unit": self.unit,
            "amounts": dict(zip(self.players, self.amounts, strict=True)),
        }


def icm_deal(
    players: Sequence[str],
    stacks: Sequence[int],
    prizes: Sequence[int],
    *,
    unit: int = 1,
    left_to_play: int = 0,
) -> Deal:
    """Each player's ICM equity of the prizes left, first prize less ``left_to_play``."""
    dealt = _check(players, stacks, prizes, unit, left_to_play)
    values = [Fraction(value) for value in icm_equities(stacks, dealt)]
    return _deal(DealMethod.ICM, players, stacks, prizes, unit, left_to_play, values)


def chip_chop(
    players: Sequence[str],
    stacks: Sequence[int],
    prizes: Sequence[int],
    *,
    unit: int = 1,
    left_to_play: int = 0,
) -> Deal:
    """Everyone gets the lowest prize left; the rest is shared in proportion to chips.

    Unlike ICM, a big chip leader can be given more than first prize; a director shows
    both and the players choose.
    """
    dealt = _check(players, stacks, prizes, unit, left_to_play)
    floor = dealt[-1]
    rest = sum(dealt) - floor * len(dealt)
    chips = sum(stacks)
    values = [floor + Fraction(rest * stack, chips) for stack in stacks]
    return _deal(DealMethod.CHIP_CHOP, players, stacks, prizes, unit, left_to_play, values)


def _check(
    players: Sequence[str],
    stacks: Sequence[int],
    prizes: Sequence[int],
    unit: int,
    left_to_play: int,
) -> list[int]:
    """The prizes as dealt (first less ``left_to_play``), once everything is allowed."""
    if len(players) < 2:
        raise IcmError(f"a deal needs at least 2 players, got {len(players)}")
    if len(set(players)) != len(players):
        raise IcmError(f"each player is in a deal once, got {list(players)}")
    if not len(stacks) == len(prizes) == len(players):
        raise IcmError(
            f"a deal needs one stack and one prize (the places left) per player: "
            f"{len(players)} players, {len(stacks)} stacks, {len(prizes)} prizes"
        )
    if any(a < b for a, b in itertools.pairwise(prizes)):
        raise IcmError(f"prizes go from first place down and never rise, got {list(prizes)}")
    if unit < 1:
        raise IcmError(f"the unit must be at least 1, got {unit}")
    most = prizes[0] - prizes[1]
    if not 0 <= left_to_play <= most:
        raise IcmError(
            Said(
                N_("left_to_play must be from 0 to first prize less second ({most}), got {given}"),
                most=most,
                given=left_to_play,
            )
        )
    return [prizes[0] - left_to_play, *prizes[1:]]


def _deal(
    method: DealMethod,
    players: Sequence[str],
    stacks: Sequence[int],
    prizes: Sequence[int],
    unit: int,
    left_to_play: int,
    values: Sequence[Fraction],
) -> Deal:
    """Round each value down to the unit; the chip leader takes what is left."""
    dealt = sum(prizes) - left_to_play
    amounts = [math.floor(value / unit + Fraction(_ROUNDING_SLACK)) * unit for value in values]
    leader = max(range(len(stacks)), key=lambda index: (stacks[index], -index))
    amounts[leader] += dealt - sum(amounts)
    return Deal(
        method,
        tuple(players),
        tuple(stacks),
        tuple(prizes),
        left_to_play,
        unit,
        tuple(amounts),
    )
