"""What each tab of the director's console shows, as text: pure functions of the desk.

Every tab fits 80 columns; the console scrolls a tab longer than the screen. The words
are the director's language (the log underneath stays English).
"""

from __future__ import annotations

from pokerroom.i18n import _, ngettext, number_text
from pokerroom.tournament.clock.render import render_clock
from pokerroom.tournament.events import Entered, Paid, Seated
from pokerroom.tournament.live.action_words import action_text, place_text
from pokerroom.tournament.live.cashier import agreed_deal, pool_and_prizes, prizes_open
from pokerroom.tournament.live.clock import colour_up_notice
from pokerroom.tournament.live.desk import LiveDesk
from pokerroom.tournament.live.events import DirectorAction
from pokerroom.tournament.live.floor import buttons
from pokerroom.tournament.money.deal import Deal, DealMethod
from pokerroom.tournament.penalties.log import ruling_text

WIDTH = 78


def method_text(method: DealMethod | str) -> str:
    """``icm`` or ``chip-chop``, as the director reads a deal's method."""
    value = method.value if isinstance(method, DealMethod) else method
    return {"icm": _("icm"), "chip-chop": _("chip-chop")}.get(value, value)


def money_line(desk: LiveDesk) -> str:
    """Entries and the pool (T-2), updated with every sale."""
    t = desk.tournament
    entries = t.entries()
    pool, prizes = pool_and_prizes(desk.tournament)
    return _(
        "Players {left} of {entrants} · re-entries {re_entries} · re-buys {rebuys}"
        " · add-ons {add_ons} · pool {pool} · {paid} paid"
    ).format(
        left=t.players_left,
        entrants=entries.entrants,
        re_entries=entries.re_entries,
        rebuys=entries.rebuys,
        add_ons=entries.add_ons,
        pool=number_text(pool),
        paid=len(prizes),
    )


def desk_view(desk: LiveDesk) -> str:
    """Registration: who paid what, who is out."""
    t = desk.tournament
    lines = [money_line(desk), ""]
    for record in sorted(t.players.values(), key=lambda r: (r.place is not None, r.player)):
        where = _("not seated")
        if record.seat is not None:
            where = _("table {table} seat {seat}").format(
                table=record.seat.table, seat=record.seat.seat
            )
        if record.place is not None:
            where = _("out {place}").format(place=place_text(record.place))
        buys = _("entries {count}").format(count=record.entries)
        if record.rebuys:
            buys += " · " + _("re-buys {count}").format(count=record.rebuys)
        if record.add_ons:
            buys += " · " + _("add-ons {count}").format(count=record.add_ons)
        lines.append(f"  {record.player[:20]:<20} {where:<20} {buys}")
    if not t.players:
        lines.append("  " + _("Nobody registered yet: press r and type a name."))
    return "\n".join(lines)


def tables_view(desk: LiveDesk) -> str:
    """The seat map by table, the buttons reported and the moves due."""
    if not desk.drawn:
        return _("The seats are not drawn yet: register the players, then press d to draw.")
    known = buttons(desk.tournament)
    lines = []
    for table, seats in desk.layout().items():
        button = known.get(table)
        marks = " ".join(
            f"{seat}{'*' if seat == button else ''}:{player[:8]}" for seat, player in seats.items()
        )
        short = _("T{table} ({players})").format(table=table, players=len(seats))
        lines.append(f"{short} {marks}"[:WIDTH])
    due = desk.pending()
    lines.append("")
    if due:
        lines.append(_("Moves due (press c when done):"))
        lines.extend(f"  {instruction.text}" for instruction in due)
    else:
        lines.append(_("No move is due. * marks a button reported (b)."))
    return "\n".join(lines)


def clock_view(desk: LiveDesk) -> str:
    state = desk.clock_state()
    if state is None:
        return _("The clock has not started: press s to start level 1.")
    text = render_clock(state)
    notice = colour_up_notice(state)
    return f"{text}\n\n{notice}" if notice else text


def discipline_view(desk: LiveDesk) -> str:
    """Penalties with the hands left to sit out (T-21), protests and rulings (T-22)."""
    log = desk.tournament.penalty_log
    lines = []
    for given in log.penalties():
        left = log.remaining(given.player) if log.serving(given.player) == given.number else 0
        status = ""
        if left:
            status = ngettext("{count} hand left", "{count} hands left", left).format(count=left)
        if log.overturned(given.number):
            status = _("overturned")
        lines.append(
            f"  #{given.number} {given.player[:14]:<14} {given.offence.value:<14} "
            f"{given.penalty.text():<18} {status}"[:WIDTH]
        )
    for protest in log.protests():
        filed, decision = protest.filed, protest.decision
        ruling = ruling_text(None if decision is None else decision.ruling)
        line = _("protest {number} by {player} of #{penalty}: {ruling}").format(
            number=filed.number, player=filed.player, penalty=filed.penalty, ruling=ruling
        )
        lines.append(f"  {line}"[:WIDTH])
    return "\n".join(lines) if lines else _("No penalty given. p: penalty · h: a hand dealt")


def money_view(desk: LiveDesk, offer: Deal | None) -> str:
    """The prize table, a deal offered or agreed, and the payouts."""
    t = desk.tournament
    lines = [money_line(desk), ""]
    _pool, prizes = pool_and_prizes(desk.tournament)
    places = " · ".join(f"{place_text(n)} {number_text(p)}" for n, p in enumerate(prizes, 1))
    lines.append(_("Prizes: {places}").format(places=places))
    paid = [e for e in t.events if isinstance(e, Paid)]
    agreed = agreed_deal(t)
    if paid:
        lines.append(_("Paid:"))
        width = max(5, *(len(place_text(e.place)) for e in paid))
        lines.extend(
            f"  {place_text(e.place):>{width}} {e.player:<20} {number_text(e.prize)}" for e in paid
        )
    elif agreed is not None:
        lines.append(_("Deal agreed ({method}):").format(method=method_text(agreed.method)))
        lines.extend(
            f"  {p:<20} {number_text(a)}"
            for p, a in zip(agreed.players, agreed.amounts, strict=True)
        )
    elif offer is not None:
        lines.append(
            _("Deal offered ({method}), press g if all agree:").format(
                method=method_text(offer.method)
            )
        )
        for player, stack, amount in zip(offer.players, offer.stacks, offer.amounts, strict=True):
            chips = ngettext("{count} chip", "{count} chips", stack).format(
                count=f"{number_text(stack):>10}"
            )
            lines.append(f"  {player:<20} {chips}  {number_text(amount)}")
    elif t.players_left > 1:
        open_prizes = prizes_open(t)
        lines.append(
            _("Places open: {count}, worth {amount}").format(
                count=t.players_left, amount=number_text(sum(open_prizes))
            )
        )
    return "\n".join(lines)


def log_view(desk: LiveDesk, rows: int = 200) -> str:
    """The director's actions, the latest first."""
    actions = [e for e in desk.events if isinstance(e, DirectorAction)]
    seated = sum(isinstance(e, Seated) for e in desk.events)
    entered = sum(isinstance(e, Entered) for e in desk.events)
    head = " · ".join(
        words.format(count=count)
        for words, count in (
            (ngettext("{count} event", "{count} events", len(desk.events)), len(desk.events)),
            (ngettext("{count} sale", "{count} sales", entered), entered),
            (ngettext("{count} seating", "{count} seatings", seated), seated),
        )
    )
    lines = [head] + [f"  {action_text(a.what)}"[:WIDTH] for a in reversed(actions[-rows:])]
    return "\n".join(lines)
