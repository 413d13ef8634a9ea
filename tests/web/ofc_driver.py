"""Drive an OFC room the way players would: random legal placements read off the deciding
player's own snapshot, bad ones that must be refused, and time that moves only when nobody
has to decide (so a resumed table and an uninterrupted one can be played in lockstep)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pokerroom.cards import ALL_CARDS
from pokerroom.ofc import Session
from pokerroom.room.ofc import OfcRoom
from tests.web.resume_play import Play

ROWS = ("top", "middle", "bottom")


def random_place(frame: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal ``place`` for the viewer whose decision it is (O-1, O-2, O-4)."""
    you = frame["you"]
    cards = list(you["cards"])
    rng.shuffle(cards)
    discard = cards.pop() if you["to_discard"] else None
    places = [row for row in ROWS for _ in range(you["free"][row])]
    rng.shuffle(places)
    message: dict[str, Any] = {"type": "place", "cards": dict(zip(cards, places, strict=False))}
    if discard is not None:
        message["discard"] = discard
    if rng.random() < 0.5:
        message["turn"] = frame["hand"]["turn"]
    return message


def bad_place(frame: Mapping[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """A ``place`` the room must refuse, and the refusal code it must give."""
    you = frame["you"]
    held = list(you["cards"])
    good = random_place(frame, rng)
    cards: dict[str, str] = good["cards"]
    crowded = [row for row in ROWS if you["free"][row] < len(cards)]
    kind = rng.choice(["stranger", "full", "no_discard", "missing", "stale"])
    if kind == "stranger" or (kind == "full" and not crowded):
        stranger = next(str(c) for c in ALL_CARDS if str(c) not in held)
        first = next(iter(cards))
        cards = {stranger if token == first else token: row for token, row in cards.items()}
        return {**good, "cards": cards}, "not_in_hand"
    if kind == "full":
        return {**good, "cards": dict.fromkeys(cards, rng.choice(crowded))}, "row_full"
    if kind == "no_discard":
        if you["to_discard"]:
            return {k: v for k, v in good.items() if k != "discard"}, "missing_discard"
        drop = next(iter(cards))
        rest = {token: row for token, row in cards.items() if token != drop}
        return {**good, "cards": rest, "discard": drop}, "no_discard"
    if kind == "missing":
        return {**good, "cards": dict(list(cards.items())[1:])}, "placement"
    return {**good, "turn": "0.0"}, "stale"


def give_fantasy(room: OfcRoom, seats: set[int]) -> None:
    """Between hands: the next hand deals Fantasyland to these room seats (O-4), as if
    they had earned it; everything else about the session stays as it is."""
    session = room.session
    assert session is not None and session.hand is None
    room.session = Session.restore(
        len(session.totals),
        seed=session.seed,
        hands_played=session.hands_played,
        button=session.button,
        totals=session.totals,
        fantasy_seats={room.seat_order.index(seat) for seat in seats},
    )


@dataclass
class OfcPlay(Play):
    """:class:`~tests.web.resume_play.Play` at an OFC table."""

    def step(self, number: int) -> bool:
        views = self.views()
        decider = next((u for u in self.users if views[u.id]["you"]["decision"]), None)
        if decider is not None:
            frame = views[decider.id]
            if number % 5 == 2:
                message, code = bad_place(frame, self.rng)
                outcome = self.send(decider, str(message.pop("type")), **message)
                assert outcome.code == code and not outcome.changed, (outcome, code)
                return True
            message = random_place(frame, self.rng)
            assert self.send(decider, str(message.pop("type")), **message).changed
            return True
        deadline = self.room.deadline()
        if deadline is None:
            return False
        self.now = max(self.now, deadline)
        self.room.tick(self.now)
        return True
