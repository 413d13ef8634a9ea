"""The tournaments played at this terminal in ``history`` and ``tournament export``.

``tournament play`` keeps its tournaments in a file of its own
(:mod:`pokerroom.storage.rooms.local_history` reads them back), numbered apart from the
database's: they are listed as ``p1``, ``p2`` … (:mod:`pokerroom.cli.tournament.ids`).
``history --list`` shows each as it shows a ``tournament run`` one, with ``tournament
play --resume N`` while the person is still in; ``history --tournament pN`` prints the same
results table; ``tournament export pN DIR`` writes the same files from the tournament's log,
and with ``--hands`` every hand as the person saw it (X-4): his own cards in the hands he
was dealt, everyone else's only when shown. There is no director's copy of a tournament
one of its players played: the complete record is not for his eyes (T-16).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import typer

from pokerroom.cli.tournament.export import ExportFormat, LogCopy, log_files
from pokerroom.cli.tournament.history import field_text, status_text
from pokerroom.cli.tournament.ids import PLAYED, TournamentRef
from pokerroom.cli.tournament.run_view import results_json, results_text
from pokerroom.errors import UsageError
from pokerroom.history import write_phh_seen_by
from pokerroom.i18n import gettext, ngettext, number_text
from pokerroom.i18n.marker import N_
from pokerroom.storage.rooms.local_history import (
    PlayedTournament,
    Unreadable,
    played_tournament,
)
from pokerroom.storage.rooms.local_tournaments import YOU
from pokerroom.tournament.clock.render import clock_time

if TYPE_CHECKING:
    from pokerroom.room.live import FinishedHand
    from pokerroom.tournament.timed.run import DealtHand


def listed_id(played: PlayedTournament | Unreadable) -> str:
    """Its id as ``history`` and ``tournament export`` take it."""
    return f"{PLAYED}{played.number}"


def resume_command(played: PlayedTournament) -> str | None:
    """``tournament play --resume N`` while the tournament goes on with the person in it."""
    if played.finished or not played.still_in:
        return None
    return f"pokerroom tournament play --resume {played.number}"  # machine words: a command


def played_listing(played: PlayedTournament) -> dict[str, Any]:
    """One tournament of this terminal for ``history --list``: the keys of a ``tournament
    run`` one, and the person who played it with his place (None: still in)."""
    tournament = played.tournament
    log = tournament.log()
    person = played.person
    record = None if person is None else log.players.get(person)
    entrants = log.entries().entrants if tournament.run is not None else tournament.fill_to
    return {
        "game": "tournament",
        "id": listed_id(played),
        "what": tournament.name,
        "format": tournament.regulation.format.value,
        "started_at": played.created_at.isoformat() + "Z",
        "played_at": played.updated_at.isoformat() + "Z",
        "hands_played": log.hands,
        "finished": played.finished,
        "abandoned": False,
        "resume": resume_command(played),
        "entrants": entrants,
        "bots": list(tournament.bot_kinds),
        "players_left": log.players_left if tournament.run is not None else entrants,
        "winner": log.winner,
        "player": person,
        "place": None if record is None else record.place,
        "field": field_text(entrants, tournament.bot_kinds, log.winner, log.players_left),
    }


def unreadable_line(unreadable: Unreadable) -> str:
    """A saved tournament left out of the listing, in one line."""
    problem = gettext(N_("tournament {id} (played at this terminal) cannot be read back: {reason}"))
    return problem.format(id=listed_id(unreadable), reason=unreadable.reason)


def read_played(ref: TournamentRef, *, hands: bool = False) -> PlayedTournament:
    """Tournament ``ref`` of this terminal built again (with its hands if asked); none, or
    one that cannot be read, is one line."""
    found = played_tournament(str(ref.number), hands=hands)
    if found is None:
        problem = N_("no tournament {id} played at this terminal (pokerroom history --list)")
        raise UsageError(gettext(problem).format(id=ref))
    if isinstance(found, Unreadable):
        raise UsageError(unreadable_line(found))
    return found


def _kind_of(played: PlayedTournament) -> Callable[[str], str]:
    """Each bot's kind, as the tournament dealt them; ``-`` for the person."""
    bots, people = played.tournament.bots, played.tournament.users
    return lambda player: "-" if bots is None or player in people else bots.kind_of(player)


def _header(played: PlayedTournament) -> str:
    listing = played_listing(played)
    resume = listing["resume"]
    status = status_text(played.status)
    seed = ""  # the seed deals every hand, shown once none is left to play
    if played.finished:
        seed = gettext(N_(", seed {seed}")).format(seed=played.tournament.seed)
    hands = ngettext("{count} hand", "{count} hands", played.hands_played).format(
        count=number_text(played.hands_played)
    )
    header = N_("tournament {id}, started {started} UTC: {name} ({format}), {field}{seed}; {rest}")
    return gettext(header).format(
        id=listing["id"],
        started=f"{played.created_at:%Y-%m-%d %H:%M}",
        name=listing["what"],
        format=listing["format"],
        field=listing["field"],
        seed=seed,
        rest=f"{hands}, {status}" + (f" ({resume})" if resume else ""),
    )


def show_played(played: PlayedTournament, *, as_json: bool) -> None:
    """``history --tournament pN``: the results table of a tournament played here (the
    players still in first), or one JSON object."""
    log = played.tournament.log()
    kind_of = _kind_of(played)
    if as_json:
        listing = played_listing(played)
        del listing["game"], listing["id"], listing["field"]
        result = {**results_json(log, kind_of), "tournament_id": listed_id(played), **listing}
        typer.echo(json.dumps(result, ensure_ascii=False))
        return
    took = log.events[-1].at if log.events else 0.0
    how = ngettext(
        "{hands} hand at this terminal, {time} on the tournament clock",
        "{hands} hands at this terminal, {time} on the tournament clock",
        log.hands,
    ).format(hands=number_text(log.hands), time=clock_time(took))
    typer.echo(_header(played))
    typer.echo(results_text(log, kind_of, took, how))


def played_files(
    ref: TournamentRef, *, formats: Sequence[ExportFormat], hands: bool, director: bool
) -> tuple[dict[str, str], str]:
    """``tournament export pN``: the files of its log, and its hands as the person saw them."""
    if director:  # T-16: the complete record is the director's, not a player's
        problem = N_(
            "tournament {id} was played at this terminal: its copy is its player's "
            "(his cards, the others' only when shown); --director is for tournament run's"
        )
        raise UsageError(gettext(problem).format(id=ref))
    played = read_played(ref, hands=hands)
    tournament = played.tournament
    copy = LogCopy(
        listed_id(played),
        played.status,
        tournament.regulation.format.value,
        played.regulation_text,
        director=False,
    )
    files = log_files(copy, tournament.log(), _kind_of(played), formats)
    if hands:
        files["hands.phhs"] = "\n".join(
            f"[{number}]\n" + seen_by_you(finished)
            for number, (_table, finished) in enumerate(played.hands, start=1)
        )
        return files, gettext(N_("your copy (your own cards, the others' only when shown)"))
    return files, gettext(N_("your copy"))


def seen_by_you(finished: FinishedHand[DealtHand]) -> str:
    """A finished hand as the person saw it (X-4): his own cards if he was dealt in, the
    boards and the hands shown; as an observer otherwise."""
    position = finished.users.index(YOU) if YOU in finished.users else None
    return write_phh_seen_by(finished.record.hand, position, finished.names)
