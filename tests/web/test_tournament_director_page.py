"""The director's console of a web tournament (issue 13 item 6, T-16): every action posted
through ``/tournaments/<id>/director`` becomes one ``director`` message to the tournament,
and its effect on the run is what a director expects — the clock and the levels (T-20),
the seats (T-6, T-7), penalties served (T-14, H-10), chips, entries (T-19), and what every
table shows. A refusal is one line and changes nothing; only a director may act."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from starlette.testclient import TestClient

from pokerroom.i18n import use_language
from pokerroom.room.seam import User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.tournament.desk_events import ChipsCorrected
from pokerroom.tournament.events import Seated
from pokerroom.tournament.penalties.log import HandServed
from pokerroom.tournament.regulation.load import parse_regulation
from pokerroom.tournament.seating.moves import MoveReason
from pokerroom.web.tournament.routes import lobby_entry, publisher
from tests.web.conftest import Clock
from tests.web.helpers import cardroom, csrf_of, sign_up
from tests.web.tournament_driver import DIRECTOR, TWELVE, TournamentDriver

PETE = User(500, "Pete")
EIGHT_SEATS = TWELVE.replace("table_size = 6", "table_size = 8")
"""Twelve at two tables of eight seats: six each, room to move a player by hand."""
PATH = "/tournaments/T9/director"


@dataclass
class Desk:
    client: TestClient
    clock: Clock
    tournament: RoomTournament

    def post(self, **fields: str) -> tuple[int, str]:
        """The console's form posted; the status and the page's one line."""
        form = {"csrf": csrf_of(self.client, "/"), **fields}
        response = self.client.post(PATH, data=form)
        found = re.search(r'<p class="(?:message|error)"[^>]*>([^<]*)</p>', response.text)
        line = found.group(1) if found else response.text[:200]
        return response.status_code, line.replace("&#39;", "'")

    def run_for(self, seconds: float) -> None:
        """The hub's clock runs on: the tournament deals and ends its tables' hands."""
        self.clock.now += seconds
        self.tournament.advance(self.clock.now)

    @property
    def run(self):  # type: ignore[no-untyped-def]
        assert self.tournament.run is not None
        return self.tournament.run


def desk_of(client: TestClient, clock: Clock, *, people: tuple[User, ...] = ()) -> Desk:
    """Twelve entrants (bots and ``people``) started now; Dana, a director, signed in. The
    pages read the test's clock (no lifespan runs: nothing ticks by itself)."""
    client.app.state.hub.clock = clock  # type: ignore[attr-defined]
    sign_up(client, "Dana")
    cardroom(client).accounts.grant("Dana", "director")
    registry = cardroom(client).registry
    tournament = RoomTournament(
        "T9", parse_regulation(EIGHT_SEATS), creator=DIRECTOR, fill_to=12, seed=3, pause=1.0
    )
    registry.add(tournament, lobby_entry(tournament, DIRECTOR.id))
    tournament.on_change = publisher(registry)
    for person in people:
        tournament.register(person, clock.now)
    tournament.start(DIRECTOR, clock.now)
    return Desk(client, clock, tournament)


@pytest.fixture
def desk(client: TestClient, clock: Clock) -> Desk:
    return desk_of(client, clock)


# ----------------------------------------------------------------- who may direct


def test_t16_only_a_director_sees_or_drives_the_console(client: TestClient, clock: Clock) -> None:
    desk = desk_of(client, clock)
    page = client.get(PATH)
    assert page.status_code == 200 and "Next level now" in page.text and "Table 2" in page.text
    events = len(desk.run.tournament.events)
    client.post("/logout", data={"csrf": csrf_of(client, "/")})
    assert client.get(PATH, follow_redirects=False).headers["location"].startswith("/login")
    sign_up(client, "Pat")  # a player, not this tournament's creator
    assert client.get(PATH).status_code == 403
    status, line = desk.post(action="add_time", minutes="5")
    assert status == 403 and "only the tournament's creator, a director or an admin" in line
    assert len(desk.run.tournament.events) == events
    frame = desk.tournament.handle(PETE, {"type": "director", "id": "d1", "action": "pause"}, 0)
    assert frame.code == "not_director" and not frame.changed and not desk.tournament.paused


