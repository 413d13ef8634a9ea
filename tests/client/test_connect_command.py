"""``pokerroom connect`` against a real server (uvicorn on 127.0.0.1, SQLite): log in with a
password that is never echoed, the token saved owner-only and used the next time without a
password, the lobby printed and a table picked, the text mode's table, and every error a
user can meet as one line on stderr with exit code 2."""

from __future__ import annotations

import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cli.app import app
from pokerroom.cli.connect import command as connect_command
from pokerroom.client import server_link
from pokerroom.client.http import Server
from pokerroom.client.signing_in import sign_up
from pokerroom.errors import UsageError
from tests.client.served import ServerOnPort, cardroom_app, heads_up_table
from tests.web.helpers import PASSWORD

runner = CliRunner()


@dataclass
class Served:
    url: str
    table: str


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    app_ = cardroom_app(tmp_path_factory.mktemp("connect") / "room.db")
    live = ServerOnPort(app_)
    live.start()
    sign_up(Server.parse(live.url), "Ann", PASSWORD)
    try:
        yield Served(live.url, heads_up_table(app_))
    finally:
        live.stop()


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A config directory of the test's own (platformdirs reads XDG_CONFIG_HOME)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    return tmp_path / "pokerroom"


def typed_password(monkeypatch: pytest.MonkeyPatch, password: str) -> list[str]:
    """Answer every password question with ``password``; the questions asked."""
    asked: list[str] = []

    def answer(prompt: str) -> str:
        asked.append(prompt)
        return password

    monkeypatch.setattr(connect_command, "ask_password", answer)
    return asked


def test_log_in_pick_from_the_lobby_watch_and_come_back_without_a_password(
    served: Served, config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = typed_password(monkeypatch, PASSWORD)
    first = runner.invoke(
        app, ["connect", served.url, "--user", "Ann", "--watch"], input="1\nsit 1\nquit\n"
    )
    assert first.exit_code == 0, first.output + first.stderr
    assert asked == ["Password: "]
    assert PASSWORD not in first.output
    assert "signed in as Ann; the session is saved in" in first.output
    assert "Heads-up" in first.output and "NLHE" in first.output and "0/2" in first.output
    assert f"table {served.table} · Texas Hold'em no-limit · blinds 1/2 · waiting" in first.output
    assert "* connected to table" in first.output and "* left the table" in first.output
    saved = config / "sessions.json"
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    assert PASSWORD not in saved.read_text()

    asked.clear()
    again = runner.invoke(
        app, ["connect", served.url, "--table", served.table, "--watch"], input="quit\n"
    )
    assert again.exit_code == 0, again.output + again.stderr
    assert asked == [], "a saved session asked for the password again"
    assert "signed in as Ann (saved session)" in again.output
    assert f"table {served.table}" in again.output


def test_a_typed_line_that_is_no_command_is_one_line_and_sends_nothing(
    served: Served, config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    typed_password(monkeypatch, PASSWORD)
    result = runner.invoke(
        app,
        ["connect", served.url, "--user", "Ann", "--table", served.table, "--watch"],
        input="dance\nquit\n",
    )
    assert result.exit_code == 0
    assert result.stderr.startswith("error: not a table command: 'dance'; commands: fold, ")
    assert "refused" not in result.output


@pytest.mark.parametrize(
    ("args", "password", "line"),
    [
        (["--user", "Ann"], "wrong password", "error: log-in refused: wrong name or password"),
        (["--user", "Ann", "--table", "nope"], PASSWORD, "error: the server refused the table: "),
        (["--user", "Nobody"], PASSWORD, "error: log-in refused: wrong name or password"),
    ],
)
def test_refusals_are_one_line_on_stderr_and_exit_2(
    served: Served,
    config: Path,
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    password: str,
    line: str,
) -> None:
    typed_password(monkeypatch, password)
    result = runner.invoke(app, ["connect", served.url, *args, "--watch"], input="quit\n")
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(line) and result.stderr.count("\n") == 1, result.stderr


def test_a_server_that_is_down_or_a_bad_url_is_one_line(config: Path) -> None:
    down = runner.invoke(app, ["connect", "http://127.0.0.1:9", "--user", "Ann"])
    assert down.exit_code == 2
    assert down.stderr.startswith("error: cannot reach the server at http://127.0.0.1:9: ")
    bad = runner.invoke(app, ["connect", "ftp://example.org"])
    assert bad.exit_code == 2 and bad.stderr.count("\n") == 1
    assert "is not a server address" in bad.stderr


def test_a_protocol_version_mismatch_is_one_line(
    served: Served, config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    typed_password(monkeypatch, PASSWORD)
    monkeypatch.setattr(server_link, "PROTOCOL_VERSION", 2)
    result = runner.invoke(
        app, ["connect", served.url, "--user", "Ann", "--table", served.table, "--watch"]
    )
    assert result.exit_code == 2
    assert result.stderr == (
        "error: protocol version mismatch: the server does not speak version 2 of the "
        "table protocol; update pokerroom to play there\n"
    )


def test_run_table_plays_the_textual_table_with_a_move_opener_and_the_seat_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``run_table`` starts ``RemoteTableApp(link, open_table=..., first=...)``; a move's
    opener makes a new link to the named room for the same account; the link the app
    plays at last is the one whose failure is reported."""
    import asyncio

    from pokerroom.tui import remote

    made: list[dict[str, object]] = []

    class Recorded:
        def __init__(self, link: server_link.ServerLink, **options: object) -> None:
            made.append(options)
            self.link = link

        def run(self) -> None:
            opener = made[0]["open_table"]
            self.link = asyncio.run(opener("T.t2"))  # type: ignore[operator]

    monkeypatch.setattr(remote, "RemoteTableApp", Recorded)
    server = Server.parse("http://127.0.0.1:9")
    link = server_link.ServerLink(server, "T.t1", None)
    first = connect_command.seat_message(3, 150)
    assert connect_command.run_table(link, watch=False, first=first) is None
    assert made[0]["first"] == [{"type": "sit", "seat": 3, "buy_in": 150}]
    with pytest.raises(UsageError, match=r"^--buy-in goes with --seat"):
        connect_command.seat_message(None, 150)
