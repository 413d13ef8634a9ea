"""A tournament whose tables are played apart: each table its own journal, owned by any process.

When the director and each table write their own journal, each must replay alone, in
whatever order a process heard the others. So nothing a table plays by may be read from
the director's objects while it plays, nor the other way round: the two meet only in two
steps, each carrying what the other needs.

- :class:`Offer` — the director dealt a hand at a table. Its run is deterministic, so every
  copy of the director makes the same offer: the dealt hand (a copy: the table plays its
  own), each player's seat as the director knows it (banks, sitting out), and for each bot
  its kind, a seed for a new bot and its bubble pressure. The table's owner takes it, by its
  number, into the table's journal
  (:meth:`~pokerroom.room.tournament.table_room.TournamentTableRoom.take`); a process
  replaying that journal finds the offer in its own copy of the director (read up to it
  first, if it is behind).
- :class:`Finished` — the table played it out. The director's owner records it in the
  director's journal (:meth:`~pokerroom.room.tournament.event.RoomTournament.hand_done`) in
  its JSON form (:func:`finished_to_json`): the hand's events, when it ended, whether a
  person played, each player's banks and sitting out at the end, the broadcast's view of
  it. A second record of the same hand changes nothing.

A finished hand names cards, so its record is never on the broker (docs/scaling.md,
"Tournaments played apart").
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from pokerroom.cards import Card
from pokerroom.engine import Hand, HandConfig
from pokerroom.engine import events as ev
from pokerroom.errors import PokerroomError, UsageError
from pokerroom.protocol.frames import BroadcastHandFrame
from pokerroom.room.occupants import Occupant
from pokerroom.tournament.timed.run import DealtHand

_EVENTS: dict[str, type[Any]] = {
    kind.__name__: kind
    for kind in (
        ev.PostAnte,
        ev.PostBlind,
        ev.DealHole,
        ev.Discard,
        ev.Burn,
        ev.DealBoard,
        ev.ChooseRuns,
        ev.Fold,
        ev.Check,
        ev.Call,
        ev.BetRaise,
        ev.BringIn,
        ev.ReturnUncalled,
        ev.Show,
        ev.Muck,
        ev.Award,
    )
}


@dataclass(frozen=True, slots=True)
class BotSeat:
    """How the table plays a bot's seat: a new bot of ``kind`` from ``seed`` if none of its
    own plays this entrant yet, minding the bubble by ``pressure``."""

    kind: str
    seed: int
    pressure: float


@dataclass(frozen=True, slots=True)
class Offer:
    """Step ``number`` of a table: a hand as the director dealt it, or (no hand) the
    table's closing: the floor broke it and it seats nobody from then on."""

    number: int
    dealt: DealtHand | None
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
    names: tuple[str, ...]
    """The players dealt in, by position."""


@dataclass(frozen=True, slots=True)
class LastHand:
    """A table's last hand as the director recorded it: what a dispute of it reads (T-17),
    the same on every process whatever it has replayed of the table."""

    number: int
    hand_number: int
    hand: Hand
    hand_ended_at: float
    names: tuple[str, ...]
    hand_done: bool = True

    def dealt_names(self) -> tuple[str, ...]:
        return self.names


@dataclass(frozen=True, slots=True)
class NoHand:
    """A table with no hand to dispute: none recorded yet, or its next one offered."""

    number: int
    hand_number: int = 0
    hand: Hand | None = None
    hand_ended_at: float | None = None
    hand_done: bool = False

    def dealt_names(self) -> tuple[str, ...]:
        return ()


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


# ------------------------------------------------------------------ a finished hand as JSON


def finished_to_json(finished: Finished) -> dict[str, Any]:
    """What the director's journal keeps of a finished hand (plain JSON)."""
    return {
        "number": finished.number,
        "events": [_event_to_json(event) for event in finished.hand.events],
        "at": finished.at,
        "people": finished.people,
        "seats": {name: [banks, out] for name, (banks, out) in finished.seats.items()},
        "tape": finished.tape,
        "names": list(finished.names),
    }


def finished_from_json(data: Mapping[str, Any], config: HandConfig) -> Finished:
    """The finished hand ``data`` keeps, played again from ``config`` (the offer's); a
    record that does not replay is one :class:`UsageError`."""
    try:
        events = [_event_from_json(item) for item in data["events"]]
        hand = Hand.from_events(config, events)
        seats = {str(name): (int(banks), bool(out)) for name, (banks, out) in data["seats"].items()}
        tape = cast(BroadcastHandFrame, data["tape"])
        at, people = float(data["at"]), bool(data["people"])
        names = tuple(str(name) for name in data["names"])
        return Finished(int(data["number"]), hand, at, people, seats, tape, names)
    except (KeyError, TypeError, ValueError, PokerroomError) as error:
        unread = f"a finished hand's record cannot be read: {error!r}"  # machine words
        raise UsageError(unread) from None


def _event_to_json(event: ev.Event) -> list[Any]:
    values: list[Any] = [type(event).__name__]
    for field in dataclasses.fields(event):
        value = getattr(event, field.name)
        if isinstance(value, Card):
            value = str(value)
        elif isinstance(value, tuple):
            value = [None if card is None else str(card) for card in value]
        values.append(value)
    return values


def _event_from_json(item: list[Any]) -> ev.Event:
    kind = _EVENTS[item[0]]
    values = [
        _field_from_json(field.name, value)
        for field, value in zip(dataclasses.fields(kind), item[1:], strict=True)
    ]
    event: ev.Event = kind(*values)
    return event


def _field_from_json(name: str, value: Any) -> Any:
    if name == "card":
        return None if value is None else Card.parse(value)
    if name == "cards":
        return tuple(None if card is None else Card.parse(card) for card in value)
    return value
