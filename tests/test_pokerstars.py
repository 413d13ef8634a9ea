"""PokerStars hand-history text: exact layout, every game, per-viewer censoring (X-4), and a
round trip through PokerKit's PokerStars reader and through the regexes below."""

from __future__ import annotations

import re
from collections import Counter
from datetime import datetime

import pytest

from pokerroom.cards import Card, parse_cards
from pokerroom.engine import Action, Hand, HandConfig, Limit
from pokerroom.engine import events as ev
from pokerroom.errors import UsageError
from pokerroom.history import write_phh
from pokerroom.history.pokerstars import (
    StarsTable,
    Tournament,
    pokerstars_seen_by,
    write_pokerstars,
)
from pokerroom.table.cash import CashSettings, CashTable, Rake
from tests.random_hands import GAMES, NAMES, Stacked, known_to, random_hand, unshown_cards

WHEN = datetime(2024, 1, 15, 20, 30, 5)
CARD = re.compile(r"(?<![\w'])[2-9TJQKA][cdhs](?![\w'])")


def table(hand: Hand, **extra: object) -> StarsTable:
    return StarsTable(
        hand_number=42,
        table="Home 1",
        played_at=WHEN,
        names=NAMES[: hand.players],
        **extra,  # type: ignore[arg-type]
    )


# ----------------------------------------------------------------------------- golden


def test_a_folded_out_holdem_hand_reads_exactly_as_pokerstars_writes_it() -> None:
    """The player's copy: his cards only; the winner 'doesn't show hand' (A-15)."""
    config = HandConfig.holdem([200, 150, 300], small_blind=1, big_blind=2)
    hand = Hand(config, Stacked("Ah Kh 7c 2d Qs Qd 9h 3s 8s 4d 5c Jc Tc"))
    hand.act(Action.raise_to(6))  # Cyd, the button
    hand.act(Action.call())  # Ann, small blind
    hand.act(Action.fold())  # Bob, big blind
    hand.act(Action.check())
    hand.act(Action.raise_to(10))
    hand.act(Action.fold())
    assert write_pokerstars(hand, 0, table(hand)) == (
        "PokerStars Hand #42: Hold'em No Limit (1/2) - "
        "2024/01/15 20:30:05 UTC [2024/01/15 15:30:05 ET]\n"
        "Table 'Home 1' 3-max Seat #3 is the button\n"
        "Seat 1: Ann (200 in chips)\n"
        "Seat 2: Bob (150 in chips)\n"
        "Seat 3: Cyd (300 in chips)\n"
        "Ann: posts small blind 1\n"
        "Bob: posts big blind 2\n"
        "*** HOLE CARDS ***\n"
        "Dealt to Ann [Ah 2d]\n"
        "Cyd: raises 4 to 6\n"
        "Ann: calls 5\n"
        "Bob: folds\n"
        "*** FLOP *** [3s 8s 4d]\n"
        "Ann: checks\n"
        "Cyd: bets 10\n"
        "Ann: folds\n"
        "Uncalled bet (10) returned to Cyd\n"
        "Cyd collected 14 from pot\n"
        "Cyd: doesn't show hand\n"
        "*** SUMMARY ***\n"
        "Total pot 14 | Rake 0\n"
        "Board [3s 8s 4d]\n"
        "Seat 1: Ann (small blind) folded on the Flop\n"
        "Seat 2: Bob (big blind) folded before Flop\n"
        "Seat 3: Cyd (button) collected (14)\n"
    )


