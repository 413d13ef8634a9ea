"""Pages are Jinja2 templates (``web/templates``), autoescaped, each given who is there.

Every page gets ``user`` (None when signed out) and ``csrf``, the token its forms send back
(also in ``<meta name="csrf-token">`` for scripts, as the ``X-CSRF-Token`` header).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from pokerroom.table.wording import plain
from pokerroom.web.auth.visitor import VISITOR_SCOPE_KEY, Visitor
from pokerroom.web.template_words import install_words

TEMPLATES = Path(__file__).with_name("templates")
STATIC = Path(__file__).with_name("static")
templates = Jinja2Templates(directory=TEMPLATES)
templates.env.filters["plain"] = plain  # a message without the rule IDs it cites
install_words(templates.env)


def page(
    request: Request,
    template: str,
    context: Mapping[str, object] | None = None,
    status_code: int = 200,
) -> Response:
    """The page ``template`` for ``request``'s visitor."""
    visitor = request.scope.get(VISITOR_SCOPE_KEY)
    known = visitor if isinstance(visitor, Visitor) else None
    return templates.TemplateResponse(
        request,
        template,
        {
            "user": None if known is None else known.user,
            "csrf": "" if known is None else known.csrf,
            **(context or {}),
        },
        status_code=status_code,
    )
