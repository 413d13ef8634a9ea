"""One tournament hand's engine set-up from the level in force and the table's markers (T-10).

Flop and draw games post the blinds at the markers' seats (a dead small blind posts nothing,
H-6) and the level's ante from every player, or with a big-blind ante one ante from the big
blind only; Stud posts antes and the level's bring-in, with its small and big bets.
Fixed-limit flop games bet the level's small and big bets (0: the big blind and twice it).

>>> from pokerroom.engine import HOLDEM, Limit, Options
>>> from pokerroom.table.seating import Blinds
>>> from pokerroom.tournament.regulation.model import GameSpec
>>> from pokerroom.tournament.structure import Level
>>> level = Level(3, 20, 100, 200, ante=200, big_blind_ante=True)
>>> holdem = GameSpec(HOLDEM, Limit.NO_LIMIT)
>>> order = [2, 3, 1]  # positions: from the seat after the button
>>> config = hand_config(holdem, level, Blinds(1, 2, 3), order, [500] * 3, Options())
>>> config.blinds, config.antes
((100, 200, 0), (0, 200, 0))
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.engine import HandConfig, Limit, Options
from pokerroom.table.seating import Blinds
from pokerroom.tournament.regulation.model import GameSpec
from pokerroom.tournament.structure import Level


def hand_config(
    spec: GameSpec,
    level: Level,
    markers: Blinds,
    order: Sequence[int],
    stacks: Sequence[int],
    options: Options,
) -> HandConfig:
    """The engine hand for seats ``order`` (engine positions) holding ``stacks``."""
    variant = spec.variant
    if variant.stud:  # V-5: antes, a bring-in and fixed bets
        small_bet = level.small_bet or level.big_blind
        return HandConfig(
            variant=variant,
            limit=spec.limit,
            stacks=tuple(stacks),
            min_bet=small_bet,
            big_bet=level.big_bet,
            antes=(level.ante,) * len(order) if level.ante else (),
            bring_in=level.bring_in or max(1, small_bet // 2),
            options=options,
        )
    blinds = tuple(
        level.big_blind
        if seat == markers.big_blind
        else level.small_blind
        if seat == markers.small_blind
        else 0
        for seat in order
    )
    if not level.ante:
        antes: tuple[int, ...] = ()
    elif level.big_blind_ante:
        antes = tuple(level.ante if seat == markers.big_blind else 0 for seat in order)
    else:
        antes = (level.ante,) * len(order)
    fixed = spec.limit is Limit.FIXED_LIMIT
    return HandConfig(
        variant=variant,
        limit=spec.limit,
        stacks=tuple(stacks),
        min_bet=(level.small_bet or level.big_blind) if fixed else level.big_blind,
        blinds=blinds,
        antes=antes,
        big_bet=level.big_bet if fixed else 0,
        options=options,
    )
