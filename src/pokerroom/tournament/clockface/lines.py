"""The words of the clock screen, from a snapshot: short lines a room reads from afar.

>>> big_blinds(142.4), big_blinds(7.5), prize_lines(PrizeFigures(100, (65, 35), "", 0), 5)
('142 BB', '7.5 BB', ['Prize pool 100', '1st  65', '2nd  35'])
"""

from __future__ import annotations

from pokerroom.i18n import N_, _, current_language, ngettext, number_text
from pokerroom.tournament.clock.render import forced_bets
from pokerroom.tournament.clockface.snapshot import (
    ClockSnapshot,
    FieldFigures,
    Phase,
    PrizeFigures,
    long_countdown,
)
from pokerroom.tournament.structure import Level

FIELD_NOT_SET = N_("Field not set")
FIELD_HINT = N_("(start the clock with --entrants N)")


def _bets(level: Level) -> str:
    text = forced_bets(level)
    return text[:1].upper() + text[1:]


def heading(shot: ClockSnapshot) -> str:
    """What the big digits count: the start, a level, or a break; PAUSED when it stands still."""
    words = {
        Phase.NOT_STARTED: _("Starts in"),
        Phase.LEVEL: _("Level {number}").format(number=shot.level.number),
        Phase.BREAK: _("Break"),
        Phase.UNSCHEDULED_BREAK: _("Unscheduled break"),
    }[shot.phase]
    return words + " · " + _("PAUSED") if shot.paused else words


def bets_line(shot: ClockSnapshot) -> str:
    """The blinds in force; on a break or before the start, those of the level to come."""
    if shot.phase is Phase.LEVEL:
        return _bets(shot.level)
    if shot.phase is Phase.UNSCHEDULED_BREAK:
        words = _("Then level {number} goes on").format(number=shot.level.number)
        return words + " · " + forced_bets(shot.level)
    coming = shot.level if shot.phase is Phase.NOT_STARTED else shot.next_level
    if coming is None:
        return _("No level follows")
    return _("Level {number}").format(number=coming.number) + " · " + forced_bets(coming)


def next_line(shot: ClockSnapshot) -> str:
    """The level after the one in force (on a scheduled break the line above already has it)."""
    following = shot.next_level
    if shot.phase is Phase.BREAK:
        return ""
    if following is None:
        return _("Last level") if shot.seconds_left is not None else _("Last level: no time limit")
    words = _("Next: level {number}").format(number=following.number)
    return words + " · " + forced_bets(following)


def break_line(shot: ClockSnapshot) -> str:
    """The clock time until the next scheduled break (pauses do not count)."""
    if shot.next_break is None or shot.next_break_in is None:
        return _("No more breaks")
    words = _("Next break in {time}") if shot.phase is Phase.BREAK else _("Break in {time}")
    return words.format(time=long_countdown(shot.next_break_in))


def big_blinds(amount: float) -> str:
    """``142 BB``, ``7.5 BB``: whole big blinds from ten, one decimal below."""
    shown = number_text(round(amount)) if amount >= 10 else _one_decimal(amount)
    return _("{amount} BB").format(amount=shown)


def _one_decimal(amount: float) -> str:
    """``7.5``, ``3.0``: one decimal, with the language's decimal mark."""
    text = f"{amount:.1f}"
    return text if current_language() == "en" else text.replace(".", ",")


def field_lines(field: FieldFigures | None) -> list[str]:
    """Players left of entrants, entries, buys, the average stack (in big blinds too), chips."""
    if field is None:
        return [_(FIELD_NOT_SET), _(FIELD_HINT)]
    entries = _("Entries {count}").format(count=number_text(field.entries))
    if field.re_entries:
        entries += " " + ngettext(
            "({count} re-entry)", "({count} re-entries)", field.re_entries
        ).format(count=number_text(field.re_entries))
    players = _("Players {left} of {entrants}").format(
        left=number_text(field.players_left), entrants=number_text(field.entrants)
    )
    lines = [players, entries]
    buys = [
        words.format(count=number_text(count))
        for words, count in (
            (_("Re-buys {count}"), field.rebuys),
            (_("Add-ons {count}"), field.add_ons),
        )
        if count
    ]
    if buys:
        lines.append(" · ".join(buys))
    if field.average_stack is not None:
        average = _("Average {stack}").format(stack=number_text(field.average_stack))
        if field.average_big_blinds is not None:
            average += f" · {big_blinds(field.average_big_blinds)}"
        lines.append(average)
    lines.append(_("Chips {count}").format(count=number_text(field.chips_in_play)))
    return lines


def ordinal(place: int) -> str:
    """``1st``; in Russian and Ukrainian ``1 место`` / ``1 місце``."""
    if current_language() != "en":
        return _("place {place}").format(place=place)
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def _money(amount: int, currency: str) -> str:
    return f"{number_text(amount)} {currency}" if currency else number_text(amount)


def prize_lines(prizes: PrizeFigures | None, rows: int) -> list[str]:
    """The pool and as many places as ``rows`` allows; the last row says how many are paid."""
    if prizes is None:
        return [_("Prize pool: no entries yet")]
    lines = [_("Prize pool {amount}").format(amount=_money(prizes.pool, prizes.currency))]
    if prizes.overlay:
        lines.append(_("(overlay {amount})").format(amount=_money(prizes.overlay, prizes.currency)))
    width = len(ordinal(len(prizes.prizes)))
    amount = len(_money(prizes.prizes[0], prizes.currency))
    places = [
        f"{ordinal(place):<{width}}  {_money(prize, prizes.currency):>{amount}}"
        for place, prize in enumerate(prizes.prizes, start=1)
    ]
    room = max(rows - len(lines), 1)
    if len(places) > room:
        paid = len(prizes.prizes)
        more = ngettext("… {count} place paid", "… {count} places paid", paid)
        places = [*places[: room - 1], more.format(count=paid)]
    return lines + places
