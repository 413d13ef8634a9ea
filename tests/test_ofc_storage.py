"""OFC sessions in the store: migration 0002, a session, its hands and the hand in progress
saved, read back and resumed."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from alembic import command
from sqlalchemy import inspect

from pokerroom.bots.ofc import OFC_BOTS, RandomPlacer, apply_decision, play_ofc_hand
from pokerroom.errors import UsageError
from pokerroom.history.ofc.record import loads_many, replay_record
from pokerroom.ofc import OfcHand, Session
from pokerroom.ofc_choices import MAX_HANDS
from pokerroom.storage import (
    OfcLog,
    OfcStore,
    SavedOfcHand,
    StorageError,
    ofc_document,
    open_database,
    positions,
    resume_ofc_session,
)
from pokerroom.storage.database import alembic_config
from pokerroom.storage.models import OfcSessionRow
from pokerroom.storage.ofc.store import StaleSessionError

CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


@pytest.fixture
def store(database_url: str) -> Iterator[OfcStore]:
    """A new store on SQLite, then on PostgreSQL (:func:`tests.real_parts.database_url`)."""
    with OfcStore.open(database_url) as opened:
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


def test_migration_0002_adds_the_ofc_tables_and_goes_back(database_url: str) -> None:
    url = database_url
    with open_database(url) as database, database.engine.connect() as connection:
        assert database.revision() == "0016"
        tables = set(inspect(connection).get_table_names())
    assert {"ofc_sessions", "ofc_hands", "series", "hands"} <= tables
    command.downgrade(alembic_config(url), "0001")
    with open_database(url) as database:  # upgraded again on opening
        assert database.revision() == "0016"


def test_o5_a_session_round_trips(store: OfcStore) -> None:
    """Names, bot kinds, seed of any size, totals by seat; each hand's points sum to zero."""
    session = Session(3, seed=2**70)
    log = OfcLog.start(
        store,
        session,
        ["Ann", "sensible-2", "random-3"],
        bots=[None, "sensible", "random"],
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
    store.finish_session(log.session_id, hands_played=3)
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
    session_id = store.create_session(["A", "B"], ["random", "random"], 1)
    with pytest.raises(UsageError, match="only a finished OFC hand"):
        store.save_hand(session_id, OfcHand(2, seed=1), number=1, seats=[1, 2], deck_seed=1)
    hand = OfcHand(2, seed=1)
    play_ofc_hand(hand, [OFC_BOTS["random"](1), OFC_BOTS["random"](2)])
    with pytest.raises(UsageError, match="seats must number the 2 players from 1"):
        store.save_hand(session_id, hand, number=1, seats=[0, 1], deck_seed=1)
    store.save_hand(session_id, hand, number=1, seats=[2, 1], deck_seed=1)
    with pytest.raises(StaleSessionError, match="played on elsewhere"):  # hand 1 is saved
        store.save_hand(session_id, hand, number=1, seats=[2, 1], deck_seed=1)
    with pytest.raises(StorageError, match="no OFC session 99"):
        store.hands(99)
    with pytest.raises(UsageError, match="one bot kind or None per seat"):
        store.create_session(["A", "B"], [None], 1)
    other = store.create_session(["A", "B", "C"], [None] * 3, 1)
    with pytest.raises(StorageError, match="has 3 players, the hand 2"):
        store.save_hand(other, hand, number=1, seats=[1, 2], deck_seed=1)


def bot_turns(log: OfcLog, turns: int) -> tuple[OfcHand, tuple[int, ...]]:
    """Deal the next hand and let random bots play ``turns`` turns, saving after each."""
    hand = log.session.start_hand()
    seats = positions(log.session)
    for _ in range(turns):
        player = hand.to_act
        assert player is not None
        apply_decision(hand, player, RandomPlacer(player).decide(hand.view(player)))
        log.save_progress(hand, seats)
    return hand, seats


def test_the_hand_in_progress_is_saved_replaced_and_cleared(store: OfcStore) -> None:
    """Saved after every action, replaced by the next save, gone once the hand is saved
    finished; the button moves (O-3) and the Fantasyland seats are kept (O-4)."""
    log = OfcLog.start(store, Session(2, seed=8), ["A", "B"], bots=["random"] * 2, hands=2)
    hand, seats = bot_turns(log, 1)
    first = store.get_session(log.session_id).in_progress
    assert first is not None and first.number == 1 and first.deck_seed == log.session.hand_seed
    assert len(first.actions) == 1 + 5 + 1  # the deal, five sets, the next player's deal
    log.save_progress(hand, seats)
    apply_decision(hand, 1, RandomPlacer(1).decide(hand.view(1)))
    log.save_progress(hand, seats)
    again = store.get_session(log.session_id).in_progress
    assert again is not None and again.actions[:7] == first.actions and len(again.actions) > 7
    play_ofc_hand(hand, [RandomPlacer(0), RandomPlacer(1)])
    result = log.session.finish_hand()
    log.hand_finished(hand, seats)
    saved = store.get_session(log.session_id)
    assert saved.in_progress is None and saved.button == 2 and not saved.finished
    assert saved.fantasy == tuple(result.fantasy_next[seats.index(s)] for s in (0, 1))
    with pytest.raises(UsageError, match="save it as a finished hand"):
        store.save_progress(log.session_id, hand, number=2, seats=[1, 2], deck_seed=1)
    hand, seats = bot_turns(log, 1)
    seed = log.session.hand_seed
    assert seed is not None
    with pytest.raises(StorageError, match="has seat 2 on the button, the hand seat 1"):
        store.save_progress(log.session_id, hand, number=2, seats=[2, 1], deck_seed=seed)
    play_ofc_hand(hand, [RandomPlacer(0), RandomPlacer(1)])
    log.session.finish_hand()
    log.hand_finished(hand, seats)  # the last of --hands 2 finishes the session
    assert store.get_session(log.session_id).finished
    assert store.latest_unfinished() is None


def test_resume_mid_hand_deals_the_same_cards_and_never_exports_them(store: OfcStore) -> None:
    """The hand in progress comes back as it was; records and exports hold finished hands
    only, so no unset card of anyone is ever written out (X-4, O-2)."""
    log = OfcLog.start(store, Session(3, seed=2**65), ["A", "B", "C"], bots=["random"] * 3)
    play(log, ["random"] * 3, 1)
    hand, _ = bot_turns(log, 4)
    resumed = resume_ofc_session(store)
    again = resumed.session.hand
    assert again is not None and again.events == hand.events
    assert [again.pending(p) for p in range(3)] == [hand.pending(p) for p in range(3)]
    assert resumed.session.totals == log.session.totals and resumed.session.button == 1
    assert resumed.log.session_id == log.session_id and resumed.saved.hands_played == 1
    records = loads_many(ofc_document(store.hands(log.session_id)))
    assert [record.hand for record in records] == [1]  # hand 2 is no record until it ends


def test_what_cannot_be_resumed(store: OfcStore) -> None:
    with pytest.raises(StorageError, match="no unfinished OFC session to resume"):
        resume_ofc_session(store)
    log = OfcLog.start(store, Session(2, seed=5), ["A", "B"], bots=["random"] * 2)
    hand, seats = bot_turns(log, 2)
    with pytest.raises(StaleSessionError):  # a session is ended between hands only
        log.finished()
    play_ofc_hand(hand, [RandomPlacer(0), RandomPlacer(1)])
    log.session.finish_hand()
    log.hand_finished(hand, seats)
    log.finished()
    assert store.get_session(log.session_id).in_progress is None
    with pytest.raises(StorageError, match="no unfinished OFC session"):
        resume_ofc_session(store)
    with pytest.raises(StorageError, match=f"OFC session {log.session_id} is finished"):
        resume_ofc_session(store, log.session_id)

    log = OfcLog.start(store, Session(2, seed=5), ["A", "B"], bots=["random"] * 2)
    bot_turns(log, 2)
    with store.database.session() as db:
        row = db.get(OfcSessionRow, log.session_id)
        assert row is not None and row.hand_actions is not None
        row.hand_actions = [*row.hand_actions[:-2], "p1 s As top"]
    with pytest.raises(StorageError, match=r"hand 1 of OFC session \d+ no longer replays") as info:
        resume_ofc_session(store)
    assert not CARD.search(str(info.value))  # nobody's unset cards in the message
    with store.database.session() as db:
        row = db.get(OfcSessionRow, log.session_id)
        assert row is not None
        row.hand_seed = 1
    with pytest.raises(StorageError, match=r"hand 1 of OFC session \d+ is dealt differently"):
        resume_ofc_session(store)
    with store.database.session() as db:
        row = db.get(OfcSessionRow, log.session_id)
        assert row is not None
        row.hand_seed, row.totals = log.session.hand_seed, [1, 0]
    with pytest.raises(StorageError, match="cannot be resumed: totals need one entry per seat"):
        resume_ofc_session(store)


def test_x4_a_stale_writer_is_refused_so_a_resume_never_undoes(store: OfcStore) -> None:
    """X-4: two terminals on one session. Once one has played on, the other may neither
    save its own different actions, nor finish the hand, nor end the session; a resume
    goes on from what was played, so no one sees the next cards and then plays into them."""
    log = OfcLog.start(store, Session(2, seed=3), ["A", "B"], bots=["random"] * 2, hands=3)
    bot_turns(log, 1)
    first, second = resume_ofc_session(store), resume_ofc_session(store)
    hands = [resumed.session.hand for resumed in (first, second)]
    assert hands[0] is not None and hands[1] is not None
    seats = positions(first.session)
    for turns, resumed, hand in ((2, second, hands[1]), (1, first, hands[0])):
        for _ in range(turns):
            player = hand.to_act
            assert player is not None
            apply_decision(hand, player, RandomPlacer(turns).decide(hand.view(player)))
            if resumed is second:
                resumed.log.save_progress(hand, seats)
    with pytest.raises(StaleSessionError, match=r"^this session was played on elsewhere; run "):
        first.log.save_progress(hands[0], seats)  # no extension of what second played
    play_ofc_hand(hands[0], [RandomPlacer(0), RandomPlacer(1)])
    first.session.finish_hand()
    with pytest.raises(StaleSessionError):
        first.log.hand_finished(hands[0], seats)
    late = resume_ofc_session(store)
    again = late.session.hand
    assert again is not None and again.events == hands[1].events  # a continuation

    play_ofc_hand(hands[1], [RandomPlacer(0), RandomPlacer(1)])
    second.session.finish_hand()
    second.log.hand_finished(hands[1], seats)
    player = again.to_act
    assert player is not None
    apply_decision(again, player, RandomPlacer(0).decide(again.view(player)))
    with pytest.raises(StaleSessionError):  # hand 1 is saved: its progress is stale
        late.log.save_progress(again, seats)
    third = resume_ofc_session(store)
    hand, seats = bot_turns(third.log, 1)  # hand 2 begun elsewhere: ending now is stale
    with pytest.raises(StaleSessionError):
        second.log.finished()
    saved = store.get_session(log.session_id)
    assert not saved.finished and saved.hands_played == 1
    assert saved.in_progress is not None and saved.in_progress.number == 2


def test_damaged_rows_are_storage_errors_and_resume_is_bounded(store: OfcStore) -> None:
    """A tampered row is a one-line StorageError naming the field, not its value; no
    session of more than MAX_HANDS hands is restored (it would skip a draw for each)."""
    log = OfcLog.start(store, Session(2, seed=5), ["A", "B"], bots=["random"] * 2)
    play(log, ["random", "random"], 1)
    for field, value in (
        ("names", ["A"]),
        ("bots", [None, 5]),
        ("totals", ["a", "b"]),
        ("fantasy", 5),
        ("button", 3),
        ("hands_played", MAX_HANDS + 1),
        ("hand_actions", {"a": 1}),
    ):
        with store.database.session() as db:
            row = db.get(OfcSessionRow, log.session_id)
            assert row is not None
            kept = getattr(row, field)
            setattr(row, field, value)
        with pytest.raises(StorageError, match=rf"damaged in the store \({field}|hand in prog"):
            store.get_session(log.session_id)
        with pytest.raises(StorageError, match="damaged in the store"):
            store.list_sessions()
        with store.database.session() as db:
            row = db.get(OfcSessionRow, log.session_id)
            assert row is not None
            setattr(row, field, kept)
    assert store.get_session(log.session_id).hands_played == 1
    with pytest.raises(UsageError, match=f"at most {MAX_HANDS} hands"):
        Session.restore(
            2, seed=1, hands_played=MAX_HANDS + 1, button=0, totals=[0, 0], fantasy_seats=[]
        )


def test_c3_an_unseeded_session_keeps_only_the_deck_of_the_hand_in_progress(
    store: OfcStore,
) -> None:
    """C-3 (issue 10, item 23): no session seed, no hand seed; the hand in progress keeps
    the order of its cards and is dealt again identically, twice; the next hand after it
    is a fresh secure shuffle each time, so nothing stored predicts it."""
    log = OfcLog.start(store, Session(2), ["A", "B"], bots=["random"] * 2)
    play(log, ["random"] * 2, 1)
    hand, seats = bot_turns(log, 2)
    with store.database.session() as session:
        row = session.get(OfcSessionRow, log.session_id)
        assert row is not None and (row.seed, row.hand_seed) == (None, None)
        assert row.hand_deck is not None and len(set(row.hand_deck["stock"])) == 52
    next_deals = []
    for _ in range(2):
        resumed = resume_ofc_session(store)
        again = resumed.session.hand
        assert again is not None and again.events == hand.events
        assert [again.pending(p) for p in range(2)] == [hand.pending(p) for p in range(2)]
        play_ofc_hand(again, [RandomPlacer(1), RandomPlacer(2)])
        resumed.session.finish_hand()
        next_deals.append(resumed.session.start_hand().pending(0))
    assert next_deals[0] != next_deals[1]
    play_ofc_hand(hand, [RandomPlacer(1), RandomPlacer(2)])
    log.session.finish_hand()
    log.hand_finished(hand, seats)
    with store.database.session() as session:
        row = session.get(OfcSessionRow, log.session_id)
        assert row is not None and (row.hand_deck, row.hand_actions) == (None, None)


def test_an_abandoned_session_drops_its_hand_in_progress(store: OfcStore) -> None:
    log = OfcLog.start(store, Session(2), ["A", "B"], bots=["random"] * 2)
    play(log, ["random"] * 2, 1)
    bot_turns(log, 1)
    abandoned = store.abandon_session(log.session_id)
    assert abandoned.abandoned and abandoned.finished and abandoned.in_progress is None
    assert [hand.number for hand in store.hands(log.session_id)] == [1]
    with pytest.raises(StorageError, match="abandoned already"):
        store.abandon_session(log.session_id)
    with pytest.raises(StorageError, match="is abandoned"):
        resume_ofc_session(store, log.session_id)
