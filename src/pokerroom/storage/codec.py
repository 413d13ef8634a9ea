"""JSON forms of what the store keeps: settings, hand configs, hand records and decisions.

A hand dealt from a seeded deck is fully described by its config, the deck seed
and the players' decisions: feeding the decisions back through the engine
(:func:`apply_decisions`) deals the same cards and reaches the same state. The
decisions are read off the hand's events (:func:`decisions_of`), so nothing has
to be recorded besides the hand itself.

>>> from pokerroom.deck import Deck
>>> from pokerroom.engine import Action, Hand, HandConfig
>>> config = HandConfig.holdem([200, 200, 200], small_blind=1, big_blind=2)
>>> hand = Hand(config, Deck(seed=5))
>>> hand.act(Action.raise_to(6)); hand.act(Action.call())
>>> saved = [decision_to_json(d) for d in decisions_of(hand)]
>>> saved
[{'player': 2, 'action': 'raise', 'amount': 6}, {'player': 0, 'action': 'call'}]
>>> again = Hand(config_from_json(config_to_json(config)), Deck(seed=5))
>>> apply_decisions(again, [decision_from_json(d) for d in saved])
>>> again.events == hand.events
True
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pokerroom.cards import Card
from pokerroom.engine import (
    VARIANTS,
    Action,
    ActionKind,
    Hand,
    HandConfig,
    Limit,
    Options,
    Variant,
)
from pokerroom.engine import events as ev
from pokerroom.errors import PokerroomError
from pokerroom.table.series import HandRecord, SeriesSettings


class StorageError(PokerroomError):
    """Stored data that cannot be used: a missing series, a record that no longer replays."""


DRAW, SHOW, MUCK = "draw", "show", "muck"
RUNS = "runs"
"""The players' answer to run it twice, as the table took it: ``amount`` is 1 or 2 runs."""
TABLE = -1
"""The ``player`` of a decision the table takes for everyone (the run count)."""
_ACTIONS = {kind.value: kind for kind in ActionKind}


@dataclass(frozen=True, slots=True)
class Decision:
    """One input of a player: a betting action, a draw (V-8), or a show or muck at showdown.

    ``action`` is an :class:`~pokerroom.engine.ActionKind` value (``fold``, ``check``,
    ``call``, ``raise``, ``bring-in``) or ``draw``, ``show``, ``muck``; ``amount``
    is a raise's round total, ``cards`` what a draw throws away or a show reveals.
    ``runs`` is the run count the players chose (``amount`` 1 or 2, ``player`` -1).
    """

    player: int
    action: str
    amount: int | None = None
    cards: tuple[Card, ...] = ()


def decisions_of(hand: Hand) -> list[Decision]:
    """The players' decisions so far, in order, read off the hand's events."""
    decisions: list[Decision] = []
    for event in hand.events:
        match event:
            case ev.Fold(player):
                decisions.append(Decision(player, ActionKind.FOLD.value))
            case ev.Check(player):
                decisions.append(Decision(player, ActionKind.CHECK.value))
            case ev.Call(player):
                decisions.append(Decision(player, ActionKind.CALL.value))
            case ev.BetRaise(player, to):
                decisions.append(Decision(player, ActionKind.RAISE.value, to))
            case ev.BringIn(player):
                decisions.append(Decision(player, ActionKind.BRING_IN.value))
            case ev.Discard(player, cards):
                decisions.append(Decision(player, DRAW, cards=_known(cards)))
            case ev.Show(player, cards):
                decisions.append(Decision(player, SHOW, cards=_known(cards)))
            case ev.Muck(player):
                decisions.append(Decision(player, MUCK))
            case ev.ChooseRuns(runs):
                decisions.append(Decision(TABLE, RUNS, runs))
    return decisions


def _known(cards: Iterable[Card | None]) -> tuple[Card, ...]:
    return tuple(card for card in cards if card is not None)


def apply_decision(hand: Hand, decision: Decision) -> None:
    """Feed one decision to the hand; raises the engine's error if it is not legal now.

    A show or muck is applied only while the hand waits for it: a hand dealt from
    a deck shows down (and turns all-in hands up) by itself, so on replay those
    events come again without being asked for. A Stud hand turned up early for an
    all-in run-out (A-17) showed other cards than it holds at the showdown: that
    show was the run-out's, not the player's answer at the showdown.
    """
    player, action = decision.player, decision.action
    if action == RUNS:
        hand.choose_runs(decision.amount if decision.amount is not None else 0)
        return
    if action == SHOW and hand.shown[player] == decision.cards:
        return  # a hand the run-out turned up is shown again by the replay itself
    if action in (SHOW, MUCK):
        held = {card for card in hand.hole[player] if card is not None}
        early = action == SHOW and bool(decision.cards) and set(decision.cards) != held
        if hand.phase == "showdown" and hand.next_to_show == player and not early:
            if action == SHOW:
                hand.show(player, decision.cards or None)
            else:
                hand.muck(player)
        return
    if action == DRAW:
        hand.draw(decision.cards, player)
        return
    kind = _ACTIONS.get(action)
    if kind is None:
        raise StorageError(f"unknown decision {action!r} for player {player}")
    if kind is ActionKind.RAISE:
        if decision.amount is None:
            raise StorageError(f"a raise of player {player} without an amount")
        hand.act(Action.raise_to(decision.amount), player)
    else:
        hand.act(Action(kind), player)


