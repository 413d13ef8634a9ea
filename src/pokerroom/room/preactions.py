"""Pre-actions (X-3): a decision chosen before one's turn, sent only when the turn comes.

``check_fold`` (check, else fold), ``check`` and ``call_any`` (check, else call whatever
is bet) hold for the current betting round; ``fold_any`` ("fold to any bet": check while
free, fold to the first bet) for the rest of the hand. A ``check`` is discarded as soon as
someone bets: the situation changed (X-3). The others name what to do against any bet,
so a bet does not change what they mean; every pre-action ends with its round or hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.amounts import amount_text
from pokerroom.engine import Action, Hand
from pokerroom.i18n import N_, gettext

KINDS = ("check_fold", "check", "call_any", "fold_any")


@dataclass(frozen=True, slots=True)
class Pending:
    kind: str
    hand: int
    """The number of the hand it was chosen in."""
    street: int
    bet: int
    """The largest commitment of the round when it was chosen."""


def offered(hand: Hand, position: int) -> list[str]:
    """The pre-actions a live player who is not to act may choose now."""
    if (
        hand.phase != "bet"
        or hand.to_act == position
        or hand.folded[position]
        or hand.stacks[position] == 0
    ):
        return []
    owes = max(hand.committed) > hand.committed[position]
    return [kind for kind in KINDS if not (kind == "check" and owes)]


def why_gone(
    pending: Pending, hand: Hand, number: int, position: int, *, worded: bool = False
) -> str | None:
    """Why a pending pre-action no longer holds (the hand or round moved on, a bet came),
    or None while it does: in English for the room's checks, or ``worded`` for the player
    (in the current language)."""
    said = gettext if worded else str
    if pending.hand != number or hand.phase not in ("bet", "deal", "draw"):
        return said(N_("the hand moved on"))
    if hand.folded[position] or hand.stacks[position] == 0:
        return said(N_("you can no longer act"))
    if pending.kind != "fold_any" and hand.street != pending.street:
        return said(N_("the betting round ended"))
    bet = max(hand.committed) if hand.street == pending.street else 0
    if pending.kind == "check" and bet > pending.bet:
        amount = amount_text(bet) if worded else str(bet)
        return said(N_("the bet is now {amount}")).format(amount=amount)
    return None


def decision(pending: Pending, hand: Hand) -> Action | None:
    """What the pre-action does now it is the player's turn; None when it cannot apply
    (a Stud bring-in is due, V-5): the player then decides himself."""
    legal = hand.legal_actions()
    if legal.check:
        return Action.check()
    if pending.kind in ("check_fold", "fold_any") and legal.fold:
        return Action.fold()
    if pending.kind == "call_any" and legal.call is not None:
        return Action.call()
    return None
