"""The director's penalty log (T-14, T-21, T-22, H-10): frozen events, state derived from them.

Every penalty given, every hand of a sit-out served, every protest and its ruling is an
event; :class:`PenaltyLog` rebuilds the same state from its events through the same
checks, so the log can be saved, replayed and audited. Decisions where 002 is silent:

- **Repeats (T-21)** count per player and tournament, per offence: every earlier penalty
  for the same offence counts, warnings included, unless a protest overturned it.
- **Sit-outs (H-10)** start with the next hand dealt at the player's table (the hand he
  holds plays on) and count only hands dealt while he is seated at a table, whichever
  table; a round's size is fixed when the penalty is given (T-14). During a sit-out he is
  away (H-9): the table calls :meth:`PenaltyLog.serve_hand` at the H-11 moment and adds
  the players it returns to its away seats. Two sit-outs run one after the other.
- **Disqualification (5.19.2, 7.2.2)** puts the player out of the tournament; his chips
  leave play (TDA: removed from play, never given to the others — 002 does not say), so
  the event records the stack removed. In a tournament the event also records the place
  he takes (:mod:`.rulings`).
- **Protests (T-22, 002 7.3)**: only the penalised player, in writing (a reason is
  required), before the tournament ends, once per penalty; the ruling may come after the
  end (7.3.3) and is final. Overturning lifts what is left of a sit-out (hands already
  served stay served) and removes the penalty from repeat counting; an overturned
  disqualification no longer bars him, but his place and the chips removed stand.
- **Soft-play flags (T-15)** are kept with the penalties for the director, and are never
  one.

>>> log = PenaltyLog()
>>> first = log.give("Ann", Offence.ACTION_OUT_OF_TURN, Penalty.warning(), players_at_table=9)
>>> second = log.give("Ann", Offence.ACTION_OUT_OF_TURN, Penalty.hands(3), players_at_table=9)
>>> second.repeat, log.remaining("Ann")
(1, 3)
>>> sorted(log.serve_hand(["Ann", "Bob"])), log.remaining("Ann")
(['Ann'], 2)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from pokerroom.errors import UsageError
from pokerroom.i18n import N_, _, ngettext
from pokerroom.said import Said
from pokerroom.tournament.penalties.table import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESETS,
    Offence,
    Penalty,
    PenaltyKind,
    choices_text,
)


class Ruling(enum.Enum):
    """The director's decision on a protest (T-22)."""

    UPHELD = "penalty upheld"
    OVERTURNED = "penalty overturned"


RULING_WORDS = {Ruling.UPHELD: N_("penalty upheld"), Ruling.OVERTURNED: N_("penalty overturned")}
"""Each ruling as people read it (its value is the English of exports)."""


@dataclass(frozen=True, slots=True)
class PenaltyGiven:
    """T-14: one penalty, with everything fixed at the moment it is given."""

    at: float
    number: int
    player: str
    offence: Offence
    penalty: Penalty
    players_at_table: int
    """The table's player count, offender included: the size of a round (T-14)."""
    hands: int
    """Hands to sit out (0 for a warning or a disqualification)."""
    repeat: int
    """Earlier penalties of this player for this offence (0: the first time, T-21)."""
    chips_removed: int = 0
    """A disqualification: the stack that leaves play."""
    override: bool = False
    """T-16, 002 7.4: the director gave a penalty outside the table."""
    note: str = ""
    place: int = 0
    """A disqualification in a tournament: the place he takes (the next one down, T-12)."""


@dataclass(frozen=True, slots=True)
class HandServed:
    """H-10: one hand of a sit-out served (the player was dealt in and his hand killed)."""

    at: float
    player: str
    penalty: int
    hand: int = 0
    """The tournament's number of the hand served (0 outside a tournament)."""


@dataclass(frozen=True, slots=True)
class ProtestFiled:
    """T-22: a written protest against a penalty."""

    at: float
    number: int
    penalty: int
    player: str
    text: str


@dataclass(frozen=True, slots=True)
class ProtestDecided:
    at: float
    protest: int
    ruling: Ruling
    note: str = ""


@dataclass(frozen=True, slots=True)
class TournamentEnded:
    """7.3.2: no protest is accepted after this."""

    at: float


@dataclass(frozen=True, slots=True)
class SoftPlayFlagged:
    """T-15: the detector's flag after a hand, for the director only — never a penalty.

    It names the player's hole cards, so nothing a player sees may carry it (X-4):
    ``director_only`` marks it for every output to leave out but the director's.
    """

    at: float
    player: str
    hand: int
    """The tournament's hand number."""
    table: int
    action: str
    """``check`` or ``call``."""
    reason: str
    hole: str
    board: str
    director_only: ClassVar[bool] = True