def test_an_all_in_with_a_side_pot_reads_exactly_for_an_observer() -> None:
    """P-1 pots, A-16 the uncalled bet, A-17 hands turned up; seats and tournament header."""
    config = HandConfig.holdem([100, 50, 20], small_blind=1, big_blind=2)
    hand = Hand(config, Stacked("Ah Kh Qc Ad Kd Qd 2c 7s 8c 9c 3h 4h 5h 6h"))
    hand.act(Action.raise_to(20))
    hand.act(Action.raise_to(100))
    hand.act(Action.call())
    cup = Tournament(7, "100+10", level=3)
    text = write_pokerstars(hand, None, table(hand, tournament=cup, seats=(2, 5, 9), max_seats=9))
    assert text == (
        "PokerStars Hand #42: Tournament #7, 100+10 Hold'em No Limit - Level III (1/2) - "
        "2024/01/15 20:30:05 UTC [2024/01/15 15:30:05 ET]\n"
        "Table 'Home 1' 9-max Seat #9 is the button\n"
        "Seat 2: Ann (100 in chips)\n"
        "Seat 5: Bob (50 in chips)\n"
        "Seat 9: Cyd (20 in chips)\n"
        "Ann: posts small blind 1\n"
        "Bob: posts big blind 2\n"
        "*** HOLE CARDS ***\n"
        "Cyd: raises 18 to 20 and is all-in\n"
        "Ann: raises 80 to 100 and is all-in\n"
        "Bob: calls 48 and is all-in\n"
        "Uncalled bet (50) returned to Ann\n"
        "*** FLOP *** [7s 8c 9c]\n"
        "*** TURN *** [7s 8c 9c] [4h]\n"
        "*** RIVER *** [7s 8c 9c 4h] [6h]\n"
        "*** SHOW DOWN ***\n"
        "Ann: shows [Ah Ad] (a pair of Aces)\n"
        "Bob: shows [Kh Kd] (a pair of Kings)\n"
        "Cyd: shows [Qc Qd] (a pair of Queens)\n"
        "Ann collected 60 from main pot\n"
        "Ann collected 60 from side pot\n"
        "*** SUMMARY ***\n"
        "Total pot 120 Main pot 60. Side pot 60. | Rake 0\n"
        "Board [7s 8c 9c 4h 6h]\n"
        "Seat 2: Ann (small blind) showed [Ah Ad] and won (120) with a pair of Aces\n"
        "Seat 5: Bob (big blind) showed [Kh Kd] and lost with a pair of Kings\n"
        "Seat 9: Cyd (button) showed [Qc Qd] and lost with a pair of Queens\n"
    )


def test_a_stud_hand_shows_the_viewers_down_cards_and_everyones_up_cards() -> None:
    """V-5: antes, the bring-in, a completion; no button in Stud."""
    config = HandConfig.stud([50, 50, 50], ante=1, bring_in=2, small_bet=4, big_bet=8)
    hand = Hand(config, Stacked("Ah Kh Qc Ad Kd Qd 2c 7s 8c 9d 9h 3h 4h 5h 6h"))
    hand.act(Action.bring_in())
    hand.act(Action.raise_to(4))
    hand.act(Action.fold())
    hand.act(Action.call())
    hand.act(Action.raise_to(4))
    hand.act(Action.fold())
    assert write_pokerstars(hand, 1, table(hand)).splitlines()[1:] == [
        "Table 'Home 1' 3-max",
        "Seat 1: Ann (50 in chips)",
        "Seat 2: Bob (50 in chips)",
        "Seat 3: Cyd (50 in chips)",
        "Ann: posts the ante 1",
        "Bob: posts the ante 1",
        "Cyd: posts the ante 1",
        "*** 3rd STREET ***",
        "Dealt to Ann [2c]",
        "Dealt to Bob [Kh Kd 7s]",
        "Dealt to Cyd [8c]",
        "Ann: brings in for 2",
        "Bob: completes it to 4",
        "Cyd: folds",
        "Ann: calls 2",
        "*** 4th STREET ***",
        "Dealt to Ann [2c] [9h]",
        "Dealt to Bob [Kh Kd 7s] [3h]",
        "Ann: bets 4",
        "Bob: folds",
        "Uncalled bet (4) returned to Ann",
        "Ann collected 11 from pot",
        "Ann: doesn't show hand",
        "*** SUMMARY ***",
        "Total pot 11 | Rake 0",
        "Seat 1: Ann collected (11)",
        "Seat 2: Bob folded on the 4th Street",
        "Seat 3: Cyd folded on the 3rd Street (didn't bet)",
    ]


