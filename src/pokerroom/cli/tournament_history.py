"""Saved tournaments in ``pokerroom history``: a line in ``--list``, and the results table.

``history --tournament ID`` rebuilds the tournament from its stored log and prints the
results table of ``pokerroom tournament run`` (the places so far for an unfinished one,
the players still in first); ``--json`` prints it as one object. Works for any format
the store holds; the bot of each entrant is the stored kinds dealt in entry order.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import typer

from pokerroom.cli.tournament_run_view import results_json, results_text
from pokerroom.cli.tournament_saving import resumable_format
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import Entered, EntryKind, TournamentEvent

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from pokerroom.storage.tournament_store import SavedTournament, TournamentStore


def resume_command(saved: SavedTournament) -> str | None:
    """The command that goes on with an unfinished tournament that can go on."""
    if saved.finished:
        return None
    if saved.live:
        return f"pokerroom director --resume {saved.id}"
    if not resumable_format(saved.format):
        return None
    return f"pokerroom tournament run --resume {saved.id}"


def _field(saved: SavedTournament) -> str:
    bots = ",".join(saved.bots)
    if saved.winner is not None:
        return f"{saved.entrants:,} entrants ({bots}), {saved.winner} won"
    return f"{saved.entrants:,} entrants ({bots}), {saved.players_left:,} left"


def tournament_listing(saved: SavedTournament) -> dict[str, Any]:
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
        "resume": resume_command(saved),
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


def _header(saved: SavedTournament) -> str:
    plural = "" if saved.hands_played == 1 else "s"
    resume = resume_command(saved)
    status = saved.status + (f" ({resume})" if resume else "")
    return (
        f"tournament {saved.id}, started {saved.created_at:%Y-%m-%d %H:%M} UTC: "
        f"{saved.name} ({saved.format}), {_field(saved)}, seed {saved.seed}; "
        f"{saved.hands_played:,} hand{plural}, {status}"
    )


def show_tournament(store: TournamentStore, saved: SavedTournament, *, as_json: bool) -> None:
    """The results table of a saved tournament (or one JSON object), rebuilt from its log."""
    events = store.events(saved.id)
    tournament = Tournament.from_events(saved.regulation(), events)
    kind_of = _kind_of(saved, events)
    if as_json:
        listing = tournament_listing(saved)
        del listing["game"], listing["id"], listing["field"]
        result = {**results_json(tournament, kind_of), "tournament_id": saved.id, **listing}
        typer.echo(json.dumps(result, ensure_ascii=False))
        return
    took = events[-1].at if events else 0.0
    typer.echo(_header(saved))
    typer.echo(results_text(tournament, kind_of, took))
