"""A club's season: points by the shipped formulas, a hand-checked standings table, ties,
events that do not count, best-of and bounty points (issue 26 item 2)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.club.points import ByPlace, SquareRoot
from pokerroom.club.season import EventResult, Finish, Season
from pokerroom.club.standings import standings

D = Decimal


def event(event_id: str, ended: date, entrants: int, *order: str) -> EventResult:
    finishes = tuple(Finish(player, place) for place, player in enumerate(order, 1))
    return EventResult(event_id, event_id, ended, entrants, finishes)


WINTER = [
    event("A", date(2026, 1, 10), 9, "Ann", "Bob", "Cid", "Dan"),
    event("B", date(2026, 2, 14), 4, "Bob", "Ann", "Dan", "Eve"),
    event("C", date(2026, 3, 1), 16, "Cid", "Eve", "Ann"),
    event("D", date(2026, 3, 5), 3, "Dan", "Eve", "Ann"),  # too small a field
    event("E", date(2025, 12, 31), 20, "Eve"),  # before the season
]
SEASON = Season("Winter 2026", date(2026, 1, 1), date(2026, 3, 31), min_entrants=4)


def test_the_square_root_formula_by_hand() -> None:
    formula = SquareRoot()
    assert formula.points(9, 1) == D("30.00")
    assert formula.points(9, 2) == D("21.21")  # 30 / 1.41421…
    assert formula.points(16, 3) == D("23.09")  # 40 / 1.73205…
    assert formula.points(4, 3) == D("11.55")  # 20 / 1.73205… = 11.547, half up


def test_the_season_table_by_hand() -> None:
    table = standings(SEASON, WINTER)
    assert [
        (row.place, row.player, row.points, row.events, row.wins, row.best) for row in table
    ] == [
        (1, "Ann", D("67.23"), 3, 1, 1),  # 30.00 + 14.14 + 23.09
        (2, "Cid", D("57.32"), 2, 1, 1),  # 17.32 + 40.00
        (3, "Bob", D("41.21"), 2, 1, 1),  # 21.21 + 20.00
        (4, "Eve", D("38.28"), 2, 0, 2),  # 10.00 + 28.28; E was before the season
        (5, "Dan", D("26.55"), 2, 0, 3),  # 15.00 + 11.55; his win in D had 3 entrants
    ]


def test_best_of_keeps_each_players_best_results() -> None:
    season = Season("Winter", date(2026, 1, 1), date(2026, 3, 31), min_entrants=4, best_of=2)
    table = standings(season, WINTER)
    assert [(row.player, row.points, row.events) for row in table[:2]] == [
        ("Cid", D("57.32"), 2),
        ("Ann", D("53.09"), 3),  # 30.00 + 23.09: the 14.14 is dropped, the event still played
    ]


def test_bounty_points_add_to_place_points() -> None:
    season = Season("KO", date(2026, 1, 1), date(2026, 12, 31), ByPlace(), bounty_points=D("2.5"))
    ko = EventResult(
        "K", "Knock-out", date(2026, 5, 1), 10,
        (Finish("Ann", 1, prize=600, bounties=3), Finish("Bob", 2, prize=400, bounties=6)),
    )  # fmt: skip
    table = standings(season, [ko])
    assert [(row.player, row.points, row.prizes, row.bounties) for row in table] == [
        ("Ann", D("107.50"), 600, 3),  # 100 + 3 × 2.5
        ("Bob", D("85.00"), 400, 6),  # 70 + 6 × 2.5
    ]


def test_ties_go_to_wins_then_best_finish_then_prizes_then_share_the_place() -> None:
    season = Season("Ties", date(2026, 1, 1), date(2026, 12, 31), ByPlace(), min_entrants=2)
    day = date(2026, 6, 1)
    results = [
        # Ann: 100 (a win); Bob: 70 + 30 = 100 (no win): Ann first by wins.
        EventResult("1", "1", day, 10, (Finish("Ann", 1), Finish("Bob", 2))),
        EventResult("2", "2", day, 10, (Finish("Bob", 5),)),
        # Cid: 50 + 50 = 100 (best 3); Dan: 40 + 40 + 20 = 100 (best 4): Cid ahead.
        EventResult("3", "3", day, 10, (Finish("Cid", 3), Finish("Dan", 4))),
        EventResult("4", "4", day, 10, (Finish("Cid", 3), Finish("Dan", 4))),
        EventResult("5", "5", day, 10, (Finish("Dan", 7),)),
        # Eve and Fay: 5 each, place 10, Fay won more: Fay ahead; Gus and Hal: level.
        EventResult("6", "6", day, 10, (Finish("Eve", 10, prize=1), Finish("Fay", 10, prize=9))),
        EventResult("7", "7", day, 10, (Finish("Hal", 10), Finish("Gus", 10))),
    ]
    table = standings(season, results)
    assert [(row.place, row.player, row.points) for row in table] == [
        (1, "Ann", D(100)),
        (2, "Bob", D(100)),
        (3, "Cid", D(100)),
        (4, "Dan", D(100)),
        (5, "Fay", D(5)),
        (6, "Eve", D(5)),
        (7, "Gus", D(5)),
        (7, "Hal", D(5)),  # level in everything: the place is shared, listed by name
    ]


def outside_the_field() -> object:
    return event("X", date(2026, 1, 1), 3, "A", "B", "C", "D")


def twice() -> object:
    return EventResult("X", "X", date(2026, 1, 1), 5, (Finish("A", 1), Finish("A", 2)))


def backwards() -> object:
    return Season("S", date(2026, 2, 1), date(2026, 1, 1))


def best_of_none() -> object:
    return Season("S", date(2026, 1, 1), date(2026, 2, 1), best_of=0)


@pytest.mark.parametrize(
    ("make", "wrong"),
    [
        (outside_the_field, "place 4 is not within the field of 3 (1-3)"),
        (twice, "X: A finished more than once"),
        (backwards, "the season ends (2026-01-01) before it starts (2026-02-01)"),
        (best_of_none, "best_of must be at least 1, not 0"),
    ],
)
def test_bad_results_and_seasons_are_refused_with_what_is_allowed(
    make: Callable[[], object], wrong: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(wrong)):
        make()


PLAYERS = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay"]


@st.composite
def results(draw: st.DrawFn) -> list[EventResult]:
    made = []
    for number in range(draw(st.integers(0, 12))):
        field = draw(st.permutations(PLAYERS))[: draw(st.integers(1, len(PLAYERS)))]
        entrants = draw(st.integers(len(field), 30))
        day = date(2026, 1, 1 + draw(st.integers(0, 30)))
        finishes = tuple(Finish(player, place) for place, player in enumerate(field, 1))
        made.append(EventResult(str(number), str(number), day, entrants, finishes))
    return made


@given(results(), st.sampled_from([ByPlace(), SquareRoot()]), st.integers(1, 10))
def test_the_table_adds_up_and_is_in_order(
    events: list[EventResult], formula: ByPlace | SquareRoot, smallest: int
) -> None:
    season = Season("S", date(2026, 1, 1), date(2026, 1, 20), formula, min_entrants=smallest)
    table = standings(season, events)
    counted = [event for event in events if season.counts(event)]
    assert sum((row.points for row in table), D(0)) == sum(
        (season.points(event, finish) for event in counted for finish in event.finishes), D(0)
    )
    assert sum(row.events for row in table) == sum(len(event.finishes) for event in counted)
    assert [row.place for row in table] == sorted(row.place for row in table)
    assert [row.points for row in table] == sorted((row.points for row in table), reverse=True)
    for above, below in itertools.pairwise(table):
        if above.place == below.place:
            assert (above.points, above.wins, above.best, above.prizes) == (
                below.points, below.wins, below.best, below.prizes,
            )  # fmt: skip
