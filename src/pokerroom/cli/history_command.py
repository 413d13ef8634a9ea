"""``pokerroom history``: the hands of a saved series or OFC session, listed or exported.

Without ``--series``, ``--session`` or ``--tournament`` the series, Open-Face Chinese
Pineapple session or tournament played most recently is shown (a tournament as its
results table, :mod:`pokerroom.cli.tournament.history`); ``--list`` names every one, with
the command that resumes each unfinished one (``pokerroom play --resume ID``, ``pokerroom
ofc --resume ID``, ``pokerroom tournament run --resume ID``, ``pokerroom director --resume ID``,
and for a tournament played at this terminal, listed as ``p1``, ``p2`` …, ``pokerroom
tournament play --resume 1`` while its player is still in). On a fresh install there is
nothing to show yet: one line, exit 0. A poker series exports as PHH (``.phhs``) as one
player saw it (X-4; ``--as SEAT``, ``--complete`` for the host of a finished series), an
OFC session as its complete TOML hand records (``.ofc.toml``, ``--complete`` only). The
database is the one every command saves to (``$POKERROOM_DATA_DIR`` or the user
data directory, :mod:`pokerroom.storage.database`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pokerroom.cli.errors import user_errors
from pokerroom.cli.hand_json import markers_json, stakes_json
from pokerroom.cli.history_import import import_histories
from pokerroom.cli.option_errors import PlainHelp, WordedGroup
from pokerroom.cli.options import MAX_ID, flag, number
from pokerroom.errors import UsageError
from pokerroom.i18n import gettext, ngettext, pgettext
from pokerroom.i18n.marker import N_

if TYPE_CHECKING:
    from pokerroom.storage import (
        OfcStore,
        SavedHand,
        SavedOfcHand,
        SavedOfcSession,
        SavedSeries,
        SeriesStore,
    )
    from pokerroom.storage.rooms.local_history import PlayedTournament
    from pokerroom.storage.tournament.store import SavedTournament, TournamentStore

    Saved = SavedSeries | SavedOfcSession | SavedTournament | PlayedTournament

OFC_EXTENSION = ".ofc.toml"
OFC_GAME = N_("Open-Face Chinese Pineapple")
"""The game's name; English in ``--json``, worded in the human listing."""


def _status(saved: SavedSeries | SavedOfcSession, command: str) -> str:
    """Finished, abandoned, or in progress: open for ``pokerroom COMMAND --resume ID``."""
    if saved.abandoned:
        return pgettext("series", "abandoned")
    if saved.finished:
        return pgettext("series", "finished")
    resume = f"{command} --resume {saved.id}"
    if saved.in_progress is not None:
        return gettext(N_("in progress, hand {number} being played ({resume})")).format(
            number=saved.in_progress.number, resume=resume
        )
    return gettext(N_("in progress ({resume})")).format(resume=resume)


def _limits(saved: SavedSeries) -> str:
    """H-3: the series' hand limit and playing time left, as ``--resume`` keeps them."""
    parts = []
    if saved.max_hands is not None:
        parts.append(gettext(N_("stops after hand {number}")).format(number=saved.max_hands))
    if saved.seconds_left is not None and not saved.finished:
        left = f"{saved.seconds_left / 60:.0f}"
        parts.append(gettext(N_("{minutes} min left")).format(minutes=left))
    return "".join(f", {part}" for part in parts)


def _seed(saved: SavedSeries | SavedOfcSession) -> str:
    """X-4: the seed deals every hand, so it is shown only once no hand is left to play."""
    if saved.seed is None or not saved.finished:
        return ""
    return gettext(N_(", seed {seed}")).format(seed=saved.seed)


def _hands(count: int) -> str:
    return ngettext("{count} hand", "{count} hands", count).format(count=count)


