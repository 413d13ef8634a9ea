"""Rule options and the named profiles that bundle them (``home``, ``club``, ``sport``).

Where the sources disagree, RULES.md assigns each reading to a profile; a
profile is nothing but a set of option values, and each option can be set alone.

>>> Options.profile("club").reraise_after_short_all_in
<ReraiseSize.ALL_IN_PLUS_BIG_BLIND: 'all-in-plus-big-blind'>
>>> Options.profile("home", smallest_chip=5).smallest_chip
5
>>> Options.profile("club", bet_unit=25).bet_unit  # T-18: a tournament bets whole chips
25
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass

from pokerroom.errors import UsageError
from pokerroom.game_choices import PROFILE_NAMES


class ReraiseSize(enum.StrEnum):
    """A-12: the minimum re-raise after a short all-in."""

    LAST_FULL_RAISE = "last-full-raise"
    ALL_IN_PLUS_BIG_BLIND = "all-in-plus-big-blind"


class ShowdownOrder(enum.StrEnum):
    """P-4: who shows first at showdown."""

    LAST_AGGRESSOR_FINAL_ROUND = "last-aggressor-final-round"
    LAST_AGGRESSOR_ANY_ROUND = "last-aggressor-any-round"


class DealStart(enum.StrEnum):
    """V-1: where the deal of hole cards starts."""

    LEFT_OF_BUTTON = "left-of-button"
    SMALL_BLIND = "small-blind"


class TimeoutAction(enum.StrEnum):
    """A-18: what a player who runs out of time does."""

    CHECK_OR_FOLD = "check-or-fold"
    FOLD = "fold"


@dataclass(frozen=True, slots=True)
class Options:
    """Every rule option of the engine; defaults are the ``home`` profile."""

    reraise_after_short_all_in: ReraiseSize = ReraiseSize.LAST_FULL_RAISE
    showdown_order: ShowdownOrder = ShowdownOrder.LAST_AGGRESSOR_FINAL_ROUND
    deal_start: DealStart = DealStart.LEFT_OF_BUTTON
    timeout_action: TimeoutAction = TimeoutAction.CHECK_OR_FOLD
    smallest_chip: int = 1
    """P-3: pots are split down to this chip."""
    bet_unit: int = 1
    """T-18: bets and raises go in steps of this (a tournament's smallest chip); all-in excepted."""
    run_it_twice: bool = False
    """Run it twice may be chosen when the hand is all-in before the river (a cash or home
    table's option, never a tournament's: T-3). The hand then waits for
    :meth:`~pokerroom.engine.hand.Hand.choose_runs`; single-board flop games only."""

    def __post_init__(self) -> None:
        if not (
            type(self.reraise_after_short_all_in) is ReraiseSize
            and type(self.showdown_order) is ShowdownOrder
            and type(self.deal_start) is DealStart
            and type(self.timeout_action) is TimeoutAction
        ):
            raise UsageError(self._wrong_kind())
        for name, rule in (("smallest_chip", "P-3"), ("bet_unit", "T-18")):
            chip = getattr(self, name)
            if type(chip) is not int or chip < 1:
                raise UsageError(
                    f"{name} must be a whole number of at least 1 ({rule}), got {chip!r}"
                )
        if type(self.run_it_twice) is not bool:
            raise UsageError(f"run_it_twice must be true or false, got {self.run_it_twice!r}")

    def _wrong_kind(self) -> str:
        """The first option that is not of its enum, named with the values allowed."""
        for option in dataclasses.fields(self):
            kind = _ENUMS.get(str(option.type))
            value = getattr(self, option.name)
            if kind is not None and type(value) is not kind:
                allowed = ", ".join(f"{kind.__name__}.{member.name}" for member in kind)
                return f"option {option.name} must be one of {allowed}, got {value!r}"
        return "an option has the wrong kind"

    @staticmethod
    def profile(name: str, **overrides: object) -> Options:
        """The named profile, with any options overridden one by one."""
        try:
            base = PROFILES[name]
        except KeyError:
            raise UsageError(
                f"unknown profile {name!r}; choose one of {', '.join(PROFILES)}"
            ) from None
        return dataclasses.replace(base, **overrides)  # type: ignore[arg-type]


_ENUMS: dict[str, type[enum.Enum]] = {
    kind.__name__: kind for kind in (ReraiseSize, ShowdownOrder, DealStart, TimeoutAction)
}
"""The option enums by name (annotations are strings under ``from __future__``)."""

PROFILES: dict[str, Options] = dict(
    zip(
        PROFILE_NAMES,  # home, club, sport
        (
            Options(),
            Options(
                reraise_after_short_all_in=ReraiseSize.ALL_IN_PLUS_BIG_BLIND,  # A-12, 002 4.9.8
                showdown_order=ShowdownOrder.LAST_AGGRESSOR_ANY_ROUND,  # P-4
                deal_start=DealStart.SMALL_BLIND,  # V-1, 002 5.6.1
                timeout_action=TimeoutAction.FOLD,  # A-18, 002 7.1.7
            ),
            Options(),
        ),
        strict=True,
    )
)
