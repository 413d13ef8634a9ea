"""Browser profiles and pages for the tests in a real Chromium: a player signed in by his
session cookie (no sign-up form to fill in first), and pages on which a script error fails
the test instead of passing unseen."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import timedelta
from typing import TYPE_CHECKING

import pytest

from pokerroom.storage.accounts import Account, AccountStore
from pokerroom.web.auth.cookies import SESSION_COOKIE

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page


def signed_in(
    new_context: Callable[[], BrowserContext], url: str, accounts: AccountStore, name: str
) -> tuple[BrowserContext, Account]:
    """A new browser profile for ``url`` holding the session of a new player account
    ``name``; the account too."""
    account = accounts.create_account(name, None, ["player"])
    token = secrets.token_urlsafe(32)
    accounts.open_session(account.id, token, timedelta(hours=1))
    context = new_context()
    context.add_cookies([{"name": SESSION_COOKIE, "value": token, "url": url}])
    return context, account


def strict_page(context: BrowserContext) -> Page:
    """A new tab in ``context`` whose script errors fail the test."""
    page = context.new_page()
    page.on("pageerror", lambda error: pytest.fail(f"the page's script failed: {error}"))
    return page
