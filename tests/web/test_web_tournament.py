"""Tournaments on the web (issue 13 items 3, 4): registration, a tournament played through
its table rooms with a move between tables, the header, the pages — and no leaks (X-4)."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from starlette.testclient import TestClient

from pokerroom.errors import UsageError
from pokerroom.protocol.frames import TableFrame
from pokerroom.protocol.server import parse_frame
from pokerroom.room.seam import User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.tournament.header import header_lines
from pokerroom.tournament.lobby import lobby_of
from pokerroom.tournament.regulation.load import parse_regulation
from pokerroom.web.tournament.routes import lobby_entry, publisher
from tests.web.helpers import cardroom, csrf_of, sign_up
from tests.web.leaks import find_leaks
from tests.web.links import follow_links, title_of
from tests.web.tournament_driver import (
    ANN,
    BOB,
    DIRECTOR,
    TWELVE,
    TournamentDriver,
    started,
    twelve,
)

MOVING_SEED = 12
"""A seed whose draw seats Ann at table 2, from which the floor moves her (T-6 … T-8)."""


def fresh(*, fill_to: int = 0, start_at: float | None = None) -> RoomTournament:
    return RoomTournament(
        "T1", twelve(), creator=DIRECTOR, seed=1, fill_to=fill_to, start_at=start_at
    )


# ------------------------------------------------------------- registration


def test_t3_register_and_unregister_before_the_start() -> None:
    tournament = fresh()
    assert tournament.register(ANN, 0.0) == "you are registered in Web twelve"
    tournament.register(BOB, 0.0)
    assert tournament.lobby(ANN)["registered"] == 2
    with pytest.raises(UsageError, match=r"^you are already registered in Web twelve$"):
        tournament.register(ANN, 1.0)
    assert tournament.unregister(ANN, 2.0) == "you are no longer registered in Web twelve"
    assert list(tournament.registration.players) == ["Bob"]
    with pytest.raises(UsageError, match=r"^you are not registered in Web twelve$"):
        tournament.unregister(ANN, 3.0)
    you = tournament.lobby(ANN)["you"]
    assert isinstance(you, dict)
    assert you["may"] == ["register"]


def test_t3_the_cap_of_the_regulation_refuses_one_more_with_its_own_line() -> None:
    capped = TWELVE.replace('format = "american"', 'format = "american"\nmax_entries = 2')
    tournament = RoomTournament("T2", parse_regulation(capped), creator=DIRECTOR)
    tournament.register(ANN, 0.0)
    tournament.register(BOB, 0.0)
    with pytest.raises(UsageError) as refused:
        tournament.register(User(3, "Cy"), 0.0)
    assert str(refused.value) == "'Web twelve' takes at most 2 entries; all are taken"
    assert len(tournament.registration.players) == 2


def test_t19_late_registration_while_open_then_refused_with_the_librarys_line() -> None:
    driver = started(3)
    tournament = driver.tournament
    cy, dee = User(3, "Cy"), User(4, "Dee")
    assert tournament.register(cy, 1.0) == "you are registered late"
    run = tournament.run
    assert run is not None
    assert run.tournament.players["Cy"].seat is not None  # T-19: seated at a shortest table
    driver.people.append(cy)
    driver.run_until(lambda: run.tournament.level >= 2 and run.tournament.hands > 0)
    entries = len(run.tournament.players)
    with pytest.raises(UsageError) as refused:
        tournament.register(dee, driver.now)
    assert str(refused.value) == "late registration closed at the end of level 1 (T-19)"
    assert len(run.tournament.players) == entries
    assert tournament.name_of(dee) is None


def test_a_bots_entry_is_not_taken_over_and_guests_play_their_home_game() -> None:
    driver = started(2)
    tournament = driver.tournament
    with pytest.raises(UsageError, match="another entrant is called 'Bot 3'"):
        tournament.register(User(7, "Bot 3"), 1.0)
    with pytest.raises(UsageError, match="sign up to play here"):
        tournament.register(User(8, "Gus", frozenset({"guest"})), 1.0)
    run = tournament.run
    assert run is not None and run.tournament.players["Bot 3"].entries == 1


def test_only_the_creator_or_a_director_starts_and_two_entrants_are_needed() -> None:
    tournament = fresh()
    tournament.register(ANN, 0.0)
    with pytest.raises(UsageError, match="creator or a director starts it"):
        tournament.start(ANN, 0.0)
    with pytest.raises(UsageError, match=r"^a tournament needs 2 entrants or more; 1 registered$"):
        tournament.start(DIRECTOR, 0.0)
    assert tournament.status == "registering"


def test_bots_fill_the_field_and_a_set_start_time_starts_it() -> None:
    tournament = fresh(fill_to=12, start_at=600.0)
    tournament.register(ANN, 0.0)
    assert tournament.deadline() == 0.0  # changed: the hub refreshes its sockets at once
    assert tournament.tick(0.0)
    assert tournament.deadline() == 600.0
    assert not tournament.tick(599.0)
    assert tournament.tick(600.0)
    assert tournament.status == "running"
    run = tournament.run
    assert run is not None
    assert len(run.tournament.players) == 12
    assert sorted(len(room.occupants) for room in tournament.rooms.values()) == [6, 6]  # T-4


def test_a_bot_account_entrant_is_listed_and_seated_as_a_bot() -> None:
    robo = User(7, "Robo", frozenset({"player", "bot"}))
    tournament = fresh(fill_to=4)
    tournament.register(ANN, 0.0)
    tournament.register(robo, 0.0)
    tournament.start(DIRECTOR, 1.0)
    listed = {p["name"]: p["bot"] for p in tournament.lobby(ANN)["players"]}
    assert listed["Robo"] and not listed["Ann"]
    assert sum(listed.values()) == 3  # Robo and the two bots that filled the field
    seats = [
        seat
        for room in tournament.rooms.values()
        for seat in room.snapshot(ANN)["seats"]
        if seat["name"] is not None
    ]
    assert [seat["name"] for seat in seats if seat["bot_account"]] == ["Robo"]


# ----------------------------------------------------------- played through rooms


@dataclass
class Played:
    driver: TournamentDriver
    old_frame: TableFrame
    new_frame: TableFrame
    old_room: str
    new_room: str


@pytest.fixture(scope="module")
def played() -> Played:
    """Ann, Bob and ten bots from the draw through Ann's move between tables to a winner."""
    driver = started(MOVING_SEED)
    tournament = driver.tournament
    driver.run_until(lambda: any(user is ANN for user, _o, _n in driver.moves))
    _user, old_id, new_id = next(move for move in driver.moves if move[0] is ANN)
    rooms = {room.id: room for room in tournament.rooms.values()}
    old_frame = driver.look(ANN, rooms[old_id])
    new_frame = driver.look(ANN, rooms[new_id])
    result = Played(driver, old_frame, new_frame, old_id, new_id)
    driver.run_until(lambda: tournament.status == "finished")
    for user in driver.people:  # the last look of each, at the last table
        for room in tournament.rooms.values():
            driver.look(user, room)
    return result


