"""Replaying an OFC record through :class:`~pokerroom.ofc.OfcHand`: actions checked, re-scored."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.cards import Card, format_cards
from pokerroom.history.ofc.record_model import OfcAction, OfcActionCode, OfcRecord
from pokerroom.ofc.errors import NotYourTurnError, OfcError, RowFullError, SurrenderError
from pokerroom.ofc.game import (
    FANTASY_TURN,
    HandResult,
    OfcHand,
)

# --------------------------------------------------------------------- replaying


@dataclass(frozen=True, slots=True)
class OfcIllegal:
    """The first action the rules refuse; ``action_index`` counts from 0 in ``actions``."""

    action_index: int
    action: str
    message: str
    rule: str
    """The RULES.md ID broken."""


@dataclass(frozen=True, slots=True)
class OfcReplay:
    """A replayed record: the rebuilt hand, the first illegal action, and the re-scored points.

    ``hand`` is the engine's hand where the replay stopped. An action the engine
    refuses changes nothing, and nothing after it is applied.
    """

    record: OfcRecord
    hand: OfcHand
    error: OfcIllegal | None = None

    @property
    def complete(self) -> bool:
        return self.hand.is_over

    @property
    def result(self) -> HandResult | None:
        return self.hand.result

    @property
    def points(self) -> tuple[int, ...] | None:
        """The points re-scored by the engine (O-5 … O-7), once the hand is over."""
        result = self.hand.result
        return None if result is None else result.points

    @property
    def matches_recorded(self) -> bool | None:
        """Whether the re-scored points equal ``_points``; None if either is missing."""
        recorded, points = self.record.points, self.points
        return None if recorded is None or points is None else recorded == points


_Problem = tuple[str, str]
"""Why an action is illegal, and the rule ID."""


class _RecordedDeals:
    """The replay's card source: when the engine deals, it takes the record's next entry.

    A deal is handed over only if that entry is a deal of the right size with no
    card dealt before; otherwise the engine gets no cards and :meth:`check` (or
    the next player action) reports why.
    """

    def __init__(self, actions: Sequence[OfcAction]) -> None:
        self._actions = actions
        self._dealt: set[Card] = set()
        self.cursor = 0
        """Where the next deal is looked for: the entry after the action being applied."""
        self.served: int | None = None
        self.wanted: int | None = None
        """Cards the engine asked for and did not get."""

    def deal(self, count: int) -> list[Card]:
        index = next(
            (
                i
                for i in range(self.cursor, len(self._actions))
                if self._actions[i].code is not OfcActionCode.NO_OP
            ),
            None,
        )
        action = None if index is None else self._actions[index]
        if (
            action is None
            or action.code is not OfcActionCode.DEAL
            or len(action.cards) != count
            or not self._dealt.isdisjoint(action.cards)
        ):
            self.wanted = count
            return []
        self._dealt.update(action.cards)
        self.served = index
        return list(action.cards)

    def check(self, index: int, action: OfcAction, hand: OfcHand) -> _Problem | None:
        """Why the recorded deal at ``index`` is not the deal the rules make now, if it is not."""
        to_act = hand.to_act
        if self.served == index:
            self.served = None
            if to_act != action.player:
                return f"the dealer deals to {_label(to_act)} now, not {_label(action.player)}", (
                    "O-4" if hand.deal == FANTASY_TURN else "O-3"
                )
            return None
        wanted = self.wanted
        if wanted is None or to_act is None:
            if to_act is None:
                return "no deal is due: the hand is over", "O-2"
            left = format_cards(hand.pending(to_act))
            return f"no deal is due: {_label(to_act)} still has {left} to set or discard", "O-2"
        if len(action.cards) != wanted:
            return f"{_label(to_act)} is dealt {wanted} cards now, not {len(action.cards)}", (
                "O-4" if hand.deal == FANTASY_TURN else "O-2"
            )
        again = format_cards(card for card in action.cards if card in self._dealt)
        return f"{again} already dealt in this hand; each card is dealt once", "C-1"


def _label(player: int | None) -> str:
    return "nobody" if player is None else f"p{player + 1}"


def _in_record_terms(message: str) -> str:
    """The engine numbers players from 0 ("player 0"); a record says ``p1``."""
    return re.sub(r"\bplayer (\d+)", lambda m: f"p{int(m[1]) + 1}", message)


def _rule(error: OfcError, hand: OfcHand, player: int) -> str:
    """The rule an engine error enforces (the error classes follow O-1 … O-5)."""
    to_act = hand.to_act
    if isinstance(error, RowFullError):
        return "O-1"
    if isinstance(error, SurrenderError):
        return "O-5"
    if isinstance(error, NotYourTurnError) and to_act is not None:
        return "O-4" if hand.fantasy[player] or hand.fantasy[to_act] else "O-3"
    return "O-2"  # a card not dealt, a discard where none is due, an action after the end


def _apply(hand: OfcHand, action: OfcAction, source: _RecordedDeals) -> _Problem | None:
    """Apply one player action through the engine; its refusal is the problem."""
    player = action.player
    assert player is not None
    to_act = hand.to_act
    if source.wanted is not None and to_act is not None:
        return (
            f"{_label(to_act)} is due {source.wanted} cards first: the record must deal them "
            f"('d dh {_label(to_act)} CARDS') before this",
            "O-2",
        )
    try:
        match action.code:
            case OfcActionCode.SET:
                assert action.row is not None
                hand.place(player, action.cards[0], action.row)
            case OfcActionCode.DISCARD:
                hand.discard(player, action.cards[0])
            case OfcActionCode.SURRENDER:
                hand.surrender(player)
    except OfcError as error:
        return _in_record_terms(str(error)), _rule(error, hand, player)
    return None


def replay_record(record: OfcRecord) -> OfcReplay:
    """Rebuild the hand from the record's deals and apply every action, stopping at the first
    illegal one; the engine re-scores a finished hand (compare :attr:`OfcReplay.points`)."""
    source = _RecordedDeals(record.actions)
    hand = OfcHand(record.player_count, fantasy=record.fantasy_positions, source=source)
    for index, action in enumerate(record.actions):
        source.cursor = index + 1
        if action.code is OfcActionCode.NO_OP:
            continue
        if action.code is OfcActionCode.DEAL:
            problem = source.check(index, action, hand)
        else:
            problem = _apply(hand, action, source)
        if problem is not None:
            message, rule = problem
            return OfcReplay(record, hand, OfcIllegal(index, action.text, message, rule))
    return OfcReplay(record, hand)
