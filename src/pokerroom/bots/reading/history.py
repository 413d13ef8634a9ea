"""A hand's public betting story, read from a view's events: who did what, facing what.

Both the range narrowing (this hand) and the opponent statistics (across hands)
read the same records, so they agree on what a bet, a call or a fold facing a
bet is.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.engine import events as ev
from pokerroom.engine.views import HandView


@dataclass(frozen=True, slots=True)
class Move:
    """One voluntary action with what the player knew of the pot when he took it."""

    player: int
    kind: str
    """'fold', 'check', 'call' or 'raise' (a bet, raise or completion)."""
    round: int
    """The betting round: 0 is the first (pre-flop, third street, before the draw)."""
    owed: int
    """Chips he had to put in to stay (0: he could check)."""
    added: int
    """Chips a raise put in beyond the call."""
    pot: int
    """The pot before his action, every bet in front of the players included."""
    raises: int
    """Bets and raises already made in this round."""
    board: int
    """Cards on the (first) board when he acted."""
    dealt: int
    """Cards he had been dealt by then (Stud: how many of his seven were out)."""


def moves(view: HandView) -> list[Move]:
    """Every voluntary action of the hand so far, in order (blinds, antes, bring-ins excluded)."""
    players = len(view.stacks)
    committed = [0] * players
    dealt = [0] * players
    pot, board, round_, raises = 0, 0, 0, 0
    acted = False
    found: list[Move] = []
    for event in view.events:
        if isinstance(event, ev.DealHole | ev.Discard | ev.DealBoard):
            if acted:
                round_, raises, acted = round_ + 1, 0, False
                committed = [0] * players
            if isinstance(event, ev.DealHole):
                dealt[event.player] += len(event.cards)
            elif isinstance(event, ev.Discard):
                dealt[event.player] -= len(event.cards)
            elif event.board == 0:
                board += len(event.cards)
            continue
        match event:
            case ev.PostAnte(_, amount):
                pot += amount
            case ev.PostBlind(player, amount) | ev.BringIn(player, amount):
                pot += amount - committed[player] if amount > committed[player] else 0
                committed[player] = max(committed[player], amount)
                acted = acted or isinstance(event, ev.BringIn)
            case ev.Fold(player) | ev.Check(player):
                owed = max(committed) - committed[player]
                kind = "fold" if isinstance(event, ev.Fold) else "check"
                found.append(Move(player, kind, round_, owed, 0, pot, raises, board, dealt[player]))
                acted = True
            case ev.Call(player, to) | ev.BetRaise(player, to):
                owed = max(committed) - committed[player]
                top = max(committed)
                raising = isinstance(event, ev.BetRaise)
                kind = "raise" if raising else "call"
                added = max(0, to - top) if raising else 0
                found.append(
                    Move(player, kind, round_, owed, added, pot, raises, board, dealt[player])
                )
                pot += to - committed[player]
                committed[player] = to
                raises += raising
                acted = True
    return found


def raises_this_round(view: HandView) -> int:
    """Bets and raises since the last cards were dealt."""
    count = 0
    for event in reversed(view.events):
        if isinstance(event, ev.DealHole | ev.Discard | ev.DealBoard):
            break
        count += isinstance(event, ev.BetRaise)
    return count
