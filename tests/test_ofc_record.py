"""OFC hand records (pokerroom's own PHH-style format): round trips, replay checks, errors, CLI.

The replay rebuilds each hand through ``OfcHand``, so the rules named here
(O-1 … O-5, C-1) are those the engine enforces; the record adds the deals.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from typer.testing import CliRunner

from pokerroom.cli.app import app
from pokerroom.errors import PokerroomError
from pokerroom.history.ofc.record import (
    OfcActionCode,
    OfcRecord,
    OfcRecordError,
    OfcReplay,
    dumps,
    dumps_many,
    loads,
    loads_many,
    read_records,
    record_of,
    replay_record,
)
from pokerroom.ofc import DealCards, OfcHand, Row

DATA = Path(__file__).parent / "data" / "ofc"
HEADS_UP = DATA / "heads-up.ofc.toml"
FANTASY_SURRENDER = DATA / "fantasy-surrender.ofc.toml"
ILLEGAL = DATA / "illegal-row-full.ofc.toml"
runner = CliRunner()


def play_random(
    seed: int, players: int, fantasy: tuple[int, ...] = (), surrender: float = 0.0
) -> OfcHand:
    """A legal hand played at random: any dealt card, any open row, the discard at any point,
    and now and then a surrender by a player who has set nothing yet (O-5)."""
    rng = random.Random(seed)
    hand = OfcHand(players, fantasy=fantasy, seed=seed)
    while (player := hand.to_act) is not None:
        fresh = [p for p in range(players) if not hand.surrendered(p) and not len(hand.board(p))]
        if fresh and rng.random() < surrender:
            hand.surrender(rng.choice(fresh))
            continue
        pending = hand.pending(player)
        card = rng.choice(pending)
        if hand.to_discard and (not hand.to_place or rng.random() < 1 / len(pending)):
            hand.discard(player, card)
        else:
            board = hand.board(player)
            hand.place(player, card, rng.choice([r for r in Row if board.free(r) > 0]))
    return hand


def played_hands() -> list[OfcHand]:
    """2 and 3 players, every fantasy subset now and then, a surrender in about a quarter."""
    hands = []
    for seed in range(240):
        players = 2 + seed % 2
        rng = random.Random(-seed)
        fantasy = tuple(p for p in range(players) if rng.random() < 0.25)
        hands.append(play_random(seed, players, fantasy, surrender=0.02))
    return hands


def without_deals(replay: OfcReplay) -> list[object]:
    """Everything players did in the replayed hand: what an illegal action must leave alone."""
    return [e for e in replay.hand.events if not isinstance(e, DealCards)]


# -- round trips ----------------------------------------------------------------------


def test_round_trip_of_random_legal_hands_rescores_exactly() -> None:
    """record_of → dumps → loads → replay_record gives the same hand, event for event,
    and the engine re-scores it to the hand's own result (O-5 … O-7)."""
    seen: Counter[str] = Counter()
    for number, hand in enumerate(played_hands()):
        result = hand.result
        assert result is not None
        names = [f"player {p}" for p in range(hand.players)]
        record = record_of(hand, names=names, hand_number=number, table="t1")
        assert loads(dumps(record)) == record
        replay = replay_record(loads(dumps(record)))
        assert replay.error is None and replay.complete
        assert replay.hand.events == hand.events
        assert replay.result == result
        assert replay.points == result.points == record.points
        assert replay.matches_recorded is True
        seen[f"{hand.players} players"] += 1
        seen["fantasy"] += any(hand.fantasy)
        seen["surrender"] += any(hand.surrendered(p) for p in range(hand.players))
        seen["live board"] += any(
            board is not None and not fouled
            for board, fouled in zip(result.boards, result.fouled, strict=True)
        )
        seen["royalties"] += any(result.royalties)
    assert seen["2 players"] == seen["3 players"] == 120
    assert min(seen.values()) >= 5, seen  # random rows rarely earn royalties


