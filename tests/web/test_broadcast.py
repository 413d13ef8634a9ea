"""T-23: a web tournament's broadcast ("TV") table shows its hole cards hands behind, and
only there: the regulation's setting, its checks, and what every viewer receives (X-4)."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from pokerroom.cards import Card
from pokerroom.engine import events as ev
from pokerroom.room.seam import User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.room.tournament.table_room import TournamentTableRoom
from pokerroom.tournament.regulation.fields import RegulationError
from pokerroom.tournament.regulation.load import parse_regulation
from pokerroom.tournament.regulation.model import Broadcast
from tests.web.helpers import cardroom, csrf_of, sign_up
from tests.web.leaks import find_leaks
from tests.web.tournament_driver import ANN, BOB, DIRECTOR, TWELVE, TournamentDriver

FAN = User(7, "Fan")
"""A signed-in spectator: not an entrant."""


def regulation_with(extra: str, *, size: int = 6) -> str:
    return TWELVE.replace("table_size = 6\nfinal_table_size = 6", f"table_size = {size}") + extra


def test_t23_the_regulation_reads_a_broadcast_and_refuses_a_bad_one_in_one_line() -> None:
    assert parse_regulation(TWELVE).broadcast is None
    assert parse_regulation(TWELVE).observers is True
    read = parse_regulation(regulation_with("\n[broadcast]\n"))
    assert read.broadcast == Broadcast(delay_hands=1, table=None)
    read = parse_regulation(regulation_with("\n[broadcast]\ndelay_hands = 3\ntable = 2\n"))
    assert read.broadcast == Broadcast(delay_hands=3, table=2)
    for extra, words in [
        ("delay_hands = 0", "broadcast.delay_hands must be an integer from 1 to 20, got 0"),
        ('delay_hands = "one"', "broadcast.delay_hands must be an integer from 1 to 20"),
        ("table = 0", "broadcast.table must be an integer"),
        ("lag = 2", "lag"),
    ]:
        with pytest.raises(RegulationError, match=words) as caught:
            parse_regulation(regulation_with(f"\n[broadcast]\n{extra}\n"), source="tv.toml")
        assert str(caught.value).startswith("tv.toml: ") and "\n" not in str(caught.value)
    no_observers = regulation_with("\n[broadcast]\n").replace(
        'format = "american"', 'format = "american"\nobservers = false'
    )
    with pytest.raises(RegulationError, match="needs spectators"):
        parse_regulation(no_observers)


def six_handed(extra: str, seed: int) -> TournamentDriver:
    """Six entrants (Ann, Bob, four bots) at one table: the final table from the start."""
    regulation = parse_regulation(regulation_with(extra))
    tournament = RoomTournament("TV", regulation, creator=DIRECTOR, fill_to=6, seed=seed, pause=1)
    for user in (ANN, BOB):
        tournament.register(user, 0.0)
    tournament.start(DIRECTOR, 0.0)
    return TournamentDriver(tournament, [ANN, BOB])


def dealt_cards(room: TournamentTableRoom) -> dict[str, list[str]]:
    """Every card dealt to each player in the room's current (or last) hand."""
    hand = room.hand
    assert hand is not None
    cards: dict[str, list[str]] = {}
    for event in hand.events:
        if isinstance(event, ev.DealHole):
            name = room.hand_occupants[event.player].name
            cards.setdefault(name, []).extend(str(c) for c in event.cards if c is not None)
    return cards


def watch(driver: TournamentDriver, hands: int, delay: int) -> list[int]:
    """Play ``hands`` hands; at every step check what a spectator, a signed-in fan and the
    players get of the broadcast. The numbers of the hands the spectators were shown."""
    room = driver.tournament.rooms[1]
    finished: dict[int, dict[str, list[str]]] = {}
    shown: list[int] = []
    for _ in range(5000):
        if room.hand_number > hands:
            break
        if room.hand is not None and room.hand_done:
            finished[room.hand_number] = dealt_cards(room)
        for viewer in (None, FAN):
            frame = room.snapshot(viewer)
            broadcast = frame["broadcast"]
            assert broadcast["delay_hands"] == delay
            taped = broadcast["hand"]
            rest = {key: value for key, value in frame.items() if key != "broadcast"}
            known = {Card.parse(c) for s in frame["seats"] for c in s["cards"] if c}
            if frame["hand"] is not None:
                known |= {Card.parse(c) for b in frame["hand"]["boards"] for c in b}
            assert find_leaks(rest, known) == []  # the live table: an observer's view
            if taped is None:
                assert len(finished) < delay
                continue
            number = taped["number"]
            assert number in finished, f"hand {number} shown before it ended"
            assert number == max(finished) - delay + 1  # exactly the delay behind
            assert {s["name"]: s["cards"] for s in taped["seats"]} == finished[number]
            shown.append(number)
        for player in (ANN, BOB):
            mine = room.snapshot(player)["broadcast"]
            assert mine["hand"] is None  # an entrant still in: not from his own account
            assert mine["notice"].startswith("this table is broadcast: your cards are shown")
        assert driver.step()
    else:
        pytest.fail("the hands did not get played")
    return shown


