"""Shared frames are exact: every viewer's frame, made from the public part the room builds
once per change and language, is the text his frame built directly would be.

Random play at home tables of several games, cash tables (players coming and going) and
OFC tables; after every step each player, two signed-in watchers, the host-moderator and
two signed-out observers are served from one :class:`SharedFrames`, in random order and random
languages, and each text is compared with the direct builder's
(:mod:`tests.web.direct_frames`): a viewer's part that leaked into the shared one, or a
shared value changed for one viewer, shows as a difference for the next. One
:class:`SharedFrames` serves a whole game, told of each change as the hub tells it, so a
text kept from one change to the next (a hand's results) that went stale shows too.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.i18n import LANGUAGES, use_language
from pokerroom.room import ShotClock
from pokerroom.room.hub import room_vocabulary
from pokerroom.room.live import LiveRoom
from pokerroom.room.ofc import OfcRoom
from pokerroom.room.outbox import encode
from pokerroom.room.seam import User
from pokerroom.room.shared_frames import SharedFrames
from tests.web.cash_driver import cash_step, cash_table
from tests.web.direct_frames import direct_frame
from tests.web.ofc_driver import random_place
from tests.web.table_driver import random_act, table

CLOCK = ShotClock(seconds=20, countdown=5, banks=1, bank_seconds=10, showdown=5)
WATCHER = User(40, "Watcher")
ONLOOKER = User(41, "Onlooker")
STEPS = 60


def check_every_viewer(
    room: LiveRoom | OfcRoom, users: list[User], rng: random.Random, frames: SharedFrames
) -> None:
    frames.forget(room.id)  # as the hub does after each change
    viewers: list[User | None] = [*users, WATCHER, ONLOOKER, None, None]
    rng.shuffle(viewers)
    vocabulary = room_vocabulary(room)
    for viewer in viewers:
        language = rng.choice(LANGUAGES)
        now = rng.uniform(0, 1000)
        shared = frames.encoded(room, viewer, language, vocabulary, now).decode()
        with use_language(language, vocabulary):
            direct = encode({**direct_frame(room, viewer), "now": now})
        name = "an observer" if viewer is None else viewer.name
        assert shared == direct, f"{name}'s frame in {language} differs"


def chat_step(users: list[User], send: Callable[..., object], rng: random.Random) -> None:
    """A line said (by a player or the watcher), or one user ignored, muted or let speak
    again (user 1 hosts, so moderates): viewers who read the chat alike share its frame
    (:mod:`pokerroom.room.shared_chat`), and any who does not must get his own."""
    people = [*users, WATCHER, ONLOOKER]
    speaker, other = rng.choice(people), rng.choice(people)
    roll = rng.random()
    if roll < 0.5:
        send(speaker, "chat", text=f"hello {rng.random():.3f}")
    elif roll < 0.75:
        send(speaker, "chat_ignore", user=other.id, ignore=rng.random() < 0.7)
    else:
        send(users[0], "chat_mute", user=other.id, mute=rng.random() < 0.7)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["holdem", "omaha-hilo", "stud", "draw", "bomb-pot-omaha"]),
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 4),
)
def test_home_tables_frames_equal_the_direct_ones(game: str, seed: int, players: int) -> None:
    rng = random.Random(seed)
    t = table(game, players, seed=seed, clock=CLOCK, max_hands=3)
    frames = SharedFrames()
    for _ in range(STEPS):
        check_every_viewer(t.room, t.users, rng, frames)
        if t.room.status == "over":
            break
        decider = t.decider()
        if rng.random() < 0.15:
            user = rng.choice(t.users)
            t.send(user, "preaction", kind=rng.choice(["check_fold", "call_any", "fold_any"]))
        elif rng.random() < 0.15:
            chat_step(t.users, t.send, rng)
        elif decider is None or rng.random() < 0.1:
            t.wait()
        else:
            t.now += rng.uniform(0, 5)
            assert t.post(decider, random_act(t.snap(decider), rng)).changed
    check_every_viewer(t.room, t.users, rng, frames)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(["holdem", "stud", "draw"]),
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 4),
)
def test_cash_tables_frames_equal_the_direct_ones(game: str, seed: int, players: int) -> None:
    rng = random.Random(seed)
    straddle = "utg" if game == "holdem" else "off"
    t = cash_table(game, players, seed=seed, users=5, clock=CLOCK, straddle=straddle)
    frames = SharedFrames()
    for _ in range(STEPS):
        check_every_viewer(t.room, t.users, rng, frames)
        cash_step(t, rng)
    check_every_viewer(t.room, t.users, rng, frames)


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), seats=st.integers(2, 3))
def test_ofc_tables_frames_equal_the_direct_ones(seed: int, seats: int) -> None:
    rng = random.Random(seed)
    room = OfcRoom("shared", seats=seats, clock=CLOCK, seed=seed, pause=1.0)
    people = [User(n, f"Player{n}") for n in range(1, seats + 1)]
    now, sent = 0.0, 0
    for seat, user in enumerate(people, 1):
        sent += 1
        room.handle(user, {"type": "sit", "id": f"m{sent}", "seat": seat}, now)
    frames = SharedFrames()
    for _ in range(STEPS):
        check_every_viewer(room, people, rng, frames)
        decider = next((u for u in people if room.snapshot(u)["you"]["decision"]), None)
        if decider is not None:
            message = random_place(room.snapshot(decider), rng)
            sent += 1
            assert room.handle(decider, {**message, "id": f"m{sent}"}, now).changed
        else:
            deadline = room.deadline()
            if deadline is None:
                break
            now = max(now, deadline)
            room.tick(now)
    check_every_viewer(room, people, rng, frames)


def test_the_check_catches_a_viewers_part_left_in_the_shared_one() -> None:
    """A room that put one viewer's cards into the shared seats would be caught."""
    t = table("holdem", 3, seed=5)
    room = t.room
    real = room.snapshot_over

    def careless(shared: object, viewer: User | None) -> object:
        frame = real(shared, viewer)  # type: ignore[arg-type]
        if viewer is not None:
            frame["seats"][0]["cards"] = ["As", "Kd"]  # edits a shared seat
        return frame

    room.snapshot_over = careless  # type: ignore[method-assign,assignment]
    try:
        check_every_viewer(room, [*t.users], random.Random(1), SharedFrames())
    except AssertionError:
        return
    raise AssertionError("a shared seat changed for one viewer went unnoticed")
