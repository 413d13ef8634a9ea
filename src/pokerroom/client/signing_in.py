"""Getting a session from a cardroom as its pages do: log in, sign up, or an invite link.

Each fetches the form's page first (for the visitor cookie and its CSRF token), then
posts the form; the server answers a success with a redirect that sets the session
cookie, a refusal with the page again and its one-line reason, which becomes a
:class:`~pokerroom.client.errors.ClientError`. The password is sent once, in the form,
and kept nowhere.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from pokerroom.client.errors import ClientError
from pokerroom.client.http import Answer, Server, Visit
from pokerroom.client.saved_sessions import Session
from pokerroom.protocol.frames import LobbyFrame
from pokerroom.protocol.server import FrameError, parse_http

SESSION_COOKIE = "pokerroom_session"
"""The server's session cookie (``pokerroom.web.auth.cookies``; not imported: the client
never imports the server)."""


def _signed_in(visit: Visit, answer: Answer, name: str, doing: str) -> Session:
    token = visit.cookies.get(SESSION_COOKIE)
    if answer.status != 303 or not token:
        raise ClientError(f"{doing} refused: {answer.refusal()}")
    return Session(visit.server.origin, name, token)


def log_in(server: Server, name: str, password: str) -> Session:
    """A new session for ``name`` with his password."""
    visit = Visit(server)
    page = visit.get("/login")
    _expect_page(page, "/login")
    fields = {"csrf": page.csrf(), "name": name, "password": password, "next": "/"}
    return _signed_in(visit, visit.post("/login", fields), name, "log-in")


def sign_up(server: Server, name: str, password: str) -> Session:
    """A new account ``name`` (a player and host, as the sign-up page makes one), signed in."""
    visit = Visit(server)
    page = visit.get("/signup")
    _expect_page(page, "/signup")
    fields = {"csrf": page.csrf(), "name": name, "password": password, "password2": password}
    return _signed_in(visit, visit.post("/signup", fields), name, "sign-up")


def invite_path(link: str) -> str:
    """``/invite/<token>`` of an invite link (the whole link, or just its path)."""
    path = urlsplit(link.strip()).path
    if not path.startswith("/invite/") or len(path) <= len("/invite/"):
        raise ClientError(
            f"{link!r} is not an invite link: it looks like https://HOST/invite/TOKEN"
        )
    return path


def join_by_invite(
    server: Server, link: str, name: str, session: Session | None = None
) -> tuple[Session, str]:
    """Follow an invite link: as ``session``'s account when given, else as a new guest
    called ``name``; the session and the invited room's id."""
    path = invite_path(link)
    visit = Visit(server, {} if session is None else {SESSION_COOKIE: session.token})
    page = visit.get(path)
    if page.status != 200:
        raise ClientError(f"invite refused: {page.refusal()}")
    fields = {"csrf": page.csrf()} if session is not None else {"csrf": page.csrf(), "name": name}
    answer = visit.post(path, fields)
    joined = (
        session
        if session is not None and answer.status == 303
        else _signed_in(visit, answer, name, "invite")
    )
    target = answer.header("location") or ""
    room = urlsplit(target).path.removeprefix("/tables/")
    if not target or room == urlsplit(target).path:
        raise ClientError(f"the invite led to {target!r}, not to a table")
    return joined, room


def session_alive(server: Server, session: Session) -> bool:
    """Whether the server still knows ``session`` (it deletes the cookie of one it does not)."""
    visit = Visit(server, {SESSION_COOKIE: session.token})
    answer = visit.get("/api/lobby", json_answer=True)
    return answer.status == 200 and visit.cookies.get(SESSION_COOKIE) == session.token


def fetch_lobby(server: Server, session: Session | None) -> LobbyFrame:
    """The lobby (``GET /api/lobby``) as ``session``'s account (or a visitor) sees it."""
    visit = Visit(server, {} if session is None else {SESSION_COOKIE: session.token})
    answer = visit.get("/api/lobby", json_answer=True)
    try:
        lobby = parse_http(answer.json())
    except FrameError as error:
        raise ClientError(str(error)) from None
    if lobby["type"] == "error":
        raise ClientError(f"the lobby refused: {lobby['message']}")
    return lobby


def _expect_page(answer: Answer, path: str) -> None:
    if answer.status != 200:
        raise ClientError(
            f"the server has no {path} page (status {answer.status}): is it a cardroom?"
        )
