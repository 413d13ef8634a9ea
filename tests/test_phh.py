"""PHH hand histories: reading, writing, replaying through the engine, and round trips."""

from __future__ import annotations

import dataclasses
import datetime
import random
from collections.abc import Sequence
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import HandHistory

from pokerroom.cards import Card, parse_cards
from pokerroom.deck import Deck
from pokerroom.engine import Action, Hand, HandConfig, Limit
from pokerroom.engine import events as ev
from pokerroom.engine.options import PROFILES, Options, ReraiseSize
from pokerroom.engine.variants import (
    BOMB_POT,
    FIVE_CARD_DRAW,
    HOLDEM,
    OMAHA_HILO,
    STUD,
    STUD_HILO,
)
from pokerroom.history import (
    GAMES,
    ActionCode,
    PhhError,
    parse_hands,
    parse_phh,
    parse_phhs,
    phh_seen_by,
    replay_hand,
    write_phh,
    write_phh_seen_by,
)
from pokerroom.history.phh.documents import PhhGame, game_code, read_hands

HEADS_UP_NT = """
# A comment line, as in the famous/ files.
variant = "NT"
ante_trimming_status = true
antes = [0, 0]
blinds_or_straddles = [0.25, 0.50]
min_bet = 0.50
starting_stacks = [34.50, 15]
actions = [
  # Pre-flop
  "d dh p1 JcAh",  # p1 is the big blind heads-up
  "d dh p2 8dKc",
  "p2 cc",
  "p1 cbr 2.00 # a commentary, part of the action",
  "p2 cc",
  "d db 4cKd7d",
  "p1 cc",
  "p2 cc",
  "",
  "d db 4s",
  "p1 cc",
  "p2 cbr 2",
  "p1 cc",
  "d db 7h",
  "p1 cc",
  "p2 cc",
  "p1 sm -",
  "p2 sm 8dKc",
]
players = ["Ann", "Bob"]
finishing_stacks = [30.50, 19]
time = 16:51:02
hand = 61364517354
"""


def phh(body: str, *, variant: str = "NT", players: int = 3, stacks: str = "") -> str:
    """A minimal document: blinds 1/2, stacks 100, then ``body`` (the actions and more)."""
    blinds = [1, 2] + [0] * (players - 2)
    structure = "small_bet = 2\nbig_bet = 4" if variant.startswith("F") else "min_bet = 2"
    return (
        f'variant = "{variant}"\nantes = {[0] * players}\n'
        f"blinds_or_straddles = {blinds}\n{structure}\n"
        f"starting_stacks = {stacks or [100] * players}\n{body}"
    )


# ------------------------------------------------------------------ reading


def test_reads_fields_comments_commentary_and_exact_decimals() -> None:
    hand = parse_phh(HEADS_UP_NT)
    assert hand.variant == "NT" and hand.game.standard and hand.game.limit is Limit.NO_LIMIT
    assert hand.ante_trimming_status is True
    assert hand.blinds_or_straddles == (Decimal("0.25"), Decimal("0.50"))
    assert hand.starting_stacks == (Decimal("34.50"), Decimal(15))
    assert hand.min_bet == Decimal("0.50") and hand.small_bet is None
    assert hand.players == ("Ann", "Bob")
    assert hand.finishing_stacks == (Decimal("30.50"), Decimal(19))
    assert hand.extra == {"time": datetime.time(16, 51, 2), "hand": 61364517354}
    raise_action = hand.actions[3]
    assert raise_action.code is ActionCode.COMPLETE_BET_RAISE
    assert (raise_action.player, raise_action.amount) == (0, Decimal("2.00"))
    assert raise_action.commentary == "a commentary, part of the action"
    assert hand.actions[8].code is ActionCode.NO_OP
    assert hand.actions[0].cards == tuple(parse_cards("JcAh"))
    assert hand.actions[-2].cards == ()  # "-": the cards already dealt


def test_reads_every_action_notation() -> None:
    cases = {
        "d dh p3 ????Ad": (ActionCode.DEAL_HOLE, 2, (None, None, Card.parse("Ad")), None),
        "d db Jc3d5c": (ActionCode.DEAL_BOARD, None, tuple(parse_cards("Jc3d5c")), None),
        "p1 f": (ActionCode.FOLD, 0, None, None),
        "p2 cc": (ActionCode.CHECK_CALL, 1, None, None),
        "p3 cbr 1150000": (ActionCode.COMPLETE_BET_RAISE, 2, None, Decimal(1150000)),
        "p1 pb": (ActionCode.BRING_IN, 0, None, None),
        "p1 sd": (ActionCode.STAND_PAT_DISCARD, 0, (), None),
        "p1 sd AsQs": (ActionCode.STAND_PAT_DISCARD, 0, tuple(parse_cards("AsQs")), None),
        "p2 sm": (ActionCode.SHOW_MUCK, 1, None, None),
        "p2 sm ????": (ActionCode.SHOW_MUCK, 1, (None, None), None),
        "  # Burn card 6s is exposed": (ActionCode.NO_OP, None, None, None),
    }
    document = phh("actions = [" + ", ".join(f'"{text}"' for text in cases) + "]")
    for action, (code, player, cards, amount) in zip(
        parse_phh(document).actions, cases.values(), strict=True
    ):
        assert (action.code, action.player, action.cards, action.amount) == (
            code,
            player,
            cards,
            amount,
        ), action.text


