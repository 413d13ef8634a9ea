"""Forms only this site can send (CSRF), cookies no script or other site can use, and bad
input that never becomes a traceback."""

from __future__ import annotations

import pytest
from sqlalchemy import select
from starlette.routing import Route
from starlette.testclient import TestClient

from pokerroom.storage.database import Database
from pokerroom.storage.models import WebSessionRow
from pokerroom.web.app import create_app
from pokerroom.web.auth.cookies import SESSION_COOKIE, VISITOR_COOKIE
from pokerroom.web.auth.csrf import MAX_BODY
from tests.web.conftest import settings
from tests.web.helpers import PASSWORD, cardroom, csrf_of, sign_up, signed_in_as

REFUSED = "its security token (CSRF) is missing or out of date"


def test_a_sign_up_without_the_token_is_refused_and_makes_no_account(client: TestClient) -> None:
    form = {"name": "Ann", "password": PASSWORD, "password2": PASSWORD}
    response = client.post("/signup", data=form)
    assert response.status_code == 403
    assert REFUSED in response.text
    assert cardroom(client).accounts.accounts() == []
    assert signed_in_as(client) is None


def test_another_visitors_token_is_refused(client: TestClient) -> None:
    stranger = TestClient(client.app)
    form = {"csrf": csrf_of(stranger, "/signup"), "name": "Ann"}
    response = client.post("/signup", data={**form, "password": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 403
    assert cardroom(client).accounts.accounts() == []


def test_a_log_out_without_the_token_leaves_the_player_signed_in(client: TestClient) -> None:
    sign_up(client, "Ann")
    assert client.post("/logout").status_code == 403
    assert signed_in_as(client) == "Ann"


def test_the_token_changes_when_the_player_signs_in(client: TestClient) -> None:
    before = csrf_of(client)
    sign_up(client, "Ann")
    assert csrf_of(client, "/") != before
    assert client.post("/logout", data={"csrf": before}).status_code == 403


def test_a_script_may_send_the_token_as_a_header(client: TestClient) -> None:
    sign_up(client, "Ann")
    token = csrf_of(client, "/")
    response = client.post("/logout", headers={"X-CSRF-Token": token}, follow_redirects=False)
    assert response.status_code == 303
    assert signed_in_as(client) is None


def test_a_script_without_the_token_gets_a_json_refusal(client: TestClient) -> None:
    response = client.post("/api/lobby", json={"anything": 1})
    assert response.status_code == 403
    assert response.json()["type"] == "error"
    assert REFUSED in response.json()["message"]


# ------------------------------------------------------------------ cookies


def test_the_cookies_are_http_only_and_same_site_lax(client: TestClient) -> None:
    visitor = client.get("/").headers["set-cookie"]
    assert visitor.startswith(f"{VISITOR_COOKIE}=")
    session = sign_up(client, "Ann").headers["set-cookie"]
    assert session.startswith(f"{SESSION_COOKIE}=")
    for cookie in (visitor, session):
        flags = [part.strip().lower() for part in cookie.split(";")]
        assert "httponly" in flags and "samesite=lax" in flags and "path=/" in flags
        assert "secure" not in flags


def test_the_cookies_are_secure_when_the_server_is_on_https(database: Database) -> None:
    client = TestClient(create_app(database, settings(secure_cookies=True)), "https://testserver")
    visitor = client.get("/").headers["set-cookie"]
    session = sign_up(client, "Ann").headers["set-cookie"]
    for cookie in (visitor, session):
        assert "secure" in [part.strip().lower() for part in cookie.split(";")]


def test_only_the_digest_of_the_session_token_is_stored(
    client: TestClient, database: Database
) -> None:
    sign_up(client, "Ann")
    token = client.cookies[SESSION_COOKIE]
    with database.session() as session:
        stored = session.scalars(select(WebSessionRow.token_hash)).all()
    assert len(stored) == 1 and stored[0] != token and token not in stored[0]
    assert len(stored[0]) == 64


def test_a_stale_session_cookie_is_deleted(client: TestClient) -> None:
    client.cookies.set(SESSION_COOKIE, "made-up-token")
    response = client.get("/")
    assert f'{SESSION_COOKIE}=""; HttpOnly; Max-Age=0' in response.headers["set-cookie"]
    assert signed_in_as(client) is None


def test_pages_carry_headers_against_framing_and_referrer_leaks(client: TestClient) -> None:
    headers = client.get("/").headers
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "same-origin"
    assert headers["x-content-type-options"] == "nosniff"
    assert "strict-transport-security" not in headers  # plain http: HSTS only with https


# ------------------------------------------------------------------ bad input, never a 500


MALFORMED = [
    ({"content-type": "multipart/form-data; boundary=x"}, b"--x\r\nnot a part\r\n"),
    ({"content-type": "multipart/form-data"}, b"no boundary at all"),
    ({"content-type": "application/x-www-form-urlencoded"}, b"%ff%fe=%00&&&=&csrf"),
    ({"content-type": "application/x-www-form-urlencoded"}, bytes(range(256))),
    ({"content-type": "application/json"}, b"{not json"),
    ({"content-type": "text/plain"}, b"csrf=abc"),
]


@pytest.mark.parametrize("path", ["/signup", "/login", "/logout", "/invite/x"])
@pytest.mark.parametrize(("headers", "body"), MALFORMED)
def test_malformed_posts_are_refused_in_one_line_never_a_500(
    client: TestClient, path: str, headers: dict[str, str], body: bytes
) -> None:
    response = client.post(path, content=body, headers=headers)
    assert response.status_code in (400, 403)
    assert "Traceback" not in response.text
    assert cardroom(client).accounts.accounts() == []


WITH_TOKEN = [
    (
        "multipart/form-data; boundary=x",
        '--x\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n{token}\r\n--x\r\nbroken',
    ),
    ("application/x-www-form-urlencoded", "csrf={token}&name=%ff%fe&password=%00"),
    ("application/x-www-form-urlencoded", "csrf={token}&name&name=&&=x&password2"),
]


@pytest.mark.parametrize("path", ["/signup", "/login", "/invite/x"])
@pytest.mark.parametrize(("content_type", "body"), WITH_TOKEN)
def test_a_malformed_form_with_the_right_token_is_a_400_or_404(
    client: TestClient, path: str, content_type: str, body: str
) -> None:
    token = csrf_of(client, "/signup")
    response = client.post(
        path,
        content=body.format(token=token).encode() + bytes(range(128, 256)),
        headers={"content-type": content_type},
    )
    assert response.status_code in ((400, 404) if path == "/invite/x" else (400,))
    assert cardroom(client).accounts.accounts() == []


def test_fields_sent_as_files_or_missing_are_empty_fields(client: TestClient) -> None:
    token = csrf_of(client, "/signup")
    response = client.post(
        "/signup", data={"csrf": token}, files={"name": ("name.txt", b"Ann", "text/plain")}
    )
    assert response.status_code == 400
    assert "a name is 3 to 20 characters long (got 0)" in response.text
    assert cardroom(client).accounts.accounts() == []


def test_a_huge_post_is_refused(client: TestClient) -> None:
    body = b"name=" + b"a" * (MAX_BODY + 1)
    response = client.post(
        "/signup", content=body, headers={"content-type": "application/x-www-form-urlencoded"}
    )
    assert response.status_code == 413
    assert "too large" in response.text


def test_unknown_pages_and_methods_are_one_line(client: TestClient) -> None:
    missing = client.get("/no/such/page")
    assert missing.status_code == 404 and "there is no page at this address" in missing.text
    wrong = client.put("/login", headers={"X-CSRF-Token": csrf_of(client)})
    assert wrong.status_code == 405
    assert client.get("/api/nothing").json()["code"] == "not_found"


def test_an_unexpected_error_shows_no_traceback(database: Database) -> None:
    def broken(_request: object) -> None:
        raise RuntimeError("secret internals")

    app = create_app(database, settings(), routes=[Route("/broken", broken)])
    response = TestClient(app, raise_server_exceptions=False).get("/broken")
    assert response.status_code == 500
    assert "something went wrong on our side" in response.text
    assert "secret internals" not in response.text and "Traceback" not in response.text
