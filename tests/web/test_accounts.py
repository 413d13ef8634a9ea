"""Sign up, log in, log out: what a player sees, and what the database keeps (a hash only)."""

from __future__ import annotations

import pytest
from argon2 import PasswordHasher
from sqlalchemy import select
from starlette.testclient import TestClient

from pokerroom.storage.database import Database
from pokerroom.storage.models import AccountRow
from pokerroom.web.app import create_app
from pokerroom.web.auth.cookies import SESSION_COOKIE
from pokerroom.web.settings import ServerSettings
from tests.web.conftest import Clock, settings
from tests.web.helpers import PASSWORD, cardroom, csrf_of, log_in, sign_up, signed_in_as


def test_sign_up_signs_in_and_the_lobby_greets_the_player(client: TestClient) -> None:
    response = sign_up(client, "Ann")
    assert response.status_code == 303 and response.headers["location"] == "/"
    assert signed_in_as(client) == "Ann"
    account = cardroom(client).accounts.find_account("ann")
    assert account is not None and account.roles == {"player", "host"}


def test_log_out_then_log_in_again(client: TestClient) -> None:
    sign_up(client, "Ann")
    response = client.post("/logout", data={"csrf": csrf_of(client, "/")}, follow_redirects=False)
    assert response.status_code == 303
    assert signed_in_as(client) is None
    response = log_in(client, "ann")  # any case
    assert response.status_code == 303
    assert signed_in_as(client) == "Ann"


def test_logging_out_closes_the_session_on_the_server(client: TestClient) -> None:
    sign_up(client, "Ann")
    token = client.cookies[SESSION_COOKIE]
    client.post("/logout", data={"csrf": csrf_of(client, "/")})
    assert cardroom(client).accounts.session_account(token) is None
    client.cookies.set(SESSION_COOKIE, token)  # a copied cookie signs nobody in any more
    assert signed_in_as(client) is None


def test_a_wrong_password_or_an_unknown_name_is_refused_alike(client: TestClient) -> None:
    sign_up(client, "Ann")
    client.cookies.delete(SESSION_COOKIE)
    wrong = log_in(client, "Ann", "not the password")
    unknown = log_in(client, "Nobody", PASSWORD)
    for response in (wrong, unknown):
        assert response.status_code == 400
        assert "wrong name or password" in response.text
        assert SESSION_COOKIE not in response.cookies
    assert signed_in_as(client) is None


def test_the_password_is_stored_only_as_an_argon2_hash(
    client: TestClient, database: Database
) -> None:
    sign_up(client, "Ann")
    with database.session() as session:
        row = session.scalars(select(AccountRow)).one()
        stored = row.password_hash
    assert stored is not None and stored.startswith("$argon2id$")
    assert PASSWORD not in stored
    assert PasswordHasher().verify(stored, PASSWORD)


def test_the_default_hasher_is_argon2_cffis_recommended() -> None:
    default = ServerSettings().password_hasher
    recommended = PasswordHasher()
    assert (default.time_cost, default.memory_cost, default.parallelism) == (
        recommended.time_cost,
        recommended.memory_cost,
        recommended.parallelism,
    )


def test_a_hash_made_with_weaker_parameters_is_renewed_at_log_in(database: Database) -> None:
    weak = TestClient(create_app(database, settings()))
    sign_up(weak, "Ann")
    stronger = PasswordHasher(time_cost=2, memory_cost=16, parallelism=1)
    client = TestClient(create_app(database, settings(password_hasher=stronger)))
    assert log_in(client, "Ann").status_code == 303
    account = cardroom(client).accounts.find_account("Ann")
    assert account is not None and account.password_hash is not None
    assert not stronger.check_needs_rehash(account.password_hash)


@pytest.mark.parametrize(
    ("name", "password", "password2", "message"),
    [
        ("Al", PASSWORD, PASSWORD, "a name is 3 to 20 characters long (got 2)"),
        ("A" * 21, PASSWORD, PASSWORD, "a name is 3 to 20 characters long (got 21)"),
        (
            "Ann Lee",
            PASSWORD,
            PASSWORD,
            "a name may hold only letters, digits and _ - . (got &#39; &#39;)",
        ),
        ("<script>", PASSWORD, PASSWORD, "a name may hold only letters, digits"),
        ("_ann", PASSWORD, PASSWORD, "a name starts and ends with a letter or a digit"),
        ("Admin", PASSWORD, PASSWORD, "the name &#39;Admin&#39; is kept for the room"),
        ("\u0430dmin", PASSWORD, PASSWORD, "the name &#39;\u0430dmin&#39; is kept for the room"),
        ("ａｄｍｉｎ", PASSWORD, PASSWORD, "the name &#39;ａｄｍｉｎ&#39; is kept for the room"),
        ("dir\u0435ctor", PASSWORD, PASSWORD, "is kept for the room"),
        ("Moderator", PASSWORD, PASSWORD, "the name &#39;Moderator&#39; is kept for the room"),
        ("support", PASSWORD, PASSWORD, "the name &#39;support&#39; is kept for the room"),
        ("Ann", "short", "short", "a password is at least 8 characters long"),
        ("Ann", "x" * 257, "x" * 257, "a password is at most 256 characters long"),
        ("Annabelle", "annabelle", "annabelle", "the password must not be the name"),
        ("Ann", PASSWORD, "another one", "the two passwords differ"),
    ],
)
def test_bad_sign_ups_say_why_and_make_no_account(
    client: TestClient, name: str, password: str, password2: str, message: str
) -> None:
    form = {"csrf": csrf_of(client, "/signup"), "name": name}
    response = client.post("/signup", data={**form, "password": password, "password2": password2})
    assert response.status_code == 400
    assert message in response.text
    assert SESSION_COOKIE not in response.cookies
    assert cardroom(client).accounts.accounts() == []


