"""Drive a live room (a :class:`HomeRoom`, a :class:`CashRoom`) as its players would:
messages with fresh ids, time that passes, and random play read off each player's own
snapshot."""

from __future__ import annotations

import json
import random
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from pokerroom.engine import VARIANTS
from pokerroom.protocol.frames import TableFrame
from pokerroom.room import HomeRoom, ShotClock
from pokerroom.room.live import LiveRoom
from pokerroom.room.seam import Outcome, User
from pokerroom.table.series import SeriesSettings

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo")


R = TypeVar("R", bound=LiveRoom)


@dataclass
class Driver(Generic[R]):
    room: R
    users: list[User]
    now: float = 0.0
    sent: int = field(default=0)

    def send(self, user: User | None, message_type: str, /, **fields: object) -> Outcome:
        """Send one message of ``message_type`` with a fresh id."""
        return self.post(user, {"type": message_type, **fields})

    def post(self, user: User | None, message: dict[str, object]) -> Outcome:
        """Send ``message`` (its ``type`` included) with a fresh id."""
        self.sent += 1
        return self.room.handle(user, {"id": f"m{self.sent}", **message}, self.now)

    def snap(self, user: User | None) -> TableFrame:
        return self.room.snapshot(user)

    def text(self, user: User | None) -> str:
        return json.dumps(self.snap(user), sort_keys=True)

    def wait(self) -> bool:
        """Let time run to the room's next deadline; False when it has none."""
        deadline = self.room.deadline()
        if deadline is None:
            return False
        self.now = max(self.now, deadline)
        self.room.tick(self.now)
        return True

    def decider(self) -> User | None:
        """The user the table waits for, if any."""
        for user in self.users:
            if self.snap(user)["you"]["decision"] is not None:
                return user
        return None


Table = Driver[HomeRoom]
"""A home-series room's driver."""


def table(
    game: str = "holdem",
    players: int = 3,
    *,
    seed: int = 1,
    bots: dict[int, str] | None = None,
    clock: ShotClock | None = None,
    max_hands: int | None = None,
    start: bool = True,
    bot_accounts: Collection[int] = (),
    **settings: object,
) -> Table:
    """A room with ``players`` users in seats 1 … n (user 1 the host), started; the users
    numbered in ``bot_accounts`` have the role ``bot`` (a program plays them)."""
    seats = players + len(bots or {})
    room = HomeRoom(
        "t1",
        settings=SeriesSettings(VARIANTS[game], **settings),  # type: ignore[arg-type]
        seats=max(seats + (0 if start else 1), 2),  # a full table starts by itself
        host=1,
        bots=bots,
        clock=clock,
        seed=seed,
        max_hands=max_hands,
    )
    users = [
        User(i + 1, NAMES[i], frozenset({"player", "bot"} if i + 1 in bot_accounts else {"player"}))
        for i in range(players)
    ]
    result = Table(room, users)
    for index, user in enumerate(users):
        assert result.send(user, "sit", seat=index + 1).changed
    if start and room.status == "waiting":
        assert result.send(users[0], "start").changed
    return result


def random_act(frame: TableFrame, rng: random.Random) -> dict[str, object]:
    """A random legal decision for the player whose snapshot this is."""
    you = frame["you"]
    if you["decision"] == "draw":
        seat = you["seat"]
        assert seat is not None
        mine = [c for c in frame["seats"][seat - 1]["cards"] if c is not None]
        return {"type": "draw", "cards": rng.sample(mine, rng.randint(0, min(3, len(mine))))}
    if you["decision"] == "show":
        return {"type": rng.choice(["show", "muck"] if you["may_muck"] else ["show"])}
    if you["decision"] == "run_twice":
        return {"type": "run_twice", "agree": rng.random() < 0.5}
    actions = you["actions"]
    assert actions is not None
    choices: list[dict[str, object]] = []
    if actions["fold"]:
        choices.append({"action": "fold"})
    if actions["check"]:
        choices += [{"action": "check"}] * 3
    if actions["call"] is not None:
        choices += [{"action": "call"}] * 3
    if actions["bring_in"] is not None:
        choices.append({"action": "bring_in"})
    sized = actions["raise_to"]
    if sized is not None:
        amounts = [p["amount"] for p in actions["presets"]] or [sized["min"]]
        choices.append({"action": sized["word"], "amount": rng.choice(amounts)})
    return {"type": "act", **rng.choice(choices)}
