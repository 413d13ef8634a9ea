"""The server's own pages: the lobby, accounts and invite links (:func:`page_routes`)."""

from __future__ import annotations

from starlette.routing import BaseRoute

from pokerroom.web.pages import accounts, invites, lobby


def page_routes() -> list[BaseRoute]:
    return [*lobby.routes, *accounts.routes, *invites.routes]
