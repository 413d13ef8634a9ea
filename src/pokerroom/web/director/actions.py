"""The console's actions: a posted form read into one desk action, and the line it says.

Each reader checks the form's fields (:mod:`.forms`) and calls the :class:`LiveDesk`, which
checks the action against the tournament and saves it at once; any refusal is one
:class:`UsageError` (or the clock's ``ClockError``) and nothing changes. The same actions
as the keys of the terminal console (``pokerroom director``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from starlette.datastructures import FormData

from pokerroom.errors import UsageError
from pokerroom.i18n import N_, gettext, ngettext
from pokerroom.room.tournament.words import penalty_words
from pokerroom.tournament.events import TournamentEvent
from pokerroom.tournament.live import level_words
from pokerroom.tournament.live.desk import LiveDesk, what_done
from pokerroom.tournament.money.deal import DealMethod
from pokerroom.tournament.penalties.log import PenaltyGiven, Ruling
from pokerroom.tournament.penalties.table import Offence, Penalty
from pokerroom.tournament.structure import Level
from pokerroom.web.director.forms import (
    choice,
    optional_text,
    optional_whole,
    text,
    texts,
    whole,
    whole_number,
)

MINUTE = 60.0
LONGEST_MINUTES = 24 * 60


@dataclass(frozen=True, slots=True)
class Action:
    """What a form does, and the tab the console shows after it."""

    tab: str
    run: Callable[[LiveDesk, FormData], str]
    guarded: bool = False
    """Done only on the log the page showed (its ``seen`` field): an undo or the moves
    confirmed from a page shown before another console acted would do something else."""


def _player(form: FormData) -> str:
    return text(form, "player", N_("the player's name"))


def _sale(
    sell: Callable[[LiveDesk, str], Sequence[TournamentEvent]],
) -> Callable[[LiveDesk, FormData], str]:
    def run(desk: LiveDesk, form: FormData) -> str:
        return what_done(sell(desk, _player(form)))

    return run


def _table(form: FormData) -> int:
    return whole(form, "table", N_("the table"))


def bust(desk: LiveDesk, form: FormData) -> str:
    """T-12: the seats of one table whose players busted in one hand; with several, the
    stacks they started the hand with (``stack-SEAT``), the larger placed higher."""
    table = _table(form)
    seats = [whole_number(seat, N_("a seat")) for seat in texts(form, "seat")]
    if not seats:
        raise UsageError(
            gettext("tick the seat of each player who busted at table {table}").format(table=table)
        )
    stacks = {}
    for seat in seats:
        given = optional_text(form, f"stack-{seat}")
        if given:
            what = gettext("seat {seat}'s starting stack").format(seat=seat)
            stacks[seat] = whole_number(given, what)
    return what_done(desk.bust(table, seats, stacks))


def report_button(desk: LiveDesk, form: FormData) -> str:
    table, seat = _table(form), whole(form, "seat", N_("the seat"))
    desk.report_button(table, seat)
    return gettext("button of table {table} on seat {seat}").format(table=table, seat=seat)


def _minutes(form: FormData, what: str) -> int:
    return whole(form, "minutes", what, high=LONGEST_MINUTES)


def call_break(desk: LiveDesk, form: FormData) -> str:
    minutes = _minutes(form, N_("the break's minutes"))
    desk.call_break(minutes)
    return ngettext("break of {count} minute", "break of {count} minutes", minutes).format(
        count=minutes
    )


def add_time(desk: LiveDesk, form: FormData) -> str:
    minutes = _minutes(form, N_("the minutes to add"))
    desk.add_time(minutes * MINUTE)
    return gettext("{count} min added").format(count=minutes)


def remove_time(desk: LiveDesk, form: FormData) -> str:
    minutes = _minutes(form, N_("the minutes to remove"))
    desk.remove_time(minutes * MINUTE)
    return gettext("{count} min removed").format(count=minutes)


def _level(form: FormData) -> Level:
    """A level typed in: its number, blinds, ante and minutes (T-20)."""
    return Level(
        whole(form, "number", N_("the level's number"), high=1000),
        whole(form, "minutes", N_("the level's minutes"), high=LONGEST_MINUTES),
        whole(form, "small", N_("the small blind"), low=0),
        whole(form, "big", N_("the big blind"), low=0),
        ante=optional_whole(form, "ante", N_("the ante"), default=0),
    )


def edit_level(desk: LiveDesk, form: FormData) -> str:
    level = _level(form)
    desk.edit_level(level)
    return level_words.edited(level)


def insert_level(desk: LiveDesk, form: FormData) -> str:
    level = _level(form)
    desk.insert_level(level)
    return level_words.inserted(level)


def remove_level(desk: LiveDesk, form: FormData) -> str:
    number = whole(form, "number", N_("the level's number"), high=1000)
    desk.remove_level(number)
    return gettext("level {number} removed; later levels move down one").format(number=number)


PENALTY_KINDS = ("table", "warning", "hands", "rounds", "disqualification")


def _penalty(form: FormData) -> Penalty | None:
    """The penalty chosen; None for the T-21 table's choice for the offence."""
    kind = choice(form, "penalty", N_("the penalty"), PENALTY_KINDS)
    if kind == "table":
        return None
    if kind == "warning":
        return Penalty.warning()
    if kind == "disqualification":
        return Penalty.disqualification()
    what = (
        gettext("the number of hands to sit out")
        if kind == "hands"
        else gettext("the number of rounds to sit out")
    )
    count = whole(form, "count", what, high=100)
    return Penalty.hands(count) if kind == "hands" else Penalty.rounds(count)


