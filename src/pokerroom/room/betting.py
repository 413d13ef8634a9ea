"""The words of a bet at the web table: what a sized bet is called now, and the action a
message names (``bet``, ``raise`` and ``complete`` all bet to a round total, A-7)."""

from __future__ import annotations

from pokerroom.engine import Action, Hand


def sized_word(hand: Hand) -> str | None:
    """How a bet of the player to act is called now: ``bet``, ``raise``, or ``complete``
    on Stud's third street until someone completes (V-5); None when he may not bet."""
    legal = hand.legal_actions()
    if legal.raise_min is None:
        return None
    if legal.complete:
        return "complete"
    return "bet" if legal.bet else "raise"


def action_for(word: str, amount: int | None) -> Action:
    """The engine action a message names; ``amount`` is given for the sized ones."""
    match word:
        case "fold":
            return Action.fold()
        case "check":
            return Action.check()
        case "call":
            return Action.call()
        case "bring_in":
            return Action.bring_in()
    assert amount is not None
    return Action.raise_to(amount)


def timeout_action(hand: Hand) -> Action:
    """A-18: the engine's timeout action (check when free in ``home``, else fold), or the
    bring-in when the Stud bring-in is due and folding is not allowed (V-5)."""
    action = hand.timeout_action()
    if hand.legal_actions().allows(action):
        return action
    return Action.bring_in()
