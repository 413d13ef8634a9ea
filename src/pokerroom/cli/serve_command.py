"""``pokerroom serve``: the web cardroom — lobby, accounts, tables — served by uvicorn.

The address is bound before anything is served, so a port in use or a host that does not
exist is one line and exit 2, like a database that cannot be opened. ``--secure-cookies``
marks the cookies ``Secure`` and sends HSTS, for a server reached over https (behind a
proxy that terminates TLS); ``--forwarded-allow-ips`` names that proxy, whose
``X-Forwarded-For`` is then believed (nobody's otherwise). Ctrl+C stops it.
"""

from __future__ import annotations

import socket
from typing import TYPE_CHECKING, Annotated

import typer

from pokerroom.cli.errors import user_errors
from pokerroom.cli.options import flag, number
from pokerroom.errors import UsageError
from pokerroom.i18n import gettext
from pokerroom.i18n.marker import N_

if TYPE_CHECKING:
    import uvicorn
    from starlette.applications import Starlette

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def listening_socket(host: str, port: int, *, shared: bool = False) -> socket.socket:
    """A socket bound to ``host:port``, or a :class:`UsageError` saying why not; ``shared``:
    several worker processes bind the port and the kernel spreads connections over them."""
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM
        )[0]
        listener = socket.socket(family, kind, proto)
    except OSError as error:
        problem = gettext(N_("cannot listen on {host}:{port}: {reason}"))
        raise UsageError(
            problem.format(host=host, port=port, reason=error.strerror or error)
        ) from None
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if shared:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        listener.bind(address)
        listener.listen()
    except OSError as error:
        listener.close()
        problem = gettext(N_("cannot listen on {host}:{port}: {reason}"))
        raise UsageError(
            problem.format(host=host, port=port, reason=error.strerror or error)
        ) from None
    return listener


COMPRESSED_FRAMES = False
"""Whether sockets may compress their frames (permessage-deflate). Off: compressing was
about a quarter of the server's CPU per action (measured with ``bench_server.py --think 0``),
for frames of about 5 KB that it shrank to about 120 bytes (each socket's compressor keeps
its context, and one frame is much like the last); a frame is sent only when a table
changed, so a player's page receives some kilobytes a second."""


def server_config(app: Starlette, listener: socket.socket) -> uvicorn.Config:
    """uvicorn's settings for ``app`` on ``listener``: a WebSocket message larger than any
    the tables take is refused by uvicorn (close 1009) before it is buffered whole; the
    connections are bounded (:mod:`pokerroom.web.connection_guard`); ``X-Forwarded-For``
    is believed only from the app's trusted proxies; frames go uncompressed
    (:data:`COMPRESSED_FRAMES`)."""
    import uvicorn

    from pokerroom.web.cardroom import Cardroom
    from pokerroom.web.connection_guard import ConnectionGuard, guarded_protocols
    from pokerroom.web.table_socket import MAX_FRAME_BYTES

    cardroom = app.state.cardroom
    assert isinstance(cardroom, Cardroom)
    settings = cardroom.settings
    guard = ConnectionGuard(settings.connections, settings.trusted_proxies)
    http, ws = guarded_protocols(guard)
    host, port = listener.getsockname()[:2]
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="info",
        http=http,
        ws=ws,
        ws_max_size=MAX_FRAME_BYTES,
        ws_per_message_deflate=COMPRESSED_FRAMES,
        timeout_keep_alive=settings.connections.keep_alive_seconds,
        proxy_headers=bool(settings.trusted_proxies),
        forwarded_allow_ips=[str(network) for network in settings.trusted_proxies],
    )


def run_server(app: Starlette, listener: socket.socket) -> None:
    """Serve ``app`` on ``listener`` until Ctrl+C or SIGTERM; a server that shares its
    database with others hands its tables over first."""
    from pokerroom.web.draining import DrainingServer

    state = app.state
    DrainingServer(server_config(app, listener), state.ownership, state.hub).run(sockets=[listener])


