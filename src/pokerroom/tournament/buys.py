"""When a simulated player may re-buy or take the add-on (T-11); the run's bots always do.

A re-buy (T-11, 002 5.19) is taken between hands, during the levels up to its
``until_level`` (a break after that level still counts, as for late registration), by a
player whose stack is at most ``stack_at_most`` (0: only once he has busted), at most
``per_player`` times (0: no limit). The add-on is offered once, at the break after its
``at_break`` level, to every player still in with chips, ``per_player`` times.
"""

from __future__ import annotations

from pokerroom.tournament.director import PlayerRecord
from pokerroom.tournament.regulation.model import Regulation


def may_rebuy(regulation: Regulation, record: PlayerRecord, stack: int, level: int) -> bool:
    """T-11: whether this player may re-buy now, holding ``stack`` during ``level``."""
    terms = regulation.rebuy
    if terms is None or level > terms.until_level or stack > terms.stack_at_most:
        return False
    return not terms.per_player or record.rebuys < terms.per_player


def add_ons_due(regulation: Regulation, record: PlayerRecord, after_level: int) -> int:
    """T-11: how many add-ons this player may still take at the break after ``after_level``."""
    terms = regulation.add_on
    if terms is None or terms.at_break != after_level or not record.chips:
        return 0
    return max(0, terms.per_player - record.add_ons)
