"""The Olympic stages in the tournament log (T-9): each stage's start and its restart stacks,
checked against the state and applied to it by :class:`~pokerroom.tournament.director.Tournament`.

A stage starts with every player still in: the winners of the last stage's tables and the
players who had a bye, nobody else. When it starts, every seat is cleared (the stage's draw
seats its players again) and the tables' markers and big-blind history start afresh, as
the stage's tables do. From the second stage on, every player restarts with the
regulation's ``restart_stack``: the chips he held are taken back (counted in
``chips_removed``) and the new stack issued (``chips_issued``), so chips in play always
equal chips issued less chips removed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.errors import UsageError
from pokerroom.tournament.events import StacksRestarted, StageStarted
from pokerroom.tournament.regulation.model import TournamentFormat

if TYPE_CHECKING:
    from pokerroom.tournament.director import Tournament


def check_stage(tournament: Tournament, event: StageStarted) -> None:
    """T-9: the next stage, for an Olympic tournament, seating exactly the players still in."""
    regulation = tournament.regulation
    if regulation.format is not TournamentFormat.OLYMPIC:
        raise UsageError(f"{regulation.name!r} is {regulation.format.value}; stages are olympic")
    expected = len(tournament.stages) + 1
    if event.number != expected:
        raise UsageError(f"stage {event.number} cannot start; the next stage is {expected}")
    size = regulation.table_size
    if not event.tables or any(not 2 <= count <= size for count in event.tables):
        raise UsageError(
            f"a stage's tables seat 2 to {size} players each, got {list(event.tables)}"
        )
    alive = set(tournament.still_in())
    if len(set(event.byes)) != len(event.byes) or not set(event.byes) <= alive:
        raise UsageError(f"the byes {list(event.byes)} must be players still in, each once")
    seats = sum(event.tables) + len(event.byes)
    if seats != tournament.players_left:
        raise UsageError(
            f"stage {event.number} seats {seats} players, but {tournament.players_left} are in"
        )
    if tournament.stages:
        last = tournament.stages[-1]
        winners = len(last.tables) + len(last.byes)
        if tournament.players_left != winners:
            raise UsageError(
                f"stage {last.number} ({last.name}) is not over: {tournament.players_left} "
                f"players are in, its tables and byes send {winners} on"
            )


def apply_stage(tournament: Tournament, event: StageStarted) -> None:
    tournament.stages.append(event)
    tournament.markers.clear()
    tournament.posted_big_blind.clear()
    for record in tournament.players.values():
        if record.place is None:
            record.seat = None
            tournament.stage_reached[record.player] = event.number


def check_restart(tournament: Tournament, event: StacksRestarted) -> None:
    """T-9: every player still in, once each, from the chips he holds to the equal stack."""
    current = tournament.stages[-1].number if tournament.stages else 0
    if event.stage != current or current < 2:
        raise UsageError(
            f"stacks restart when a stage after the first starts; stage {event.stage} "
            f"is not that (the current stage is {current})"
        )
    players = [stack.player for stack in event.stacks]
    if len(set(players)) != len(players) or set(players) != set(tournament.still_in()):
        raise UsageError("a restart gives every player still in one new stack, each once")
    stack = tournament.regulation.restart_stack
    for restart in event.stacks:
        held = tournament.players[restart.player].chips
        if restart.before != held:
            raise UsageError(f"{restart.player} restarts from {restart.before} chips, has {held}")
        if restart.after != stack:
            raise UsageError(
                f"{restart.player} restarts with {restart.after} chips; every stage restarts "
                f"with {stack} (T-9)"
            )


def apply_restart(tournament: Tournament, event: StacksRestarted) -> None:
    for restart in event.stacks:
        tournament.players[restart.player].chips = restart.after
        tournament.chips_removed += restart.before
        tournament.chips_issued += restart.after