def serve(
    host: Annotated[
        str, typer.Option("--host", metavar="HOST", help="The address to listen on.")
    ] = DEFAULT_HOST,
    port: Annotated[
        int, number("--port", low=1, high=65535, metavar="PORT", help="The port to listen on.")
    ] = DEFAULT_PORT,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            metavar="URL",
            help="A database URL (postgresql+psycopg://…) or SQLite file; "
            "default: pokerroom.db in the data directory.",
        ),
    ] = None,
    secure_cookies: Annotated[
        bool,
        flag(
            "--secure-cookies",
            help="Mark cookies Secure and send HSTS: the server is reached by https.",
        ),
    ] = False,
    pause_after: Annotated[
        float,
        number(
            "--pause-after",
            low=0.1,
            high=60.0,
            metavar="SECONDS",
            help="A table pauses when the database has not saved its play for this long "
            "(0.1-60; default 3).",
        ),
    ] = 3.0,
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            "--forwarded-allow-ips",
            metavar="IPS",
            help="The proxies (addresses or networks, comma-separated) whose "
            "X-Forwarded-For is believed; default: nobody's.",
        ),
    ] = "",
    broker: Annotated[
        str | None,
        typer.Option(
            "--broker",
            metavar="URL",
            help="A NATS server (nats://HOST:4222) shared by several servers on one "
            "PostgreSQL database: each table is run by one of them, any serves its sockets.",
        ),
    ] = None,
    workers: Annotated[
        int,
        number(
            "--workers",
            low=1,
            high=64,
            metavar="N",
            help="Server processes on this port (1-64; default 1); more than one needs "
            "--broker and a PostgreSQL --database.",
        ),
    ] = 1,
) -> None:
    """Run the web cardroom: the lobby, sign-up and log-in, the tables.

    Open http://HOST:PORT/ in a browser. Accounts are kept in the
    database; pokerroom accounts grant NAME director gives a role.
    """
    from pokerroom.storage.database import open_database
    from pokerroom.web.app import create_app
    from pokerroom.web.connection_limits import trusted_proxies
    from pokerroom.web.settings import ServerSettings

    with user_errors():
        if not host.strip():
            raise UsageError(N_("--host must name an address, such as 127.0.0.1 or 0.0.0.0"))
        try:
            proxies = trusted_proxies(forwarded_allow_ips)
        except ValueError as error:
            raise UsageError(str(error)) from None
        if broker is not None or workers > 1:
            check_cluster(database, broker)
        settings = ServerSettings(
            secure_cookies=secure_cookies, pause_after=pause_after, trusted_proxies=proxies
        )
        listener = listening_socket(host, port, shared=workers > 1)
        try:
            if workers == 1:
                app = create_app(database, settings, broker=broker)
            else:  # migrated once here: the workers do not race to migrate it
                open_database(database).close()
        except BaseException:
            listener.close()
            raise
    shown = f"[{host}]" if ":" in host else host
    opened = N_("pokerroom: the cardroom is open at {url} (Ctrl+C stops it)")
    typer.echo(gettext(opened).format(url=f"http://{shown}:{port}/"))
    if workers == 1:
        run_server(app, listener)
    else:
        from pokerroom.cli.workers import run_workers

        listener.close()
        run_workers(workers, host, port, database, settings, broker)


def check_cluster(database: str | None, broker: str | None) -> None:
    """Several processes need a broker they can reach and a PostgreSQL database to share."""
    if broker is None:
        raise UsageError(
            N_(
                "--workers above 1 needs --broker nats://HOST:PORT: the workers reach each "
                "other's tables through it"
            )
        )
    if database is None or not database.startswith("postgresql"):
        raise UsageError(
            N_(
                "--broker and --workers need a PostgreSQL --database (postgresql+psycopg://…): "
                "every process shares it"
            )
        )
    from pokerroom.cli.workers import reach_broker

    reach_broker(broker)
