"""A request made to fail writes one line to the log at most (issue 21 item 28).

A regulation nested 5,000 deep, POSTed by any account, was a 500 and a 380 KB recursion
traceback in the log; twenty of them 7.6 MB.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from starlette.routing import Route
from starlette.testclient import TestClient
from typer.testing import CliRunner

from pokerroom.cli.app import app as cli
from pokerroom.storage.database import Database
from pokerroom.web.app import create_app
from tests.web.conftest import Clock, settings
from tests.web.helpers import cardroom, csrf_of, sign_up

DEEP = "x = " + "[" * 5000 + "]" * 5000
TOO_DEEP = "arrays or tables nested too deeply; a regulation nests them a few levels at most"


def log_lines(caplog: pytest.LogCaptureFixture) -> int:
    """Lines the server's log got (a record with a traceback counts all of its lines); the
    test client's own lines are not the server's."""
    handler = logging.StreamHandler()
    server = [r for r in caplog.records if not r.name.startswith(("httpx", "asyncio"))]
    return sum(len(handler.format(record).splitlines()) for record in server)


def test_tournament_check_refuses_a_deep_file_with_one_line(tmp_path: Path) -> None:
    file = tmp_path / "deep.toml"
    file.write_text(DEEP)
    result = CliRunner().invoke(cli, ["tournament", "check", str(file)])
    assert result.exit_code == 2
    assert result.output == f"error: deep.toml: {TOO_DEEP}\n"


def test_twenty_deep_regulations_posted_are_twenty_one_line_refusals(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    sign_up(client, "Dana")
    cardroom(client).accounts.grant("Dana", "director")
    csrf = csrf_of(client, "/tournaments/new")
    with caplog.at_level(logging.DEBUG):
        answers = [
            client.post("/tournaments", data={"csrf": csrf, "regulation": DEEP}, headers=JSON)
            for _ in range(20)
        ]
    assert {answer.status_code for answer in answers} == {400}
    assert {answer.json()["message"] for answer in answers} == {f"the regulation: {TOO_DEEP}"}
    assert log_lines(caplog) <= 20


JSON = {"accept": "application/json"}
HOLE = ("As", "Kd")


def test_an_unexpected_error_is_one_line_with_an_id_and_its_stack_once_a_minute(
    database: Database, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(_request: object) -> None:
        raise RuntimeError(" ".join(HOLE) + " are the secret hole cards")

    raised = broken.__code__.co_firstlineno + 1

    app = create_app(database, settings(clock), routes=[Route("/broken", broken)])
    with TestClient(app) as client, caplog.at_level(logging.DEBUG):
        first = client.get("/broken")
        second = client.get("/broken")
        clock.now += 61
        third = client.get("/broken")
    assert first.status_code == second.status_code == third.status_code == 500
    assert "Traceback" not in first.text and "secret" not in first.text
    ids = [answer.text.split("(error ")[1][:8] for answer in (first, second, third)]
    server = [r.getMessage() for r in caplog.records if r.name.startswith("pokerroom")]
    one_line = [line for line in server if "\n" not in line]
    assert [line.split(" broken")[0] for line in one_line] == [
        f"error {ids[0]} on GET /broken: RuntimeError at test_log_flooding.py:{raised}",
        f"error {ids[1]} on GET /broken: RuntimeError at test_log_flooding.py:{raised}",
        f"error {ids[2]} on GET /broken: RuntimeError at test_log_flooding.py:{raised}",
    ]
    stacks = [line for line in server if "\n" in line]
    assert [stack.split(":")[0] for stack in stacks] == [  # not the second: within a minute
        f"error {ids[0]}, where (RuntimeError)",
        f"error {ids[2]}, where (RuntimeError)",
    ]
    assert "As Kd" not in caplog.text  # frames only, never the exception's text