def test_t23_the_final_tables_spectators_see_the_last_hand_s_cards_only_once_it_ended() -> None:
    """Default delay: one hand. ~0.3 s."""
    shown = watch(six_handed("\n[broadcast]\n", seed=5), hands=4, delay=1)
    assert set(shown) == {1, 2, 3, 4}


def test_t23_a_delay_of_two_hands_shows_the_hand_before_the_last() -> None:
    shown = watch(six_handed("\n[broadcast]\ndelay_hands = 2\n", seed=6), hands=4, delay=2)
    assert set(shown) == {1, 2, 3}


def test_t23_no_broadcast_before_the_final_table_and_none_without_the_setting() -> None:
    """Two tables of six: neither is the final table; a tournament without [broadcast]
    never sends one. Their spectators never receive a hole card (X-4)."""
    for extra in ("\n[broadcast]\n", ""):
        regulation = parse_regulation(TWELVE + extra)
        tournament = RoomTournament("T2", regulation, creator=DIRECTOR, fill_to=12, seed=3)
        tournament.register(ANN, 0.0)
        tournament.start(DIRECTOR, 0.0)
        driver = TournamentDriver(tournament, [ANN])
        for _ in range(100):
            driver.step()
        assert len(tournament.rooms) == 2
        assert all(room.hand_number >= 1 for room in tournament.rooms.values())
        for seen in driver.seen:
            assert "broadcast" not in seen.frame
            assert find_leaks(seen.frame, seen.known) == []


def test_t23_the_director_marks_a_table_and_every_other_table_shows_no_cards() -> None:
    tournament = RoomTournament(
        "T3", parse_regulation(TWELVE), creator=DIRECTOR, fill_to=12, seed=4, pause=1
    )
    tournament.start(DIRECTOR, 0.0)
    tournament.broadcasting.mark(2)
    driver = TournamentDriver(tournament, [])
    for _ in range(200):
        driver.step()
    one, two = tournament.rooms[1], tournament.rooms[2]
    assert "broadcast" not in one.snapshot(None)
    frame = two.snapshot(None)["broadcast"]
    assert frame["hand"] is not None and frame["hand"]["number"] < two.hand_number + 1


def test_t23_only_a_director_marks_the_broadcast_table_from_the_page(client: TestClient) -> None:
    sign_up(client, "Dana")
    cardroom(client).accounts.grant("Dana", "director")
    made = client.post(
        "/tournaments",
        data={"csrf": csrf_of(client, "/"), "example": "home-sit-and-go", "bots": "6"},
        follow_redirects=True,
    )
    tid = str(made.url).rsplit("/", 1)[1]
    client.post(f"/tournaments/{tid}/start", data={"csrf": csrf_of(client, "/")})
    tournament = cardroom(client).registry.get(tid).room
    assert isinstance(tournament, RoomTournament)
    path = f"/tournaments/{tid}/broadcast"
    assert f'action="{path}"' in client.get(f"/tournaments/{tid}").text
    json = {"Accept": "application/json"}
    bad = client.post(path, data={"csrf": csrf_of(client, "/"), "table": "9"}, headers=json)
    assert bad.status_code == 400
    assert bad.json()["message"] == "table: one of the tables in play (1), or blank; got 9"
    done = client.post(path, data={"csrf": csrf_of(client, "/"), "table": "1"}, headers=json)
    assert done.json()["message"] == "table 1 is broadcast"
    room = tournament.rooms[1]
    assert room.snapshot(None)["broadcast"]["notice"].startswith("broadcast table")
    bob = TestClient(client.app)
    sign_up(bob, "Bob")
    refused = bob.post(path, data={"csrf": csrf_of(bob, "/"), "table": ""}, headers=json)
    assert refused.status_code == 403 and "only a tournament director" in refused.json()["message"]
    assert tournament.broadcasting.table(tournament) == 1
