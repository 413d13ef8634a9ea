"""The form that creates a cash table: game, limit, blinds, seats, buy-in range, rake.

Blank fields take :class:`~pokerroom.table.cash.CashSettings`' defaults: the game's usual
limit, six seats, a buy-in of 40 to 100 big blinds, and no rake. The rake (P-9) is off
unless a percentage is given, and then it needs its cap.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pokerroom.errors import UsageError
from pokerroom.i18n import gettext, number_text
from pokerroom.said import error_words
from pokerroom.table.cash import CashSettings, Rake
from pokerroom.table.series import usual_limit
from pokerroom.table.settings_check import SettingError
from pokerroom.web.lobby import fields
from pokerroom.web.lobby.observers_field import observers_choice
from pokerroom.web.lobby.run_twice_field import run_twice_choice

CASH_FIELDS = (
    "name",
    "game",
    "limit",
    "blinds",
    "ante",
    "seats",
    "min_buy_in",
    "max_buy_in",
    "rake_percent",
    "rake_cap",
    "profile",
    "straddle",
    "run_it_twice",
    "observers",
)
CASH_DEFAULTS: Mapping[str, str] = {
    "name": "",
    "game": "holdem",
    "limit": "",
    "blinds": "1/2",
    "ante": "",
    "seats": "6",
    "min_buy_in": "",
    "max_buy_in": "",
    "rake_percent": "",
    "rake_cap": "",
    "profile": "home",
}


@dataclass(frozen=True, slots=True)
class CashTableAsked:
    """A cash table as the form asked for it."""

    name: str
    settings: CashSettings
    observers: bool = True


def read_cash_form(form: Mapping[str, str]) -> CashTableAsked:
    """The table the form asks for, or :class:`SettingError` for its first bad field."""
    variant = fields.game(form.get("game") or CASH_DEFAULTS["game"])
    chosen = fields.limit(form.get("limit", ""))
    small, big = fields.blinds(form.get("blinds") or CASH_DEFAULTS["blinds"])
    ante = fields.ante(form.get("ante", ""), variant)
    seats = fields.seats(form.get("seats") or CASH_DEFAULTS["seats"], variant)
    low = fields.amount("min_buy_in", form.get("min_buy_in", ""), low=1, default=0)
    high = fields.amount("max_buy_in", form.get("max_buy_in", ""), low=1, default=0)
    if low and high and low > high:
        raise SettingError(
            gettext("buy-in: the minimum ({low}) must not be above the maximum ({high})").format(
                low=number_text(low), high=number_text(high)
            )
        )
    rake = _rake(form)
    profile = fields.profile(form.get("profile", ""))
    run_twice = run_twice_choice(form.get("run_it_twice", ""), variant)
    try:
        settings = CashSettings(
            variant=variant,
            limit=chosen or usual_limit(variant),
            small_blind=small,
            big_blind=big,
            ante=ante,
            seats=seats,
            min_buy_in=low,
            max_buy_in=high,
            rake=rake,
            profile=profile,
            straddle=fields.straddle(form.get("straddle", ""), variant),
            run_it_twice=run_twice,
        )
    except UsageError as error:  # the buy-in range against the blinds
        raise SettingError(f"buy-in: {error_words(error)}") from None
    name = fields.table_name(form.get("name", ""), f"{gettext(variant.name)} {small}/{big}")
    observers = observers_choice(form.get("observers", ""), private=False)
    return CashTableAsked(name, settings, observers)


def _rake(form: Mapping[str, str]) -> Rake | None:
    """P-9: off by default; a percentage with its cap in chips."""
    percent = form.get("rake_percent", "").strip()
    cap = form.get("rake_cap", "").strip()
    if not percent:
        if cap:
            raise SettingError(
                gettext("rake_cap: give a rake percentage with it, or leave both blank")
            )
        return None
    chips = fields.amount("rake_cap", cap, low=1)
    try:
        return Rake(percent, chips)
    except UsageError as error:
        raise SettingError(f"rake_percent: {error_words(error)}") from None
