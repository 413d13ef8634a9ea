"""Sign-ups are bounded per address and hour (issue 13 hardening): one more is refused with
429 and one line saying when to try again, and no account is made; other addresses, and
the same one an hour later, sign up as before."""

from __future__ import annotations

from starlette.testclient import TestClient

from pokerroom.storage.database import Database
from pokerroom.web.app import create_app
from pokerroom.web.settings import ServerSettings
from tests.web.conftest import Clock, settings
from tests.web.helpers import cardroom, sign_up


def browser(app: object, address: str) -> TestClient:
    return TestClient(app, client=(address, 5000))  # type: ignore[arg-type]


def test_an_address_over_its_sign_ups_is_refused_until_the_hour_has_passed(
    database: Database, clock: Clock
) -> None:
    app = create_app(database, settings(clock, signups=3))
    for number in range(3):
        assert sign_up(browser(app, "10.0.0.1"), f"Player{number}").status_code == 303
        clock.now += 60
    refused = sign_up(browser(app, "10.0.0.1"), "Extra")
    assert refused.status_code == 429
    assert "too many new accounts from this address; try again in 57 min" in refused.text
    assert cardroom(browser(app, "10.0.0.1")).accounts.find_account("Extra") is None
    assert sign_up(browser(app, "10.0.0.2"), "Elsewhere").status_code == 303
    clock.now += 57 * 60 - 1  # the first sign-up counts for a whole hour
    assert sign_up(browser(app, "10.0.0.1"), "Extra").status_code == 429
    clock.now += 1
    assert sign_up(browser(app, "10.0.0.1"), "Extra").status_code == 303


def test_refused_sign_ups_do_not_count(database: Database, clock: Clock) -> None:
    app = create_app(database, settings(clock, signups=1))
    for _ in range(3):
        assert sign_up(browser(app, "10.0.0.1"), "Ann", "short").status_code == 400
    assert sign_up(browser(app, "10.0.0.1"), "Ann").status_code == 303


def test_the_server_allows_ten_sign_ups_an_hour_per_address() -> None:
    limits = ServerSettings()
    assert (limits.signups, limits.signup_window) == (10, 3600.0)
