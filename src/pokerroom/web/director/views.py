"""What each tab of the console shows, as plain values for its template (no HTML here).

The same figures as the terminal console's tabs: the desk and the pool (T-2, T-11, T-19),
the tables with the moves due (T-4, T-6 … T-8), the clock (T-10, T-13, T-20), penalties and
protests (T-14 … T-22), the money (prizes, a deal, the payouts) and the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pokerroom.i18n import gettext, ngettext, number_text
from pokerroom.room.tournament.words import penalty_words, place_text
from pokerroom.tournament.clock.render import render_clock
from pokerroom.tournament.events import Entered, Paid, Seated
from pokerroom.tournament.live.cashier import agreed_deal, pool_and_prizes, prizes_open
from pokerroom.tournament.live.clock import colour_up_notice
from pokerroom.tournament.live.desk import LiveDesk
from pokerroom.tournament.live.events import DirectorAction
from pokerroom.tournament.live.floor import buttons
from pokerroom.tournament.money.deal import Deal
from pokerroom.tournament.penalties.menu import offence_lines


@dataclass(frozen=True, slots=True)
class Header:
    """The line on top of every tab: level, time left (counted down by the page), players."""

    level: str
    seconds_left: float | None
    paused: bool
    players_left: int
    finished: bool


def header(desk: LiveDesk) -> Header:
    state = desk.clock_state()
    done = desk.tournament.winner is not None
    left = desk.tournament.players_left
    if state is None:
        return Header(gettext("clock not started"), None, False, left, done)
    level = state.level
    blinds = {
        "number": level.number,
        "small": number_text(level.small_blind),
        "big": number_text(level.big_blind),
        "ante": number_text(level.ante),
    }
    if level.ante:
        what = gettext("Level {number} · {small}/{big}, ante {ante}").format(**blinds)
    else:
        what = gettext("Level {number} · {small}/{big}").format(**blinds)
    if state.on_break is not None:
        what = gettext("Break after level {number}").format(number=level.number)
    return Header(what, state.time_left, state.paused, left, done)


def money_figures(desk: LiveDesk) -> dict[str, int]:
    """Entries and the pool (T-2), updated with every sale."""
    t = desk.tournament
    entries = t.entries()
    pool, prizes = pool_and_prizes(t)
    return {
        "players_left": t.players_left,
        "entrants": entries.entrants,
        "re_entries": entries.re_entries,
        "rebuys": entries.rebuys,
        "add_ons": entries.add_ons,
        "pool": pool,
        "paid_places": len(prizes),
    }


def desk_tab(desk: LiveDesk) -> dict[str, Any]:
    t = desk.tournament
    rows = []
    for record in sorted(t.players.values(), key=lambda r: (r.place is not None, r.player)):
        seat = record.seat
        where = (
            gettext("not seated")
            if seat is None
            else gettext("table {table} seat {seat}").format(table=seat.table, seat=seat.seat)
        )
        if record.place is not None:
            where = gettext("out {place}").format(place=place_text(record.place))
        rows.append(
            {
                "player": record.player,
                "where": where,
                "entries": record.entries,
                "rebuys": record.rebuys,
                "add_ons": record.add_ons,
            }
        )
    rules = desk.regulation
    return {
        "figures": money_figures(desk),
        "rows": rows,
        "still_in": sorted(t.still_in()),
        "busted": sorted(r.player for r in t.players.values() if r.place is not None),
        "sells": {
            "re_entry": rules.re_entry is not None,
            "rebuy": rules.rebuy is not None,
            "add_on": rules.add_on is not None,
        },
    }


def tables_tab(desk: LiveDesk) -> dict[str, Any]:
    known = buttons(desk.tournament)
    tables = [
        {
            "number": number,
            "button": known.get(number),
            "seats": list(seats.items()),
        }
        for number, seats in desk.layout().items()
    ]
    return {
        "drawn": desk.drawn,
        "tables": tables,
        "table_size": desk.regulation.table_size,
        "moves_due": [instruction.text for instruction in desk.pending()],
    }


def clock_tab(desk: LiveDesk) -> dict[str, Any]:
    state = desk.clock_state()
    if state is None:
        return {"started": False, "lines": [], "notice": None, "paused": False}
    return {
        "started": True,
        "lines": render_clock(state).splitlines(),
        "notice": colour_up_notice(state),
        "paused": state.paused,
    }


def discipline_tab(desk: LiveDesk) -> dict[str, Any]:
    """Penalties with the hands left to sit out (T-21), protests and rulings (T-22)."""
    log = desk.tournament.penalty_log
    penalties = []
    for given in log.penalties():
        left = log.remaining(given.player) if log.serving(given.player) == given.number else 0
        status = ngettext("{count} hand left", "{count} hands left", left).format(count=left)
        status = status if left else ""
        if log.overturned(given.number):
            status = gettext("overturned")
        penalties.append(
            {
                "number": given.number,
                "player": given.player,
                "offence": given.offence.value,
                "penalty": penalty_words(given.penalty),
                "repeat": given.repeat,
                "override": given.override,
                "status": status,
            }
        )
    protests = [
        {
            "number": p.filed.number,
            "player": p.filed.player,
            "penalty": p.filed.penalty,
            "text": p.filed.text,
            "ruling": gettext("pending")
            if p.decision is None
            else gettext(p.decision.ruling.value),
        }
        for p in log.protests()
    ]
    offences = offence_lines()
    return {
        "penalties": penalties,
        "protests": protests,
        "offences": offences,
        "players": sorted(desk.tournament.players),
        "tables": list(desk.layout()),
    }


def money_tab(desk: LiveDesk, offer: Deal | None) -> dict[str, Any]:
    """The prize table, a deal offered or agreed, and the payouts."""
    t = desk.tournament
    _pool, prizes = pool_and_prizes(t)
    agreed = agreed_deal(t)
    return {
        "figures": money_figures(desk),
        "prizes": [(place_text(n), prize) for n, prize in enumerate(prizes, 1)],
        "paid": [(place_text(e.place), e.player, e.prize) for e in t.events if isinstance(e, Paid)],
        "agreed": None
        if agreed is None
        else {
            "method": agreed.method,
            "rows": list(zip(agreed.players, agreed.amounts, strict=True)),
        },
        "offer": None
        if offer is None
        else {
            "method": offer.method.value,
            "rows": list(zip(offer.players, offer.stacks, offer.amounts, strict=True)),
        },
        "still_in": sorted(t.still_in()),
        "open_worth": sum(prizes_open(t)) if t.players_left > 1 else 0,
        "winner": t.winner,
    }


def log_tab(desk: LiveDesk, rows: int = 500) -> dict[str, Any]:
    """The director's actions, the latest first."""
    actions = [e for e in desk.events if isinstance(e, DirectorAction)]
    return {
        "events": len(desk.events),
        "sales": sum(isinstance(e, Entered) for e in desk.events),
        "seatings": sum(isinstance(e, Seated) for e in desk.events),
        "actions": [a.what for a in reversed(actions[-rows:])],
    }


def seat_cards(desk: LiveDesk) -> dict[str, Any]:
    """T-4 on paper: one card per seated player, and the list by table."""
    layout = desk.layout()
    return {
        "title": desk.regulation.name,
        "cards": [
            (player, table, seat)
            for table, seats in layout.items()
            for seat, player in seats.items()
        ],
        "tables": list(layout.items()),
    }
