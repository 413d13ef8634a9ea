"""Reading a posted form: every field a string (missing, or a file instead: empty).

The form's CSRF token was checked before the page saw the request
(:mod:`pokerroom.web.auth.csrf`); a form that cannot be parsed is a 400, never a 500.
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException
from starlette.requests import Request

from pokerroom.web.auth.csrf import MALFORMED


async def form_fields(request: Request, *names: str) -> dict[str, str]:
    """The named fields of the posted form."""
    try:
        async with request.form() as form:
            values = {name: form.get(name) for name in names}
    except MultiPartException:
        raise HTTPException(400, MALFORMED) from None
    return {name: value if isinstance(value, str) else "" for name, value in values.items()}


def safe_next(target: str) -> str:
    """Where to go after signing in: a path on this site, never another site (open redirect)."""
    if (
        target.startswith("/")
        and not target.startswith("//")
        and "\\" not in target
        and target.isprintable()
    ):
        return target
    return "/"
