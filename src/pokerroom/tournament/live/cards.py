"""Print-ready seat cards and the list by table (T-4): plain text, one card per player.

>>> from pokerroom.tournament.director import Tournament
>>> from pokerroom.tournament.events import Seated
>>> from pokerroom.tournament.regulation import load_example
>>> from pokerroom.tournament.seating.moves import Move, MoveReason, Seat
>>> t = Tournament(load_example("home-sit-and-go"))
>>> for name, seat in (("Ann", 4), ("Bob", 1)):
...     _ = t.enter(name, at=0)
...     _ = t.record(Seated(0, Move(name, None, Seat(1, seat), MoveReason.DRAW)))
>>> print(table_list(t))
Table 1
   1  Bob
   4  Ann
>>> print(seat_cards(t).splitlines()[1])
| Home sit-and-go                |
"""

from __future__ import annotations

from pokerroom.i18n import _
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.live.floor import layout
from pokerroom.tournament.regulation.language import in_regulation_language

CARD_WIDTH = 32


def table_list(tournament: Tournament) -> str:
    """Every table with its seats and players, by table and seat (in the regulation's
    language, when it has one)."""
    with in_regulation_language(tournament.regulation):
        blocks = []
        for table, seats in layout(tournament).items():
            heading = _("Table {number}").format(number=table)
            lines = [heading] + [f"  {seat:>2}  {player}" for seat, player in seats.items()]
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks) if blocks else _("Nobody is seated yet: draw the seats first.")


def _card(title: str, player: str, table: int, seat: int) -> str:
    inner = CARD_WIDTH - 4
    rule = "+" + "-" * (CARD_WIDTH - 2) + "+"
    where = _("Table {table}   Seat {seat}").format(table=table, seat=seat)
    rows = [title[:inner], player[:inner], where[:inner]]
    return "\n".join([rule, *(f"| {row:<{inner}} |" for row in rows), rule])


def seat_cards(tournament: Tournament, *, between: str = "\n\n") -> str:
    """One card per seated player, by table and seat; ``between`` goes between two cards
    (a blank line on screen, a form feed for the printer: one card a page). In the
    regulation's language when it has one (a club's cards are printed in its language)."""
    title = tournament.regulation.name
    with in_regulation_language(tournament.regulation):
        cards = [
            _card(title, player, table, seat)
            for table, seats in layout(tournament).items()
            for seat, player in seats.items()
        ]
    return between.join(cards)
