"""The tournament header of a web table: the terminal header's :class:`Lobby`, as JSON.

The numbers come from :func:`pokerroom.tournament.lobby.lobby_of` — the same call the
terminal table makes — and the words from :func:`pokerroom.tournament.header.header_lines`,
so both headers say the same. Only public numbers and the viewer's own place (X-4).
"""

from __future__ import annotations

from pokerroom.protocol.frames import (
    FinishFrame,
    LevelFrame,
    PayJumpFrame,
    TournamentHeaderFrame,
)
from pokerroom.tournament.clock.render import forced_bets
from pokerroom.tournament.header import header_lines
from pokerroom.tournament.lobby import Lobby
from pokerroom.tournament.structure import Level


def level_frame(level: Level) -> LevelFrame:
    return {
        "number": level.number,
        "small_blind": level.small_blind,
        "big_blind": level.big_blind,
        "ante": level.ante,
        "big_blind_ante": level.big_blind_ante,
        "bring_in": level.bring_in,
        "small_bet": level.small_bet,
        "big_bet": level.big_bet,
        "words": forced_bets(level),
    }


def header_frame(
    lobby: Lobby,
    *,
    tournament_id: str,
    name: str,
    status: str,
    now: float,
    paused: bool,
    finished: FinishFrame | None,
) -> TournamentHeaderFrame:
    """The header at server time ``now``: the level's end on that clock unless paused."""
    left = lobby.time_left
    jump = lobby.next_jump
    next_jump: PayJumpFrame | None = (
        None if jump is None else {"place": jump.place, "prize": jump.prize, "busts": jump.busts}
    )
    return {
        "id": tournament_id,
        "name": name,
        "url": f"/tournaments/{tournament_id}",
        "status": status,
        "level": level_frame(lobby.level),
        "on_break": lobby.on_break is not None,
        "seconds_left": left,
        "deadline": None if left is None or paused else now + left,
        "next_level": None if lobby.next_level is None else level_frame(lobby.next_level),
        "players_left": lobby.players_left,
        "entries": lobby.entries,
        "average": lobby.average,
        "average_big_blinds": round(lobby.average_big_blinds, 1),
        "place": lobby.place,
        "chips": lobby.chips,
        "pool": lobby.pool,
        "prizes": list(lobby.prizes),
        "next_jump": next_jump,
        "finished": finished,
        "lines": header_lines(lobby),
    }