def test_the_creator_directs_his_own_tournament(client: TestClient, clock: Clock) -> None:
    desk = desk_of(client, clock)
    creator = User(DIRECTOR.id, "Dana")  # his account has no director role
    done = desk.tournament.handle(
        creator, {"type": "director", "id": "c1", "action": "announce", "text": "hello"}, 0
    )
    assert done.changed and desk.tournament.announcement == "hello"


# ------------------------------------------------------------------- the clock


def test_t20_pause_resume_add_and_remove_time_and_next_level(desk: Desk) -> None:
    desk.run_for(30)
    header = desk.tournament.header(None)
    assert header["level"]["number"] == 1 and header["seconds_left"] == pytest.approx(150)
    assert desk.post(action="pause") == (200, "the clock is paused")
    assert desk.tournament.header(None)["deadline"] is None
    assert desk.post(action="resume") == (200, "the clock runs again")
    assert desk.post(action="add_time", minutes="2") == (200, "2 min added to level 1")
    assert desk.tournament.header(None)["seconds_left"] == pytest.approx(270)
    assert desk.post(action="remove_time", minutes="1") == (200, "1 min removed from level 1")
    assert desk.tournament.header(None)["seconds_left"] == pytest.approx(210)
    assert desk.post(action="next_level") == (200, "level 1 ended now; level 2 runs")
    for room in desk.tournament.rooms.values():  # every table's header says so
        assert room.snapshot(None)["tournament"]["level"]["big_blind"] == 50
    desk.run_for(170)  # every table has dealt since (a bots' hand takes its simulated time)
    assert {
        dealt.level.number
        for room in desk.tournament.rooms.values()
        if (dealt := room.dealt) is not None
    } == {2}
    assert desk.post(action="break_now", minutes="1")[1].startswith("break of 1 min now")
    assert desk.tournament.status == "break"
    desk.run_for(61)
    assert desk.tournament.status == "running"
    assert desk.tournament.header(None)["level"]["number"] == 2  # the level resumes


def test_t20_refusals_are_one_line_and_change_nothing(desk: Desk) -> None:
    events = len(desk.run.tournament.events)
    assert desk.post(action="add_time", minutes="soon") == (
        409,
        "director: 'minutes' must be a whole number, got 'soon'",
    )
    assert desk.post(action="add_time") == (
        409,
        "director: add_time needs 'minutes'; it takes minutes",
    )
    assert desk.post(action="fly")[1].startswith("director: 'action' must be one of pause, ")
    status, line = desk.post(action="remove_time", minutes="10")
    assert status == 409 and line.startswith("cannot remove 10:00: only 3:00 is left")
    assert desk.post(action="resume") == (409, "the clock is not paused")
    assert desk.post(action="edit_level", level="1") == (
        409,
        "director: edit_level changes at least one of minutes, small_blind, big_blind, ante, "
        "bring_in, small_bet, big_bet",
    )
    assert desk.post(action="edit_level", level="9", big_blind="5")[1] == (
        "there is no level 9; the schedule has levels 1 to 5"
    )
    assert len(desk.run.tournament.events) == events
    assert desk.tournament.header(None)["seconds_left"] == pytest.approx(180)