def test_every_frame_of_the_run_fits_the_protocol_schema_exactly(played: Played) -> None:
    """What a terminal client validates (``pokerroom.protocol.server``): every table frame
    each person and observer got, the move included, and the tournament's lobby."""
    seen = played.driver.seen
    moves = [s.frame for s in seen if "moved_to" in s.frame["you"]]
    assert moves, "no move was seen"
    sample = [s.frame for s in seen[::10]]  # and a sample of the rest: one schema for all
    for frame in [*moves, *sample]:
        parse_frame(json.dumps({**frame, "now": 0.0}), exact=True)
    parse_frame(json.dumps(played.driver.tournament.lobby(ANN)), exact=True)


def test_t6_a_move_names_the_new_room_in_the_old_tables_snapshot(played: Played) -> None:
    old, new = played.old_frame, played.new_frame
    assert old["you"].get("moved_to") == played.new_room
    assert old["you"]["seat"] is None
    assert old["you"]["notice"] is not None
    assert old["you"]["notice"].startswith("you move ")
    assert f"now at table {new['room'][-1]}" in old["you"]["notice"]
    mine = [seat for seat in new["seats"] if seat["you"]]
    assert [seat["name"] for seat in mine] == ["Ann"]
    assert new["you"]["seat"] == mine[0]["seat"]
    assert "moved_to" not in new["you"]


