"""A web tournament followed on every process of a cluster (issue 25: no sticky sessions),
with two real server processes, one real NATS broker and PostgreSQL.

Ann makes a tournament on the first process (its owner). Bob registers through the second
process's page, and Ann starts it there too: the owner runs both and the second shows
what it saved at once. Bob plays through a socket on the second process while a socket of
his on the owner watches: at every moment both saw, both show him the same cards, stacks
and board; before any showdown neither shows him Ann's cards, and no broker message ever
names a card. The owner is killed with SIGKILL mid-hand: the second process takes the
tournament over in place (Bob's socket stays open), Ann's page reconnects there, and the
hand goes on at the decision it was at, never dealt again.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import nats
import pytest
from nats.aio.msg import Msg
from websockets.asyncio.client import connect

from pokerroom.client.http import Answer
from pokerroom.client.signing_in import SESSION_COOKIE
from pokerroom.storage.database import open_database
from pokerroom.storage.rooms.store import RoomStore
from pokerroom.storage.rooms.tournaments import replay, starting_point
from tests.cluster.test_pages_on_any_process import Idle, seen
from tests.cluster.test_rebalance import BALANCED_WITHIN, counts, owners
from tests.cluster.test_two_processes import (
    Worker,
    failures,
    hidden_from,
    in_order,
    is_table,
    joined_retrying,
    of_hand,
)
from tests.real_parts import NatsServer
from tests.web.served import Served
from tests.web.test_failover import Node, sign_in, start
from tests.web.test_saved_means_saved import cards, moment

pytestmark = pytest.mark.postgres

WAIT = 30.0


def made(worker: Served, token: str, bots: int = 0) -> str:
    """A sit & go (the shipped home example, filled with ``bots``) made on ``worker``."""
    visit = worker.visit(token)
    form = visit.get("/tournaments/new")
    assert form.status == 200, form.refusal()
    fields = {"csrf": form.csrf(), "example": "home-sit-and-go", "bots": str(bots)}
    answer = visit.post("/tournaments", fields, json_answer=True)
    assert answer.status == 201, answer.refusal()
    listing = answer.json()
    assert isinstance(listing, dict)
    return str(listing["id"])


def lobby(worker: Served, token: str, tid: str) -> dict[str, Any]:
    answer = worker.visit(token).get(f"/api/tournaments/{tid}", json_answer=True)
    assert answer.status == 200, answer.refusal()
    frame = answer.json()
    assert isinstance(frame, dict)
    return frame


def deed(worker: Served, token: str, tid: str, name: str) -> Answer:
    """The tournament page's form ``name`` posted on ``worker``."""
    visit = worker.visit(token)
    page = visit.get(f"/tournaments/{tid}")
    assert page.status == 200, page.refusal()
    return visit.post(f"/tournaments/{tid}/{name}", {"csrf": page.csrf()}, json_answer=True)


def until(check: Any, what: str) -> Any:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            found = check()
        except AssertionError:
            found = None
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError(f"not {what} within {WAIT} s")


def shown(frame: dict[str, Any]) -> tuple[Any, ...]:
    """What a table frame shows of the play (not its clock readings or connections)."""
    seats = [
        (s["name"], s["stack"], s["bet"], tuple(s["cards"]), s["folded"]) for s in frame["seats"]
    ]
    hand = frame["hand"]
    board = None if hand is None else (hand["boards"], hand["pot"], hand["to_act"])
    return tuple(seats), board


def by_moment(frames: list[dict[str, Any]]) -> dict[tuple[int, int], tuple[Any, ...]]:
    return {moment(frame): shown(frame) for frame in frames}


def every_card(frames: list[dict[str, Any]]) -> set[str]:
    found: set[str] = set()
    for frame in frames:
        for seat in frame["seats"]:
            found.update(card for card in seat["cards"] or [] if card not in (None, "??", ""))
        if frame["hand"] is not None:
            found.update(card for board in frame["hand"]["boards"] for card in board)
    return found


