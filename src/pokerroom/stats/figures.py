"""The figures a player reads, named and written the same way by ``pokerroom stats`` and
the statistics page: each one's key (the English key of JSON and CSV too), its heading
(VPIP, PFR, AF kept as players know them) and its text in the reader's language.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from babel.numbers import format_decimal

from pokerroom.errors import UsageError
from pokerroom.i18n import current_language, gettext, number_text
from pokerroom.i18n.marker import N_

if TYPE_CHECKING:  # the summary imports the equity calculator: not for ``pokerroom --help``
    from pokerroom.stats.summary import PlayerStats

Figure = int | float | Decimal | None

COLUMNS = (
    ("hands", N_("hands")),
    ("vpip", N_("VPIP")),
    ("pfr", N_("PFR")),
    ("three_bet", N_("3-bet")),
    ("fold_to_three_bet", N_("F3B")),
    ("aggression", N_("AF")),
    ("wtsd", N_("WTSD")),
    ("won_showdown", N_("W$SD")),
    ("winnings", N_("won")),
    ("bb_per_100", N_("bb/100")),
    ("adjusted", N_("all-in adj.")),
)
"""Each statistic's key and its heading."""

LEGEND = N_(
    "VPIP, PFR, 3-bet, F3B (fold to 3-bet), WTSD and W$SD in percent; AF: postflop bets "
    "and raises per call; won: chips; all-in adj.: chips won, all-ins valued by equity"
)


def figures(stats: PlayerStats) -> dict[str, Figure]:
    """Each statistic of :data:`COLUMNS` by its key; None where nothing was counted."""
    return {
        "hands": stats.hands,
        "vpip": stats.vpip,
        "pfr": stats.pfr,
        "three_bet": stats.three_bet,
        "fold_to_three_bet": stats.fold_to_three_bet,
        "aggression": stats.aggression,
        "wtsd": stats.wtsd,
        "won_showdown": stats.won_showdown,
        "winnings": stats.winnings,
        "bb_per_100": stats.bb_per_100,
        "adjusted": stats.adjusted,
    }


def machine_number(value: Figure) -> int | float | None:
    """A figure for JSON and CSV: ratios to two places, decimals as floats."""
    if isinstance(value, float):
        return round(value, 2)
    return value if isinstance(value, int | None) else float(str(value))


def figure_text(key: str, value: Figure) -> str:
    """A figure as a reader reads it: grouped, one decimal place (whole chips all-in
    adjusted), ``-`` where nothing was counted."""
    if value is None:
        return "-"
    if isinstance(value, int):
        return number_text(value)
    places = "0" if key == "adjusted" else "0.0"
    return str(format_decimal(value, format=f"#,##{places}", locale=current_language()))


def moment(text: str | None, name: str, *, end: bool = False) -> datetime | None:
    """A UTC day (``2026-12-05``: its start, or with ``end`` the next day's) or moment;
    :class:`UsageError` naming ``name`` (the option or field) for anything else."""
    if text is None:
        return None
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        problem = N_(
            "{option} takes a date (2026-12-05) or a moment (2026-12-05T18:30), got {value!r}"
        )
        raise UsageError(gettext(problem).format(option=name, value=text)) from None
    if when.tzinfo is not None:
        when = (when - when.utcoffset()).replace(tzinfo=None)  # type: ignore[operator]
    day_only = len(text) == len("2026-12-05")
    return when + timedelta(days=1) if end and day_only else when
