"""A cash table's settings: game, limit, stakes, seats, buy-in range and rake (P-9).

Stakes are given as blinds for every game, as in :class:`~pokerroom.table.series.
SeriesSettings`: Stud antes (by default the small blind) and brings in the small
blind, with the big blind as its small bet (V-5); the bomb pot antes the big blind
(V-4); Hold'em, Omaha and Draw post the blinds. The buy-in range defaults to 40 to
100 big blinds, as online rooms set it.

>>> settings = CashSettings(small_blind=1, big_blind=2)
>>> settings.min_buy_in, settings.max_buy_in, settings.seats
(80, 200, 6)
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.engine import HOLDEM, Limit, Options, Variant
from pokerroom.errors import UsageError
from pokerroom.game_choices import game_name
from pokerroom.i18n import N_, Vocabulary, gettext, vocabulary_of_profile
from pokerroom.table.cash.rake import Rake
from pokerroom.table.cash.wording import buy_in_range
from pokerroom.table.seating import MAX_SEATS
from pokerroom.table.series import usual_limit
from pokerroom.table.straddle import check_mode

MIN_BUY_IN_BIG_BLINDS = 40
MAX_BUY_IN_BIG_BLINDS = 100


@dataclass(frozen=True, slots=True)
class CashSettings:
    """0 for ``min_buy_in``/``max_buy_in`` means 40 / 100 big blinds; ``rake`` None is none."""

    variant: Variant = HOLDEM
    limit: Limit = None  # type: ignore[assignment]  # None: the game's usual one
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    seats: int = 6
    min_buy_in: int = 0
    max_buy_in: int = 0
    rake: Rake | None = None
    profile: str = "home"
    smallest_chip: int = 1
    straddle: str = "off"
    """The voluntary straddle: ``off``, ``utg`` or ``button`` (:mod:`pokerroom.table.straddle`)."""
    run_it_twice: bool = False
    """The host lets players all-in before the river run the board twice if all agree."""

    @property
    def vocabulary(self) -> Vocabulary:
        """The words of the rule book this table plays by: ``home`` (seed 001: «Фолд»,
        «Рейз») or ``club`` (seeds 000, 002: «Пас», «Рэйз»); an interface words the
        table inside ``use_language(language, settings.vocabulary)``."""
        return vocabulary_of_profile(self.profile)

    def __post_init__(self) -> None:
        if self.limit is None:
            object.__setattr__(self, "limit", usual_limit(self.variant))
        if not isinstance(self.limit, Limit):
            raise UsageError(f"limit must be one of {', '.join(m.value for m in Limit)}")
        most = min(MAX_SEATS, self.variant.max_players)
        if type(self.seats) is not int or not 2 <= self.seats <= most:
            raise UsageError(
                gettext(N_("a {game} cash table has 2 to {most} seats, got {seats} (V-0)")).format(
                    game=game_name(self.variant.code), most=most, seats=self.seats
                )
            )
        for name in ("small_blind", "big_blind", "ante", "min_buy_in", "max_buy_in"):
            value = getattr(self, name)
            if type(value) is not int or value < 0:
                raise UsageError(f"{name} must be a whole number of chips, got {value!r}")
        if not 0 < self.small_blind <= self.big_blind:
            raise UsageError(
                gettext(
                    N_("the blinds must be 0 < small blind <= big blind, got {small}/{big}")
                ).format(small=self.small_blind, big=self.big_blind)
            )
        if not self.min_buy_in:
            object.__setattr__(self, "min_buy_in", MIN_BUY_IN_BIG_BLINDS * self.big_blind)
        if not self.max_buy_in:
            object.__setattr__(self, "max_buy_in", MAX_BUY_IN_BIG_BLINDS * self.big_blind)
        if not self.big_blind <= self.min_buy_in <= self.max_buy_in:
            raise UsageError(
                gettext(
                    N_(
                        "the buy-in range must run from at least the big blind ({big}) up, "
                        "got {low} to {high}"
                    )
                ).format(big=self.big_blind, low=self.min_buy_in, high=self.max_buy_in)
            )
        if self.rake is not None and not isinstance(self.rake, Rake):
            raise UsageError(f"rake must be a Rake(percent, cap) or None, got {self.rake!r}")
        Options.profile(  # its own errors
            self.profile, smallest_chip=self.smallest_chip, run_it_twice=self.run_it_twice
        )
        check_mode(self.straddle, blinds_game=self.blinds_game)

    @property
    def blinds_game(self) -> bool:
        """Whether the game posts blinds (so new players wait for the big blind or post)."""
        return not self.variant.stud and self.variant.boards == 1

    def buy_in_range(self) -> str:
        return buy_in_range(self.min_buy_in, self.max_buy_in)
