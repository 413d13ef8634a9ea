"""The form that creates an OFC Pineapple home game (``/new/ofc``, O-1 … O-7).

Two or three seats (O-2); ``bot_<seat>`` puts an OFC bot of a
:data:`pokerroom.bots.ofc.OFC_BOTS` style there (the terminal table's bots), and at least
one seat stays open for a player. ``hands`` ends the session after that many hands;
blank plays on until the host closes the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pokerroom.bots.ofc import OFC_BOTS
from pokerroom.i18n import gettext, number_text
from pokerroom.ofc_choices import MAX_HANDS, MAX_PLAYERS, MIN_PLAYERS
from pokerroom.table.settings_check import SettingError
from pokerroom.web.lobby import fields
from pokerroom.web.lobby.home_form import ONE_SEAT_OPEN, no_such_bot

OFC_FIELDS = ("name", "seats", "hands", "private", *(f"bot_{s}" for s in range(1, MAX_PLAYERS + 1)))
OFC_DEFAULTS: Mapping[str, str] = {"name": "", "seats": "2", "hands": "", "bot_2": "sensible"}
"""What the empty form shows: you against the sensible bot, heads-up."""


@dataclass(frozen=True, slots=True)
class OfcGame:
    name: str
    seats: int
    bots: dict[int, str] = field(default_factory=dict)
    hands: int | None = None
    private: bool = False


def read_ofc_form(form: Mapping[str, str]) -> OfcGame:
    """The OFC game the form asks for, or :class:`SettingError` for its first bad field."""
    text = (form.get("seats") or OFC_DEFAULTS["seats"]).strip()
    if text not in {str(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}:
        raise SettingError(
            gettext("seats: OFC Pineapple is for {low} or {high} players (O-2); got {text}").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS, text=repr(text[:20])
            )
        )
    seats = int(text)
    bots: dict[int, str] = {}
    for seat in range(1, MAX_PLAYERS + 1):
        style = form.get(f"bot_{seat}", "").strip()
        if not style:
            continue
        if style not in OFC_BOTS:
            raise SettingError(no_such_bot(seat, OFC_BOTS, style))
        if seat <= seats:
            bots[seat] = style
    if len(bots) == seats:
        raise SettingError(gettext(ONE_SEAT_OPEN))
    hands_text = form.get("hands", "").strip()
    hands = None
    if hands_text:
        if not hands_text.isdigit() or not 1 <= int(hands_text) <= MAX_HANDS:
            raise SettingError(
                gettext(
                    "hands: a whole number from 1 to {most}, or blank to play on; got {text}"
                ).format(most=number_text(MAX_HANDS), text=repr(hands_text[:20]))
            )
        hands = int(hands_text)
    name = fields.table_name(form.get("name", ""), gettext("OFC Pineapple home game"))
    return OfcGame(name, seats, bots, hands, private=bool(form.get("private")))
