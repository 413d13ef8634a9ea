"""Tournaments in the store (issue 11 item 10): migration 0004, the event codec, saving as it
goes in batches at hand boundaries, and a killed run resumed to a winner (T-2, T-12)."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, inspect, text

from pokerroom.bots.tournament_players import BotPlayers
from pokerroom.errors import UsageError
from pokerroom.storage import SeriesStore, StorageError
from pokerroom.storage.database import DATABASE_ENV, alembic_config
from pokerroom.storage.store import Player
from pokerroom.storage.tournament import saving as tournament_saving
from pokerroom.storage.tournament.codec import EVENT_TYPES, decode_event, encode_event
from pokerroom.storage.tournament.log import TournamentLog
from pokerroom.storage.tournament.store import StaleTournamentError, TournamentStore
from pokerroom.table.series import SeriesSettings
from pokerroom.tournament.american import AmericanRun, entrant_names
from pokerroom.tournament.clock.events import LevelStarted
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import (
    ChipsRaced,
    Entered,
    EntryKind,
    HandForHandEnded,
    HandForHandStarted,
    HandPlayed,
    SeatResult,
    TournamentEvent,
    Won,
)
from pokerroom.tournament.money.payouts import prize_pool
from pokerroom.tournament.penalties.table import Penalty
from pokerroom.tournament.regulation import example_text, load_example

# ------------------------------------------------------------------ the codec


def _through_json(event: TournamentEvent) -> TournamentEvent:
    name, fields = encode_event(event)
    return decode_event(name, json.loads(json.dumps(fields)))


def _finite(value: Any) -> bool:
    """No NaN (never equal to itself) and no infinity (not JSON) anywhere in the value."""
    if isinstance(value, float):
        return value - value == 0
    if isinstance(value, tuple | list):
        return all(_finite(item) for item in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return all(_finite(getattr(value, f.name)) for f in dataclasses.fields(value))
    return True


def _same_shape(left: Any, right: Any) -> bool:
    """Equal, and of the same types all the way down (tuples back as tuples, enums as enums)."""
    if type(left) is not type(right) and not (isinstance(left, float) and type(right) is float):
        return False
    if isinstance(left, tuple):
        return len(left) == len(right) and all(map(_same_shape, left, right))
    if dataclasses.is_dataclass(left):
        return all(
            _same_shape(getattr(left, f.name), getattr(right, f.name))
            for f in dataclasses.fields(left)
        )
    return bool(left == right)


PENALTIES = st.one_of(
    st.just(Penalty.warning()),
    st.just(Penalty.disqualification()),
    st.builds(Penalty.hands, st.integers(1, 10)),
    st.builds(Penalty.rounds, st.integers(1, 3)),
)
"""Penalties as the T-21 table makes them: a sit-out has its span, nothing else has one."""
st.register_type_strategy(Penalty, PENALTIES)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(EVENT_TYPES)).flatmap(lambda name: st.from_type(EVENT_TYPES[name])))
def test_any_event_of_any_type_round_trips_through_json(event: TournamentEvent) -> None:
    """Every class of the log's union, with any field values, built from its type hints
    (a penalty's own checks kept)."""
    if not _finite(event):
        return
    again = _through_json(event)
    assert again == event
    assert _same_shape(event, again)


def _random_run(name: str, entrants: int, seed: int, kinds: tuple[str, ...]) -> Tournament:
    regulation = load_example(name)
    players = entrant_names(regulation, entrants)
    run = AmericanRun(regulation, players, BotPlayers(kinds, players, seed), random.Random(seed))
    return run.run()


@settings(max_examples=6, deadline=None)
@given(
    name=st.sampled_from(["home-sit-and-go", "turbo-reentry", "club-freezeout"]),
    entrants=st.integers(2, 30),
    seed=st.integers(0, 2**32),
)
def test_every_event_of_a_real_run_decodes_equal(name: str, entrants: int, seed: int) -> None:
    regulation = load_example(name)
    entrants = min(entrants, regulation.max_entries or entrants)
    tournament = _random_run(name, entrants, seed, ("random",))
    assert tournament.winner is not None
    decoded = [_through_json(event) for event in tournament.events]
    assert decoded == tournament.events
    assert all(map(_same_shape, tournament.events, decoded))
    again = Tournament.from_events(tournament.regulation, decoded)
    assert again.state() == tournament.state()


def test_a_damaged_or_unknown_stored_event_is_one_line() -> None:
    event = Entered(0.0, "P1", EntryKind.ENTRY, 100)
    name, fields = encode_event(event)
    with pytest.raises(StorageError, match="unknown type 'Nothing'"):
        decode_event("Nothing", fields)
    for broken in ({**fields, "chips": "lots"}, {**fields, "kind": "gift"}, {"at": 0.0}):
        with pytest.raises(StorageError, match="stored Entered event is damaged"):
            decode_event(name, broken)


def test_a_hand_saved_before_the_audit_fields_reads_them_as_zero() -> None:
    """Issue 21 item 8: a seat's forced bets and winnings came later; a log saved before
    still resumes (its seats read 0 for them), while a missing older field is damage."""
    seat = SeatResult(3, "P1", 100, 140, ante=5, blind=10, won=55)
    event = HandPlayed(9.0, 0.0, 1, 1, 1, 1, 2, 3, (seat,))
    name, fields = encode_event(event)
    old_seat = {key: fields["seats"][0][key] for key in ("seat", "player", "before", "after")}
    old = decode_event(name, {**fields, "seats": [old_seat]})
    assert isinstance(old, HandPlayed)
    assert old.seats == (SeatResult(3, "P1", 100, 140),)
    with pytest.raises(StorageError, match="stored HandPlayed event is damaged"):
        decode_event(name, {**fields, "seats": [{"seat": 3, "player": "P1", "before": 100}]})


# ------------------------------------------------------------------ the migration


def test_migration_0004_upgrades_a_0003_database_and_keeps_its_rows(database_url: str) -> None:
    url = database_url
    with SeriesStore.open(url) as store:
        series_id = store.create_series([Player(1, "Ann"), Player(2, "Bob")], SeriesSettings(), 1)
    command.downgrade(alembic_config(url), "0003")
    engine = create_engine(url)
    with engine.connect() as connection:
        tables = set(inspect(connection).get_table_names())
        version = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
    engine.dispose()
    assert version == "0003" and {"series", "players"} <= tables
    assert "tournaments" not in tables and "tournament_events" not in tables
    with TournamentStore.open(url) as store:  # opening upgrades it to the head (0009)
        assert store.database.revision() == "0016"
        number = store.create_tournament(
            example_text("home-sit-and-go"), entrants=3, bots=["random"], seed=1
        )
        assert store.get_tournament(number).status == "in progress"
    with SeriesStore.open(url) as series:
        assert series.get_series(series_id).names == ["Ann", "Bob"]


# ------------------------------------------------------------------ saving as it goes


class KilledError(Exception):
    """The process dies: nothing after it runs, only what was committed stays."""


def _killed_run(
    store: TournamentStore,
    name: str,
    entrants: int,
    seed: int,
    after_hands: int,
    *,
    kind: str = "random",
    dies: Callable[[TournamentEvent], bool] | None = None,
    **log: Any,
) -> int:
    """A saved run whose listener dies once ``after_hands`` hands are logged (or when
    ``dies`` says so); its id."""
    regulation = load_example(name)
    players = entrant_names(regulation, entrants)
    saved = tournament_saving.SavedRun(
        store,
        TournamentLog(
            store,
            store.create_tournament(example_text(name), entrants=entrants, bots=[kind], seed=seed),
            **log,
        ),
        regulation,
        players,
        BotPlayers((kind,), players, seed),
        random.Random(seed),
        [],
    )

    def dying(event: TournamentEvent) -> None:
        """Killed after that many hands, or (a shorter tournament) just before its winner."""
        if dies is not None:
            if dies(event):
                raise KilledError
        elif (isinstance(event, HandPlayed) and event.number > after_hands) or isinstance(
            event, Won
        ):
            raise KilledError

    run = saved.start(dying)
    saved.log.save(run.tournament)
    with pytest.raises(KilledError):
        run.run()
    return saved.id


def _resume_to_the_end(tournament_id: int) -> Tournament:
    """What ``pokerroom tournament run --resume ID`` does."""
    saved = tournament_saving.resumed_run(tournament_id)
    with saved.store:
        run = saved.start(lambda event: None)
        saved.log.save(run.tournament)
        tournament = run.run()
        saved.log.finish(tournament)
    return tournament


def _check_finished(store: TournamentStore, tournament_id: int, tournament: Tournament) -> None:
    """T-12, T-2: one place each, 1 … N, prizes sum to the pool; the log rebuilds the state."""
    saved = store.get_tournament(tournament_id)
    assert saved.status == "finished" and saved.winner == tournament.winner
    places = sorted(record.place or 0 for record in tournament.players.values())
    assert places == list(range(1, saved.entrants + 1))
    pool = prize_pool(tournament.regulation, tournament.entries())
    assert sum(record.prize for record in tournament.players.values()) == pool.total
    stored = store.events(tournament_id)
    assert len(stored) == saved.event_count
    rebuilt = Tournament.from_events(saved.regulation(), stored)
    assert rebuilt.state() == tournament.state()
    times = [event.at for event in stored]
    assert times == sorted(times)  # T-10: the resumed clock goes on, never back
    levels = [event.level.number for event in stored if isinstance(event, LevelStarted)]
    assert levels == list(range(1, len(levels) + 1))  # each level starts once, in order
    assert saved.hands_played == tournament.hands and saved.players_left == 1


@pytest.fixture
def store(database_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TournamentStore]:
    """A new store on SQLite, then on PostgreSQL; a resume opens it as every command does
    (``$POKERROOM_DATABASE``)."""
    monkeypatch.setenv(DATABASE_ENV, database_url)
    with TournamentStore.open() as opened:
        yield opened


@pytest.fixture
def file_store(private_data_dir: Path) -> Iterator[TournamentStore]:
    """The store in the data directory's SQLite file: for a test that copies the file, or
    one too long to run twice."""
    with TournamentStore.open() as opened:
        yield opened


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    name=st.sampled_from(["home-sit-and-go", "turbo-reentry", "club-freezeout"]),
    entrants=st.integers(2, 30),
    seed=st.integers(0, 2**32),
    after=st.integers(0, 40),
)
def test_a_run_killed_after_k_hands_resumes_to_a_winner(
    store: TournamentStore, name: str, entrants: int, seed: int, after: int
) -> None:
    """T-12, T-2: the killed run's log rebuilds the tournament; resumed, it ends with a winner,
    every entrant one place, and prizes summing to the pool."""
    entrants = min(entrants, load_example(name).max_entries or entrants)
    tournament_id = _killed_run(store, name, entrants, seed, after, interval=0.0)
    saved = store.get_tournament(tournament_id)
    stored = store.events(tournament_id)
    assert saved.status == "in progress"
    hands = [event for event in stored if isinstance(event, HandPlayed)]
    assert len(hands) <= after and saved.hands_played == len(hands)
    resumed = tournament_saving.resumed_run(tournament_id)
    resumed.store.close()
    placed = Tournament.from_events(saved.regulation(), stored).places_given
    assert resumed.busts == len(placed)  # the progress bar starts from the busts done
    tournament = _resume_to_the_end(tournament_id)
    _check_finished(store, tournament_id, tournament)
    assert store.events(tournament_id)[: len(stored)] == stored  # a resume only appends