def test_a_tournament_is_served_by_every_process_and_taken_over_in_place(
    workers: tuple[Worker, Worker], nats_server: NatsServer
) -> None:
    owner, other = workers
    tokens = owner.accounts("Ann", "Bob")
    asyncio.run(_story(owner, other, nats_server, tokens))


async def _story(owner: Worker, other: Worker, broker: NatsServer, tokens: dict[str, str]) -> None:
    ann_token, bob_token = tokens["Ann"], tokens["Bob"]
    bus: list[bytes] = []
    listener = await nats.connect(broker.url)

    async def heard(message: Msg) -> None:
        bus.append(message.data)

    await listener.subscribe(">", cb=heard)

    tid = await asyncio.to_thread(made, owner, ann_token)
    await asyncio.to_thread(until, lambda: lobby(other, bob_token, tid), "followed elsewhere")
    watch = Idle(
        await connect(
            f"ws://127.0.0.1:{other.port}/ws/tables/{tid}",
            additional_headers={"Cookie": f"{SESSION_COOKIE}={bob_token}"},
            proxy=None,
        )
    )  # the tournament's own socket, on the process that follows it
    watching = asyncio.get_running_loop().create_task(watch.play())
    await watch.send("hello", v=1)

    answer = await asyncio.to_thread(deed, owner, ann_token, tid, "register")
    assert answer.status == 200, answer.refusal()
    answer = await asyncio.to_thread(deed, other, bob_token, tid, "register")  # forwarded
    assert answer.status == 200, answer.refusal()
    assert lobby(other, bob_token, tid)["you"]["registered"]  # shown at once where posted
    assert [p["name"] for p in lobby(owner, ann_token, tid)["players"]] == ["Ann", "Bob"]
    await seen(watch, lambda f: f.get("registered") == 2, "of both registered, on its socket")
    refused = await asyncio.to_thread(deed, other, bob_token, tid, "start")
    assert refused.status == 409  # the owner's refusal: Bob did not make it
    answer = await asyncio.to_thread(deed, other, ann_token, tid, "start")
    assert answer.status == 200, answer.refusal()
    table = await asyncio.to_thread(
        until, lambda: lobby(other, bob_token, tid)["you"]["table"], "seated"
    )

    ann, ann_task = await joined_retrying(owner, ann_token, table)
    bob, bob_task = await joined_retrying(other, bob_token, table)  # plays through the owner
    mirror = Idle(
        await connect(
            f"ws://127.0.0.1:{owner.port}/ws/tables/{table}",
            additional_headers={"Cookie": f"{SESSION_COOKIE}={bob_token}"},
            proxy=None,
        )
    )  # Bob's own view, as the owner builds it
    mirroring = asyncio.get_running_loop().create_task(mirror.play())
    await mirror.send("hello", v=1)
    await bob.until(of_hand(6), "of hand 6 on the follower")
    await asyncio.sleep(1.0)

    on_follower = by_moment([f for f in bob.frames if is_table(f)])
    on_owner = by_moment([f for f in mirror.frames if is_table(f)])
    both = sorted(set(on_follower) & set(on_owner))
    assert len(both) >= 8, both  # two or more moments of every hand
    assert [on_follower[m] for m in both] == [on_owner[m] for m in both]
    dealt = [f for f in bob.tables() if f["hand"] is not None]
    assert dealt and hidden_from(dealt[0], "Ann")
    assert not failures(bob) and not failures(ann), failures(bob) + failures(ann)

    in_hand = await bob.until(
        lambda f: is_table(f) and f["hand"] is not None and f["hand"]["to_act"] is not None,
        "of a decision to make",
    )
    number = moment(in_hand)[0]
    held = {moment(f)[0]: cards(f) for f in bob.tables() if f["hand"] is not None}
    killed_at = len(bob.frames)
    last_seen = moment(bob.tables()[-1])
    owner.kill()  # SIGKILL mid-hand
    ann_task.cancel()
    mirroring.cancel()
    ann, ann_task = await joined_retrying(other, ann_token, table)  # her page reconnects
    await bob.until(of_hand(number + 2), "of the hands after the takeover")
    in_order(bob)
    resumed = moment(next(f for f in bob.frames[killed_at:] if is_table(f)))
    assert last_seen <= resumed and resumed[0] <= last_seen[0] + 1  # where it was
    for frame in bob.tables():
        hand = moment(frame)[0]
        if hand in held and frame["hand"] is not None:
            assert cards(frame) == held[hand], "a hand seen was dealt again with other cards"
    assert not [f for f in failures(ann) + failures(bob) if f["code"] != "moving"]
    assert lobby(other, ann_token, tid)["status"] == "running"  # its page, on its new owner

    await listener.drain()
    every = every_card(bob.tables() + ann.tables() + mirror.tables())
    assert every, "no card was seen"
    carried = b"\n".join(bus).decode()
    assert not [card for card in every if json.dumps(card) in carried]  # no card on the bus
    for task in (ann_task, bob_task, watching):
        task.cancel()
    for player in (ann, bob, watch):
        await player.socket.close()


