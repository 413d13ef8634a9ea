"""The settings of a new table, checked once for every way of asking for one.

``pokerroom play`` and the web lobby's forms (a home game, a cash table) take the same
settings — the game, the seats, the blinds, the stack, the ante, the rules profile — and
refuse a bad one with the same line: the setting's name, what it may be, and what was
given. Each interface first turns its own input into these values (an option's number, a
form's text); what is allowed is decided here alone.

>>> blinds("1/2")
(1, 2)
>>> for bad in (lambda: blinds("2/1"), lambda: seats(9, game("stud"))):
...     try:
...         bad()
...     except SettingError as error:
...         print(error)
blinds: small/big with 0 < small <= big, like 1/2; got '2/1'
seats: a Seven-card Stud table has 2 to 8 seats (V-0); got 9
"""

from __future__ import annotations

from pokerroom.engine import PROFILES, VARIANTS, Variant
from pokerroom.errors import UsageError
from pokerroom.game_choices import game_name
from pokerroom.i18n import N_, current_language, gettext, number_text
from pokerroom.table.chip_caps import MAX_AMOUNT
from pokerroom.table.seating import MAX_SEATS
from pokerroom.table.straddle import STRADDLE_MODES

AMOUNT_CAP = N_("a table holds at most 10^12 chips")


class SettingError(UsageError):
    """One setting of a new table is wrong; the message names it and what it may be."""


def shown(text: str) -> str:
    """What was given, quoted and cut short, for the end of a refusal."""
    return repr(text[:40])


def game(name: str) -> Variant:
    """One of the engine's games by its code (``holdem``, ``stud``, ...)."""
    variant = VARIANTS.get(name.strip())
    if variant is None:
        raise SettingError(
            gettext(N_("game: one of {games}; got {given}")).format(
                games=", ".join(VARIANTS), given=shown(name)
            )
        )
    return variant


def profile(name: str) -> str:
    """The rules where the sources differ (A-12, P-4, V-1, A-18, H-4)."""
    word = name.strip()
    if word not in PROFILES:
        raise SettingError(
            gettext(N_("profile: one of {profiles}; got {given}")).format(
                profiles=", ".join(PROFILES), given=shown(name)
            )
        )
    return word


def blinds(text: str) -> tuple[int, int]:
    """``small/big`` with 0 < small <= big (in Stud the bring-in and small bet)."""
    small, slash, big = text.strip().partition("/")
    if not (slash and small.isdigit() and big.isdigit()) or not 0 < int(small) <= int(big):
        raise SettingError(
            gettext(N_("blinds: small/big with 0 < small <= big, like 1/2; got {given}")).format(
                given=shown(text.strip())
            )
        )
    if int(big) > MAX_AMOUNT:
        raise SettingError(
            gettext(N_("blinds: at most {most} ({cap}); got {given}")).format(
                most=_most(), cap=gettext(AMOUNT_CAP), given=shown(text)
            )
        )
    return int(small), int(big)


def chips_allowed(low: int) -> str:
    """What an amount of chips may be, in words."""
    return gettext(N_("a whole number of chips from {low} to {most} ({cap})")).format(
        low=low, most=_most(), cap=gettext(AMOUNT_CAP)
    )


def _most() -> str:
    """:data:`MAX_AMOUNT` as people write it: 1,000,000,000,000 (1 000 000 000 000 in ru)."""
    return f"{MAX_AMOUNT:,}" if current_language() == "en" else number_text(MAX_AMOUNT)


def chips(setting: str, amount: int, *, low: int) -> int:
    """A whole number of chips from ``low`` to :data:`MAX_AMOUNT` (a stack, a buy-in)."""
    if not low <= amount <= MAX_AMOUNT:
        raise SettingError(
            gettext(N_("{setting}: {allowed}; got {given}")).format(
                setting=setting, allowed=chips_allowed(low), given=amount
            )
        )
    return amount


def seats(count: int, variant: Variant) -> int:
    """V-0: 2 to 10 seats, fewer where the game deals fewer (Stud 8, Draw 6)."""
    most = min(MAX_SEATS, variant.max_players)
    if not 2 <= count <= most:
        raise SettingError(
            gettext(N_("seats: a {game} table has 2 to {most} seats (V-0); got {given}")).format(
                game=game_name(variant.code), most=most, given=count
            )
        )
    return count


def ante(amount: int | None, variant: Variant) -> int:
    """B-7: None is no ante (Stud and the bomb pot then ante as they always do, V-5, V-4);
    an explicit 0 there is refused."""
    if amount is None:
        return 0
    chips("ante", amount, low=0)
    if amount == 0 and (variant.stud or variant.boards > 1):
        rule = "V-5" if variant.stud else "V-4"
        raise SettingError(
            gettext(
                N_("ante: {game} is dealt with antes ({rule}): 1 or more, or leave it out")
            ).format(game=game_name(variant.code), rule=rule)
        )
    return amount


def straddle(mode: str, variant: Variant) -> str:
    """The host's straddle option (:mod:`pokerroom.table.straddle`); blank is off."""
    word = mode.strip() or "off"
    if word not in STRADDLE_MODES:
        raise SettingError(
            gettext(N_("straddle: one of {modes}; got {given}")).format(
                modes=", ".join(STRADDLE_MODES), given=shown(mode)
            )
        )
    if word != "off" and (variant.stud or variant.boards > 1):
        raise SettingError(
            gettext(N_("straddle: {game} has no blinds to straddle; choose off")).format(
                game=game_name(variant.code)
            )
        )
    return word


def run_it_twice(chosen: bool, variant: Variant) -> bool:
    """P-10: run it twice is for games with one shared board dealt in streets (Hold'em, Omaha)."""
    flop_game = variant.boards == 1 and not variant.stud and any(s.board for s in variant.streets)
    if chosen and not flop_game:
        message = (
            N_("run_it_twice: only in Hold'em and Omaha games (one board); {game} deals two boards")
            if variant.boards > 1
            else N_(
                "run_it_twice: only in Hold'em and Omaha games (one board); {game} deals no board"
            )
        )
        raise SettingError(gettext(message).format(game=game_name(variant.code)))
    return chosen
