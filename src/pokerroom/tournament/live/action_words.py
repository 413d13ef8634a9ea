"""A director action's words in the reader's language: the log keeps them in English.

The desk logs what the director did in English (:class:`DirectorAction` ``what``, saved
with the tournament like an operator's log line); a console or page words it for its
reader from that line, so an old log reads in the language of whoever opens it.

>>> from pokerroom.i18n import use_language
>>> with use_language("ru"):
...     action_text("registered Ann"), action_text("bust-out at table 3: Ann (9th), Bob (10th)")
('зарегистрирован Ann', 'вылет за столом 3: Ann (9 место), Bob (10 место)')
>>> action_text("2 move(s) done"), action_text("something new")
('2 move(s) done', 'something new')
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pokerroom.i18n import N_, _, current_language, ngettext

_ORDINAL = re.compile(r"\((\d+)(?:st|nd|rd|th)\)")


def place_text(place: int) -> str:
    """``1st`` … ``21st``; in Russian and Ukrainian ``1 место`` / ``1 місце``."""
    if current_language() != "en":
        return _("place {place}").format(place=place)
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def _places(names: str) -> str:
    return _ORDINAL.sub(lambda found: f"({place_text(int(found[1]))})", names)


def _plain(message: str) -> Callable[[dict[str, str]], str]:
    return lambda parts: _(message).format(**parts)


_RUNNING = r"the break|level \d+"
"""What the web tournament's clock is running, as its desk logs it."""


def _running_text(running: str) -> str:
    if running == "the break":
        return _("the break")
    return _("level {number}").format(number=running.removeprefix("level "))


def _with_running(message: str) -> Callable[[dict[str, str]], str]:
    def words(parts: dict[str, str]) -> str:
        worded = {
            name: _running_text(value) if name in ("running", "ended") else value
            for name, value in parts.items()
        }
        return _(message).format(**worded)

    return words


_DEAL_METHODS = {"icm": N_("icm deal"), "chip-chop": N_("chip-chop deal")}
_RULINGS = {"penalty upheld": N_("penalty upheld"), "penalty overturned": N_("penalty overturned")}

_ACTIONS: tuple[tuple[re.Pattern[str], Callable[[dict[str, str]], str]], ...] = tuple(
    (re.compile(pattern), words)
    for pattern, words in (
        (r"registered (?P<player>.+)", _plain(N_("registered {player}"))),
        (r"re-entry for (?P<player>.+)", _plain(N_("re-entry for {player}"))),
        (r"re-buy for (?P<player>.+)", _plain(N_("re-buy for {player}"))),
        (r"add-on for (?P<player>.+)", _plain(N_("add-on for {player}"))),
        (
            r"seat draw of (?P<count>\d+) players",
            lambda parts: ngettext(
                "seat draw of {count} player", "seat draw of {count} players", int(parts["count"])
            ).format(count=parts["count"]),
        ),
        (
            r"button at table (?P<table>\d+) seat (?P<seat>\d+)",
            _plain(N_("button at table {table} seat {seat}")),
        ),
        (
            r"(?P<count>\d+) move\(s\) done",
            lambda parts: ngettext(
                "{count} move(s) done", "{count} move(s) done", int(parts["count"])
            ).format(count=parts["count"]),
        ),
        (
            r"bust-out at table (?P<table>\d+): (?P<names>.+)",
            lambda parts: _("bust-out at table {table}: {names}").format(
                table=parts["table"], names=_places(parts["names"])
            ),
        ),
        (r"penalty for (?P<player>.+)", _plain(N_("penalty for {player}"))),
        (
            r"hand served at table (?P<table>\d+): (?P<players>.+)",
            _plain(N_("hand served at table {table}: {players}")),
        ),
        (
            r"protest by (?P<player>.+) against penalty (?P<penalty>\d+)",
            _plain(N_("protest by {player} against penalty {penalty}")),
        ),
        (
            r"protest (?P<protest>\d+): (?P<ruling>penalty upheld|penalty overturned)",
            lambda parts: _("protest {protest}: {ruling}").format(
                protest=parts["protest"], ruling=_(_RULINGS[parts["ruling"]])
            ),
        ),
        (r"(?P<method>icm|chip-chop) deal", lambda parts: _(_DEAL_METHODS[parts["method"]])),
        (r"payouts", _plain(N_("payouts"))),
        (r"clock started", _plain(N_("clock started"))),
        (r"clock paused", _plain(N_("clock paused"))),
        (r"clock resumed", _plain(N_("clock resumed"))),
        (r"break of (?P<minutes>[\d.]+) min", _plain(N_("break of {minutes} min"))),
        (r"(?P<seconds>[\d.]+) s added", _plain(N_("{seconds} s added"))),
        (r"(?P<seconds>[\d.]+) s removed", _plain(N_("{seconds} s removed"))),
        (r"level (?P<number>\d+) changed", _plain(N_("level {number} changed"))),
        (
            r"level inserted as level (?P<number>\d+)",
            _plain(N_("level inserted as level {number}")),
        ),
        (r"level (?P<number>\d+) removed", _plain(N_("level {number} removed"))),
        (r"done", _plain(N_("done"))),
        # the web tournament's desk (:mod:`pokerroom.tournament.timed.desk`)
        (
            rf"(?P<minutes>\d+) min added to (?P<running>{_RUNNING})",
            _with_running(N_("{minutes} min added to {running}")),
        ),
        (
            rf"(?P<minutes>\d+) min removed from (?P<running>{_RUNNING})",
            _with_running(N_("{minutes} min removed from {running}")),
        ),
        (
            rf"(?P<ended>{_RUNNING}) ended now; (?P<running>{_RUNNING}) runs",
            _with_running(N_("{ended} ended now; {running} runs")),
        ),
        (
            r"break of (?P<minutes>\d+) min now; the level resumes after it",
            _plain(N_("break of {minutes} min now; the level resumes after it")),
        ),
        (
            r"break of (?P<minutes>\d+) min after level (?P<level>\d+)",
            _plain(N_("break of {minutes} min after level {level}")),
        ),
        (
            r"level (?P<number>\d+) removed; later levels move down one",
            _plain(N_("level {number} removed; later levels move down one")),
        ),
        (
            r"table (?P<table>\d+) broken: its players moved \(T-7\)",
            _plain(N_("table {table} broken: its players moved (T-7)")),
        ),
        (
            r"table (?P<table>\d+) breaks when its hand ends \(T-7\)",
            _plain(N_("table {table} breaks when its hand ends (T-7)")),
        ),
        (
            r"late registration and re-entry are closed \(T-19\)",
            _plain(N_("late registration and re-entry are closed (T-19)")),
        ),
        (r"announced: (?P<words>.+)", _plain(N_("announced: {words}"))),
        (
            r"(?P<player>.+)'s chips corrected from (?P<before>[\d,]+) to (?P<after>[\d,]+) "
            r"\((?P<why>.*)\)",
            _plain(N_("{player}'s chips corrected from {before} to {after} ({why})")),
        ),
    )
)


def action_text(what: str) -> str:
    """``what`` as the desk logged it, in the current language (unknown words as they are)."""
    for pattern, words in _ACTIONS:
        found = pattern.fullmatch(what)
        if found is not None:
            return words(found.groupdict())
    return what