def test_every_event_becomes_one_action() -> None:
    """Deals are PHH's ``d dh``; set, discard and surrender are our tokens (O-2, O-4, O-5)."""
    hand = play_random(3, 3, fantasy=(2,), surrender=0.0)
    record = record_of(hand)
    codes = Counter(action.code for action in record.actions)
    assert codes == {
        OfcActionCode.DEAL: 2 * 5 + 1,  # two players: 1 + 4 deals; the fantasy one: 14 at once
        OfcActionCode.SET: 3 * 13,
        OfcActionCode.DISCARD: 2 * 4 + 1,
    }
    fantasy_deal = next(a for a in record.actions if a.code is OfcActionCode.DEAL and a.player == 2)
    assert len(fantasy_deal.cards) == 14  # O-4
    assert record.actions[0].text.startswith("d dh p1 ")  # O-3: position 1 is dealt first


def test_metadata_round_trips() -> None:
    hand = play_random(5, 3)
    kyiv = datetime(2025, 3, 14, 20, 15, 30, 250_000, tzinfo=ZoneInfo("Europe/Kyiv"))
    record = record_of(
        hand,
        names=["Ann", 'Bob "the rock"', "Cid\\\x7f"],
        hand_number=12,
        table="kitchen",
        event="Home OFC night",
        seats=[2, 3, 1],
        time=kyiv,
    )
    assert loads(dumps(record)) == record
    assert record.button_seat == 1  # O-3: the last position is the button
    naive = dataclasses.replace(record, time=datetime(2025, 1, 2, 3, 4, 5), seats=None)
    assert loads(dumps(naive)) == naive
    offset = dataclasses.replace(record, time=kyiv.astimezone(timezone(timedelta(hours=5))))
    back = loads(dumps(offset))
    assert back.time == kyiv and back.time is not None and back.time.tzinfo == ZoneInfo("UTC")
    assert 'time_zone = "UTC"' in dumps(offset) and "time = 18:15:30.250000" in dumps(offset)


def test_unfinished_hand_is_recorded_without_points() -> None:
    hand = OfcHand(2, seed=4)
    card = hand.pending(0)[0]
    hand.place(0, card, Row.BOTTOM)
    record = record_of(hand)
    assert record.points is None
    replay = replay_record(loads(dumps(record)))
    assert replay.error is None and not replay.complete
    assert replay.points is None and replay.matches_recorded is None
    assert replay.hand.board(0).bottom == (card,)


def test_record_of_checks_the_names_and_seats() -> None:
    hand = play_random(1, 2)
    with pytest.raises(PokerroomError, match=r"names needs one entry per position \(2\), got 3"):
        record_of(hand, names=["a", "b", "c"])
    with pytest.raises(PokerroomError, match="seats needs one entry per position"):
        record_of(hand, seats=[1])


def test_many_records_in_one_file() -> None:
    records = [loads(HEADS_UP.read_text()), loads(FANTASY_SURRENDER.read_text())]
    text = dumps_many(records)
    assert "[1]" in text and "[2]" in text
    assert loads_many(text) == records
    assert loads_many(dumps(records[0])) == records[:1]


# -- the example files ----------------------------------------------------------------


