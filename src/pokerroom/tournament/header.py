"""The tournament header a table shows: three lines from one :class:`Lobby` (80 columns).

The terminal table prints them above the table; the web table sends them with its numbers.

>>> from pokerroom.tournament.lobby import PayJump
>>> from pokerroom.tournament.structure import Level
>>> lobby = Lobby(Level(2, 10, 2, 4), None, 455.0, Level(3, 10, 3, 6), 5, 6, 2, 310, 240,
...               60, (39, 21), PayJump(2, 21, 3))
>>> print("\\n".join(header_lines(lobby)))
Level 2 · blinds 2/4 · 7:35 left · next: blinds 3/6
5 of 6 left · you 2nd by chips · average 240 (60.0 bb)
pool 60 · next pay jump: 2nd 21, 3 more out
"""

from __future__ import annotations

from dataclasses import replace

from pokerroom.i18n import _, current_language, ngettext, number_text
from pokerroom.tournament.clock.render import countdown, forced_bets
from pokerroom.tournament.live.action_words import place_text
from pokerroom.tournament.lobby import Lobby
from pokerroom.tournament.structure import Level

HEADER_ROWS = 3
"""The header's lines: the clock, the field, the money."""
HEADER_WIDTH = 80
"""A terminal's columns: a longer clock line says less of the next level rather than wrap."""


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st; in Russian and Ukrainian 1-й, 2-й …"""
    if current_language() != "en":
        return f"{number}-й"
    last = 0 if 10 <= number % 100 <= 20 else number % 10
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(last, 'th') }"


def one_decimal(number: float) -> str:
    """``60.0`` (``60,0`` in Russian and Ukrainian): big blinds to one decimal."""
    text = f"{number:.1f}"
    return text if current_language() == "en" else text.replace(".", ",")


def _with_next(clock: str, following: Level) -> str:
    """The next level's forced bets after the clock; at late levels only its blinds (or its
    bets where it has none: Stud), or nothing, so that the line fits 80 columns.

    >>> line = "Level 14 · blinds 2,000/4,000, ante 500 · 14:20 left"
    >>> _with_next(line, Level(15, 20, 3_000, 6_000, ante=1_000))
    'Level 14 · blinds 2,000/4,000, ante 500 · 14:20 left · next: blinds 3,000/6,000'
    """
    if following.big_blind:
        main = replace(following, ante=0, bring_in=0, small_bet=0, big_bet=0)
    else:
        main = replace(following, ante=0, bring_in=0)
    for told in (forced_bets(following), forced_bets(main)):
        longer = f"{clock} · " + _("next: {bets}").format(bets=told)
        if len(longer) <= HEADER_WIDTH:
            return longer
    return clock


def header_lines(lobby: Lobby) -> list[str]:
    """The level, its time and the next; the field and your place; the money (in the
    current language)."""
    if lobby.on_break is not None:
        clock = _("Break after level {number}").format(number=lobby.level.number)
    else:
        level = _("Level {number}").format(number=lobby.level.number)
        clock = f"{level} · {forced_bets(lobby.level)}"
    if lobby.time_left is not None:
        clock += " · " + _("{time} left").format(time=countdown(lobby.time_left))
    if lobby.next_level is not None:
        clock = _with_next(clock, lobby.next_level)
    if lobby.place is None:
        place = _("you are out")
    else:
        place = _("you {place} by chips").format(place=ordinal(lobby.place))
    left = _("{left} of {entries} left").format(
        left=number_text(lobby.players_left), entries=number_text(lobby.entries)
    )
    average = _("average {stack} ({big_blinds} bb)").format(
        stack=number_text(lobby.average), big_blinds=one_decimal(lobby.average_big_blinds)
    )
    field = f"{left} · {place} · {average}"
    money = _("pool {amount}").format(amount=number_text(lobby.pool))
    jump = lobby.next_jump
    if jump is not None:
        money += " · " + ngettext(
            "next pay jump: {place} {prize}, {count} more out",
            "next pay jump: {place} {prize}, {count} more out",
            jump.busts,
        ).format(place=place_text(jump.place), prize=number_text(jump.prize), count=jump.busts)
    return [clock, field, money]
