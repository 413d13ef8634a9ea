"""A cardroom whose hand archive holds the small hands of ``tests/stats_hands.py``, with Ann
and Bob signed up (the hands' names), for the statistics page's tests."""

from __future__ import annotations

from datetime import datetime

from starlette.testclient import TestClient

from pokerroom.storage.hands.archive import HandArchive
from pokerroom.web.app import create_app
from tests.stats_hands import CALLED_DOWN, HEADS_UP_ALL_IN, LIMPED, THREE_BET, archived_hand
from tests.web.conftest import settings
from tests.web.helpers import cardroom, sign_up

MUCKED_ALL_IN = HEADS_UP_ALL_IN.replace('  "p2 sm KhQh",\n', "")
"""Bob goes all in on the turn and does not show: his cards are his alone."""
HANDS = (
    ("c1", LIMPED, datetime(2026, 12, 1, 20)),
    ("c1", THREE_BET, datetime(2026, 12, 2, 20)),
    ("7.t1", CALLED_DOWN, datetime(2026, 12, 2, 21)),
    ("h2", MUCKED_ALL_IN, datetime(2026, 12, 3, 20)),
)


def archived(url: str, swap: tuple[str, str] | None = None) -> dict[str, TestClient]:
    """The app on ``url`` with :data:`HANDS` archived (``swap``: one card text replaced by
    another in every hand first) and a signed-in client for Ann and for Bob."""
    app = create_app(url, settings())
    clients = {name: TestClient(app) for name in ("Ann", "Bob")}
    for name, client in clients.items():
        assert sign_up(client, name).status_code == 303
    archive = HandArchive(cardroom(clients["Ann"]).accounts.database)
    for number, (room, played, when) in enumerate(HANDS, start=1):
        text = played if swap is None else played.replace(*swap)
        kind = "tournament" if room.startswith("7.") else "cash"
        archive.save(archived_hand(text, room, kind, number, when))
    return clients
