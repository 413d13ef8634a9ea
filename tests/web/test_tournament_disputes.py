"""Disputes about a hand (issue 22 item 9, T-17): a player dealt into his table's last hand
disputes it from the table until the next hand starts (on a break: until a minute after
the pot is awarded); the dispute reaches the director's console with the hand's history as
an observer saw it; the director's ruling is logged, and both survive a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from markupsafe import escape
from starlette.testclient import TestClient

from pokerroom.room.seam import User
from pokerroom.room.tournament.disputes import BREAK_GRACE
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.room.tournament.table_room import TournamentTableRoom
from pokerroom.storage.database import open_database
from pokerroom.tournament.live.events import DirectorAction
from pokerroom.web.saving import RESUME_GRACE
from pokerroom.web.tournament.resume import restore_tournaments, stop_tournaments
from pokerroom.web.tournament.routes import lobby_entry
from pokerroom.web.tournament.saving import save_tournament
from tests.web.conftest import Clock
from tests.web.helpers import cardroom, csrf_of, sign_up
from tests.web.leaks import known_to
from tests.web.test_tournament_director_page import PATH, Desk, desk_of
from tests.web.test_tournament_resume import cardroom_on
from tests.web.tournament_driver import ANN, DIRECTOR, TWELVE, TournamentDriver, twelve


class Table:
    """Pete at a tournament of twelve, in his own browser; Dana directs."""

    def __init__(self, client: TestClient, clock: Clock) -> None:
        self.pete_client = TestClient(client.app)
        sign_up(self.pete_client, "Pete")
        account = cardroom(client).accounts.find_account("Pete")
        assert account is not None
        self.pete = User(account.id, "Pete")
        self.clock = clock
        self.desk: Desk = desk_of(client, clock, people=(self.pete,))
        self.driver = TournamentDriver(self.desk.tournament, [self.pete], now=clock.now)

    @property
    def room(self) -> TournamentTableRoom:
        room = self.driver.room_of(self.pete)
        assert room is not None
        return room

    def play_to_the_end_of_his_hand(self) -> None:
        """Until a hand Pete was dealt into is over, the next not yet dealt."""
        self.driver.run_until(
            lambda: (
                self.room.hand_done
                and "Pete" in (o.name for o in self.room.hand_occupants)
                and self.room.hand_number >= 2
            )
        )
        self.clock.now = self.driver.now

    def dispute(
        self, text: str = "the pot went to the wrong seat", *, table: str = ""
    ) -> dict[str, Any]:
        """Pete's page posts a dispute: the status and the JSON answer."""
        fields = {"table": table or str(self.room.number), "text": text}
        answer = self.pete_client.post(
            "/tournaments/T9/dispute",
            data=fields,
            headers={"X-CSRF-Token": csrf_of(self.pete_client, "/"), "Accept": "application/json"},
        )
        return {"status": answer.status_code, **answer.json()}

    def offered(self) -> object:
        return self.room.snapshot(self.pete)["tournament"].get("dispute")


@pytest.fixture
def table(client: TestClient, clock: Clock) -> Table:
    return Table(client, clock)


def test_t17_a_dispute_reaches_the_director_with_the_hands_history(table: Table) -> None:
    table.play_to_the_end_of_his_hand()
    room, hand = table.room, table.room.hand
    assert hand is not None
    assert table.offered() == {"hand": room.hand_number, "until": None}
    assert room.snapshot(None)["tournament"]["dispute"] is None  # an observer has no say
    done = table.dispute()
    assert done["status"] == 200 and done["message"] == (
        f"hand {room.hand_number} at table {room.number} disputed (dispute 1): "
        "the director will rule on it"
    )
    assert table.offered() is None  # once is enough
    (filed,) = table.desk.tournament.disputes.filed
    page = table.desk.client.get(PATH).text
    assert f"Dispute 1 · table {room.number}, hand {room.hand_number} · Pete" in page
    assert "the pot went to the wrong seat" in page
    assert "actions = [" in filed.history and str(escape(filed.history)) in page
    dealt = [line.strip(' ",') for line in filed.history.splitlines() if '"d dh ' in line]
    assert len(dealt) == 6 and all(line.endswith(" ????") for line in dealt)  # hidden
    shown = {card for cards in hand.shown if cards for card in cards}
    assert shown <= known_to(hand, None)  # what was shown is in it, as the players saw it
    assert all(str(card) in filed.history for card in shown)


