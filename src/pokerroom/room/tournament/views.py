"""What a web tournament shows: a table's header, and the tournament's own frame.

Public numbers only (a lobby shows every stack) and the viewer's own place and options;
no card of any hand (X-4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.protocol.frames import (
    FinishFrame,
    TournamentFrame,
    TournamentHeaderFrame,
    TournamentPlayerFrame,
    TournamentResultFrame,
    TournamentTableFrame,
)
from pokerroom.room.notices import worded
from pokerroom.room.registry import table_path
from pokerroom.room.seam import PROTOCOL_VERSION, User
from pokerroom.room.tournament.header import header_frame
from pokerroom.room.tournament.roles import may_direct_event
from pokerroom.tournament.lobby import lobby_of, prize_now

if TYPE_CHECKING:
    from pokerroom.room.tournament.event import RoomTournament


def header(tournament: RoomTournament, viewer: User | None) -> TournamentHeaderFrame:
    """The header of the terminal table (:func:`lobby_of`) for ``viewer`` at the latest
    time the tournament was told."""
    name = None if viewer is None else tournament.name_of(viewer)
    log = tournament.log()
    run = tournament.run
    clock = () if run is None else run.clock_log
    start = 0.0 if run is None else run.clock_start  # T-9: an Olympic stage's own clock
    now = tournament.clock_time(tournament.now)
    lobby = lobby_of(log, name or "", now=now, clock=clock, start_at=start)
    record = None if name is None else log.players.get(name)
    finished: FinishFrame | None = None
    if record is not None and record.place is not None:
        prize = prize_now(log, record.place, tied_from=record.tied_from, tied=record.tied)
        finished = {"place": record.place, "prize": prize}
    frame = header_frame(
        lobby,
        tournament_id=tournament.id,
        name=tournament.name,
        status=tournament.status,
        now=tournament.now,
        paused=tournament.paused or tournament.run is None,
        finished=finished,
    )
    frame["announcement"] = tournament.announcement
    return frame


def lobby(tournament: RoomTournament, viewer: User | None) -> TournamentFrame:
    """The ``tournament`` frame (docs/protocol.md): the field, the tables, the results,
    and what ``viewer`` may do."""
    log = tournament.log()
    name = None if viewer is None else tournament.name_of(viewer)
    record = None if name is None else log.players.get(name)
    out = record is not None and record.place is not None
    finished = tournament.status == "finished"
    players: list[TournamentPlayerFrame] = [
        {
            "name": r.player,
            "bot": r.player not in tournament.users or r.player in tournament.bot_accounts,
            "chips": r.chips,
            "table": None if r.seat is None else r.seat.table,
            "seat": None if r.seat is None else r.seat.seat,
            "place": r.place,
            "entries": r.entries,
        }
        for r in sorted(log.players.values(), key=lambda r: (r.place or 0, -r.chips))
    ]
    results: list[TournamentResultFrame] = [
        {"place": r.place, "name": r.player, "prize": r.prize}
        for r in sorted(log.players.values(), key=lambda r: r.place or 0)
        if finished
    ]
    tables: list[TournamentTableFrame] = [
        {
            "number": number,
            "room": room.id,
            "url": table_path(room.id),
            "players": len(room.occupants),
        }
        for number, room in sorted(tournament.rooms.items())
        if room.occupants
    ]
    regulation = tournament.regulation
    game = regulation.game
    return {
        "type": "tournament",
        "v": PROTOCOL_VERSION,
        "id": tournament.id,
        "name": tournament.name,
        "game": game.label if game.mixed else game.at_level(1).label,
        "buy_in": regulation.money.buy_in,
        "fee": regulation.money.fee,
        "starting_stack": regulation.starting_stack,
        "status": tournament.status,
        "start_at": tournament.start_at,
        "registered": len(log.players),
        "max_entries": regulation.max_entries,
        "fill_to": tournament.fill_to,
        "player_run": tournament.player_run,
        "notice": worded(tournament.notice),
        "players": players,
        "tables": tables,
        "results": results,
        "header": header(tournament, viewer) if log.players else None,
        "you": {
            "registered": record is not None,
            "table": tournament.table_of(viewer),
            "may": offered(tournament, viewer, record is not None, out),
            "start": tournament.run is None and tournament.may_start(viewer),
            "director": may_direct_event(viewer, tournament.creator, tournament.directors),
        },
    }


def offered(
    tournament: RoomTournament, viewer: User | None, registered: bool, out: bool
) -> list[str]:
    """What the registration button offers ``viewer`` now (the library decides on it)."""
    if viewer is None or tournament.status == "finished":
        return []
    if tournament.run is None:
        return ["unregister"] if registered else ["register"]
    if not registered:
        return ["register late"]  # machine words: a code the template words
    return ["re-enter"] if out else []