@pytest.mark.parametrize(
    ("document", "message"),
    [
        (phh('actions = ["p4 f"]'), "'p4' is not a player: expected p1 … p3"),
        (phh('actions = ["p1 raise 10"]'), "cannot read action 'p1 raise 10'"),
        (phh('actions = ["p1 cbr -5"]'), "'-5' is not a positive amount"),
        (phh('actions = ["d db AcKdXx"]'), "unknown card 'Xx'"),
        (phh('actions = ["d db AcK"]'), "not two characters each"),
        (phh("actions = []", variant="XX"), "unknown variant 'XX'"),
        (phh("actions = []", variant="FT").replace("big_bet = 4", ""), "needs the field"),
        (phh("actions = []", stacks="[100, 100]"), "antes needs one entry per player (2)"),
        (phh("actions = []\nplayers = ['a']"), "players needs one name per player"),
        ("variant = [", "not valid TOML"),
    ],
)
def test_bad_documents_are_named_errors(document: str, message: str) -> None:
    with pytest.raises(PhhError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_phh(document)


def test_phhs_tables_in_file_order_and_errors_name_the_table() -> None:
    first, second = phh('actions = ["p3 f"]'), phh('actions = ["p3 cc"]', players=4)
    text = f"[2]\n{first}\n[1]\n{second}\n"
    hands = parse_phhs(text)
    assert [h.player_count for h in hands] == [3, 4]  # document order, not numeric order
    assert parse_hands(text) == hands
    assert parse_hands(first) == [parse_phh(first)]
    with pytest.raises(PhhError, match=r"table \[7\]: unknown variant"):
        parse_phhs(f"[7]\n{phh('actions = []', variant='??')}")
    with pytest.raises(PhhError, match="only tables"):
        parse_phhs("x = 1")


def test_read_hands_names_the_file(tmp_path: pytest.TempPathFactory) -> None:
    path = tmp_path / "missing.phh"  # type: ignore[operator]
    with pytest.raises(PhhError, match=r"missing\.phh: cannot read the file"):
        read_hands(path)


# ------------------------------------------------------------------ variant codes


def test_variant_codes_cover_every_engine_game_without_clashing_with_the_spec() -> None:
    spec = {"FT", "NT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"}
    assert {code for code, game in GAMES.items() if game.standard} == spec
    assert set(HandHistory.game_types) == spec  # PokerKit knows exactly the spec's codes
    ours = {code for code, game in GAMES.items() if not game.standard}
    assert ours.isdisjoint(spec)
    assert {"PT", "NO", "FO", "PO/8", "NO/8", "PO5", "FO6/8"} <= ours
    assert {"P7S", "N7S", "P7S/8", "N7S/8", "F5D", "P5D", "N5D", "FO2B", "PO2B", "NO2B"} <= ours
    played = [game for game in GAMES.values() if game.supported]
    assert len(played) == 33  # 11 engine variants x 3 limits
    for game in played:
        assert game.variant is not None
        assert game_code(game.variant, game.limit) == game.code
        assert game.stud == game.variant.stud
    assert GAMES["FO/8"].limit is Limit.FIXED_LIMIT and GAMES["FO/8"].variant == OMAHA_HILO
    assert GAMES["F7S"].variant == STUD and GAMES["F7S/8"].variant == STUD_HILO
    assert GAMES["N7S/8"].limit is Limit.NO_LIMIT and GAMES["N7S/8"].stud
    assert GAMES["F5D"].variant == FIVE_CARD_DRAW and GAMES["PO2B"].variant == BOMB_POT
    assert not GAMES["FR"].supported and GAMES["FR"].stud


# ------------------------------------------------------------------ replaying


def test_heads_up_blinds_apply_in_reverse_and_decimals_replay_exactly() -> None:
    result = replay_hand(parse_phh(HEADS_UP_NT))
    assert result.error is None and result.complete
    hand = result.hand
    assert hand is not None
    assert hand.config.blinds == (50, 25)  # p1 (position 0) is the big blind, H-7
    assert hand.config.stacks == (3450, 1500)  # amounts in cents
    assert result.finishing_stacks == (Decimal("30.50"), Decimal("19.00"))
    assert result.winnings == (Decimal("0.00"), Decimal("8.00"))
    assert result.matches_recorded is True
    (pot,) = result.pots
    assert (pot.amount, pot.eligible, pot.settled) == (Decimal("8.00"), (0, 1), True)
    assert [(w.player, w.amount, w.share) for w in pot.winners] == [(1, Decimal("8.00"), "all")]


def test_odd_cent_goes_to_the_first_winner_left_of_the_button() -> None:
    """P-3: a split is made down to the smallest unit in play, here one cent."""
    document = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [0.05, 0.10, 0]
min_bet = 0.10
starting_stacks = [1, 1, 1]
actions = ["d dh p1 2c3d", "d dh p2 4c5d", "d dh p3 6c7d", "p3 cc", "p1 f", "p2 cc",
  "d db AsKsQs", "p2 cc", "p3 cc", "d db Js", "p2 cc", "p3 cc", "d db Ts", "p2 cc", "p3 cc",
  "p2 sm 4c5d", "p3 sm 6c7d"]
"""
    result = replay_hand(parse_phh(document))
    assert result.finishing_stacks == (Decimal("0.95"), Decimal("1.03"), Decimal("1.02"))


def test_fixed_limit_omaha_hi_lo_is_fixed_limit() -> None:
    """FO/8 bets in units of the small and big bet (B-3), never pot-sized."""
    document = phh(
        'actions = ["d dh p1 AhKh2c3c", "d dh p2 QsQd9c8c", "d dh p3 7h7d6s5s", "p3 cbr 6"]',
        variant="FO/8",
    )
    result = replay_hand(parse_phh(document))
    assert result.error is not None
    assert (result.error.rule, result.error.legal) == ("B-3", ("fold", "call 2", "raise to 4"))


@pytest.mark.parametrize(
    ("first_action", "p4_total", "note"),
    [
        ("p4 cc", 2, "p4's post of 2 is part of 'p4 cc'"),
        ("p4 cbr 6", 6, "p4's post of 2 is part of 'p4 cbr 6'"),
        ("p4 f", 2, "p4's post of 2 is dead money (a fold)"),
    ],
)
def test_a_post_is_a_live_bet_that_does_not_move_the_first_action(
    first_action: str, p4_total: int, note: str
) -> None:
    """HandHQ's negative blind: p3 still acts first, p4's post counts toward his call."""
    deal = ", ".join(f'"d dh p{p} ????"' for p in range(1, 6))
    opening = "p3 cbr 4" if first_action == "p4 f" else "p3 f"
    document = phh(f'actions = [{deal}, "{opening}", "{first_action}"]', players=5).replace(
        "blinds_or_straddles = [1, 2, 0, 0, 0]", "blinds_or_straddles = [1, 2, 0, -2, 0]"
    )
    result = replay_hand(parse_phh(document))
    assert result.error is None
    assert result.notes == (note,)
    assert result.hand is not None and result.hand.totals[3] == p4_total


def test_illegal_actions_name_index_rule_and_legal_options_in_file_units() -> None:
    bad = HEADS_UP_NT.replace('"p1 cbr 2.00 # a commentary, part of the action"', '"p1 cbr 0.75"')
    error = replay_hand(parse_phh(bad)).error
    assert error is not None
    assert (error.action_index, error.action, error.rule) == (3, "p1 cbr 0.75", "A-8")
    assert error.message == "raise to 0.75 is outside the legal range 1.00-34.50"
    assert error.legal == ("fold", "check", "raise to 1.00-34.50")


@pytest.mark.parametrize(
    ("actions", "index", "rule", "message"),
    [
        ('"p1 f"', 0, "A-2", "p1 cannot act: nobody is to act, cards are due"),
        ('"p1 cc"', 3, "A-2", "p1 acted out of turn: p3 is to act"),
        ('"d db 2s3s4s"', 3, "A-13", "the betting round is not over: p3 is to act"),
        ('"p3 cbr 5", "p1 cbr 6"', 4, "A-8", "raise to 6 is outside the legal range 8-100"),
        ('"p3 cbr 5", "p1 cbr 101"', 4, "A-6", "raise to 101 is outside the legal range 8-100"),
        ('"p3 f", "p1 f", "p2 sm AcKd"', 5, None, "p2 shows AcKd but was dealt AsAd"),
        ('"p3 f", "p1 f", "p1 sm"', 5, "P-4", "p1 has no hand to muck now"),
        ('"p3 f", "p1 f", "p3 cc"', 5, "A-2", "p3 cannot act: nobody is to act, it is over"),
        ('"p3 pb"', 3, None, "Texas Hold'em has no 'pb' action"),
    ],
)
def test_replay_stops_at_the_first_illegal_action(
    actions: str, index: int, rule: str | None, message: str
) -> None:
    deal = '"d dh p1 2c7d", "d dh p2 AsAd", "d dh p3 KcKh"'
    if index == 0:
        deal = ""
    text = phh(f"actions = [{', '.join(filter(None, [deal, actions]))}]")
    error = replay_hand(parse_phh(text)).error
    assert error is not None
    assert (error.action_index, error.rule, error.message) == (index, rule, message)


CHECKED_DOWN = (
    '"p3 cc", "p1 f", "p2 cc", "d db 2s7h9d", "p2 cc", "p3 cc", "d db Th", "p2 cc", "p3 cc", '
    '"d db 3c", "p2 cc", "p3 cc"'
)


@pytest.mark.parametrize(
    ("shows", "rule", "message"),
    [
        ('"p2 sm", "p3 sm"', "P-5", "p3 is the last live hand for a pot and must show"),
        ('"p2 sm As"', None, "p2 holds 2 cards, shows 1"),
        ('"p2 sm ??Ad", "p3 sm ??Kd"', None, "p3 shows ??Kd but was dealt KcKh"),
    ],
)
def test_showdown_errors(shows: str, rule: str | None, message: str) -> None:
    deal = '"d dh p1 2c7d", "d dh p2 AsAd", "d dh p3 KcKh"'
    result = replay_hand(parse_phh(phh(f"actions = [{deal}, {CHECKED_DOWN}, {shows}]")))
    assert result.error is not None
    assert (result.error.rule, result.error.message) == (rule, message)


def test_shows_in_any_order_and_partial_shows_of_known_hands() -> None:
    """Lenient about the showdown order (P-4); ``??Ad`` reveals what was dealt (P-6)."""
    deal = '"d dh p1 2c7d", "d dh p2 AsAd", "d dh p3 KcKh"'
    shows = '"p3 sm KcKh", "p2 sm ??Ad"'  # p2 would show first by P-4
    result = replay_hand(parse_phh(phh(f"actions = [{deal}, {CHECKED_DOWN}, {shows}]")))
    assert result.error is None and result.complete
    assert result.finishing_stacks == (Decimal(99), Decimal(103), Decimal(98))


def test_each_card_exists_once() -> None:
    text = phh('actions = ["d dh p1 AcKd", "d dh p2 AcQd"]')
    error = replay_hand(parse_phh(text)).error
    assert error is not None and (error.rule, error.message) == (
        "C-1",
        "Ac is dealt twice; each card exists once",
    )


def test_all_in_run_out_shows_name_unknown_cards_before_the_board() -> None:
    """A-17: hands are turned up before the run-out; a show there names ``????`` cards."""
    text = phh(
        'actions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 100", "p1 cc", '
        '"p1 sm AcAd", "p2 sm KcKd", "d db 2s7h9d", "d db Th", "d db 3c"]',
        players=2,
    )
    result = replay_hand(parse_phh(text))
    assert result.error is None and result.complete and not result.unsettled
    assert result.finishing_stacks == (Decimal(200), Decimal(0))


def test_unknown_cards_leave_a_pot_unsettled_instead_of_guessing() -> None:
    text = phh(
        'actions = ["d dh p1 ????", "d dh p2 ????", "p2 cc", "p1 cc", "d db 2s7h9d", '
        '"p1 cc", "p2 cc", "d db Th", "p1 cc", "p2 cc", "d db 3c", "p1 cc", "p2 cc", '
        '"p1 sm AcAd", "p2 sm ????"]',
        players=2,
    )
    result = replay_hand(parse_phh(text))
    assert result.error is None and result.complete and result.unsettled
    assert [(p.amount, p.settled, p.winners) for p in result.pots] == [(Decimal(4), False, ())]
    assert result.finishing_stacks == (Decimal(98), Decimal(98))


def test_a_winner_may_show_after_everyone_folds() -> None:
    text = phh(
        'actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 f", "p2 sm KdAh"]'
    )
    result = replay_hand(parse_phh(text))
    assert result.error is None and result.notes == ("p2 shows KdAh after winning uncontested",)


def test_partial_history_and_unsupported_games() -> None:
    partial = replay_hand(parse_phh(phh('actions = ["d dh p1 ????", "d dh p2 ????"]')))
    assert partial.error is None and not partial.complete
    razz = parse_phh(
        'variant = "FR"\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n'
        'starting_stacks = [100, 100]\nactions = ["d dh p1 ????7h", "d dh p2 ????8h", "p2 pb"]'
    )
    result = replay_hand(razz)
    assert result.unsupported and result.error is None and result.finishing_stacks is None


def test_recorded_finishing_stacks_are_compared() -> None:
    text = phh(
        'actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 f"]\n'
        "finishing_stacks = [99, 101, 101]"
    )
    result = replay_hand(parse_phh(text))
    assert result.matches_recorded is False
    assert [(d.player, d.recorded, d.replayed) for d in result.differences or ()] == [
        (2, Decimal(101), Decimal(100))
    ]


# ------------------------------------------------------------------ stud, draw, bomb pot

STUD_HAND = """
variant = "F7S"
ante_trimming_status = true
antes = [1, 1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [50, 50, 50]
actions = [
  "d dh p1 ????Kh",  # two down cards, then the up card (V-5)
  "d dh p2 AsAd2c",
  "d dh p3 ????9d",
  "p2 pb",  # the lowest up card brings in
  "p3 cbr 2",  # a completion
  "p1 cc",
  "p2 cc",
  "d dh p1 Qs",
  "d dh p2 7h",
  "d dh p3 9c",
]
"""


def test_stud_deals_every_down_card_before_the_up_cards_and_the_lowest_brings_in() -> None:
    """V-5: ``d dh p1 ????Kh`` is two down cards and one up card; the dealer gives all
    down cards first, so the replay does too; 2c brings in, a ``cbr`` completes."""
    result = replay_hand(parse_phh(STUD_HAND))
    assert result.error is None
    hand = result.hand
    assert hand is not None and hand.config.variant == STUD and hand.config.bring_in == 1
    deals = [e for e in hand.events if isinstance(e, ev.DealHole)][:6]
    assert deals == [
        ev.DealHole(0, (None, None)),
        ev.DealHole(1, tuple(parse_cards("AsAd"))),
        ev.DealHole(2, (None, None)),
        ev.DealHole(0, (Card.parse("Kh"),), face_up=True),
        ev.DealHole(1, (Card.parse("2c"),), face_up=True),
        ev.DealHole(2, (Card.parse("9d"),), face_up=True),
    ]
    assert ev.BringIn(1, 1) in hand.events and ev.BetRaise(2, 2) in hand.events
    assert hand.up == tuple(tuple(parse_cards(c)) for c in ("Kh Qs", "2c 7h", "9d 9c"))
    assert hand.burned == (None,)  # fourth street burns (C-4)
    assert hand.to_act == 2  # E-8: the open nines act first
    assert hand.pot == 9


def test_stud_open_pair_bets_the_small_or_the_big_bet() -> None:
    """V-6: with an open pair on fourth street a bet is 2 or 4, nothing between."""
    text = STUD_HAND.replace('  "d dh p3 9c",\n', '  "d dh p3 9c",\n  "p3 cbr 3",\n')
    error = replay_hand(parse_phh(text)).error
    assert error is not None
    assert (error.action, error.rule) == ("p3 cbr 3", "V-6")
    assert error.message == "bet to 3 is not one of the allowed sizes 2 or 4"
    assert error.legal == ("fold", "check", "bet 2 or 4")
    text = STUD_HAND.replace('  "d dh p3 9c",\n', '  "d dh p3 9c",\n  "p3 cbr 4",\n  "p1 cc",\n')
    assert replay_hand(parse_phh(text)).error is None


@pytest.mark.parametrize(
    ("change", "index", "rule", "message", "legal"),
    [
        (('"p2 pb"', '"p1 pb"'), 3, "A-2", "p1 acted out of turn: p2 is to act", None),
        (
            ('"p3 cbr 2"', '"p3 cbr 3"'),
            4,
            "B-3",
            "complete to 3 is outside the legal range 2-2",
            None,
        ),
        (
            ('"p3 cbr 2"', '"p3 pb"'),
            4,
            "V-5",
            "p3 does not bring in",
            ("fold", "call 1", "complete to 2"),
        ),
        (('"d dh p2 AsAd2c"', '"d dh p2 AsKh2c"'), 1, "C-1", "Kh is dealt twice", None),
        (
            ('"p2 pb"', '"p2 cc"'),
            3,
            "A-5",
            "p2 has nothing to call",
            ("bring in 1", "complete to 2"),
        ),
    ],
)
def test_stud_errors_name_the_action_and_the_rule(
    change: tuple[str, str], index: int, rule: str | None, message: str, legal: object
) -> None:
    error = replay_hand(parse_phh(STUD_HAND.replace(*change))).error
    assert error is not None
    assert (error.action_index, error.rule) == (index, rule)
    assert error.message.startswith(message), error.message
    if legal is not None:
        assert error.legal == legal


DRAW_HAND = """
variant = "N5D"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 5s4c9h3cKd",
  "d dh p2 Jd7sQcKh6c",
  "d dh p3 ThJhAh2cTs",
  "p3 cc",
  "p1 cc",
  "p2 cc",
  "p1 sd",
  "p2 sd Jd",
  "p3 sd ThJh",
  "d dh p2 5h",
  "d dh p3 5cJs",
  "p1 cc",
  "p2 cc",
  "p3 cc",
  "p1 sm 5s4c9h3cKd",
  "p2 sm 7sQcKh6c5h",
  "p3 sm Ah2cTs5cJs",
]
finishing_stacks = [98, 98, 104]
"""


def test_draw_discards_first_then_replacements_as_pokerkit_writes_them() -> None:
    """V-8: each player discards and is dealt in turn; PHH lists the discards first."""
    result = replay_hand(parse_phh(DRAW_HAND))
    assert result.error is None and result.complete and result.matches_recorded
    hand = result.hand
    assert hand is not None
    draw = [e for e in hand.events if isinstance(e, ev.Discard | ev.DealHole)][3:]
    assert draw == [
        ev.Discard(0, ()),
        ev.Discard(1, (Card.parse("Jd"),)),
        ev.DealHole(1, (Card.parse("5h"),)),
        ev.Discard(2, tuple(parse_cards("ThJh"))),
        ev.DealHole(2, tuple(parse_cards("5cJs"))),
    ]
    interleaved = DRAW_HAND.replace(
        '"p3 sd ThJh",\n  "d dh p2 5h",', '"d dh p2 5h",\n  "p3 sd ThJh",'
    )
    again = replay_hand(parse_phh(interleaved))
    assert again.hand is not None and again.hand.events == hand.events
    assert write_phh(hand).split("actions")[1] == DRAW_HAND.split("actions")[1]


@pytest.mark.parametrize(
    ("old", "new", "action", "rule", "message"),
    [
        ('"d dh p2 5h",\n  "d dh p3 5cJs",', "", "p3 sd ThJh", "V-8", "p2's replacement"),
        ('"d dh p2 5h"', '"d dh p2 Jd"', "d dh p2 Jd", "C-1", "Jd is dealt twice"),
        ('"d dh p2 5h"', '"d dh p2 5h4d"', "d dh p2 5h4d", "V-8", "p2 is owed 1 card(s), got 2"),
        ('"p1 sd",\n  "p2 sd Jd",', '"p2 sd Jd",\n  "p1 sd",', "p2 sd Jd", "A-2", "p2 drew out"),
        ('"p2 sd Jd"', '"p2 sd Qd"', "p2 sd Qd", "V-8", "p2 cannot discard Qd"),
        ('"p1 sd"', '"p1 cc"', "p1 cc", "A-2", "p1 cannot act: nobody is to act, it is the draw"),
        ('"p2 cc",\n  "p1 sd"', '"p1 sd",\n  "p2 cc"', "p1 sd", "V-8", "p1 cannot draw"),
    ],
)
def test_draw_errors_name_the_action_and_the_rule(
    old: str, new: str, action: str, rule: str, message: str
) -> None:
    assert old in DRAW_HAND
    error = replay_hand(parse_phh(DRAW_HAND.replace(old, new, 1))).error
    assert error is not None
    assert (error.action, error.rule) == (action, rule)
    assert error.message.startswith(message), error.message


def test_a_draw_history_may_stop_before_the_replacements() -> None:
    text = DRAW_HAND.partition('  "d dh p2 5h"')[0] + "]\n"
    result = replay_hand(parse_phh(text))
    assert result.error is None and not result.complete
    assert result.notes == ("not applied: 'p3 sd ThJh', written before p2's replacement cards",)


def test_a_stand_pat_or_bring_in_is_not_part_of_hold_em() -> None:
    deal = '"d dh p1 2c7d", "d dh p2 AsAd", "d dh p3 KcKh"'
    for action, code in (("p3 sd", "sd"), ("p3 pb", "pb")):
        error = replay_hand(parse_phh(phh(f'actions = [{deal}, "{action}"]'))).error
        assert error is not None and error.message == f"Texas Hold'em has no '{code}' action"


BOMB_POT_HAND = """
variant = "PO2B"
ante_trimming_status = true
antes = [5, 5, 5]
blinds_or_straddles = [0, 0, 0]
min_bet = 5
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 5s4c9h3c",
  "d dh p2 Jd7sQcKh",
  "d dh p3 ThJhAh2c",
  "d db 6cTs5h",  # the upper flop
  "d db JsAd8d",  # the lower flop
  "p1 cc",
  "p2 cc",
  "p3 cc",
  "d db 3s",
  "d db Qh",
  "p1 cc",
  "p2 cc",
  "p3 cc",
  "d db Qd",
  "d db Ks",
  "p1 cc",
  "p2 cc",
  "p3 cc",
  "p1 sm 5s4c9h3c",
  "p2 sm Jd7sQcKh",
  "p3 sm ThJhAh2c",
]
finishing_stacks = [103, 95, 102]
"""


def test_bomb_pot_deals_the_upper_board_first_and_halves_the_pot() -> None:
    """V-4: no preflop round, two boards; P-8: each half to its board, the odd chip upper."""
    result = replay_hand(parse_phh(BOMB_POT_HAND))
    assert result.error is None and result.matches_recorded
    hand = result.hand
    assert hand is not None and hand.config.variant == BOMB_POT
    assert hand.boards == (
        tuple(parse_cards("6c Ts 5h 3s Qd")),
        tuple(parse_cards("Js Ad 8d Qh Ks")),
    )
    (pot,) = result.pots
    assert [(w.player, w.amount, w.board) for w in pot.winners] == [
        (0, Decimal(8), 0),  # two pair, fives and threes
        (2, Decimal(7), 1),  # the ace-high straight
    ]
    assert write_phh(hand).split("actions")[1] == BOMB_POT_HAND.split("actions")[1].replace(
        "  # the upper flop", ""
    ).replace("  # the lower flop", "")


# ------------------------------------------------------------------ writing


def test_write_phh_heads_up_fixed_limit() -> None:
    """Heads-up the forced bets are written in PHH's reversed order; FL writes both bet sizes."""
    config = HandConfig(
        variant=HOLDEM,
        limit=Limit.FIXED_LIMIT,
        stacks=(50, 60),
        min_bet=2,
        blinds=(2, 1),
        antes=(1, 0),  # a big-blind ante
        big_bet=4,
    )
    hand = Hand(config)
    hand.deal_hole(0, parse_cards("AcKd"))
    hand.deal_hole(1, [None, None])
    hand.act(Action.raise_to(4))
    hand.act(Action.fold())
    text = write_phh(hand, players=["Ann", "Bob"])
    assert text == (
        'variant = "FT"\n'
        "ante_trimming_status = true\n"
        "antes = [0, 1]\n"
        "blinds_or_straddles = [1, 2]\n"
        "small_bet = 2\n"
        "big_bet = 4\n"
        '_options = { reraise_after_short_all_in = "last-full-raise", '
        'showdown_order = "last-aggressor-final-round", deal_start = "left-of-button", '
        'timeout_action = "check-or-fold", smallest_chip = 1, bet_unit = 1, '
        "run_it_twice = false }\n"
        "starting_stacks = [50, 60]\n"
        "actions = [\n"
        '  "d dh p1 AcKd",\n'
        '  "d dh p2 ????",\n'
        '  "p2 cbr 4",\n'
        '  "p1 f",\n'
        "]\n"
        'players = ["Ann", "Bob"]\n'
        "finishing_stacks = [47, 63]\n"
    )
    replayed = replay_hand(parse_phh(text))
    assert replayed.hand is not None and replayed.hand.config == config
    assert replayed.matches_recorded is True