def _dies_at(moment: str) -> Callable[[TournamentEvent], bool]:
    """Dies at the second table's chip race, or at the third hand after hand-for-hand began."""
    seen: list[TournamentEvent] = []

    def dies(event: TournamentEvent) -> bool:
        if moment == "chip race":
            seen.extend([event] if isinstance(event, ChipsRaced) else [])
            return len(seen) == 2
        if isinstance(event, HandForHandStarted) or (seen and isinstance(event, HandPlayed)):
            seen.append(event)
        return len(seen) == 4

    return dies


@pytest.mark.parametrize("moment", ["chip race", "hand-for-hand"])
def test_a_run_killed_at_a_colour_up_or_on_the_bubble_resumes_whole(
    file_store: TournamentStore, moment: str
) -> None:
    """T-13, T-11, T-12: killed while a colour-up break is being served table by table (its
    add-ons too), or in the middle of a hand-for-hand round, the saved log still ends where
    the tournament is whole; resumed, every table races once at the break, nobody takes the
    add-on twice, hand-for-hand goes on and ends, and everyone gets one place. (The moment is
    the director's, not the database's: SQLite only, the bots' 40-player run is long.)"""
    store = file_store
    tournament_id = _killed_run(
        store, "turbo-reentry", 40, 1, 0, kind="tournament", dies=_dies_at(moment), interval=0.0
    )
    stored = store.events(tournament_id)
    tournament = _resume_to_the_end(tournament_id)
    _check_finished(store, tournament_id, tournament)
    events = store.events(tournament_id)
    races = [event for event in events if isinstance(event, ChipsRaced)]
    assert races and len({race.table for race in races}) == len(races)
    resumes = next(  # the level after the colour-up break: every table has raced by then
        index
        for index, event in enumerate(events)
        if isinstance(event, LevelStarted) and index > events.index(races[0])
    )
    then = Tournament.from_events(tournament.regulation, events[:resumes])
    stacks = [record.chips for record in then.players.values() if record.place is None]
    assert all(chips % races[0].smallest == 0 for chips in stacks), "a table never raced"
    assert all(record.add_ons <= 1 for record in tournament.players.values())
    started = sum(isinstance(event, HandForHandStarted) for event in events)
    ended = sum(isinstance(event, HandForHandEnded) for event in events)
    assert started == ended == 1
    if moment == "hand-for-hand":
        assert any(isinstance(event, HandForHandStarted) for event in stored)


