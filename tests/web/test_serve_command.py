"""``pokerroom serve`` and ``pokerroom accounts``: one line and exit 2 for what cannot be done."""

from __future__ import annotations

import socket
import stat
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient
from typer.testing import CliRunner

from pokerroom.cli import serve_command
from pokerroom.cli.app import app
from pokerroom.storage.accounts import AccountStore
from pokerroom.storage.codec import StorageError
from pokerroom.web.settings import SECRET_FILE, load_secret
from tests.serve_process import free_port
from tests.web.helpers import cardroom

runner = CliRunner()


def one_line_error(args: list[str], words: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and len(result.stderr.splitlines()) == 1
    assert words in result.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["serve", "--port", "0"], "error: --port must be from 1 to 65,535, got 0"),
        (["serve", "--port", "x"], "error: --port must be a whole number, got 'x'"),
        (["serve", "--host", " "], "error: --host must name an address"),
        (["serve", "--host", "no-such-host.invalid"], "cannot listen on no-such-host.invalid:8000"),
        (["serve", "--bogus"], "error: pokerroom serve has no option --bogus"),
        (
            ["serve", "--forwarded-allow-ips", "10.0.0.1,proxy.local"],
            "--forwarded-allow-ips takes IP addresses or networks separated by commas "
            "(such as 127.0.0.1,10.0.0.0/8), not 'proxy.local'",
        ),
        (["serve", "--workers", "2"], "--workers above 1 needs --broker nats://HOST:PORT"),
        (["serve", "--workers", "0"], "error: --workers must be from 1 to 64, got 0"),
        (
            ["serve", "--broker", "nats://127.0.0.1:4222"],
            "--broker and --workers need a PostgreSQL --database",
        ),
        (
            [
                "serve",
                "--broker",
                "redis://x",
                "--database",
                "postgresql+psycopg://u:p@127.0.0.1:1/db",
            ],
            "--broker 'redis://x': give a NATS server's address, such as nats://127.0.0.1:4222",
        ),
        (
            [
                "serve",
                "--broker",
                "nats://127.0.0.1:1",
                "--database",
                "postgresql+psycopg://u:p@127.0.0.1:1/db",
            ],
            "cannot reach the broker at nats://127.0.0.1:1: is nats-server running?",
        ),
        (["accounts", "grant", "ann", "king"], "no role 'king'; the roles are host, director"),
        (["accounts", "grant", "ann"], "missing argument 'ROLE'"),
    ],
)
def test_bad_invocations_are_one_line_and_create_nothing(
    args: list[str], words: str, private_data_dir: Path
) -> None:
    one_line_error(args, words)
    assert not private_data_dir.exists()


def test_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        one_line_error(
            ["serve", "--port", str(port), "--database", str(tmp_path / "x.db")],
            f"cannot listen on 127.0.0.1:{port}: Address already in use",
        )


@pytest.mark.parametrize(
    ("database", "words"),
    [("junk.db", "cannot open the database"), ("nope://x", "Can't load plugin")],
)
def test_a_bad_database_is_one_line_and_the_port_is_let_go(
    tmp_path: Path, database: str, words: str
) -> None:
    junk = tmp_path / "junk.db"
    junk.write_text("not a database " * 100)
    port = free_port()
    where = database if "://" in database else str(tmp_path / database)
    one_line_error(["serve", "--port", str(port), "--database", where], words)
    with socket.socket() as again:
        again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        again.bind(("127.0.0.1", port))  # free again


def test_serve_runs_the_cardroom_on_the_bound_socket(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    served: list[tuple[Starlette, socket.socket]] = []
    monkeypatch.setattr(serve_command, "run_server", lambda app, sock: served.append((app, sock)))
    port = free_port()
    args = ["--port", str(port), "--database", str(tmp_path / "w.db"), "--secure-cookies"]
    result = runner.invoke(app, ["serve", *args])
    assert result.exit_code == 0, result.output
    assert f"the cardroom is open at http://127.0.0.1:{port}/" in result.stdout
    ((web, listener),) = served
    try:
        assert listener.getsockname() == ("127.0.0.1", port)
        assert cardroom(TestClient(web)).settings.secure_cookies
        lobby = TestClient(web).get("/api/lobby")
        assert lobby.headers["strict-transport-security"] == "max-age=31536000"
        assert lobby.json() == {
            "type": "lobby",
            "v": 1,
            "rooms": [],
            "mine": [],
        }
    finally:
        listener.close()


def test_accounts_grant_revoke_and_list(tmp_path: Path) -> None:
    database = str(tmp_path / "a.db")
    with AccountStore.open(database) as store:
        store.create_account("Ann", "$argon2id$stand-in", ["player", "host"])
    granted = runner.invoke(app, ["accounts", "grant", "ann", "director", "--database", database])
    assert granted.exit_code == 0 and granted.stdout == "Ann: director, host, player\n"
    runner.invoke(app, ["accounts", "grant", "Ann", "admin", "--database", database])
    revoked = runner.invoke(app, ["accounts", "revoke", "ANN", "host", "--database", database])
    assert revoked.stdout == "Ann: admin, director, player\n"
    listed = runner.invoke(app, ["accounts", "list", "--database", database])
    assert listed.stdout == "Ann: admin, director, player\n"
    marked = runner.invoke(app, ["accounts", "grant", "ann", "bot", "--database", database])
    assert marked.stdout == "Ann: admin, bot, director, player\n"  # a bot account (docs/bots.md)
    one_line_error(
        ["accounts", "grant", "Bob", "director", "--database", database],
        "error: no account named 'Bob'",
    )


def test_accounts_list_on_a_fresh_database(tmp_path: Path) -> None:
    result = runner.invoke(app, ["accounts", "list", "--database", str(tmp_path / "n.db")])
    assert result.exit_code == 0 and "no accounts yet" in result.stdout


def test_the_secret_is_made_once_readable_by_its_owner_only(tmp_path: Path) -> None:
    secret = load_secret(tmp_path)
    assert len(secret) == 32 and load_secret(tmp_path) == secret
    assert stat.S_IMODE((tmp_path / SECRET_FILE).stat().st_mode) == 0o600
    (tmp_path / SECRET_FILE).write_text("zz")
    with pytest.raises(StorageError, match="delete the file to make a new one"):
        load_secret(tmp_path)
