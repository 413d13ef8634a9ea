"""``X-Forwarded-For`` is believed only from the proxies ``--forwarded-allow-ips`` names
(issue 21 item 30): otherwise any client could claim a new address for every log-in and
never meet the per-address limits. Over a real uvicorn on 127.0.0.1, as ``pokerroom serve``."""

from __future__ import annotations

from http.client import HTTPConnection
from ipaddress import ip_network
from urllib.parse import urlencode

from starlette.testclient import TestClient

from pokerroom.storage.database import Database
from pokerroom.web.app import create_app
from pokerroom.web.settings import ServerSettings
from tests.web.conftest import settings
from tests.web.helpers import csrf_of
from tests.web.served_in_thread import serving

WAIT = 10.0


def log_in_statuses(server_settings: ServerSettings, database: Database) -> list[int]:
    """Eight failed log-ins under eight names, each claiming another forwarded address."""
    app = create_app(database, server_settings)
    browser = TestClient(app)
    token = csrf_of(browser)
    cookie = "; ".join(f"{name}={value}" for name, value in browser.cookies.items())
    statuses = []
    with serving(app) as port:
        for n in range(8):
            connection = HTTPConnection("127.0.0.1", port, timeout=WAIT)
            body = urlencode({"csrf": token, "name": f"name{n}", "password": "wrong guess"})
            headers = {
                "content-type": "application/x-www-form-urlencoded",
                "cookie": cookie,
                "x-forwarded-for": f"203.0.113.{n + 1}",
            }
            connection.request("POST", "/login", body, headers)
            statuses.append(connection.getresponse().status)
            connection.close()
    return statuses


def test_a_claimed_address_is_not_believed_by_default(database: Database) -> None:
    statuses = log_in_statuses(settings(login_failures=5), database)
    assert statuses == [400] * 5 + [429] * 3  # all counted against 127.0.0.1


def test_a_trusted_proxys_forwarded_address_is_counted(database: Database) -> None:
    proxies = (ip_network("127.0.0.1"),)
    statuses = log_in_statuses(settings(login_failures=5, trusted_proxies=proxies), database)
    assert statuses == [400] * 8  # each forwarded address has its own count