@pytest.mark.parametrize("path", [HEADS_UP, FANTASY_SURRENDER, ILLEGAL])
def test_example_files_are_written_as_dumps_writes(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert dumps(loads(text)) == text


def test_heads_up_example_scores_rows_and_royalties() -> None:
    """O-1 both boards live; O-5 p1 wins middle and top, p2 the bottom: +1; O-6 royalties
    11 (flush 4, QQ on top 7) against 6 (full house): +5; O-4 QQ earns Fantasyland."""
    replay = replay_record(loads(HEADS_UP.read_text()))
    assert replay.error is None and replay.result is not None
    assert replay.result.fouled == (False, False)
    assert replay.result.royalties == (11, 6)
    assert replay.points == (6, -6) and replay.matches_recorded is True
    assert replay.result.fantasy_next == (True, False)


def test_fantasy_and_surrender_example() -> None:
    """O-5: p2 surrenders after seeing his five, paying 2 to each of the others; O-4: p3 is
    dealt 14 cards after everyone else has set, scoops p1 (6) with royalties 18 - 4, and
    repeats Fantasyland with four of a kind on the bottom."""
    record = loads(FANTASY_SURRENDER.read_text())
    assert record.fantasy_positions == (2,)
    assert record.actions[7].commentary == "nothing to build on"
    replay = replay_record(record)
    assert replay.error is None and replay.result is not None
    assert replay.hand.surrendered(1) and replay.result.boards[1] is None
    assert replay.points == (2 - 20, -4, 2 + 20) and replay.matches_recorded is True
    assert replay.result.fantasy_next == (False, False, True)


def test_a_wrong_recorded_score_is_found() -> None:
    record = dataclasses.replace(loads(HEADS_UP.read_text()), points=(5, -5))
    replay = replay_record(record)
    assert replay.error is None and replay.points == (6, -6)
    assert replay.matches_recorded is False


# -- illegal records ------------------------------------------------------------------

HEADS_UP_ACTIONS = [a.text for a in loads(HEADS_UP.read_text()).actions]


def edited(old: str, *new: str) -> list[str]:
    """The heads-up example's actions with the entry ``old`` replaced by ``new`` (0 or more)."""
    index = HEADS_UP_ACTIONS.index(old)
    return [*HEADS_UP_ACTIONS[:index], *new, *HEADS_UP_ACTIONS[index + 1 :]]


def record_text(actions: list[str], fantasy: str = "[false, false]") -> str:
    return f'variant = "OFCP"\n_fantasy = {fantasy}\nactions = {json.dumps(actions)}\n'


@pytest.mark.parametrize(
    ("actions", "index", "rule", "message"),
    [
        pytest.param(
            edited("p2 s Jh top", "p2 s Jh bottom"),
            26,
            "O-1",
            "the bottom row already holds 5 cards; open rows: middle, top",
            id="O-1 a card set on a full row",
        ),
        pytest.param(
            edited("p1 s 9h bottom", "p1 s 9d bottom"),
            13,
            "O-2",
            "9d is not among p1's unset cards; choose from 9h 7d As",
            id="O-2 a card not dealt to the player",
        ),
        pytest.param(
            edited("p1 s 7d middle", "p1 x 7d"),
            15,
            "O-2",
            "p1 has already discarded this deal; only one discard is allowed, so set As",
            id="O-2 a second discard",
        ),
        pytest.param(
            edited("p1 s 7c middle", "p1 x 7c"),
            5,
            "O-2",
            "the first deal has no discard: set all five cards on your rows (O-2)",
            id="O-2 a discard in the first deal",
        ),
        pytest.param(
            edited("p1 s 7c middle", "p2 s 7c middle"),
            5,
            "O-3",
            "p2 cannot set a card now: it is p1's turn (O-2, O-3)",
            id="O-3 out of turn",
        ),
        pytest.param(
            edited("p1 s Kh bottom", "p1 s Kh bottom", "p1 sr"),
            3,
            "O-5",
            "p1 has set cards; surrender is allowed only before setting the first card (O-5)",
            id="O-5 a surrender after setting cards",
        ),
        pytest.param(
            [*HEADS_UP_ACTIONS, "p1 s As top"],
            len(HEADS_UP_ACTIONS),
            "O-2",
            "the hand is over; no one may set a card",
            id="O-2 an action after the hand",
        ),
        pytest.param(
            edited("d dh p2 6s3dKs", "d dh p2 6s3dAh"),
            16,
            "C-1",
            "Ah already dealt in this hand; each card is dealt once",
            id="C-1 a card dealt twice",
        ),
        pytest.param(
            edited("d dh p1 9h7dAs", "d dh p1 9h7d"),
            12,
            "O-2",
            "p1 is dealt 3 cards now, not 2",
            id="O-2 a deal of the wrong size",
        ),
        pytest.param(
            edited("d dh p2 TsTdTc9s9d", "d dh p1 TsTdTc9s9d"),
            6,
            "O-3",
            "the dealer deals to p2 now, not p1",
            id="O-3 a deal to the wrong player",
        ),
        pytest.param(
            edited("d dh p1 9h7dAs"),
            12,
            "O-2",
            "p1 is due 3 cards first: the record must deal them ('d dh p1 CARDS') before this",
            id="O-2 a card set before its deal",
        ),
        pytest.param(
            edited("p1 s 7c middle", "d dh p1 9h7dAs"),
            5,
            "O-2",
            "no deal is due: p1 still has 7c to set or discard",
            id="O-2 a deal before the player has set his cards",
        ),
    ],
)
def test_illegal_action_is_reported_and_nothing_after_it_applies(
    actions: list[str], index: int, rule: str, message: str
) -> None:
    record = loads(record_text(actions))
    replay = replay_record(record)
    error = replay.error
    assert error is not None
    assert (error.action_index, error.action, error.rule) == (index, actions[index], rule)
    assert error.message == message
    before = replay_record(dataclasses.replace(record, actions=record.actions[:index]))
    assert before.error is None
    assert without_deals(replay) == without_deals(before)
    assert replay.points is None or index == len(HEADS_UP_ACTIONS)


def test_illegal_example_file_stops_at_the_full_row() -> None:
    """O-1: a row holds five cards (three on top); the record goes on, the replay does not."""
    replay = replay_record(loads(ILLEGAL.read_text()))
    assert replay.error is not None and replay.error.action_index == 26
    assert replay.error.rule == "O-1"
    assert not replay.complete and replay.matches_recorded is None
    assert replay.hand.board(1).top == ()


def test_fantasy_player_sets_last() -> None:
    """O-4: p3 in Fantasyland sets after everyone else, so his set among p1's deals is refused
    (O-5: a surrender before setting any card is allowed at any time)."""
    actions = [a.text for a in loads(FANTASY_SURRENDER.read_text()).actions]
    early = [*actions[:3], "p3 s 8s bottom"]
    replay = replay_record(loads(record_text(early, "[false, false, true]")))
    assert replay.error is not None and replay.error.rule == "O-4"
    assert replay.error.message == "p3 cannot set a card now: it is p1's turn (O-2, O-3)"
    surrender = [*actions[:3], "p3 sr", *actions[3:6]]
    replay = replay_record(loads(record_text(surrender, "[false, false, true]")))
    assert replay.error is None and replay.hand.surrendered(2)


# -- malformed records ----------------------------------------------------------------

GOOD = record_text(HEADS_UP_ACTIONS[:6])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("variant = [", "not valid TOML: "),
        (GOOD.replace('"p1 s Qd top"', "p1 s Qd top"), "Invalid value (at line 3, column"),
        ('variant = "NT"\n', "variant must be 'OFCP' (Open-Face Chinese Pineapple), got 'NT'"),
        ("actions = []\n", "not a single record: it needs variant = 'OFCP' at the top"),
        ('variant = "OFCP"\nactions = []\n', "an OFCP record needs the field '_fantasy'"),
        ('variant = "OFCP"\n_fantasy = [false, false]\n', "needs the field 'actions'"),
        (GOOD + "antes = [0, 0]\n", "unknown field 'antes'; an OFCP record has the fields variant"),
        (GOOD.replace("[false, false]", "[false]"), "OFC is for 2 or 3 players; got [False]"),
        (GOOD.replace("[false, false]", "[0, 1]"), "_fantasy must be an array with one entry"),
        (GOOD + 'players = ["Ann"]\n', "players needs one entry per player (2, as in _fantasy)"),
        (GOOD + "_points = [1.5, -1.5]\n", "_points must be an array with one entry per player"),
        (GOOD + "_points = [true, false]\n", "each an integer; got [True, False]"),
        (GOOD + "seats = [1, 1]\n", "seats must be distinct seat numbers from 1, got [1, 1]"),
        (GOOD + 'hand = "one"\n', "hand must be an integer, got 'one'"),
        (GOOD + "table = 1.5\n", "table must be a string or an integer, got 1.5"),
        (GOOD + "year = 2025\n", "needs year, month, day and time; missing month, day, time"),
        (GOOD + 'time_zone = "UTC"\n', "time_zone needs the time of the hand"),
        (
            GOOD + "year = 2025\nmonth = 2\nday = 30\ntime = 10:00:00\n",
            "year, month and day are not a date",
        ),
        (
            GOOD + 'year = 2025\nmonth = 2\nday = 3\ntime = 10:00:00\ntime_zone = "Mars/Base"\n',
            "time_zone 'Mars/Base' is not an IANA time zone",
        ),
        (GOOD + "year = 2025\nmonth = 2\nday = 3\ntime = 1\n", "time must be a TOML local time"),
        (record_text(["p1 folds"]), "actions[0] 'p1 folds': expected 'd dh pN CARDS' (deal)"),
        (record_text(["p1 s As tops"]), "unknown row 'tops': the rows are bottom, middle, top"),
        (record_text(["p3 sr"]), "actions[0] 'p3 sr': 'p3' is not a player: expected p1 … p2"),
        (record_text(["p² sr"]), "'p²' is not a player: expected p1 … p2"),
        (record_text(["p١ sr"]), "'p١' is not a player: expected p1 … p2"),
        (
            GOOD + "year = 99999999999999999999\nmonth = 1\nday = 1\ntime = 10:00:00\n",
            "year, month and day are not a date",
        ),
        (record_text(["d dh p1 AsXx"]), "actions[0] 'd dh p1 AsXx': unknown card 'Xx'"),
        (record_text(["d dh p1 AsAs"]), "card As appears twice"),
        (record_text(["d dh p1 ????"]), "unknown cards '????': a record is the full history"),
        (record_text(["p1 x AsKs"]), "'AsKs' is 2 cards; this action takes one card"),
        ('variant = "OFCP"\n_fantasy = [false, false]\nactions = [1]\n', "array of strings"),
    ],
)
def test_malformed_records_raise_a_named_error(text: str, message: str) -> None:
    with pytest.raises(OfcRecordError) as raised:
        loads(text)
    assert message in str(raised.value)
    assert isinstance(raised.value, PokerroomError)


