"""A live tournament saved as it happens (issue 12 item 2): a resume gives the same state."""

from __future__ import annotations

from pokerroom.storage.live_saving import LiveSaver, create_live
from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.tournament.clock.timesource import SimulatedTime
from pokerroom.tournament.live.desk import LiveDesk
from pokerroom.tournament.regulation import example_text, parse_regulation


def test_every_action_is_stored_at_once_and_a_resume_rebuilds_the_desk(database_url: str) -> None:
    store = TournamentStore.open(database_url)
    text = example_text("turbo-reentry")
    number = create_live(store, text, seed=5)
    time = SimulatedTime(1_000.0)
    desk = LiveDesk(parse_regulation(text), time, seed=5, saver=LiveSaver(store, number, 0))
    for name in ("Ann", "Bob", "Cy", "Dan"):
        desk.register(name)
    desk.draw()
    desk.start_clock()
    time.advance(90)
    desk.pause()
    seats = list(desk.layout()[1])
    desk.bust(1, seats[:2], {seats[0]: 100, seats[1]: 200})
    assert store.events(number) == desk.events  # nothing waits to be saved
    desk.undo()  # the bust-out is taken back in the store too
    assert store.events(number) == desk.events
    saved = store.get_tournament(number)
    assert saved.live and saved.entrants == 4 and saved.players_left == 4
    reopened = LiveDesk(saved.regulation(), time, seed=5, events=store.events(number))
    assert reopened.tournament.state() == desk.tournament.state()
    assert reopened.clock_state() == desk.clock_state()
    assert reopened.pending() == desk.pending()
    store.close()
