"""What the wire tests share: real accounts signed up through the pages, a room put in the
app's registry, the hands it deals remembered by number, and the watch that checks every
frame a socket receives against the cards its viewer may know at that moment (X-4).

The room's live hand is reached server-side: :class:`DealtHands` wraps the room's deal so
the test can tell, for a frame about hand *n*, which engine position the viewer had in it
and what :func:`tests.web.leaks.known_to` allows him to know of it now.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from pokerroom.cards import Card
from pokerroom.engine import Hand
from pokerroom.room.live import LiveRoom
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.storage.database import open_database
from pokerroom.web.app import create_app
from pokerroom.web.auth.cookies import SESSION_COOKIE
from tests.real_parts import LiveServer
from tests.web.conftest import settings
from tests.web.helpers import cardroom, sign_up
from tests.web.leaks import cards_in, find_leaks, known_to

Frame = dict[str, Any]
EXAMPLE_CARDS = {Card.parse("As"), Card.parse("Td")}
"""The cards a refusal of a bad card token gives as examples of how to write one."""


@dataclass(frozen=True, slots=True)
class Account:
    """A signed-up player: his name, account id and session cookie."""

    name: str
    user: int
    cookie: str

    @property
    def headers(self) -> dict[str, str]:
        return {"cookie": f"{SESSION_COOKIE}={self.cookie}"}


def sign_up_players(app: Starlette, names: Iterable[str]) -> list[Account]:
    """Each name signed up through ``/signup`` (a real session cookie each)."""
    accounts = []
    for name in names:
        browser = TestClient(app)  # HTTP only: its own cookie jar, no lifespan
        assert sign_up(browser, name).status_code == 303
        cookie = browser.cookies.get(SESSION_COOKIE)
        assert cookie is not None, f"{name} got no session cookie"
        found = cardroom(browser).accounts.find_account(name)
        assert found is not None
        accounts.append(Account(name, found.id, cookie))
    return accounts


@dataclass
class Server:
    """The cardroom served by uvicorn (its lifespan too: the hub's clock) and its players."""

    app: Starlette
    url: str
    accounts: list[Account]

    def socket_url(self, room_id: str) -> str:
        return self.url.replace("http://", "ws://") + f"/ws/tables/{room_id}"


@contextmanager
def served_cardroom(names: Iterable[str], bots: Iterable[str] = ()) -> Iterator[Server]:
    """``create_app`` on an in-memory database, ``names`` signed up, served on 127.0.0.1;
    those in ``bots`` are bot accounts (the admin's ``pokerroom accounts grant NAME bot``)."""
    with open_database("sqlite://") as database:
        app = create_app(database, settings())
        accounts = sign_up_players(app, names)
        for name in bots:
            cardroom_of_app(app).accounts.grant(name, "bot")
        live = LiveServer(app)
        live.start()
        try:
            yield Server(app, live.url, accounts)
        finally:
            live.stop()


def open_room(app: Starlette, room: LiveRoom, kind: RoomKind, seats: int) -> None:
    """List ``room`` in the app's registry, where the hub and the lobby find it."""
    entry = LobbyEntry(room.id, "game", "1/2", 0, seats, kind=kind)
    cardroom_of_app(app).registry.add(room, entry)


def cardroom_of_app(app: Starlette) -> Any:
    return app.state.cardroom


class DealtHands:
    """Every hand ``room`` deals, by its number, with the user dealt each position."""

    def __init__(self, room: LiveRoom, monkeypatch: pytest.MonkeyPatch) -> None:
        self.hands: dict[int, tuple[Hand, tuple[int | None, ...]]] = {}
        deal = room._dealt

        def remembered(hand: Hand, seats: tuple[int, ...], number: int, now: float) -> None:
            deal(hand, seats, number, now)
            self.hands[number] = (hand, tuple(o.user for o in room.hand_occupants))

        monkeypatch.setattr(room, "_dealt", remembered)

    def known(self, number: int, user: int | None) -> set[Card]:
        """What ``user`` (None: an observer) may know of hand ``number`` now."""
        hand, users = self.hands[number]
        position = (
            None if user is None else next((p for p, u in enumerate(users) if u == user), None)
        )
        return known_to(hand, position)

    def public(self, number: int) -> set[Card]:
        return known_to(self.hands[number][0], None)

    def ever_known(self, user: int | None) -> set[Card]:
        """Everything ``user`` was allowed to see in every hand so far."""
        seen: set[Card] = set()
        for number in list(self.hands):
            seen |= self.known(number, user)
        return seen


@dataclass
class Watch:
    """Checks every frame (and page) its viewers receive; keeps what it found, so a test
    can report every problem at the end rather than the first one on a server thread."""

    dealt: DealtHands
    problems: list[str] = field(default_factory=list)
    frames: int = 0
    pages: int = 0
    errors: int = 0

    def table_frame(self, who: str, user: int | None, frame: Frame) -> None:
        """X-4: a table frame about hand n names only cards ``user`` may know of hand n;
        another seat's cards only what everyone may know."""
        self.frames += 1
        hand = frame.get("hand")
        if hand is None:
            known: set[Card] = set()
            public: set[Card] = set()
        else:
            known = self.dealt.known(hand["number"], user)
            public = self.dealt.public(hand["number"])
        for leak in find_leaks(frame, known):
            self.problems.append(f"{who} was sent {leak}")
        for seat in frame["seats"]:
            if not seat["you"]:
                shown = {Card.parse(c) for c in seat["cards"] if c is not None}
                if shown - public:
                    self.problems.append(f"{who} sees seat {seat['seat']}'s {shown - public}")

    def error_frame(self, who: str, user: int | None, frame: Frame, named: Iterable[str]) -> None:
        """A refusal names only cards its viewer may know or named himself."""
        self.errors += 1
        allowed = self.dealt.ever_known(user) | {Card.parse(c) for c in named}
        if frame["code"] == "bad_card":  # "write rank then suit, e.g. 'As', 'Td'"
            allowed |= EXAMPLE_CARDS
        for leak in find_leaks(frame, allowed):
            self.problems.append(f"{who}'s refusal names {leak}")

    def page(self, who: str, user: int | None, path: str, body: str) -> None:
        """An HTTP response names only cards its reader was ever allowed to see."""
        self.pages += 1
        for leak in find_leaks(body, self.dealt.ever_known(user)):
            self.problems.append(f"{who}'s page {path} names {leak}")


def named_cards(message: Frame) -> list[str]:
    """The card tokens a client's own message names (a draw's), which a refusal may echo."""
    return [str(card) for card in cards_in(json.dumps(message))]