def _header(saved: SavedSeries) -> str:
    settings = saved.settings
    blinds = f"{settings.small_blind}/{settings.big_blind}"
    if settings.ante:
        blinds = gettext(N_("{blinds} ante {ante}")).format(blinds=blinds, ante=settings.ante)
    players = len(saved.players)
    return gettext(
        N_(
            "series {id}, started {started} UTC: {game}, blinds {blinds}, {players}"
            "{seed}{limits}; {hands}, {status}"
        )
    ).format(
        id=saved.id,
        started=f"{saved.created_at:%Y-%m-%d %H:%M}",
        game=f"{settings.limit.value} {settings.variant.name}",
        blinds=blinds,
        players=ngettext("{count} player", "{count} players", players).format(count=players),
        seed=_seed(saved),
        limits=_limits(saved),
        hands=_hands(saved.hands_played),
        status=_status(saved, "play"),
    )


def _winners(saved: SavedSeries, hand: SavedHand) -> str:
    return ", ".join(
        gettext(N_("{name} (seat {seat})")).format(name=saved.name_of(seat), seat=seat)
        for seat in hand.winners
    )


def _hand_json(saved: SavedSeries, hand: SavedHand) -> dict[str, Any]:
    record = hand.record
    return {
        "series": saved.id,
        "hand": hand.number,
        "played_at": hand.played_at.isoformat() + "Z",
        **markers_json(record, saved.settings),
        "stakes": stakes_json(saved.settings),
        "pot": hand.pot,
        "winners": [{"seat": seat, "name": saved.name_of(seat)} for seat in hand.winners],
        "stacks_before": {str(k): v for k, v in record.stacks_before.items()},
        "stacks_after": {str(k): v for k, v in record.stacks_after.items()},
        "eliminated": list(record.eliminated),
    }


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        problem = gettext(N_("cannot write {path}: {reason}"))
        raise UsageError(problem.format(path=path, reason=error.strerror or error)) from None


PHH_EXTENSION = ".phhs"
EXPORT_CHOICES = N_("--as and --complete choose what --export writes; give --export FILE")


def _viewer(saved: SavedSeries, seat: int | None) -> int | None:
    """Whose view a series exports (X-4): ``--as SEAT``, else the first human; an all-bot
    series exports as an observer saw it. Only a human's seat may be named."""
    from pokerroom.storage import PlayerKind

    humans = [player.seat for player in saved.players if player.kind is PlayerKind.HUMAN]
    if seat is None:
        return humans[0] if humans else None
    if seat not in humans:
        allowed = ", ".join(map(str, humans)) or gettext(N_("none: every player is a bot"))
        problem = gettext(N_("--as takes the seat of a human player of series {id}: {allowed}"))
        raise UsageError(problem.format(id=saved.id, allowed=allowed))
    return seat


def _export(
    path: Path, saved: SavedSeries, hands: list[SavedHand], *, seat: int | None, complete: bool
) -> str:
    """Write the series as PHH; returns whose record it is, for the closing line.

    By default a player's copy: what the exporting seat saw (X-4). ``--complete``
    holds every card, for the host or tournament director once the series is over.
    """
    from pokerroom.history import phh_seen_by
    from pokerroom.storage import phhs_document

    if not path.name.endswith(PHH_EXTENSION):
        problem = N_(
            "a series exports as PHH: name the file *{phh} (an OFC session: *{ofc}), got {name}"
        )
        raise UsageError(
            gettext(problem).format(phh=PHH_EXTENSION, ofc=OFC_EXTENSION, name=path.name)
        )
    if complete and seat is not None:
        raise UsageError(
            N_("give --complete (every card) or --as SEAT (one player's view), not both")
        )
    if complete and not saved.finished:
        problem = N_(
            "--complete holds every player's cards: only for a finished series, "
            "and series {id} is in progress"
        )
        raise UsageError(gettext(problem).format(id=saved.id))
    if not hands:
        problem = N_("series {id} has no finished hands to export")
        raise UsageError(gettext(problem).format(id=saved.id))
    if complete:
        _write(path, phhs_document(hands))
        return gettext(N_("the complete record"))
    viewer = _viewer(saved, seat)
    tables = [
        f"[{hand.number}]\n"
        + phh_seen_by(hand.phh, hand.seats.index(viewer) if viewer in hand.seats else None)
        for hand in hands
    ]
    _write(path, "\n".join(tables))
    if viewer is None:
        return gettext(N_("as an observer saw them"))
    return gettext(N_("as {name} (seat {seat}) saw them")).format(
        name=saved.name_of(viewer), seat=viewer
    )


