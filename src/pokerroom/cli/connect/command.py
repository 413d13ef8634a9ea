"""``pokerroom connect URL``: play at a web cardroom's tables from a terminal.

Signs in (a saved session when there is one, else a log-in with the password asked without
echo; ``--signup`` makes the account; ``--invite LINK`` joins a private home game, as a
guest when not signed in), prints the lobby and asks which table (``--table ID`` skips the
question; a tournament shows its lobby, takes a registration and waits for the player's
table, :mod:`pokerroom.cli.connect.tournament`), then opens the table over the same
WebSocket protocol as the browser (:class:`~pokerroom.client.server_link.ServerLink`). The
session token, never the password, is saved owner-only in the user's config directory
(:mod:`pokerroom.client.saved_sessions`). A server that cannot be reached, a refused log-in,
a bad address, a private or unknown table, another protocol version: one line on stderr,
exit 2."""

from __future__ import annotations

import asyncio
import getpass
import importlib
import importlib.util
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Annotated

import typer

from pokerroom.cli.errors import USER_ERROR_EXIT, error_line, user_errors
from pokerroom.cli.options import flag
from pokerroom.client.errors import ClientError
from pokerroom.client.http import Server
from pokerroom.client.saved_sessions import (
    Session,
    forget_session,
    load_session,
    save_session,
)
from pokerroom.errors import UsageError
from pokerroom.i18n import gettext
from pokerroom.i18n.marker import N_

if TYPE_CHECKING:  # the protocol's models and the WebSocket link load when the command runs
    from pokerroom.client.server_link import ServerLink
    from pokerroom.protocol.frames import LobbyFrame

REMOTE_TABLE = "pokerroom.tui.remote"
"""The Textual table for a server's tables (``RemoteTableApp(link)``), when installed."""


def ask_password(prompt: str) -> str:
    """A password typed without echo (``getpass``); never stored, never printed."""
    return getpass.getpass(prompt)


def _name(user: str | None, prompt: str) -> str:
    name = user if user is not None else typer.prompt(prompt)
    if not name.strip():
        raise UsageError(N_("a name is needed to sign in"))
    return name.strip()


def _new_password() -> str:
    password = ask_password(gettext(N_("Password: ")))
    if ask_password(gettext(N_("Password again: "))) != password:
        raise UsageError(N_("the two passwords differ; type the same one twice"))
    return password


def _saved(server: Server, user: str | None) -> Session | None:
    """The saved session for this server (and ``user``), if the server still knows it."""
    from pokerroom.client.signing_in import session_alive

    saved = load_session(server.origin, user)
    if saved is None:
        return None
    if session_alive(server, saved):
        typer.echo(gettext(N_("signed in as {name} (saved session)")).format(name=saved.name))
        return saved
    forget_session(server.origin)
    return None


def _keep(session: Session) -> Session:
    path = save_session(session)
    signed_in = N_("signed in as {name}; the session is saved in {path}")
    typer.echo(gettext(signed_in).format(name=session.name, path=path))
    return session


def signed_in(
    server: Server, user: str | None, invite: str | None, signup: bool
) -> tuple[Session, str | None]:
    """A session on ``server``, and the room an invite led to (None without one)."""
    from pokerroom.client.signing_in import join_by_invite, log_in, sign_up

    saved = None if signup else _saved(server, user)
    if invite is not None:
        name = (
            saved.name if saved is not None else _name(user, gettext(N_("Your name at the table")))
        )
        session, room = join_by_invite(server, invite, name, saved)
        return (session if saved is not None else _keep(session)), room
    if saved is not None:
        return saved, None
    name = _name(user, gettext(N_("Name")))
    if signup:
        return _keep(sign_up(server, name, _new_password())), None
    return _keep(log_in(server, name, ask_password(gettext(N_("Password: "))))), None


def choose_table(server: Server, session: Session, lobby: LobbyFrame) -> str:
    """Print the lobby and ask for a table (or tournament) by number or id."""
    from pokerroom.cli.connect.lobby import lobby_lines, picked

    lines, choices = lobby_lines(lobby)
    if not choices:
        problem = N_("no table is open on {origin}: create one at {origin}/")
        raise UsageError(gettext(problem).format(origin=server.origin))
    typer.echo(gettext(N_("the lobby of {origin}:")).format(origin=server.origin))
    for line in lines:
        typer.echo(line)
    return picked(typer.prompt(gettext(N_("Table (number or id)"))), choices)