def apply_decisions(hand: Hand, decisions: Iterable[Decision]) -> None:
    for decision in decisions:
        apply_decision(hand, decision)


def decision_to_json(decision: Decision) -> dict[str, Any]:
    data: dict[str, Any] = {"player": decision.player, "action": decision.action}
    if decision.amount is not None:
        data["amount"] = decision.amount
    if decision.cards:
        data["cards"] = [str(card) for card in decision.cards]
    return data


def decision_from_json(data: Mapping[str, Any]) -> Decision:
    try:
        return Decision(
            player=int(data["player"]),
            action=str(data["action"]),
            amount=None if data.get("amount") is None else int(data["amount"]),
            cards=tuple(Card.parse(token) for token in data.get("cards", ())),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise StorageError(f"a stored decision cannot be read: {data!r} ({error})") from None


# ------------------------------------------------------------------ settings and configs


def _variant(code: str) -> Variant:
    try:
        return VARIANTS[code]
    except KeyError:
        raise StorageError(f"unknown variant {code!r} in the store") from None


def settings_to_json(settings: SeriesSettings) -> dict[str, Any]:
    return {
        "variant": settings.variant.code,
        "limit": settings.limit.value,
        "stack": settings.stack,
        "small_blind": settings.small_blind,
        "big_blind": settings.big_blind,
        "ante": settings.ante,
        "profile": settings.profile,
        "mixed": settings.mixed,
        "orbit": settings.orbit,
        "smallest_chip": settings.smallest_chip,
        "straddle": settings.straddle,
        "run_it_twice": settings.run_it_twice,
    }


def settings_from_json(data: Mapping[str, Any]) -> SeriesSettings:
    try:
        return SeriesSettings(
            variant=_variant(data["variant"]),
            limit=Limit(data["limit"]),
            stack=int(data["stack"]),
            small_blind=int(data["small_blind"]),
            big_blind=int(data["big_blind"]),
            ante=int(data["ante"]),
            profile=str(data["profile"]),
            mixed=bool(data.get("mixed", False)),
            orbit=int(data.get("orbit", 0)),
            smallest_chip=int(data.get("smallest_chip", 1)),
            straddle=str(data.get("straddle", "off")),
            run_it_twice=bool(data.get("run_it_twice", False)),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise StorageError(f"stored series settings cannot be read: {error}") from None


def options_to_json(options: Options) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for field in dataclasses.fields(options):
        value = getattr(options, field.name)
        data[field.name] = value.value if isinstance(value, enum.Enum) else value
    return data


def options_from_json(data: Mapping[str, Any]) -> Options:
    """Options from JSON; an option the data lacks (added after it was saved) keeps its default."""
    defaults = Options()
    values: dict[str, Any] = {}
    for field in dataclasses.fields(defaults):
        if field.name in data:
            kind = type(getattr(defaults, field.name))
            values[field.name] = kind(data[field.name])
    return Options(**values)


def config_to_json(config: HandConfig) -> dict[str, Any]:
    return {
        "variant": config.variant.code,
        "limit": config.limit.value,
        "stacks": list(config.stacks),
        "min_bet": config.min_bet,
        "blinds": list(config.blinds),
        "antes": list(config.antes),
        "big_bet": config.big_bet,
        "bring_in": config.bring_in,
        "options": options_to_json(config.options),
    }


def config_from_json(data: Mapping[str, Any]) -> HandConfig:
    try:
        return HandConfig(
            variant=_variant(data["variant"]),
            limit=Limit(data["limit"]),
            stacks=tuple(int(s) for s in data["stacks"]),
            min_bet=int(data["min_bet"]),
            blinds=tuple(int(b) for b in data["blinds"]),
            antes=tuple(int(a) for a in data["antes"]),
            big_bet=int(data["big_bet"]),
            bring_in=int(data["bring_in"]),
            options=options_from_json(data["options"]),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise StorageError(f"a stored hand config cannot be read: {error}") from None


# ------------------------------------------------------------------ hand records


def record_to_json(record: HandRecord) -> dict[str, Any]:
    """The record with seat keys as strings, like ``pokerroom play --json``."""
    return {
        "number": record.number,
        "button": record.button,
        "small_blind": record.small_blind,
        "big_blind": record.big_blind,
        "stacks_before": {str(seat): chips for seat, chips in record.stacks_before.items()},
        "stacks_after": {str(seat): chips for seat, chips in record.stacks_after.items()},
        "eliminated": list(record.eliminated),
        **({} if record.straddle is None else {"straddle": record.straddle}),
    }


def record_from_json(data: Mapping[str, Any]) -> HandRecord:
    try:
        return HandRecord(
            number=int(data["number"]),
            button=int(data["button"]),
            small_blind=None if data["small_blind"] is None else int(data["small_blind"]),
            big_blind=int(data["big_blind"]),
            stacks_before={int(k): int(v) for k, v in data["stacks_before"].items()},
            stacks_after={int(k): int(v) for k, v in data["stacks_after"].items()},
            eliminated=tuple(int(seat) for seat in data["eliminated"]),
            straddle=None if data.get("straddle") is None else int(data["straddle"]),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise StorageError(f"a stored hand record cannot be read: {error}") from None