def test_t12_the_tournament_ends_with_every_place_given_and_the_pool_paid(
    played: Played,
) -> None:
    tournament = played.driver.tournament
    frame = tournament.lobby(None)
    results = frame["results"]
    assert isinstance(results, list)
    assert sorted(r["place"] or 0 for r in results) == list(range(1, 13))
    header = frame["header"]
    assert isinstance(header, dict)
    assert sum(r["prize"] for r in results) == header["pool"] == 120  # T-2
    assert [r["prize"] for r in results[:3]] == [60, 36, 24]
    assert tournament.status == "finished"


def test_t12_a_busted_person_sees_his_place_and_prize_and_may_watch(played: Played) -> None:
    tournament = played.driver.tournament
    log = tournament.log()
    for user in (ANN, BOB):
        record = log.players[user.name]
        assert record.place is not None
        header = tournament.header(user)
        assert header["finished"] == {"place": record.place, "prize": record.prize}
    watched = next(iter(tournament.rooms.values()))
    loser = ANN if log.players["Ann"].place != 1 else BOB
    frame = watched.snapshot(loser)
    assert frame["you"]["seat"] is None and frame["you"]["actions"] is None


def test_x4_no_snapshot_any_person_got_names_a_card_he_may_not_know(played: Played) -> None:
    seen = played.driver.seen
    assert len(seen) > 200
    assert any(s.user is None for s in seen) and any(s.user is ANN for s in seen)
    lobby = played.driver.tournament.lobby(ANN)
    assert find_leaks(lobby, ()) == []
    leaks = [(s.user, s.room, str(leak)) for s in seen for leak in find_leaks(s.frame, s.known)]
    assert leaks == []


def test_the_header_says_what_the_terminal_header_says() -> None:
    driver = started(5)
    tournament = driver.tournament
    driver.run_until(lambda: tournament.log().hands >= 8)
    driver.now += 17.5
    tournament.advance(driver.now)
    clock = tournament.clock_time(driver.now)
    for user in (ANN, BOB, None):
        room = next(iter(tournament.rooms.values()))
        header = room.snapshot(user)["tournament"]
        lobby = lobby_of(tournament.log(), "" if user is None else user.name, now=clock)
        assert header["lines"] == header_lines(lobby)
        assert header["level"]["number"] == lobby.level.number
        assert (header["level"]["small_blind"], header["level"]["big_blind"]) == (
            lobby.level.small_blind,
            lobby.level.big_blind,
        )
        assert header["seconds_left"] == lobby.time_left
        assert header["deadline"] == pytest.approx(driver.now + (lobby.time_left or 0))
        assert (header["players_left"], header["entries"]) == (lobby.players_left, 12)
        assert (header["average"], header["place"], header["pool"]) == (
            lobby.average,
            lobby.place,
            lobby.pool,
        )
        jump = lobby.next_jump
        assert header["next_jump"] == (
            None
            if jump is None
            else {"place": jump.place, "prize": jump.prize, "busts": jump.busts}
        )


# ------------------------------------------------------------- the director's clock


def test_t16_only_a_director_pauses_and_a_pause_stops_the_level_clock() -> None:
    driver = started(4)
    tournament = driver.tournament
    driver.run_until(lambda: driver.now >= 30)
    with pytest.raises(UsageError, match=r"only a tournament director .* \(T-16\)"):
        tournament.pause_clock(ANN, driver.now)
    before = tournament.header(ANN)["deadline"]
    assert before is not None
    assert tournament.pause_clock(DIRECTOR, driver.now) == "the clock is paused"
    assert tournament.status == "paused"
    assert tournament.header(ANN)["deadline"] is None
    assert tournament.next_deadline() is None
    hands = tournament.log().hands
    stood = tournament.clock_time(driver.now)
    assert tournament.clock_time(driver.now + 500) == stood
    tournament.advance(driver.now + 500)
    assert tournament.log().hands <= hands + len(tournament.rooms)  # hands in play finish only
    tournament.resume_clock(DIRECTOR, driver.now + 500)
    after = tournament.header(ANN)["deadline"]
    assert after == pytest.approx(before + 500)


