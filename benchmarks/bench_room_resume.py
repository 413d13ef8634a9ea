"""How long a restarted server takes to resume a long-played table (issue 13 item 1).

A saved cash table of four players is played for ``hands`` hands on a SQLite file (each
player calls or checks, sometimes folds or raises), then resumed twice: from its last
checkpoint (how a server resumes it), and from its seed with every input replayed (what an
upgraded pokerroom does, its checkpoints being another code's). Prints the inputs saved,
the time to play them, and both resume times.
Run: ``.venv/bin/python benchmarks/bench_room_resume.py [hands]``.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

from argon2 import PasswordHasher

from pokerroom.room import CashRoom
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.room.seam import User
from pokerroom.storage.database import Database, open_database
from pokerroom.web.app import create_app
from pokerroom.web.cardroom import Cardroom
from pokerroom.web.saving import SavedRoom, open_room
from pokerroom.web.saving.tables import restore_rooms
from pokerroom.web.settings import ServerSettings

PLAYERS = [User(n, f"Player {n}") for n in range(1, 5)]
SETTINGS = ServerSettings(secret_key=b"b" * 32, password_hasher=PasswordHasher(time_cost=1))


def cardroom_on(url: str) -> tuple[Cardroom, Database]:
    database = open_database(url)
    cardroom = create_app(database, SETTINGS).state.cardroom
    assert isinstance(cardroom, Cardroom)
    return cardroom, database


def play(room: SavedRoom, hands: int, rng: random.Random) -> float:
    """Play ``hands`` hands; the clock (seconds) at the end."""
    live, now, sent = room.room, 0.0, 0

    def send(user: User, **message: object) -> None:
        nonlocal sent
        sent += 1
        room.handle(user, {"id": f"m{sent}", **message}, now)

    for seat, user in enumerate(PLAYERS, 1):
        send(user, type="sit", seat=seat, buy_in=200)
    assert isinstance(live, CashRoom)
    while len(live.hands) < hands:
        decider = live.decider()
        if decider is None:
            for seat, player in live.table.seats.items():
                if player.chips < 100 and live.table.current is None:
                    send(PLAYERS[seat - 1], type="top_up", amount=200 - player.chips)
            deadline = room.deadline()
            assert deadline is not None, "the table stopped"
            now = max(now, deadline)
            room.tick(now)
            continue
        position, kind = decider
        user = PLAYERS[live.seat_at(position) - 1]
        if kind == "show":
            send(user, type="show")
            continue
        hand = live.hand
        assert hand is not None
        legal, roll = hand.legal_actions(), rng.random()
        if roll < 0.15 and legal.fold:
            send(user, type="act", action="fold")
        elif roll < 0.25 and legal.raise_min is not None:
            send(user, type="act", action="raise", amount=legal.raise_min)
        else:
            send(user, type="act", action="check" if legal.check else "call")
        now += 1.0
    return now


def main(hands: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        cardroom, database = cardroom_on(url)
        entry = LobbyEntry("Bench", "NLHE", "1/2", 0, 6, kind=RoomKind.CASH)
        room = open_room(cardroom, CashRoom("bench", seed=11), entry)
        start = time.perf_counter()
        now = play(room, hands, random.Random(5))
        assert cardroom.tables.close()
        played = time.perf_counter() - start
        inputs = cardroom.tables.store.open_rooms()[0].last_serial
        database.close()
        print(f"{hands} hands: {inputs} inputs saved, played and saved in {played:.2f} s")
        for label, secret in (("its checkpoint", SETTINGS.secret_key), ("its seed", b"x" * 32)):
            cardroom, database = cardroom_on(url)
            assert secret is not None
            cardroom.secret = secret
            start = time.perf_counter()
            assert restore_rooms(cardroom, now) == ["bench"]
            took = time.perf_counter() - start
            cardroom.tables.close()
            database.close()
            print(f"resumed from {label}: {took * 1000:.0f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
