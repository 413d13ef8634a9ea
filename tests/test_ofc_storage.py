"""OFC sessions in the store: migration 0002, a session and its hands saved and read back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import inspect

from pokerroom.bots.ofc import OFC_BOTS, play_ofc_hand
from pokerroom.errors import UsageError
from pokerroom.history.ofc_record import loads_many, replay_record
from pokerroom.ofc import OfcHand, Session
from pokerroom.storage import (
    OfcLog,
    OfcStore,
    SavedOfcHand,
    StorageError,
    ofc_document,
    open_database,
    positions,
)
from pokerroom.storage.database import alembic_config


@pytest.fixture
def store() -> Iterator[OfcStore]:
    with OfcStore.open("sqlite://") as opened:
        yield opened


def play(log: OfcLog, kinds: list[str], hands: int) -> list[SavedOfcHand]:
    """Bots of ``kinds`` (by seat) play ``hands`` hands of ``log``'s session, each saved."""
    bots = [OFC_BOTS[kind](seat) for seat, kind in enumerate(kinds)]
    saved = []
    for _ in range(hands):
        hand = log.session.start_hand()
        seats = positions(log.session)
        play_ofc_hand(hand, [bots[seat] for seat in seats])
        log.session.finish_hand()
        saved.append(log.hand_finished(hand, seats))
    return saved


def test_migration_0002_adds_the_ofc_tables_and_goes_back(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'o.db'}"
    with open_database(url) as database, database.engine.connect() as connection:
        assert database.revision() == "0002"
        tables = set(inspect(connection).get_table_names())
    assert {"ofc_sessions", "ofc_hands", "series", "hands"} <= tables
    command.downgrade(alembic_config(url), "0001")
    with open_database(url) as database:  # upgraded again on opening
        assert database.revision() == "0002"


def test_o5_a_session_round_trips(store: OfcStore) -> None:
    """Names, bot kinds, seed of any size, totals by seat; each hand's points sum to zero."""
    session = Session(3, seed=2**70)
    log = OfcLog.start(
        store,
        session,
        ["Ann", "sensible-2", "random-3"],
        bots=[None, "sensible", "random"],
        seed=2**70,
    )
    hands = play(log, ["random", "sensible", "random"], 3)
    saved = store.get_session(log.session_id)
    assert saved.names == ("Ann", "sensible-2", "random-3")
    assert saved.bots == (None, "sensible", "random")
    assert saved.seed == 2**70 and saved.players == 3 and not saved.finished
    assert saved.hands_played == 3 and saved.totals == session.totals
    assert store.hands(log.session_id) == hands
    for number, hand in enumerate(hands, start=1):
        assert hand.number == number and sum(hand.points) == 0
        record = hand.record()
        assert record.players == tuple(saved.names[seat - 1] for seat in hand.seats)
        replay = replay_record(record)
        assert replay.error is None and replay.matches_recorded is True
        assert replay.result is not None
        by_seat = dict(zip(hand.seats, replay.result.fouled, strict=True))
        assert tuple(by_seat[seat] for seat in (1, 2, 3)) == hand.fouled
    store.finish_session(log.session_id)
    assert store.get_session(log.session_id).finished
    assert [s.id for s in store.list_sessions()] == [log.session_id]
    assert [r.hand for r in loads_many(ofc_document(hands))] == [1, 2, 3]


def test_o3_the_button_moves_one_seat_each_hand(store: OfcStore) -> None:
    """O-3: the stored button (the last position's seat) moves one seat each hand."""
    log = OfcLog.start(store, Session(3, seed=1), ["A", "B", "C"], bots=["random"] * 3)
    hands = play(log, ["random"] * 3, 4)
    assert [hand.button for hand in hands] == [1, 2, 3, 1]
    assert all(hand.button == hand.seats[-1] for hand in hands)


def test_what_cannot_be_saved(store: OfcStore) -> None:
    session_id = store.create_session(["A", "B"], ["random", "random"], None)
    with pytest.raises(UsageError, match="only a finished OFC hand"):
        store.save_hand(session_id, OfcHand(2, seed=1), number=1, seats=[1, 2])
    hand = OfcHand(2, seed=1)
    play_ofc_hand(hand, [OFC_BOTS["random"](1), OFC_BOTS["random"](2)])
    with pytest.raises(UsageError, match="seats must number the 2 players from 1"):
        store.save_hand(session_id, hand, number=1, seats=[0, 1])
    store.save_hand(session_id, hand, number=1, seats=[2, 1])
    with pytest.raises(StorageError, match=f"hand 1 of OFC session {session_id} is already saved"):
        store.save_hand(session_id, hand, number=1, seats=[2, 1])
    with pytest.raises(StorageError, match="no OFC session 99"):
        store.hands(99)
    with pytest.raises(UsageError, match="one bot kind or None per seat"):
        store.create_session(["A", "B"], [None], None)
    other = store.create_session(["A", "B", "C"], [None] * 3, None)
    with pytest.raises(StorageError, match="has 3 players, the hand 2"):
        store.save_hand(other, hand, number=1, seats=[1, 2])
