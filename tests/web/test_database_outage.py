"""A database that dies under the server (issue 21 item 18).

Connections the server killed (``pg_terminate_backend``) are replaced unseen; while the
database is out every page says so (503, "the database is unavailable, retrying"), a table
socket closes with 1013 (try again later) and is retried, the log has one line when the
outage starts and one when it ends, and everything works again when the database is back.
"""

from __future__ import annotations

import logging
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.engine import make_url
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pokerroom.storage.database import Database, open_database
from pokerroom.storage.outage import DatabaseUnavailableError
from pokerroom.web.app import create_app
from pokerroom.web.errors import UNAVAILABLE, UNAVAILABLE_SENT
from pokerroom.web.last_resort import TRY_AGAIN_LATER
from tests.web.conftest import settings
from tests.web.helpers import csrf_of, sign_up
from tests.web.outage_proxy import OutageProxy

JSON = {"accept": "application/json"}


def server_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name.startswith("pokerroom")]


@pytest.fixture
def tagged_url(postgres_url: str) -> str:
    """The test's schema, its connections named so that the test can find them."""
    name = f"pokerroom_test_{uuid.uuid4().hex[:12]}"
    return (
        make_url(postgres_url)
        .update_query_dict({"application_name": name})
        .render_as_string(hide_password=False)
    )


@pytest.mark.postgres
def test_connections_killed_by_the_server_are_replaced_unseen(
    tagged_url: str, postgres_admin: Engine
) -> None:
    with open_database(tagged_url) as database, TestClient(create_app(database, settings())) as c:
        sign_up(c, "Ann")  # from now on every request looks up Ann's session
        held = [database.engine.connect() for _ in range(5)]  # five in the pool
        for connection in held:
            connection.close()
        name = make_url(tagged_url).query["application_name"]
        with postgres_admin.connect() as admin:
            killed = admin.execute(
                text(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE application_name = :name"
                ),
                {"name": name},
            ).scalar_one()
        assert killed >= 5  # the five pooled, and any other the server holds
        assert [c.get("/hands").status_code for _ in range(5)] == [200] * 5


@pytest.fixture
def proxy(postgres_url: str) -> Iterator[OutageProxy]:
    url = make_url(postgres_url)
    relay = OutageProxy((url.host or "localhost", url.port or 5432))
    yield relay
    relay.close()


@pytest.mark.postgres
def test_while_the_database_is_out_pages_and_sockets_say_so_and_recover(
    postgres_url: str, proxy: OutageProxy, caplog: pytest.LogCaptureFixture
) -> None:
    relayed = make_url(postgres_url).set(host="127.0.0.1", port=proxy.port)
    database = open_database(relayed.render_as_string(hide_password=False))
    with database, TestClient(create_app(database, settings())) as client:
        sign_up(client, "Ann")
        assert client.get("/hands").status_code == 200
        with caplog.at_level(logging.INFO):
            proxy.cut()
            pages = [client.get("/hands") for _ in range(10)]
            api = client.get("/api/lobby", headers=JSON)
            with (
                pytest.raises(WebSocketDisconnect) as closed,
                client.websocket_connect("/ws/tables/t1") as socket,
            ):
                socket.receive_text()
            during = server_lines(caplog)
            proxy.restore()
            back = client.get("/hands")
    assert {page.status_code for page in pages} == {503}
    assert all(UNAVAILABLE in page.text for page in pages)
    assert {page.headers["retry-after"] for page in pages} == {"5"}
    assert '<meta http-equiv="refresh" content="5">' in pages[0].text
    assert api.status_code == 503 and api.json()["code"] == "unavailable"
    assert (closed.value.code, closed.value.reason) == (TRY_AGAIN_LATER, UNAVAILABLE)
    where = f"the database {database.location}"
    assert len(during) == 1 and during[0].startswith(f"{where} is unavailable")
    assert back.status_code == 200 and "Your hands" in back.text
    after = server_lines(caplog)[1:]
    assert len(after) == 1 and after[0].startswith(f"{where} is back")


def test_a_sqlite_file_gone_is_503_logged_once_and_over_when_it_is_back(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    file = tmp_path / "club.db"
    database = open_database(file)
    with database, TestClient(create_app(database, settings())) as client:
        sign_up(client, "Ann")
        with caplog.at_level(logging.INFO):
            database.engine.dispose()  # its connections end (recycled, or a restart)
            file.rename(tmp_path / "elsewhere.db")
            file.mkdir()  # the path is now a folder: not a database SQLite can open
            pages = [client.get("/hands") for _ in range(3)]
            file.rmdir()
            shutil.move(tmp_path / "elsewhere.db", file)
            back = client.get("/hands")
    assert [page.status_code for page in pages] == [503] * 3
    assert all(UNAVAILABLE in page.text for page in pages)
    assert back.status_code == 200
    began, ended = server_lines(caplog)
    assert began == f"the database {file} is unavailable: unable to open database file"
    assert ended.startswith(f"the database {file} is back after ")
    assert ended.endswith(" s (3 operations failed meanwhile)")


def test_a_read_whose_connection_died_is_tried_once_more_and_a_form_is_not(
    database: Database,
) -> None:
    attempts: list[str] = []

    def dies_every_other_time(request: Request) -> Response:
        attempts.append(request.method)
        if len(attempts) % 2:
            raise DatabaseUnavailableError("cannot use the database: gone", disconnected=True)
        return PlainTextResponse("done")

    routes = [Route("/flaky", dies_every_other_time, methods=["GET", "POST"])]
    client = TestClient(create_app(database, settings(), routes=routes))
    assert client.get("/flaky").text == "done"
    assert attempts == ["GET", "GET"]
    attempts.clear()
    posted = client.post("/flaky", headers={"X-CSRF-Token": csrf_of(client), **JSON})
    assert posted.status_code == 503 and posted.json()["message"] == UNAVAILABLE_SENT
    assert attempts == ["POST"]  # a form may have done something: never sent twice