def test_damaged_records_give_only_named_errors() -> None:
    """Random damage to the example files: every read fails with OfcRecordError or gives a
    record that replays (legal or not) without any other exception."""
    texts = [path.read_text(encoding="utf-8") for path in (HEADS_UP, FANTASY_SURRENDER, ILLEGAL)]
    pieces = [*'[]"=,#\n 0123456789pdhsxr_AKQJTc?-:.', "top", "true", "p4", "_points"]
    rng = random.Random(6)
    outcomes: Counter[str] = Counter()
    for _ in range(1500):
        text = rng.choice(texts)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(text))
            if rng.random() < 0.5:
                text = text[:at] + text[at + rng.randint(1, 4) :]
            else:
                text = text[:at] + rng.choice(pieces) + text[at:]
        try:
            records = loads_many(text)
        except OfcRecordError:
            outcomes["error"] += 1
            continue
        outcomes["read"] += 1
        for record in records:
            replay_record(record)
    assert outcomes["error"] > 0 and outcomes["read"] > 0


def test_malformed_table_is_named() -> None:
    text = dumps_many([loads(HEADS_UP.read_text())]) + '\n[2]\nvariant = "NT"\n'
    with pytest.raises(OfcRecordError, match=r"table \[2\]: variant must be 'OFCP'"):
        loads_many(text)
    with pytest.raises(OfcRecordError, match="or only tables"):
        loads_many('x = 1\n[1]\nvariant = "OFCP"\n')