# ------------------------------------------------------------------- the table


def test_a_tournament_table_refuses_seat_messages_and_takes_sit_out() -> None:
    driver = started(2)
    room = driver.room_of(ANN)
    assert room is not None
    room.tick(0.0)  # the start's news reported
    refused = room.handle(ANN, {"id": "s1", "type": "sit", "seat": 3}, 0.0)
    assert refused.code == "tournament" and not refused.changed
    assert refused.error is not None and "the floor draws and moves the seats" in refused.error
    assert room.handle(ANN, {"id": "s2", "type": "sit_out"}, 0.0).changed
    frame = room.snapshot(ANN)
    seat = frame["you"]["seat"]
    assert seat is not None and frame["seats"][seat - 1]["away"]  # H-9
    assert frame["kind"] == "tournament"


def test_the_pause_after_a_hand_shows_the_stacks_the_hand_left() -> None:
    """The shown hand's results are in the stacks at once, not only once the tournament
    takes the hand ``pause`` seconds later (else a player moved after it saw one stack
    at the old table and another at the new)."""
    driver = started(2)
    tournament = driver.tournament
    run = tournament.run
    assert run is not None
    room = driver.room_of(ANN)
    assert room is not None
    driver.run_until(lambda: room.hand is not None and room.hand_done)
    hand, dealt = room.hand, room.dealt
    assert hand is not None and dealt is not None and run.playing(room.number)  # the pause
    assert hand.stacks != hand.config.stacks
    shown = {seat["seat"]: seat["stack"] for seat in room.snapshot(ANN)["seats"]}
    assert [shown[seat] for seat in dealt.seats] == list(hand.stacks)


# ----------------------------------------------------------------- the pages


def _director(client: TestClient, name: str) -> None:
    sign_up(client, name)
    cardroom(client).accounts.grant(name, "director")


def _post(client: TestClient, path: str, **fields: str) -> str:
    form = {"csrf": csrf_of(client, "/"), **fields}
    response = client.post(path, data=form, follow_redirects=True)
    return f"{response.status_code} {response.text}"


def test_pages_create_register_unregister_and_refuse_with_one_line(client: TestClient) -> None:
    _director(client, "Dana")
    page = client.post(
        "/tournaments",
        data={"csrf": csrf_of(client, "/tournaments/new"), "example": "home-sit-and-go"},
        follow_redirects=True,
    )
    assert page.status_code == 200 and "Home sit-and-go" in page.text
    tid = str(page.url).rsplit("/", 1)[1]
    lobby = client.get("/api/lobby?kind=tournament").json()["rooms"]
    assert [(r["id"], r["url"], r["status"]) for r in lobby] == [
        (tid, f"/tournaments/{tid}", "registering")
    ]
    refused = _post(client, f"/tournaments/{tid}/unregister")
    assert refused.startswith("409 ") and "you are not registered in Home sit-and-go" in refused
    done = _post(client, f"/tournaments/{tid}/register")
    assert done.startswith("200 ") and "you are registered in Home sit-and-go" in done
    assert client.get("/api/lobby?kind=tournament").json()["rooms"][0]["seats"]["taken"] == 1
    again = _post(client, f"/tournaments/{tid}/register")
    assert again.startswith("409 ") and "you are already registered in Home sit-and-go" in again
    api = client.get(f"/api/tournaments/{tid}").json()
    assert api["type"] == "tournament" and api["you"]["may"] == ["unregister"]
    gone = _post(client, f"/tournaments/{tid}/unregister")
    assert gone.startswith("200 ") and "you are no longer registered" in gone
    assert client.get(f"/api/tournaments/{tid}").json()["registered"] == 0
    assert client.get("/tournaments/nope").status_code == 404


