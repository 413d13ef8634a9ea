"""The console's prompts: the text the director types, read into one desk action.

Each reader takes the typed text and returns what the desk did (or raises one
:class:`UsageError` saying what to type); the app shows that one line and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pokerroom.errors import UsageError
from pokerroom.i18n import _, ngettext, pgettext
from pokerroom.tournament.live import level_words
from pokerroom.tournament.live.desk import LiveDesk, what_done
from pokerroom.tournament.money.deal import Deal, DealMethod
from pokerroom.tournament.penalties.log import PenaltyGiven, Ruling, ruling_text
from pokerroom.tournament.structure import Level


@dataclass(frozen=True, slots=True)
class Prompt:
    """A question the console asks before an action: its label and what the answer does."""

    label: str
    answer: Callable[[LiveDesk, str], str]


def _whole(text: str, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise UsageError(
            _("{what} is a whole number, got {text!r}").format(what=what, text=text)
        ) from None
    return value


def _words(text: str, count: int, example: str) -> list[str]:
    words = text.split()
    if len(words) < count:
        raise UsageError(
            ngettext(
                "type {count} value, e.g. {example!r}",
                "type {count} values, e.g. {example!r}",
                count,
            ).format(count=count, example=example)
        )
    return words


def bust(desk: LiveDesk, text: str) -> str:
    """``TABLE SEAT[:STACK] …``: e.g. ``3 7`` or ``3 7:4000 2:6500`` (several in one hand)."""
    words = _words(text, 2, "3 7:4000 2:6500")
    table = _whole(words[0], _("the table"))
    seats, stacks = [], {}
    for word in words[1:]:
        seat_text, _colon, stack_text = word.partition(":")
        seat = _whole(seat_text, _("a seat"))
        seats.append(seat)
        if stack_text:
            stacks[seat] = _whole(stack_text, _("seat {seat}'s starting stack").format(seat=seat))
    return what_done(desk.bust(table, seats, stacks))


def button(desk: LiveDesk, text: str) -> str:
    words = _words(text, 2, "3 5")
    desk.report_button(_whole(words[0], _("the table")), _whole(words[1], _("the seat")))
    return _("button of table {table} on seat {seat}").format(table=words[0], seat=words[1])


def minutes_break(desk: LiveDesk, text: str) -> str:
    minutes = _whole(text or "10", _("the break's minutes"))
    desk.call_break(minutes)
    return ngettext("break of {count} minute", "break of {count} minutes", minutes).format(
        count=text or "10"
    )


def _level(text: str) -> Level:
    """``NUMBER SMALL BIG ANTE MINUTES``."""
    words = _words(text, 5, "7 300 600 75 8")
    number, small, big, ante, minutes = (_whole(w, _("a level value")) for w in words[:5])
    return Level(number, minutes, small, big, ante=ante)


def edit_level(desk: LiveDesk, text: str) -> str:
    """``NUMBER SMALL BIG ANTE MINUTES``: a level not yet played (T-20)."""
    level = _level(text)
    desk.edit_level(level)
    return level_words.edited(level)


def insert_level(desk: LiveDesk, text: str) -> str:
    """``NUMBER SMALL BIG ANTE MINUTES``: a new level there, not yet played (T-20)."""
    level = _level(text)
    desk.insert_level(level)
    return level_words.inserted(level)


def remove_level(desk: LiveDesk, text: str) -> str:
    """``NUMBER``: a level not yet played (T-20)."""
    number = _whole(text, _("the level's number"))
    desk.remove_level(number)
    return _("level {number} removed; later levels move down one").format(number=number)


def penalty(desk: LiveDesk, text: str) -> str:
    """``PLAYER CLAUSE``: the T-21 preset's penalty, e.g. ``Ann 7.1.13``."""
    words = _words(text, 2, "Ann 7.1.13")
    player, clause = " ".join(words[:-1]), words[-1]
    given = desk.penalize(player, clause)[-1]
    penalty = given.penalty.text() if isinstance(given, PenaltyGiven) else ""
    return _("penalty for {player}: {penalty}").format(player=player, penalty=penalty)


def hand_dealt(desk: LiveDesk, text: str) -> str:
    return what_done(desk.hand_dealt(_whole(text, _("the table"))))


def protest(desk: LiveDesk, text: str) -> str:
    """``PENALTY PLAYER TEXT``."""
    words = _words(text, 3, _("1 Ann it was not my turn"))
    desk.protest(_whole(words[0], _("the penalty's number")), words[1], " ".join(words[2:]))
    return _("protest of penalty {penalty} by {player} filed").format(
        penalty=words[0], player=words[1]
    )


def decide(desk: LiveDesk, text: str) -> str:
    """``PROTEST upheld|overturned``."""
    words = _words(text, 2, "1 overturned")
    rulings = {
        "upheld": Ruling.UPHELD,
        "overturned": Ruling.OVERTURNED,
        # the director may type his own language's word
        pgettext("typed ruling", "upheld").lower(): Ruling.UPHELD,
        pgettext("typed ruling", "overturned").lower(): Ruling.OVERTURNED,
    }
    ruling = rulings.get(words[1].lower())
    if ruling is None:
        raise UsageError(
            _("a ruling is upheld or overturned, got {typed!r}").format(typed=words[1])
        )
    desk.decide(_whole(words[0], _("the protest's number")), ruling)
    return _("protest {protest}: {ruling}").format(protest=words[0], ruling=ruling_text(ruling))


def deal_stacks(text: str) -> dict[str, int]:
    """``PLAYER=CHIPS …``."""
    stacks = {}
    for word in text.split():
        player, _equals, chips = word.partition("=")
        if not player or not chips:
            raise UsageError(
                _("type each player's chips as NAME=CHIPS, got {typed!r}").format(typed=word)
            )
        stacks[player] = _whole(chips, _("{player}'s chips").format(player=player))
    return stacks


def offer(desk: LiveDesk, method: DealMethod, text: str) -> Deal:
    return desk.deal_offer(method, deal_stacks(text))
