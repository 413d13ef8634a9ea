"""How a server is set up: cookies for https, its secret, the cost of a password hash.

The secret (it signs each visitor's form tokens, CSRF) is generated once and saved as
``server-secret`` in the data directory, readable by its owner only, so that a restart
keeps every open form valid; give one explicitly to run several processes behind one
address.
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

from argon2 import PasswordHasher

from pokerroom.cluster.lease_settings import LeaseSettings
from pokerroom.i18n import gettext
from pokerroom.room.holding import PAUSE_AFTER
from pokerroom.storage.codec import StorageError
from pokerroom.storage.database import data_dir
from pokerroom.web.connection_limits import ConnectionLimits, IPNetwork

SECRET_FILE = "server-secret"
SECRET_BYTES = 32


@dataclass(frozen=True)
class ServerSettings:
    secure_cookies: bool = False
    """Mark the cookies ``Secure``: set it when the server is reached over https."""
    secret_key: bytes | None = None
    """None: the one saved in the data directory (made on first use)."""
    password_hasher: PasswordHasher = field(default_factory=PasswordHasher)
    """argon2-cffi's recommended parameters (RFC 9106); tests pass cheaper ones."""
    session_lifetime: timedelta = timedelta(days=30)
    invite_lifetime: timedelta = timedelta(days=7)
    login_failures: int = 5
    """Failed log-ins allowed per name and per address within :attr:`login_window`."""
    login_window: float = 300.0
    """Seconds a failed log-in counts against the name and the address."""
    signups: int = 10
    """New accounts allowed per address within :attr:`signup_window` (guests by invite aside)."""
    signup_window: float = 3600.0
    """Seconds a new account counts against the address it was made from."""
    guests_per_game: int = 20
    """Guest accounts one private game's invite links may make, all links together."""
    tables_per_account: int = 10
    """Home, OFC and cash tables one account (not an admin) may have open at once."""
    hashes_at_once: int = 2
    """Password hashes run at once (each argon2 hash takes 64 MiB)."""
    hashes_waiting: int = 8
    """Log-ins and sign-ups that may wait for a hash; one more is answered 503 (busy)."""
    clock: Callable[[], float] = time.monotonic
    """The rate limiters' clock, and the log's for how often a stack is shown (tests move it
    by hand)."""
    pause_after: float = PAUSE_AFTER
    """Seconds a table (or a form's answer) waits for the database before it pauses (the
    answer says it cannot save yet)."""
    connections: ConnectionLimits = field(default_factory=ConnectionLimits)
    """The bounds on TCP connections ``pokerroom serve`` enforces (uvicorn's side)."""
    leases: LeaseSettings | None = None
    """Share the database with other server processes: each table is owned by one of them
    with a lease (:mod:`pokerroom.cluster.ownership`). None: this process alone."""
    trusted_proxies: tuple[IPNetwork, ...] = ()
    """Whose ``X-Forwarded-For`` is believed (``--forwarded-allow-ips``): nobody's by
    default, so the per-address limits count the address a connection really comes from."""


def load_secret(folder: Path | None = None) -> bytes:
    """The server's secret from ``folder`` (the data directory), made there the first time."""
    path = (folder or data_dir()) / SECRET_FILE
    try:
        if path.is_file():
            secret = bytes.fromhex(path.read_text().strip())
            if len(secret) < SECRET_BYTES:
                raise ValueError(
                    gettext("it holds {held} bytes, not {wanted}").format(
                        held=len(secret), wanted=SECRET_BYTES
                    )
                )
            return secret
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        secret = secrets.token_bytes(SECRET_BYTES)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write(secret.hex())
    except (OSError, ValueError) as error:
        raise StorageError(
            gettext(
                "cannot use the server's secret in {path}: {error} "
                "(delete the file to make a new one)"
            ).format(path=path, error=error)
        ) from None
    return secret
