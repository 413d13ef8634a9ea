"""Saved tournaments in ``pokerroom history``: a line in ``--list``, and the results table.

``history --tournament ID`` rebuilds the tournament from its stored log and prints the
results table of ``pokerroom tournament run`` (the places so far for an unfinished one,
the players still in first); ``--json`` prints it as one object. Works for any format
the store holds; the bot of each entrant is the stored kinds dealt in entry order.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

import typer

from pokerroom.cli.tournament.run_view import results_json, results_text
from pokerroom.i18n import gettext, ngettext, number_text, pgettext
from pokerroom.i18n.marker import N_
from pokerroom.storage.tournament.saving import people_in, resumable_format
from pokerroom.tournament.american import entrant_names
from pokerroom.tournament.clock.render import clock_time
from pokerroom.tournament.clock.timesource import utc_datetime
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import Entered, EntryKind, TournamentEvent
from pokerroom.tournament.live.clock import live_clock_state, started_at
from pokerroom.tournament.regulation.model import Regulation

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from pokerroom.storage.tournament.store import SavedTournament, TournamentStore


def resume_command(saved: SavedTournament, store: TournamentStore) -> str | None:
    """The command that goes on with an unfinished tournament that can go on: a run of bots
    only is run on. One with a person's seat was played at the terminal table of an earlier
    pokerroom and cannot go on (``tournament play --resume`` now takes its own tournaments'
    ids: :mod:`pokerroom.cli.tournament.played`)."""
    if saved.finished:
        return None
    if saved.live:
        return f"pokerroom director --resume {saved.id}"
    if not resumable_format(saved.format):
        return None
    field = entrant_names(saved.regulation(), saved.entrants)
    if people_in(store.events(saved.id), field):
        return None
    return f"pokerroom tournament run --resume {saved.id}"  # machine words: a command


def field_text(count: int, bots: Sequence[str], winner: str | None, players_left: int) -> str:
    """The field of a tournament as the listing and the header show it (a person reads it;
    ``--json`` speaks English)."""
    kinds = ",".join(bots)
    entrants = ngettext("{count} entrant", "{count} entrants", count).format(
        count=number_text(count)
    )
    if winner is not None:
        won = gettext(N_("{entrants} ({bots}), {winner} won"))
        return won.format(entrants=entrants, bots=kinds, winner=winner)
    left = gettext(N_("{entrants} ({bots}), {left} left"))
    return left.format(entrants=entrants, bots=kinds, left=number_text(players_left))


def _field(saved: SavedTournament) -> str:
    return field_text(saved.entrants, saved.bots, saved.winner, saved.players_left)


def tournament_listing(saved: SavedTournament, store: TournamentStore) -> dict[str, Any]:
    """One tournament for ``history --list``: the keys of a series' listing and its field."""
    return {
        "game": "tournament",
        "id": saved.id,
        "what": saved.name,
        "format": saved.format,
        "started_at": saved.created_at.isoformat() + "Z",
        "played_at": saved.updated_at.isoformat() + "Z",
        "hands_played": saved.hands_played,
        "finished": saved.finished,
        "abandoned": saved.abandoned,
        "resume": resume_command(saved, store),
        "entrants": saved.entrants,
        "bots": list(saved.bots),
        "players_left": saved.players_left,
        "winner": saved.winner,
        "field": _field(saved),
    }


def _kind_of(saved: SavedTournament, events: Sequence[TournamentEvent]) -> Callable[[str], str]:
    """Entrant *i* (in entry order) played ``bots[i % len(bots)]``, as the run dealt them."""
    order: dict[str, int] = {}
    for event in events:
        if isinstance(event, Entered) and event.kind is EntryKind.ENTRY:
            order.setdefault(event.player, len(order))
    kinds = saved.bots or ("-",)
    return lambda player: kinds[order.get(player, 0) % len(kinds)]


def status_text(status: str) -> str:
    """A saved tournament's status (``abandoned``, ``finished``, ``in progress``) in words."""
    statuses = {
        "abandoned": pgettext("tournament", "abandoned"),
        "finished": pgettext("tournament", "finished"),
        "in progress": pgettext("tournament", "in progress"),
    }
    return statuses.get(status, status)


def _header(saved: SavedTournament, store: TournamentStore) -> str:
    resume = resume_command(saved, store)
    status = status_text(saved.status) + (f" ({resume})" if resume else "")
    # the seed draws the seats (and deals a run's hands): shown once nothing is left
    seed = ""
    if saved.finished and saved.seed is not None:
        seed = gettext(N_(", seed {seed}")).format(seed=saved.seed)
    hands = ""
    if not saved.live:
        count = saved.hands_played
        hands = ngettext("{count} hand", "{count} hands", count).format(count=number_text(count))
        hands += ", "
    header = N_("tournament {id}, started {started} UTC: {name} ({format}), {field}{seed}; {rest}")
    return gettext(header).format(
        id=saved.id,
        started=f"{saved.created_at:%Y-%m-%d %H:%M}",
        name=saved.name,
        format=saved.format,
        field=_field(saved),
        seed=seed,
        rest=hands + status,
    )


def live_played(
    saved: SavedTournament, regulation: Regulation, events: Sequence[TournamentEvent], now: float
) -> str:
    """A live tournament in real time: when its clock started, how long it ran (or has been
    running, until ``now``) and the level it reached."""
    start = started_at(events)
    if start is None:
        return gettext(N_("the clock has not started"))
    end = events[-1].at if saved.finished else now
    state = live_clock_state(regulation, events, end)
    assert state is not None
    if state.on_break is not None:
        level = gettext(N_("the break after level {number}"))
    else:
        level = gettext(N_("level {number}"))
    if saved.finished:
        played = N_("clock started {started} UTC, ran {time}, {level} reached")
    else:
        played = N_("clock started {started} UTC, running for {time}, {level} reached")
    return gettext(played).format(
        started=f"{utc_datetime(start):%Y-%m-%d %H:%M}",
        time=clock_time(end - start),
        level=level.format(number=state.level.number),
    )


def show_tournament(
    store: TournamentStore, saved: SavedTournament, *, as_json: bool, now: float | None = None
) -> None:
    """The results table of a saved tournament (or one JSON object), rebuilt from its log;
    ``now`` (POSIX seconds, the machine's time by default) for a live one still running."""
    events = store.events(saved.id)
    regulation = saved.regulation()
    tournament = Tournament.from_events(regulation, events)
    kind_of = _kind_of(saved, events)
    if as_json:
        listing = tournament_listing(saved, store)
        del listing["game"], listing["id"], listing["field"]
        result = {**results_json(tournament, kind_of), "tournament_id": saved.id, **listing}
        typer.echo(json.dumps(result, ensure_ascii=False))
        return
    took = events[-1].at if events else 0.0
    moment = time.time() if now is None else now
    played = live_played(saved, regulation, events, moment) if saved.live else ""
    typer.echo(_header(saved, store))
    typer.echo(results_text(tournament, kind_of, took, played))
