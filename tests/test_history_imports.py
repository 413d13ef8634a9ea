"""Hand histories from other rooms read into PHH: PokerStars text and Poker Now logs.

Our own PokerStars export read back gives the hand the engine played; hand-made files in
the real rooms' formats give the outcomes written in them; a bad hand is one line and
nothing of it is kept; mangled files give problems, never an exception.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.engine import Hand
from pokerroom.engine import events as ev
from pokerroom.history import parse_phh, replay_hand, write_phh_seen_by
from pokerroom.history.imports import (
    ImportedHand,
    read_history,
    read_poker_now,
    read_pokerstars,
)
from pokerroom.history.phh.documents import ActionCode, PhhHand
from pokerroom.history.pokerstars import StarsTable, Tournament, write_pokerstars
from tests.random_hands import NAMES, random_hand

DATA = Path(__file__).parent / "data" / "imports"
STARS = (DATA / "stars_real.txt").read_text(encoding="utf-8")
POKER_NOW_LINES = (DATA / "poker_now_lines.txt").read_text(encoding="utf-8").splitlines()
WHEN = datetime(2026, 3, 1, 20, 30)


def poker_now_csv(lines: list[str]) -> str:
    """Log lines as Poker Now downloads them: newest first, with times and an order."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["entry", "at", "order"])
    for index, line in reversed(list(enumerate(lines))):
        writer.writerow(
            [
                line,
                f"2026-03-01T20:{index // 60:02d}:{index % 60:02d}.000Z",
                177_000_000_000_000 + 100 * index,
            ]
        )
    return out.getvalue()


def chips(*amounts: int) -> tuple[Decimal, ...]:
    return tuple(Decimal(amount) for amount in amounts)


def actions(phh: PhhHand, *codes: ActionCode) -> list[str]:
    return [a.text for a in phh.actions if a.code in codes]


def shown(phh: PhhHand) -> dict[int, frozenset[object]]:
    return {
        a.player: frozenset(a.cards)
        for a in phh.actions
        if a.code is ActionCode.SHOW_MUCK and a.cards and a.player is not None
    }


def won(hand: Hand) -> list[int]:
    out = [0] * hand.players
    for event in hand.events:
        if isinstance(event, ev.Award):
            out[event.player] += event.amount
    return out


def one(text: str) -> ImportedHand:
    hands, problems = read_pokerstars(text)
    assert not problems, [str(p) for p in problems]
    assert len(hands) == 1
    return hands[0]


# ------------------------------------------------------------------ our own export, back

GAMES = [
    "holdem-nl",
    "holdem-pl",
    "holdem-fl",
    "holdem-ante",
    "omaha-pl",
    "omaha5-pl",
    "omaha-hilo-pl",
    "omaha-hilo-fl",
]


@pytest.mark.parametrize("game", GAMES)
def test_our_pokerstars_export_reads_back_to_the_hand_the_engine_played(game: str) -> None:
    for seed in range(4):
        hand = random_hand(game, seed, players=2 + seed)
        names = NAMES[: hand.players]
        table = StarsTable(hand_number=900 + seed, table="Home", played_at=WHEN, names=names)
        viewer = seed % hand.players
        back = one(write_pokerstars(hand, viewer, table))
        ours = parse_phh(write_phh_seen_by(hand, viewer, names))
        phh = back.phh
        assert back.source_id == str(900 + seed) and back.played_at == WHEN
        assert phh.players == tuple(names)
        assert phh.starting_stacks == tuple(Decimal(s) for s in hand.config.stacks)
        bets = (ActionCode.FOLD, ActionCode.CHECK_CALL, ActionCode.COMPLETE_BET_RAISE)
        assert actions(phh, *bets) == actions(ours, *bets), (game, seed)
        assert actions(phh, ActionCode.DEAL_BOARD) == actions(ours, ActionCode.DEAL_BOARD)
        assert shown(phh) == shown(ours)
        assert phh.finishing_stacks == tuple(Decimal(s) for s in hand.stacks)
        result = replay_hand(phh)
        assert result.winnings == tuple(Decimal(w) for w in won(hand))
        # the hero's own cards, and no other hole card, are in the deal
        deals = [a for a in phh.actions if a.code is ActionCode.DEAL_HOLE]
        assert deals[viewer].cards == tuple(hand.hole[viewer])
        assert all(set(d.cards or ()) == {None} for d in deals if d.player != viewer)