def test_t20_levels_edited_inserted_and_a_break_added(desk: Desk) -> None:
    assert desk.post(action="edit_level", level="1", small_blind="15", big_blind="30") == (
        200,
        "level 1 is now 15/30, ante 0, 3 min, from the next hand dealt",
    )
    desk.run_for(120)
    dealt = [room.dealt for room in desk.tournament.rooms.values() if room.dealt is not None]
    assert any(d.level.big_blind == 30 for d in dealt)  # T-16: from the next hand on
    assert desk.tournament.header(None)["level"]["big_blind"] == 30
    done = desk.post(action="insert_level", level="2", small_blind="20", big_blind="40")
    assert done == (200, "level 2 inserted: 20/40, ante 0, 3 min; later levels move up one")
    coming = desk.tournament.header(None)["next_level"]
    assert coming is not None and coming["big_blind"] == 40
    assert desk.post(action="edit_level", level="3", ante="5")[1] == (
        "level 3 is now 25/50, ante 5, 3 min"
    )
    assert desk.post(action="add_break", level="2", minutes="4") == (
        200,
        "break of 4 min after level 2",
    )
    page = desk.client.get(PATH).text
    assert "break of 4 min" in page and 'value="40"' in page
    desk.run_for(180 - 120 + 180)  # level 1 and the new level 2 run out: the break
    assert desk.tournament.status == "break"
    refused = desk.post(action="edit_level", level="1", big_blind="99")
    assert refused[0] == 409
    assert refused[1].startswith("cannot change level 1: it was already played")


def test_t20_a_level_to_come_removed_and_the_ones_after_move_down(desk: Desk) -> None:
    levels = desk.tournament.header(None)
    assert levels["next_level"] is not None and levels["next_level"]["big_blind"] == 50
    assert desk.post(action="remove_level", level="2") == (
        200,
        "level 2 removed; later levels move down one",
    )
    coming = desk.tournament.header(None)["next_level"]
    assert coming is not None and coming["big_blind"] == 100  # the old level 3
    refused = desk.post(action="remove_level", level="1")
    assert refused[0] == 409 and "level 1" in refused[1]
    assert desk.post(action="remove_level")[1] == (
        "director: remove_level needs 'level'; it takes level"
    )


def test_t20_the_last_clock_action_undone_while_nothing_has_happened_since(desk: Desk) -> None:
    header = desk.tournament.header
    assert "Undo the last clock action" not in desk.client.get(PATH).text
    assert desk.post(action="add_time", minutes="2") == (200, "2 min added to level 1")
    assert header(None)["seconds_left"] == pytest.approx(300)
    assert "Undo the last clock action" in desk.client.get(PATH).text
    assert desk.post(action="undo") == (200, "undone: 2:00 added")
    assert header(None)["seconds_left"] == pytest.approx(180)
    refused = desk.post(action="undo")  # one step back only
    assert refused[0] == 409 and refused[1].startswith("only the director's last clock action")
    assert desk.post(action="edit_level", level="2", big_blind="60")[0] == 200
    assert desk.post(action="undo") == (200, "undone: level 2 changed")
    coming = header(None)["next_level"]
    assert coming is not None and coming["big_blind"] == 50
    assert desk.post(action="remove_level", level="3")[0] == 200
    desk.run_for(60)  # hands end at the tables: the log moved on
    events = len(desk.run.tournament.events)
    late = desk.post(action="undo")
    assert late[0] == 409 and late[1].endswith("(a hand ends, a level or break begins)")
    assert len(desk.run.tournament.events) == events


def test_t21_the_penalty_dialog_lists_the_offences_in_the_rule_books_words(desk: Desk) -> None:
    """Issue 22 item 8: no more "7.1.8 deliberate touching cards deliberately"."""
    page = desk.client.get(PATH).text
    rows = re.findall(
        r'value="([^"]+)"[^>]*>\s*<span class="clause">([^<]*)</span>'
        r'<span class="words">([^<]*)</span><span class="presets">([^<]*)</span>',
        page,
    )
    assert len(rows) == 18
    lines = {value: (clause, words, presets) for value, clause, words, presets in rows}
    assert lines["7.1.8 deliberate"] == (
        "7.1.8",
        "touching the muck or burns to learn the cards",
        "sit out 1 round or disqualification · sit out 1 round or disqualification",
    )
    assert lines["7.1.3"] == ("7.1.3", "action out of turn", "warning · sit out 3-5 hands")
    assert 'value="7.1.16" checked' in page
    assert "deliberately" not in page
    player = next(iter(desk.run.tournament.players))
    first = desk.post(
        action="penalty", player=player, penalty="warning", offence="7.1.3", reason="bet early"
    )
    assert first == (200, f"penalty for {player}: warning (bet early)")
    repeat = desk.post(
        action="penalty", player=player, penalty="warning", offence="7.1.3", reason="again"
    )
    assert repeat[0] == 409 and "sit out 3-5 hands" in repeat[1]  # the repeat's preset


