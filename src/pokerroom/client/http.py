"""The few HTTP requests a terminal makes of a cardroom, on the standard library alone.

One request, one answer, no redirect followed: a log-in's answer is a redirect whose
``Set-Cookie`` carries the session, and the caller wants to see it. Every failure to
reach the server is a :class:`~pokerroom.client.errors.ClientError` naming the address.
"""

from __future__ import annotations

import html
import http.client
import json
import re
from dataclasses import dataclass, field
from http.cookies import CookieError, SimpleCookie
from urllib.parse import urlencode, urlsplit

from pokerroom.client.errors import ClientError
from pokerroom.i18n import current_language

TIMEOUT = 10.0
"""Seconds an HTTP request may take before the server counts as unreachable."""
_ALERT = re.compile(r'<p class="error" role="alert">(.*?)</p>', re.DOTALL)
_CSRF_META = re.compile(r'<meta name="csrf-token" content="([^"]*)">')


@dataclass(frozen=True, slots=True)
class Server:
    """A cardroom's address: ``http(s)://host[:port]``, nothing after it."""

    scheme: str
    host: str
    port: int

    @classmethod
    def parse(cls, url: str) -> Server:
        """The server of ``url`` (``127.0.0.1:8000`` means http); a path in it is ignored."""
        text = url.strip()
        if "://" not in text:
            text = f"http://{text}"
        try:
            parts = urlsplit(text)
            port = parts.port
        except ValueError as error:
            raise ClientError(f"{url!r} is not a server address: {error}") from None
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ClientError(
                f"{url!r} is not a server address: write http://HOST[:PORT] or https://HOST"
            )
        default = 443 if parts.scheme == "https" else 80
        return cls(parts.scheme, parts.hostname, port or default)

    @property
    def origin(self) -> str:
        """``scheme://host[:port]``, as a browser's ``Origin`` names this server."""
        default = 443 if self.scheme == "https" else 80
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}" + ("" if self.port == default else f":{self.port}")

    def socket_url(self, room_id: str) -> str:
        """The table socket of ``room_id``: ``ws(s)://host[:port]/ws/tables/<id>``."""
        scheme = "wss" if self.scheme == "https" else "ws"
        return f"{scheme}{self.origin.removeprefix(self.scheme)}/ws/tables/{room_id}"


@dataclass(frozen=True, slots=True)
class Answer:
    status: int
    headers: list[tuple[str, str]]
    body: str

    def header(self, name: str) -> str | None:
        return next((v for k, v in self.headers if k.lower() == name.lower()), None)

    def cookies(self) -> dict[str, str]:
        """The cookies the answer sets; a deleted one is set to ``""``."""
        jar: SimpleCookie = SimpleCookie()
        for key, value in self.headers:
            if key.lower() == "set-cookie":
                try:
                    jar.load(value)
                except CookieError:
                    continue
        return {name: morsel.value for name, morsel in jar.items()}

    def json(self) -> object:
        try:
            return json.loads(self.body)
        except ValueError:
            raise ClientError(f"the server's answer is not JSON (status {self.status})") from None

    def refusal(self) -> str:
        """The one line a page or a JSON refusal gives as its reason."""
        if (self.header("content-type") or "").startswith("application/json"):
            data = self.json()
            message = data.get("message") if isinstance(data, dict) else None
            if isinstance(message, str):
                return message
        found = _ALERT.search(self.body)
        if found is not None:
            return " ".join(html.unescape(found.group(1)).split())
        return f"the server answered {self.status}"

    def csrf(self) -> str:
        """The page's form token (its ``<meta name="csrf-token">``)."""
        found = _CSRF_META.search(self.body)
        if found is None:
            raise ClientError("the server's page has no form token: is this a pokerroom server?")
        return html.unescape(found.group(1))


@dataclass
class Visit:
    """Requests to one server sharing their cookies, as a browser tab's would."""

    server: Server
    cookies: dict[str, str] = field(default_factory=dict)

    def get(self, path: str, *, json_answer: bool = False) -> Answer:
        accept = "application/json" if json_answer else "text/html"
        return self._request("GET", path, None, accept)

    def post(self, path: str, fields: dict[str, str], *, json_answer: bool = False) -> Answer:
        accept = "application/json" if json_answer else "text/html"
        return self._request("POST", path, urlencode(fields).encode(), accept)

    def _request(self, method: str, path: str, body: bytes | None, accept: str) -> Answer:
        server = self.server
        kind = (
            http.client.HTTPSConnection if server.scheme == "https" else http.client.HTTPConnection
        )
        connection = kind(server.host, server.port, timeout=TIMEOUT)
        headers = {
            "Accept": accept,
            "User-Agent": "pokerroom-connect",
            "Accept-Language": current_language(),
        }
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        sent = "; ".join(f"{k}={v}" for k, v in self.cookies.items() if v)
        if sent:
            headers["Cookie"] = sent
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            answer = Answer(
                response.status,
                response.getheaders(),
                response.read().decode("utf-8", "replace"),
            )
        except (OSError, http.client.HTTPException) as error:
            reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
            raise ClientError(f"cannot reach the server at {server.origin}: {reason}") from None
        finally:
            connection.close()
        self.cookies.update(answer.cookies())
        return answer
