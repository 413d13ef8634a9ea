"""Refusals and errors as one line: a page for a browser, JSON for a script.

Nobody ever sees a traceback: an unexpected error is logged on the server and the visitor
reads that something went wrong on our side (:mod:`pokerroom.web.last_resort`).
"""

from __future__ import annotations

from http import HTTPStatus

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import Scope

from pokerroom.i18n import N_, gettext, language_or_none, use_language
from pokerroom.room.seam import PROTOCOL_VERSION
from pokerroom.table.wording import plain
from pokerroom.web.language import LANGUAGE_SCOPE_KEY, visitor_language
from pokerroom.web.templating import page

TITLES = {
    400: N_("Not understood"),
    403: N_("Refused"),
    404: N_("Not found"),
    405: N_("Not allowed"),
    413: N_("Too large"),
    429: N_("Too many attempts"),
    500: N_("Something went wrong"),
    503: N_("Database unavailable"),
}
REFUSED = N_("Refused")
MESSAGES = {
    404: N_("there is no page at this address"),
    405: N_("this address does not take that kind of request"),
    500: N_("something went wrong on our side; the server's log says what"),
}
CODES = {
    400: "bad_request",
    403: "forbidden",
    404: "not_found",
    405: "method",
    413: "too_large",
    503: "unavailable",
}
UNAVAILABLE = N_("the database is unavailable, retrying")
"""What a page (which reloads itself) or a table socket (which reconnects) says meanwhile."""
UNAVAILABLE_SENT = N_("the database is unavailable: send it again in a moment")
"""What a form says: it is not sent again by itself."""
RETRY_SECONDS = 5


def wants_json(scope: Scope) -> bool:
    """A script (``/api/…``, or it asked for JSON) rather than a browser's page."""
    accept = Headers(scope=scope).get("accept", "")
    return str(scope.get("path", "")).startswith("/api/") or (
        "application/json" in accept and "text/html" not in accept
    )


def error_response(
    scope: Scope, status: int, message: str, context: dict[str, object] | None = None
) -> Response:
    """The refusal ``message`` (a marked message is said in the visitor's language here) as
    a page or JSON; outside the language middleware (a failure before it, the database
    out) the visitor's language is read from the request itself."""
    language = scope.get(LANGUAGE_SCOPE_KEY) or visitor_language(Headers(scope=scope))
    with use_language(language_or_none(str(language)) or "en"):
        return _error_response(scope, status, message, context)


def _error_response(
    scope: Scope, status: int, message: str, context: dict[str, object] | None
) -> Response:
    # the rule IDs a refusal cites are for developers, not visitors
    message = plain(gettext(message))
    if wants_json(scope):
        return JSONResponse(
            {
                "type": "error",
                "v": PROTOCOL_VERSION,
                "code": CODES.get(status, str(status)),
                "message": message,
            },
            status_code=status,
        )
    return page(
        Request(scope),
        "message.html",
        {
            "title": gettext(TITLES.get(status, REFUSED)),
            "message": message,
            **(context or {}),
        },
        status_code=status,
    )


def unavailable_response(scope: Scope) -> Response:
    """503 while the database is out: a page read again by itself, or JSON; with ``Retry-After``."""
    reading = scope.get("method") in ("GET", "HEAD")
    message = UNAVAILABLE if reading else UNAVAILABLE_SENT
    context: dict[str, object] | None = {"refresh": RETRY_SECONDS} if reading else None
    response = error_response(scope, 503, message, context)
    response.headers["Retry-After"] = str(RETRY_SECONDS)
    return response


async def refusal(scope: Scope, status: int, message: str) -> Response:
    """For the middleware: the refusal of a request before any page saw it."""
    return error_response(scope, status, message)


async def http_error(request: Request, error: Exception) -> Response:
    if not isinstance(error, HTTPException):  # registered for HTTPException alone
        raise error
    detail = error.detail
    if detail == HTTPStatus(error.status_code).phrase:  # the router's own "Not Found"
        detail = MESSAGES.get(error.status_code, detail.lower())
    response = error_response(request.scope, error.status_code, detail)
    if error.headers:
        response.headers.update(error.headers)
    return response
