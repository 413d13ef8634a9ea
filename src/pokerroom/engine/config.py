"""The set-up of one hand: game, structure, stacks, forced bets and rule options."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pokerroom.engine.options import Options
from pokerroom.engine.variants import (
    BOMB_POT,
    FIVE_CARD_DRAW,
    HOLDEM,
    STUD,
    STUD_HILO,
    Limit,
    Variant,
)
from pokerroom.errors import UsageError


@dataclass(frozen=True, slots=True)
class HandConfig:
    """Everything fixed before the first card: players are in position order.

    Position 0 is the first seat left of the button and the last position is the
    button; heads-up the button posts the small blind (A-14, H-7). ``blinds`` and
    ``antes`` give each position's forced bet (0 for none), so a dead small
    blind (H-6), a big-blind ante or a straddle need no special case. A negative
    blind is a *post* (PHH's convention): a cash-table player coming in out of
    turn puts in a live bet of that size, which does not move the first action.

    >>> config = HandConfig.holdem([200, 200, 200], small_blind=1, big_blind=2)
    >>> config.blinds, config.min_bet
    ((1, 2, 0), 2)
    """

    variant: Variant
    limit: Limit
    stacks: tuple[int, ...]
    min_bet: int
    """No-limit and pot-limit: the smallest bet (the big blind, A-4); fixed-limit: the small bet."""
    blinds: tuple[int, ...] = ()
    antes: tuple[int, ...] = ()
    big_bet: int = 0
    """Fixed-limit big bet; 0 means twice the small bet (B-3)."""
    bring_in: int = 0
    """Stud: the lowest up-card's forced opening bet (V-5)."""
    options: Options = field(default_factory=Options)

    def __post_init__(self) -> None:
        _check_kinds(self.variant, self.limit, self.options)
        players = len(self.stacks)
        _check_seats(self.variant, players)
        if (
            not all(
                type(v) is int
                for v in (*self.stacks, *self.blinds, *self.antes, self.min_bet, self.big_bet)
            )
            or type(self.bring_in) is not int
        ):
            raise UsageError(self._not_whole())
        for name, values in (("blinds", self.blinds), ("antes", self.antes)):
            if values and len(values) != players:
                raise UsageError(
                    f"{name} needs one amount per player ({players}), got {len(values)}"
                )
        if min((*self.antes, self.big_bet, self.bring_in)) < 0:
            raise UsageError(self._negative())
        largest = max(self.blinds, default=0)
        if any(-blind > largest for blind in self.blinds):
            raise UsageError(
                f"a post (a negative blind) cannot be above the big blind ({largest}), "
                f"got blinds {list(self.blinds)}"
            )
        if any(stack <= 0 for stack in self.stacks):
            raise UsageError(f"every player needs chips to play, got stacks {list(self.stacks)}")
        if self.min_bet <= 0:
            raise UsageError(f"the minimum bet must be positive, got {self.min_bet}")
        if self.bring_in > self.min_bet:  # V-5: the bring-in is less than a full bet
            raise UsageError(
                f"the bring-in ({self.bring_in}) cannot be above "
                f"the small bet ({self.min_bet}) (V-5)"
            )
        if self.big_bet and self.big_bet < self.min_bet:  # B-3
            raise UsageError(
                f"the big bet ({self.big_bet}) cannot be below the small bet ({self.min_bet}) (B-3)"
            )

    def _negative(self) -> str:
        for name, values in (
            ("antes", self.antes),
            ("big_bet", (self.big_bet,)),
            ("bring_in", (self.bring_in,)),
        ):
            if any(v < 0 for v in values):
                shown = list(values) if len(values) > 1 else values[0]
                return f"{name} cannot be negative, got {shown}"
        return "amounts cannot be negative"

    def _not_whole(self) -> str:
        for name, values in (
            ("stacks", self.stacks),
            ("blinds", self.blinds),
            ("antes", self.antes),
            ("min_bet", (self.min_bet,)),
            ("big_bet", (self.big_bet,)),
            ("bring_in", (self.bring_in,)),
        ):
            if not all(type(v) is int for v in values):
                shown = list(values) if len(values) > 1 else values[0]
                return f"{name} must be whole numbers of chips, got {shown}"
        return "amounts must be whole numbers of chips"

    @property
    def players(self) -> int:
        return len(self.stacks)

    @property
    def big_bet_size(self) -> int:
        return self.big_bet or 2 * self.min_bet

    def blind(self, player: int) -> int:
        """The blind of ``player`` as given: negative for a post (class docstring)."""
        return self.blinds[player] if self.blinds else 0

    def ante(self, player: int) -> int:
        return self.antes[player] if self.antes else 0

    @staticmethod
    def stud(
        stacks: Sequence[int],
        *,
        ante: int,
        bring_in: int,
        small_bet: int,
        big_bet: int = 0,
        hi_lo: bool = False,
        limit: Limit = Limit.FIXED_LIMIT,
        options: Options | None = None,
    ) -> HandConfig:
        """Seven-card Stud (V-5), or its eight-or-better split: antes and a bring-in."""
        return HandConfig(
            variant=STUD_HILO if hi_lo else STUD,
            limit=limit,
            stacks=tuple(stacks),
            min_bet=small_bet,
            big_bet=big_bet,
            antes=(ante,) * len(stacks) if ante else (),
            bring_in=bring_in,
            options=options or Options(),
        )

    @staticmethod
    def draw(
        stacks: Sequence[int],
        *,
        small_blind: int,
        big_blind: int,
        ante: int = 0,
        limit: Limit = Limit.NO_LIMIT,
        options: Options | None = None,
    ) -> HandConfig:
        """Five-card Draw (V-8) with blinds, antes, or both; antes alone: blinds of 0.

        Without blinds the smallest bet is the ante.
        """
        if big_blind:
            return HandConfig.holdem(
                stacks,
                small_blind=small_blind,
                big_blind=big_blind,
                ante=ante,
                variant=FIVE_CARD_DRAW,
                limit=limit,
                options=options,
            )
        return HandConfig(
            variant=FIVE_CARD_DRAW,
            limit=limit,
            stacks=tuple(stacks),
            min_bet=ante,
            antes=(ante,) * len(stacks),
            options=options or Options(),
        )

    @staticmethod
    def bomb_pot(
        stacks: Sequence[int],
        *,
        ante: int,
        limit: Limit = Limit.POT_LIMIT,
        min_bet: int | None = None,
        options: Options | None = None,
    ) -> HandConfig:
        """Double-board bomb-pot Omaha (V-4): everyone antes the same, no blinds; PL by default.

        The smallest bet defaults to the ante.
        """
        return HandConfig(
            variant=BOMB_POT,
            limit=limit,
            stacks=tuple(stacks),
            min_bet=min_bet or ante,
            antes=(ante,) * len(stacks),
            options=options or Options(),
        )

    @staticmethod
    def holdem(
        stacks: Sequence[int],
        *,
        small_blind: int,
        big_blind: int,
        ante: int = 0,
        variant: Variant = HOLDEM,
        limit: Limit = Limit.NO_LIMIT,
        options: Options | None = None,
    ) -> HandConfig:
        """A flop game with the usual blinds: position 0 the small blind, 1 the big blind.

        Heads-up the button (position 1) posts the small blind (H-7). In
        fixed-limit the big blind is the small bet (B-5).
        """
        players = len(stacks)
        _check_seats(variant, players)
        if min(small_blind, big_blind) < 0:
            raise UsageError(f"blinds cannot be negative, got {small_blind}/{big_blind}")
        if small_blind > big_blind:
            raise UsageError(
                f"the small blind ({small_blind}) cannot be above the big blind ({big_blind})"
            )
        blinds = [0] * players
        if players == 2:
            blinds[1], blinds[0] = small_blind, big_blind
        else:
            blinds[0], blinds[1] = small_blind, big_blind
        return HandConfig(
            variant=variant,
            limit=limit,
            stacks=tuple(stacks),
            min_bet=big_blind,
            blinds=tuple(blinds),
            antes=(ante,) * players if ante else (),
            options=options or Options(),
        )


def _check_kinds(variant: object, limit: object, options: object) -> None:
    """A string where an enum is due would compare equal yet play another game: refuse it."""
    if not isinstance(variant, Variant):
        raise UsageError(f"variant must be a Variant (e.g. HOLDEM, omaha(5)), got {variant!r}")
    if not isinstance(limit, Limit):
        choices = ", ".join(f"Limit.{member.name}" for member in Limit)
        raise UsageError(f"limit must be one of {choices}, got {limit!r}")
    if not isinstance(options, Options):
        raise UsageError(f"options must be an Options, got {options!r}")


def _check_seats(variant: Variant, players: int) -> None:
    if not variant.min_players <= players <= variant.max_players:  # V-0
        raise UsageError(
            f"{variant.name} seats {variant.min_players} to {variant.max_players} players, "
            f"got {players} (V-0)"
        )
