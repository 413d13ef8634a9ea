"""The director's discipline inside the tournament log (T-12, T-14, T-21, T-22, H-10, T-15).

:class:`~pokerroom.tournament.director.Tournament` keeps one
:class:`~pokerroom.tournament.penalties.log.PenaltyLog`, rebuilt from the same log: its
events are tournament events, checked here against the players (registered, still in,
his stack and place) and then by the penalty log itself; nothing else keeps them.

Decisions where 002 is silent (README "Tournaments"):

- **The penalty, when the director names only the offence**: the T-21 table's first
  choice for his count of earlier penalties, at its shortest (a warning, 3 hands,
  1 round …, or disqualification for a repeated collusion).
- **A round** is counted at his table when the penalty is given: the players seated
  there, him included (T-14); a player with no seat has it named by the director.
- **Disqualification (T-12, 5.19.2, 7.2.2)** puts him out at once, in the next place
  down, like a bust-out the director enters; his whole stack leaves play (counted in
  ``chips_removed``, never given to the others) and he cannot re-enter. 002 §7 names no
  forfeit of money: he is paid the prize of the place he takes, like anyone out there.
- **An overturned disqualification** (T-22) is recorded and no longer counts as a
  repeat, but his place stands and the chips do not return: 7.3.3's ruling comes from
  the organiser within three working days, a matter of money outside the software.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.errors import UsageError
from pokerroom.i18n import _
from pokerroom.tournament.penalties.log import (
    HandServed,
    PenaltyEvent,
    PenaltyGiven,
    SoftPlayFlagged,
    TournamentEnded,
)
from pokerroom.tournament.penalties.table import (
    PRESETS,
    Offence,
    Penalty,
    PenaltyKind,
    preset_for,
)

if TYPE_CHECKING:
    from pokerroom.tournament.director import PlayerRecord, Tournament


def offence_of(offence: Offence | str) -> Offence:
    """An offence, or a 002 clause naming one (``"7.1.3"``)."""
    return offence if isinstance(offence, Offence) else preset_for(offence).offence


def default_penalty(offence: Offence, priors: int) -> Penalty:
    """T-21: the table's first choice after ``priors`` earlier penalties, at its shortest."""
    choice = PRESETS[offence].choices(priors)[0]
    if choice.shortest is None:
        return Penalty(choice.kind)
    return Penalty(PenaltyKind.SIT_OUT, choice.shortest)


def players_at_table(tournament: Tournament, player: str) -> int:
    """T-14: the players seated at his table, him included."""
    seat = tournament.players[player].seat
    if seat is None:
        raise UsageError(
            _("player {player!r} has no seat; name the players at his table for a round").format(
                player=player
            )
        )
    return sum(
        1 for r in tournament.players.values() if r.seat is not None and r.seat.table == seat.table
    )


def new_penalty(
    tournament: Tournament,
    player: str,
    offence: Offence | str,
    penalty: Penalty | None,
    *,
    at: float,
    players: int | None,
    override: bool,
    note: str,
) -> PenaltyGiven:
    """The penalty event the director's action means; checked when it is recorded."""
    record = tournament.record_in(player)
    offence = offence_of(offence)
    log = tournament.penalty_log
    if penalty is None:
        penalty = default_penalty(offence, log.priors(player, offence))
    if players is None:
        players = players_at_table(tournament, player)
    out = penalty.kind is PenaltyKind.DISQUALIFICATION
    return log.draft(
        player,
        offence,
        penalty,
        players_at_table=players,
        at=at,
        chips_removed=record.chips if out else 0,
        override=override,
        note=note,
        place=tournament.players_left if out else 0,
    )


def check(tournament: Tournament, event: PenaltyEvent) -> None:
    """One clear error if the tournament cannot take ``event``; nothing changes."""
    if isinstance(event, PenaltyGiven):
        record = tournament.record_in(event.player)
        if event.penalty.kind is PenaltyKind.DISQUALIFICATION:
            _check_disqualification(tournament, event, record)
    elif isinstance(event, HandServed | SoftPlayFlagged):
        if event.player not in tournament.players:
            raise UsageError(
                _("player {player!r} is not registered in this tournament").format(
                    player=event.player
                )
            )
        live = event.hand == 0 and not tournament.hands  # a live table's hand, not numbered
        if not live and not 1 <= event.hand <= tournament.hands:
            raise UsageError(
                _("hand {hand} has not been played; {played} have").format(
                    hand=event.hand, played=tournament.hands
                )
            )
    tournament.penalty_log.check(event)


def _check_disqualification(
    tournament: Tournament, event: PenaltyGiven, record: PlayerRecord
) -> None:
    if tournament.players_left < 2:
        raise UsageError(
            _("{player} is the last player in; he wins, nobody is left to play").format(
                player=event.player
            )
        )
    if event.place != tournament.players_left:
        raise UsageError(
            # machine words: the desk computes both, no director can cause these two
            f"a disqualified player takes the next place down, "  # machine words
            f"{tournament.players_left}; got {event.place}"
        )
    if event.chips_removed != record.chips:
        raise UsageError(
            f"{event.player} holds {record.chips} chips; "  # machine words
            f"a disqualification removes them all, not {event.chips_removed}"  # machine words
        )


def apply(tournament: Tournament, event: PenaltyEvent) -> None:
    """Apply a checked event: the penalty log takes it; a disqualification puts him out."""
    tournament.penalty_log.apply(event)
    if isinstance(event, PenaltyGiven) and event.place:  # T-12, 5.19.2
        record = tournament.players[event.player]
        tournament.chips_removed += record.chips
        record.chips, record.seat, record.place = 0, None, event.place
        record.tied_from, record.tied = event.place, 1
        record.bust_hand, record.bust_level = tournament.hands, tournament.level
        tournament.players_left -= 1
        tournament.places_given.add(event.place)


def close(tournament: Tournament, at: float) -> None:
    """7.3.2: the tournament is over; protests close (rulings may still come, 7.3.3)."""
    tournament.penalty_log.apply(TournamentEnded(at))
