"""Random tokens for cookies and links, and each visitor's form token (CSRF).

A form token is derived from the visitor's cookie (its session, or the visitor cookie of
someone not signed in) with the server's secret, so it needs no storage: another site can
make a browser send the cookie, but cannot read the page to learn the token.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 32


def new_token() -> str:
    """A fresh unguessable token, URL-safe (256 bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def form_token(secret: bytes, basis: str) -> str:
    """The CSRF token of the visitor whose cookie-derived ``basis`` this is."""
    return hmac.new(secret, f"csrf:{basis}".encode(), hashlib.sha256).hexdigest()


def same_token(given: str, expected: str) -> bool:
    """Compare in constant time, so the comparison does not tell how much matched."""
    return hmac.compare_digest(given.encode(), expected.encode())