def test_write_phh_stud_heads_up() -> None:
    """Stud writes ``bring_in`` and no blinds, one ``d dh`` per player and street (down
    cards first) and ``pb``; heads-up the antes are reversed as in every PHH game."""
    config = HandConfig(
        variant=STUD_HILO,
        limit=Limit.NO_LIMIT,
        stacks=(60, 50),
        min_bet=4,
        antes=(2, 1),
        bring_in=1,
    )
    hand = Hand(config)
    for player, cards in ((0, "AcKd"), (1, "????")):
        hand.deal_hole(player, parse_cards(cards) if "?" not in cards else [None, None])
    hand.deal_hole(0, parse_cards("3s"), face_up=True)
    hand.deal_hole(1, parse_cards("3h"), face_up=True)
    hand.act(Action.bring_in())  # 3h is the lower three (C-2)
    hand.act(Action.raise_to(10))
    hand.act(Action.fold())
    text = write_phh(hand)
    assert text == (
        'variant = "N7S/8"\n'
        "ante_trimming_status = true\n"
        "antes = [1, 2]\n"
        "bring_in = 1\n"
        "min_bet = 4\n"
        '_options = { reraise_after_short_all_in = "last-full-raise", '
        'showdown_order = "last-aggressor-final-round", deal_start = "left-of-button", '
        'timeout_action = "check-or-fold", smallest_chip = 1, bet_unit = 1, '
        "run_it_twice = false }\n"
        "starting_stacks = [60, 50]\n"
        "actions = [\n"
        '  "d dh p1 AcKd3s",\n'
        '  "d dh p2 ????3h",\n'
        '  "p2 pb",\n'
        '  "p1 cbr 10",\n'
        '  "p2 f",\n'
        "]\n"
        "finishing_stacks = [62, 48]\n"
    )
    replayed = replay_hand(parse_phh(text))
    assert replayed.hand is not None and replayed.hand.config == config
    assert replayed.hand.events == hand.events