PenaltyEvent = (
    PenaltyGiven | HandServed | ProtestFiled | ProtestDecided | TournamentEnded | SoftPlayFlagged
)


@dataclass(frozen=True, slots=True)
class Protest:
    """A protest and, once decided, its ruling."""

    filed: ProtestFiled
    decision: ProtestDecided | None


class PenaltyLog:
    """The penalties, sit-outs, protests and soft-play flags of one tournament; see the
    module docstring. :meth:`check` then :meth:`apply` is the only way it changes, so a
    :class:`~pokerroom.tournament.director.Tournament` can keep one rebuilt from its log."""

    def __init__(self, events: Iterable[PenaltyEvent] = ()) -> None:
        self._events: list[PenaltyEvent] = []
        self._given: dict[int, PenaltyGiven] = {}
        self._by_player: dict[str, list[PenaltyGiven]] = {}
        self._served: dict[int, int] = {}
        self._protests: dict[int, ProtestFiled] = {}
        self._decisions: dict[int, ProtestDecided] = {}
        self._flags: list[SoftPlayFlagged] = []
        self._ended = False
        for event in events:
            self._record(event)

    # ----------------------------------------------------------------- queries

    @property
    def events(self) -> tuple[PenaltyEvent, ...]:
        return tuple(self._events)

    def penalties(self, player: str | None = None) -> tuple[PenaltyGiven, ...]:
        if player is not None:
            return tuple(self._by_player.get(player, ()))
        return tuple(self._given.values())

    def protests(self) -> tuple[Protest, ...]:
        return tuple(Protest(filed, self._decisions.get(n)) for n, filed in self._protests.items())

    def flags(self) -> tuple[SoftPlayFlagged, ...]:
        """T-15: the soft-play flags raised, for the director only."""
        return tuple(self._flags)

    def overturned(self, penalty: int) -> bool:
        """Whether a protest against penalty number ``penalty`` overturned it (T-22)."""
        for number, protest in self._protests.items():
            if protest.penalty == penalty:
                decision = self._decisions.get(number)
                return decision is not None and decision.ruling is Ruling.OVERTURNED
        return False

    def priors(self, player: str, offence: Offence) -> int:
        """T-21: earlier penalties of ``player`` for ``offence`` that still stand."""
        return sum(1 for g in self._standing(player) if g.offence is offence)

    def remaining(self, player: str) -> int:
        """H-10: hands of sit-out ``player`` has still to serve."""
        return sum(g.hands - self._served.get(g.number, 0) for g in self._standing(player))

    def served(self, penalty: int) -> int:
        """H-10: hands of sit-out number ``penalty`` served so far."""
        return self._served.get(penalty, 0)

    def serving(self, player: str) -> int | None:
        """H-10: the number of the sit-out his next hand dealt serves (None: he plays)."""
        for given in self._standing(player):
            if self._served.get(given.number, 0) < given.hands:
                return given.number
        return None

    def disqualified(self, player: str) -> bool:
        return any(g.penalty.kind is PenaltyKind.DISQUALIFICATION for g in self._standing(player))

    def _standing(self, player: str) -> list[PenaltyGiven]:
        return [g for g in self._by_player.get(player, ()) if not self.overturned(g.number)]

    # ----------------------------------------------------------------- director

    def draft(
        self,
        player: str,
        offence: Offence,
        penalty: Penalty,
        *,
        players_at_table: int,
        at: float = 0.0,
        chips_removed: int = 0,
        override: bool = False,
        note: str = "",
        place: int = 0,
    ) -> PenaltyGiven:
        """T-14, T-21: the next penalty as the log would number and count it, not yet given."""
        if not MIN_PLAYERS <= players_at_table <= MAX_PLAYERS:
            raise UsageError(
                Said(
                    N_(
                        "players at the table must be {low} to {high} "
                        "(the offender included), got {count}"
                    ),
                    low=MIN_PLAYERS,
                    high=MAX_PLAYERS,
                    count=players_at_table,
                )
            )
        return PenaltyGiven(
            at=at,
            number=len(self._given) + 1,
            player=player,
            offence=offence,
            penalty=penalty,
            players_at_table=players_at_table,
            hands=penalty.hands_at(players_at_table),
            repeat=self.priors(player, offence),
            chips_removed=chips_removed,
            override=override,
            note=note,
            place=place,
        )

    def give(
        self,
        player: str,
        offence: Offence,
        penalty: Penalty,
        *,
        players_at_table: int,
        at: float = 0.0,
        chips_removed: int = 0,
        override: bool = False,
        note: str = "",
    ) -> PenaltyGiven:
        """T-14: give ``penalty``; it must be in the T-21 table unless ``override`` (T-16).

        ``chips_removed`` is the disqualified player's stack, which leaves play.
        """
        event = self.draft(
            player,
            offence,
            penalty,
            players_at_table=players_at_table,
            at=at,
            chips_removed=chips_removed,
            override=override,
            note=note,
        )
        self._record(event)
        return event

    def serve_hand(self, dealt: Iterable[str], *, at: float = 0.0) -> frozenset[str]:
        """H-10: a hand is dealt at a table to ``dealt``; who among them sits it out.

        Call once per hand when away is decided (H-11); each player returned has one
        hand of his sit-out counted and is away for this hand (H-9).
        """
        players = list(dealt)
        if len(set(players)) != len(players):
            raise UsageError(
                f"a player is dealt in only once per hand, got {players}"  # machine words
            )
        for player in players:
            if self.disqualified(player):
                raise UsageError(
                    _("{player} is disqualified and cannot be dealt in (5.19.2)").format(
                        player=player
                    )
                )
        serving = []
        for player in players:
            number = self.serving(player)
            if number is not None:
                self._record(HandServed(at, player, number))
                serving.append(player)
        return frozenset(serving)

    def protest(self, penalty: int, player: str, text: str, *, at: float = 0.0) -> ProtestFiled:
        """T-22, 002 7.3.1–7.3.2: ``player`` protests penalty number ``penalty`` in writing."""
        event = ProtestFiled(at, len(self._protests) + 1, penalty, player, text.strip())
        self._record(event)
        return event

    def decide(
        self, protest: int, ruling: Ruling, note: str = "", *, at: float = 0.0
    ) -> ProtestDecided:
        """T-22, 002 7.3.3: the final ruling on a protest."""
        event = ProtestDecided(at, protest, ruling, note)
        self._record(event)
        return event

    def end(self, *, at: float = 0.0) -> None:
        """The tournament is over (7.3.2): protests close; pending ones may still be ruled."""
        self._record(TournamentEnded(at))

    # ----------------------------------------------------------------- reducer

    def _record(self, event: PenaltyEvent) -> None:
        self.check(event)
        self.apply(event)

    def check(self, event: PenaltyEvent) -> None:
        """Raise one clear error if ``event`` does not follow from the log; changes nothing."""
        match event:
            case PenaltyGiven():
                self._check_given(event)
            case HandServed(_, player, number):
                given = self._given.get(number)
                if given is None or given.player != player or self.overturned(number):
                    raise UsageError(
                        f"{player} has no standing sit-out number {number}"  # machine words
                    )
                if self._served.get(number, 0) >= given.hands:
                    raise UsageError(
                        ngettext(
                            "{player} has served all {hands} hand of penalty {number}",
                            "{player} has served all {hands} hands of penalty {number}",
                            given.hands,
                        ).format(player=player, hands=given.hands, number=number)
                    )
            case ProtestFiled():
                self._check_protest(event)
            case ProtestDecided(_, number):
                if number not in self._protests:
                    raise UsageError(_("there is no protest number {number}").format(number=number))
                if number in self._decisions:
                    raise UsageError(
                        _("protest {number} is already decided; rulings are final (7.3.3)").format(
                            number=number
                        )
                    )
            case TournamentEnded():
                if self._ended:
                    raise UsageError(_("the tournament has already ended"))
            case SoftPlayFlagged():
                if event.action not in ("check", "call"):
                    raise UsageError(
                        f"soft play is a check or a call, got {event.action!r}"  # machine words
                    )

    def apply(self, event: PenaltyEvent) -> None:
        """Apply an event :meth:`check` accepted and log it."""
        match event:
            case PenaltyGiven():
                self._given[event.number] = event
                self._by_player.setdefault(event.player, []).append(event)
            case HandServed(_, _player, number):
                self._served[number] = self._served.get(number, 0) + 1
            case ProtestFiled():
                self._protests[event.number] = event
            case ProtestDecided(_, number):
                self._decisions[number] = event
            case TournamentEnded():
                self._ended = True
            case SoftPlayFlagged():
                self._flags.append(event)
        self._events.append(event)

    def _check_given(self, event: PenaltyGiven) -> None:
        player, penalty = event.player, event.penalty
        if self._ended:
            raise UsageError(_("the tournament has ended: no more penalties"))
        if event.number != len(self._given) + 1:
            raise UsageError(
                f"penalty number {event.number} out of order: "  # machine words
                f"expected {len(self._given) + 1}"
            )
        if not player.strip():
            raise UsageError(_("a penalty names the player it is given to"))
        if self.disqualified(player):
            raise UsageError(_("{player} is already disqualified").format(player=player))
        if event.chips_removed < 0 or (
            event.chips_removed and penalty.kind is not PenaltyKind.DISQUALIFICATION
        ):
            raise UsageError(
                "only a disqualification removes chips, 0 or more"  # machine words
            )
        if event.place < 0 or (event.place and penalty.kind is not PenaltyKind.DISQUALIFICATION):
            raise UsageError(
                "only a disqualification gives the player a place"  # machine words
            )
        repeat = self.priors(player, event.offence)
        if event.repeat != repeat or event.hands != penalty.hands_at(event.players_at_table):
            raise UsageError(
                f"penalty {event.number} does not match the log"  # machine words
            )
        preset = PRESETS[event.offence]
        if not event.override and not preset.allows(penalty, repeat, event.players_at_table):
            when = _("repeat") if repeat else _("first time")
            raise UsageError(
                _(
                    "{penalty} is not in the penalty table for {offence} ({clause}, {when}): "
                    "allowed {allowed}; the director may override (T-16, 002 7.4)"
                ).format(
                    penalty=penalty.text(),
                    offence=preset.words,
                    clause=event.offence.value,
                    when=when,
                    allowed=choices_text(preset.choices(repeat)),
                )
            )

    def _check_protest(self, event: ProtestFiled) -> None:
        if self._ended:
            raise UsageError(_("the tournament has ended: protests are no longer accepted (7.3.2)"))
        given = self._given.get(event.penalty)
        if given is None:
            raise UsageError(
                _("there is no penalty number {number} to protest").format(number=event.penalty)
            )
        if event.player != given.player:
            raise UsageError(
                _("only {player}, who was penalised, may protest penalty {number} (7.3.1)").format(
                    player=given.player, number=event.penalty
                )
            )
        if not event.text:
            raise UsageError(
                _("a protest is written and gives its reason (7.3.1); the text is empty")
            )
        if any(protest.penalty == event.penalty for protest in self._protests.values()):
            raise UsageError(
                _("penalty {number} has already been protested").format(number=event.penalty)
            )
        if event.number != len(self._protests) + 1:
            raise UsageError(
                f"protest number {event.number} out of order"  # machine words
            )


