"""What the live desk may sell now (T-11, T-19): entries, re-entries, re-buys, add-ons.

``level`` is the level in force by the clock (on a break, the level just played, so the
break after the last level of late registration still takes entries); None before the
start, when the desk takes every entry the room has room for.
"""

from __future__ import annotations

from pokerroom.errors import UsageError
from pokerroom.i18n import N_
from pokerroom.said import Said
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
            raise UsageError(
                Said(
                    N_("{name} takes {count} entries; all are taken"),
                    name=repr(rules.name),
                    count=rules.max_entries,
                )
            )
    if kind is EntryKind.ENTRY:
        until = rules.late_registration.until_level
        if level is not None and level > until:
            raise UsageError(
                Said(
                    N_(
                        "late registration closed when level {level} began (T-19); "
                        "no new entries now"
                    ),
                    level=until + 1,
                )
            )
        return
    if record is None:
        raise UsageError(
            Said(N_("player {player} is not registered; register him first"), player=repr(player))
        )
    if kind is EntryKind.RE_ENTRY:
        terms = rules.re_entry
        if terms is None:
            raise UsageError(Said(N_("{name} offers no re-entry"), name=repr(rules.name)))
        if record.place is None:
            raise UsageError(
                Said(
                    N_("player {player} is still in; a re-entry is for a busted player"),
                    player=repr(player),
                )
            )
        if level is not None and level > terms.until_level:
            raise UsageError(
                Said(N_("re-entries closed after level {level} (T-19)"), level=terms.until_level)
            )
        if record.entries - 1 >= terms.per_player:
            raise UsageError(
                Said(
                    N_("player {player} has had his {count} re-entries"),
                    player=repr(player),
                    count=terms.per_player,
                )
            )
    elif kind is EntryKind.REBUY:
        rebuy = rules.rebuy
        if rebuy is None:
            raise UsageError(Said(N_("{name} offers no re-buy"), name=repr(rules.name)))
        if level is not None and level > rebuy.until_level:
            raise UsageError(
                Said(N_("re-buys closed after level {level} (T-11)"), level=rebuy.until_level)
            )
        if rebuy.per_player and record.rebuys >= rebuy.per_player:
            raise UsageError(
                Said(
                    N_("player {player} has had his {count} re-buys"),
                    player=repr(player),
                    count=rebuy.per_player,
                )
            )
    else:
        add_on = rules.add_on
        if add_on is None:
            raise UsageError(Said(N_("{name} offers no add-on"), name=repr(rules.name)))
        if not on_break or level != add_on.at_break:
            raise UsageError(
                Said(
                    N_("the add-on is sold at the break after level {level}"), level=add_on.at_break
                )
            )
        if record.add_ons >= add_on.per_player:
            raise UsageError(Said(N_("player {player} has taken his add-on"), player=repr(player)))