def penalize(desk: LiveDesk, form: FormData) -> str:
    """T-21: the table's penalty for the offence (its 002 clause), or the director's (T-16)."""
    player = _player(form)
    clause = choice(form, "offence", N_("the offence"), tuple(o.value for o in Offence))
    given = desk.penalize(player, clause, _penalty(form))[-1]
    said = penalty_words(given.penalty) if isinstance(given, PenaltyGiven) else ""
    return gettext("penalty for {player}: {penalty}").format(player=player, penalty=said)


def hand_dealt(desk: LiveDesk, form: FormData) -> str:
    return what_done(desk.hand_dealt(_table(form)))


def protest(desk: LiveDesk, form: FormData) -> str:
    """T-22: by the penalised player, in writing."""
    number = whole(form, "penalty", N_("the penalty's number"))
    player = _player(form)
    reason = text(form, "text", N_("the protest's reason, in writing (T-22)"))
    desk.protest(number, player, reason)
    return gettext("protest of penalty {number} by {player} filed").format(
        number=number, player=player
    )


RULINGS = {"upheld": Ruling.UPHELD, "overturned": Ruling.OVERTURNED}
RULING_WORDS = {Ruling.UPHELD: N_("penalty upheld"), Ruling.OVERTURNED: N_("penalty overturned")}


def decide(desk: LiveDesk, form: FormData) -> str:
    number = whole(form, "protest", N_("the protest's number"))
    ruling = RULINGS[choice(form, "ruling", N_("the ruling"), tuple(RULINGS))]
    desk.decide(number, ruling, optional_text(form, "note"))
    said = gettext(RULING_WORDS[ruling])
    return gettext("protest {number}: {ruling}").format(number=number, ruling=said)


def deal_method(form: FormData) -> DealMethod:
    methods = tuple(method.value for method in DealMethod)
    return DealMethod(choice(form, "method", N_("the deal"), methods))


def deal_stacks(form: FormData) -> dict[str, int]:
    """Each player left and his chips, as the rows ``player`` / ``chips`` give them."""
    players, chips = form.getlist("player"), form.getlist("chips")
    if len(players) != len(chips):
        raise UsageError(gettext("give the chip count of every player left, one per player"))
    stacks: dict[str, int] = {}
    for player, count in zip(players, chips, strict=True):
        if not isinstance(player, str) or not isinstance(count, str):
            raise UsageError(gettext("a deal's players and chips are text fields"))
        stacks[player] = whole_number(count, gettext("{player}'s chips").format(player=player))
    return stacks


def agree_deal(desk: LiveDesk, form: FormData) -> str:
    """Every player agreed the deal offered: the same counts, offered again and kept."""
    offer = desk.deal_offer(deal_method(form), deal_stacks(form))
    return what_done(desk.agree_deal(offer))


def _undo(desk: LiveDesk, _form: FormData) -> str:
    return gettext("undone: {what}").format(what=desk.undo().what)


def _plain(
    act: Callable[[LiveDesk], Sequence[TournamentEvent]],
) -> Callable[[LiveDesk, FormData], str]:
    def run(desk: LiveDesk, _form: FormData) -> str:
        return what_done(act(desk))

    return run


ACTIONS: dict[str, Action] = {
    "register": Action("desk", _sale(LiveDesk.register)),
    "re-entry": Action("desk", _sale(LiveDesk.re_enter)),
    "rebuy": Action("desk", _sale(LiveDesk.rebuy)),
    "add-on": Action("desk", _sale(LiveDesk.add_on)),
    "draw": Action("tables", _plain(LiveDesk.draw)),
    "button": Action("tables", report_button),
    "moves-done": Action("tables", _plain(LiveDesk.confirm_moves), guarded=True),
    "bust": Action("tables", bust),
    "start": Action("clock", _plain(LiveDesk.start_clock)),
    "pause": Action("clock", _plain(LiveDesk.pause)),
    "resume": Action("clock", _plain(LiveDesk.resume)),
    "break": Action("clock", call_break),
    "add-time": Action("clock", add_time),
    "remove-time": Action("clock", remove_time),
    "edit-level": Action("clock", edit_level),
    "insert-level": Action("clock", insert_level),
    "remove-level": Action("clock", remove_level),
    "penalty": Action("discipline", penalize),
    "hand": Action("discipline", hand_dealt),
    "protest": Action("discipline", protest),
    "ruling": Action("discipline", decide),
    "deal": Action("money", agree_deal),
    "payouts": Action("money", _plain(LiveDesk.finish)),
    "undo": Action("log", _undo, guarded=True),
}
"""Each form's action, by the last part of its address (``/director/ID/act/NAME``)."""
