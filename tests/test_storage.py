"""The store (issue 5, "saved as you go"): schema by Alembic, series and hands saved and resumed."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from platformdirs import user_data_dir
from sqlalchemy import inspect, text

from pokerroom.bots import BOTS, Bot, CallingStation, RandomBot, play_hand
from pokerroom.bots.ofc import OFC_BOTS, play_ofc_hand
from pokerroom.deck import Deck
from pokerroom.engine import OMAHA_HILO, Action, Hand, HandConfig, Limit, Options
from pokerroom.engine.views import view_of
from pokerroom.history import parse_phhs, replay_hand
from pokerroom.ofc import Session
from pokerroom.storage import (
    DATA_DIR_ENV,
    DATABASE_ENV,
    HandInProgress,
    OfcLog,
    OfcStore,
    Player,
    PlayerKind,
    SeriesLog,
    SeriesStore,
    StorageError,
    apply_decisions,
    data_dir,
    database_url,
    decisions_of,
    open_database,
    positions,
    resume_series,
)
from pokerroom.storage.codec import (
    config_from_json,
    config_to_json,
    decision_from_json,
    decision_to_json,
    record_from_json,
    record_to_json,
    settings_from_json,
    settings_to_json,
)
from pokerroom.storage.database import MIGRATIONS, alembic_config
from pokerroom.storage.models import Base
from pokerroom.table.series import HandRecord, Series, SeriesSettings

STYLES = ("equity", "station", "random")


@pytest.fixture
def store(database_url: str) -> Iterator[SeriesStore]:
    """A new store on SQLite, then on PostgreSQL (:func:`tests.real_parts.database_url`)."""
    with SeriesStore.open(database_url) as opened:
        yield opened


def bots_for(series: Series, seed: int) -> dict[int, Bot]:
    return {seat: BOTS[STYLES[(seat - 1) % 3]](seed + seat) for seat in series.seats}


def play_logged(
    log: SeriesLog, bots: dict[int, Bot], hands: int, *, each_decision: bool = False
) -> list[HandRecord]:
    """Play whole hands with bots, saving progress (after every decision if asked) and hands."""
    series = log.series
    records: list[HandRecord] = []
    while not series.is_over and len(records) < hands:
        hand = series.start_hand()
        log.save_progress(hand)
        if each_decision:
            play_stepwise(hand, series, bots, after=partial(log.save_progress, hand))
        else:
            play_hand(hand, {p: bots[series.seat_of(p)] for p in range(hand.players)})
        record = series.finish_hand(hand)
        log.hand_finished(hand, record)
        records.append(record)
    return records


def play_stepwise(
    hand: Hand,
    series: Series,
    bots: dict[int, Bot],
    *,
    after: Callable[[], None],
    limit: int | None = None,
) -> int:
    """One bot decision at a time, ``after`` each; stop after ``limit`` decisions if given."""
    done = 0
    while hand.phase in ("bet", "draw") and (limit is None or done < limit):
        player = hand.to_act if hand.phase == "bet" else hand.to_draw
        assert player is not None
        bot, view = bots[series.seat_of(player)], view_of(hand, player)
        if hand.phase == "bet":
            hand.act(bot.decide(view), player)
        else:
            hand.draw(bot.discard(view), player)
        done += 1
        after()
    return done


def check_down(series: Series, hand: Hand, hands: int) -> list[HandRecord]:
    """Finish ``hand`` and play ``hands - 1`` more by checking and calling."""
    records = []
    while True:
        while hand.phase == "bet":
            hand.check_or_call()
        records.append(series.finish_hand(hand))
        if series.is_over or len(records) == hands:
            return records
        hand = series.start_hand()


# ------------------------------------------------------------------ where the database lives


def test_database_defaults_to_the_data_dir_env_var(private_data_dir: Path) -> None:
    assert data_dir() == private_data_dir
    assert database_url() == f"sqlite:///{private_data_dir.absolute() / 'pokerroom.db'}"
    with open_database() as database:
        assert database.revision() == "0016"
    assert (private_data_dir / "pokerroom.db").is_file()


def test_the_database_env_var_wins_over_the_data_dir(
    tmp_path: Path, private_data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``$POKERROOM_DATABASE`` (a server's URL) is where every command saves; an explicit
    location still wins over it."""
    url = f"sqlite:///{tmp_path / 'server.db'}"
    monkeypatch.setenv(DATABASE_ENV, url)
    assert database_url() == url
    with open_database() as database:
        assert database.location == str(tmp_path / "server.db")
    assert not (private_data_dir / "pokerroom.db").exists()
    assert database_url(tmp_path / "mine.db") == f"sqlite:///{tmp_path / 'mine.db'}"
    monkeypatch.setenv(DATABASE_ENV, "no such://dialect")
    with pytest.raises(StorageError, match="not a database URL"):
        open_database()


