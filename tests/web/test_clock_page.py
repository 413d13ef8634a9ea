"""The clock's TV page in the browser and its JSON (issue 13 item 6; T-10, T-13, T-20).

The JSON is the terminal clock screen's model (``pokerroom clock ID``'s snapshot) of the
stored tournament: the same digits, level, blinds, next break, field, pool and prizes.
The page is public, counts down between polls, says PAUSED when the clock stands still,
and an unknown id is a 404 with one line.
"""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from pokerroom.storage.clock_feed import StoredFeed
from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.tournament.clock.timesource import SimulatedTime
from pokerroom.tournament.clockface.snapshot import ClockSnapshot, snapshot
from tests.web.director_app import Room, room
from tests.web.test_director_web import START, act, bust_one, opened, stored


@pytest.fixture
def web(tmp_path: Path) -> Room:
    store = TournamentStore.open(f"sqlite:///{tmp_path / 'room.db'}")
    return room(store, SimulatedTime(START))


def terminal_frame(web: Room) -> ClockSnapshot:
    """What ``pokerroom clock 1`` shows now."""
    return snapshot(StoredFeed(web.store, 1, web.time).poll())


def assert_same_numbers(web: Room) -> None:
    shown = web.client.get("/api/tournaments/1/clock").json()
    frame = terminal_frame(web)
    assert shown["digits"] == frame.digits and shown["seconds_left"] == frame.seconds_left
    assert shown["phase"] == frame.phase.value and shown["paused"] == frame.paused
    assert shown["level"]["number"] == frame.level.number
    assert shown["level"]["big_blind"] == frame.level.big_blind
    assert shown["level"]["ante"] == frame.level.ante
    assert shown["next_break_in"] == frame.next_break_in and shown["chip_up"] == frame.chip_up
    assert frame.field is not None and frame.prizes is not None
    assert shown["field"]["players_left"] == frame.field.players_left
    assert shown["field"]["average_stack"] == frame.field.average_stack
    assert shown["field"]["chips_in_play"] == frame.field.chips_in_play
    assert shown["prizes"]["pool"] == frame.prizes.pool
    assert shown["prizes"]["prizes"] == list(frame.prizes.prizes)


def test_t10_the_clock_json_is_the_terminal_clock_model(web: Room) -> None:
    opened(web, 20)
    assert_same_numbers(web)
    web.time.advance(9 * 60 + 17.4)  # level 2, a fraction of a second in
    bust_one(web)
    busted = next(r.player for r in stored(web).players.values() if r.place is not None)
    assert act(web, "re-entry", player=busted).status_code == 200
    shown = web.client.get("/api/tournaments/1/clock").json()
    assert shown["field"]["re_entries"] == 1 and shown["field"]["players_left"] == 20
    assert_same_numbers(web)
    web.time.advance(4 * 8 * 60)  # level 6: the colour-up notice before the break (T-13)
    shown = web.client.get("/api/tournaments/1/clock").json()
    assert shown["chip_up"] == "Colour-up at the break: the 25 chips go"
    assert_same_numbers(web)
    web.time.advance(8 * 60)  # the break
    assert web.client.get("/api/tournaments/1/clock").json()["phase"] == "break"
    assert_same_numbers(web)


def test_the_tv_page_counts_a_live_bust_outs_chips_still_in_play(web: Room) -> None:
    """Issue 21 item 10: 2 of 14 out, their chips in the winners' stacks: 140,000 in play."""
    opened(web, 14)
    for _ in range(2):
        bust_one(web)
    field = web.client.get("/api/tournaments/1/clock").json()["field"]
    assert (field["players_left"], field["entrants"]) == (12, 14)
    assert (field["average_stack"], field["chips_in_play"]) == (11_667, 140_000)
    page = html.unescape(web.client.get("/tournaments/1/clock").text)
    assert "Players 12 of 14" in page and "Average 11,667" in page and "Chips 140,000" in page


def test_t20_a_paused_clock_says_paused_and_stands_still(web: Room) -> None:
    opened(web, 6)
    web.time.advance(100)
    act(web, "pause")
    before = web.client.get("/api/tournaments/1/clock").json()
    web.time.advance(300)
    after = web.client.get("/api/tournaments/1/clock").json()
    assert after["paused"] and after["heading"] == "Level 1 · PAUSED"
    assert after["seconds_left"] == before["seconds_left"] == 380
    page = web.client.get("/tournaments/1/clock").text
    assert '<p id="paused" class="paused-banner">PAUSED</p>' in page
    assert "data-paused" in page and 'class="tv paused"' in page
    act(web, "resume")
    web.time.advance(20)
    running = web.client.get("/api/tournaments/1/clock").json()
    assert not running["paused"] and running["seconds_left"] == 360
    page = web.client.get("/tournaments/1/clock").text
    assert '<p id="paused" class="paused-banner" hidden>' in page


def test_the_tv_page_is_public_and_shows_the_room_its_numbers(web: Room) -> None:
    opened(web, 12)
    web.visitor.user = None  # no sign-in needed for a TV
    page = web.client.get("/tournaments/1/clock")
    text = html.unescape(page.text)
    assert page.status_code == 200
    for line in ("Turbo re-entry", "Level 1", ">8:00<", "Blinds 25/50", "Players 12 of 12"):
        assert line in text, line
    assert "Next: level 2 · blinds 50/100" in text and "Break in 48:00" in text
    assert "Prize pool 10,000" in text and "1st  6,670" in text
    assert 'data-clock-api="/api/tournaments/1/clock"' in page.text  # polled by clock.js
    assert 'data-seconds-left="480.0"' in page.text  # counted down between polls
    script = web.client.get("/static/director/clock.js")
    assert script.status_code == 200 and "function countdown" in script.text
    assert web.client.get("/api/tournaments/1/clock").status_code == 200


def test_an_unknown_tournament_is_a_404_with_one_line(web: Room) -> None:
    page = web.client.get("/tournaments/42/clock")
    assert page.status_code == 404 and "no tournament 42 in the store" in page.text
    shown = web.client.get("/api/tournaments/42/clock")
    assert shown.status_code == 404
    assert shown.json() == {
        "type": "error",
        "v": 1,
        "code": "not_found",
        "message": "no tournament 42 in the store",
    }
