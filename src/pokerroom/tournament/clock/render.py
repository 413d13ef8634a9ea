"""The clock as text (T-10): what a clock screen or the director's console shows.

A pure function of the clock's state, so every screen that shows the clock shows the same.

>>> from pokerroom.tournament.structure import Break, Level
>>> from pokerroom.tournament.clock.state import clock_state, Schedule
>>> levels = (Level(1, 20, 25, 50), Level(2, 20, 50, 100, ante=100, big_blind_ante=True))
>>> schedule = Schedule(levels, (Break(1, 10, color_up=25),), start_at=0)
>>> print(render_clock(clock_state(schedule, (), 7 * 60 + 30)))
Level 1 · blinds 25/50
Time left 12:30
Next level 2 · blinds 50/100, big-blind ante 100
Next break after level 1, in 12:30 · colour-up: the 25 chips go
Running 0:07:30 · played 0:07:30
"""

from __future__ import annotations

import math

from pokerroom.i18n import _, number_text
from pokerroom.tournament.clock.state import ClockState
from pokerroom.tournament.structure import Break, Level


def countdown(seconds: float) -> str:
    """m:ss with the seconds rounded up, as a countdown shows them (0.2 s left shows 0:01)."""
    whole = math.ceil(round(seconds, 3))
    minutes, secs = divmod(whole, 60)
    return f"{minutes}:{secs:02d}"


def clock_time(seconds: float) -> str:
    """h:mm:ss of time gone by, seconds rounded down."""
    whole = math.floor(round(seconds, 3))
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"


def forced_bets(level: Level) -> str:
    """The level's blinds, antes, bring-in and limit bets, as far as it has them."""
    parts: list[str] = []
    if level.big_blind:
        parts.append(
            _("blinds {small}/{big}").format(
                small=number_text(level.small_blind), big=number_text(level.big_blind)
            )
        )
    if level.ante:
        ante = number_text(level.ante)
        if level.big_blind_ante:
            parts.append(_("big-blind ante {ante}").format(ante=ante))
        else:
            parts.append(_("ante {ante}").format(ante=ante))
    if level.bring_in:
        parts.append(_("bring-in {amount}").format(amount=number_text(level.bring_in)))
    if level.small_bet:
        parts.append(
            _("bets {small}/{big}").format(
                small=number_text(level.small_bet), big=number_text(level.big_bet)
            )
        )
    return ", ".join(parts) or _("no forced bets")


def _level_line(words: str, level: Level) -> str:
    """``words`` has ``{number}`` for the level's number."""
    return words.format(number=level.number) + " · " + forced_bets(level)


def _color_up(pause: Break) -> str:
    if pause.color_up is None:
        return ""
    return " · " + _("colour-up: the {chip} chips go").format(chip=number_text(pause.color_up))


def _heading(state: ClockState) -> str:
    if not state.started:
        return (
            _("Starts in {time} · level {number}").format(
                time=countdown(state.starts_in), number=state.level.number
            )
            + " · "
            + forced_bets(state.level)
        )
    pause = state.on_break
    if pause is None:
        return _level_line(_("Level {number}"), state.level)
    if state.unscheduled_break:
        words = _("Unscheduled break after level {number}")
    else:
        words = _("Break after level {number}")
    return words.format(number=state.level.number) + _color_up(pause)


def _time_line(state: ClockState) -> str:
    if state.time_left is None:
        shown = _("--:-- (last level, no time limit)")
    else:
        shown = countdown(state.time_left)
    line = _("Time left {time}").format(time=shown)
    return line + "  " + _("PAUSED") if state.paused else line


def _next_break_line(state: ClockState) -> str:
    pause = state.next_break
    if pause is None or state.next_break_in is None:
        return _("Next break: none scheduled")
    when = countdown(state.next_break_in)
    return _("Next break after level {number}, in {time}").format(
        number=pause.after_level, time=when
    ) + _color_up(pause)


def render_clock(state: ClockState) -> str:
    """Five lines: the level or break, time left, next level, next break, time gone by."""
    following = state.next_level
    lines = [
        _heading(state),
        _time_line(state),
        _level_line(_("Next level {number}"), following)
        if following
        else _("Next level: none (last level)"),
        _next_break_line(state),
        _("Running {running} · played {played}").format(
            running=clock_time(state.elapsed), played=clock_time(state.play_time)
        ),
    ]
    return "\n".join(lines)
