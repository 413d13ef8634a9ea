"""Taking a seat, leaving it and a cash table's money (buy-in, top-up, posting), read off
one ``table`` frame: which of these keys work now, what the amount box asks for, and the
message a typed line becomes — or, when the server would refuse it, its words for why
(:mod:`pokerroom.table.cash.wording`), so nothing doomed is sent.

>>> frame = {"kind": "home", "status": "waiting", "seats": [{"seat": 1, "name": "Ann"},
...          {"seat": 2, "name": None}], "you": {"seat": None}}
>>> message(frame, "sit", "")
{'type': 'sit', 'seat': 2}
>>> message(frame, "sit", "1")
'seat 1 is taken; free: 2'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokerroom.i18n import gettext
from pokerroom.table.cash.wording import buy_in_range, buy_in_refusal, top_up_refusal

Message = dict[str, object]


def free_seats(frame: Mapping[str, Any]) -> list[int]:
    return [seat["seat"] for seat in frame["seats"] if seat["name"] is None]


def may_sit(frame: Mapping[str, Any]) -> bool:
    """No seat yet, one free, and the table seats people now: a cash table any time, a
    home or OFC table before its first deal (a tournament seats its players itself)."""
    open_now = frame["kind"] == "cash" or (
        frame["kind"] in ("home", "ofc") and frame["status"] == "waiting"
    )
    return frame["you"]["seat"] is None and open_now and bool(free_seats(frame))


def key_works(frame: Mapping[str, Any], action: str, parameters: tuple[object, ...]) -> bool:
    """Whether the seat key for ``action`` (``seat_box``, ``leave``, ``post``) works now."""
    you = frame["you"]
    cash = you.get("cash")
    if action == "seat_box" and parameters == ("sit",):
        return may_sit(frame)
    if action == "seat_box":  # a top-up: only between your hands, below the maximum
        return cash is not None and you["seat"] is not None and cash["top_up"] > 0
    if action == "leave":
        leaving = cash is not None and cash["state"] == "leaving"
        seated = you["seat"] is not None and not leaving
        return seated and (frame["kind"] == "cash" or frame["status"] == "waiting")
    if action == "post":
        if cash is None:
            return False
        return bool(cash["may_post"]) if parameters == (True,) else cash["state"] == "posting"
    return False


def prompt(frame: Mapping[str, Any], typing: str) -> str:
    """What the amount box asks for."""
    free = ", ".join(map(str, free_seats(frame)))
    table = frame.get("cash")
    if typing == "top_up":
        return gettext("chips to add: 1-{most}").format(most=frame["you"]["cash"]["top_up"])
    if table is not None:
        low, high = table["min_buy_in"], table["max_buy_in"]
        return gettext(
            "buy-in {low}-{high}, then a seat (free: {free}), e.g. {high} — Enter"
        ).format(low=low, high=high, free=free)
    return gettext("seat (free: {free}) — Enter: the first free one").format(free=free)


def message(frame: Mapping[str, Any], typing: str, typed: str) -> Message | str:
    """The ``sit`` or ``top_up`` a typed line asks for, or why it would be refused."""
    words = typed.split()
    if not all(word.isdigit() for word in words):
        return gettext("{typed} is not a whole number: type digits").format(
            typed=repr(typed.strip())
        )
    numbers = [int(word) for word in words]
    if typing == "top_up":
        return _top_up(frame, numbers)
    table = frame.get("cash")
    if table is None:
        return _seat(frame, numbers, {"type": "sit"})
    low, high = table["min_buy_in"], table["max_buy_in"]
    if not numbers:
        return gettext("sit needs a 'buy_in': at this table {range}").format(
            range=buy_in_range(low, high)
        )
    refused = buy_in_refusal(low, high, numbers[0])
    if refused is not None:
        return refused
    return _seat(frame, numbers[1:], {"type": "sit", "buy_in": numbers[0]})


def _seat(frame: Mapping[str, Any], numbers: list[int], sit: Message) -> Message | str:
    free = free_seats(frame)
    if len(numbers) > 1:
        return gettext("type one seat number")
    seat = numbers[0] if numbers else (free[0] if free else 0)
    if seat not in free:
        size = len(frame["seats"])
        if not 1 <= seat <= size:
            return gettext("this table has seats 1-{size}; free: {free}").format(
                size=size, free=", ".join(map(str, free))
            )
        return gettext("seat {seat} is taken; free: {free}").format(
            seat=seat, free=", ".join(map(str, free))
        )
    return {**sit, "seat": seat}


def _top_up(frame: Mapping[str, Any], numbers: list[int]) -> Message | str:
    table, cash = frame["cash"], frame["you"]["cash"]
    high = table["max_buy_in"]
    amount: object = numbers[0] if len(numbers) == 1 else " ".join(map(str, numbers))
    refused = top_up_refusal(high, high - cash["top_up"], amount)
    return refused if refused is not None else {"type": "top_up", "amount": amount}
