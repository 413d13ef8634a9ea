"""Olympic tournaments on the web (issue 22 item 7; T-9, T-10, T-12): two people and six
bots from the draw of the first stage through the final, played at the web's table rooms —
each table down to one winner, the next stage drawn with the stacks restarted and its own
clock from level 1 — to a winner, with the prizes paid and no card leaked (X-4)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from starlette.testclient import TestClient

from pokerroom.room.tournament.event import RoomTournament
from pokerroom.tournament.events import StacksRestarted, StageStarted
from pokerroom.tournament.money.payouts import payout
from pokerroom.tournament.regulation import example_text
from pokerroom.tournament.regulation.load import parse_regulation
from pokerroom.tournament.seating.olympic import olympic_plan
from pokerroom.web.tournament.routes import lobby_entry
from pokerroom.web.tournament.tv_clock import tv_json
from tests.web.helpers import cardroom, csrf_of, sign_up
from tests.web.leaks import find_leaks
from tests.web.links import follow_links
from tests.web.tournament_driver import ANN, BOB, DIRECTOR, TournamentDriver

FOUR_MAX = (
    example_text("olympic-knockout")
    .replace("table_size = 6", "table_size = 4")
    .replace("final_table_size = 6", "final_table_size = 4")
)
"""The shipped knock-out at four-seat tables: eight players are two tables, then a final."""


@dataclass
class Final:
    driver: TournamentDriver
    final_header_level: int
    final_tv: dict[str, object]
    clock_at_final: float


@pytest.fixture(scope="module")
def knockout() -> Final:
    regulation = parse_regulation(FOUR_MAX)
    tournament = RoomTournament("O1", regulation, creator=DIRECTOR, fill_to=8, seed=4, pause=1.0)
    for user in (ANN, BOB):
        tournament.register(user, 0.0)
    assert tournament.start(DIRECTOR, 0.0) == "Olympic knock-out has started: 8 entrants"
    driver = TournamentDriver(tournament, [ANN, BOB])
    log = tournament.log()

    def stages() -> int:
        return sum(isinstance(event, StageStarted) for event in log.events)

    driver.run_until(lambda: stages() == 2)
    header = tournament.header(ANN)
    level = header["level"]
    assert level is not None
    final = Final(
        driver, int(level["number"]), tv_json(tournament), tournament.clock_time(driver.now)
    )
    driver.run_until(lambda: tournament.status == "finished")
    return final


def test_t9_each_stage_is_drawn_as_planned_and_plays_down_to_one_per_table(
    knockout: Final,
) -> None:
    log = knockout.driver.tournament.log()
    started = [event for event in log.events if isinstance(event, StageStarted)]
    plan = olympic_plan(8, 4)
    assert [(s.name, s.tables) for s in started] == [(p.name, p.tables) for p in plan]
    assert started[0].tables == (4, 4) and started[1].tables == (2,)  # two winners meet
    (restart,) = [event for event in log.events if isinstance(event, StacksRestarted)]
    finalists = {r.player for r in log.players.values() if r.place in (1, 2)}
    assert {stack.player for stack in restart.stacks} == finalists
    assert [stack.after for stack in restart.stacks] == [3000, 3000]  # T-9: equal for all
    assert sum(stack.before for stack in restart.stacks) > 2 * 3000  # each won a table


def test_t10_the_final_has_its_own_clock_from_level_1(knockout: Final) -> None:
    assert knockout.clock_at_final > 600  # the first stage outlasted level 1's ten minutes
    assert knockout.final_header_level == 1
    assert knockout.final_tv["heading"] == "Level 1"


def test_t12_a_winner_every_place_and_the_prizes_paid(knockout: Final, client: TestClient) -> None:
    tournament = knockout.driver.tournament
    log = tournament.log()
    assert tournament.status == "finished" and log.winner is not None
    places = sorted(r.place for r in log.players.values() if r.place is not None)
    assert places == list(range(1, 9))
    pool = payout(tournament.regulation, log.entries()).pool.total
    assert pool > 0 and sum(r.prize for r in log.players.values()) == pool  # T-2
    cardroom(client).registry.add(tournament, lobby_entry(tournament))
    page = client.get(f"/tournaments/{tournament.id}").text
    assert "<h2>Results</h2>" in page and f"<td>1</td><td>{log.winner}</td>" in page


def test_x4_no_frame_any_person_got_names_a_card_he_may_not_know(knockout: Final) -> None:
    seen = knockout.driver.seen
    assert any(s.user is ANN for s in seen) and any(s.user is None for s in seen)
    leaks = [(s.user, s.room, str(leak)) for s in seen for leak in find_leaks(s.frame, s.known)]
    assert leaks == []


def test_an_olympic_tournament_made_from_the_form_starts_and_every_link_answers(
    client: TestClient,
) -> None:
    sign_up(client, "Pete")
    made = client.post(
        "/tournaments",
        data={"csrf": csrf_of(client, "/"), "example": "olympic-knockout", "bots": "14"},
        follow_redirects=True,
    )
    tid = str(made.url).rsplit("/", 1)[1]
    for deed in ("register", "start"):
        client.post(f"/tournaments/{tid}/{deed}", data={"csrf": csrf_of(client, "/")})
    tournament = cardroom(client).registry.get(tid).room
    assert isinstance(tournament, RoomTournament) and tournament.status == "running"
    (stage,) = [e for e in tournament.log().events if isinstance(e, StageStarted)]
    assert sorted(stage.tables) == [4, 5, 5]  # T-9: 14 at six-seat tables, three tables
    answers = follow_links(client, f"/tournaments/{tid}")
    tables = {f"/tables/{tid}.t{number}" for number in (1, 2, 3)}
    assert tables <= set(answers) and f"/tournaments/{tid}/clock" in answers
    follow_links(client, f"/tournaments/{tid}/director")  # the director's console answers too
    assert client.get(f"/api/tournaments/{tid}/clock").json()["heading"] == "Level 1"
