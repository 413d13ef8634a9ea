"""Sign up, log in, log out.

A new account holds the roles ``player`` and ``host`` (anyone may start a home game);
``director`` and ``admin`` are given with ``pokerroom accounts grant``. Failed log-ins are
rate-limited by name and by address, new accounts by address
(:mod:`pokerroom.web.auth.rate_limit`).
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from pokerroom.storage.account_names import AccountNameError, checked_name, name_key
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
WRONG = "wrong name or password"


async def signup_form(request: Request) -> Response:
    return page(request, "signup.html", {"name": "", "error": None})


async def signup(request: Request) -> Response:
    cardroom = cardroom_of(request)
    fields = await form_fields(request, "name", "password", "password2")
    name, password = fields["name"], fields["password"]
    address = address_of(request)
    wait = cardroom.signups.wait(address)
    if wait:
        error = f"too many new accounts from this address; try again in {in_words(wait)}"
        return page(request, "signup.html", {"name": name, "error": error}, 429)
    try:
        checked_name(name)  # the name's error first: it is the field at the top
        if password != fields["password2"]:
            raise PasswordRuleError("the two passwords differ; type the same one twice")
        check_password(password, name)
        account_id = await run_in_threadpool(_create, cardroom, name, password)
    except (AccountNameError, PasswordRuleError) as error:
        return page(request, "signup.html", {"name": name, "error": str(error)}, 400)
    cardroom.signups.signed_up(address)
    response = RedirectResponse("/", status_code=303)
    await sign_in(cardroom, account_id, response, visitor_of(request).session_token)
    return response


def address_of(request: Request) -> str:
    """The address a request came from, as the rate limits count it."""
    return request.client.host if request.client else "unknown"


def _create(cardroom: Cardroom, name: str, password: str) -> int:
    password_hash = cardroom.settings.password_hasher.hash(password)
    return cardroom.accounts.create_account(name, password_hash, NEW_ACCOUNT_ROLES).id


async def login_form(request: Request) -> Response:
    target = safe_next(request.query_params.get("next", "/"))
    return page(request, "login.html", {"name": "", "next": target, "error": None})


async def login(request: Request) -> Response:
    cardroom = cardroom_of(request)
    fields = await form_fields(request, "name", "password", "next")
    name, target = fields["name"].strip(), safe_next(fields["next"] or "/")

    def again(error: str, status: int) -> Response:
        return page(request, "login.html", {"name": name, "next": target, "error": error}, status)

    key = name_key(name)
    address = address_of(request)
    wait = cardroom.limiter.wait(key, address)
    if wait:
        return again(f"too many failed log-ins; try again in {wait} s", 429)
    account_id = await run_in_threadpool(_check, cardroom, name, fields["password"])
    if account_id is None:
        cardroom.limiter.fail(key, address)
        return again(WRONG, 400)
    cardroom.limiter.succeed(key)
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