def test_a_draw_hand_shows_the_viewers_discards_and_only_counts_the_others() -> None:
    """V-8: the draw; the viewer's mucked hand is his to see, nobody else's (P-5)."""
    config = HandConfig.draw([60, 60], small_blind=1, big_blind=2)
    hand = Hand(config, Stacked("Ah Kh Qc Ad Kd Qd 2c 7s 8c 9d 9h 3h"))
    hand.act(Action.raise_to(6))
    hand.act(Action.call())
    hand.draw(parse_cards("Kd 2c"))
    hand.draw([])
    hand.act(Action.check())
    hand.act(Action.raise_to(10))
    hand.act(Action.call())
    lines = write_pokerstars(hand, 0, table(hand)).splitlines()
    assert lines[0].startswith("PokerStars Hand #42: 5 Card Draw No Limit (1/2) - ")
    assert lines[4:] == [
        "Bob: posts small blind 1",
        "Ann: posts big blind 2",
        "*** DEALING HANDS ***",
        "Dealt to Ann [Ah Qc Kd 2c 8c]",
        "Bob: raises 4 to 6",
        "Ann: calls 4",
        "*** FIRST DRAW ***",
        "Ann: discards 2 cards [Kd 2c]",
        "Dealt to Ann [Ah Qc 8c] [9h 3h]",
        "Bob: stands pat",
        "Ann: checks",
        "Bob: bets 10",
        "Ann: calls 10",
        "*** SHOW DOWN ***",
        "Bob: shows [Kh Ad Qd 7s 9d] (high card Ace)",
        "Ann: mucks hand",
        "Bob collected 32 from pot",
        "*** SUMMARY ***",
        "Total pot 32 | Rake 0",
        "Seat 1: Ann (big blind) mucked [Ah Qc 8c 9h 3h]",
        "Seat 2: Bob (button) (small blind) showed [Kh Ad Qd 7s 9d] and won (32) "
        "with high card Ace",
    ]
    bobs_copy = write_pokerstars(hand, 1, table(hand))
    assert "Ann: discards 2 cards\n" in bobs_copy
    assert "Seat 1: Ann (big blind) mucked\n" in bobs_copy


# ----------------------------------------------------------------------------- every game

SEAT = re.compile(r"^Seat (\d+): (.+?) \((\d+) in chips\)$")
POST = re.compile(r"^(.+?): posts (?:the ante|small blind|big blind|straddle) (\d+)")
ACTION = re.compile(
    r"^(.+?): (folds|checks|calls (\d+)|bets (\d+)|raises \d+ to (\d+)|brings in for (\d+)"
    r"|completes it to (\d+))(?: and is all-in)?$"
)
UNCALLED = re.compile(r"^Uncalled bet \((\d+)\) returned to (.+)$")
COLLECTED = re.compile(r"^(.+?) collected (\d+) from (?:pot|main pot|side pot(?:-\d+)?)$")
BOARD = re.compile(r"^(?:FIRST |SECOND )?Board \[(.+)\]$")
ROUND_GOES_ON = {"HOLE CARDS", "DEALING HANDS", "3rd STREET"}


class ParsedBack:
    """The essentials of a PokerStars text, read with regexes alone (not the writer's code)."""

    def __init__(self, text: str) -> None:
        self.seats: dict[str, tuple[int, int]] = {}
        self.actions: list[tuple[str, str]] = []
        self.boards: list[list[str]] = []
        self.collected: Counter[str] = Counter()
        self.final: dict[str, int] = {}
        in_round: Counter[str] = Counter()
        summary = False
        for line in text.splitlines():
            if line.startswith("*** "):
                heading = line.split(" *** ")[0].strip("* ")
                summary = summary or heading == "SUMMARY"
                if heading not in ROUND_GOES_ON:
                    in_round.clear()
            elif (m := SEAT.match(line)) and not summary:
                self.seats[m[2]] = (int(m[1]), int(m[3]))
                self.final[m[2]] = int(m[3])
            elif m := POST.match(line):
                amount = int(m[2])
                self.final[m[1]] -= amount
                if "ante" not in line:
                    in_round[m[1]] += amount
            elif m := ACTION.match(line):
                name, verb = m[1], m[2].split()[0]
                self.actions.append((name, verb))
                if verb == "calls":
                    put = int(m[3])
                else:
                    to = next((int(g) for g in m.groups()[3:] if g is not None), None)
                    put = 0 if to is None else to - in_round[name]
                    if verb == "brings":
                        put = to or 0
                in_round[name] += put
                self.final[name] -= put
            elif m := UNCALLED.match(line):
                self.final[m[2]] += int(m[1])
                in_round[m[2]] -= int(m[1])
            elif m := COLLECTED.match(line):
                self.collected[m[1]] += int(m[2])
                self.final[m[1]] += int(m[2])
            elif m := BOARD.match(line):
                self.boards.append(m[1].split())