def is_tournament(lobby: LobbyFrame, room_id: str) -> bool:
    """Whether ``room_id`` is a tournament's lobby (its lobby row links its page)."""
    rows = [*lobby["rooms"], *lobby["mine"]]
    return any(r["id"] == room_id and r["url"].startswith("/tournaments/") for r in rows)


def table_opener(server: Server, session: Session | None) -> Callable[[str], Awaitable[ServerLink]]:
    """The Textual table's ``open_table``: a new link to the room a move names."""
    from pokerroom.client.server_link import ServerLink

    async def open_table(room_id: str) -> ServerLink:
        return ServerLink(server, room_id, session)

    return open_table


def run_table(
    link: ServerLink, *, watch: bool, first: Sequence[Mapping[str, object]] = ()
) -> ClientError | None:
    """The terminal table at ``link``: THE place the Textual remote table plugs in.

    Unless ``watch``, the full-screen table of ``pokerroom.tui.remote`` plays when it is
    installed (``RemoteTableApp(link, open_table=...)``: a move opens the new table's
    link; the app's end closes the link); otherwise, and with ``--watch``, the text mode
    prints the frames and reads typed commands. ``first`` is sent as the table opens.
    Why the link ended for good (None: the player left).
    """
    from pokerroom.cli.connect.watch import stdin_lines, watch_table

    if not watch and importlib.util.find_spec(REMOTE_TABLE) is not None:
        remote = importlib.import_module(REMOTE_TABLE)
        opener = table_opener(link.server, link.session)
        app = remote.RemoteTableApp(link, open_table=opener, first=first)
        app.run()
        playing: ServerLink = app.link
        return playing.failure

    def warn(line: str) -> None:
        typer.echo(line, err=True)

    return asyncio.run(watch_table(link, stdin_lines(), typer.echo, warn, first))


def seat_message(seat: int | None, buy_in: int | None) -> list[dict[str, object]]:
    """``--seat N [--buy-in N]``: the ``sit`` message sent as the table opens."""
    if seat is None:
        if buy_in is not None:
            raise UsageError(N_("--buy-in goes with --seat: say which seat to buy in at"))
        return []
    message: dict[str, object] = {"type": "sit", "seat": seat}
    if buy_in is not None:
        message["buy_in"] = buy_in
    return [message]


def connect(
    url: Annotated[str, typer.Argument(metavar="URL", help="The cardroom: http://HOST:PORT.")],
    user: Annotated[
        str | None, typer.Option("--user", metavar="NAME", help="Your account's name.")
    ] = None,
    invite: Annotated[
        str | None,
        typer.Option("--invite", metavar="LINK", help="Join a private home game by its link."),
    ] = None,
    table: Annotated[
        str | None,
        typer.Option("--table", metavar="ID", help="Open this table; no lobby question."),
    ] = None,
    signup: Annotated[bool, flag("--signup", help="Make the account first.")] = False,
    watch: Annotated[
        bool, flag("--watch", help="Plain text: each frame as lines, commands typed.")
    ] = False,
    seat: Annotated[
        int | None,
        typer.Option("--seat", metavar="N", min=1, help="Take this seat as the table opens."),
    ] = None,
    buy_in: Annotated[
        int | None,
        typer.Option("--buy-in", metavar="N", min=1, help="A cash table's buy-in (--seat)."),
    ] = None,
) -> None:
    """Play at a web cardroom's tables from this terminal.

    Log in (the password is not echoed; the session, never the password, is saved in
    your config directory), pick a table from the lobby, play. In the text mode type
    fold, check, call, raise N, show, sit SEAT ... or quit.
    """
    from pokerroom.cli.connect.tournament import tournament_table
    from pokerroom.client.server_link import ServerLink
    from pokerroom.client.signing_in import fetch_lobby

    with user_errors():
        server = Server.parse(url)
        first = seat_message(seat, buy_in)
        fetch_lobby(server, None)  # a server that is down or no cardroom: before any question
        session, invited = signed_in(server, user, invite, signup)
        lobby = fetch_lobby(server, session)
        room: str | None = invited or table or choose_table(server, session, lobby)
        if room is not None and is_tournament(lobby, room):
            tid = room
            room = tournament_table(
                lambda: ServerLink(server, tid, session), session, typer.prompt, typer.echo
            )
    if room is None:
        return
    try:
        failure = run_table(ServerLink(server, room, session), watch=watch, first=first)
    except KeyboardInterrupt:
        failure = None
    if failure is not None:
        typer.echo(error_line(str(failure)), err=True)
        raise typer.Exit(USER_ERROR_EXIT)
