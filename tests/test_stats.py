"""Player statistics (pokerroom.stats): hand-counted answers on small hands, the sums that
must hold over random hands of every game, and hidden cards that never count."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.history.phh.documents import parse_phh
from pokerroom.history.phh.writing import write_phh
from pokerroom.stats.counting import walk
from pokerroom.stats.reading import read_stat_hand, stat_hand
from pokerroom.stats.summary import NamedHand, PlayerStats, summarise
from tests.random_hands import GAMES, NAMES, random_hand
from tests.stats_hands import CALLED_DOWN, HEADS_UP_ALL_IN, LIMPED, THREE_BET


def stats_of(*texts: str, viewer: str | None = None) -> dict[str, PlayerStats]:
    hands = []
    for text in texts:
        hand = read_stat_hand(text)
        assert hand.names is not None
        hands.append(NamedHand(hand, hand.names))
    return summarise(hands, viewer=viewer)


def test_a_limp_is_vpip_the_big_blinds_check_is_not() -> None:
    players = stats_of(LIMPED)
    assert {name: s.vpip_hands for name, s in players.items()} == {
        "Ann": 1,  # the small blind completes
        "Bob": 0,  # the big blind checks
        "Cyd": 1,  # a limp
        "Dan": 0,
    }
    assert all(s.pfr_hands == 0 and s.three_bet_chances == 0 for s in players.values())


def test_aggression_and_the_flop_seen_without_a_showdown() -> None:
    players = stats_of(LIMPED)
    bob, cyd = players["Bob"], players["Cyd"]
    assert (bob.bets_raises, bob.calls, bob.aggression) == (2, 0, None)
    assert (cyd.bets_raises, cyd.calls, cyd.aggression) == (0, 1, 0.0)  # the turn was checked
    assert [players[n].saw_flop for n in NAMES[:4]] == [1, 1, 1, 0]
    assert all(s.showdowns == 0 for s in players.values())
    assert {n: s.winnings for n, s in players.items()} == {"Ann": -2, "Bob": 8, "Cyd": -6, "Dan": 0}


def test_a_three_bet_only_facing_one_raise_and_the_fold_to_it() -> None:
    players = stats_of(THREE_BET)
    cyd, dan = players["Cyd"], players["Dan"]
    assert (cyd.pfr_hands, cyd.three_bet_chances, cyd.fold_to_three_bet_chances) == (1, 0, 1)
    assert cyd.folds_to_three_bet == 1
    assert (dan.three_bet_chances, dan.three_bets, dan.pfr_hands) == (1, 1, 1)
    # the blinds acted facing two raises: no 3-bet chance
    assert players["Ann"].three_bet_chances == players["Bob"].three_bet_chances == 0


def test_a_call_of_one_raise_is_a_three_bet_chance_not_taken() -> None:
    players = stats_of(CALLED_DOWN)
    assert [players[n].three_bet_chances for n in NAMES[:4]] == [1, 1, 0, 1]
    assert players["Dan"].three_bets == 0
    assert players["Cyd"].fold_to_three_bet_chances == 0


def test_went_to_showdown_and_won_there() -> None:
    players = stats_of(LIMPED, THREE_BET, CALLED_DOWN)
    cyd, dan = players["Cyd"], players["Dan"]
    assert (cyd.saw_flop, cyd.showdowns, cyd.won_at_showdown) == (2, 1, 1)
    assert (cyd.wtsd, cyd.won_showdown) == (50.0, 100.0)
    assert (dan.saw_flop, dan.showdowns, dan.won_at_showdown, dan.won_showdown) == (1, 1, 0, 0.0)


def test_winnings_in_chips_and_big_blinds_per_100_hands() -> None:
    cyd = stats_of(LIMPED, THREE_BET, CALLED_DOWN)["Cyd"]
    assert cyd.winnings == -6 - 6 + 16  # net of the rake of 1 he paid
    assert cyd.bb_per_100 == pytest.approx(100 * (4 / 2) / 3)
    assert (cyd.vpip, cyd.pfr) == pytest.approx((100.0, 200 / 3))


def test_all_in_adjusted_winnings_use_the_equity_at_the_all_in() -> None:
    players = stats_of(HEADS_UP_ALL_IN)
    ann, bob = players["Ann"], players["Bob"]
    assert (ann.winnings, bob.winnings) == (100, -100)
    assert bob.adjusted == pytest.approx(7 / 44 * 200 - 100)
    assert ann.adjusted == pytest.approx(37 / 44 * 200 - 100)


def test_an_unshown_hand_is_not_valued_for_anyone_but_its_owner() -> None:
    mucked = HEADS_UP_ALL_IN.replace('  "p2 sm KhQh",\n', "")
    for viewer in (None, "Ann", "Bob"):  # Bob's cards are unknown to all but Bob
        players = stats_of(mucked, viewer=viewer)  # and Ann's hand is shown: he knows both
        expected = 7 / 44 * 200 - 100 if viewer == "Bob" else -100
        assert players["Bob"].adjusted == pytest.approx(expected)
        assert players["Ann"].adjusted == 100  # hers: only what is public, for every viewer


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_fast_read_gives_the_full_reads_hand(game: str) -> None:
    for seed in range(12):
        text = write_phh(random_hand(game, seed, 2 + seed % 5), NAMES[: 2 + seed % 5])
        assert read_stat_hand(text) == stat_hand(parse_phh(text))


def test_another_layout_is_read_in_full() -> None:
    one_line = re.sub(r"actions = \[\n(.*?)\n\]", _one_line, LIMPED, flags=re.S)
    assert one_line != LIMPED
    assert read_stat_hand(one_line) == read_stat_hand(LIMPED)


def _one_line(match: re.Match[str]) -> str:
    return "actions = [" + " ".join(match.group(1).split()) + "]"


def random_texts(game: str, seed: int, players: int) -> str:
    return write_phh(random_hand(game, seed, players), NAMES[:players])


@settings(max_examples=40)
@given(st.sampled_from(sorted(GAMES)), st.integers(0, 10**6), st.integers(2, 6))
def test_chips_are_kept_winnings_sum_to_nothing_and_vpip_covers_pfr(
    game: str, seed: int, players: int
) -> None:
    text = random_texts(game, seed, players)
    stats = stats_of(text)
    walked = walk(read_stat_hand(text))
    received = [line.result + line.put_in for line in walked.lines]  # what the pot paid him
    assert all(
        r == 0 if folded else r >= 0 for r, folded in zip(received, walked.folded, strict=True)
    )
    assert sum(s.winnings for s in stats.values()) == 0
    assert math.isclose(sum(s.adjusted for s in stats.values()), 0, abs_tol=1e-6)
    assert all(s.vpip_hands >= s.pfr_hands for s in stats.values())
    assert all(
        s.showdowns <= s.saw_flop and s.won_at_showdown <= s.showdowns for s in stats.values()
    )


def test_the_sums_hold_with_a_rake() -> None:
    stats = stats_of(CALLED_DOWN)
    assert sum(s.winnings for s in stats.values()) == -1
    assert sum(s.adjusted for s in stats.values()) == pytest.approx(-1)


def _hide_unshown(text: str, viewer: int) -> str:
    """Every hole card the viewer never saw turned into ``??``: what he may not know."""
    shown = {int(p) for p in re.findall(r'"p(\d+) sm [^"]', text)}

    def hide(match: re.Match[str]) -> str:
        player, cards = int(match.group(1)), match.group(2)
        if player == viewer + 1 or player in shown:
            return match.group(0)
        return f'"d dh p{player} {"?" * len(cards)}"'

    return re.sub(r'"d dh p(\d+) (\w+)"', hide, text)


@settings(max_examples=40)
@given(
    st.sampled_from(["holdem-nl", "holdem-pl", "omaha-pl", "omaha-hilo-pl"]),
    st.integers(0, 10**6),
    st.integers(2, 6),
)
def test_nobodys_statistics_see_unshown_hole_cards(game: str, seed: int, players: int) -> None:
    text = random_texts(game, seed, players)
    viewer = seed % players
    seen = stats_of(text, viewer=NAMES[viewer])
    hidden = stats_of(_hide_unshown(text, viewer), viewer=NAMES[viewer])
    assert seen == hidden