def engine_actions(hand: Hand, names: list[str]) -> list[tuple[str, str]]:
    """Each betting action in order, in the words the parser keeps."""
    out = []
    for event in hand.events:
        match event:
            case ev.Fold(player):
                out.append((names[player], "folds"))
            case ev.Check(player):
                out.append((names[player], "checks"))
            case ev.Call(player):
                out.append((names[player], "calls"))
            case ev.BringIn(player):
                out.append((names[player], "brings"))
            case ev.BetRaise(player):
                out.append((names[player], "bet"))
    return out


SEEDS = range(6)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_reads_back_to_the_engines_players_actions_board_and_chips(game: str) -> None:
    """P-9 through the text: stacks less what each line puts in plus what it returns and pays
    are the engine's finishing stacks."""
    for seed in SEEDS:
        hand = random_hand(game, seed)
        names = NAMES[: hand.players]
        for viewer in (None, *range(hand.players)):
            back = ParsedBack(write_pokerstars(hand, viewer, table(hand)))
            assert back.seats == {
                name: (p + 1, hand.config.stacks[p]) for p, name in enumerate(names)
            }
            verbs = [
                (n, "bet" if v in ("bets", "raises", "completes") else v) for n, v in back.actions
            ]
            assert verbs == engine_actions(hand, names)
            assert [back.final[name] for name in names] == list(hand.stacks), (game, seed)
            won = Counter[str]()
            for event in hand.events:
                if isinstance(event, ev.Award):
                    won[names[event.player]] += event.amount
            assert back.collected == won
            boards = [[str(c) for c in board] for board in hand.boards if board]
            assert back.boards == ([] if hand.config.variant.stud else boards)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_copy_holds_a_card_its_viewer_never_saw(game: str) -> None:
    """X-4, P-5: another player's folded, mucked or unshown cards and the burns never appear."""
    for seed in SEEDS:
        hand = random_hand(game, seed)
        for viewer in (None, *range(hand.players)):
            text = write_pokerstars(hand, viewer, table(hand))
            seen = {Card.parse(token) for token in CARD.findall(text)}
            assert seen <= known_to(hand, viewer), (seed, viewer)
            assert not seen & unshown_cards(hand, viewer)


def test_the_viewers_own_cards_are_in_his_copy_and_an_observer_gets_none() -> None:
    hand = random_hand("holdem-nl", 3)
    for viewer in range(hand.players):
        own = " ".join(str(card) for card in hand.hole[viewer])
        assert f"Dealt to {NAMES[viewer]} [{own}]" in write_pokerstars(hand, viewer, table(hand))
    assert "Dealt to" not in write_pokerstars(hand, None, table(hand))


@pytest.mark.filterwarnings("ignore:The field 'time_zone_abbreviation':UserWarning")  # PokerKit's
def test_pokerkits_pokerstars_reader_replays_the_text_to_the_same_stacks() -> None:
    """An independent reader: PokerKit parses the text into PHH and plays it out by its rules."""
    notation = pytest.importorskip("pokerkit.notation")
    checked = 0
    for seed in range(12):
        hand = random_hand("holdem-nl", seed, players=3)
        for viewer in range(hand.players):
            text = write_pokerstars(hand, viewer, table(hand))
            (parsed,) = notation.HandHistory.from_pokerstars(text, error_status=True)
            assert list(parsed.players) == NAMES[:3]
            *_, final = iter(parsed)
            assert list(final.stacks) == list(hand.stacks), (seed, viewer, text)
            checked += 1
    assert checked == 36