def test_a_file_of_many_hands_reads_each_in_order_and_an_observers_copy_knows_no_card() -> None:
    hands = [random_hand("holdem-nl", seed, players=4) for seed in range(5)]
    texts = [
        write_pokerstars(
            hand,
            None,
            StarsTable(
                hand_number=n,
                table="T",
                played_at=WHEN,
                names=NAMES[:4],
                tournament=Tournament(7, "100+10", level=3),
            ),
        )
        for n, hand in enumerate(hands, 1)
    ]
    read, problems = read_pokerstars("\n\n".join(texts))
    assert not problems
    assert [h.source_id for h in read] == ["1", "2", "3", "4", "5"]
    for imported, hand in zip(read, hands, strict=True):
        assert imported.hero is None
        assert imported.phh.finishing_stacks == tuple(Decimal(s) for s in hand.stacks)


# ------------------------------------------------------------------ a real-style file


def test_a_real_style_pokerstars_file_gives_its_pots_rake_and_only_the_cards_it_shows() -> None:
    hands, problems = read_pokerstars(STARS)
    assert not problems
    cash, side_pot, tournament, omaha = hands
    # dollars are kept in cents; the sitting-out seat is not dealt in
    assert cash.phh.players == ("charlie", "delta", "alpha", "bravo")
    assert cash.seats == (3, 5, 1, 2) and cash.table == "Altair II" and cash.table_size == 6
    assert cash.phh.finishing_stacks == chips(800, 1010, 600, 1220)
    assert cash.phh.rake == chips(40, 0, 0, 0)
    assert cash.played_at == datetime(2026, 3, 1, 13, 0)  # 8:00 ET is 13:00 UTC
    assert cash.hero == 2 and "d dh p3 AhKh" in cash.document
    assert "d dh p4 ????" in cash.document  # bravo folded: his cards stay unknown
    # three all-ins: alpha takes the main pot, bravo the side pot; the uncalled 4.20 is back
    result = replay_hand(side_pot.phh)
    pots = [(int(p.amount), [(w.player, int(w.amount)) for w in p.winners]) for p in result.pots]
    assert pots == [(1805, [(1, 1805)]), (400, [(2, 400)])]
    assert side_pot.phh.finishing_stacks == chips(1005, 1755, 820, 0)
    # a tournament: chips, antes; the hero mucked and his cards are his alone
    assert tournament.phh.antes == chips(10, 10, 10)
    assert tournament.phh.finishing_stacks == chips(2440, 5020, 2040)
    assert '"p3 sm",' in tournament.document and '"d dh p3 9s9d",' in tournament.document
    assert tournament.played_at == datetime(2026, 3, 1, 20, 0)
    bounty = stars_hands()[2].replace(
        "foxtrot said,", "foxtrot wins the $0.50 bounty for eliminating bravo\nfoxtrot said,"
    )
    assert one(bounty).phh == tournament.phh  # a note of the tournament moves no chips
    # pot-limit Omaha heads-up, the raise not called comes back
    assert omaha.phh.variant == "PO"
    assert omaha.phh.blinds_or_straddles == chips(10, 25)  # the button's small blind first
    assert omaha.phh.finishing_stacks == chips(2575, 2925)


