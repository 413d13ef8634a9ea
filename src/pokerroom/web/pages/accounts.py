"""Sign up, log in, log out.

A new account holds the roles ``player`` and ``host`` (anyone may start a home game);
``director`` and ``admin`` are given with ``pokerroom accounts grant``. Failed log-ins are
rate-limited by name and by address, new accounts by address
(:mod:`pokerroom.web.auth.rate_limit`), each attempt counted before its password is
hashed; the hashes run a few at a time (:mod:`pokerroom.web.auth.hashing`): more waiting
than the gate takes are answered 503 (busy), with ``Retry-After``.
"""

from __future__ import annotations

from functools import partial

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from pokerroom.i18n import N_, gettext
from pokerroom.naming.account_names import AccountNameError, checked_name, name_key
from pokerroom.web.auth.hashing import BUSY_SECONDS, HashingBusyError
from pokerroom.web.auth.passwords import (
    MAX_PASSWORD,
    PasswordRuleError,
    check_password,
    verify,
)
from pokerroom.web.auth.rate_limit import in_words
from pokerroom.web.auth.visitor import visitor_of
from pokerroom.web.cardroom import Cardroom, cardroom_of
from pokerroom.web.pages.forms import form_fields, safe_next
from pokerroom.web.pages.signing_in import sign_in, sign_out
from pokerroom.web.templating import page

NEW_ACCOUNT_ROLES = ("player", "host")
WRONG = N_("wrong name or password")
BUSY = N_("the server is busy checking passwords; try again in a few seconds")
_TOO_MANY_ACCOUNTS = N_("too many new accounts from this address; try again in {wait}")


async def signup_form(request: Request) -> Response:
    return page(request, "signup.html", {"name": "", "error": None})


async def signup(request: Request) -> Response:
    cardroom = cardroom_of(request)
    fields = await form_fields(request, "name", "password", "password2")
    name, password = fields["name"], fields["password"]

    def again(error: str, status: int) -> Response:
        return page(request, "signup.html", {"name": name, "error": gettext(error)}, status)

    address = address_of(request)
    wait = cardroom.signups.wait(address)
    if wait:
        return _retry_after(again(_too_many_accounts(wait), 429), wait)
    try:
        checked_name(name)  # the name's error first: it is the field at the top
        if password != fields["password2"]:
            raise PasswordRuleError(gettext("the two passwords differ; type the same one twice"))
        check_password(password, name)
    except (AccountNameError, PasswordRuleError) as error:
        return again(str(error), 400)
    place = cardroom.signups.reserve(address)  # counted before the hash: no race past it
    if isinstance(place, int):
        return _retry_after(again(_too_many_accounts(place), 429), place)
    try:
        account_id = await cardroom.hashing.run(partial(_create, cardroom, name, password))
    except AccountNameError as error:
        cardroom.signups.give_back(place)
        return again(str(error), 400)
    except HashingBusyError:
        cardroom.signups.give_back(place)
        return _retry_after(again(BUSY, 503), BUSY_SECONDS)
    response = RedirectResponse("/", status_code=303)
    await sign_in(cardroom, account_id, response, visitor_of(request).session_token)
    return response


def _too_many_accounts(seconds: int) -> str:
    return gettext(_TOO_MANY_ACCOUNTS).format(wait=in_words(seconds))


def address_of(request: Request) -> str:
    """The address a request came from, as the rate limits count it (the connection's own,
    or what a proxy trusted with ``--forwarded-allow-ips`` forwarded)."""
    return request.client.host if request.client else "unknown"


def _create(cardroom: Cardroom, name: str, password: str) -> int:
    password_hash = cardroom.settings.password_hasher.hash(password)
    return cardroom.accounts.create_account(name, password_hash, NEW_ACCOUNT_ROLES).id


def _retry_after(response: Response, seconds: int) -> Response:
    response.headers["retry-after"] = str(seconds)
    return response


async def login_form(request: Request) -> Response:
    target = safe_next(request.query_params.get("next", "/"))
    return page(request, "login.html", {"name": "", "next": target, "error": None})


async def login(request: Request) -> Response:
    cardroom = cardroom_of(request)
    fields = await form_fields(request, "name", "password", "next")
    name, target = fields["name"].strip(), safe_next(fields["next"] or "/")

    def again(error: str, status: int) -> Response:
        context = {"name": name, "next": target, "error": gettext(error)}
        return page(request, "login.html", context, status)

    attempt = cardroom.limiter.reserve(name_key(name), address_of(request))
    if isinstance(attempt, int):  # counted before the hash, so a burst cannot race past it
        return _retry_after(
            again(
                gettext("too many failed log-ins; try again in {seconds} s").format(
                    seconds=attempt
                ),
                429,
            ),
            attempt,
        )
    try:
        account_id = await cardroom.hashing.run(partial(_check, cardroom, name, fields["password"]))
    except HashingBusyError:
        cardroom.limiter.withdraw(attempt)  # never checked: it counts neither way
        return _retry_after(again(BUSY, 503), BUSY_SECONDS)
    if account_id is None:
        return again(WRONG, 400)  # the attempt stays counted as a failure
    cardroom.limiter.succeed(attempt)
    response = RedirectResponse(target, status_code=303)
    await sign_in(cardroom, account_id, response, visitor_of(request).session_token)
    return response


def _check(cardroom: Cardroom, name: str, password: str) -> int | None:
    """The account's id if the password is its own; its hash renewed if argon2's
    parameters changed since it was made."""
    if len(password) > MAX_PASSWORD:  # no account has one: not worth hashing a megabyte
        return None
    hasher = cardroom.settings.password_hasher
    account = cardroom.accounts.find_account(name) if name else None
    password_hash = None if account is None else account.password_hash
    matches = verify(hasher, password_hash, password)  # a hash is checked even for no account
    if account is None or not matches:
        return None
    if password_hash is not None and hasher.check_needs_rehash(password_hash):
        cardroom.accounts.set_password_hash(account.id, hasher.hash(password))
    return account.id


async def logout(request: Request) -> Response:
    """End the session, and every table socket of its user (an open socket must not keep
    acting for him)."""
    response = RedirectResponse("/", status_code=303)
    visitor = visitor_of(request)
    await sign_out(cardroom_of(request), visitor.session_token, response)
    if visitor.user is not None:
        request.app.state.hub.end_user_sockets(visitor.user.id)
    return response


routes = [
    Route("/signup", signup_form, methods=["GET"]),
    Route("/signup", signup, methods=["POST"]),
    Route("/login", login_form, methods=["GET"]),
    Route("/login", login, methods=["POST"]),
    Route("/logout", logout, methods=["POST"]),
]