def test_read_records_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(OfcRecordError, match="cannot read the file"):
        read_records(tmp_path / "missing.ofc.toml")
    bad = tmp_path / "bad.ofc.toml"
    bad.write_text(record_text(["p1 folds"]), encoding="utf-8")
    with pytest.raises(OfcRecordError, match=rf"^{bad}: actions\[0\] 'p1 folds'"):
        read_records(bad)


def test_records_compare_equal_only_by_content() -> None:
    record = loads(HEADS_UP.read_text())
    assert isinstance(record, OfcRecord) and record.variant == "OFCP"
    assert record.time == datetime(2025, 3, 14, 18, 15, tzinfo=UTC)  # Kyiv is UTC+2 in March
    assert record != dataclasses.replace(record, table="another")


# -- pokerroom replay -----------------------------------------------------------------

SHOWDOWN_PHH = """
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]
finishing_stacks = [101, 99]
"""


def test_cli_text_report_rows_fouls_royalties_and_points() -> None:
    result = runner.invoke(app, ["replay", str(HEADS_UP), str(FANTASY_SURRENDER)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:5] == [
        f"{HEADS_UP} hand 1: OFCP (Open-Face Chinese Pineapple), 2 players, table kitchen, hand #1",
        "  p1 Ann: bottom Ah Kh 9h 5h 2h / middle 7c 7d Jc Js 3s / top Qs Qd 4c; royalties 11, "
        "Fantasyland next hand (O-4)",
        "  p2 Bob: bottom Ts Td Tc 6s 6d / middle 9s 9d 3d 4h 5c / top Jh 8d 7h; royalties 6",
        "  points: p1 Ann +6, p2 Bob -6",
        "  matches the recorded points",
    ]
    assert "  p2 Bob: surrendered" in lines
    assert any(line.startswith("  p3 Cid (Fantasyland): bottom 8s 8d 8h 8c Kd") for line in lines)
    assert "  points: p1 Ann -18, p2 Bob -4, p3 Cid +22" in lines
    assert lines[-1] == (
        "2 hands: 2 replayed, 0 unsupported, 0 with an illegal action; "
        "2 of 2 recorded OFC points matched"
    )


def test_cli_reports_fouls_differences_and_illegal_actions(tmp_path: Path) -> None:
    hand = next(h for h in played_hands() if h.result is not None and all(h.result.fouled))
    record = dataclasses.replace(record_of(hand), points=(0,) * hand.players)
    fouled = tmp_path / "fouled.toml"  # found by its variant code, not by its name
    fouled.write_text(dumps(record), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(fouled), str(ILLEGAL)])
    assert result.exit_code == 1  # after every hand has been replayed
    lines = result.output.splitlines()
    assert "; fouled (dead hand, O-1)" in lines[1]
    assert "  differs from the record" not in result.output  # all dead: 0 each (O-5)
    assert (
        "  ILLEGAL action 27 'p2 s Jh bottom': the bottom row already holds 5 cards; "
        "open rows: middle, top [O-1]"
    ) in lines
    assert "  p2 Bob: bottom Ts Td Tc 6s 6d / middle 9s 9d 3d / top -" in lines
    wrong = tmp_path / "wrong.ofc.toml"
    wrong.write_text(
        dumps(dataclasses.replace(loads(HEADS_UP.read_text()), points=(4, -4))), encoding="utf-8"
    )
    lines = runner.invoke(app, ["replay", str(wrong)]).output.splitlines()
    assert "  differs from the record: p1 Ann recorded +4, re-scored +6" in lines
    assert "0 of 1 recorded OFC points matched" in lines[-1]