def test_an_empty_log_is_no_run_to_resume() -> None:
    regulation = load_example("home-sit-and-go")
    players = entrant_names(regulation, 3)
    with pytest.raises(UsageError, match="nothing to resume: the log is empty"):
        AmericanRun.resume(
            regulation, players, [], BotPlayers(("random",), players, 1), random.Random(1)
        )


def test_a_resume_is_repeatable(file_store: TournamentStore, private_data_dir: Path) -> None:
    """The randomness after a resume comes from the stored seed and the events stored."""
    tournament_id = _killed_run(file_store, "turbo-reentry", 25, 11, 30, interval=0.0)
    copy = private_data_dir.parent / "copy"
    shutil.copytree(private_data_dir, copy)
    first = _resume_to_the_end(tournament_id)
    shutil.rmtree(private_data_dir)
    shutil.copytree(copy, private_data_dir)
    second = _resume_to_the_end(tournament_id)
    assert second.events == first.events


def test_the_log_commits_in_batches_at_hand_boundaries(store: TournamentStore) -> None:
    """A commit at most every interval of wall time, and only where a hand's end is logged."""
    now = [0.0]
    tournament_id = _killed_run(
        store, "club-freezeout", 40, 3, 30, interval=1.0, clock=lambda: now[0]
    )
    assert store.get_tournament(tournament_id).event_count == 40 + 40  # entries and the draw

    regulation = load_example("club-freezeout")
    players = entrant_names(regulation, 40)
    number = store.create_tournament(
        example_text("club-freezeout"), entrants=40, bots=["random"], seed=3
    )
    log = TournamentLog(store, number, interval=1.0, clock=lambda: now[0])
    boundaries: list[int] = []
    commits: list[int] = []

    def listen(event: TournamentEvent) -> None:
        log(event)
        now[0] += 0.05  # twenty events a second of wall time

    def hand_ended(tournament: Tournament) -> None:
        boundaries.append(len(tournament.events))
        log.hand_ended(tournament)
        if log.stored != (commits or [0])[-1]:
            commits.append(log.stored)

    run = AmericanRun(
        regulation,
        players,
        BotPlayers(("random",), players, 3),
        random.Random(3),
        listener=listen,
        on_hand_end=hand_ended,
    )
    log.save(run.tournament)
    commits.append(log.stored)
    tournament = run.run()
    log.finish(tournament)
    events = store.events(number)
    assert events == tournament.events
    assert set(commits[1:]) <= set(boundaries)  # each batch ends at a hand boundary
    assert 2 < len(commits) < len(events) / 10  # batches, not a commit per event or per hand
    for earlier, later in itertools.pairwise(commits[1:]):
        assert later - earlier >= 20  # a second of wall time between commits, at least