def ruling_text(ruling: Ruling | None) -> str:
    """A protest's state as people read it: pending, upheld or overturned (T-22)."""
    if ruling is None:
        return _("pending")
    return _(RULING_WORDS[ruling])


def render_log(log: PenaltyLog) -> str:
    """The director's list: one line per penalty, with its sit-out and protest state, then
    the soft-play flags (T-15) — his eyes only, they carry hole cards."""
    rulings = {p.filed.penalty: p for p in log.protests()}
    lines = []
    for given in log.penalties():
        line = f"#{given.number} {given.player}: {given.offence.value} — {given.penalty.text()}"
        if given.hands:
            line += " " + ngettext(
                "({hands} hand, {served} served)", "({hands} hands, {served} served)", given.hands
            ).format(hands=given.hands, served=log.served(given.number))
        if given.repeat:
            line += _(", repeat (time {time})").format(time=given.repeat + 1)
        if given.override:
            line += _(", director's override")
        if given.place:
            line += _(", out in place {place}").format(place=given.place)
        if given.chips_removed:
            line += ngettext(
                ", {chips} chip removed from play",
                ", {chips} chips removed from play",
                given.chips_removed,
            ).format(chips=given.chips_removed)
        protest = rulings.get(given.number)
        if protest is not None:
            state = ruling_text(protest.decision.ruling if protest.decision else None)
            line += _("; protest #{number}: {state}").format(
                number=protest.filed.number, state=state
            )
        lines.append(line)
    for flag in log.flags():
        lines.append(
            _(
                "soft play? hand {hand}, table {table}: {player} — {reason} [{hole} on {board}]"
            ).format(
                hand=flag.hand,
                table=flag.table,
                player=flag.player,
                reason=flag.reason,
                hole=flag.hole,
                board=flag.board,
            )
        )
    return "\n".join(lines)
