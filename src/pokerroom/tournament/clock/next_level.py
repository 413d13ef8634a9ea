""" "Next level now" (T-20): the one door every screen uses to end the level or break running.

The event removes exactly the time left at the moment it is stamped, read at that same
moment: a clock that moved on between a screen's reading and the key press still ends its
segment, and what the schedule has next (a break after that level included) begins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.i18n import N_
from pokerroom.said import Said
from pokerroom.tournament.clock.errors import ClockError, NotStartedError
from pokerroom.tournament.clock.events import RemoveTime

if TYPE_CHECKING:
    from pokerroom.tournament.clock.state import ClockState


def next_level_now(state: ClockState) -> RemoveTime:
    """The event ending, at ``state.now``, the level or break ``state`` shows running."""
    if not state.started:
        raise NotStartedError(
            Said(N_("cannot skip to the next level: the tournament has not started yet"))
        )
    if state.time_left is None:
        raise ClockError(
            f"level {state.level.number} is the last level: it runs on until the tournament "
            "ends; insert a level after it first"
        )
    return RemoveTime(state.now, state.time_left)
