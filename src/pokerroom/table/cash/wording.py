"""A cash table's refusals of a buy-in and a top-up, in one wording for every interface:
the server refuses with these lines, and a client checks a typed amount against the
table's range with them before sending it, so both say the same thing.

>>> buy_in_refusal(80, 200, 50)
'a buy-in at this table is 80 to 200 chips, got 50'
>>> buy_in_refusal(80, 200, 80) is None
True
>>> top_up_refusal(200, 150, 60)
'you may add 1 to 50 chips (the maximum buy-in is 200, you have 150), got 60'
"""

from __future__ import annotations


def buy_in_range(low: int, high: int) -> str:
    return f"{low} to {high} chips"


def buy_in_refusal(low: int, high: int, buy_in: object) -> str | None:
    """Why ``buy_in`` cannot buy a seat at a table of this range, or None when it can."""
    if type(buy_in) is int and low <= buy_in <= high:
        return None
    return f"a buy-in at this table is {buy_in_range(low, high)}, got {buy_in!r}"


def top_up_refusal(max_buy_in: int, chips: int, amount: object, who: str = "you") -> str | None:
    """Why ``who`` (holding ``chips``) cannot add ``amount`` between hands, or None."""
    room = max_buy_in - chips
    if type(amount) is int and 1 <= amount <= room:
        return None
    may, has = ("may", "you have") if who == "you" else ("can", "he has")
    return (
        f"{who} {may} add 1 to {room} chips (the maximum buy-in is {max_buy_in}, "
        f"{has} {chips}), got {amount!r}"
    )
