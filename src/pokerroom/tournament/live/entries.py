"""What the live desk may sell now (T-11, T-19): entries, re-entries, re-buys, add-ons.

``level`` is the level in force by the clock (on a break, the level just played, so the
break after the last level of late registration still takes entries); None before the
start, when the desk takes every entry the room has room for.
"""

from __future__ import annotations

from pokerroom.errors import UsageError
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import EntryKind


def check_sale(
    tournament: Tournament, player: str, kind: EntryKind, level: int | None, on_break: bool
) -> None:
    """One clear error when the regulation does not allow this sale now; nothing changes."""
    rules = tournament.regulation
    record = tournament.players.get(player)
    if kind in (EntryKind.ENTRY, EntryKind.RE_ENTRY):
        taken = sum(r.entries for r in tournament.players.values())
        if rules.max_entries is not None and taken >= rules.max_entries:
            raise UsageError(f"{rules.name!r} takes {rules.max_entries} entries; all are taken")
    if kind is EntryKind.ENTRY:
        until = rules.late_registration.until_level
        if level is not None and level > until:
            raise UsageError(
                f"late registration closed when level {until + 1} began (T-19); no new entries now"
            )
        return
    if record is None:
        raise UsageError(f"player {player!r} is not registered; register him first")
    if kind is EntryKind.RE_ENTRY:
        terms = rules.re_entry
        if terms is None:
            raise UsageError(f"{rules.name!r} offers no re-entry")
        if record.place is None:
            raise UsageError(f"player {player!r} is still in; a re-entry is for a busted player")
        if level is not None and level > terms.until_level:
            raise UsageError(f"re-entries closed after level {terms.until_level} (T-19)")
        if record.entries - 1 >= terms.per_player:
            raise UsageError(f"player {player!r} has had his {terms.per_player} re-entries")
    elif kind is EntryKind.REBUY:
        rebuy = rules.rebuy
        if rebuy is None:
            raise UsageError(f"{rules.name!r} offers no re-buy")
        if level is not None and level > rebuy.until_level:
            raise UsageError(f"re-buys closed after level {rebuy.until_level} (T-11)")
        if rebuy.per_player and record.rebuys >= rebuy.per_player:
            raise UsageError(f"player {player!r} has had his {rebuy.per_player} re-buys")
    else:
        add_on = rules.add_on
        if add_on is None:
            raise UsageError(f"{rules.name!r} offers no add-on")
        if not on_break or level != add_on.at_break:
            raise UsageError(f"the add-on is sold at the break after level {add_on.at_break}")
        if record.add_ons >= add_on.per_player:
            raise UsageError(f"player {player!r} has taken his add-on")
