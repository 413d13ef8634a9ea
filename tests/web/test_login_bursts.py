"""Log-ins and sign-ups sent all at once (issue 21 item 27): each is counted against its
limit before its password is hashed, so a burst gets no more tries than the limit; and only
a few hashes run at once, the rest waiting or told the server is busy. Over a real uvicorn
on 127.0.0.1, with forty clients in threads released together."""

from __future__ import annotations

import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from http.client import HTTPConnection
from typing import Any, Literal
from urllib.parse import urlencode

from argon2 import PasswordHasher
from starlette.testclient import TestClient

from pokerroom.storage.database import Database
from pokerroom.web.app import create_app
from tests.web.conftest import settings
from tests.web.helpers import PASSWORD, cardroom, csrf_of, sign_up
from tests.web.served_in_thread import serving

WAIT = 30.0
HASH_SECONDS = 0.05
"""How long each instrumented hash takes, so that a burst's hashes would overlap."""


class GaugedHasher(PasswordHasher):
    """The cheap test hasher, slowed a little (or held until ``hold`` is set), counting the
    hashes and the most at once."""

    def __init__(self, hold: threading.Event | None = None) -> None:
        super().__init__(time_cost=1, memory_cost=8, parallelism=1)
        self.hold = hold
        self._lock = threading.Lock()
        self.running = 0
        self.most_at_once = 0
        self.hashes = 0

    def _enter(self) -> None:
        with self._lock:
            self.running += 1
            self.hashes += 1
            self.most_at_once = max(self.most_at_once, self.running)
        if self.hold is None:
            time.sleep(HASH_SECONDS)  # the work a real argon2 hash would do
        else:
            self.hold.wait(WAIT)

    def _leave(self) -> None:
        with self._lock:
            self.running -= 1

    def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
        self._enter()
        try:
            return super().verify(hash, password)
        finally:
            self._leave()

    def hash(self, password: str | bytes, *, salt: bytes | None = None) -> str:
        self._enter()
        try:
            return super().hash(password, salt=salt)
        finally:
            self._leave()


def burst(
    port: int,
    browser: TestClient,
    path: str,
    forms: list[dict[str, str]],
    answered: list[int] | None = None,
) -> list[Any]:
    """POST every form to ``path`` at once from 127.0.0.1; each answer's status and
    ``Retry-After`` (each status also goes to ``answered`` as it comes)."""
    token = csrf_of(browser, path)
    cookie = "; ".join(f"{name}={value}" for name, value in browser.cookies.items())
    start = threading.Barrier(len(forms))

    def post(form: dict[str, str]) -> tuple[int, str | None]:
        connection = HTTPConnection("127.0.0.1", port, timeout=WAIT)
        body = urlencode({**form, "csrf": token})
        headers = {"content-type": "application/x-www-form-urlencoded", "cookie": cookie}
        start.wait(WAIT)
        try:
            connection.request("POST", path, body, headers)
            answer = connection.getresponse()
            answer.read()
            if answered is not None:
                answered.append(answer.status)
            return answer.status, answer.getheader("retry-after")
        finally:
            connection.close()

    with ThreadPoolExecutor(len(forms)) as pool:
        return list(pool.map(post, forms))


def test_forty_log_ins_at_once_get_five_checks_and_the_rest_are_refused(
    database: Database,
) -> None:
    hasher = GaugedHasher()
    app = create_app(database, settings(password_hasher=hasher, login_failures=5))
    browser = TestClient(app)
    assert sign_up(browser, "ann").status_code == 303
    hasher.hashes = 0
    # All wrong: a right password among them forgives the name's failures when it lands,
    # which lets one more through if it lands before the burst's last guesses arrive.
    forms = [{"name": "ann", "password": f"guess number {n}", "next": "/"} for n in range(40)]
    with serving(app) as port:
        answers = burst(port, TestClient(app), "/login", forms)
    statuses = Counter(status for status, _retry in answers)
    assert statuses[400] == hasher.hashes == 5 and statuses[429] == 35, statuses
    assert all(retry is not None for status, retry in answers if status == 429)


def test_thirty_sign_ups_at_once_from_one_address_make_ten_accounts(database: Database) -> None:
    app = create_app(database, settings(password_hasher=GaugedHasher(), signups=10))
    forms = [{"name": f"player{n}", "password": PASSWORD, "password2": PASSWORD} for n in range(30)]
    with serving(app) as port:
        answers = burst(port, TestClient(app), "/signup", forms)
    made = len(cardroom(TestClient(app)).accounts.accounts())
    assert made <= 10 and Counter(status for status, _retry in answers)[429] >= 20


def test_few_hashes_run_at_once_and_the_rest_are_told_the_server_is_busy(
    database: Database,
) -> None:
    hold = threading.Event()
    hasher = GaugedHasher(hold)
    app = create_app(
        database,
        settings(password_hasher=hasher, login_failures=1000, hashes_at_once=2, hashes_waiting=3),
    )
    forms = [{"name": f"nobody{n}", "password": "wrong guess", "next": "/"} for n in range(20)]
    answered: list[int] = []
    with serving(app) as port, ThreadPoolExecutor(1) as runner:
        sent = runner.submit(burst, port, TestClient(app), "/login", forms, answered)
        try:
            deadline = time.monotonic() + WAIT
            while len(answered) < 15:  # all but the 2 hashing and the 3 waiting
                assert time.monotonic() < deadline, f"{len(answered)} answered, hashes held"
                time.sleep(0.01)
            assert hasher.running == 2
        finally:
            hold.set()
        answers = sent.result(WAIT)
    assert hasher.most_at_once == 2  # (hashes: the five, and the decoy for unknown names)
    busy = [retry for status, retry in answers if status == 503]
    assert len(busy) == 15 and all(retry == "5" for retry in busy)
    assert Counter(status for status, _retry in answers)[400] == 5