# ------------------------------------------------------------------ OFC sessions


def ofc_players_json(names: Sequence[str], bots: Sequence[str | None]) -> list[dict[str, Any]]:
    """The players of an OFC session by seat: name and bot kind (``None`` for a human)."""
    return [
        {"seat": seat, "name": name, "bot": bot}
        for seat, (name, bot) in enumerate(zip(names, bots, strict=True), start=1)
    ]


def ofc_hand_json(hand: SavedOfcHand) -> dict[str, Any]:
    """One saved OFC hand; the lists are by seat, seat 1 first."""
    return {
        "game": "ofc",
        "session": hand.session_id,
        "hand": hand.number,
        "played_at": hand.played_at.isoformat() + "Z",
        "button": hand.button,
        "points": list(hand.points),
        "fouled": list(hand.fouled),
        "royalties": list(hand.royalties),
        "fantasy": list(hand.fantasy),
        "fantasy_next": list(hand.fantasy_next),
    }


def _ofc_header(saved: SavedOfcSession) -> str:
    if saved.hands_limit is None:
        hands = _hands(saved.hands_played)
    else:
        hands = ngettext(
            "{count} hand of {limit}", "{count} hands of {limit}", saved.hands_played
        ).format(count=saved.hands_played, limit=saved.hands_limit)
    return gettext(
        N_("OFC session {id}, started {started} UTC: {game}, {players}{seed}; {hands}, {status}")
    ).format(
        id=saved.id,
        started=f"{saved.created_at:%Y-%m-%d %H:%M}",
        game=gettext(OFC_GAME),
        players=ngettext("{count} player", "{count} players", saved.players).format(
            count=saved.players
        ),
        seed=_seed(saved),
        hands=hands,
        status=_status(saved, "ofc"),
    )


def _ofc_lines(saved: SavedOfcSession, hands: list[SavedOfcHand]) -> list[str]:
    """Points per seat, hand by hand: ``F`` a fouled hand (O-1), ``*`` a Fantasyland hand (O-4)."""
    if not hands:
        return ["  " + gettext(NO_HAND_YET)]
    widths = [max(len(name), 8) for name in saved.names]

    def row(first: str, second: str, cells: Sequence[str]) -> str:
        columns = "  ".join(f"{cell:>{width}}" for cell, width in zip(cells, widths, strict=True))
        return f"{first:>6}  {second:>6}  {columns}"

    lines = [row(pgettext("column", "hand"), pgettext("column", "button"), saved.names)]
    for hand in hands:
        cells = [
            f"{points:+d}" + (" F" if fouled else "") + (" *" if fantasy else "")
            for points, fouled, fantasy in zip(hand.points, hand.fouled, hand.fantasy, strict=True)
        ]
        lines.append(row(str(hand.number), str(hand.button), cells))
    lines.append(row(pgettext("column", "total"), "", [f"{total:+d}" for total in saved.totals]))
    lines.append(
        "  " + gettext(N_("F: fouled, loses every row (O-1); *: played in Fantasyland (O-4)"))
    )
    return lines


def _export_ofc(
    path: Path,
    saved: SavedOfcSession,
    hands: list[SavedOfcHand],
    *,
    seat: int | None,
    complete: bool,
) -> None:
    """An OFC record holds every discard, dealt face down (O-2): it is the complete record
    only, for the host once the session is over (X-4); no player's view is written yet."""
    from pokerroom.storage import ofc_document

    if not path.name.endswith(OFC_EXTENSION):
        problem = N_(
            "an OFC session exports as TOML hand records: name the file *{ofc}, got {name}"
        )
        raise UsageError(gettext(problem).format(ofc=OFC_EXTENSION, name=path.name))
    if seat is not None or not complete:
        raise UsageError(
            N_(
                "an OFC record holds every face-down discard: export it with --complete "
                "(the host, once the session is finished)"
            )
        )
    if not saved.finished:
        problem = N_(
            "--complete holds every player's cards: only for a finished session, "
            "and OFC session {id} is in progress"
        )
        raise UsageError(gettext(problem).format(id=saved.id))
    if not hands:
        problem = N_("OFC session {id} has no finished hands to export")
        raise UsageError(gettext(problem).format(id=saved.id))
    _write(path, ofc_document(hands))