def test_a_player_back_in_posts_both_blinds_the_small_one_dead() -> None:
    cash = STARS.split("\n\n\n\n")[0]
    for old, new in (
        ("Seat 6: echo ($8 in chips) is sitting out", "Seat 6: echo ($8 in chips)"),
        (
            "delta: posts big blind $0.10\n",
            "delta: posts big blind $0.10\necho: posts small & big blinds $0.15\n",
        ),
        ("alpha: raises $0.20", "echo: folds\nalpha: raises $0.20"),
        ("Total pot $8.40", "Total pot $8.55"),
        ("charlie collected $8 ", "charlie collected $8.15 "),
    ):
        cash = cash.replace(old, new)
    hand = one(cash)
    assert hand.phh.antes == chips(0, 0, 5, 0, 0)  # the dead small blind
    assert hand.phh.blinds_or_straddles == chips(5, 10, -10, 0, 0)  # a live post
    assert hand.phh.finishing_stacks == chips(815, 1010, 785, 600, 1220)


def test_with_the_small_blind_sitting_out_the_big_blind_is_first_from_the_button() -> None:
    cash = STARS.split("\n\n\n\n")[0]
    header = cash[: cash.index("*** HOLE CARDS ***")].replace(
        "Seat 3: charlie ($4 in chips)", "Seat 3: charlie ($4 in chips) is sitting out"
    )
    header = header.replace("charlie: posts small blind $0.05\n", "")
    betting = (
        "*** HOLE CARDS ***\nalpha: raises $0.20 to $0.30\nbravo: calls $0.30\n"
        "delta: folds\n*** FLOP *** [Kd 7s 2c]\nalpha: bets $0.50\nbravo: folds\n"
        "Uncalled bet ($0.50) returned to alpha\nalpha collected $0.70 from pot\n"
        "*** SUMMARY ***\nTotal pot $0.70 | Rake $0\n"
    )
    hand = one(header + betting)
    assert hand.phh.players == ("delta", "alpha", "bravo")
    assert hand.phh.blinds_or_straddles == chips(10, 0, 0)
    assert hand.phh.finishing_stacks == chips(1010, 1040, 1220)


def test_one_card_shown_after_the_pot_is_taken_changes_nothing() -> None:
    omaha = STARS.split("\n\n\n\n")[3]
    hand = one(omaha.replace("alpha: doesn't show hand", "alpha: shows [Ah]"))
    assert hand.phh.finishing_stacks == chips(2575, 2925)
    assert not [a for a in hand.phh.actions if a.code is ActionCode.SHOW_MUCK]


# ------------------------------------------------------------------ Poker Now


def test_a_poker_now_log_gives_its_pots_and_its_downloaders_cards() -> None:
    hands, problems = read_poker_now(poker_now_csv(POKER_NOW_LINES))
    assert not problems
    first, second = hands
    assert first.source == "pokernow" and first.source_id == "h1aa"
    assert first.phh.players == ("Bob", "Cyd", "Ann")  # from the dealer's left
    assert first.phh.finishing_stacks == chips(990, 840, 1170)  # Ann's 840 came back uncalled
    assert "d dh p3 AsKd" in first.document  # Ann downloaded the log: she showed QcQd later
    assert second.phh.finishing_stacks == chips(2520, 180, 300)  # Cyd the main pot, Bob the side
    assert second.played_at is not None and second.played_at.year == 2026


def test_poker_now_your_hand_is_nobodys_when_the_downloader_is_unknown() -> None:
    lines = [line for line in POKER_NOW_LINES if "shows a Q" not in line and "#2" not in line]
    lines = lines[: lines.index("-- ending hand #1 --") + 1]
    hands, problems = read_poker_now(poker_now_csv(lines))
    assert not problems
    assert "AsKd" not in hands[0].document
    # named wrongly, the hero's cards contradict what he shows: that hand is refused
    hands, problems = read_poker_now(poker_now_csv(POKER_NOW_LINES), hero="Bob")
    assert [h.source_id for h in hands] == ["h1aa"]
    assert "Bob shows other cards than he was dealt" in str(problems[0])


# ------------------------------------------------------------------ bad hands