# ------------------------------------------------------------------- the floor


def test_t6_a_player_moved_by_hand_sits_there_after_his_hand(desk: Desk) -> None:
    player = next(p for p, r in desk.run.tournament.players.items() if r.seat.table == 1)
    status, line = desk.post(action="move", player=player, table="2")
    assert status == 200
    assert line == f"{player} moves to table 2 when the hand at table 1 ends"
    assert f"move {player} to table 2" in desk.client.get(PATH).text  # waiting, shown
    desk.run_for(120)
    record = desk.run.tournament.players[player]
    assert record.seat is not None and record.seat.table == 2
    moved = [e for e in desk.run.tournament.events if isinstance(e, Seated)][-1]
    assert moved.move.player == player and moved.move.reason is MoveReason.DIRECTOR
    room = desk.tournament.rooms[2]
    assert player in {o.name for o in room.occupants.values()}  # the table room seats him
    assert desk.run.floor.counts() == {1: 5, 2: 7}


def test_t6_t7_moves_and_breaks_outside_the_floors_rules_are_refused(desk: Desk) -> None:
    events = len(desk.run.tournament.events)
    at_one = next(p for p, r in desk.run.tournament.players.items() if r.seat.table == 1)
    assert desk.post(action="move", player=at_one, table="1")[1] == (
        f"{at_one} sits at table 1 already; name another table"
    )
    assert desk.post(action="move", player=at_one, table="7")[1] == (
        "there is no table 7; the tables in play are 1, 2"
    )
    assert desk.post(action="move", player="Nobody", table="2")[1] == (
        "player 'Nobody' is not registered in this tournament"
    )
    full = desk.post(action="move", player=at_one, table="2", seat="11")
    assert full == (409, "director: 'seat' must be less than or equal to 10, got 11")
    assert desk.post(action="break_table", table="2")[1] == (
        "the other tables have 2 free seats for table 2's 6 players; a table breaks when its "
        "players fit elsewhere"  # the rule's ID (T-7) is not for the page
    )
    assert len(desk.run.tournament.events) == events


# -------------------------------------------------------- penalties and chips


def test_t14_a_sit_out_penalty_is_told_to_the_player_and_served(
    client: TestClient, clock: Clock
) -> None:
    desk = desk_of(client, clock, people=(PETE,))
    status, line = desk.post(
        action="penalty", player="Pete", penalty="hands", hands="2", reason="slow to act"
    )
    assert (status, line) == (200, "penalty for Pete: sit out 2 hands (slow to act)")
    room = next(r for r in desk.tournament.rooms.values() if r.seat_of_user(PETE.id))
    assert room.snapshot(PETE)["you"]["notice"] == (
        "the director's penalty: sit out 2 hands (slow to act)"
    )
    with use_language("ru"):  # worded for Pete when his frame is built, in his language
        told = room.snapshot(PETE)["you"]["notice"]
    assert told is not None and told.startswith("штраф от директора: ")
    assert told.endswith(" (slow to act)")
    driver = TournamentDriver(desk.tournament, [PETE], now=clock.now)
    log = desk.run.tournament
    driver.run_until(lambda: sum(isinstance(e, HandServed) for e in log.events) == 2)
    served = [e for e in log.events if isinstance(e, HandServed)]
    assert [e.player for e in served] == ["Pete", "Pete"]  # H-10: dealt in, hand killed
    assert log.penalty_log.serving("Pete") is None
    refused = desk.post(action="penalty", player="Pete", penalty="hands", reason="x")
    assert refused == (
        409,
        "director: a penalty of 'hands' (a sit-out), and only that, takes 'hands'",
    )
    no_reason = desk.post(action="penalty", player="Pete", penalty="warning", reason=" ")
    assert no_reason == (
        409,
        "director: penalty needs 'reason'; it takes player, penalty, "
        "reason, hands (optional), offence (optional)",
    )


