"""A club's season over eight simulated tournaments (issue 26 item 6): six members play
Friday sit-and-gos of 3 to 6 players (bots that push every hand, so each is over in a
second), each tournament's places and prizes become the season's results, and the standings
by the PokerStars-school formula 10·√n / √k are checked against a table worked out by hand
from the places."""

from __future__ import annotations

import random
from datetime import date, timedelta
from decimal import Decimal

from pokerroom.club.points import SquareRoot
from pokerroom.club.season import EventResult, Finish, Season
from pokerroom.club.standings import standings
from pokerroom.tournament.american import AmericanRun
from tests.tournament_scripts import shove, small_regulation

D = Decimal
MEMBERS = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]
FIELDS = [6, 4, 5, 6, 3, 5, 4, 6]
"""Each Friday's field: the members from the k-th on, round the circle."""

PLACES = [
    [("Cid", 2500), ("Ann", 1490), ("Fay", 500), ("Dan", 490), ("Bob", 0), ("Eve", 0)],
    [("Bob", 1670), ("Cid", 990), ("Dan", 330), ("Eve", 330)],
    [("Fay", 2080), ("Ann", 1240), ("Dan", 420), ("Eve", 410), ("Cid", 0)],
    [("Ann", 2500), ("Eve", 1490), ("Dan", 500), ("Bob", 490), ("Fay", 0), ("Cid", 0)],
    [("Ann", 1260), ("Eve", 620), ("Fay", 610)],  # 3 entrants: under the minimum of 4
    [("Ann", 2080), ("Dan", 1240), ("Bob", 420), ("Cid", 410), ("Fay", 0)],
    [("Ann", 1670), ("Dan", 990), ("Bob", 660), ("Cid", 0)],
    [("Dan", 2500), ("Fay", 1490), ("Cid", 500), ("Bob", 490), ("Eve", 0), ("Ann", 0)],
]
"""What the simulated Fridays gave (first place first, with the prize): the table below
is worked out from these."""


def friday(number: int, field: int) -> EventResult:
    """The ``number``-th Friday (from 0) played out by pushing bots, as a season reads it."""
    start = number % len(MEMBERS)
    players = (MEMBERS[start:] + MEMBERS[:start])[:field]
    run = AmericanRun(small_regulation(), players, shove, random.Random(number))
    tournament = run.run(max_hands=500)
    records = sorted(tournament.players.values(), key=lambda record: record.place or 0)
    finishes = tuple(Finish(r.player, r.place, r.prize) for r in records if r.place is not None)
    played = date(2026, 1, 2) + timedelta(weeks=number)
    return EventResult(str(number + 1), f"Friday {number + 1}", played, field, finishes)


def test_a_season_of_eight_simulated_fridays_by_hand() -> None:
    results = [friday(number, field) for number, field in enumerate(FIELDS)]
    assert [[(f.player, f.prize) for f in event.finishes] for event in results] == PLACES
    winter = date(2026, 1, 1), date(2026, 3, 31)
    season = Season("Winter 2026", *winter, SquareRoot(), min_entrants=4)
    table = standings(season, results)
    # Points 10·√n/√k, to the cent: n = 4: 20.00 14.14 11.55 10.00; n = 5: 22.36 15.81
    # 12.91 11.18 10.00; n = 6: 24.49 17.32 14.14 12.25 10.95 10.00. Friday 5 does not count.
    assert [
        (row.place, row.player, row.points, row.events, row.wins, row.best, row.prizes)
        for row in table
    ] == [
        (1, "Ann", D("109.98"), 6, 3, 1, 8980),  # 17.32 + 15.81 + 24.49 + 22.36 + 20 + 10
        (2, "Dan", D("105.29"), 7, 1, 1, 6470),  # 12.25 + 11.55 + 12.91 + 14.14 + 15.81
        #                                          + 14.14 + 24.49
        (3, "Cid", D("93.95"), 7, 1, 1, 4400),  # 24.49 + 14.14 + 10 + 10 + 11.18 + 10 + 14.14
        (4, "Bob", D("79.91"), 6, 1, 1, 3730),  # 10.95 + 20 + 12.25 + 12.91 + 11.55 + 12.25
        (5, "Fay", D("74.77"), 5, 1, 1, 4070),  # 14.14 + 22.36 + 10.95 + 10 + 17.32
        (6, "Eve", D("59.45"), 5, 0, 2, 2230),  # 10 + 10 + 11.18 + 17.32 + 10.95
    ]