@pytest.mark.parametrize("look_alike", ["\u0410lice1", "AIice1", "ａｌｉｃｅ１", "alicel"])
def test_a_name_that_looks_like_a_taken_one_is_refused(client: TestClient, look_alike: str) -> None:
    sign_up(client, "alice1")
    response = sign_up(TestClient(client.app), look_alike)
    assert response.status_code == 400
    assert "looks like &#39;alice1&#39;, which is taken; choose another" in response.text
    assert [a.name for a in cardroom(client).accounts.accounts()] == ["alice1"]


def test_a_taken_name_is_refused_whatever_its_case(client: TestClient) -> None:
    sign_up(client, "Ann")
    other = TestClient(client.app)
    response = sign_up(other, "ANN")
    assert response.status_code == 400
    assert "the name &#39;ANN&#39; is taken; choose another" in response.text
    assert [a.name for a in cardroom(client).accounts.accounts()] == ["Ann"]


def test_a_cyrillic_name_signs_up(client: TestClient) -> None:
    assert sign_up(client, "Олена").status_code == 303
    assert signed_in_as(client) == "Олена"


def test_log_in_goes_back_where_it_was_asked_but_never_to_another_site(client: TestClient) -> None:
    sign_up(client, "Ann")
    for target, landing in [
        ("/rooms/abc", "/rooms/abc"),
        ("//evil.example", "/"),
        ("https://evil.example/", "/"),
        ("/\\evil", "/"),
    ]:
        client.cookies.delete(SESSION_COOKIE)
        form = {"csrf": csrf_of(client), "name": "Ann", "password": PASSWORD, "next": target}
        response = client.post("/login", data=form, follow_redirects=False)
        assert response.headers["location"] == landing


def test_a_guest_account_cannot_log_in_with_a_password(client: TestClient) -> None:
    store = cardroom(client).accounts
    store.create_account("Visitor1", None, ["guest"], "room1")
    assert log_in(client, "Visitor1", "").status_code == 400
    assert log_in(client, "Visitor1", PASSWORD).status_code == 400


# ------------------------------------------------------------------ rate limit


def test_five_failures_lock_the_name_with_the_wait_shown(client: TestClient, clock: Clock) -> None:
    sign_up(client, "Ann")
    client.cookies.delete(SESSION_COOKIE)
    for _ in range(5):
        assert log_in(client, "Ann", "guess guess").status_code == 400
    clock.now += 10
    locked = log_in(client, "Ann", PASSWORD)  # even the right password waits
    assert locked.status_code == 429
    assert "too many failed log-ins; try again in 290 s" in locked.text
    assert SESSION_COOKIE not in locked.cookies
    clock.now += 290
    assert log_in(client, "Ann", PASSWORD).status_code == 303


def test_the_name_is_locked_from_every_address(database: Database, clock: Clock) -> None:
    app = create_app(database, settings(clock))
    sign_up(TestClient(app), "Ann")
    for number in range(5):
        guesser = TestClient(app, client=(f"10.0.0.{number}", 5000))
        log_in(guesser, "Ann", "guess guess")
    elsewhere = TestClient(app, client=("10.9.9.9", 5000))
    assert log_in(elsewhere, "Ann", PASSWORD).status_code == 429


def test_one_address_trying_many_names_is_locked(database: Database, clock: Clock) -> None:
    app = create_app(database, settings(clock))
    sign_up(TestClient(app), "Ann")
    guesser = TestClient(app, client=("10.0.0.1", 5000))
    for number in range(5):
        log_in(guesser, f"name{number}", "guess guess")
    response = log_in(guesser, "Ann", PASSWORD)
    assert response.status_code == 429 and "try again in 300 s" in response.text
    assert log_in(TestClient(app, client=("10.0.0.2", 5000)), "Ann").status_code == 303


def test_a_success_forgives_the_names_earlier_failures(database: Database) -> None:
    app = create_app(database, settings())
    sign_up(TestClient(app), "Ann")
    home, phone = (TestClient(app, client=(address, 5000)) for address in ("10.0.0.1", "10.0.0.2"))
    for _ in range(4):
        log_in(home, "Ann", "typo typo")
    assert log_in(home, "Ann").status_code == 303
    for _ in range(4):
        log_in(phone, "Ann", "typo typo")
    assert log_in(phone, "Ann").status_code == 303  # 4 failures on the name since, not 8
