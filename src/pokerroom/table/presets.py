"""Bet presets as exact legal totals (A-7), for any table screen: terminal or browser.

Built from the public numbers of the hand and the bettor's legal actions (:class:`BetSpot`),
or from those a table snapshot carries (:func:`preset_totals`), never from anyone's cards
(X-4). The pot-sized presets are worked out on the pot
after the player's call, as card rooms do; every preset is clamped into the legal range
(B-1, B-2), so "all-in" is the largest bet allowed and "pot" is the stack when that is less,
and rounded to the nearest whole bet unit (T-18: a tournament bets whole chips).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.engine import Action, Hand, LegalActions
from pokerroom.engine import events as ev
from pokerroom.i18n import N_, gettext

PRESETS = ("min", "½ pot", "⅔ pot", "pot", "all-in")
"""The presets by their keys (the protocol's and the keys' names); people read
:func:`preset_label`."""
PRESET_LABELS = {
    "min": N_("min"),
    "½ pot": N_("½ pot"),
    "⅔ pot": N_("⅔ pot"),
    "pot": N_("pot"),
    "all-in": N_("all-in"),
}


def preset_label(key: str) -> str:
    """A preset's button label in the reader's language: "½ pot", «½ банка»."""
    return gettext(PRESET_LABELS[key]) if key in PRESET_LABELS else key


OPENING_PRESETS = (("2.5×", 5), ("3×", 6))
"""Pre-flop opening sizes in big blinds (name, half big blinds): online rooms offer them."""


@dataclass(frozen=True, slots=True)
class BetSpot:
    """What the presets are worked out from: the bettor's legal actions and the public
    numbers of the hand (no card of anyone's, X-4)."""

    me: int
    legal: LegalActions | None
    pot: int
    committed: tuple[int, ...]
    stacks: tuple[int, ...]
    street: int
    big_blind: int
    blinds: bool
    """Whether blinds were posted (a blind game): only then the opening sizes are offered."""

    @classmethod
    def of_hand(cls, hand: Hand, position: int) -> BetSpot:
        """The spot of the player at ``position`` straight from the hand: its public numbers
        (the blinds read from the events' kinds alone) and his legal actions, for a server
        building the decider's frame without a second view of the hand."""
        betting = hand.phase == "bet" and hand.to_act == position
        return cls(
            position,
            hand.legal_actions() if betting else None,
            hand.pot,
            tuple(hand.committed),
            tuple(hand.stacks),
            hand.street,
            hand.config.min_bet,
            any(isinstance(event, ev.PostBlind) for event in hand.events),
        )


def spot_amounts(spot: BetSpot) -> dict[str, int]:
    """Every bet preset (min, ½ pot, ⅔ pot, pot, all-in) as a legal total (A-7), or none.

    Each is clamped into the legal range, so ``a`` is the largest bet allowed (the pot
    in pot-limit) and ``p`` is the pot or the stack if that is less (B-1, B-2). With only
    some sizes allowed (the Stud open pair, V-6) each preset is the nearest size below.
    """
    legal = spot.legal
    if legal is None or legal.raise_min is None or legal.raise_max is None:
        return {}
    return preset_totals(
        spot.pot,
        spot.committed,
        spot.committed[spot.me],
        legal.call,
        (legal.raise_min, legal.raise_max),
        legal.raise_sizes,
        legal.raise_step,
    )


def preset_totals(
    pot: int,
    committed: Sequence[int],
    mine: int,
    call: int | None,
    legal_range: tuple[int, int],
    sizes: Sequence[int] = (),
    step: int = 1,
) -> dict[str, int]:
    """:func:`spot_amounts` from the plain numbers a table snapshot carries: the pot
    (bets included), every bet in front this round, the player's own, the total a call
    reaches and the legal range (with its only ``sizes``, V-6, and its bet unit, T-18)."""
    low, high = legal_range
    legal = LegalActions(0, True, False, call, low, high, raise_sizes=tuple(sizes), raise_step=step)
    owed = (call or mine) - mine
    base = max(committed) if owed else 0
    after_call = pot + owed
    wanted = (low, base + after_call // 2, base + 2 * after_call // 3, base + after_call, high)
    return {name: legal.nearest_raise(amount) for name, amount in zip(PRESETS, wanted, strict=True)}


def spot_openings(spot: BetSpot) -> dict[str, int]:
    """Pre-flop in a blind game, the 2.5× and 3× big-blind raises that are legal now.

    Only legal sizes are offered (after a raise they are usually too small; T-18: not
    whole bet units), and none where the range is a single amount (fixed-limit, an all-in
    only).
    """
    legal = spot.legal
    if (
        legal is None
        or legal.raise_min is None
        or legal.raise_max is None
        or legal.raise_min == legal.raise_max
        or legal.raise_sizes
        or spot.street != 0
        or not spot.blinds
    ):
        return {}
    halves = spot.big_blind
    return {
        name: halves * count // 2
        for name, count in OPENING_PRESETS
        if legal.allows(Action.raise_to(halves * count // 2))
    }


def spot_presets(spot: BetSpot, *, opening: bool = False) -> list[tuple[str, int]]:
    """The presets as buttons: each distinct amount once, named "all-in" when it is the
    player's whole stack, else by its first preset; ``opening`` adds the pre-flop sizes
    (:func:`spot_openings`) first."""
    amounts = {**(spot_openings(spot) if opening else {}), **spot_amounts(spot)}
    if not amounts:
        return []
    me = spot.me
    everything = spot.stacks[me] + spot.committed[me]
    named: dict[int, str] = {}
    for name, amount in amounts.items():
        named.setdefault(amount, name)
    ordered = sorted(named.items())
    return [("all-in" if amount == everything else name, amount) for amount, name in ordered]