def test_the_stored_phh_gives_the_same_copy_as_the_hand() -> None:
    hand = random_hand("omaha-hilo-pl", 2)
    complete = write_phh(hand, NAMES[: hand.players])
    for viewer in (None, 0, 1):
        assert pokerstars_seen_by(complete, viewer, table(hand)) == write_pokerstars(
            hand, viewer, table(hand)
        )


def test_split_pots_name_high_and_low_hands() -> None:
    """P-7: the show line gives both halves in PokerStars' words."""
    config = HandConfig.holdem([100, 100], small_blind=1, big_blind=2, variant=GAMES_OMAHA_HILO)
    hand = Hand(config, Stacked("Ah Kh 2d Kd 3c Qc 4c Qd 9s 5h 7s 8s Jd Tc 6c Js"))
    hand.act(Action.raise_to(100))
    hand.act(Action.call())
    text = write_pokerstars(hand, 0, table(hand))
    assert "(HI: " in text and "; LO: " in text


GAMES_OMAHA_HILO = GAMES["omaha-hilo-pl"]([10, 10]).variant


def test_a_rake_is_added_to_the_total_pot() -> None:
    hand = random_hand("holdem-nl", 1)
    awarded = sum(e.amount for e in hand.events if isinstance(e, ev.Award))
    text = write_pokerstars(hand, 0, table(hand, rake=3))
    assert f"Total pot {awarded + 3}" in text and "| Rake 3" in text


def test_p9_a_cash_tables_winner_collects_the_pot_less_his_rake() -> None:
    """The engine awards the whole pot and the table takes the rake from the winners: the
    text says what each one collected net of it, and the pot before it, as PokerStars does."""
    table = CashTable(CashSettings(small_blind=1, big_blind=2, rake=Rake(5, 3)), seed=4)
    for seat, name in ((1, "Ann"), (3, "Bob"), (5, "Cyd")):
        table.sit(seat, name, 200)
    hand = table.start_hand()
    hand.act(Action.raise_to(100))
    while hand.phase == "bet":
        hand.check_or_call()
    record = table.finish_hand(hand)
    assert record.rake.total == 3
    stars = StarsTable(
        hand_number=7,
        table="Main",
        played_at=WHEN,
        names=record.names,
        seats=record.seats,
        rake_paid=record.rake.by_position,
    )
    text = write_pokerstars(hand, 0, stars)
    back = ParsedBack(text)
    seated = zip(record.names, record.seats, strict=True)
    assert back.final == {name: record.stacks_after[seat] for name, seat in seated}
    pot = sum(e.amount for e in hand.events if isinstance(e, ev.Award))
    assert f"Total pot {pot} | Rake {record.rake.total}" in text


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"names": ["Ann", "Ann", "Cyd"]}, "his own non-empty name"),
        ({"names": ["Ann"]}, "one name per position"),
        ({"seats": (1, 1, 2)}, "different seat number"),
    ],
)
def test_bad_table_details_are_refused_with_a_clear_message(
    change: dict[str, object], message: str
) -> None:
    hand = random_hand("holdem-nl", 1, players=3)
    details = {"hand_number": 1, "table": "T", "played_at": WHEN, "names": NAMES[:3], **change}
    with pytest.raises(UsageError, match=message):
        write_pokerstars(hand, 0, StarsTable(**details))  # type: ignore[arg-type]


def test_an_unfinished_hand_has_no_history() -> None:
    hand = Hand(HandConfig.holdem([50, 50], small_blind=1, big_blind=2, limit=Limit.NO_LIMIT))
    with pytest.raises(UsageError, match="only a finished hand"):
        write_pokerstars(hand, 0, table(hand))
