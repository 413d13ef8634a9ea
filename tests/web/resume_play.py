"""Play a room (saved or not) the same way twice: a seeded random player read off the
deciding player's own snapshot, fresh message ids, and time that moves only when nobody
has to decide, so a resumed table and an uninterrupted one can be played in lockstep."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from pokerroom.protocol.frames import TableFrame
from pokerroom.room.seam import Outcome, Room, User
from tests.web.table_driver import random_act

CLOCK_FIELDS = "next_hand_at", "deadline", "countdown_from"


@dataclass
class Play:
    room: Room
    users: list[User]
    seed: int
    now: float = 100.0
    sent: int = 0
    seen: list[str] = field(default_factory=list)
    """Every snapshot taken, as JSON text."""

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def send(self, user: User | None, message_type: str, /, **fields: object) -> Outcome:
        self.sent += 1
        message = {"type": message_type, "id": f"m{self.sent}", **fields}
        return self.room.handle(user, message, self.now)

    def snap(self, viewer: User | None) -> TableFrame:
        frame = cast(TableFrame, self.room.snapshot(viewer))
        self.seen.append(json.dumps(frame, sort_keys=True))
        return frame

    def views(self) -> dict[int | None, TableFrame]:
        """Every player's snapshot and an observer's (None)."""
        return {None: self.snap(None)} | {user.id: self.snap(user) for user in self.users}

    def step(self, number: int) -> bool:
        """One thing happens; False when the table has nothing more to do."""
        views = self.views()
        if number % 7 == 3:  # a pre-action from someone not on turn, often refused
            user = self.rng.choice(self.users)
            self.send(user, "preaction", kind=self.rng.choice(["check_fold", "call_any", "clear"]))
            return True
        decider = next((u for u in self.users if views[u.id]["you"]["decision"]), None)
        if decider is not None:
            message = random_act(views[decider.id], self.rng)
            self.send(decider, str(message.pop("type")), **message)
            return True
        deadline = self.room.deadline()
        if deadline is None:
            return self._between_hands(views)
        self.now = max(self.now, deadline)
        self.room.tick(self.now)
        return True

    def _between_hands(self, views: dict[int | None, TableFrame]) -> bool:
        """A waiting cash table: the short stacks top up, the sitting-out sit in."""
        for user in self.users:
            options: Any = views[user.id]["you"].get("cash")
            if options and options["state"] == "sitting_out":
                return self.send(user, "sit_in", post=True).changed
            if options and options["top_up"] > 0 and options["state"] == "no_chips":
                return self.send(user, "top_up", amount=options["top_up"]).changed
        return False


def without_clocks(frame: Mapping[str, Any]) -> tuple[dict[str, Any], list[float]]:
    """The snapshot with its clock readings taken out, and those readings in order."""
    copy: dict[str, Any] = json.loads(json.dumps(frame))
    clocks: list[float] = []
    if copy["next_hand_at"] is not None:
        clocks.append(copy.pop("next_hand_at"))
    copy.pop("next_hand_at", None)
    clock = (copy["hand"] or {}).get("clock")
    if clock is not None:
        clocks += [clock.pop("deadline"), clock.pop("countdown_from")]
    return copy, clocks
