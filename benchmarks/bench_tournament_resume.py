"""How long a restarted server takes to resume a long-played web tournament (issue 13 item 1).

A saved tournament of ``entrants`` (two people, the rest tournament bots; ten-handed
tables, ten-minute levels) is played on a SQLite file for ``minutes`` of its clock: the
people check or call, else fold, two seconds after their turn comes; the tables tick at
their deadlines as the hub's clock would. The server stops, and a new one resumes it from
the database (built from its recipe, every saved call replayed). Prints the inputs saved,
the hands played, the time to play them and the resume time.
Run: ``.venv/bin/python benchmarks/bench_tournament_resume.py [entrants] [minutes]``.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from argon2 import PasswordHasher

from pokerroom.room.seam import Room, User
from pokerroom.room.tournament.event import RoomTournament
from pokerroom.storage.database import Database, open_database
from pokerroom.tournament.regulation.load import parse_regulation
from pokerroom.web.app import create_app
from pokerroom.web.cardroom import Cardroom
from pokerroom.web.settings import ServerSettings
from pokerroom.web.tournament.resume import restore_tournaments, stop_tournaments
from pokerroom.web.tournament.routes import lobby_entry
from pokerroom.web.tournament.saving import save_tournament

LEVELS = "".join(
    f"[[levels]]\nsmall_blind = {sb}\nbig_blind = {2 * sb}\nminutes = 10\n"
    for sb in (10, 15, 25, 50, 75, 100, 150, 200, 300, 400, 600, 800, 1000, 1500, 2000)
)
REGULATION = f"""
name = "Bench hundred"
format = "american"
starting_stack = 3000
table_size = 10
final_table_size = 10
chips = [5]
[game]
variant = "holdem"
limit = "no-limit"
[money]
buy_in = 10
[[payouts.table]]
percents = [50, 30, 20]
{LEVELS}"""
DIRECTOR = User(90, "Dana", frozenset({"director"}))
PEOPLE = [User(1, "Ann"), User(2, "Bob")]
SETTINGS = ServerSettings(secret_key=b"b" * 32, password_hasher=PasswordHasher(time_cost=1))
THINK = 2.0


def cardroom_on(url: str) -> tuple[Cardroom, Database]:
    database = open_database(url)
    cardroom = create_app(database, SETTINGS).state.cardroom
    assert isinstance(cardroom, Cardroom)
    return cardroom, database


def play(tournament: RoomTournament, minutes: float) -> float:
    """Play until the tournament clock reaches ``minutes``; the server time then."""
    now, sent = 0.0, 0
    while tournament.clock_time(now) < minutes * 60 and tournament.status != "finished":
        acted = False
        for user in PEOPLE:
            room = next((r for r in tournament.rooms.values() if r.seat_of_user(user.id)), None)
            if room is None or room.snapshot(user)["you"]["decision"] != "act":
                continue
            frame = room.snapshot(user)
            actions = frame["you"]["actions"]
            assert actions is not None
            action = "check" if actions["check"] else "call" if actions["call"] else "fold"
            sent += 1
            now += THINK
            room.handle(user, {"type": "act", "id": f"m{sent}", "action": action}, now)
            acted = True
        if acted:
            continue
        rooms: list[Room] = [tournament, *tournament.rooms.values()]
        deadlines = [d for d in (r.deadline() for r in rooms) if d is not None]
        assert deadlines, "the tournament stopped"
        now = max(now, min(deadlines))
        for due in rooms:
            deadline = due.deadline()
            if deadline is not None and deadline <= now:
                due.tick(now)
    return now


def main(entrants: int, minutes: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        cardroom, database = cardroom_on(url)
        made = RoomTournament(
            "B1", parse_regulation(REGULATION), creator=DIRECTOR, fill_to=entrants, seed=7
        )
        tournament = save_tournament(cardroom, made, REGULATION, {})
        cardroom.registry.add(tournament, lobby_entry(tournament))
        for user in PEOPLE:
            tournament.register(user, 0.0)
        tournament.start(DIRECTOR, 0.0)
        began = time.perf_counter()
        now = play(tournament, minutes)
        played = time.perf_counter() - began
        stop_tournaments(cardroom, now)
        assert cardroom.tables.close()
        inputs = len(cardroom.tables.store.inputs("B1"))
        log = tournament.log()
        database.close()

        again, database = cardroom_on(url)
        began = time.perf_counter()
        assert restore_tournaments(again, now + 60) == ["B1"]
        resumed = time.perf_counter() - began
        back = again.registry.get("B1").room
        assert isinstance(back, RoomTournament)
        assert back.log().hands == log.hands and back.log().players_left == log.players_left
        assert again.tables.close()
        database.close()
    print(
        f"{entrants} entrants, {minutes:g} min of tournament clock: {log.hands} hands, "
        f"{log.players_left} players left, {inputs:,} inputs saved; played in {played:.1f} s, "
        f"resumed in {resumed:.2f} s"
    )


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 100,
        float(sys.argv[2]) if len(sys.argv) > 2 else 60,
    )
