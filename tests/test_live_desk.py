"""The live director's desk (issue 12 item 2): a club tournament from registration to payouts."""

from __future__ import annotations

import pytest

from pokerroom.errors import PokerroomError, UsageError
from pokerroom.tournament.clock.timesource import SimulatedTime
from pokerroom.tournament.events import BustOut, Paid
from pokerroom.tournament.live.cards import seat_cards, table_list
from pokerroom.tournament.live.clock import colour_up_notice
from pokerroom.tournament.live.desk import LiveDesk
from pokerroom.tournament.live.events import DealAgreed
from pokerroom.tournament.money.deal import DealMethod
from pokerroom.tournament.money.payouts import prize_pool
from pokerroom.tournament.penalties.log import PenaltyGiven
from pokerroom.tournament.regulation import load_example

START = 1_000_000.0


def new_desk(players: int = 22, seed: int = 3) -> tuple[LiveDesk, SimulatedTime]:
    time = SimulatedTime(START)
    desk = LiveDesk(load_example("turbo-reentry"), time, seed=seed)
    for number in range(players):
        desk.register(f"P{number:02d}")
        time.advance(1)
    return desk, time


def counts(desk: LiveDesk) -> dict[int, int]:
    return {table: len(seats) for table, seats in desk.layout().items()}


def test_registration_and_the_draw_seat_everyone_evenly_t4() -> None:
    desk, _ = new_desk()
    desk.draw()
    assert sorted(counts(desk).values()) == [7, 7, 8]  # T-4: 22 on 9-max, within one
    assert desk.tournament.entries().entrants == 22
    cards = seat_cards(desk.tournament)
    assert cards.count("Turbo re-entry") == 22 and "Seat" in cards
    assert table_list(desk.tournament).startswith("Table 1")
    with pytest.raises(UsageError, match="drawn already"):
        desk.draw()


def test_a_late_entry_after_the_start_gets_a_seat_until_registration_closes_t19() -> None:
    desk, time = new_desk(players=4)
    desk.draw()
    desk.start_clock()
    desk.register("Late")
    assert desk.tournament.players["Late"].seat is not None
    time.advance(6 * 8 * 60 + 10 * 60 + 1)  # past level 6 and its break: level 7
    assert desk.level() == 7
    before = list(desk.events)
    with pytest.raises(UsageError, match="late registration closed"):
        desk.register("Too late")
    assert desk.events == before


def test_two_bust_outs_in_one_hand_are_placed_by_starting_stacks_t12() -> None:
    desk, _ = new_desk()
    desk.draw()
    desk.start_clock()
    table = min(counts(desk), key=lambda n: (counts(desk)[n], n))
    low, high = list(desk.layout()[table])[:2]
    small, big = desk.layout()[table][low], desk.layout()[table][high]
    with pytest.raises(UsageError, match="give the stack"):
        desk.bust(table, [low, high])
    desk.bust(table, [low, high], {low: 3_000, high: 9_000})
    assert desk.tournament.players[big].place == 21  # the larger stack places higher
    assert desk.tournament.players[small].place == 22
    assert desk.tournament.players_left == 20


def test_the_balance_move_is_an_instruction_until_confirmed_t6() -> None:
    desk, time = new_desk()
    desk.draw()
    desk.start_clock()
    time.advance(9 * 60)  # level 2: the tolerance is one player
    table = min(counts(desk), key=lambda n: (counts(desk)[n], n))
    seats = list(desk.layout()[table])[:2]
    desk.bust(table, seats, {seats[0]: 4_000, seats[1]: 6_000})
    due = desk.pending()
    assert len(due) == 1 and f"→ Table {table} seat" in due[0].text
    assert "report the button of table" in due[0].text  # none reported yet: the console asks
    source = due[0].move.source
    assert source is not None
    full = sorted(desk.layout()[source.table])
    desk.report_button(source.table, full[0])  # the button there now: seat full[2] posts
    desk.report_button(table, sorted(desk.layout()[table])[0])  # the big blind, full[3] next
    due = desk.pending()
    assert "report the button" not in due[0].text
    assert due[0].text.startswith(f"Table {source.table} seat {full[3]} (")  # due the BB
    desk.confirm_moves()
    assert desk.tournament.players[due[0].move.player].seat == due[0].move.target
    assert max(counts(desk).values()) - min(counts(desk).values()) <= 1
    assert desk.pending() == ()


def test_clock_controls_are_in_the_log_and_a_refused_one_changes_nothing_t20() -> None:
    desk, time = new_desk(players=4)
    with pytest.raises(UsageError, match="has not started"):
        desk.pause()
    desk.start_clock()
    time.advance(60)
    desk.pause()
    time.advance(600)
    before = list(desk.events)
    with pytest.raises(PokerroomError, match="already paused"):
        desk.pause()
    assert desk.events == before
    desk.resume()
    desk.add_time(120)
    state = desk.clock_state()
    assert state is not None and state.time_left == pytest.approx(8 * 60 - 60 + 120)


