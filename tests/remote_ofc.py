"""Remote terminal tables at an in-process OFC room (:mod:`tests.remote_link`): what each
user may know of an OFC hand (the model of :mod:`tests.web.test_ofc_leaks`), and the keys
that set a whole deal on the remote OFC screen."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pokerroom.cards import Card
from pokerroom.room.ofc import OfcRoom
from pokerroom.room.seam import User
from pokerroom.tui.remote import RemoteTableApp
from pokerroom.tui.remote.ofc import RemoteOfcScreen
from tests.remote_link import BaseHub
from tests.web.leaks import Leak, find_leaks
from tests.web.test_ofc_leaks import known_now

ROW_KEYS = {"top": "t", "middle": "m", "bottom": "b"}


@dataclass
class OfcHub(BaseHub):
    """A :class:`Hub` whose frames are checked with the OFC leak model (X-4, O-2, O-4):
    the hand being played against what its viewer may know of it now, each result against
    its own hand's final boards."""

    room: OfcRoom
    finished: dict[int, set[Card]] = field(default_factory=dict)

    def knows_now(self, user: User | None) -> set[Card]:
        room = self.room
        if room.hand is None:
            return set()
        seat = None if user is None else room.seat_of_user(user.id)
        return known_now(room.hand, None if seat is None else room.position_of(seat))

    def frame_leaks(self, frame: Mapping[str, object], user: User | None) -> list[Leak]:
        room = self.room
        hand = room.hand
        if room.hand_done and hand is not None:
            boards = hand.public_boards()
            self.finished.setdefault(room.hand_number, {c for b in boards if b for c in b.cards()})
        rest = dict(frame)
        results = rest.pop("results", [])
        leaks = find_leaks(rest, self.knows_now(user))
        for result in results if isinstance(results, list) else []:
            leaks += find_leaks(result, self.finished[result["number"]])
        return leaks


def ofc_screen(app: RemoteTableApp) -> RemoteOfcScreen:
    assert app.ofc is not None, "the app did not open its OFC screen"
    return app.ofc


def deal_keys(screen: RemoteOfcScreen, rows: dict[str, list[str]]) -> list[str]:
    """Keys that set the whole deal on the screen — the discard first (the first card),
    then each card on the lowest row with room, bottom first — and send it; ``rows`` gets
    every card set, row by row."""
    frame = screen.frame
    assert frame is not None
    you = frame["you"]
    cards = list(you["cards"])
    keys: list[str] = []
    if you["to_discard"]:
        keys.append("x")  # the first card, chosen at the deal
        cards.pop(0)
    free = dict(you["free"])
    for card in cards:
        row = next(r for r in ("bottom", "middle", "top") if free[r] > 0)
        free[row] -= 1
        rows[row].append(card)
        keys.append(ROW_KEYS[row])  # the chosen card is always the first still to set
    return [*keys, "enter"]