def test_without_the_env_var_the_platform_user_data_dir_is_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(DATA_DIR_ENV)
    assert data_dir() == Path(user_data_dir("pokerroom", appauthor=False))


def test_an_explicit_path_directory_or_url_wins(tmp_path: Path, private_data_dir: Path) -> None:
    file = tmp_path / "nested" / "mine.sqlite"
    with open_database(file) as database:
        assert database.location == str(file)
    assert file.is_file()
    with open_database(tmp_path) as database:
        assert database.location == str(tmp_path / "pokerroom.db")
    with open_database(f"sqlite:///{tmp_path / 'url.db'}") as database:
        assert database.revision() == "0016"
    assert (tmp_path / "url.db").is_file()
    assert not private_data_dir.exists()


def test_bad_locations_are_storage_errors(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="not a database URL"):
        open_database("no such://dialect")
    junk = tmp_path / "junk.db"
    junk.write_text("this is not SQLite, just text " * 100)
    with pytest.raises(StorageError, match="cannot open the database"):
        open_database(junk)


def test_a_database_from_a_newer_pokerroom_is_refused(database_url: str) -> None:
    open_database(database_url).close()
    with open_database(database_url) as database, database.engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    with pytest.raises(StorageError, match="newer pokerroom"):
        open_database(database_url)


# ------------------------------------------------------------------ the migrations


def test_migrations_ship_inside_the_package() -> None:
    assert (MIGRATIONS / "env.py").is_file()
    assert (MIGRATIONS / "script.py.mako").is_file()
    script = ScriptDirectory.from_config(alembic_config())
    assert [rev.revision for rev in script.walk_revisions()] == [
        "0016",
        "0015",
        "0014",
        "0013",
        "0012",
        "0011",
        "0010",
        "0009",
        "0008",
        "0007",
        "0006",
        "0005",
        "0004",
        "0003",
        "0002",
        "0001",
    ]
    assert script.get_current_head() == "0016"


def test_migrated_schema_matches_the_models(database_url: str) -> None:
    with open_database(database_url) as database, database.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        assert differences == []
        tables = set(inspect(connection).get_table_names())
    assert tables == {
        "alembic_version",
        "series",
        "players",
        "hands",
        "hands_in_progress",
        "ofc_sessions",
        "ofc_hands",
        "tournaments",
        "tournament_events",
        "tournament_hands",
        "tournament_hands_in_progress",
        "accounts",
        "web_sessions",
        "invites",
        "room_passes",
        "web_hands",
        "web_hand_seats",
        "web_hand_counts",
        "web_rooms",
        "web_room_inputs",
        "web_room_checkpoints",
        "web_room_leases",
        "web_nodes",
        "clubs",
        "club_members",
        "club_seasons",
    }


def test_downgrade_and_upgrade_again(database_url: str) -> None:
    url = database_url
    open_database(url).close()
    command.downgrade(alembic_config(url), "base")  # env.py without a connection: from the URL
    with open_database(url) as database:
        assert database.revision() == "0016"


