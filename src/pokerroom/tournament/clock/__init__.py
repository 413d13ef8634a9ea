"""The tournament clock (T-10, T-20): levels and breaks on one clock per tournament.

``state`` derives the clock from its schedule, the director's log and the time; ``events``
are the director's timestamped actions; ``timesource`` gives real or simulated time;
``render`` draws the clock screen's text.
"""

from pokerroom.tournament.clock.schedule import Schedule
from pokerroom.tournament.clock.state import Clock, ClockState, clock_changes, clock_state
from pokerroom.tournament.clock.timesource import SimulatedTime, SystemTime

__all__ = [
    "Clock",
    "ClockState",
    "Schedule",
    "SimulatedTime",
    "SystemTime",
    "clock_changes",
    "clock_state",
]
