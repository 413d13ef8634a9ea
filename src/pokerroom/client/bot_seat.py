"""A bot playing a seat over the table protocol: frames in, messages out (docs/bots.md).

A bot account's client gets the same table frames as any player's (its own cards, the
boards, stacks, bets, the legal actions), never more. :func:`view_from_frame` turns one
into the :class:`~pokerroom.engine.views.HandView` a :mod:`pokerroom.bots` bot decides
from, and :func:`reply` turns the bot's decision into the message to send. Positions are
the engine's as the button and blinds show them (seat order in Stud). The frame tells
the hand's story in words, not events, so the view's ``events`` are empty: a bot that
reads the betting history sees only what the stacks and bets say; and ``pots`` are the
frame's (one pot, bets included, until there are side pots).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokerroom.bots import Bot
from pokerroom.cards import Card
from pokerroom.engine import VARIANTS, Action, ActionKind
from pokerroom.engine.actions import LegalActions
from pokerroom.engine.views import HandView


def _card(token: str | None) -> Card | None:
    return None if token is None else Card.parse(token)


def _dealt_seats(frame: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The seats dealt into this hand in the engine's order, the button last: from the seat
    after the button, else (a dead button) from the small blind, else the big blind; in
    Stud, which has neither, in seat order."""
    dealt = [seat for seat in frame["seats"] if seat["name"] is not None and seat["cards"]]
    marks = (("button", 1), ("small_blind", 0), ("big_blind", 0))
    for mark, after in marks:
        index = next((i for i, seat in enumerate(dealt) if seat[mark]), None)
        if index is not None:
            first = (index + after) % len(dealt)
            return dealt[first:] + dealt[:first]
    return dealt


def _first_bet(actions: Mapping[str, Any]) -> bool:
    """Whether a raise now would be the round's first bet: a ``bet``, or completing the
    bring-in when the player could post it himself (nothing to call yet)."""
    word = None if actions["raise_to"] is None else actions["raise_to"]["word"]
    return word == "bet" or (word == "complete" and actions["call"] is None)


def _legal(actions: Mapping[str, Any], player: int) -> LegalActions:
    sized = actions["raise_to"]
    return LegalActions(
        player=player,
        fold=actions["fold"],
        check=actions["check"],
        call=actions["call"],
        raise_min=None if sized is None else sized["min"],
        raise_max=None if sized is None else sized["max"],
        bet=_first_bet(actions),
        bring_in=actions["bring_in"],
        raise_sizes=() if sized is None else tuple(sized["sizes"]),
        raise_step=1 if sized is None else sized["step"],
        complete=sized is not None and sized["word"] == "complete",
    )


def view_from_frame(frame: Mapping[str, Any]) -> HandView | None:
    """The hand as this client's seat sees it; None when no hand is dealt to it."""
    hand = frame["hand"]
    seats = _dealt_seats(frame)
    mine = next((i for i, seat in enumerate(seats) if seat["you"]), None)
    if hand is None or mine is None:
        return None
    variant = VARIANTS[frame["game"]["variant"]]
    streets = [street.name for street in variant.streets]
    actions = frame["you"]["actions"]
    positions = {seat["seat"]: i for i, seat in enumerate(seats)}
    return HandView(
        viewer=mine,
        phase=hand["phase"],
        to_act=positions.get(hand["to_act"]) if hand["phase"] == "bet" else None,
        stacks=tuple(seat["stack"] for seat in seats),
        committed=tuple(seat["bet"] for seat in seats),
        pot=hand["pot"],
        pots=tuple(pot["amount"] for pot in hand["pots"]),
        boards=tuple(tuple(Card.parse(token) for token in board) for board in hand["boards"]),
        hole=tuple(tuple(_card(token) for token in seat["cards"]) for seat in seats),
        folded=tuple(seat["folded"] for seat in seats),
        events=(),
        legal=None if actions is None else _legal(actions, mine),
        street=streets.index(hand["street"]) if hand["street"] in streets else 0,
        big_blind=frame["game"]["big_blind"] or frame["game"]["bring_in"] or 1,
        names=tuple(seat["name"] for seat in seats),
        game=variant.code,
    )


def _act(action: Action, actions: Mapping[str, Any]) -> dict[str, object]:
    match action.kind:
        case ActionKind.RAISE:
            word = actions["raise_to"]["word"]  # bet, raise or complete: what the table calls it
            return {"type": "act", "action": word, "amount": action.amount}
        case ActionKind.BRING_IN:
            return {"type": "act", "action": "bring_in"}
    return {"type": "act", "action": str(action.kind)}


def reply(bot: Bot, frame: Mapping[str, Any]) -> dict[str, object] | None:
    """The message ``bot`` sends for this frame, or None when the table does not wait for it.

    At a showdown it shows (P-5); a bot that wants to muck sends ``muck`` itself."""
    decision = frame["you"]["decision"]
    if decision == "show":
        return {"type": "show"}
    view = view_from_frame(frame)
    if view is None or decision not in ("act", "draw"):
        return None
    if decision == "draw":
        return {"type": "draw", "cards": [str(card) for card in bot.discard(view)]}
    return _act(bot.decide(view), frame["you"]["actions"])


def safe_reply(frame: Mapping[str, Any]) -> dict[str, object] | None:
    """A decision the table always takes, for when it refused the bot's: check, else fold
    (call or bring in when neither is open); stand pat; show."""
    you = frame["you"]
    match you["decision"]:
        case "show":
            return {"type": "show"}
        case "draw":
            return {"type": "draw", "cards": []}
        case "act":
            actions = you["actions"]
            for name, open_now in (
                ("check", actions["check"]),
                ("fold", actions["fold"]),
                ("call", actions["call"] is not None),
                ("bring_in", actions["bring_in"] is not None),
            ):
                if open_now:
                    return {"type": "act", "action": name}
    return None