def test_migration_0010_keeps_series_and_an_older_one_has_no_clock(database_url: str) -> None:
    """A-18: the decision clock is saved with a series; one saved before 0010 has none."""
    url = database_url
    with SeriesStore.open(url) as store:
        players = [Player(1, "Ann"), Player(2, "Bob")]
        kept = store.create_series(players, SeriesSettings(), 1, clock=300)
        assert store.get_series(kept).clock == 300
        store.set_clock(kept, 0)
        assert store.get_series(kept).clock == 0
    command.downgrade(alembic_config(url), "0009")
    with SeriesStore.open(url) as store:
        assert store.database.revision() == "0016"
        older = store.get_series(kept)
        assert older.names == ["Ann", "Bob"] and older.clock is None


def test_reopening_keeps_the_data(database_url: str) -> None:
    with SeriesStore.open(database_url) as store:
        series_id = store.create_series([Player(1, "Ann"), Player(2, "Bob")], SeriesSettings(), 1)
    with SeriesStore.open(database_url) as store:
        assert store.database.revision() == "0016"
        assert store.get_series(series_id).names == ["Ann", "Bob"]


# ------------------------------------------------------------------ JSON forms


def test_settings_config_and_record_round_trip() -> None:
    settings = SeriesSettings(OMAHA_HILO, Limit.POT_LIMIT, 500, 5, 10, 1, "club")
    assert settings_from_json(settings_to_json(settings)) == settings
    config = HandConfig.holdem(
        [100, 200, 300],
        small_blind=1,
        big_blind=2,
        ante=1,
        variant=OMAHA_HILO,
        limit=Limit.POT_LIMIT,
        options=Options.profile("club", smallest_chip=5),
    )
    assert config_from_json(config_to_json(config)) == config
    stud = HandConfig.stud([50, 60], ante=1, bring_in=2, small_bet=5)
    assert config_from_json(config_to_json(stud)) == stud
    record = HandRecord(4, 2, None, 3, {3: 10, 1: 20}, {3: 0, 1: 30}, (3,))
    assert record_from_json(record_to_json(record)) == record
    data = config_to_json(config)
    del data["options"]["smallest_chip"]  # an option added after the hand was saved
    assert config_from_json(data).options.smallest_chip == 1


def test_bad_stored_json_is_a_storage_error() -> None:
    with pytest.raises(StorageError):
        settings_from_json({"variant": "no-such-game"})
    with pytest.raises(StorageError):
        decision_from_json({"player": 0, "action": "draw", "cards": ["Zz"]})
    hand = Hand(HandConfig.holdem([10, 10], small_blind=1, big_blind=2), Deck(seed=1))
    with pytest.raises(StorageError, match="unknown decision"):
        apply_decisions(hand, [decision_from_json({"player": 1, "action": "dance"})])


CONFIGS = {
    "holdem": HandConfig.holdem([200, 150, 90, 300], small_blind=1, big_blind=2),
    "omaha-hilo-pl": HandConfig.holdem(
        [200, 150, 90], small_blind=1, big_blind=2, variant=OMAHA_HILO, limit=Limit.POT_LIMIT
    ),
    "stud": HandConfig.stud([100, 80, 60, 40, 70], ante=1, bring_in=2, small_bet=5),
    "draw": HandConfig.draw([100, 100, 100, 50], small_blind=1, big_blind=2),
    "bomb-pot": HandConfig.bomb_pot([100, 100, 100], ante=5),
}


@pytest.mark.parametrize("name", sorted(CONFIGS))
@pytest.mark.parametrize("seed", range(12))
def test_decisions_replay_every_game_exactly(name: str, seed: int) -> None:
    """Config, deck seed and decisions make the same hand: bets, bring-ins, draws, showdowns."""
    config = CONFIGS[name]
    hand = Hand(config, Deck(seed=seed))
    play_hand(hand, {p: RandomBot(seed * 10 + p) for p in range(hand.players)})
    assert hand.phase == "done"
    stored = [decision_to_json(d) for d in decisions_of(hand)]
    again = Hand(config_from_json(config_to_json(config)), Deck(seed=seed))
    apply_decisions(again, [decision_from_json(d) for d in stored])
    assert again.events == hand.events
    assert again.stacks == hand.stacks


# ------------------------------------------------------------------ the repository