def test_a_name_too_long_for_the_store_is_one_line_and_saves_nothing(
    store: TournamentStore,
) -> None:
    """Every database keeps a tournament's name of up to 200 characters, and none more."""
    text = example_text("home-sit-and-go")
    name = re.search(r'^name = "(.*)"$', text, re.MULTILINE)
    assert name is not None
    longest = text.replace(name[0], f'name = "{"N" * 200}"')
    number = store.create_tournament(longest, entrants=2, bots=["random"], seed=1)
    assert store.get_tournament(number).name == "N" * 200
    with pytest.raises(UsageError, match="name may have at most 200 characters, got 201"):
        store.create_tournament(longest.replace("N" * 200, "N" * 201), entrants=2, bots=[], seed=1)
    assert [saved.id for saved in store.list_tournaments()] == [number]


def test_a_second_writer_of_one_tournament_is_refused(store: TournamentStore) -> None:
    number = store.create_tournament(
        example_text("home-sit-and-go"), entrants=2, bots=["random"], seed=1
    )
    entry = Entered(0.0, "P1", EntryKind.ENTRY, 200)
    store.append_events(number, 0, [entry])
    with pytest.raises(StaleTournamentError, match=f"tournament {number} was run on elsewhere"):
        store.append_events(number, 0, [entry])
    assert store.events(number) == [entry]