def test_cli_json_lines_and_a_mixed_list_with_phh(tmp_path: Path) -> None:
    phh = tmp_path / "fold.phh"
    phh.write_text(SHOWDOWN_PHH, encoding="utf-8")
    session = tmp_path / "session.ofc.toml"
    session.write_text(
        dumps_many([loads(HEADS_UP.read_text()), loads(ILLEGAL.read_text())]), encoding="utf-8"
    )
    result = runner.invoke(app, ["replay", str(phh), str(session), "--json"])
    assert result.exit_code == 1
    first, legal, illegal = (json.loads(line) for line in result.output.splitlines())
    assert first["variant"] == "NT" and first["matches_recorded"] is True
    assert (legal["file"], legal["hand"], legal["variant"]) == (str(session), 1, "OFCP")
    assert legal["players"] == ["Ann", "Bob"] and legal["hand_number"] == 1
    assert legal["rows"][0] == {
        "bottom": ["Ah", "Kh", "9h", "5h", "2h"],
        "middle": ["7c", "7d", "Jc", "Js", "3s"],
        "top": ["Qs", "Qd", "4c"],
    }
    assert legal["fouled"] == [False, False] and legal["royalties"] == [11, 6]
    assert legal["fantasy_next"] == [True, False] and legal["fantasy"] == [False, False]
    assert legal["points"] == legal["recorded_points"] == [6, -6]
    assert legal["matches_recorded"] is True and legal["error"] is None
    assert illegal["hand"] == 2 and illegal["complete"] is False and illegal["points"] is None
    assert illegal["error"] == {
        "action_index": 26,
        "action": "p2 s Jh bottom",
        "rule": "O-1",
        "message": "the bottom row already holds 5 cards; open rows: middle, top",
    }
    text = runner.invoke(app, ["replay", str(phh), str(session)]).output.splitlines()
    assert text[-1] == (
        "3 hands: 3 replayed, 0 unsupported, 1 with an illegal action; "
        "1 of 1 recorded finishing stacks matched; 1 of 1 recorded OFC points matched"
    )


