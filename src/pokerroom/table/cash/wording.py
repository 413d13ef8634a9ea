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

from pokerroom.i18n import N_, gettext, ngettext


def buy_in_range(low: int, high: int) -> str:
    """ "80 to 200 chips" (the noun agrees with the top: «от 80 до 200 фишек»)."""
    return ngettext("{low} to {high} chip", "{low} to {high} chips", high).format(
        low=low, high=high
    )


def buy_in_refusal(low: int, high: int, buy_in: object) -> str | None:
    """Why ``buy_in`` cannot buy a seat at a table of this range, or None when it can."""
    if type(buy_in) is int and low <= buy_in <= high:
        return None
    return gettext(N_("a buy-in at this table is {range}, got {buy_in}")).format(
        range=buy_in_range(low, high), buy_in=repr(buy_in)
    )


def top_up_refusal(max_buy_in: int, chips: int, amount: object, who: str = "you") -> str | None:
    """Why ``who`` (holding ``chips``) cannot add ``amount`` between hands, or None."""
    room = max_buy_in - chips
    if type(amount) is int and 1 <= amount <= room:
        return None
    if who == "you":
        message = N_(
            "you may add 1 to {room} chips (the maximum buy-in is {max_buy_in}, "
            "you have {chips}), got {amount}"
        )
    else:
        message = N_(
            "{who} can add 1 to {room} chips (the maximum buy-in is {max_buy_in}, "
            "he has {chips}), got {amount}"
        )
    return gettext(message).format(
        who=who, room=room, max_buy_in=max_buy_in, chips=chips, amount=repr(amount)
    )