def stars_hands() -> list[str]:
    return STARS.split("\n\n\n\n")


def test_bad_pokerstars_hands_are_one_line_each_and_the_good_ones_are_kept() -> None:
    cash, side_pot, tournament, omaha = stars_hands()
    truncated = cash[: cash.index("*** TURN")]
    unknown = side_pot.replace("delta: folds", "delta: sits out and dances")
    wrong = tournament.replace("foxtrot collected 1980", "foxtrot collected 1990")
    text = "\n\n\n".join([truncated, unknown, wrong, omaha])
    hands, problems = read_pokerstars(text)
    assert [h.source_id for h in hands] == ["230000000004"]
    lines = [str(p) for p in problems]
    assert all("\n" not in line for line in lines)
    assert lines[0] == "hand #230000000001 (line 1): the hand is cut short: it has no summary"
    at = text.splitlines().index("delta: sits out and dances") + 1
    assert lines[1] == (
        f'hand #230000000002 (line {at}): unknown action "sits out and dances" of delta'
    )
    assert lines[2].startswith("hand #230000000003 (line ")
    assert "the pots pay foxtrot 1980, the file says he collected 1990" in lines[2]


def test_a_bet_the_rules_refuse_is_named() -> None:
    text = stars_hands()[2].replace("alpha: raises 150 to 250", "alpha: raises 10 to 110")
    hands, problems = read_pokerstars(text)
    assert not hands
    assert 'the rules refuse action "p3 cbr 110"' in str(problems[0])


def test_other_games_and_stray_text_are_named() -> None:
    stud = stars_hands()[2].replace("Hold'em No Limit", "7 Card Stud Limit")
    hands, problems = read_pokerstars("hello\n" + stud)
    assert not hands
    assert str(problems[0]) == "line 1: not a PokerStars hand history line"
    assert "only Hold'em and Omaha hands are imported" in str(problems[1])


def test_a_bad_poker_now_hand_is_one_line_and_the_others_are_kept() -> None:
    lines = [
        '"Bob @ b2" dances' if line == '"Bob @ b2" folds' else line for line in POKER_NOW_LINES
    ]
    lines.remove("-- ending hand #2 --")
    text = poker_now_csv(lines)
    hands, problems = read_poker_now(text)
    assert not hands
    row = {line: len(lines) + 1 - index for index, line in enumerate(lines)}  # newest first
    dances, second = row['"Bob @ b2" dances'], row[lines[20]]
    assert [str(p).split(":")[0] for p in problems] == [
        f"hand #1 (line {dances})",
        f"hand #2 (line {second})",
    ]
    assert 'unknown action "dances" of Bob' in str(problems[0])
    assert "the hand is cut short: it has no ending line" in str(problems[1])
    assert read_history(text) == (hands, problems)  # auto: the first line says Poker Now


# ------------------------------------------------------------------ mangled input


@st.composite
def mangled(draw: st.DrawFn, text: str) -> str:
    lines = text.splitlines()
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(lines) - 1))
        change = draw(st.sampled_from(["drop", "twice", "cut", "noise", "swap"]))
        if change == "drop":
            del lines[at]
        elif change == "twice":
            lines.insert(at, lines[at])
        elif change == "cut":
            lines[at] = lines[at][: draw(st.integers(0, len(lines[at])))]
        elif change == "noise":
            lines[at] += draw(st.text(max_size=12))
        else:
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
    return "\n".join(lines)


@settings(max_examples=60, deadline=None)
@given(st.one_of(mangled(STARS), mangled(poker_now_csv(POKER_NOW_LINES))))
def test_mangled_files_give_problems_never_an_exception(text: str) -> None:
    hands, problems = read_history(text)
    for problem in problems:
        assert "\n" not in str(problem)
    for hand in hands:  # whatever is kept replays to the stacks it records
        assert replay_hand(hand.phh).matches_recorded
    assert Counter(h.source_id for h in hands).most_common(1)[0][1] <= 2 if hands else True
