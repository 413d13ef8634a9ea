"""A tournament whose tables are played apart: each table its own journal, owned by any process.

When the director and each table write their own journal, each must replay alone, in
whatever order a process heard the others. So nothing a table plays by may be read from
the director's objects while it plays, nor the other way round: the two meet only in two
steps that carry what they need.

- :class:`Offer` — the director dealt a hand at a table (its run is deterministic, so every
  copy of the director makes the same offer). The table's owner takes it into the table's
  journal (:meth:`~pokerroom.room.tournament.table_room.TournamentTableRoom.take`): the dealt
  hand itself (a copy: the table plays its own), each arriving player's seat as the director
  knows it (banks, sitting out), and for each bot its kind, a seed for a new bot and its
  bubble pressure. The table then plays it with its own occupants and its own bots.
- :class:`Finished` — the table played it out. The director's owner records it in the
  director's journal (:meth:`~pokerroom.room.tournament.event.RoomTournament.hand_done`):
  the finished hand, when it ended, whether a person played, each player's banks and
  sitting out at the end. A second record of the same hand changes nothing.

Both name cards, so neither is ever on the broker (docs/scaling.md, "Tournaments played
apart").
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass

from pokerroom.engine import Hand
from pokerroom.protocol.frames import BroadcastHandFrame
from pokerroom.room.occupants import Occupant
from pokerroom.tournament.timed.run import DealtHand


@dataclass(frozen=True, slots=True)
class BotSeat:
    """How the table plays a bot's seat: a new bot of ``kind`` from ``seed`` if none of its
    own plays this entrant yet, minding the bubble by ``pressure``."""

    kind: str
    seed: int
    pressure: float


@dataclass(frozen=True, slots=True)
class Offer:
    """Hand ``number`` of a table, as the director dealt it."""

    number: int
    dealt: DealtHand
    occupants: tuple[Occupant, ...]
    """By engine position: each player's seat as the director knows it (a copy)."""
    bots: Mapping[int, BotSeat]
    """By engine position: the bots' seats."""


@dataclass(frozen=True, slots=True)
class Finished:
    """Hand ``number`` of a table, played to its end at ``at``."""

    number: int
    hand: Hand
    at: float
    people: bool
    """Whether a person was dealt in (the table then shows the result for a pause)."""
    seats: Mapping[str, tuple[int, bool]]
    """Each player's time banks and sitting out at the end, by name."""
    tape: BroadcastHandFrame
    """The hand as the broadcast shows it (T-23), every card dealt in it."""


def offered(
    number: int,
    dealt: DealtHand,
    occupants: Mapping[str, Occupant],
    bots: Mapping[int, BotSeat],
) -> Offer:
    """The offer of ``dealt`` as hand ``number``: the hand and the players' seats copied, so
    that what the table plays is never what the director holds."""
    seats = tuple(_seat_copy(occupants[name]) for name in dealt.players)
    return Offer(number, copy.deepcopy(dealt), seats, dict(bots))


def _seat_copy(occupant: Occupant) -> Occupant:
    twin = copy.copy(occupant)
    twin.bot = None
    return twin