def test_t12_a_disqualified_player_is_out_after_his_hand(desk: Desk) -> None:
    player = next(iter(desk.run.tournament.players))
    status, line = desk.post(
        action="penalty", player=player, penalty="disqualification", reason="collusion"
    )
    assert status == 200 and line.startswith(f"penalty for {player}: disqualification")
    desk.run_for(120)
    record = desk.run.tournament.players[player]
    assert record.place == 12 and record.chips == 0 and record.seat is None
    assert desk.run.tournament.penalty_log.disqualified(player)
    again = desk.post(action="penalty", player=player, penalty="warning", reason="x")
    assert again == (409, f"player '{player}' is out (place 12)")


def test_a_chip_count_corrected_with_its_reason_after_the_hand(desk: Desk) -> None:
    log = desk.run.tournament
    player = next(iter(log.players))
    before = log.players[player].chips
    status, line = desk.post(
        action="chips", player=player, chips=str(before + 500), reason="a stack miscounted"
    )
    assert status == 200 and line == (
        f"{player}'s chips change by +500 when his hand ends (a stack miscounted)"
    )
    desk.run_for(120)
    fixed = next(e for e in log.events if isinstance(e, ChipsCorrected))
    assert (fixed.after - fixed.before, fixed.reason) == (500, "a stack miscounted")
    assert log.chips_in_play == log.chips_accounted == 12_000 + 500
    zero = desk.post(action="chips", player=player, chips="0", reason="x")
    assert zero == (409, "director: 'chips' must be greater than or equal to 1, got 0")


# ------------------------------------------------------- entries and the tables


def test_t19_late_registration_ended_early(desk: Desk) -> None:
    assert desk.post(action="end_late_registration") == (
        200,
        "late registration and re-entry are closed",
    )
    with pytest.raises(Exception, match=r"^late registration was ended early by the director"):
        desk.tournament.register(User(7, "Late"), desk.clock.now)
    assert desk.post(action="end_late_registration")[1] == (
        "late registration was ended early by the director"
    )
    assert "End late registration now" not in desk.client.get(PATH).text


def test_an_announcement_is_on_every_tables_page(desk: Desk) -> None:
    assert desk.post(action="announce", text="  final  break in 10 min ") == (
        200,
        "announced: final break in 10 min",
    )
    for room in desk.tournament.rooms.values():
        assert room.snapshot(None)["tournament"]["announcement"] == "final break in 10 min"
    assert desk.post(action="announce", text="x" * 201)[0] == 409
    assert "announced: final break in 10 min" in desk.client.get(PATH).text  # the log


def test_a_script_gets_json_and_a_table_refuses_director_messages(desk: Desk) -> None:
    headers = {"accept": "application/json", "x-csrf-token": csrf_of(desk.client, "/")}
    done = desk.client.post(PATH, data={"action": "pause"}, headers=headers).json()
    assert done == {"type": "done", "v": 1, "message": "the clock is paused"}
    again = desk.client.post(PATH, data={"action": "pause"}, headers=headers)
    assert again.status_code == 409 and again.json()["message"] == (
        "the clock is already paused; resume it"
    )
    room = desk.tournament.rooms[1]
    refused = room.handle(DIRECTOR, {"type": "director", "id": "t1", "action": "pause"}, 0)
    assert refused.code == "lobby" and refused.error is not None
