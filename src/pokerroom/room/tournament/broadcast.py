"""T-23: a web tournament's broadcast ("TV") table, its hole cards shown one hand behind.

*Decision* (README "Tournaments on the web"): what an online viewer of a televised table
expects is the live table — its action, stacks and boards, with no hole card, as every
observer sees it — and beside it the last finished hand played back with every card dealt
in it, folded and mucked hands too. So a broadcast table's snapshot carries a
``broadcast`` frame: the delay, a line for the viewer, and for a spectator the hand
``delay_hands`` behind: with a delay of ``d`` a hand's cards are shown once ``d`` hands have
ended since it was dealt (``d = 1``: as soon as it ends, while the next is played). The
cards of the hand in play never leave the server before it ends (X-4).

Who is a spectator: anyone but an entrant still in the tournament (a player still in does
not get the delayed cards from his own account; one who busted may watch). The players at
the broadcast table are told their cards are shown to spectators later (they consented by
entering, 002 7.5.1). The table broadcast is the one the director marks, else the one the
regulation names (``[broadcast] table``), else the final table once the field is down to
one table. Every other table's snapshot has no ``broadcast`` frame: its spectators never see
a hole card.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from pokerroom.engine import Hand
from pokerroom.engine import events as ev
from pokerroom.i18n import gettext, ngettext
from pokerroom.protocol.frames import BroadcastFrame, BroadcastHandFrame, BroadcastSeatFrame
from pokerroom.room.seam import User
from pokerroom.tournament.regulation.model import Broadcast

if TYPE_CHECKING:
    from pokerroom.room.tournament.event import RoomTournament
    from pokerroom.room.tournament.table_room import TournamentTableRoom


def hands_later(delay: int) -> str:
    if delay == 1:
        return gettext("one hand later")
    return ngettext("{count} hand later", "{count} hands later", delay).format(count=delay)


class Broadcasting:
    """A tournament's broadcast: which table, and each table's last finished hands."""

    def __init__(self, setting: Broadcast | None) -> None:
        self.setting = setting
        self.marked: int | None = None
        """The table the director marks as broadcast (None: the regulation's choice)."""
        self.tapes: dict[int, deque[BroadcastHandFrame]] = {}
        """Table number → its last finished hands with every card dealt, oldest first."""

    @property
    def delay(self) -> int:
        return 1 if self.setting is None else self.setting.delay_hands

    def mark(self, table: int | None) -> None:
        """The director's choice of the broadcast table (None: back to the regulation's)."""
        self.marked = table

    def table(self, tournament: RoomTournament) -> int | None:
        """The number of the table broadcast now, if any."""
        if self.marked is not None:
            return self.marked
        if self.setting is None:
            return None
        if self.setting.table is not None:
            return self.setting.table
        run = tournament.run
        if run is None or run.over:
            return None
        tables = [view.number for view in run.floor.tables()]
        return tables[0] if len(tables) == 1 else None  # the final table

    def taped(self, table: int, frame: BroadcastHandFrame) -> None:
        """A hand ended at ``table`` (its :func:`hand_frame`): keep it, with every card
        dealt in it, for the delay."""
        tape = self.tapes.get(table)
        if tape is None or tape.maxlen != self.delay:
            tape = self.tapes[table] = deque(tape or (), maxlen=self.delay)
        tape.append(frame)

    def frame(
        self, tournament: RoomTournament, room: TournamentTableRoom, viewer: User | None
    ) -> BroadcastFrame | None:
        """The ``broadcast`` frame of ``room`` for ``viewer``; None if it is not broadcast."""
        if self.table(tournament) != room.number or not tournament.regulation.observers:
            return None
        later = hands_later(self.delay)
        seated = viewer is not None and room.seat_of_user(viewer.id) is not None
        if seated:
            notice = gettext(
                "this table is broadcast: your cards are shown to spectators {later}"
            ).format(later=later)
        else:
            notice = gettext("broadcast table: every hole card is shown {later}").format(
                later=later
            )
        shown = None
        if spectator(tournament, viewer):
            tape = self.tapes.get(room.number)
            shown = tape[0] if tape is not None and len(tape) == self.delay else None
        return {"delay_hands": self.delay, "notice": notice, "hand": shown}


def spectator(tournament: RoomTournament, viewer: User | None) -> bool:
    """Anyone but an entrant still in the tournament."""
    if viewer is None:
        return True
    name = tournament.name_of(viewer)
    record = None if name is None else tournament.log().players.get(name)
    return record is None or record.place is not None


def hand_frame(room: TournamentTableRoom, hand: Hand) -> BroadcastHandFrame:
    """The finished hand as the broadcast shows it: every card dealt to every seat."""
    dealt: list[list[str]] = [[] for _ in range(hand.players)]
    boards: dict[int, list[str]] = {}
    for event in hand.events:
        match event:
            case ev.DealHole(player, cards):
                dealt[player].extend(str(card) for card in cards if card is not None)
            case ev.DealBoard(cards, board):
                boards.setdefault(board, []).extend(str(c) for c in cards if c is not None)
    seats: list[BroadcastSeatFrame] = [
        {"seat": room.seat_at(p), "name": room.hand_occupants[p].name, "cards": dealt[p]}
        for p in range(hand.players)
    ]
    shown = room.results_shown()  # the viewer's language, not the one the hand ended in
    result = shown[0] if shown else None
    return {
        "number": room.hand_number,
        "seats": seats,
        "boards": [boards[b] for b in sorted(boards)],
        "result": result if result is not None and result["number"] == room.hand_number else None,
    }
