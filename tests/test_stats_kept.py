"""The counts kept with each archived hand give the statistics the PHH gives: on seeded
random hands of every game, for the public and for each player's own view, on SQLite and
PostgreSQL, with hands archived without counts (before migration 0015) mixed in."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta

import pytest
from sqlalchemy import delete, func, select

from pokerroom.history.phh.writing import write_phh
from pokerroom.stats.summary import PlayerStats, summarise
from pokerroom.storage.hands.archive import HandArchive
from pokerroom.storage.hands.stats import HandFilter, HandStats
from pokerroom.storage.models import WebHandCountsRow
from tests.random_hands import GAMES, NAMES, random_hand
from tests.stats_hands import HEADS_UP_ALL_IN, archived_hand

START = datetime(2026, 12, 1)


def _save(archive: HandArchive, text: str, room: str, number: int, when: datetime) -> None:
    archive.save(archived_hand(text, room, "cash", number, when, size=6))


def _archive(url: str, count: int) -> None:
    """``count`` seeded random hands of every game, on two tables, a minute apart."""
    games = sorted(GAMES)
    with HandArchive.open(url) as archive:
        for number in range(count):
            players = 2 + number % 5
            names = (NAMES[number % 6 :] + NAMES[: number % 6])[:players]
            text = write_phh(random_hand(games[number % len(games)], number, players), names)
            _save(archive, text, f"t{number % 2}", number + 1, START + timedelta(minutes=number))


def _rounded(players: dict[str, PlayerStats]) -> dict[str, PlayerStats]:
    """Float sums rounded: SQL adds them in another order."""
    return {
        name: dataclasses.replace(
            s, big_blinds=round(s.big_blinds, 6), adjusted=round(s.adjusted, 6)
        )
        for name, s in players.items()
    }


@pytest.mark.parametrize("database_url", ["sqlite", "postgresql"], indirect=True)
def test_kept_counts_give_the_statistics_of_the_hands(database_url: str) -> None:
    _archive(database_url, 60)
    wheres = [
        HandFilter(),
        HandFilter(table="t1"),
        HandFilter(since=START + timedelta(minutes=15), until=START + timedelta(minutes=45)),
    ]
    with HandStats.open(database_url) as store:
        for where in wheres:
            for viewer in (None, "Ann", "Dan"):
                from_phh = summarise(store.hands(where), viewer=viewer)
                assert _rounded(store.summary(where, viewer=viewer)) == _rounded(from_phh)
            only = store.summary(where, viewer="Bob", only="Bob")
            assert _rounded(only) == _rounded(
                {"Bob": summarise(store.hands(where), viewer="Bob")["Bob"]}
            )
        kept = store.summary(HandFilter(), viewer="Cyd")
        with store.database.session() as session:
            kept_rows = session.scalar(select(func.count()).select_from(WebHandCountsRow))
        assert kept_rows == sum(s.hands for s in kept.values())  # every hand's counts kept
        # hands archived before the counts were kept are counted from their PHH
        with store.database.session() as session:
            session.execute(delete(WebHandCountsRow).where(WebHandCountsRow.hand_id % 3 == 0))
        assert _rounded(store.summary(HandFilter(), viewer="Cyd")) == _rounded(kept)
        series = store.series(HandFilter(), "Eve", own=True)
        assert [p.finished_at for p in series] == sorted(p.finished_at for p in series)
        assert sum(p.big_blinds for p in series) == pytest.approx(kept["Eve"].big_blinds)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_an_unshown_all_in_is_valued_only_for_its_owner(database_url: str) -> None:
    mucked = HEADS_UP_ALL_IN.replace('  "p2 sm KhQh",\n', "")  # Bob does not show
    with HandArchive.open(database_url) as archive:
        _save(archive, mucked, "m", 1, START)
    with HandStats.open(database_url) as store:
        for viewer in (None, "Ann", "Bob"):
            bob = store.summary(HandFilter(), viewer=viewer)["Bob"]
            assert bob.adjusted == pytest.approx(7 / 44 * 200 - 100 if viewer == "Bob" else -100)
            (point,) = store.series(HandFilter(), "Bob", own=viewer == "Bob")
            assert point.adjusted * 2 == pytest.approx(bob.adjusted)
