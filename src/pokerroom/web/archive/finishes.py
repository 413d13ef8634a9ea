"""A player's finishes in the stored tournaments, for his results chart.

A tournament's log names its players (:mod:`pokerroom.tournament.events`), so a web
player's tournaments are those whose log names him, without regard to case (an account's
name is unique that way). What he paid is each of his entries, re-entries, re-buys and
add-ons at the regulation's price (T-2, T-11, T-19); his place is the one he busted in, or
1st for the winner (T-12); his prize is what the cashier paid him. Only finished,
not abandoned, tournaments count.
"""

from __future__ import annotations

from pokerroom.storage.tournament.store import SavedTournament, TournamentStore
from pokerroom.tournament.events import BustOut, Entered, EntryKind, Paid, Won
from pokerroom.web.charts import Finish

MOST_TOURNAMENTS = 100
"""The latest finished tournaments read for one chart."""


def _price(saved: SavedTournament, kind: EntryKind) -> int:
    regulation = saved.regulation()
    if kind is EntryKind.REBUY and regulation.rebuy is not None:
        return regulation.rebuy.price
    if kind is EntryKind.ADD_ON and regulation.add_on is not None:
        return regulation.add_on.price
    return regulation.money.buy_in


def finish_of(store: TournamentStore, saved: SavedTournament, name: str) -> Finish | None:
    """``name``'s finish in the tournament, None if he did not play it."""
    key = name.casefold()
    paid_in, place, prize = 0, None, 0
    for event in store.events(saved.id):
        player = getattr(event, "player", None)
        if not isinstance(player, str) or player.casefold() != key:
            continue
        match event:
            case Entered(kind=kind):
                paid_in += _price(saved, kind)
            case BustOut(place=busted):
                place = busted
            case Won():
                place = 1
            case Paid(prize=amount):
                prize += amount
    if place is None:
        return None
    return Finish(saved.name, place, saved.entrants, prize, paid_in)


def finishes_of(store: TournamentStore, name: str) -> list[Finish]:
    """``name``'s finishes in the finished tournaments, oldest first."""
    done = [t for t in store.list_tournaments() if t.finished and not t.abandoned]
    done.sort(key=lambda t: (t.finished_at, t.id))
    found = (finish_of(store, saved, name) for saved in done[-MOST_TOURNAMENTS:])
    return [finish for finish in found if finish is not None]