def test_t17_refusals_name_the_rule_and_change_nothing(table: Table) -> None:
    table.play_to_the_end_of_his_hand()
    number = table.room.number
    assert table.dispute(table="x")["message"] == "'table' is a table's number, got 'x'"
    assert table.dispute(table="7")["message"] == "there is no table 7 in Web twelve"
    assert table.dispute("x" * 201)["message"].startswith("say what you dispute in at most 200")
    assert table.dispute()["status"] == 200
    again = table.dispute()
    assert again["status"] == 409 and "disputed hand" in again["message"]
    disputed = table.room.hand_number
    table.driver.run_until(lambda: table.room.hand_number > disputed)  # the next hand starts
    table.clock.now = table.driver.now
    late = table.dispute()
    assert late["status"] == 409
    assert late["message"] == (
        f"there is no hand to dispute at table {number}: a player dealt into its last hand "
        "may dispute it until the next hand starts, during a break until one minute after "
        "the pot is awarded (T-17)"
    )
    assert len(table.desk.tournament.disputes.filed) == 1


@pytest.mark.parametrize(("after", "taken"), [(BREAK_GRACE - 1, True), (BREAK_GRACE + 1, False)])
def test_t17_on_a_break_a_hand_is_disputed_until_a_minute_after_the_pot(
    table: Table, after: float, taken: bool
) -> None:
    table.play_to_the_end_of_his_hand()
    assert table.desk.post(action="break_now", minutes="5")[0] == 200
    ended = table.room.hand_ended_at
    assert ended is not None and table.desk.tournament.on_break
    assert table.offered() == {"hand": table.room.hand_number, "until": ended + BREAK_GRACE}
    table.clock.now = ended + after
    answer = table.dispute()
    if taken:
        assert answer["status"] == 200
    else:
        assert answer["status"] == 409 and answer["message"].startswith("too late to dispute")
        assert answer["message"].endswith("until one minute after the pot is awarded (T-17)")


def test_t17_the_directors_ruling_is_shown_and_logged(table: Table) -> None:
    table.play_to_the_end_of_his_hand()
    room = table.room
    assert table.dispute()["status"] == 200
    ruled = table.desk.post(action="rule_dispute", dispute="1", text="the pot stands")
    title = f"dispute 1 (table {room.number}, hand {room.hand_number}, Pete)"
    assert ruled == (200, f"ruling on {title}: the pot stands")  # the page says it plainly
    page = table.desk.client.get(PATH).text
    assert "Ruling: the pot stands" in page
    events = table.desk.run.tournament.events
    assert events[-1] == DirectorAction(events[-1].at, f"ruling on {title}: the pot stands (T-17)")
    again = table.desk.post(action="rule_dispute", dispute="1", text="split it")
    assert again == (409, f"{title} is ruled already: the pot stands")
    assert table.desk.post(action="rule_dispute", dispute="2", text="x")[1] == (
        "there is no dispute 2; the disputes are 1 to 1"
    )


def test_t17_disputes_and_rulings_survive_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cardroom.db'}"
    with open_database(url) as database:
        first = cardroom_on(database)
        tournament = RoomTournament("T1", twelve(), creator=DIRECTOR, fill_to=8, seed=5, pause=2)
        tournament = save_tournament(first, tournament, TWELVE, {"host_id": 90})
        tournament.register(ANN, 0.0)
        tournament.start(DIRECTOR, 0.0)
        first.registry.add(tournament, lobby_entry(tournament, 90))
        driver = TournamentDriver(tournament, [ANN])

        def ann_done() -> bool:
            room = driver.room_of(ANN)
            return room is not None and room.hand_done and room.hand_number >= 2

        driver.run_until(ann_done)
        room = driver.room_of(ANN)
        assert room is not None
        tournament.dispute(ANN, room.number, "misdealt", driver.now)
        ruling = {"type": "director", "id": "r1", "action": "rule_dispute", "dispute": 1}
        assert tournament.handle(DIRECTOR, {**ruling, "text": "redeal"}, driver.now).changed
        before = tournament.disputes.filed
        ended = room.hand_ended_at
        assert ended is not None
        stop_tournaments(first, driver.now)
        assert first.tables.close()
    with open_database(url) as database:
        second = cardroom_on(database)
        assert restore_tournaments(second, driver.now + 10) == ["T1"]
        again = second.registry.get("T1").room
        assert isinstance(again, RoomTournament)
        assert again.disputes.filed == before
        assert again.disputes.filed[0].ruling == "redeal"
        shifted = again.rooms[room.number].hand_ended_at  # the downtime is nobody's (T-17)
        assert shifted == pytest.approx(ended + 10 + RESUME_GRACE)
        stop_tournaments(second, driver.now + 10)
        assert second.tables.close()