def _show_ofc(
    saved: SavedOfcSession, hands: list[SavedOfcHand], *, as_json: bool, export: Path | None
) -> None:
    if as_json:
        for hand in hands:
            typer.echo(json.dumps(ofc_hand_json(hand), ensure_ascii=False))
        return
    typer.echo(_ofc_header(saved))
    for line in _ofc_lines(saved, hands):
        typer.echo(line)
    if export is not None:
        typer.echo(_wrote(len(hands), export, gettext(N_("the complete record"))))


# ------------------------------------------------------------------ every series and session


def _listing(saved: Saved, tournaments: TournamentStore) -> dict[str, Any]:
    from pokerroom.cli.tournament.history import tournament_listing
    from pokerroom.cli.tournament.played import played_listing
    from pokerroom.storage import SavedSeries
    from pokerroom.storage.rooms.local_history import PlayedTournament
    from pokerroom.storage.tournament.store import SavedTournament

    if isinstance(saved, SavedTournament):
        return tournament_listing(saved, tournaments)
    if isinstance(saved, PlayedTournament):
        return played_listing(saved)
    if isinstance(saved, SavedSeries):
        game = "poker"
        what = f"{saved.settings.limit.value} {saved.settings.variant.name}"
        names = saved.names
    else:
        game, what, names = "ofc", OFC_GAME, list(saved.names)
    return {
        "game": game,
        "id": saved.id,
        "what": what,
        "started_at": saved.created_at.isoformat() + "Z",
        "played_at": saved.updated_at.isoformat() + "Z",
        "hands_played": saved.hands_played,
        "finished": saved.finished,
        "abandoned": saved.abandoned,
        "resume": None
        if saved.finished
        else f"pokerroom {'play' if game == 'poker' else 'ofc'} --resume {saved.id}",
        "players": names,
    }


def _list(entries: list[Saved], tournaments: TournamentStore, *, as_json: bool) -> None:
    """Every series, OFC session and tournament (those of ``tournament play`` as ``p1``
    …), the most recently played first."""
    listings = [_listing(saved, tournaments) for saved in entries]
    if as_json:
        for listing in listings:
            typer.echo(json.dumps(listing, ensure_ascii=False))
        return
    heads = {
        "game": pgettext("column", "game"),
        "id": pgettext("column", "id"),
        "last played": pgettext("column", "last played"),
        "hands": pgettext("column", "hands"),
        "status": pgettext("column", "status"),
        "what": pgettext("column", "what"),
    }
    games = [_game(listing) for listing in listings]
    width = max(len(heads["game"]), *(len(game) for game in games))
    statuses = {
        "abandoned": pgettext("listing", "abandoned"),
        "finished": pgettext("listing", "finished"),
        "in progress": pgettext("listing", "in progress"),
    }
    status_width = max(11, *(len(status) for status in statuses.values()))
    hands_width = max(5, len(heads["hands"]))
    typer.echo(
        f"{heads['game']:<{width}}  {heads['id']:>4}  {heads['last played']:<16}  "
        f"{heads['hands']:>{hands_width}}  {heads['status']:<{status_width}}  {heads['what']}"
    )
    for saved, listing, game in zip(entries, listings, games, strict=True):
        status = statuses[
            "abandoned"
            if listing["abandoned"]
            else "finished"
            if listing["finished"]
            else "in progress"  # machine words: a key of statuses, worded there
        ]
        resume = f"  ({listing['resume']})" if listing["resume"] else ""
        who = listing["field"] if "field" in listing else ", ".join(listing["players"])
        typer.echo(
            f"{game:<{width}}  {listing['id']:>4}  {saved.updated_at:%Y-%m-%d %H:%M}  "
            f"{saved.hands_played:>{hands_width}}  {status:<{status_width}}  "
            f"{_what(listing)}: {who}{resume}"
        )


