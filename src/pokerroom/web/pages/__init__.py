"""The server's own pages: accounts and invite links (:func:`page_routes`); the lobby is
:mod:`pokerroom.web.lobby`."""

from __future__ import annotations

from starlette.routing import BaseRoute

from pokerroom.web.pages import accounts, invites


def page_routes() -> list[BaseRoute]:
    return [*accounts.routes, *invites.routes]
