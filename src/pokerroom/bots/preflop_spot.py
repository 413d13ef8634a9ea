"""What a Hold'em seat knows before the flop, read from its own view only (X-4).

Stacks, bets, antes and the order of actions are public; the only cards used
are the viewer's own two.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.bots.hand_classes import class_of_cards
from pokerroom.engine import events as ev
from pokerroom.engine.views import HandView


@dataclass(frozen=True, slots=True)
class Raise:
    """The last voluntary bet before the flop and what it meant."""

    player: int
    total: int
    """His chips at the start of the hand."""
    all_in: bool
    opponents: int
    """Players still in the hand besides him when he raised (his possible callers)."""


@dataclass(frozen=True, slots=True)
class PreflopSpot:
    hand_class: int
    total: int
    """The viewer's chips at the start of the hand (ante and blinds included)."""
    effective: int
    """The most he can win or lose: his total, capped by the largest live opponent's."""
    ante_equivalent: float
    """All antes ÷ 2, in big blinds: the heads-up tables' ante with the same dead money."""
    opponents: int
    """Live opponents who still have chips to call with."""
    behind: int
    """Of those, the ones who act after the viewer before the action is back to the raiser."""
    limpers: int
    raised: Raise | None
    winnable: int
    """Chips won, relative to folding, if the viewer matches the bet and wins."""
    risk: int
    """Chips lost, relative to folding, if he matches the bet and loses."""


def action_order(players: int) -> list[int]:
    """Preflop order by position: under the gun first, the big blind last (heads-up: button)."""
    return [1, 0] if players == 2 else [*range(2, players), 0, 1]


def preflop_spot(view: HandView) -> PreflopSpot | None:
    """The spot when the viewer acts before the flop in Hold'em, else None."""
    me = view.viewer
    if me is None or view.legal is None or view.street != 0 or len(view.boards) != 1:
        return None
    own = view.hole[me]
    if len(own) != 2 or own[0] is None or own[1] is None or any(view.boards[0]):
        return None
    players = len(view.stacks)
    antes = [0] * players
    folded_before: set[int] = set()
    limpers, raised_by, raised_opponents = 0, None, 0
    for event in view.events:
        match event:
            case ev.PostAnte(player, amount):
                antes[player] += amount
            case ev.Fold(player):
                folded_before.add(player)
            case ev.Call() if raised_by is None:
                limpers += 1
            case ev.BetRaise(player):
                raised_by = player
                raised_opponents = players - 1 - len(folded_before - {player})
    totals = [antes[p] + view.committed[p] + view.stacks[p] for p in range(players)]
    live = [p for p in range(players) if p != me and not view.folded[p]]
    able = [p for p in live if view.stacks[p] > 0]
    effective = min(totals[me], max((totals[p] for p in live), default=0))
    order = action_order(players)
    after = order[order.index(me) + 1 :] + order[: order.index(me)]
    if raised_by is not None:
        after = after[: after.index(raised_by)] if raised_by in after else after
    behind = sum(1 for p in after if p in able)
    matched = min(view.committed[me] + view.stacks[me], max(view.committed))
    excess = sum(max(0, view.committed[p] - matched) for p in range(players) if p != me)
    raised = None
    if raised_by is not None:
        all_in = view.stacks[raised_by] == 0
        raised = Raise(raised_by, totals[raised_by], all_in, max(raised_opponents, 1))
    return PreflopSpot(
        hand_class=class_of_cards(own[0], own[1]),
        total=totals[me],
        effective=effective,
        ante_equivalent=sum(antes) / 2 / view.big_blind,
        opponents=len(able),
        behind=behind,
        limpers=limpers,
        raised=raised,
        winnable=view.pot - excess,
        risk=matched - view.committed[me],
    )
