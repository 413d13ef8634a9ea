"""What one seat, or an observer, may see of a hand (X-4).

Every stack and bet is public; hole cards are visible to their owner and to
everyone once shown; the deck order and burned cards are never in a view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import overload

from pokerroom.cards import Card
from pokerroom.engine import events as ev
from pokerroom.engine.actions import LegalActions
from pokerroom.engine.hand import Hand


@dataclass(frozen=True, slots=True)
class HandView:
    viewer: int | None
    """The seat's position, or None for an observer."""
    phase: str
    to_act: int | None
    stacks: tuple[int, ...]
    committed: tuple[int, ...]
    pot: int
    pots: tuple[int, ...]
    """Main pot then side pots (P-1), amounts only."""
    boards: tuple[tuple[Card | None, ...], ...]
    hole: tuple[tuple[Card | None, ...], ...]
    """Each player's hole cards as this viewer sees them: unknown cards are None."""
    folded: tuple[bool, ...]
    events: tuple[ev.Event, ...]
    legal: LegalActions | None
    """What the viewer may do now, when it is his turn to bet."""
    street: int
    big_blind: int
    """The smallest bet of the hand (the big blind in blind games)."""
    # Names and game stay out of the repr, which bots hash for their seeds, so that the
    # tables' bots decide as they did before these fields were added.
    names: tuple[str, ...] = field(default=(), repr=False)
    """Each position's player name when the table gives them (public, like the seats);
    a bot keeps its model of each opponent by it. Empty when unknown."""
    game: str = field(default="", repr=False)
    """The variant's code (``holdem``, ``omaha-hilo``, ``stud`` …): public, like the rules;
    a bot needs it to tell a split game from its high-only twin."""


_MAY_HIDE = (ev.DealHole, ev.Burn, ev.Discard)
"""The only events that may carry a card the viewer must not see."""


_BURNED = ev.Burn(None)


@cache
def _hidden_hole(player: int, count: int) -> ev.DealHole:
    """Another player's face-down cards as the viewer sees them: one object for each
    player and count (events never change), not a new one for every view of the hand."""
    return ev.DealHole(player, (None,) * count)


@cache
def _hidden_discard(player: int, count: int) -> ev.Discard:
    return ev.Discard(player, (None,) * count)


def _visible(event: ev.Event, viewer: int | None) -> ev.Event:
    if not isinstance(event, _MAY_HIDE):  # most events: quick, as a table re-views its hand
        return event
    match event:
        case ev.DealHole(player, cards, face_up) if player != viewer and not face_up:
            return _hidden_hole(player, len(cards))
        case ev.Burn():
            return _BURNED
        case ev.Discard(player, cards) if player != viewer:
            return _hidden_discard(player, len(cards))
    return event


def _face_up_only(
    hole: tuple[Card | None, ...], face_up: tuple[Card | None, ...]
) -> tuple[Card | None, ...]:
    """Another player's cards (``hole``) with the face-down ones hidden: those of
    ``face_up`` (Stud's up cards) stay visible."""
    if not face_up:  # most games: every card face down
        return (None,) * len(hole)
    up = list(face_up)
    seen: list[Card | None] = []
    for card in hole:
        if card is not None and card in up:
            up.remove(card)
            seen.append(card)
        else:
            seen.append(None)
    return tuple(seen)


class VisibleEvents(Sequence[ev.Event]):
    """A hand's events as one viewer sees them, each hidden as it is read (X-4): a story
    told event by event reads only the new ones, not the whole hand again per frame."""

    __slots__ = ("_events", "_viewer")

    def __init__(self, hand: Hand, viewer: int | None) -> None:
        self._events = hand.events
        self._viewer = viewer

    def __len__(self) -> int:
        return len(self._events)

    @overload
    def __getitem__(self, index: int) -> ev.Event: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[ev.Event]: ...

    def __getitem__(self, index: int | slice) -> ev.Event | Sequence[ev.Event]:
        if isinstance(index, slice):
            return tuple(_visible(event, self._viewer) for event in self._events[index])
        return _visible(self._events[index], self._viewer)


def seen_holes(hand: Hand, viewer: int | None) -> tuple[tuple[Card | None, ...], ...]:
    """Every player's cards as ``viewer`` (None: an observer) sees them: his own, and of
    the others' only the shown and face-up ones (X-4); a table's public frame needs these
    and none of a view's other parts."""
    holes, up, shown = hand.hole, hand.up, hand.shown  # each a copy: taken once
    return tuple(
        holes[p] if p == viewer else (shown[p] or _face_up_only(holes[p], up[p]))
        for p in range(hand.players)
    )


def view_of(hand: Hand, viewer: int | None, names: tuple[str, ...] = ()) -> HandView:
    """The hand as ``viewer`` sees it: own and shown cards only (X-4, P-5).

    ``names`` are the players' names by position, if the caller knows them."""
    return HandView(
        viewer=viewer,
        phase=hand.phase,
        to_act=hand.to_act,
        stacks=tuple(hand.stacks),
        committed=tuple(hand.committed),
        pot=hand.pot,
        pots=tuple(pot.amount for pot in hand.pots),
        boards=tuple(tuple(board) for board in hand.boards),
        hole=seen_holes(hand, viewer),
        folded=tuple(hand.folded),
        events=tuple(
            [
                _visible(event, viewer) if isinstance(event, _MAY_HIDE) else event
                for event in hand.events
            ]
        ),
        legal=hand.legal_actions() if hand.phase == "bet" and hand.to_act == viewer else None,
        street=hand.street,
        big_blind=hand.config.min_bet,
        names=names,
        game=hand.config.variant.code,
    )
