"""``pokerroom connect URL``: play at a web cardroom's tables from a terminal.

Signs in (a saved session when there is one, else a log-in with the password asked
without echo; ``--signup`` makes the account; ``--invite LINK`` joins a private home
game, as a guest when not signed in), prints the lobby and asks which table (``--table
ID`` skips the question), then opens the table over the same WebSocket protocol as the
browser (:class:`~pokerroom.client.server_link.ServerLink`). The session token, never the
password, is saved owner-only in the user's config directory
(:mod:`pokerroom.client.saved_sessions`). A server that cannot be reached, a refused
log-in, a bad address, a private or unknown table, another protocol version: one line on
stderr, exit 2.
"""

from __future__ import annotations

import asyncio
import getpass
import importlib
import importlib.util
from typing import Annotated

import typer

from pokerroom.cli.connect_lobby import lobby_lines, picked
from pokerroom.cli.connect_watch import stdin_lines, watch_table
from pokerroom.cli.errors import USER_ERROR_EXIT, user_errors
from pokerroom.cli.options import flag
from pokerroom.client.errors import ClientError
from pokerroom.client.http import Server
from pokerroom.client.saved_sessions import (
    Session,
    forget_session,
    load_session,
    save_session,
)
from pokerroom.client.server_link import ServerLink
from pokerroom.client.signing_in import fetch_lobby, join_by_invite, log_in, session_alive, sign_up
from pokerroom.errors import UsageError

REMOTE_TABLE = "pokerroom.tui.remote"
"""The Textual table for a server's tables (``RemoteTableApp(link)``), when installed."""


def ask_password(prompt: str) -> str:
    """A password typed without echo (``getpass``); never stored, never printed."""
    return getpass.getpass(prompt)


def _name(user: str | None, prompt: str) -> str:
    name = user if user is not None else typer.prompt(prompt)
    if not name.strip():
        raise UsageError("a name is needed to sign in")
    return name.strip()


def _new_password() -> str:
    password = ask_password("Password: ")
    if ask_password("Password again: ") != password:
        raise UsageError("the two passwords differ; type the same one twice")
    return password


def _saved(server: Server, user: str | None) -> Session | None:
    """The saved session for this server (and ``user``), if the server still knows it."""
    saved = load_session(server.origin, user)
    if saved is None:
        return None
    if session_alive(server, saved):
        typer.echo(f"signed in as {saved.name} (saved session)")
        return saved
    forget_session(server.origin)
    return None


def _keep(session: Session) -> Session:
    path = save_session(session)
    typer.echo(f"signed in as {session.name}; the session is saved in {path}")
    return session


def signed_in(
    server: Server, user: str | None, invite: str | None, signup: bool
) -> tuple[Session, str | None]:
    """A session on ``server``, and the room an invite led to (None without one)."""
    saved = None if signup else _saved(server, user)
    if invite is not None:
        name = saved.name if saved is not None else _name(user, "Your name at the table")
        session, room = join_by_invite(server, invite, name, saved)
        return (session if saved is not None else _keep(session)), room
    if saved is not None:
        return saved, None
    name = _name(user, "Name")
    if signup:
        return _keep(sign_up(server, name, _new_password())), None
    return _keep(log_in(server, name, ask_password("Password: "))), None


def choose_table(server: Server, session: Session) -> str:
    """Print the lobby and ask for a table (or tournament) by number or id."""
    lines, choices = lobby_lines(fetch_lobby(server, session))
    if not choices:
        raise UsageError(f"no table is open on {server.origin}: create one at {server.origin}/")
    typer.echo(f"the lobby of {server.origin}:")
    for line in lines:
        typer.echo(line)
    return picked(typer.prompt("Table (number or id)"), choices)


def run_table(link: ServerLink, *, watch: bool) -> ClientError | None:
    """The terminal table at ``link``: THE place the Textual remote table plugs in.

    Unless ``watch``, the full-screen table of ``pokerroom.tui.remote``
    (``RemoteTableApp(link).run()``) plays when it is installed; otherwise, and with
    ``--watch``, the text mode prints the frames and reads typed commands.
    """
    if not watch and importlib.util.find_spec(REMOTE_TABLE) is not None:
        importlib.import_module(REMOTE_TABLE).RemoteTableApp(link).run()
        return link.failure

    def warn(line: str) -> None:
        typer.echo(line, err=True)

    return asyncio.run(watch_table(link, stdin_lines(), typer.echo, warn))


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
) -> None:
    """Play at a web cardroom's tables from this terminal.

    Log in (the password is not echoed; the session, never the password, is saved in
    your config directory), pick a table from the lobby, play. In the text mode type
    fold, check, call, raise N, show, sit SEAT ... or quit.
    """
    with user_errors():
        server = Server.parse(url)
        fetch_lobby(server, None)  # a server that is down or no cardroom: before any question
        session, invited = signed_in(server, user, invite, signup)
        room = invited or table or choose_table(server, session)
    try:
        failure = run_table(ServerLink(server, room, session), watch=watch)
    except KeyboardInterrupt:
        failure = None
    if failure is not None:
        typer.echo(f"error: {failure}", err=True)
        raise typer.Exit(USER_ERROR_EXIT)