# ------------------------------------------------------------------ what cannot be resumed


def _fails(tournament_id: int | None, *words: str) -> None:
    with pytest.raises(UsageError) as caught:
        tournament_saving.resumed_run(tournament_id)
    for word in words:
        assert word in str(caught.value)


def test_a_finished_abandoned_or_olympic_tournament_is_not_resumed(
    store: TournamentStore,
) -> None:
    _fails(None, "no unfinished tournament to resume")
    killed = _killed_run(store, "home-sit-and-go", 6, 2, 3, interval=0.0)
    winner = _resume_to_the_end(killed).winner
    _fails(killed, f"tournament {killed} is finished ({winner} won)", "history --tournament")
    _fails(None, "no unfinished tournament")
    abandoned = _killed_run(store, "home-sit-and-go", 6, 2, 3, interval=0.0)
    store.abandon_tournament(abandoned)
    _fails(abandoned, f"tournament {abandoned} was abandoned")
    with pytest.raises(StorageError, match="abandoned already"):
        store.abandon_tournament(abandoned)
    with pytest.raises(StorageError, match="finished already"):
        store.abandon_tournament(killed)
    olympic = store.create_tournament(
        example_text("olympic-knockout"), entrants=12, bots=["random"], seed=1
    )
    _fails(olympic, "olympic tournament", "only american")
    with pytest.raises(StorageError, match="no tournament 99"):
        tournament_saving.resumed_run(99)


def test_a_damaged_tournament_row_is_one_line(store: TournamentStore) -> None:
    number = _killed_run(store, "home-sit-and-go", 4, 2, 1, interval=0.0)
    with store.database.engine.begin() as connection:
        connection.execute(text("UPDATE tournament_events SET event = '{\"at\": 1}'"))
    with pytest.raises(StorageError, match="event is damaged"):
        store.events(number)
    with store.database.engine.begin() as connection:
        connection.execute(text("UPDATE tournaments SET regulation = 'name = 3'"))
    with pytest.raises(StorageError, match="damaged in the store \\(regulation\\)"):
        store.get_tournament(number).regulation()


def test_events_go_in_through_core_on_a_database_other_than_sqlite(
    store: TournamentStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite takes the rows through its driver; any other database through Core, alike."""
    number = store.create_tournament(
        example_text("home-sit-and-go"), entrants=2, bots=["random"], seed=1
    )
    fast = Entered(0.0, "P1", EntryKind.ENTRY, 200)
    store.append_events(number, 0, [fast])
    monkeypatch.setattr(store.database.engine.dialect, "name", "postgresql")
    core = Entered(0.0, "P2", EntryKind.ENTRY, 200)
    store.append_events(number, 1, [core])
    monkeypatch.undo()
    assert store.events(number) == [fast, core]


def test_going_back_to_0005_removes_the_hands_in_progress_and_keeps_the_tournaments(
    database_url: str,
) -> None:
    """Migration 0006 made the table of a person's hand in progress (the old terminal
    tournament's); going back to 0005 removes it and keeps the tournaments."""
    url = database_url
    with TournamentStore.open(url) as store:
        store.create_tournament(
            example_text("home-sit-and-go"), entrants=3, bots=["random"], seed=1
        )
    command.downgrade(alembic_config(url), "0005")
    engine = create_engine(url)
    with engine.connect() as connection:
        tables = set(inspect(connection).get_table_names())
    engine.dispose()
    assert "tournament_hands_in_progress" not in tables and "tournaments" in tables
