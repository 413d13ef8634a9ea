"""The form that creates a home game: the 001 series by default, or any engine game.

Blank fields keep the 001 settings (H-1: No-limit Hold'em, 200 chips, blinds 1/2, six
seats, the ``home`` profile). ``bot_<seat>`` puts a bot of a :data:`pokerroom.bots.BOTS`
style in that seat; at least one seat stays open, since a home game is for people.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from pokerroom.bot_choices import LINE_UP
from pokerroom.bots import BOTS
from pokerroom.i18n import N_, gettext
from pokerroom.table.seating import MAX_SEATS
from pokerroom.table.series import SeriesSettings, usual_limit
from pokerroom.table.settings_check import SettingError
from pokerroom.web.lobby import fields
from pokerroom.web.lobby.observers_field import observers_choice
from pokerroom.web.lobby.run_twice_field import run_twice_choice

HOME_FIELDS = (
    "name",
    "game",
    "limit",
    "blinds",
    "stack",
    "ante",
    "seats",
    "profile",
    "straddle",
    "run_it_twice",
    "private",
    "observers",
    *(f"bot_{seat}" for seat in range(1, MAX_SEATS + 1)),
)
HOME_DEFAULTS: Mapping[str, str] = {
    "name": "",
    "game": "holdem",
    "limit": "",
    "blinds": "1/2",
    "stack": "200",
    "ante": "",
    "seats": "6",
    "profile": "home",
    **{f"bot_{seat}": LINE_UP[(seat - 2) % len(LINE_UP)] for seat in range(2, 7)},
}
"""What the empty form shows: the 001 series (H-1), the host in seat 1 and the default
line-up of bots in the other five."""


@dataclass(frozen=True, slots=True)
class HomeGame:
    """A home game as the form asked for it."""

    name: str
    settings: SeriesSettings
    seats: int
    bots: dict[int, str] = field(default_factory=dict)
    private: bool = False
    observers: bool = True


def read_home_form(form: Mapping[str, str]) -> HomeGame:
    """The game the form asks for, or :class:`SettingError` for its first bad field."""
    variant = fields.game(form.get("game") or HOME_DEFAULTS["game"])
    mixed = fields.is_mixed(form.get("limit", ""))  # B-6
    chosen = fields.limit(form.get("limit", ""), mixed=True)
    small, big = fields.blinds(form.get("blinds") or HOME_DEFAULTS["blinds"])
    settings = SeriesSettings(
        variant=variant,
        limit=chosen or usual_limit(variant),
        stack=fields.amount(
            "stack", form.get("stack", ""), low=1, default=int(HOME_DEFAULTS["stack"])
        ),
        small_blind=small,
        big_blind=big,
        ante=fields.ante(form.get("ante", ""), variant),
        profile=fields.profile(form.get("profile", "")),
        mixed=mixed,
        straddle=fields.straddle(form.get("straddle", ""), variant),
        run_it_twice=run_twice_choice(form.get("run_it_twice", ""), variant),
    )
    seats = fields.seats(form.get("seats") or HOME_DEFAULTS["seats"], variant)
    bots = _bots(form, seats)
    home_game = gettext("{game} home game").format(game=gettext(variant.name))
    name = fields.table_name(form.get("name", ""), home_game)  # in its host's language
    private = bool(form.get("private"))
    observers = observers_choice(form.get("observers", ""), private=private)
    return HomeGame(name, settings, seats, bots, private=private, observers=observers)


ONE_SEAT_OPEN = N_("bots: leave at least one seat open for a player")


def no_such_bot(seat: int, styles: Iterable[str], style: str) -> str:
    return gettext(
        "bot in seat {seat}: one of {styles}, or blank for a player; got {style}"
    ).format(seat=seat, styles=", ".join(styles), style=repr(style[:40]))


def _bots(form: Mapping[str, str], seats: int) -> dict[int, str]:
    bots: dict[int, str] = {}
    for seat in range(1, MAX_SEATS + 1):
        style = form.get(f"bot_{seat}", "").strip()
        if not style:
            continue
        if style not in BOTS:
            raise SettingError(no_such_bot(seat, BOTS, style))
        if seat > seats:
            raise SettingError(
                gettext("bot in seat {seat}: this table has seats 1-{seats}").format(
                    seat=seat, seats=seats
                )
            )
        bots[seat] = style
    if len(bots) == seats:
        raise SettingError(gettext(ONE_SEAT_OPEN))
    return bots