def history(
    ctx: typer.Context,
    series_id: Annotated[
        int | None,
        number(
            "--series",
            low=1,
            high=MAX_ID,
            metavar="ID",
            help="The series to show; the latest by default.",
        ),
    ] = None,
    session_id: Annotated[
        int | None,
        number("--session", low=1, high=MAX_ID, metavar="ID", help="The OFC session to show."),
    ] = None,
    tournament_id: Annotated[
        str | None,
        typer.Option(
            "--tournament",
            metavar="ID",
            help="The tournament whose results to show (p1, p2 … played at this terminal).",
        ),
    ] = None,
    list_all: Annotated[
        bool, flag("--list", help="List every series, OFC session and tournament instead.")
    ] = False,
    as_json: Annotated[
        bool, flag("--json", help="One JSON object per hand, one per line.")
    ] = False,
    export: Annotated[
        Path | None,
        typer.Option(
            "--export",
            dir_okay=False,
            help=f"Also write the hands: a series as PHH (.phhs), OFC as TOML ({OFC_EXTENSION}).",
        ),
    ] = None,
    as_seat: Annotated[
        int | None,
        number(
            "--as",
            low=1,
            high=10,
            metavar="SEAT",
            help="Export as this human seat saw the hands; the first human by default.",
        ),
    ] = None,
    complete: Annotated[
        bool,
        flag("--complete", help="Export every player's cards (host only; a finished series)."),
    ] = False,
) -> None:
    """List the hands of a saved series or OFC session, show a tournament's results, export,
    or import hand histories from other rooms.

    A series' hands with number, button, pot and winners; a tournament's results table.

    history import FILE... brings PokerStars and Poker Now hands into the hand archive.
    """
    if ctx.invoked_subcommand is not None:
        return
    from pokerroom.cli.tournament.history import show_tournament
    from pokerroom.cli.tournament.ids import tournament_ref
    from pokerroom.cli.tournament.played import read_played, show_played, unreadable_line
    from pokerroom.storage import OfcStore, SavedOfcSession, SeriesStore  # SQLAlchemy when needed
    from pokerroom.storage.rooms.local_history import PlayedTournament, Unreadable
    from pokerroom.storage.rooms.local_history import played_tournaments as played_here
    from pokerroom.storage.tournament.store import SavedTournament, TournamentStore

    with user_errors():
        chosen_ids = [i for i in (series_id, session_id, tournament_id) if i is not None]
        ref = None if tournament_id is None else tournament_ref(tournament_id, "--tournament")
        if len(chosen_ids) > 1:
            raise UsageError(
                N_("give --series (poker), --session (OFC) or --tournament, only one of them")
            )
        if list_all and (export is not None or chosen_ids):
            raise UsageError(
                N_("--list names every series, session and tournament; it takes no other choice")
            )
        with SeriesStore.open() as store:
            ofc = OfcStore(store.database)
            tournaments = TournamentStore(store.database)
            if list_all:
                played = played_here()
                for unreadable in played:
                    if isinstance(unreadable, Unreadable):
                        typer.echo(unreadable_line(unreadable), err=True)
                everything: list[Saved] = [
                    *store.list_series(),
                    *ofc.list_sessions(),
                    *tournaments.list_tournaments(),
                    *(entry for entry in played if isinstance(entry, PlayedTournament)),
                ]
                everything.sort(key=lambda entry: entry.updated_at, reverse=True)
                if everything:
                    _list(everything, tournaments, as_json=as_json)
                elif not as_json:
                    typer.echo(_nothing_yet(store))
                return
            if ref is not None and ref.played:
                if export is not None or as_seat is not None or complete:
                    raise UsageError(_tournament_export(ref))
                show_played(read_played(ref), as_json=as_json)
                return
            chosen = _chosen(
                store, ofc, tournaments, series_id, session_id, None if ref is None else ref.number
            )
            if chosen is None:
                if export is not None:
                    raise UsageError(N_("nothing to export: no series or OFC session is saved yet"))
                if not as_json:
                    typer.echo(_nothing_yet(store))
                return
            saved = chosen
            if isinstance(saved, PlayedTournament):
                if export is not None or as_seat is not None or complete:
                    raise UsageError(_tournament_export(_listing(saved, tournaments)["id"]))
                show_played(saved, as_json=as_json)
                return
            if isinstance(saved, SavedTournament):
                if export is not None or as_seat is not None or complete:
                    raise UsageError(_tournament_export(saved.id))
                show_tournament(tournaments, saved, as_json=as_json)
                return
            if isinstance(saved, SavedOfcSession):
                ofc_hands = ofc.hands(saved.id)
                if export is not None:
                    _export_ofc(export, saved, ofc_hands, seat=as_seat, complete=complete)
                elif as_seat is not None or complete:
                    raise UsageError(EXPORT_CHOICES)
                _show_ofc(saved, ofc_hands, as_json=as_json, export=export)
                return
            hands = store.hands(saved.id)
        whose = ""
        if export is not None:
            whose = _export(export, saved, hands, seat=as_seat, complete=complete)
        elif as_seat is not None or complete:
            raise UsageError(EXPORT_CHOICES)
    if as_json:
        for hand in hands:
            typer.echo(json.dumps(_hand_json(saved, hand), ensure_ascii=False))
        return
    typer.echo(_header(saved))
    if hands:
        number, button = pgettext("column", "hand"), pgettext("column", "button")
        pot, winners = pgettext("column", "pot"), pgettext("column", "winners")
        typer.echo(f"{number:>6}  {button:>6}  {pot:>6}  {winners}")
        for hand in hands:
            typer.echo(
                f"{hand.number:>6}  {hand.button:>6}  {hand.pot:>6}  {_winners(saved, hand)}"
            )
    else:
        typer.echo("  " + gettext(NO_HAND_YET))
    if export is not None:
        typer.echo(_wrote(len(hands), export, whose))