def handed_over_between_hands(url: str, tid: str) -> list[tuple[bool, int]]:
    """For each time the tournament changed owner (its saved ``shift``), whether its tables
    were all between hands then, and how many inputs were saved after: replayed from its
    recipe, input by input."""
    with open_database(url) as database:
        store = RoomStore(database)
        stored = store.open_room(tid)
        assert stored is not None
        tournament, _after = starting_point(stored, None)
        moves: list[tuple[bool, int]] = []
        inputs = store.inputs(tid)
        for done, item in enumerate(inputs):
            if item.kind == "shift":
                rooms = tournament.rooms.values()
                idle = all(r.hand is None or r.hand_done for r in rooms)
                moves.append((idle, len(inputs) - done - 1))
            replay(tournament, [item])
    return moves


def test_web_tournaments_are_handed_over_for_balance_their_sockets_kept(
    nodes: list[Node],
) -> None:
    """Four sit & gos of bots playing on one server (2 s leases); a second server starts
    and gets two of them, each between the hands of its table, and runs them.
    Their lobby sockets on the first stay open, and a page's command posted to the first
    gets the new owner's answer."""
    first, second = nodes
    token = sign_in(first.url)
    start(first)
    on_first = Served(first.folder, first.url, port=first.port)
    tids = [made(on_first, token, bots=4) for _tournament in range(4)]
    for tid in tids:
        answer = deed(on_first, token, tid, "start")
        assert answer.status == 200, answer.refusal()

    async def scenario() -> None:
        sockets = {}
        for tid in tids:
            socket = Idle(
                await connect(
                    f"ws://127.0.0.1:{first.port}/ws/tables/{tid}",
                    additional_headers={"Cookie": f"{SESSION_COOKIE}={token}"},
                    proxy=None,
                )
            )
            sockets[tid] = (socket, asyncio.get_running_loop().create_task(socket.play()))
            await socket.send("hello", v=1)
        started = time.monotonic()
        await asyncio.to_thread(start, second)
        holders = await asyncio.to_thread(owners, first.url, tids)
        while counts(holders) != [2, 2]:
            assert time.monotonic() - started < BALANCED_WITHIN, f"still {counts(holders)}"
            await asyncio.sleep(0.2)
            holders = await asyncio.to_thread(owners, first.url, tids)
        assert not [tid for tid, (_socket, task) in sockets.items() if task.done()]
        for tid in tids:
            again = await asyncio.to_thread(deed, on_first, token, tid, "start")
            assert again.status == 409, again.refusal()  # the owner's: it started already
        for socket, task in sockets.values():
            task.cancel()
            await socket.socket.close()

    asyncio.run(scenario())
    moves = {tid: handed_over_between_hands(first.url, tid) for tid in tids}
    assert sorted(len(taken) for taken in moves.values()) == [0, 0, 1, 1], moves
    for taken in moves.values():
        for idle, saved_after in taken:
            assert idle, moves  # its table between hands
            assert saved_after > 0, moves  # the new owner's answer to the start was saved
