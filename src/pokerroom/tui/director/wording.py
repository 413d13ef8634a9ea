"""The console's fixed words: the header line and the list of keys."""

from __future__ import annotations

from pokerroom.i18n import N_, _, ngettext
from pokerroom.tournament.clock.render import countdown
from pokerroom.tournament.live.desk import LiveDesk

KEYS_HELP = N_(
    "r reg e re-entry y re-buy a add-on d draw w print seats x bust b button c moves done s start "
    "space pause k break +/- l level n/m insert/remove level p penalty h hand o protest "
    "v ruling i/j deal g agree f pay u undo"
)
"""Wraps onto up to three lines of the status bar at 80 columns."""
PROMPT_KEYS = N_(" · enter: do, esc: drop")
"""After a prompt's label in the status bar: the longest label and this fit 80 columns."""


def header_line(desk: LiveDesk, tournament_id: int | None) -> str:
    """The tournament, its level and time left, on one line."""
    name = desk.regulation.name
    number = f"#{tournament_id} " if tournament_id is not None else ""
    state = desk.clock_state()
    if state is None:
        return f"{number}{name} · " + _("clock not started")
    level = state.level
    what = _("Level {number} {small}/{big}").format(
        number=level.number, small=level.small_blind, big=level.big_blind
    )
    if state.on_break is not None:
        what = _("Break after level {number}").format(number=level.number)
    left = "" if state.time_left is None else f" · {countdown(state.time_left)}"
    paused = " · " + _("PAUSED") if state.paused else ""
    players = desk.tournament.players_left
    still = ngettext("{count} left", "{count} left", players).format(count=players)
    return f"{number}{name} · {what}{left}{paused} · {still}"