NO_HAND_YET = N_("no hand finished yet")


def _tournament_export(tournament_id: object) -> str:
    problem = N_(
        "a tournament exports as a directory of files: "
        "pokerroom tournament export {id} DIR; --json prints its results as JSON"
    )
    return gettext(problem).format(id=tournament_id)


def _wrote(count: int, export: Path, whose: str) -> str:
    """The closing line of an export: how many hands, where, whose record."""
    return ngettext(
        "wrote {count} hand to {path}, {whose}", "wrote {count} hands to {path}, {whose}", count
    ).format(count=count, path=export, whose=whose)


def _game(listing: dict[str, Any]) -> str:
    """The game column of the listing in the reader's words (OFC stays OFC)."""
    games = {
        "poker": pgettext("listing game", "poker"),
        "tournament": pgettext("listing game", "tournament"),
    }
    return games.get(listing["game"], str(listing["game"]))


def _what(listing: dict[str, Any]) -> str:
    """What a listed series, session or tournament is, as the listing shows it."""
    return gettext(listing["what"]) if listing["game"] == "ofc" else str(listing["what"])


def _nothing_yet(store: SeriesStore) -> str:
    """A fresh install: not an error, there is just nothing yet."""
    return gettext(
        N_(
            "nothing saved yet in {location}: play a series (pokerroom play), "
            "an OFC session (pokerroom ofc) or a tournament (pokerroom tournament run)"
        )
    ).format(location=store.database.location)


def _chosen(
    store: SeriesStore,
    ofc: OfcStore,
    tournaments: TournamentStore,
    series_id: int | None,
    session_id: int | None,
    tournament_id: int | None,
) -> Saved | None:
    """The series, session or tournament asked for, else the one played most recently
    (None: none yet)."""
    if series_id is not None:
        return store.get_series(series_id)
    if session_id is not None:
        return ofc.get_session(session_id)
    if tournament_id is not None:
        return tournaments.get_tournament(tournament_id)
    from pokerroom.cli.tournament.ids import TournamentRef
    from pokerroom.cli.tournament.played import read_played
    from pokerroom.storage.rooms.local_history import latest_played_at

    listed = tournaments.list_tournaments()
    latest: list[Saved] = [
        saved
        for saved in (store.latest_series(), ofc.latest_session(), listed[0] if listed else None)
        if saved is not None
    ]
    newest = max(latest, key=lambda saved: saved.updated_at, default=None)
    played = latest_played_at()
    if played is not None and (newest is None or played[1] > newest.updated_at):
        return read_played(TournamentRef(int(played[0]), played=True))
    return newest


app = typer.Typer(
    cls=WordedGroup,
    name="history",
    invoke_without_command=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.callback()(history)
app.command("import", cls=PlainHelp)(import_histories)
