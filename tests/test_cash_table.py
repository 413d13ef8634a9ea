"""Cash tables (issue 13 item 3): buy-ins, waiting for the big blind or posting, sitting
out and missed blinds, top-ups, leaving, the dead button (H-6), and the rake (P-9)."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pokerroom.deck import Deck
from pokerroom.engine import VARIANTS, Action, Hand, HandConfig, Limit
from pokerroom.errors import UsageError
from pokerroom.history import parse_phh, phh_seen_by, replay_hand, write_phh
from pokerroom.table.cash import CashSettings, CashTable, Rake, take_rake
from pokerroom.table.cash.markers import SeatState, plan_hand
from pokerroom.table.seating import Blinds


def play_out(hand: Hand) -> None:
    """Everyone checks or calls, stands pat and shows: the hand goes to showdown."""
    while hand.phase != "done":
        if hand.phase == "bet":
            hand.check_or_call()
        elif hand.phase == "draw":
            hand.draw([])
        else:
            hand.auto_showdown()


def fold_out(hand: Hand) -> None:
    """Everyone folds to the last player (a Stud bring-in brings in first)."""
    while hand.phase == "bet":
        legal = hand.legal_actions()
        if legal.check:
            hand.act(Action.check())
        elif legal.fold:
            hand.act(Action.fold())
        else:
            hand.act(Action.bring_in())


def raise_out(hand: Hand) -> None:
    """The first player to act bets or raises all he can; everyone calls to the end (a hand
    whose blinds put all but one player all-in is over before anyone acts, A-17)."""
    if hand.phase == "bet" and (raise_max := hand.legal_actions().raise_max) is not None:
        hand.act(Action.raise_to(raise_max))
    play_out(hand)


def table_of(players: dict[int, str], **options: object) -> CashTable:
    table = CashTable(CashSettings(**options), seed=11)  # type: ignore[arg-type]
    for seat, name in players.items():
        table.sit(seat, name, 200)
    return table


def play_hand(table: CashTable, *, fold: bool = False) -> Hand:
    hand = table.start_hand()
    (fold_out if fold else play_out)(hand)
    if hand.phase != "done":
        play_out(hand)
    table.finish_hand(hand)
    return hand


# ------------------------------------------------------------------ buy-ins


@pytest.mark.parametrize("buy_in", [79, 201, 0, -5])
def test_a_buy_in_outside_the_range_is_refused_and_changes_nothing(buy_in: int) -> None:
    table = CashTable(CashSettings(small_blind=1, big_blind=2))
    with pytest.raises(UsageError, match="80 to 200 chips"):
        table.sit(1, "Ann", buy_in)
    assert table.seats == {}


def test_the_buy_in_range_bounds_themselves_are_accepted() -> None:
    table = CashTable(CashSettings(min_buy_in=50, max_buy_in=150))
    table.sit(1, "Ann", 50)
    table.sit(2, "Bob", 150)
    assert [p.chips for p in table.seats.values()] == [50, 150]


def test_a_taken_seat_a_seat_off_the_table_and_a_second_seat_are_refused() -> None:
    table = table_of({1: "Ann"}, seats=6)
    with pytest.raises(UsageError, match="seat 1 is taken; free seats: 2, 3, 4, 5, 6"):
        table.sit(1, "Bob", 200)
    with pytest.raises(UsageError, match="seats are 1 to 6"):
        table.sit(7, "Bob", 200)
    with pytest.raises(UsageError, match="one seat"):
        table.sit(2, "Ann", 200)
    assert list(table.seats) == [1]


def test_settings_refuse_seats_beyond_the_game_and_a_bad_range() -> None:
    with pytest.raises(UsageError, match="2 to 6 seats"):
        CashSettings(variant=VARIANTS["draw"], seats=8)
    with pytest.raises(UsageError, match="buy-in range"):
        CashSettings(min_buy_in=300, max_buy_in=200)
    with pytest.raises(UsageError, match="percentage"):
        Rake(percent=25, cap=3)


def test_fewer_than_two_ready_players_deal_nothing() -> None:
    table = table_of({1: "Ann"})
    assert not table.can_deal()
    with pytest.raises(UsageError, match="fewer than two players"):
        table.start_hand()
    table.sit(2, "Bob", 200)
    table.sit_out(2)
    assert not table.can_deal()


# ------------------------------------------------- wait for the big blind or post


def four_handed(size: int = 6) -> CashTable:
    """Seats 1-4 played one hand: its markers were button 4, small 1, big 2 (seed 11)."""
    table = table_of({1: "Ann", 2: "Bob", 3: "Cy", 4: "Dee"}, seats=size)
    play_hand(table)
    assert table.markers == Blinds(4, 1, 2)
    return table


def test_a_new_player_waits_for_the_big_blind_then_posts_it_in_turn() -> None:
    """H-12, H-6: dealt in when the big blind reaches him, never skipping it."""
    table = four_handed()
    table.sit(6, "Eve", 200)
    for big_blind in (3, 4):
        hand = table.start_hand()
        assert table.markers is not None and table.markers.big_blind == big_blind
        assert 6 not in table.order
        play_out(hand)
        table.finish_hand(hand)
    table.start_hand()
    assert table.markers == Blinds(3, 4, 6) and 6 in table.order


def test_a_new_player_who_posts_plays_at_once_with_a_live_big_blind() -> None:
    """The post is live (he may check) and does not move the first action."""
    table = four_handed()
    table.sit(6, "Eve", 200, post=True)  # next: button 1, small 2, big 3; seat 6 after it
    hand = table.start_hand()
    assert table.markers == Blinds(1, 2, 3)
    position = table.order.index(6)
    assert hand.config.blinds[position] == -2 and hand.committed[position] == 2
    assert hand.to_act is not None and table.seat_of(hand.to_act) == 4  # left of the big blind
    while table.seat_of(hand.to_act or 0) != 6:
        hand.check_or_call()
    assert "check" in hand.legal_actions().describe()
    play_out(hand)
    record = table.finish_hand(hand)
    assert record.posts == {6: 2} and record.dead == {}
    table.start_hand()
    assert table.markers.big_blind == 4  # he paid it: no big blind twice in a row


def test_posts_wait_between_the_button_and_the_big_blind_and_right_after_it() -> None:
    """Seat 4 (between the button and the big blind) and seat 9 (the next big blind)
    wait; seat 10 (after the big blind, before the button) posts at once."""
    ready = SeatState(can_play=True)
    posting = SeatState(can_play=True, waiting=True, posts=True)
    seats = {1: ready, 3: ready, 5: ready, 4: posting, 7: posting, 9: posting, 10: posting}
    plan = plan_hand(Blinds(1, 3, 5), seats, size=10, posted_last=(), choose=min)
    assert plan is not None
    assert plan.markers == Blinds(3, 5, 7)  # the big blind reaches seat 7: he just posts it
    assert plan.posters == {10}
    assert plan.dealt == (1, 3, 5, 7, 10)
    seats[7] = SeatState(can_play=False)  # sitting out: the big blind jumps him
    plan = plan_hand(Blinds(1, 3, 5), seats, size=10, posted_last=(), choose=min)
    assert plan is not None and plan.markers == Blinds(3, 5, 9)
    assert plan.posters == set() and plan.missed == {7}


def test_a_table_of_waiting_players_restarts_and_deals_them_all() -> None:
    waiting = SeatState(can_play=True, waiting=True)
    seats = {2: waiting, 5: waiting, 8: SeatState(can_play=False)}
    plan = plan_hand(Blinds(1, 3, 8), seats, size=10, posted_last=(), choose=min)
    assert plan is not None and plan.dealt == (2, 5) and plan.markers == Blinds(5, 5, 2)


def test_stud_and_the_bomb_pot_deal_a_new_player_at_once() -> None:
    for code in ("stud", "bomb-pot-omaha"):
        table = table_of({1: "Ann", 2: "Bob"}, variant=VARIANTS[code])
        play_hand(table)
        table.sit(3, "Cy", 200)
        table.start_hand()
        assert 3 in table.order


# ---------------------------------------------------------- sit out and in


def test_a_player_sitting_out_is_not_dealt_and_owes_nothing_before_the_big_blind() -> None:
    table = four_handed(size=4)
    table.sit_out(1)  # next: button 1 (dead), small 2, big 3
    hand = table.start_hand()
    assert table.markers == Blinds(1, 2, 3) and 1 not in table.order
    play_out(hand)
    table.finish_hand(hand)
    table.sit_in(1)
    assert not table.seats[1].owes
    table.start_hand()
    assert 1 in table.order and table.markers == Blinds(2, 3, 4)


def test_missed_blinds_are_owed_back_live_and_dead() -> None:
    """The big blind jumps a sitting-out seat: back, he posts the BB live + the SB dead."""
    table = four_handed()
    table.sit(6, "Eve", 200)
    table.sit_out(3)  # he would have been the next big blind
    hand = table.start_hand()
    assert table.markers == Blinds(1, 2, 4)
    play_out(hand)
    table.finish_hand(hand)
    assert table.seats[3].missed
    table.sit_in(3, post=True)  # next: button 2, small 4, big 6; seat 3 is behind: waits
    hand = table.start_hand()
    assert table.markers == Blinds(2, 4, 6) and 3 not in table.order
    play_out(hand)
    table.finish_hand(hand)
    hand = table.start_hand()  # button 4, small 6, big 1: seat 3 is after it, posts
    assert table.markers == Blinds(4, 6, 1)
    position = table.order.index(3)
    assert hand.config.blinds[position] == -2  # live big blind
    assert hand.config.antes[position] == 1  # dead small blind
    assert hand.committed[position] == 2
    play_out(hand)
    record = table.finish_hand(hand)
    assert record.dead == {3: 1} and record.posts == {3: 2}
    assert not table.seats[3].owes


def test_a_player_back_who_waits_is_dealt_in_as_the_big_blind() -> None:
    table = four_handed(size=4)
    table.sit_out(3)
    play_hand(table)  # big blind 4, jumping seat 3
    assert table.seats[3].missed
    table.sit_in(3)
    hand = table.start_hand()  # big blind 1, seat 3 between: waits
    assert 3 not in table.order
    play_out(hand)
    table.finish_hand(hand)
    play_hand(table)  # big blind 2
    hand = table.start_hand()
    assert table.markers == Blinds(1, 2, 3) and hand.config.antes == ()


# --------------------------------------------------------------- top-ups


def test_a_top_up_is_refused_in_a_hand_and_above_the_maximum() -> None:
    """H-2: table stakes; chips come only between hands, up to the maximum buy-in."""
    table = table_of({1: "Ann", 2: "Bob"})
    hand = table.start_hand()
    with pytest.raises(UsageError, match="only between hands"):
        table.top_up(1, 10)
    play_out(hand)
    record = table.finish_hand(hand)
    loser = min(record.stacks_after, key=record.stacks_after.__getitem__)
    chips = table.seats[loser].chips
    with pytest.raises(UsageError, match=f"can add 1 to {200 - chips} chips"):
        table.top_up(loser, 200 - chips + 1)
    assert table.seats[loser].chips == chips
    if chips < 200:
        table.top_up(loser, 200 - chips)
        assert table.seats[loser].chips == 200


# ------------------------------------------------------------------ leaving


def test_leaving_mid_hand_frees_the_seat_at_the_hands_end_with_his_chips() -> None:
    table = table_of({1: "Ann", 2: "Bob", 3: "Cy"})
    hand = table.start_hand()
    assert table.leave(2) is None
    assert 2 in table.seats
    play_out(hand)
    record = table.finish_hand(hand)
    assert 2 not in table.seats
    assert record.cashed_out == {2: record.stacks_after[2]}
    assert table.leave(3) == record.stacks_after[3]
    assert list(table.seats) == [1]


# ---------------------------------------------------- the dead button (H-6)


def test_the_button_and_blinds_move_by_the_dead_button_rule_across_sit_outs() -> None:
    """H-5, H-6: the big blind moves to the next player in; nobody skips it."""
    table = table_of({1: "Ann", 2: "Bob", 3: "Cy", 4: "Dee"}, seats=4)
    play_hand(table)
    assert table.markers is not None
    first = table.markers
    sitting = first.big_blind % 4 + 1  # the next big blind sits out
    table.sit_out(sitting)
    play_hand(table)
    second = table.markers
    assert second.big_blind == sitting % 4 + 1  # jumped over him
    assert second.small_blind == first.big_blind and second.button == first.small_blind
    play_hand(table)
    third = table.markers
    assert third.small_blind == second.big_blind and third.button == second.small_blind


# --------------------------------------------------------------- rake (P-9)


def rake_table(variant: str = "holdem", big_blind: int = 2, **rake: object) -> CashTable:
    settings = CashSettings(
        variant=VARIANTS[variant],
        small_blind=big_blind // 2,
        big_blind=big_blind,
        rake=Rake(**rake) if rake else None,  # type: ignore[arg-type]
    )
    table = CashTable(settings, seed=5)
    for seat, name in ((1, "Ann"), (2, "Bob"), (3, "Cy")):
        table.sit(seat, name, 100 * big_blind)
    return table


def test_rake_is_off_by_default() -> None:
    """P-9: no rake unless configured."""
    table = rake_table()
    hand = table.start_hand()
    play_out(hand)
    record = table.finish_hand(hand)
    assert record.rake.total == 0
    assert sum(record.stacks_after.values()) == 600


def test_rake_takes_the_percentage_rounded_down_with_its_cap() -> None:
    """P-9: 5 % of a 6-chip pot is 0.3 → 0; of a 120-chip pot 6, capped at 4."""
    table = rake_table(percent=5, cap=4)
    hand = table.start_hand()
    play_out(hand)  # 2 + 2 + 2 = 6 to the flop
    record = table.finish_hand(hand)
    assert record.rake.total == 0
    hand = table.start_hand()
    hand.act(Action.raise_to(40))
    hand.act(Action.call())
    hand.act(Action.call())
    play_out(hand)
    record = table.finish_hand(hand)
    assert record.rake.total == 4 and record.rake.by_pot == (4,)
    assert sum(record.stacks_after.values()) == sum(record.stacks_before.values()) - 4
    uncapped = rake_table(percent="4.5", cap=100)
    hand = uncapped.start_hand()
    hand.act(Action.raise_to(40))
    hand.act(Action.call())
    hand.act(Action.call())
    play_out(hand)
    assert uncapped.finish_hand(hand).rake.total == 5  # 4.5 % of 120 = 5.4


def test_no_flop_no_drop_in_holdem() -> None:
    """P-9: a hand won before the flop is not raked."""
    table = rake_table(percent=5, cap=3)
    hand = table.start_hand()
    hand.act(Action.raise_to(100))
    fold_out(hand)
    record = table.finish_hand(hand)
    assert record.rake.total == 0
    assert sum(record.stacks_after.values()) == 600


@pytest.mark.parametrize("variant", ["stud", "draw"])
def test_games_without_a_flop_are_raked_past_their_first_round(variant: str) -> None:
    """P-9 decision: Stud and Draw hands ending in the first betting round pay nothing."""
    table = rake_table(variant, big_blind=10, percent=10, cap=50)
    hand = table.start_hand()
    fold_out(hand)
    assert table.finish_hand(hand).rake.total == 0
    hand = table.start_hand()
    play_out(hand)
    record = table.finish_hand(hand)
    total = sum(p.amount for p in hand.result)
    assert record.rake.total == total // 10 > 0
    assert sum(record.stacks_after.values()) == sum(record.stacks_before.values()) - (
        record.rake.total
    )


def test_a_split_pot_shares_the_rake_and_every_chip_is_accounted_for() -> None:
    """P-9 with P-2/P-3: a chopped pot pays its rake from both halves."""
    config = HandConfig.holdem([100, 100, 100], small_blind=1, big_blind=2)
    for seed in range(200):
        hand = Hand(config, Deck(seed=seed))
        hand.act(Action.raise_to(100))
        hand.act(Action.call())
        hand.act(Action.call())
        winners = [w.player for w in hand.result[0].winners]
        if len(winners) >= 2:
            break
    else:
        pytest.skip("no split pot in these seeds")
    taken = take_rake(hand, Rake(percent=5, cap=100))
    assert taken.total == 15
    assert sum(taken.by_position) == 15
    assert all(taken.by_position[p] > 0 for p in winners)


def test_side_pots_each_pay_their_share_of_the_rake() -> None:
    config = HandConfig.holdem([20, 100, 100], small_blind=1, big_blind=2)
    hand = Hand(config, Deck(seed=2))
    hand.act(Action.raise_to(100))
    hand.act(Action.call())
    hand.act(Action.call())
    taken = take_rake(hand, Rake(percent=5, cap=100))
    assert [pot.amount for pot in hand.result] == [60, 160]
    assert taken.by_pot == (3, 8) and taken.total == 11


def test_the_rake_is_recorded_in_the_phh_and_replays_to_the_same_stacks() -> None:
    """P-9: ``_rake``, and stacks and winnings net of it (the spec's post-rake values)."""
    table = rake_table(percent=5, cap=3)
    hand = table.start_hand()
    hand.act(Action.raise_to(20))
    hand.act(Action.call())
    hand.act(Action.call())
    play_out(hand)
    record = table.finish_hand(hand)
    assert record.rake.total == 3
    document = write_phh(hand, record.names, rake=record.rake.by_position)
    assert f"_rake = {list(record.rake.by_position)}" in document
    after = [record.stacks_after[seat] for seat in record.seats]
    assert f"finishing_stacks = {after}" in document
    result = replay_hand(parse_phh(document))
    assert result.matches_recorded
    assert [int(s) for s in result.finishing_stacks or ()] == after
    assert "_rake = " in phh_seen_by(document, 0)


# ------------------------------------------------------------------- posts


def test_a_post_is_a_live_bet_that_does_not_move_the_first_action() -> None:
    config = HandConfig(
        variant=VARIANTS["holdem"],
        limit=Limit.NO_LIMIT,
        stacks=(100,) * 5,
        min_bet=2,
        blinds=(1, 2, -2, 0, 0),
    )
    hand = Hand(config, Deck(seed=1))
    assert hand.to_act == 2 and hand.committed == (1, 2, 2, 0, 0)
    assert "check" in hand.legal_actions().describe()
    with pytest.raises(UsageError, match="cannot be above the big blind"):
        HandConfig(
            variant=VARIANTS["holdem"],
            limit=Limit.NO_LIMIT,
            stacks=(100,) * 3,
            min_bet=2,
            blinds=(1, 2, -4),
        )


# -------------------------------------------------------------- properties


OPERATIONS = st.lists(
    st.tuples(
        st.sampled_from(
            [
                *("sit", "post", "post", "leave", "out", "in", "in", "top"),
                *("hand", "hand", "fold", "raise", "raise"),
            ]
        ),
        st.integers(1, 6),
        st.integers(0, 200),
    ),
    max_size=60,
)
START = [("sit", 1, 120), ("sit", 3, 120), ("sit", 5, 120)]


@settings(max_examples=60, deadline=None)
@given(OPERATIONS, st.sampled_from(["holdem", "stud", "draw"]), st.booleans())
@example([("fold", 1, 0), ("raise", 1, 0), ("raise", 1, 0)], "holdem", False)  # over at once
def test_random_sessions_keep_every_chip_and_every_blind_rule(
    operations: list[tuple[str, int, int]], variant: str, raked: bool
) -> None:
    """P-9: chips conserved less the rake; H-9 (cash): nobody sitting out is dealt;
    H-6: nobody pays the big blind twice in a row."""
    game = VARIANTS[variant]
    settings_ = CashSettings(variant=game, rake=Rake(5, 4) if raked else None)
    table = CashTable(settings_, seed=3)
    bank = 0  # chips brought to the table less chips taken away
    house = 0
    last_big: set[str] = set()
    names = iter(f"P{n}" for n in range(1000))
    for kind, seat, amount in START + operations:
        try:
            if kind in ("sit", "post"):
                buy_in = 80 + amount % 121
                table.sit(seat, next(names), buy_in, post=kind == "post")
                bank += buy_in
            elif kind == "leave":
                chips = table.leave(seat)
                bank -= chips or 0
            elif kind == "out":
                table.sit_out(seat)
            elif kind == "in":
                table.sit_in(seat, post=amount % 2 == 0)
            elif kind == "top":
                table.top_up(seat, amount)
                bank += amount
            elif table.can_deal():
                out = {s for s, p in table.seats.items() if p.sitting_out}
                hand = table.start_hand()
                assert not out & set(table.order)
                {"fold": fold_out, "raise": raise_out}.get(kind, play_out)(hand)
                play_out(hand)
                record = table.finish_hand(hand)
                house += record.rake.total
                bank -= sum(record.cashed_out.values())
                assert sum(record.stacks_after.values()) == (
                    sum(record.stacks_before.values()) - record.rake.total
                )
                if settings_.blinds_game:
                    paid = {record.names[record.seats.index(record.big_blind)]}
                    paid |= {record.names[record.seats.index(s)] for s in record.posts}
                    assert not paid & last_big
                    last_big = paid
        except UsageError:
            pass
        assert sum(p.chips for p in table.seats.values()) == bank - house
