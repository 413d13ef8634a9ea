"""The console's templates (``web/templates/director``) and its one-line refusal page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2
from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from pokerroom.amounts import amount_text
from pokerroom.room.tournament.words import deal_name, place_text, status_text, tab_name
from pokerroom.table.wording import plain
from pokerroom.tournament.clockface.snapshot import long_countdown
from pokerroom.web.template_words import install_words

WEB = Path(__file__).resolve().parent.parent
TEMPLATES_DIR = WEB / "templates"
STATIC_DIR = WEB / "static" / "director"
STATIC_URL = "/static/director"
"""Served by :func:`~pokerroom.web.director.routes.director_routes` itself, so the pages work
whether or not the app mounts ``/static`` (both serve these same files)."""


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES_DIR),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["money"] = amount_text  # grouped as the language groups digits
    env.filters["ordinal"] = place_text
    env.filters["countdown"] = long_countdown
    env.filters["plain"] = plain  # a message without the rule IDs it cites
    env.globals["static"] = STATIC_URL
    env.globals.update(
        status_text=status_text, tab_name=tab_name, deal_name=deal_name, ordinal=place_text
    )
    install_words(env)
    return env


templates = Jinja2Templates(env=_environment())


def page(request: Request, name: str, context: dict[str, Any], status: int = 200) -> Response:
    return templates.TemplateResponse(request, f"director/{name}", context, status_code=status)


def refusal(request: Request, status: int, line: str) -> Response:
    """A page that says in one line why there is nothing to see here (403, 404)."""
    return page(request, "refused.html", {"status": status, "line": line}, status)
