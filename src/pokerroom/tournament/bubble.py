"""Hand-for-hand play on the bubble (beyond the seed, as every major tournament does; T-12).

When the next bust-out is the last unpaid place — players left = places paid + 1 — and
nobody more can come in or stay in by paying (late registration, re-entry and re-buy are
over, T-19, T-11), the director calls hand-for-hand, if more than one table is in play:

- A round starts when every table is ready (none is playing a hand, none is still coming
  to deal); every ready table then deals one hand, and no table deals again until every
  table of the round has finished. Balancing (T-6), breaking (T-7) and the final table
  (T-8) still happen at hand starts, as always; a table held short is not dealt in that
  round.
- The bust-outs of all the round's hands are placed together after its last hand, by
  their stacks at the start of their hands (T-12 extended): the larger stack places
  higher, equal stacks share their places' money; among equal stacks the lower table
  number, then the first clockwise from the button, takes the higher place.
- Hand-for-hand ends as soon as the players left are at most the places paid (the bubble
  burst, possibly with several players sharing the last paid places' money); then tables
  deal on their own again.

The log shows it as :class:`HandForHandStarted`, one :class:`HandForHandRound` per round
(the running numbers of its hands, before its bust-outs) and :class:`HandForHandEnded`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokerroom.tournament.events import Entered, EntryKind, HandForHandRound
from pokerroom.tournament.money.payouts import Entries, payout
from pokerroom.tournament.regulation.model import Regulation


def entries_closed(regulation: Regulation, level: int, *, late_ended: bool = False) -> bool:
    """T-19, T-11: after ``level`` (the last one started) nobody can buy in or re-buy;
    ``late_ended``: the director closed late registration and re-entry early (T-16)."""
    last = 0 if late_ended else regulation.late_registration.until_level
    for terms in (None if late_ended else regulation.re_entry, regulation.rebuy):
        if terms is not None:
            last = max(last, terms.until_level)
    return level > last


class EntryTally:
    """The desk's counts kept as entries come (so the run never recounts the field), and
    the number of places paid for them (T-2)."""

    def __init__(self, regulation: Regulation) -> None:
        self._regulation = regulation
        self._players: set[str] = set()
        self._re_entries = 0
        self._paid: tuple[int, int] | None = None
        """(entries, places paid) last computed."""

    def add(self, event: Entered) -> None:
        if event.kind is EntryKind.ENTRY:
            self._players.add(event.player)
        elif event.kind is EntryKind.RE_ENTRY:
            self._re_entries += 1

    def places_paid(self) -> int:
        entries = len(self._players) + self._re_entries
        if self._paid is None or self._paid[0] != entries:
            counts = Entries(entrants=len(self._players), re_entries=self._re_entries)
            prizes = payout(self._regulation, counts).prizes
            self._paid = (entries, sum(1 for prize in prizes if prize))
        return self._paid[1]


@dataclass(slots=True)
class HandForHand:
    """The hand-for-hand state of a run: on or off, and the round being dealt."""

    active: bool = False
    rounds: int = 0
    waiting: set[int] = field(default_factory=set)
    """Tables ready to deal the next round."""
    started: float | None = None
    """When the round being dealt started (None: no round is being dealt)."""
    hands: list[int] = field(default_factory=list)
    busts: dict[int, list[tuple[str, int]]] = field(default_factory=dict)
    """Per table, the round's busted players (clockwise from the button) with their stacks
    at the start of the hand."""

    def due(self, *, players_left: int, places_paid: int, closed: bool, tables: int) -> bool:
        """Whether the director calls hand-for-hand now."""
        return not self.active and closed and tables > 1 and players_left == places_paid + 1

    def start(self) -> None:
        self.active = True

    def over(self, *, players_left: int, places_paid: int) -> bool:
        return self.active and players_left <= places_paid

    def stop(self) -> None:
        """Tables deal on their own again; the caller wakes the ``waiting`` ones."""
        self.active = False

    @property
    def in_round(self) -> bool:
        return self.started is not None

    def open_round(self, at: float) -> None:
        self.started, self.hands, self.busts = at, [], {}
        self.rounds += 1

    def close_round(self, at: float) -> tuple[HandForHandRound, list[tuple[str, int]]]:
        """The round's event, and its busted players in the order ties are placed."""
        assert self.started is not None, "no hand-for-hand round is being dealt"
        event = HandForHandRound(at, self.rounds, self.started, tuple(self.hands))
        busted = [bust for table in sorted(self.busts) for bust in self.busts[table]]
        self.started = None
        return event, busted