def test_stud_has_no_blinds() -> None:
    text = write_phh(Hand(HandConfig.stud([10, 10], ante=1, bring_in=1, small_bet=2)))
    text = text.replace("bring_in = 1", "bring_in = 1\nblinds_or_straddles = [1, 0]")
    error = replay_hand(parse_phh(text)).error
    assert error is not None
    assert error.message == "a stud hand has a bring-in, not blinds_or_straddles"


# ------------------------------------------------------------------ round trips


def _random_config(game: PhhGame, rng: random.Random) -> HandConfig:
    """A set-up for ``game``: 2 to all seats, short and deep stacks, its own forced bets."""
    variant = game.variant
    assert variant is not None
    players = rng.randint(2, variant.max_players)
    big = rng.choice([2, 4, 10])
    stacks = [
        rng.choice([rng.randint(1, 6 * big), rng.randint(20 * big, 100 * big)])
        for _ in range(players)
    ]
    big_bet = 2 * big if game.limit is Limit.FIXED_LIMIT else 0
    if variant.stud:
        return HandConfig.stud(
            stacks,
            ante=rng.choice([0, 1, big // 2]),
            bring_in=rng.choice([1, big // 2]),
            small_bet=big,
            big_bet=big_bet,
            hi_lo=variant == STUD_HILO,
            limit=game.limit,
        )
    if variant.boards == 2:
        return HandConfig.bomb_pot(stacks, ante=rng.choice([1, big]), limit=game.limit, min_bet=big)
    blinds = [0] * players
    blinds[:2] = [big, big // 2] if players == 2 else [big // 2, big]
    bb = 0 if players == 2 else 1
    antes = rng.choice(
        [[0] * players, [1] * players, [big if p == bb else 0 for p in range(players)]]
    )
    return HandConfig(
        variant=variant,
        limit=game.limit,
        stacks=tuple(stacks),
        min_bet=big,
        blinds=tuple(blinds),
        antes=tuple(antes),
        big_bet=big_bet,
    )


def _play_randomly(game: PhhGame, rng: random.Random, options: Options | None = None) -> Hand:
    """A hand dealt from a seeded deck, every decision drawn from the legal ones."""
    config = _random_config(game, rng)
    if options is not None:
        config = dataclasses.replace(config, options=options)
    hand = Hand(config, Deck(seed=rng.randrange(2**32)))
    while hand.phase in ("bet", "draw"):
        if hand.phase == "draw":
            assert hand.to_draw is not None
            hole = hand.hole[hand.to_draw]
            hand.draw(rng.sample(hole, rng.randint(0, len(hole))))
            continue
        legal = hand.legal_actions()
        choices = [Action.fold()] if legal.fold and (rng.random() < 0.15 or not legal.check) else []
        if legal.check:
            choices.append(Action.check())
        elif legal.call is not None:
            choices.append(Action.call())
        if legal.bring_in is not None:
            choices.append(Action.bring_in())
        if legal.raise_min is not None and legal.raise_max is not None:
            sizes = legal.raise_sizes or (rng.randint(legal.raise_min, legal.raise_max),)
            choices.append(Action.raise_to(rng.choice(sizes)))
            choices.append(Action.raise_to(legal.raise_max))
        hand.act(rng.choice(choices))
    assert hand.phase == "done"
    return hand


def _without_burns(events: Sequence[ev.Event]) -> tuple[ev.Event, ...]:
    """PHH does not record burned cards; a replay burns unknown cards."""
    return tuple(ev.Burn(None) if isinstance(e, ev.Burn) else e for e in events)


def _assert_round_trip(hand: Hand) -> str:
    text = write_phh(hand)
    result = replay_hand(parse_phh(text))
    assert result.error is None, (text, result.error)
    assert result.hand is not None
    assert result.hand.events == _without_burns(hand.events), text
    assert result.finishing_stacks == tuple(Decimal(s) for s in hand.stacks)
    assert result.matches_recorded is True
    return text


@pytest.mark.parametrize("code", [code for code, game in GAMES.items() if game.supported])
def test_round_trip_engine_to_phh_to_engine(code: str) -> None:
    """Play → write_phh → read → replay gives the same events and stacks, for every game.

    Stud and Stud Hi-Lo (FL, PL, NL), Five-card Draw (FL, PL, NL), the bomb pot
    (FL, PL, NL) and every flop game; random hands include all-ins, run-outs,
    short antes and heads-up play.
    """
    rng = random.Random(code)
    for _ in range(40):
        _assert_round_trip(_play_randomly(GAMES[code], rng))


def _play_passively(hand: Hand) -> Hand:
    """Everyone brings in, calls or checks, and draws five new cards, to the end."""
    while hand.phase in ("bet", "draw"):
        if hand.phase == "draw":
            assert hand.to_draw is not None
            hand.draw(hand.hole[hand.to_draw][:5])
        elif hand.legal_actions().bring_in is not None:
            hand.act(Action.bring_in())
        else:
            hand.check_or_call()
    return hand


def test_round_trip_stud_when_the_deck_runs_out() -> None:
    """C-6: eight players to seventh street need 56 cards; the last street is one
    community card, written ``d db``."""
    hand = _play_passively(
        Hand(HandConfig.stud([100] * 8, ante=1, bring_in=1, small_bet=2), Deck(seed=5))
    )
    shared = [e for e in hand.events if isinstance(e, ev.DealBoard)]
    assert len(shared) == 1 and len(shared[0].cards) == 1
    text = _assert_round_trip(hand)
    assert f'"d db {shared[0].cards[0]}",' in text


def test_round_trip_draw_when_the_deck_runs_out() -> None:
    """C-6: six players drawing five cards each need 60 cards; the muck is dealt again.

    The replay accepts a card dealt twice only this late (after 51 cards) and only
    once it has left play (C-1; the draw error tests show an early one refused).
    """
    hand = _play_passively(
        Hand(HandConfig.draw([100] * 6, small_blind=1, big_blind=2), Deck(seed=5))
    )
    dealt = [card for e in hand.events if isinstance(e, ev.DealHole) for card in e.cards]
    assert len(dealt) == 60 and len(set(dealt)) < 60  # discards came back
    _assert_round_trip(hand)


# ------------------------------------------------------------------ the table's rule options


def _showdown_split_hand(options: Options) -> Hand:
    """Three players check a 6-6-6-9-9 board down: the board plays, the pot of 6 is split."""
    config = dataclasses.replace(
        HandConfig.holdem([100] * 3, small_blind=1, big_blind=2), options=options
    )
    hand = Hand(config, Deck(seed=14))
    while hand.phase == "bet":
        hand.check_or_call()
    return hand


def test_p3_the_smallest_chip_is_written_and_replayed() -> None:
    """P-3: a pot split down to chips of 5 replays to the same stacks from its own file."""
    hand = _showdown_split_hand(Options(smallest_chip=5))
    assert hand.stacks == (104, 98, 98)
    phh = parse_phh(write_phh(hand))
    assert phh.options == Options(smallest_chip=5)
    expected = tuple(map(Decimal, (104, 98, 98)))
    assert replay_hand(phh).finishing_stacks == expected
    assert replay_hand(phh, Options.profile("club")).finishing_stacks == expected
    unrecorded = dataclasses.replace(phh, options=None)  # as files were written before
    assert replay_hand(unrecorded).finishing_stacks == tuple(map(Decimal, (100, 100, 100)))


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("{ smallest_chip = 0 }", "_options: smallest_chip must be a whole number from 1 to 10^15"),
        ("{ smallest_chip = true }", "smallest_chip must be a whole number"),
        ("{ deal_start = 'button' }", "deal_start must be 'left-of-button' or 'small-blind'"),
        ("{ smallest_chips = 5 }", "_options: unknown option 'smallest_chips'; the options are"),
        ("5", "_options must be a table of rule options, got int"),
    ],
)
def test_bad_options_are_named_errors(table: str, message: str) -> None:
    with pytest.raises(PhhError, match=message.replace("^", r"\^")):
        parse_phh(phh(f"actions = []\n_options = {table}\n"))


def test_an_options_table_may_name_only_some_options() -> None:
    """A-12 alone: the other options keep their defaults."""
    hand = parse_phh(
        phh('actions = []\n_options = { reraise_after_short_all_in = "all-in-plus-big-blind" }\n')
    )
    assert hand.options == Options(reraise_after_short_all_in=ReraiseSize.ALL_IN_PLUS_BIG_BLIND)


_OPTIONS = st.builds(
    Options.profile,
    st.sampled_from(sorted(PROFILES)),
    smallest_chip=st.sampled_from([1, 2, 5, 25]),
)


@settings(max_examples=60, deadline=None)
@given(
    code=st.sampled_from([code for code, game in GAMES.items() if game.supported]),
    options=_OPTIONS,
    seed=st.integers(0, 2**32 - 1),
)
def test_round_trip_keeps_the_rule_options(code: str, options: Options, seed: int) -> None:
    """A-12, P-3, P-4, V-1: a hand played under any profile and smallest chip replays from
    its own file to the same stacks and the same winners."""
    rng = random.Random(seed)
    played = _play_randomly(GAMES[code], rng, options)
    result = replay_hand(parse_phh(write_phh(played)))
    assert result.error is None, result.error
    assert result.hand is not None
    assert result.finishing_stacks == tuple(Decimal(s) for s in played.stacks)
    awards = [e for e in played.events if isinstance(e, ev.Award)]
    assert [e for e in result.hand.events if isinstance(e, ev.Award)] == awards


# ------------------------------------------------------------------ one player's view


def _cards_seen_by(hand: Hand, viewer: int | None) -> set[Card]:
    """X-4: the boards, up cards, shown hands, and the viewer's own cards (discards too)."""
    seen: set[Card] = set()
    for event in hand.events:
        match event:
            case ev.DealBoard(cards) | ev.Show(_, cards):
                seen.update(c for c in cards if c is not None)
            case ev.DealHole(player, cards, face_up) if face_up or player == viewer:
                seen.update(c for c in cards if c is not None)
    return seen


@settings(max_examples=80, deadline=None)
@given(
    code=st.sampled_from([code for code, game in GAMES.items() if game.supported]),
    seed=st.integers(0, 2**32 - 1),
)
def test_x4_a_players_view_holds_only_what_he_saw_and_replays(code: str, seed: int) -> None:
    """Every seat's and an observer's copy names no card hidden from him, keeps all his
    own, and replays to the same stacks: the shows decide every contested pot."""
    played = _play_randomly(GAMES[code], random.Random(seed))
    for viewer in (None, *range(played.players)):
        view = parse_phh(write_phh_seen_by(played, viewer))
        written = {c for a in view.actions for c in a.cards or () if c is not None}
        assert written <= _cards_seen_by(played, viewer), viewer
        if viewer is not None:
            own = {
                c
                for e in played.events
                if isinstance(e, ev.DealHole) and e.player == viewer
                for c in e.cards
            }
            assert own <= written
        result = replay_hand(view)
        assert result.error is None, (viewer, result.error)
        assert result.finishing_stacks == tuple(Decimal(s) for s in played.stacks)
        assert not result.unsettled


def test_x4_the_folded_players_cards_are_unknown_in_a_view() -> None:
    hand = Hand(HandConfig.holdem([200, 200, 200], small_blind=1, big_blind=2), Deck(seed=1))
    hand.act(Action.raise_to(6))
    hand.act(Action.fold())
    hand.act(Action.fold())
    complete, seen = write_phh(hand), write_phh_seen_by(hand, 2)
    own = "".join(map(str, hand.hole[2]))
    assert f'"d dh p3 {own}"' in seen and '"d dh p1 ????"' in seen and '"d dh p2 ????"' in seen
    assert "".join(map(str, hand.hole[0])) in complete
    assert phh_seen_by(complete, 2) == seen
    assert '"d dh p3 ????"' in phh_seen_by(complete, None)
