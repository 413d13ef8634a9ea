"""Disputes about a hand (T-17): filed by a player from his table, ruled by the director.

A player dealt into a table's last hand may dispute it until that table's next hand starts;
when the hand ended with the tournament on a break, only until one minute after the pot
was awarded (002: "the right to dispute a finished hand ends when the next hand begins").
The dispute keeps the hand's history as an observer saw it (the boards and the hands
shown, never a mucked hand or a burn, X-4), so the director reads what happened without
the table. His ruling is kept with it and logged as a director's action.

Both are calls of the tournament's journal (:meth:`RoomTournament.dispute
<pokerroom.room.tournament.event.RoomTournament.dispute>` and the director's
``rule_dispute`` message), so a restart rebuilds them by replaying the calls.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from pokerroom.engine import Hand
from pokerroom.errors import UsageError
from pokerroom.history.phh.writing import write_phh_seen_by
from pokerroom.i18n import gettext
from pokerroom.protocol.frames import DisputeOfferFrame

BREAK_GRACE = 60.0
"""T-17: seconds after the pot is awarded that a hand ended on a break may be disputed."""
TEXT_CHARS = 200


@dataclass(slots=True)
class Dispute:
    number: int
    table: int
    hand: int
    """The hand's number at its table."""
    player: str
    text: str
    history: str
    """The hand as an observer saw it (PHH): what the director reads."""
    ruling: str | None = None

    @property
    def title(self) -> str:
        return gettext("dispute {number} (table {table}, hand {hand}, {player})").format(
            number=self.number, table=self.table, hand=self.hand, player=self.player
        )


class DisputedTable(Protocol):
    """A table's last hand as a dispute reads it: the table itself, or (played apart) what
    the director recorded of it (:class:`~pokerroom.room.tournament.apart.LastHand`)."""

    @property
    def number(self) -> int: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def hand(self) -> Hand | None: ...
    @property
    def hand_done(self) -> bool: ...
    @property
    def hand_ended_at(self) -> float | None: ...
    def dealt_names(self) -> tuple[str, ...]:
        """The players dealt into the hand, by position."""
        ...


def offer(room: DisputedTable, player: str | None, on_break: bool) -> DisputeOfferFrame | None:
    """T-17: the hand ``player`` may dispute at ``room`` now, with the server time the right
    ends (None: when the next hand starts); None when he may not."""
    hand = room.hand
    if player is None or hand is None or not room.hand_done:
        return None
    if player not in room.dealt_names():
        return None
    ended = room.hand_ended_at
    until = ended + BREAK_GRACE if on_break and ended is not None else None
    return {"hand": room.hand_number, "until": until}


class Disputes:
    """A tournament's disputes, in the order filed."""

    def __init__(self) -> None:
        self.filed: list[Dispute] = []

    def file(
        self,
        room: DisputedTable,
        player: str | None,
        text: str,
        *,
        on_break: bool,
        now: float,
    ) -> Dispute:
        """T-17: ``player``'s dispute of ``room``'s last hand; refused in one line unless
        he was dealt in and its time has not passed."""
        words = " ".join(text.split())
        if len(words) > TEXT_CHARS:
            raise UsageError(
                gettext(
                    "say what you dispute in at most {count} characters (or none: the "
                    "director asks)"
                ).format(count=TEXT_CHARS)
            )
        offered = offer(room, player, on_break)
        if offered is None or player is None:
            raise UsageError(
                gettext(
                    "there is no hand to dispute at table {table}: a player dealt into its "
                    "last hand may dispute it until the next hand starts, during a break until "
                    "one minute after the pot is awarded (T-17)"
                ).format(table=room.number)
            )
        until = offered["until"]
        if until is not None and now > until:
            raise UsageError(
                gettext(
                    "too late to dispute hand {hand} at table {table}: it ended "
                    "on a break, and a dispute then is taken until one minute after the pot is "
                    "awarded (T-17)"
                ).format(hand=room.hand_number, table=room.number)
            )
        if self.has(room.number, room.hand_number, player):
            raise UsageError(
                gettext("you disputed hand {hand} already; the director rules on it").format(
                    hand=room.hand_number
                )
            )
        assert room.hand is not None
        names = list(room.dealt_names())
        dispute = Dispute(
            len(self.filed) + 1,
            room.number,
            room.hand_number,
            player,
            words,
            write_phh_seen_by(room.hand, None, names),
        )
        self.filed.append(dispute)
        return dispute

    def has(self, table: int, hand: int, player: str) -> bool:
        """Whether ``player`` disputed that hand already."""
        return any((d.table, d.hand, d.player) == (table, hand, player) for d in self.filed)

    def rule(self, number: int, text: str) -> str:
        """The director's ruling on dispute ``number``, in his words; what to log."""
        words = " ".join(text.split())
        if not 1 <= len(words) <= TEXT_CHARS:
            raise UsageError(
                gettext("a ruling is 1 to {count} characters").format(count=TEXT_CHARS)
            )
        if not 1 <= number <= len(self.filed):
            if self.filed:
                said = gettext("there is no dispute {number}; the disputes are 1 to {last}")
            else:
                said = gettext("there is no dispute {number}; none was filed")
            raise UsageError(said.format(number=number, last=len(self.filed)))
        dispute = self.filed[number - 1]
        if dispute.ruling is not None:
            raise UsageError(
                gettext("{dispute} is ruled already: {ruling}").format(
                    dispute=dispute.title, ruling=dispute.ruling
                )
            )
        dispute.ruling = words
        return gettext("ruling on {dispute}: {ruling} (T-17)").format(
            dispute=dispute.title, ruling=words
        )