def test_cli_surrendered_player_in_json() -> None:
    result = runner.invoke(app, ["replay", str(FANTASY_SURRENDER), "--json"])
    assert result.exit_code == 0
    (hand,) = (json.loads(line) for line in result.output.splitlines())
    assert hand["rows"][1] is None and hand["fantasy"] == [False, False, True]
    assert hand["points"] == [-18, -4, 22]


def test_cli_malformed_record_is_one_line_and_exit_code_2(tmp_path: Path) -> None:
    for name, text, message in [
        ("toml.ofc.toml", "variant = [", "not valid TOML"),
        ("row.ofc.toml", record_text(["p1 s As tops"]), "unknown row 'tops'"),
        ("named.toml", record_text(["p4 sr"]), "'p4' is not a player"),
    ]:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        result = runner.invoke(app, ["replay", str(path), str(HEADS_UP)])
        assert result.exit_code == 2, name
        assert result.stdout.startswith(f"{HEADS_UP} hand 1: OFCP")  # the good file still
        (line,) = result.stderr.splitlines()
        assert line.startswith(f"error: {path}: ")
        assert message in line
        assert "Traceback" not in result.output


def test_o5_a_surrender_stands_after_the_deal_in_play() -> None:
    """The dealer deals at once, so a record cannot put a surrender before the first deal."""
    replay = replay_record(loads(record_text(["p2 sr", "d dh p1 AsKdQh2c3d"])))
    assert replay.error is not None
    assert replay.error.action_index == 0
    assert "p1 is due 5 cards first" in replay.error.message
    assert replay.error.rule == "O-2"
    dealt_first = replay_record(loads(record_text(["d dh p1 AsKdQh2c3d", "p2 sr"])))
    assert dealt_first.error is None
    assert dealt_first.points == (2, -2)  # O-5: the surrender pays 2
