"""Run it twice in the histories: PHH records both runs (``_runs = 2``), replay checks them,
and the PokerStars text writes them as PokerStars does (FIRST/SECOND boards and showdowns)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from pokerroom.cards import parse_cards
from pokerroom.deck import Deck
from pokerroom.engine import Action, Hand, HandConfig, Options
from pokerroom.history.phh.documents import PhhError, parse_phh
from pokerroom.history.phh.writing import write_phh
from pokerroom.history.pokerstars import StarsTable, pokerstars_seen_by, write_pokerstars
from pokerroom.history.replay import replay_hand
from pokerroom.storage.codec import (
    apply_decisions,
    config_from_json,
    config_to_json,
    decision_from_json,
    decision_to_json,
    decisions_of,
)

TWICE = Options(run_it_twice=True)
TABLE = StarsTable(7, "Twice", datetime(2026, 12, 4, 22, 0), ["ann", "bob", "cy"])


def all_in_on_the_flop() -> Hand:
    """Three players all-in on the flop ``Qc Ah 3c``; run 1 ``2c 6c``, run 2 ``5h Js``."""
    config = HandConfig.holdem([100, 100, 100], small_blind=1, big_blind=2, options=TWICE)
    hand = Hand(config)
    for player, cards in enumerate(("5s 4c", "Jd 7s", "Th Jh")):
        hand.deal_hole(player, parse_cards(cards))
    hand.act(Action.call())
    hand.act(Action.call())
    hand.act(Action.check())
    hand.deal_board(parse_cards("Qc Ah 3c"))
    hand.act(Action.raise_to(98))
    hand.act(Action.call())
    hand.act(Action.call())
    hand.choose_runs(2)
    for card in ("2c", "6c", "5h", "Js"):
        hand.deal_board(parse_cards(card))
    return hand


def test_phh_records_both_runs_and_the_replay_pays_each_half_again() -> None:
    hand = all_in_on_the_flop()
    text = write_phh(hand)
    assert "\n_runs = 2\n" in text
    assert '"d db 2c",\n  "d db 6c",\n  "d db 5h",\n  "d db Js",' in text  # run 1, then run 2
    result = replay_hand(parse_phh(text))
    assert result.error is None and result.matches_recorded
    assert result.hand is not None and result.hand.boards == hand.boards
    assert [(s.player, int(s.amount), s.board) for s in result.pots[0].winners] == [
        (0, 150, 0),  # a flush on run 1
        (2, 150, 1),  # jacks, ten kicker, on run 2
    ]


def test_a_hand_run_once_writes_no_runs_field() -> None:
    hand = Hand(
        HandConfig.holdem([50, 50], small_blind=1, big_blind=2, options=TWICE), Deck(seed=2)
    )
    hand.act(Action.raise_to(50))
    hand.act(Action.call())
    hand.choose_runs(1)
    text = write_phh(hand)
    assert "_runs" not in text
    assert replay_hand(parse_phh(text)).matches_recorded


def test_replay_refuses_runs_the_hand_could_not_have() -> None:
    text = write_phh(all_in_on_the_flop())
    for bad in ("3", '"two"', "true"):
        with pytest.raises(PhhError, match=r"_runs is how often the board was run: 1 or 2"):
            parse_phh(text.replace("_runs = 2", f"_runs = {bad}"))
    result = replay_hand(parse_phh(text.replace("run_it_twice = true", "run_it_twice = false")))
    assert result.error is not None and result.error.message == "no board cards are due now"
    assert result.error.action == "d db 5h"  # run 2's turn: the table did not run it twice


def test_pokerstars_text_writes_each_run_as_pokerstars_does() -> None:
    text = write_pokerstars(all_in_on_the_flop(), 0, TABLE)
    lines = text.splitlines()
    start = lines.index("*** FLOP *** [Qc Ah 3c]")
    assert lines[start + 4 : start + 8] == [
        "*** FIRST TURN *** [Qc Ah 3c] [2c]",
        "*** FIRST RIVER *** [Qc Ah 3c 2c] [6c]",
        "*** SECOND TURN *** [Qc Ah 3c] [5h]",
        "*** SECOND RIVER *** [Qc Ah 3c 5h] [Js]",
    ]
    first = lines.index("*** FIRST SHOW DOWN ***")
    second = lines.index("*** SECOND SHOW DOWN ***")
    assert lines[first + 1] == "ann: shows [5s 4c] (a flush, Queen high)"
    assert lines[second - 1] == "ann collected 150 from pot"
    assert lines[second + 1] == "ann: shows [5s 4c] (a pair of Fives)"
    assert lines[second + 4] == "cy collected 150 from pot"
    summary = lines[lines.index("*** SUMMARY ***") :]
    assert summary[1:5] == [
        "Total pot 300 | Rake 0",
        "Hand was run twice",
        "FIRST Board [Qc Ah 3c 2c 6c]",
        "SECOND Board [Qc Ah 3c 5h Js]",
    ]
    assert summary[5] == (
        "Seat 1: ann (small blind) showed [5s 4c] and won (150) with a flush, Queen high, "
        "and lost with a pair of Fives"
    )
    assert summary[7] == (
        "Seat 3: cy (button) showed [Th Jh] and lost with high card Ace, "
        "and won (150) with a pair of Jacks"
    )


def test_the_stored_hand_gives_the_same_pokerstars_text_for_every_viewer() -> None:
    hand = all_in_on_the_flop()
    stored = write_phh(hand)
    for viewer in (0, 1, None):
        assert pokerstars_seen_by(stored, viewer, TABLE) == write_pokerstars(hand, viewer, TABLE)


def test_the_store_keeps_the_run_count_so_a_resumed_hand_deals_the_same_runs() -> None:
    config = HandConfig.holdem([100, 100], small_blind=1, big_blind=2, options=TWICE)
    hand = Hand(config, Deck(seed=9))
    hand.act(Action.raise_to(100))
    hand.act(Action.call())
    hand.choose_runs(2)
    saved = [decision_to_json(d) for d in decisions_of(hand)]
    assert saved[-1] == {"player": -1, "action": "runs", "amount": 2}
    again = Hand(config_from_json(config_to_json(config)), Deck(seed=9))
    apply_decisions(again, [decision_from_json(d) for d in saved])
    assert again.events == hand.events and again.runs == 2


def test_the_replayer_steps_through_both_runs() -> None:
    from pokerroom.web.replayer import steps_seen_by

    _, steps = steps_seen_by(write_phh(all_in_on_the_flop()), None)
    texts = [step["text"] for step in steps]
    at = texts.index("Everyone agreed: the board is run twice")
    assert texts[at + 1 :][:4] == [
        "Run 1 turn: 2♣",  # cards as the table page draws them
        "Run 1 river: 6♣",
        "Run 2 turn: 5♥",
        "Run 2 river: J♠",
    ]
    assert texts[-2:] == ["Seat 1 wins 150 on run 1", "Seat 3 wins 150 on run 2"]
    assert steps[-1]["boards"] == [
        ["Qc", "Ah", "3c", "2c", "6c"],
        ["Qc", "Ah", "3c", "5h", "Js"],
    ]


def test_pokerroom_replay_reports_each_run(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pokerroom.cli.app import app

    path = tmp_path / "twice.phh"
    path.write_text(write_phh(all_in_on_the_flop()), encoding="utf-8")
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "  pot 1: 300 won by p1 150 (run 1), p3 150 (run 2) (eligible p1 p2 p3)" in (
        result.output.splitlines()
    )
    assert "  matches the recorded finishing stacks" in result.output.splitlines()
