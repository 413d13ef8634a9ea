"""The director's console in the browser (issue 13 item 6), driven through its HTTP forms.

The story of a club tournament at the web console: registration, the seat draw and its
printable cards (T-4), the clock (T-10, T-20), two bust-outs in one hand placed by their
starting stacks (T-12), the balancing move shown and confirmed (T-6), a penalty with hands
left (T-21) and an undo, a protest (T-22), a deal and the payouts summing to the pool
(T-2). Then the rules of the door: only a director or an admin (T-16), every form
CSRF-checked, every bad input one line that changes nothing, and the web console, the
terminal console and the database agreeing after a restart.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pytest

from pokerroom.cli.director_command import open_desk
from pokerroom.storage.tournament.store import StaleTournamentError, TournamentStore
from pokerroom.tournament.clock.timesource import SimulatedTime
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import Paid
from pokerroom.tournament.live.floor import layout
from pokerroom.tournament.money.payouts import prize_pool
from pokerroom.tournament.regulation import example_text
from pokerroom.web.director import CSRF_FIELD
from tests.web.director_app import ADMIN, PLAYER, TOKEN, Room, room, seen

START = 1_000_000.0


@pytest.fixture
def web(tmp_path: Path) -> Room:
    store = TournamentStore.open(f"sqlite:///{tmp_path / 'room.db'}")
    return room(store, SimulatedTime(START))


def stored(web: Room, number: int = 1) -> Tournament:
    """The tournament as the database has it (what ``--resume`` would open)."""
    saved = web.store.get_tournament(number)
    return Tournament.from_events(saved.regulation(), web.store.events(number))


def act(web: Room, action: str, **fields: Any) -> Any:
    """Post one form of tournament 1's console, as its page would (the token, and the
    log length it saw)."""
    data = {CSRF_FIELD: TOKEN, "seen": seen(web.client.get("/director/1/log").text)}
    return web.client.post(f"/director/1/act/{action}", data={**data, **fields})


def opened(web: Room, players: int, example: str = "turbo-reentry") -> None:
    """A new live tournament with ``players`` registered, drawn, its clock started."""
    web.client.post("/director/new", data={CSRF_FIELD: TOKEN, "example": example})
    for n in range(players):
        act(web, "register", player=f"P{n:02d}")
        web.time.advance(1)
    act(web, "draw")
    act(web, "start")


def bust_one(web: Room) -> None:
    """The first player of the fullest table busts (one in a hand: no stack needed)."""
    tables = layout(stored(web))
    table = max(tables, key=lambda n: (len(tables[n]), -n))
    page = act(web, "bust", table=str(table), seat=[str(next(iter(tables[table])))])
    assert page.status_code == 200, page.text
    if "Moves due" in web.client.get("/director/1/tables").text:
        assert act(web, "moves-done").status_code == 200


def test_the_console_story_from_registration_to_payouts_through_forms(web: Room) -> None:
    client = web.client
    created = client.post("/director/new", data={CSRF_FIELD: TOKEN, "example": "turbo-reentry"})
    assert created.url.path == "/director/1/desk"
    for n in range(22):
        page = act(web, "register", player=f"P{n:02d}")
        web.time.advance(1)
    assert "registered P21" in page.text and "Players 22 of 22" in page.text
    pool = prize_pool(stored(web).regulation, stored(web).entries()).total
    assert f"pool <strong>{pool:,}</strong>" in page.text  # T-2: the pool with every sale

    tables = act(web, "draw")  # T-4
    assert "seat draw of 22 players" in tables.text and "Table 3" in tables.text
    cards = client.get("/director/1/print").text
    assert cards.count('class="seat-card"') == 22 and "seats by table" in cards

    clock = act(web, "start")  # T-10
    assert "clock started" in clock.text and "Level 1 · blinds 25/50" in clock.text
    web.time.advance(9 * 60)
    assert "Level 2 · blinds 50/100" in client.get("/director/1/clock").text

    seats = layout(stored(web))  # T-12: two bust-outs in one hand, the larger stack higher
    short = min(seats, key=lambda n: (len(seats[n]), n))
    low, high = list(seats[short])[:2]
    busted = act(
        web,
        "bust",
        table=str(short),
        seat=[str(low), str(high)],
        **{f"stack-{low}": "4000", f"stack-{high}": "6000"},
    )
    assert busted.status_code == 200
    small, big = seats[short][low], seats[short][high]
    assert f"{big} (21st), {small} (22nd)" in busted.text
    desk = client.get("/director/1/desk").text
    assert f"<td>{big}</td><td>out 21st</td>" in desk
    assert f"<td>{small}</td><td>out 22nd</td>" in desk

    assert "Moves due" in busted.text and f"→ Table {short} seat" in busted.text  # T-6
    moved = act(web, "moves-done")
    assert "move(s) done" in moved.text and "No move is due" in moved.text
    assert len(layout(stored(web))[short]) == len(seats[short]) - 1  # one came, two left

    offences = client.get("/director/1/discipline").text  # T-21 in the rule book's words
    assert (
        '<option value="7.1.8 deliberate">7.1.8 touching the muck or burns to learn the cards '
        "(sit out 1 round or disqualification; repeat: sit out 1 round or disqualification)"
        "</option>"
    ) in offences
    player = next(iter(layout(stored(web))[1].values()))  # T-21: the table's penalty
    act(web, "penalty", player=player, offence="7.1.13", penalty="table")
    second = act(web, "penalty", player=player, offence="7.1.13", penalty="table")
    assert f"penalty for {player}" in second.text and "hands left" in second.text
    undone = act(web, "undo")
    assert f"undone: penalty for {player}" in undone.text
    assert len(stored(web).penalty_log.penalties()) == 1
    protest = act(web, "protest", penalty="1", player=player, text="my phone was off")  # T-22
    assert "protest of penalty 1" in protest.text and "my phone was off" in protest.text
    ruled = act(web, "ruling", protest="1", ruling="overturned", note="it was a watch")
    assert "protest 1: penalty overturned" in ruled.text and "overturned" in ruled.text

    while stored(web).players_left > 2:
        bust_one(web)
    alive = sorted(stored(web).still_in())
    chips = {alive[0]: "150000", alive[1]: "70000"}
    rows = [pair for player in alive for pair in (("player", player), ("chips", chips[player]))]
    offer = client.get("/director/1/money", params=[("method", "icm"), *rows])
    assert offer.status_code == 200 and "Deal offered (icm)" in offer.text
    assert len(stored(web).events) == int(seen(offer.text))  # an offer saves nothing
    agreed = act(web, "deal", method="icm", player=alive, chips=["150000", "70000"], tab="money")
    assert "icm deal" in agreed.text and "Deal agreed (icm)" in agreed.text
    bust_one(web)
    paid = act(web, "payouts")
    assert "Paid" in paid.text and "Won by <strong>" in paid.text
    final = stored(web)
    prizes = [e.prize for e in final.events if isinstance(e, Paid)]
    assert sum(prizes) == prize_pool(final.regulation, final.entries()).total  # T-2
    assert web.store.get_tournament(1).winner == final.winner


BAD_INPUTS = [
    ("bust", {"table": "1", "seat": ["99"]}, "nobody sits at table 1 seat 99; seats taken:"),
    ("bust", {"table": "7", "seat": ["1"]}, "there is no table 7; tables in play: 1, 2"),
    ("bust", {"table": "1", "seat": ["x"]}, "a seat is a whole number, got 'x'"),
    ("bust", {"table": "1"}, "tick the seat of each player who busted at table 1"),
    ("bust", {"table": "1", "seat": ["1", "2"]}, "several players busted: give the stack"),
    ("button", {"table": "1", "seat": "12"}, "table 1 has seats 1 to 9, got 12"),
    ("break", {"minutes": "0"}, "the break's minutes is from 1 to 1,440, got 0"),
    ("remove-time", {"minutes": "30"}, "cannot remove 30:00: only 8:00 is left"),
    ("resume", {}, "the clock is not paused"),
    ("register", {"player": "P00"}, "player 'P00' is already registered"),
    ("rebuy", {"player": "Nobody"}, "player 'Nobody' is not registered; register him first"),
    ("penalty", {"player": "P01", "offence": "7.9", "penalty": "table"}, "the offence is one of"),
    ("insert-level", {"number": "1", "small": "5", "big": "10", "minutes": "5"}, "in progress"),
    ("payouts", {}, "12 players are still in; bust them out to one winner first"),
    ("moves-done", {}, "no move is due; the tables are balanced"),
]


@pytest.mark.parametrize(("action", "fields", "line"), BAD_INPUTS)
def test_bad_input_is_one_clear_line_and_changes_nothing(
    web: Room, action: str, fields: dict[str, Any], line: str
) -> None:
    opened(web, 12)
    before = web.store.events(1)
    if action == "bust" and fields.get("seat") == ["1", "2"]:
        fields = {**fields, "seat": [str(s) for s in list(layout(stored(web))[1])[:2]]}
    page = act(web, action, **fields)
    assert page.status_code == 400
    assert line in html.unescape(page.text) and 'class="error" role="alert"' in page.text
    assert web.store.events(1) == before


def test_a_bust_out_of_a_player_no_longer_seated_is_refused(web: Room) -> None:
    opened(web, 12)
    seats = layout(stored(web))[1]
    seat = next(iter(seats))
    act(web, "bust", table="1", seat=[str(seat)])
    before = web.store.events(1)
    again = act(web, "bust", table="1", seat=[str(seat)])
    assert again.status_code == 400 and f"nobody sits at table 1 seat {seat}" in again.text
    assert web.store.events(1) == before


def test_t16_only_a_director_or_an_admin_may_see_or_drive_the_console(web: Room) -> None:
    opened(web, 4)
    before = web.store.events(1)
    web.visitor.user = PLAYER
    for path in ("/director", "/director/1/desk", "/director/1/tables", "/director/1/print"):
        page = web.client.get(path)
        assert page.status_code == 403, path
        line = html.unescape(page.text)
        assert "only a tournament director may use the director's console; " in line
        assert "Pete is signed in as player" in line
    posted = web.client.post("/director/1/act/undo", data={CSRF_FIELD: TOKEN})
    assert posted.status_code == 403 and web.store.events(1) == before
    web.visitor.user = None
    away = web.client.get("/director/1/desk", follow_redirects=False)
    assert away.status_code == 303 and away.headers["location"] == "/login?next=/director/1/desk"
    posted = web.client.post("/director/1/act/undo", data={CSRF_FIELD: TOKEN})
    assert web.store.events(1) == before
    web.visitor.user = ADMIN
    assert web.client.get("/director/1/desk").status_code == 200


@pytest.mark.parametrize("token", [None, "", "forged"])
def test_a_form_without_its_csrf_token_is_refused_and_changes_nothing(
    web: Room, token: str | None
) -> None:
    opened(web, 4)
    before = web.store.events(1)
    data = {"player": "Mallory"} | ({} if token is None else {CSRF_FIELD: token})
    page = web.client.post("/director/1/act/register", data=data)
    assert page.status_code == 403 and "no valid security token (CSRF)" in page.text
    created = web.client.post("/director/new", data={"example": "turbo-reentry"} | data)
    assert created.status_code == 403
    assert web.store.events(1) == before and len(web.store.list_tournaments()) == 1


def test_the_web_and_terminal_consoles_and_the_database_agree_after_a_restart(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    time = SimulatedTime(START)
    first = room(TournamentStore.open(url), time)
    opened(first, 12)
    time.advance(3 * 60)
    act(first, "pause")
    shown = first.client.get("/director/1/tables").text
    first.store.close()

    store = TournamentStore.open(url)  # the server restarts
    second = room(store, time)
    assert second.client.get("/director/1/tables").text == shown
    desk, _number = open_desk(store, None, None, 1)  # pokerroom director --resume 1
    desk.time = time  # the terminal's clock, simulated as the web's
    assert desk.events == store.events(1) and desk.layout() == layout(stored(second))
    state = desk.clock_state()
    assert state is not None and state.paused and state.time_left == 5 * 60
    assert "5:00</span>" in shown and "PAUSED" in shown

    stale = seen(shown)
    desk.register("Late")  # at the terminal; the web page shows it at once
    assert "registered Late" in second.client.get("/director/1/log").text
    assert "Late" in second.client.get("/director/1/desk").text
    refused = second.client.post(
        "/director/1/act/undo", data={CSRF_FIELD: TOKEN, "seen": stale}
    )  # an undo from the page shown before the terminal acted would undo something else
    assert refused.status_code == 400 and "the tournament changed since this page" in refused.text
    assert store.events(1) == desk.events
    act(second, "resume")
    with pytest.raises(StaleTournamentError, match="run on elsewhere"):
        desk.register("Later")  # the terminal's desk is behind the web's: refused, not forked
    assert "Later" not in second.client.get("/director/1/desk").text
    store.close()


def test_unknown_or_simulated_tournaments_are_a_404_with_one_line(web: Room) -> None:
    page = web.client.get("/director/99/desk")
    assert page.status_code == 404 and "no tournament 99 in the store" in page.text
    web.store.create_tournament(
        example_text("home-sit-and-go"), entrants=2, bots=["random"], seed=1
    )
    page = web.client.get("/director/1/desk")
    assert page.status_code == 404 and "tournament 1 is a simulated run" in page.text
    assert web.client.get("/director/1/nowhere").status_code == 404


def test_the_web_console_refuses_ann_twice_and_a_bust_out_before_the_start(web: Room) -> None:
    """Issue 21 item 12: the console in the browser goes through the same desk."""
    web.client.post("/director/new", data={CSRF_FIELD: TOKEN, "example": "turbo-reentry"})
    for name in ("Ann", "Bob", "Cy"):
        act(web, "register", player=name)
    act(web, "draw")
    before = web.store.events(1)
    twice = act(web, "register", player="ann")
    assert twice.status_code == 400
    assert "player 'Ann' is already registered ('ann' is the same name" in html.unescape(twice.text)
    early = act(web, "bust", table="1", seat=[str(next(iter(layout(stored(web))[1])))])
    assert early.status_code == 400 and "the clock has not started" in early.text
    assert web.store.events(1) == before
