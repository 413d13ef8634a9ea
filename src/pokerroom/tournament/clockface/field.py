"""The field a clock screen shows: who is left, what was bought, the chips in play.

A standalone clock knows only how many entered (``--entrants``); the director's console
knows every entry, re-buy and bust-out. Both come down to one :class:`Field`.

>>> from pokerroom.tournament.regulation import load_example
>>> field = field_of_entrants(load_example("club-freezeout"), 10)
>>> field.players_left, field.entries.entries, field.chips_in_play
(10, 10, 200000)
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.tournament.director import Tournament
from pokerroom.tournament.live.chips import chips_in_play
from pokerroom.tournament.money.payouts import Entries
from pokerroom.tournament.regulation.model import Regulation


@dataclass(frozen=True, slots=True)
class Field:
    """The numbers of the field at one moment."""

    entries: Entries
    """What the desk took: entrants, re-entries, re-buys, add-ons (the pool's basis, T-2)."""
    players_left: int
    chips_in_play: int


def chips_bought(regulation: Regulation, entries: Entries) -> int:
    """The chips these entries, re-entries, re-buys and add-ons put in play (T-11)."""
    chips = entries.entrants * regulation.starting_stack
    for count, terms in (
        (entries.re_entries, regulation.re_entry),
        (entries.rebuys, regulation.rebuy),
        (entries.add_ons, regulation.add_on),
    ):
        if count and terms is not None:
            chips += count * terms.chips
    return chips


def field_of_entrants(regulation: Regulation, entrants: int) -> Field:
    """A standalone clock's field: everyone who entered is still in, on the starting stack."""
    entries = Entries(entrants)
    return Field(entries, entrants, chips_bought(regulation, entries))


def field_of(tournament: Tournament) -> Field:
    """The field a tournament's log implies: for a clock that follows the director's console
    (the chips in play from the chips issued: a live room reports no hands)."""
    return Field(tournament.entries(), tournament.players_left, chips_in_play(tournament))