def test_series_players_and_kinds(store: SeriesStore) -> None:
    series = Series(["Ann", "Bob", "Cy"], seed=2)
    log = SeriesLog.start(store, series, bots={2: "equity", 3: "random"})
    saved = store.get_series(log.series_id)
    assert saved.players == (
        Player(1, "Ann", PlayerKind.HUMAN),
        Player(2, "Bob", PlayerKind.BOT, "equity"),
        Player(3, "Cy", PlayerKind.BOT, "random"),
    )
    assert saved.settings == SeriesSettings()
    assert saved.seed == 2
    assert saved.hands_played == 0
    assert not saved.finished and saved.in_progress is None
    with pytest.raises(StorageError, match="no series 99"):
        store.get_series(99)
    with pytest.raises(ValueError, match="seats \\[7\\]"):
        SeriesLog.start(store, series, bots={7: "equity"})
    with pytest.raises(ValueError, match="a seat of his own"):
        store.create_series([Player(1, "A"), Player(1, "B")], SeriesSettings(), None)


@pytest.mark.parametrize("seed", [0, 2**64 - 1, -(2**70), 10**60, -(10**80)])
def test_seeds_of_any_size_are_kept(store: SeriesStore, seed: int) -> None:
    """Any ``--seed`` the command line takes: longer than a PostgreSQL ``varchar(40)`` too."""
    series_id = store.create_series([Player(1, "A"), Player(2, "B")], SeriesSettings(), seed)
    assert store.get_series(series_id).seed == seed


def test_a_pot_of_billions_is_saved(store: SeriesStore) -> None:
    """A table holds up to 10^12 chips (``play --stack``): a pot past a 32-bit integer is
    kept as it is on every database."""
    stack = 10**11
    series = Series(["A", "B"], SeriesSettings(stack=stack, small_blind=10**9, big_blind=2 * 10**9))
    log = SeriesLog.start(store, series, bots={1: "station", 2: "station"})
    hand = series.start_hand()
    hand.act(Action.raise_to(stack))
    hand.act(Action.call())
    saved = log.hand_finished(hand, series.finish_hand(hand))
    assert saved.pot == 2 * stack
    assert store.hands(log.series_id)[0].pot == 2 * stack


def test_finished_hands_are_saved_with_record_phh_and_decisions(store: SeriesStore) -> None:
    series = Series([f"p{i}" for i in range(1, 6)], seed=4)
    log = SeriesLog.start(store, series, bots=dict.fromkeys(range(1, 6), "x"))
    records = play_logged(log, bots_for(series, 4), hands=6)
    hands = store.hands(log.series_id)
    assert [h.record for h in hands] == records
    assert [h.number for h in hands] == [1, 2, 3, 4, 5, 6]
    saved = store.get_series(log.series_id)
    assert saved.hands_played == 6 and saved.in_progress is None
    for stored, record in zip(hands, records, strict=True):
        assert stored.button == record.button
        assert sum(record.stacks_before.values()) == sum(record.stacks_after.values())
        gained = {s: record.stacks_after[s] - record.stacks_before[s] for s in record.stacks_after}
        assert {seat for seat, chips in gained.items() if chips > 0} <= set(stored.winners)
        assert 0 < max(gained.values()) <= stored.pot
        assert set(stored.seats) == set(record.stacks_before)
        assert stored.decisions
    exported = parse_phhs(store.export_phhs(log.series_id))
    assert len(exported) == 6
    for phh, stored in zip(exported, hands, strict=True):
        assert phh.players == tuple(saved.name_of(seat) for seat in stored.seats)
        result = replay_hand(phh, series.options)
        assert result.error is None and result.matches_recorded is True
        stacks = result.finishing_stacks
        assert stacks is not None
        assert [int(s) for s in stacks] == [stored.record.stacks_after[s] for s in stored.seats]


def test_a_hand_is_saved_once(store: SeriesStore) -> None:
    series = Series(["A", "B"], seed=1)
    log = SeriesLog.start(store, series)
    hand = series.start_hand()
    hand.act(Action.fold())
    record = series.finish_hand(hand)
    log.hand_finished(hand, record)
    with pytest.raises(StorageError, match="already saved"):
        log.hand_finished(hand, record)
    unfinished = Series(["A", "B"], seed=1).start_hand()
    with pytest.raises(ValueError, match="only a finished hand"):
        store.save_hand(log.series_id, unfinished, record, seats=[1, 2])
    with pytest.raises(ValueError, match="seat of each"):
        store.save_progress(log.series_id, 2, unfinished, seats=[1])
    with pytest.raises(StorageError, match="nobody in seats \\[5\\]"):
        store.save_progress(log.series_id, 2, unfinished, seats=[1, 5])


