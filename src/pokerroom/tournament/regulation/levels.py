"""The level list and breaks of a regulation: read, and checked against the game and chips.

T-10: each level's forced bets suit every game of the rotation; T-13, T-18: every
amount is a multiple of the smallest chip in play at that level; a break's colour-up
retires the smallest chip then in play.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.engine import Limit
from pokerroom.tournament.regulation.fields import Fields, RegulationError
from pokerroom.tournament.regulation.model import Game, smallest_chip_at
from pokerroom.tournament.structure import Break, Level

MAX_MINUTES = 24 * 60
_AMOUNTS = ("small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet")


def read_level(fields: Fields, number: int, game: Game) -> Level:
    """One ``[[levels]]`` entry; numbers follow the list's order."""
    amounts = {key: fields.integer(key, default=0, minimum=0) for key in _AMOUNTS}
    big_blind_ante = fields.boolean("big_blind_ante", default=False)
    minutes = fields.number("minutes", maximum=MAX_MINUTES)
    fields.finish()
    level = Level(number, float(minutes), big_blind_ante=big_blind_ante, **amounts)
    _check_forced_bets(fields, level, game)
    return level


def _check_forced_bets(fields: Fields, level: Level, game: Game) -> None:
    """Each game of the rotation finds what it needs; nothing is set that no game uses."""
    flop = [spec for spec in game.rotation if not spec.variant.stud]
    stud = [spec for spec in game.rotation if spec.variant.stud]
    fixed_flop = [spec for spec in flop if spec.limit is Limit.FIXED_LIMIT]
    if flop:
        if level.big_blind < 1:
            raise fields.error("big_blind", f"must be at least 1 for {flop[0].label}")
        if not 1 <= level.small_blind <= level.big_blind:
            raise fields.error(
                "small_blind",
                f"must be from 1 to the big blind ({level.big_blind}), got {level.small_blind}",
            )
    if fixed_flop and level.small_bet not in (0, level.big_blind):  # B-5
        raise fields.error(
            "small_bet",
            f"must equal the big blind ({level.big_blind}) in {fixed_flop[0].label} (B-5), "
            "or be left out",
        )
    if stud:
        if level.bring_in < 1:
            raise fields.error("bring_in", f"must be at least 1 for {stud[0].label} (V-5)")
        if (level.small_bet or level.big_blind) < level.bring_in:  # 0: the big blind
            raise fields.error(
                "small_bet",
                f"must be at least the bring-in ({level.bring_in}) for {stud[0].label}",
            )
    small = level.small_bet or level.big_blind
    if level.big_bet and level.big_bet < small:
        raise fields.error("big_bet", f"must be at least the small bet ({small}), or be left out")
    if level.big_blind_ante and level.ante < 1:
        raise fields.error("big_blind_ante", "needs the ante it posts (ante of at least 1)")
    if level.big_blind_ante and not flop:
        raise fields.error("big_blind_ante", "is for games with blinds; Stud antes per player")
    unused = {
        "small_blind": not flop,
        "big_blind": not flop,
        "bring_in": not stud,
        "small_bet": not stud and not fixed_flop,
        "big_bet": not stud and not fixed_flop,
    }
    for key, is_unused in unused.items():
        if is_unused and getattr(level, key):
            raise fields.error(key, f"is not used by {game.label}; leave it out")


def read_breaks(
    entries: Sequence[Fields], levels: int, chips: tuple[int, ...]
) -> tuple[Break, ...]:
    """``[[breaks]]`` in the order they happen, each after a level that has a successor."""
    breaks: list[Break] = []
    in_play = list(chips)
    for fields in entries:
        after = fields.integer("after_level", minimum=1, maximum=levels - 1)
        if breaks and after <= breaks[-1].after_level:
            raise fields.error(
                "after_level",
                f"must come after the previous break's level ({breaks[-1].after_level}); "
                "list breaks in order",
            )
        minutes = fields.number("minutes", maximum=MAX_MINUTES)
        color_up = fields.integer("color_up", default=0, minimum=0) or None
        fields.finish()
        if color_up is not None:  # T-13: the smallest chip is retired, never the last one
            if color_up != in_play[0] or len(in_play) == 1:
                raise fields.error(
                    "color_up",
                    f"must be the smallest chip in play after level {after} ({in_play[0]}) "
                    f"with a larger chip left (T-13); chips in play: {_chips(in_play)}",
                )
            in_play.pop(0)
        breaks.append(Break(after, float(minutes), color_up))
    return tuple(breaks)


def check_chip_multiples(
    entries: Sequence[Fields],
    levels: Sequence[Level],
    breaks: Sequence[Break],
    chips: tuple[int, ...],
) -> None:
    """T-13, T-18: every amount of a level is a multiple of its smallest chip in play."""
    for fields, level in zip(entries, levels, strict=True):
        smallest = smallest_chip_at(chips, breaks, level.number)
        for key in _AMOUNTS:
            amount: int = getattr(level, key)
            if amount % smallest:
                raise RegulationError(
                    f"{fields.path(key)} {amount} is not a multiple of {smallest}, the smallest "
                    f"chip in play at level {level.number} (T-13, T-18)"
                )


def _chips(values: Sequence[int]) -> str:
    return ", ".join(str(value) for value in values)
