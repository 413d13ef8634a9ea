"""The director's desk in a simulated run: his rulings carried out at the tables.

:class:`~pokerroom.tournament.american.AmericanRun` calls its ``director`` after every
hand ends with this desk and the :class:`~pokerroom.tournament.events.HandPlayed`; the
director reads ``desk.tournament`` and acts through the desk (:meth:`Desk.penalize`,
:meth:`Desk.protest`, :meth:`Desk.decide`), so every ruling is logged, shown to the
run's listener and carried out:

- **Sit-outs (H-9 … H-11)**: a player with a sit-out to serve when a hand is dealt at
  his table is away for it: he posts his blinds, antes and bring-in, his cards are dealt
  and killed at once (an all-in player's hand plays on), and the hand counts one served
  (``HandServed``, logged when the hand ends). A sit-out given while he is in a hand
  starts with his next one.
- **Disqualification (T-12, T-14)** of a player whose table is between hands puts him
  out at once and frees his seat; if his table is playing a hand, the ruling is checked
  at once and carried out when that hand ends (``penalize`` returns None), with the
  players at his table counted when it was given. If he busts in that hand and does not
  re-enter, he is out already (in a hand-for-hand round, placed with its other busts) and
  the ruling lapses.
- **Soft play (T-15)**: after every hand the detector runs; each flag is logged as a
  ``SoftPlayFlagged`` event for the director only — never a penalty by itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerroom.cards import format_cards
from pokerroom.engine import Hand
from pokerroom.errors import UsageError
from pokerroom.i18n import _
from pokerroom.table.away import away_positions, kill_dead_hands
from pokerroom.tournament.events import HandPlayed, TournamentEvent
from pokerroom.tournament.penalties import rulings
from pokerroom.tournament.penalties.log import (
    PenaltyGiven,
    ProtestDecided,
    ProtestFiled,
    Ruling,
    SoftPlayFlagged,
)
from pokerroom.tournament.penalties.softplay import SoftPlayFlag, soft_play_flags
from pokerroom.tournament.penalties.table import Offence, Penalty, PenaltyKind

if TYPE_CHECKING:
    from pokerroom.tournament.american import AmericanRun
    from pokerroom.tournament.director import Tournament

Director = Callable[["Desk", HandPlayed], None]
"""The director, asked after every hand ends: he may penalise, take protests and rule."""


@dataclass(frozen=True, slots=True)
class _Due:
    """A disqualification waiting for the end of the hand the player is in."""

    player: str
    offence: Offence
    players: int
    """The players at his table when the ruling was given (T-14)."""
    override: bool
    note: str


class Desk:
    """Where the director's rulings meet the run's tables; see the module docstring."""

    def __init__(
        self,
        run: AmericanRun,
        notify: Callable[[TournamentEvent], None],
        director: Director | None = None,
    ) -> None:
        self._run = run
        self._notify = notify
        self._director = director
        self._away: dict[int, tuple[str, ...]] = {}
        """Per table playing: the players sitting out the hand it deals (H-10)."""
        self._flags: dict[int, list[tuple[str, SoftPlayFlag]]] = {}
        self._due: dict[int, list[_Due]] = {}

    @property
    def tournament(self) -> Tournament:
        return self._run.tournament

    # ----- the director's actions

    def penalize(
        self,
        player: str,
        offence: Offence | str,
        penalty: Penalty | None = None,
        *,
        override: bool = False,
        note: str = "",
    ) -> PenaltyGiven | None:
        """T-14: :meth:`Tournament.penalize` now; None when a disqualification waits for
        the hand the player is in to end (it is checked now all the same)."""
        tournament = self.tournament
        offence = rulings.offence_of(offence)
        if penalty is None:
            priors = tournament.penalty_log.priors(player, offence)
            penalty = rulings.default_penalty(offence, priors)
        table = self._table_in_hand(player)
        if penalty.kind is PenaltyKind.DISQUALIFICATION and table is not None:
            if any(due.player == player for due in self._due.get(table, ())):
                raise UsageError(
                    _("{player} is already disqualified from the end of this hand").format(
                        player=player
                    )
                )
            players = rulings.players_at_table(tournament, player)
            event = rulings.new_penalty(
                tournament,
                player,
                offence,
                penalty,
                at=self._run.now,
                players=players,
                override=override,
                note=note,
            )
            rulings.check(tournament, event)
            self._due.setdefault(table, []).append(_Due(player, offence, players, override, note))
            return None
        return self._give(player, offence, penalty, override=override, note=note)

    def protest(self, penalty: int, player: str, text: str) -> ProtestFiled:
        """T-22: a written protest against penalty number ``penalty``."""
        event = self.tournament.protest(penalty, player, text, at=self._run.now)
        self._notify(event)
        return event

    def decide(self, protest: int, ruling: Ruling, note: str = "") -> ProtestDecided:
        """T-22: the ruling on protest number ``protest``."""
        event = self.tournament.decide(protest, ruling, at=self._run.now, note=note)
        self._notify(event)
        return event

    # ----- what the run tells the desk

    def deal(self, table: int, hand: Hand, players: Sequence[str]) -> None:
        """H-11: the first deal is done; the players sitting out are away and their hands
        killed (H-9: all-in hands play on)."""
        log = self.tournament.penalty_log
        away = tuple(player for player in players if log.serving(player) is not None)
        self._away[table] = away
        if away:
            kill_dead_hands(hand, away_positions(players, away))

    def played(self, table: int, hand: Hand, players: Sequence[str]) -> None:
        """T-15: the hand is played out; keep its soft-play flags for when it ends."""
        self._flags[table] = [(players[flag.player], flag) for flag in soft_play_flags(hand)]

    def hand_ended(self, table: int) -> None:
        """The hand at ``table`` is logged: its served hands, its flags, the rulings due;
        then the director's turn."""
        tournament = self.tournament
        now, number = self._run.now, tournament.hands
        for player in self._away.pop(table, ()):
            served = tournament.serve(player, hand=number, at=now)
            if served is not None:
                self._notify(served)
        for player, flag in self._flags.pop(table, ()):
            event = SoftPlayFlagged(
                now,
                player,
                number,
                table,
                flag.action,
                # the event's stored reason: the run's JSON and the export carry it
                f"T-15: {flag.action} in position on the river "  # machine words
                f"holding the nuts ({flag.holding})",  # machine words
                format_cards(flag.hole),
                format_cards(flag.board),
            )
            tournament.record(event)
            self._notify(event)
        for due in self._due.pop(table, ()):
            record = tournament.players[due.player]
            if record.place is None and record.seat is not None:  # no seat: busted, unplaced
                self._give(
                    due.player,
                    due.offence,
                    Penalty.disqualification(),
                    override=due.override,
                    note=due.note,
                    players=due.players,
                )
        if self._director is not None:
            self._director(self, _last_hand(tournament))

    # ----- carrying it out

    def _give(
        self,
        player: str,
        offence: Offence,
        penalty: Penalty,
        *,
        override: bool,
        note: str,
        players: int | None = None,
    ) -> PenaltyGiven:
        event = self.tournament.penalize(
            player,
            offence,
            penalty,
            at=self._run.now,
            players_at_table=players,
            override=override,
            note=note,
        )
        self._notify(event)
        if event.place:  # T-12: out at once, his seat is free
            self._run.floor.remove(player)
            self._run.player_removed()
        return event

    def _table_in_hand(self, player: str) -> int | None:
        """The table playing a hand with ``player`` in it, if any."""
        record = self.tournament.players.get(player)
        if record is None or record.seat is None:
            return None
        table = record.seat.table
        return table if self._run.floor.table(table).playing else None


def _last_hand(tournament: Tournament) -> HandPlayed:
    for event in reversed(tournament.events):
        if isinstance(event, HandPlayed):
            return event
    raise AssertionError("the desk is asked after a hand, so one was played")
