"""The words of the clock screen, from a snapshot: short lines a room reads from afar.

>>> big_blinds(142.4), big_blinds(7.5), prize_lines(PrizeFigures(100, (65, 35), "", 0), 5)
('142 BB', '7.5 BB', ['Prize pool 100', '1st  65', '2nd  35'])
"""

from __future__ import annotations

from pokerroom.tournament.clock.render import forced_bets
from pokerroom.tournament.clockface.snapshot import (
    ClockSnapshot,
    FieldFigures,
    Phase,
    PrizeFigures,
    long_countdown,
)
from pokerroom.tournament.structure import Level

FIELD_NOT_SET = "Field not set"
FIELD_HINT = "(start the clock with --entrants N)"


def _bets(level: Level) -> str:
    text = forced_bets(level)
    return text[:1].upper() + text[1:]


def heading(shot: ClockSnapshot) -> str:
    """What the big digits count: the start, a level, or a break; PAUSED when it stands still."""
    words = {
        Phase.NOT_STARTED: "Starts in",
        Phase.LEVEL: f"Level {shot.level.number}",
        Phase.BREAK: "Break",
        Phase.UNSCHEDULED_BREAK: "Unscheduled break",
    }[shot.phase]
    return f"{words} · PAUSED" if shot.paused else words


def bets_line(shot: ClockSnapshot) -> str:
    """The blinds in force; on a break or before the start, those of the level to come."""
    if shot.phase is Phase.LEVEL:
        return _bets(shot.level)
    if shot.phase is Phase.UNSCHEDULED_BREAK:
        return f"Then level {shot.level.number} goes on · {forced_bets(shot.level)}"
    coming = shot.level if shot.phase is Phase.NOT_STARTED else shot.next_level
    if coming is None:
        return "No level follows"
    return f"Level {coming.number} · {forced_bets(coming)}"


def next_line(shot: ClockSnapshot) -> str:
    """The level after the one in force (on a scheduled break the line above already has it)."""
    following = shot.next_level
    if shot.phase is Phase.BREAK:
        return ""
    if following is None:
        return "Last level" + (": no time limit" if shot.seconds_left is None else "")
    return f"Next: level {following.number} · {forced_bets(following)}"


def break_line(shot: ClockSnapshot) -> str:
    """The clock time until the next scheduled break (pauses do not count)."""
    if shot.next_break is None or shot.next_break_in is None:
        return "No more breaks"
    word = "Next break" if shot.phase is Phase.BREAK else "Break"
    return f"{word} in {long_countdown(shot.next_break_in)}"


def big_blinds(amount: float) -> str:
    return f"{amount:,.0f} BB" if amount >= 10 else f"{amount:.1f} BB"


def field_lines(field: FieldFigures | None) -> list[str]:
    """Players left of entrants, entries, buys, the average stack (in big blinds too), chips."""
    if field is None:
        return [FIELD_NOT_SET, FIELD_HINT]
    entries = f"Entries {field.entries:,}"
    if field.re_entries:
        entries += f" ({field.re_entries:,} re-entries)"
    lines = [f"Players {field.players_left:,} of {field.entrants:,}", entries]
    buys = [
        f"{word} {count:,}"
        for word, count in (("Re-buys", field.rebuys), ("Add-ons", field.add_ons))
        if count
    ]
    if buys:
        lines.append(" · ".join(buys))
    if field.average_stack is not None:
        average = f"Average {field.average_stack:,}"
        if field.average_big_blinds is not None:
            average += f" · {big_blinds(field.average_big_blinds)}"
        lines.append(average)
    lines.append(f"Chips {field.chips_in_play:,}")
    return lines


def ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def _money(amount: int, currency: str) -> str:
    return f"{amount:,} {currency}" if currency else f"{amount:,}"


def prize_lines(prizes: PrizeFigures | None, rows: int) -> list[str]:
    """The pool and as many places as ``rows`` allows; the last row says how many are paid."""
    if prizes is None:
        return ["Prize pool: no entries yet"]
    lines = [f"Prize pool {_money(prizes.pool, prizes.currency)}"]
    if prizes.overlay:
        lines.append(f"(overlay {_money(prizes.overlay, prizes.currency)})")
    width = len(ordinal(len(prizes.prizes)))
    amount = len(_money(prizes.prizes[0], prizes.currency))
    places = [
        f"{ordinal(place):<{width}}  {_money(prize, prizes.currency):>{amount}}"
        for place, prize in enumerate(prizes.prizes, start=1)
    ]
    room = max(rows - len(lines), 1)
    if len(places) > room:
        places = [*places[: room - 1], f"… {len(prizes.prizes)} places paid"]
    return lines + places