def test_x4_writers_racing_to_save_one_hand_save_it_once(database_url: str) -> None:
    """Four processes' stores save the same finished hand at once: the series row's lock
    (``_locked``) lets exactly one in; the others, let in after it, see it saved."""
    with SeriesStore.open(database_url) as store:
        series = Series(["A", "B"], seed=1)
        log = SeriesLog.start(store, series)
        hand = series.start_hand()
        seats, deck_seed = [series.seat_of(p) for p in range(hand.players)], series.hand_seed
        hand.act(Action.fold())
        record = series.finish_hand(hand)
    writers = [SeriesStore.open(database_url) for _ in range(4)]  # Alembic runs one at a time
    start = threading.Barrier(len(writers))
    outcomes: list[str] = []

    def save(writer: SeriesStore) -> None:
        start.wait(timeout=10)
        try:
            writer.save_hand(log.series_id, hand, record, seats=seats, deck_seed=deck_seed)
            outcomes.append("saved")
        except StorageError as error:
            outcomes.append(str(error))

    threads = [threading.Thread(target=save, args=(writer,)) for writer in writers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    for writer in writers:
        writer.close()
    assert sorted(outcomes) == ["hand 1 of series 1 is already saved"] * 3 + ["saved"]
    with SeriesStore.open(database_url) as store:
        assert [saved.number for saved in store.hands(log.series_id)] == [1]


def test_a_failing_database_is_one_line_without_the_statement(store: SeriesStore) -> None:
    """PostgreSQL explains an error over several lines, the statement among them: a user
    gets the first line only, on every database."""
    series = Series(["A", "B"], seed=1)
    log = SeriesLog.start(store, series)
    with store.database.engine.begin() as connection:
        connection.execute(text("DROP TABLE hands_in_progress"))
    with pytest.raises(StorageError) as caught:
        log.save_progress(series.start_hand())
    message = str(caught.value)
    assert message.startswith("cannot use the database") and "hands_in_progress" in message
    assert "\n" not in message and "SELECT" not in message and "INSERT" not in message


def test_progress_is_replaced_then_cleared_by_the_finished_hand(store: SeriesStore) -> None:
    series = Series(["A", "B", "C"], seed=5)
    log = SeriesLog.start(store, series)
    hand = series.start_hand()
    log.save_progress(hand)
    progress = store.get_series(log.series_id).in_progress
    assert progress is not None
    assert progress.number == 1 and progress.decisions == () and progress.config == hand.config
    assert list(progress.seats) == [series.seat_of(p) for p in range(3)]
    hand.act(Action.raise_to(6))
    hand.act(Action.call())
    log.save_progress(hand)
    progress = store.get_series(log.series_id).in_progress
    assert progress is not None
    assert [(d.action, d.amount) for d in progress.decisions] == [("raise", 6), ("call", None)]
    hand.act(Action.fold())
    while hand.phase == "bet":
        hand.check_or_call()
    log.hand_finished(hand, series.finish_hand(hand))
    assert store.get_series(log.series_id).in_progress is None


def test_a_hand_in_progress_rebuilds_from_its_deck_seed(store: SeriesStore) -> None:
    series_id = store.create_series([Player(1, "A"), Player(2, "B")], SeriesSettings(), None)
    config = HandConfig.holdem([100, 100], small_blind=1, big_blind=2)
    hand = Hand(config, Deck(seed=77))
    hand.act(Action.raise_to(6))
    hand.act(Action.call())
    hand.act(Action.check())
    store.save_progress(series_id, 1, hand, seats=[2, 1], deck_seed=77)
    progress = store.get_series(series_id).in_progress
    assert progress is not None and progress.deck_seed == 77
    rebuilt = progress.rebuild()
    assert rebuilt.events == hand.events and rebuilt.to_act == hand.to_act
    rebuilt.act(Action.check())
    hand.act(Action.check())
    assert rebuilt.events == hand.events  # the same turn card from the same deck
    without = HandInProgress(1, progress.updated_at, config, (2, 1), None, ())
    with pytest.raises(StorageError, match="without its deck"):
        without.rebuild()


def test_latest_series_and_latest_unfinished(store: SeriesStore) -> None:
    assert store.latest_series() is None and store.latest_unfinished() is None
    first = SeriesLog.start(store, Series(["A", "B"], seed=1))
    second = SeriesLog.start(store, Series(["C", "D"], seed=2))
    assert store.latest_unfinished() == store.get_series(second.series_id)
    second.series.stop()
    second.series_finished()
    finished = store.get_series(second.series_id)
    assert finished.finished and finished.standings is not None
    assert [s.name for s in finished.standings] == ["C", "D"]
    latest = store.latest_series()
    assert latest is not None and latest.id == second.series_id
    unfinished = store.latest_unfinished()
    assert unfinished is not None and unfinished.id == first.series_id
    hand = first.series.start_hand()
    first.save_progress(hand)  # playing the first series makes it the latest one
    latest = store.latest_series()
    assert latest is not None and latest.id == first.series_id
    assert [s.id for s in store.list_series()] == [first.series_id, second.series_id]
    assert [s.id for s in store.list_series(unfinished_only=True)] == [first.series_id]


def test_each_hand_is_saved_with_its_deck_seed(store: SeriesStore) -> None:
    """C-3: the seed of every hand's shuffle is kept, so it can be dealt again."""
    series = Series(["A", "B"], seed=3)
    log = SeriesLog.start(store, series)
    hand = series.start_hand()
    assert isinstance(series.hand_seed, int)
    seed = series.hand_seed
    hand.act(Action.fold())
    assert log.hand_finished(hand, series.finish_hand(hand)).deck_seed == seed


# ------------------------------------------------------------------ resuming


def test_resume_mid_hand_is_where_the_series_was_left(store: SeriesStore) -> None:
    seed = 11
    series = Series([f"p{i}" for i in range(1, 7)], seed=seed)
    log = SeriesLog.start(store, series, bots={s: STYLES[(s - 1) % 3] for s in range(1, 7)})
    bots = bots_for(series, seed)
    play_logged(log, bots, hands=4, each_decision=True)
    hand = series.start_hand()
    log.save_progress(hand)
    assert play_stepwise(hand, series, bots, after=lambda: log.save_progress(hand), limit=3) == 3
    # the program stops here; later it starts again from the store alone
    resumed = resume_series(store)
    assert resumed.saved.id == log.series_id
    again = resumed.hand
    assert again is not None
    assert again.events == hand.events
    assert resumed.series.seats == series.seats
    assert resumed.series.current == series.current and resumed.series.blinds == series.blinds
    assert resumed.series.hands_played == 4
    # both go on the same way: the same cards, markers and results from here on
    assert check_down(resumed.series, again, 4) == check_down(series, hand, 4)
    assert resumed.series.seats == series.seats


def test_resume_between_hands_and_keep_saving(store: SeriesStore) -> None:
    series = Series(["A", "B", "C"], seed=8)
    log = SeriesLog.start(store, series, bots={1: "station", 2: "station", 3: "station"})
    play_logged(log, {seat: CallingStation() for seat in series.seats}, hands=3)
    resumed = resume_series(store, log.series_id)
    assert resumed.hand is None
    assert resumed.series.seats == series.seats
    hand = resumed.series.start_hand()
    while hand.phase == "bet":
        hand.check_or_call()
    resumed.log.hand_finished(hand, resumed.series.finish_hand(hand))
    assert [h.number for h in store.hands(log.series_id)] == [1, 2, 3, 4]
    assert resume_series(store).series.hands_played == 4


def test_what_cannot_be_resumed(store: SeriesStore) -> None:
    with pytest.raises(StorageError, match="no unfinished series"):
        resume_series(store)
    unseeded = SeriesLog.start(store, Series(["A", "B"]))  # the series picks and keeps a seed
    assert resume_series(store, unseeded.series_id).series.seed == unseeded.series.seed
    done = SeriesLog.start(store, Series(["A", "B"], seed=1))
    done.series.stop()
    done.series_finished()
    with pytest.raises(StorageError, match="is finished"):
        resume_series(store, done.series_id)


def test_a_record_that_no_longer_replays_is_reported(store: SeriesStore) -> None:
    series = Series(["A", "B", "C"], seed=6)
    log = SeriesLog.start(store, series)
    play_logged(log, bots_for(series, 6), hands=2)
    with store.database.engine.begin() as connection:  # a hand's decisions changed behind our back
        connection.execute(
            text("UPDATE hands SET decisions = :d WHERE number = 2"),
            {"d": '[{"player": 0, "action": "fold"}]'},
        )
    with pytest.raises(StorageError, match="hand 2 of series 1"):
        resume_series(store)


def test_random_bot_series_survive_any_interruption(store: SeriesStore) -> None:
    """Stop after a random decision of a random hand; the resumed hand is the same hand."""
    rng = random.Random(5)
    resumed_hands = 0
    for _ in range(8):
        seed = rng.randrange(1000)
        series = Series(["A", "B", "C", "D"], seed=seed)
        log = SeriesLog.start(store, series)
        bots: dict[int, Bot] = {s: RandomBot(seed + s) for s in series.seats}
        play_logged(log, bots, hands=rng.randrange(1, 5))
        if series.is_over:
            continue
        hand = series.start_hand()
        play_stepwise(hand, series, bots, after=lambda: None, limit=rng.randrange(0, 4))
        if hand.phase == "done":
            continue
        log.save_progress(hand)
        resumed = resume_series(store)
        assert resumed.saved.id == log.series_id
        assert resumed.hand is not None and resumed.hand.events == hand.events
        resumed_hands += 1
    assert resumed_hands >= 3


def test_b6_a_mixed_series_resumes_with_its_structure(store: SeriesStore) -> None:
    """B-6: the mixed setting is saved, so a resumed series switches at the same hands."""
    series = Series(["A", "B"], SeriesSettings(mixed=True, orbit=1), seed=6)
    log = SeriesLog.start(store, series, bots={1: "station", 2: "station"})
    hand = series.start_hand()
    hand.act(Action.fold())
    log.hand_finished(hand, series.finish_hand(hand))
    resumed = resume_series(store)
    assert resumed.series.settings.mixed and resumed.series.settings.orbit == 1
    assert resumed.series.start_hand().config.limit is Limit.POT_LIMIT


# ------------------------------------------------------------ C-3: secure shuffles (issue 10, 23)


def test_c3_an_unseeded_series_keeps_no_seed_and_only_the_deck_of_the_hand_in_progress(
    store: SeriesStore,
) -> None:
    """C-3: no series seed, no hand seed; the hand in progress keeps the order of its
    52 cards, and once it is over nothing of its deck is kept."""
    series = Series(["A", "B", "C"])
    log = SeriesLog.start(store, series)
    hand = series.start_hand()
    hand.check_or_call()
    log.save_progress(hand)
    with store.database.engine.connect() as connection:
        seed, hand_seed = connection.execute(text("SELECT seed, NULL FROM series")).one()
        deck_seed, deck = connection.execute(
            text("SELECT deck_seed, CAST(deck AS TEXT) FROM hands_in_progress")
        ).one()
    assert (seed, hand_seed, deck_seed) == (None, None, None)
    assert len(set(json.loads(deck)["stock"])) == 52
    while hand.phase == "bet":
        hand.check_or_call()
    log.hand_finished(hand, series.finish_hand(hand))
    with store.database.engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM hands_in_progress")).scalar() == 0
        assert connection.execute(text("SELECT deck_seed FROM hands")).scalar() is None


def test_c3_the_stored_state_does_not_determine_the_next_hands_cards(store: SeriesStore) -> None:
    """C-3: resumed twice from the same stored state, the hand in progress is dealt again
    identically, but the next hand's cards differ (a fresh secure shuffle each time)."""
    series = Series([f"p{i}" for i in range(1, 7)])
    log = SeriesLog.start(store, series)
    stations: dict[int, Bot] = {seat: CallingStation() for seat in series.seats}
    play_logged(log, stations, hands=2)
    hand = series.start_hand()
    hand.check_or_call()
    log.save_progress(hand)
    next_hands = []
    for _ in range(2):
        resumed = resume_series(store)
        assert resumed.hand is not None and resumed.hand.events == hand.events
        assert resumed.series.hands_played == 2 and resumed.series.blinds == series.blinds
        check_down(resumed.series, resumed.hand, 1)
        next_hands.append(resumed.series.start_hand().hole)
    assert next_hands[0] != next_hands[1]


def test_c3_a_seeded_series_is_dealt_as_before_and_resumes_to_the_same_cards(
    store: SeriesStore,
) -> None:
    """``--seed``: every hand from the seed, as before; a resume deals the same next hand."""
    straight = Series(["A", "B", "C"], seed=21)
    check_down(straight, straight.start_hand(), 3)
    expected = straight.start_hand().hole
    series = Series(["A", "B", "C"], seed=21)
    log = SeriesLog.start(store, series)
    for _ in range(3):
        hand = series.start_hand()
        while hand.phase == "bet":
            hand.check_or_call()
        log.hand_finished(hand, series.finish_hand(hand))
    for _ in range(2):
        assert resume_series(store).series.start_hand().hole == expected


def test_c3_a_reshuffle_of_the_hand_in_progress_is_dealt_again_identically() -> None:
    """C-6 reshuffles are part of the hand's deck: dealt again, the same cards come."""
    deck = Deck()
    first = deck.deal(45)
    deck.discard(first)
    later = deck.deal(20)  # the stock runs out: the muck is reshuffled (C-6)
    assert len(deck.dealt.reshuffles) == 1
    again = Deck.again(deck.dealt)
    replayed = again.deal(45)
    again.discard(replayed)
    assert (replayed, again.deal(20)) == (first, later)


def test_migration_0003_keeps_every_row_of_an_older_database(database_url: str) -> None:
    """0003 copies ``ofc_sessions`` to make its seed optional (SQLite); no hand may cascade
    away."""
    url = database_url
    with open_database(url) as database, SeriesStore(database) as store:
        log = SeriesLog.start(store, Series(["A", "B"], seed=1))
        play_logged(log, {1: CallingStation(), 2: CallingStation()}, hands=2)
    with OfcStore.open(url) as ofc_store:
        ofc_log = OfcLog.start(ofc_store, Session(2, seed=3), ["A", "B"], bots=[None, None])
        ofc_hand = ofc_log.session.start_hand()
        play_ofc_hand(ofc_hand, [OFC_BOTS["random"](1)] * 2)
        ofc_log.session.finish_hand()
        ofc_log.hand_finished(ofc_hand, positions(ofc_log.session))
    command.downgrade(alembic_config(url), "0002")
    with open_database(url) as database, database.engine.connect() as connection:
        assert database.revision() == "0016"
        counts = [
            connection.execute(text(f"SELECT count(*) FROM {table}")).scalar()
            for table in ("series", "hands", "ofc_sessions", "ofc_hands")
        ]
    assert counts == [1, 2, 1, 1]


def test_records_saved_before_phh_carried_rule_options_still_match() -> None:
    """A hand stored without ``_options`` (older releases) still resumes; any other change does
    not match."""
    from pokerroom.deck import Deck
    from pokerroom.engine import Hand, HandConfig
    from pokerroom.history import write_phh
    from pokerroom.storage.series_log import _same_phh

    hand = Hand(HandConfig.holdem([100, 100], small_blind=1, big_blind=2), Deck(seed=1))
    written = write_phh(hand, ["a", "b"])
    older = "\n".join(line for line in written.split("\n") if not line.startswith("_options"))
    assert older != written
    assert _same_phh(written, older)
    assert _same_phh(written, written)
    assert not _same_phh(written, older.replace("[100, 100]", "[100, 101]"))
