"""What each tab of the director's console shows, as text: pure functions of the desk.

Every tab fits 80 columns; the console scrolls a tab longer than the screen.
"""

from __future__ import annotations

from pokerroom.tournament.clock.render import render_clock
from pokerroom.tournament.events import Entered, Paid, Seated
from pokerroom.tournament.live.cashier import agreed_deal, pool_and_prizes, prizes_open
from pokerroom.tournament.live.clock import colour_up_notice
from pokerroom.tournament.live.desk import LiveDesk, ordinal
from pokerroom.tournament.live.events import DirectorAction
from pokerroom.tournament.live.floor import buttons
from pokerroom.tournament.money.deal import Deal

WIDTH = 78


def money_line(desk: LiveDesk) -> str:
    """Entries and the pool (T-2), updated with every sale."""
    t = desk.tournament
    entries = t.entries()
    pool, prizes = pool_and_prizes(desk.tournament)
    return (
        f"Players {t.players_left} of {entries.entrants} · re-entries {entries.re_entries}"
        f" · re-buys {entries.rebuys} · add-ons {entries.add_ons}"
        f" · pool {pool:,} · {len(prizes)} paid"
    )


def desk_view(desk: LiveDesk) -> str:
    """Registration: who paid what, who is out."""
    t = desk.tournament
    lines = [money_line(desk), ""]
    for record in sorted(t.players.values(), key=lambda r: (r.place is not None, r.player)):
        where = str(record.seat) if record.seat is not None else "not seated"
        if record.place is not None:
            where = f"out {ordinal(record.place)}"
        buys = f"entries {record.entries}"
        if record.rebuys:
            buys += f" · re-buys {record.rebuys}"
        if record.add_ons:
            buys += f" · add-ons {record.add_ons}"
        lines.append(f"  {record.player[:20]:<20} {where:<20} {buys}")
    if not t.players:
        lines.append("  Nobody registered yet: press r and type a name.")
    return "\n".join(lines)


def tables_view(desk: LiveDesk) -> str:
    """The seat map by table, the buttons reported and the moves due."""
    if not desk.drawn:
        return "The seats are not drawn yet: register the players, then press d to draw."
    known = buttons(desk.tournament)
    lines = []
    for table, seats in desk.layout().items():
        button = known.get(table)
        marks = " ".join(
            f"{seat}{'*' if seat == button else ''}:{player[:8]}" for seat, player in seats.items()
        )
        lines.append(f"T{table} ({len(seats)}) {marks}"[:WIDTH])
    due = desk.pending()
    lines.append("")
    if due:
        lines.append("Moves due (press c when done):")
        lines.extend(f"  {instruction.text}" for instruction in due)
    else:
        lines.append("No move is due. * marks a button reported (b).")
    return "\n".join(lines)


def clock_view(desk: LiveDesk) -> str:
    state = desk.clock_state()
    if state is None:
        return "The clock has not started: press s to start level 1."
    text = render_clock(state)
    notice = colour_up_notice(state)
    return f"{text}\n\n{notice}" if notice else text


def discipline_view(desk: LiveDesk) -> str:
    """Penalties with the hands left to sit out (T-21), protests and rulings (T-22)."""
    log = desk.tournament.penalty_log
    lines = []
    for given in log.penalties():
        left = log.remaining(given.player) if log.serving(given.player) == given.number else 0
        status = f"{left} hands left" if left else ""
        if log.overturned(given.number):
            status = "overturned"
        lines.append(
            f"  #{given.number} {given.player[:14]:<14} {given.offence.value:<14} "
            f"{given.penalty!s:<18} {status}"[:WIDTH]
        )
    for protest in log.protests():
        filed, decision = protest.filed, protest.decision
        ruling = "pending" if decision is None else decision.ruling.value
        lines.append(
            f"  protest {filed.number} by {filed.player} of #{filed.penalty}: {ruling}"[:WIDTH]
        )
    return "\n".join(lines) if lines else "No penalty given. p: penalty · h: a hand dealt"


def money_view(desk: LiveDesk, offer: Deal | None) -> str:
    """The prize table, a deal offered or agreed, and the payouts."""
    t = desk.tournament
    lines = [money_line(desk), ""]
    _pool, prizes = pool_and_prizes(desk.tournament)
    lines.append("Prizes: " + " · ".join(f"{ordinal(n)} {p:,}" for n, p in enumerate(prizes, 1)))
    paid = [e for e in t.events if isinstance(e, Paid)]
    agreed = agreed_deal(t)
    if paid:
        lines.append("Paid:")
        lines.extend(f"  {ordinal(e.place):>5} {e.player:<20} {e.prize:,}" for e in paid)
    elif agreed is not None:
        lines.append(f"Deal agreed ({agreed.method}):")
        lines.extend(
            f"  {p:<20} {a:,}" for p, a in zip(agreed.players, agreed.amounts, strict=True)
        )
    elif offer is not None:
        lines.append(f"Deal offered ({offer.method.value}), press g if all agree:")
        for player, stack, amount in zip(offer.players, offer.stacks, offer.amounts, strict=True):
            lines.append(f"  {player:<20} {stack:>10,} chips  {amount:,}")
    elif t.players_left > 1:
        open_prizes = prizes_open(t)
        lines.append(f"Places open: {t.players_left}, worth {sum(open_prizes):,}")
    return "\n".join(lines)


def log_view(desk: LiveDesk, rows: int = 200) -> str:
    """The director's actions, the latest first."""
    actions = [e for e in desk.events if isinstance(e, DirectorAction)]
    seated = sum(isinstance(e, Seated) for e in desk.events)
    entered = sum(isinstance(e, Entered) for e in desk.events)
    head = f"{len(desk.events)} events · {entered} sales · {seated} seatings"
    lines = [head] + [f"  {a.what}"[:WIDTH] for a in reversed(actions[-rows:])]
    return "\n".join(lines)