def test_pages_a_visitor_may_not_create_and_the_started_tables_have_links(
    client: TestClient,
) -> None:
    assert client.get("/tournaments/new").status_code == 403
    sign_up(client, "Pete")  # a new account is a host: he may create one
    unknown = client.post("/tournaments", data={"csrf": csrf_of(client, "/"), "example": "x"})
    assert unknown.status_code == 400 and "no example named &#39;x&#39;" in unknown.text
    registry = cardroom(client).registry
    tournament = RoomTournament("T9", twelve(), creator=DIRECTOR, fill_to=12, seed=1)
    registry.add(tournament, lobby_entry(tournament, DIRECTOR.id))
    tournament.on_change = publisher(registry)
    now = client.app.state.hub.clock()  # type: ignore[attr-defined]
    tournament.register(User(1, "Pete"), now)
    tournament.start(DIRECTOR, now)
    answers = follow_links(client, "/tournaments/T9")  # every link answers 200
    tables = {f"/tables/{room.id}": room for room in tournament.rooms.values()}
    assert set(tables) <= set(answers)
    for address, room in tables.items():  # each is that table's own page
        assert title_of(answers[address]) == f"Web twelve · table {room.number}"
        assert f'data-room="{room.id}"' in answers[address].text
    text = answers["/tournaments/T9"].text
    mine = tournament.table_of(User(1, "Pete"))
    assert mine is not None and f'<a href="/tables/{mine}">Go to your table</a>' in text
    follow_links(client, f"/tables/{mine}")  # the table page's own links answer too
    visitor = follow_links(TestClient(client.app), "/tournaments/T9")  # signed out
    assert title_of(visitor["/login?next=/tournaments/T9"]) == "Log in"
    assert [r["id"] for r in client.get("/api/lobby").json()["rooms"]] == ["T9"]
    assert title_of(follow_links(client, "/")["/tournaments/T9"]) == "Web twelve"
    paused = _post(client, "/tournaments/T9/pause")
    assert paused.startswith("409 ") and "only a tournament director" in paused


def test_a_started_tournaments_table_socket_sends_the_table_with_its_header(
    client: TestClient,
) -> None:
    """Through the server: create, register, start by the forms; the table's socket."""
    with client:  # the app's lifespan: the hub's clock runs
        sign_up(client, "Pete")
        made = client.post(
            "/tournaments",
            data={"csrf": csrf_of(client, "/"), "example": "home-sit-and-go", "bots": "6"},
            follow_redirects=True,
        )
        tid = str(made.url).rsplit("/", 1)[1]
        assert "you are registered" in _post(client, f"/tournaments/{tid}/register")
        assert "has started: 6 entrants" in _post(client, f"/tournaments/{tid}/start")
        mine = client.get(f"/api/tournaments/{tid}").json()["you"]["table"]
        assert mine == f"{tid}.t1"
        with client.websocket_connect(f"/ws/tables/{mine}") as socket:
            socket.send_json({"type": "hello", "v": 1})
            frame = socket.receive_json()
        assert frame["type"] == "table" and frame["kind"] == "tournament"
        assert frame["tournament"]["entries"] == 6
        assert frame["tournament"]["url"] == f"/tournaments/{tid}"
        seat = frame["you"]["seat"]
        assert seat is not None and frame["seats"][seat - 1]["name"] == "Pete"
        assert find_leaks(frame, known_of(frame)) == []


def known_of(frame: dict[str, object]) -> set[str]:
    """The cards a seated player's own frame may name: his own and the boards."""
    seats = frame["seats"]
    hand = frame["hand"]
    assert isinstance(seats, list)
    own = [c for s in seats if s["you"] for c in s["cards"] if c is not None]
    boards = [] if not isinstance(hand, dict) else [c for b in hand["boards"] for c in b]
    return set(own) | set(boards)


def test_pages_show_the_results_when_it_is_over(played: Played, client: TestClient) -> None:
    tournament = played.driver.tournament
    cardroom(client).registry.add(tournament, lobby_entry(tournament))
    text = client.get(f"/tournaments/{tournament.id}").text
    winner = tournament.log().winner
    assert "<h2>Results</h2>" in text and "finished" in text
    assert f"<tr><td>1</td><td>{winner}</td><td>60</td></tr>" in text
    listed = client.get("/api/lobby?kind=tournament").json()["rooms"]
    assert [(r["status"], r["seats"]["taken"]) for r in listed] == [("finished", 12)]