def test_the_story_break_with_colour_up_penalty_undo_deal_and_payouts() -> None:
    desk, time = new_desk(players=10)
    desk.draw()
    desk.start_clock()
    time.advance(6 * 8 * 60 + 30)  # the break after level 6: add-on and colour-up
    state = desk.clock_state()
    assert state is not None and state.on_break is not None
    assert colour_up_notice(state) == "Colour-up now: race off the 25 chips"
    desk.add_on("P03")
    assert desk.tournament.players["P03"].add_ons == 1
    # T-21: a phone at the table, a second time: the preset's sit-out, hands counted down
    desk.penalize("P04", "7.1.13")
    desk.penalize("P04", "7.1.13")
    left = desk.tournament.penalty_log.remaining("P04")
    assert left > 0
    table = desk.tournament.players["P04"].seat
    assert table is not None
    desk.hand_dealt(table.table)
    assert desk.tournament.penalty_log.remaining("P04") == left - 1
    undone = desk.undo()  # the hand served is taken back
    assert undone.what.startswith("hand served")
    assert desk.tournament.penalty_log.remaining("P04") == left
    # bust everyone but three, one at a time
    while desk.tournament.players_left > 3:
        layout = desk.layout()
        table_number = max(layout, key=lambda n: len(layout[n]))
        desk.bust(table_number, [next(iter(layout[table_number]))])
        if desk.pending():
            desk.confirm_moves()
    alive = [r.player for r in desk.tournament.players.values() if r.place is None]
    offer = desk.deal_offer(DealMethod.ICM, dict(zip(alive, (30_000, 20_000, 10_000), strict=True)))
    desk.agree_deal(offer)
    assert any(isinstance(e, DealAgreed) for e in desk.events)
    while desk.tournament.players_left > 1:
        layout = desk.layout()
        table_number = next(iter(layout))
        desk.bust(table_number, [next(iter(layout[table_number]))])
    paid = [e for e in desk.finish() if isinstance(e, Paid)]
    pool = prize_pool(desk.regulation, desk.tournament.entries()).total
    assert sum(p.prize for p in paid) == pool
    dealt = dict(zip(offer.players, offer.amounts, strict=True))
    assert {p.player: p.prize for p in paid if p.player in dealt} == dealt
    assert desk.tournament.winner is not None
    bust_outs = [e for e in desk.events if isinstance(e, BustOut)]
    assert all(b.by_director for b in bust_outs)


def test_names_are_compared_as_the_web_compares_them_ann_is_ann() -> None:
    desk, _ = new_desk(players=0)
    desk.register("Ann")
    before = list(desk.events)
    with pytest.raises(UsageError, match=r"^player 'Ann' is already registered$"):
        desk.register("Ann")
    for same in ("ann", " ANN "):
        with pytest.raises(UsageError) as refused:
            desk.register(same)
        shown = same.strip()
        assert str(refused.value) == (
            f"player 'Ann' is already registered ({shown!r} is the same name: case does not count)"
        )
    assert desk.events == before and list(desk.tournament.players) == ["Ann"]
    desk.register("Anne")  # a different name is a different player
    assert desk.tournament.entries().entrants == 2


def test_a_bust_out_before_the_clock_starts_is_refused_with_why_t10() -> None:
    desk, time = new_desk(players=6)
    desk.draw()
    before = list(desk.events)
    with pytest.raises(UsageError, match=r"^the clock has not started, so no hand") as refused:
        desk.bust(1, [next(iter(desk.layout()[1]))])
    assert "\n" not in str(refused.value) and desk.events == before
    assert desk.tournament.players_left == 6
    desk.start_clock()
    time.advance(60)
    desk.bust(1, [next(iter(desk.layout()[1]))])
    assert desk.tournament.players_left == 5


def test_a_re_entry_or_penalty_typed_in_another_case_goes_to_the_registered_player_t11() -> None:
    desk, _ = new_desk(players=4)
    desk.draw()
    desk.start_clock()
    table = next(iter(desk.layout()))
    seat, busted = next(iter(desk.layout()[table].items()))
    desk.bust(table, [seat])
    desk.re_enter(busted.lower())
    assert desk.tournament.players[busted].entries == 2
    given = desk.penalize(busted.lower(), "7.1.13")[-1]
    assert isinstance(given, PenaltyGiven) and given.player == busted
    assert list(desk.tournament.players) == [f"P{n:02d}" for n in range(4)]
