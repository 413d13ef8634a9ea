"""The chips in play at a live tournament (T-11, T-12, T-13), counted from the chips issued.

A live room never reports hands: a bust-out's chips went to the players who won them and
stay on the tables, though the players' recorded stacks (what each bought) lose them. So
what is in play is what the desk issued (entries, re-entries, re-buys, add-ons), changed
by what colour-up races and the director's count corrections added or removed and by an
Olympic stage's restart, less a disqualified player's chips (T-12: they leave play; a live
desk knows only what he bought). A bust-out changes nothing. For a tournament whose hands
are recorded this is the same figure as its stacks' total at every hand boundary.

>>> from pokerroom.tournament.director import Tournament
>>> from pokerroom.tournament.regulation import load_example
>>> t = Tournament(load_example("home-sit-and-go"))
>>> for name in ("Ann", "Bob", "Cy"):
...     _ = t.enter(name, at=0)
>>> _ = t.bust("Cy", at=60)
>>> chips_in_play(t), sum(r.chips for r in t.players.values())
(600, 400)
"""

from __future__ import annotations

from pokerroom.tournament.desk_events import ChipsCorrected
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import ChipsRaced, Entered, StacksRestarted
from pokerroom.tournament.penalties.log import PenaltyGiven


def chips_in_play(tournament: Tournament) -> int:
    """The chips on the tables now, from the ledger of chips issued and taken out."""
    total = 0
    for event in tournament.events:
        if isinstance(event, Entered):
            total += event.chips
        elif isinstance(event, ChipsRaced | StacksRestarted):
            total += sum(stack.after - stack.before for stack in event.stacks)
        elif isinstance(event, ChipsCorrected):
            total += event.after - event.before
        elif isinstance(event, PenaltyGiven):
            total -= event.chips_removed  # T-12: a disqualified player's chips leave play
    return total
