"""The director's console pages: one tab a page, one form an action (POST, CSRF-checked).

A page is built from the tournament as stored now. An action posts its form to
``/director/ID/act/NAME``; done, the browser is sent back to the tab with the line it said
(post, redirect, get: a reload does not do it twice); refused, the tab is shown again with
the one line that says why, status 400, and nothing has changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from pokerroom.errors import PokerroomError, UsageError
from pokerroom.i18n import N_, gettext
from pokerroom.room.tournament.words import regulation_language
from pokerroom.said import error_words
from pokerroom.tournament.live.console_tabs import TABS
from pokerroom.tournament.live.desk import LiveDesk
from pokerroom.tournament.money.deal import Deal
from pokerroom.tournament.regulation import example_names, example_text
from pokerroom.web.director import views
from pokerroom.web.director.access import turned_away
from pokerroom.web.director.actions import ACTIONS, deal_method, deal_stacks
from pokerroom.web.director.desks import Desks, NotFoundError, OpenDesk
from pokerroom.web.director.forms import choice, optional_text, whole
from pokerroom.web.director.pages import page, refusal

CSRF_FIELD = "csrf"
"""The hidden field of every form that carries the token ``csrf_token(request)`` gave (the
server's CSRF check reads the same field)."""

CSRF_REFUSED = N_(
    "this form carries no valid security token (CSRF): nothing was done; "
    "reload the page and submit it again"
)
"""Said in the director's language (``gettext(CSRF_REFUSED)``)."""


@dataclass(frozen=True, slots=True)
class Csrf:
    """The server's CSRF hooks: the token to put in a form, and the check of a posted one."""

    token: Callable[[Request], str]
    check: Callable[[Request, FormData], bool]


def _line(error: PokerroomError) -> str:
    text = error_words(error)
    return text.splitlines()[0] if text else type(error).__name__


def _tab_view(desk: LiveDesk, tab: str, offer: Deal | None) -> dict[str, Any]:
    if tab == "money":
        return views.money_tab(desk, offer)
    build: dict[str, Callable[[LiveDesk], dict[str, Any]]] = {
        "desk": views.desk_tab,
        "tables": views.tables_tab,
        "clock": views.clock_tab,
        "discipline": views.discipline_tab,
        "log": views.log_tab,
    }
    return build[tab](desk)


class Console:
    """The endpoints of the director's console over one store's live tournaments."""

    def __init__(self, desks: Desks, csrf: Csrf) -> None:
        self.desks = desks
        self.csrf = csrf

    # ----- the list of live tournaments, and a new one

    async def index(self, request: Request) -> Response:
        if (away := turned_away(request)) is not None:
            return away
        return await self._index(request, None, 200)

    async def _index(self, request: Request, error: str | None, status: int) -> Response:
        live = await run_in_threadpool(self.desks.live)
        context = {
            "tournaments": live,
            "examples": example_names(),
            "csrf": self.csrf.token(request),
            "csrf_field": CSRF_FIELD,
            "error": error,
        }
        return page(request, "index.html", context, status)

    async def create(self, request: Request) -> Response:
        if (away := turned_away(request)) is not None:
            return away
        form = await request.form()
        if not self.csrf.check(request, form):
            return await self._index(request, gettext(CSRF_REFUSED), 403)
        try:
            text = optional_text(form, "regulation")
            if not text:
                name = choice(form, "example", N_("a shipped regulation"), example_names())
                text = example_text(name)
            number = await run_in_threadpool(self.desks.create, text)
        except PokerroomError as error:
            return await self._index(request, _line(error), 400)
        return RedirectResponse(f"/director/{number}/desk", status_code=303)

    # ----- one tournament

    async def home(self, request: Request) -> Response:
        return RedirectResponse(f"/director/{request.path_params['tid']}/desk", status_code=303)

    async def tab(self, request: Request) -> Response:
        if (away := turned_away(request)) is not None:
            return away
        tab = request.path_params["tab"]
        if tab not in TABS:
            said = gettext("no tab {tab}; the tabs: {tabs}").format(
                tab=repr(tab), tabs=", ".join(TABS)
            )
            return refusal(request, 404, said)
        tournament_id: int = request.path_params["tid"]
        try:
            opened = await run_in_threadpool(self.desks.open, tournament_id)
        except NotFoundError as error:
            return refusal(request, 404, _line(error))
        offer, line = None, None
        if tab == "money" and "method" in request.query_params:
            try:
                offer = self._offer(opened.desk, request)
            except PokerroomError as refused:
                line = _line(refused)
        done = request.query_params.get("done")
        return self._console(request, opened, tab, done=done, error=line, offer=offer)

    def _offer(self, desk: LiveDesk, request: Request) -> Deal:
        """A deal offered (ICM or chip chop) by the chip counts typed: nothing is saved."""
        query = FormData([(k, v) for k, v in request.query_params.multi_items()])
        return desk.deal_offer(deal_method(query), deal_stacks(query))

    def _console(
        self,
        request: Request,
        opened: OpenDesk,
        tab: str,
        *,
        done: str | None = None,
        error: str | None = None,
        offer: Deal | None = None,
        status: int | None = None,
    ) -> Response:
        desk = opened.desk
        context = {
            "id": opened.saved.id,
            "name": desk.regulation.name,
            "status": opened.saved.status,
            "header": views.header(desk),
            "tabs": TABS,
            "tab": tab,
            "view": _tab_view(desk, tab, offer),
            "csrf": self.csrf.token(request),
            "csrf_field": CSRF_FIELD,
            "seen": len(desk.events),
            "done": done,
            "error": error,
        }
        code = status if status is not None else (400 if error else 200)
        return page(request, "console.html", context, code)

    async def act(self, request: Request) -> Response:
        if (away := turned_away(request)) is not None:
            return away
        tournament_id: int = request.path_params["tid"]
        name = request.path_params["action"]
        action = ACTIONS.get(name)
        if action is None:
            listed = ", ".join(ACTIONS)
            said = gettext("no action {name}; the actions: {listed}")
            return refusal(request, 404, said.format(name=repr(name), listed=listed))
        form = await request.form()
        back = form.get("tab")
        tab = back if isinstance(back, str) and back in TABS else action.tab

        def run(desk: LiveDesk) -> str:
            if action.guarded:
                seen = whole(form, "seen", N_("the log length the page showed"), low=0)
                if seen != len(desk.events):
                    raise UsageError(
                        gettext(
                            "the tournament changed since this page was shown (another console?); "
                            "nothing was done: look at the page again"
                        )
                    )
            return action.run(desk, form)

        try:
            if not self.csrf.check(request, form):
                opened = await run_in_threadpool(self.desks.open, tournament_id)
                refused = gettext(CSRF_REFUSED)
                return self._console(request, opened, tab, error=refused, status=403)
            said = await run_in_threadpool(self.desks.act, tournament_id, run)
        except NotFoundError as error:
            return refusal(request, 404, _line(error))
        except PokerroomError as error:
            opened = await run_in_threadpool(self.desks.open, tournament_id)
            return self._console(request, opened, tab, error=_line(error))
        query = urlencode({"done": said.splitlines()[0] if said else gettext("done")})
        return RedirectResponse(f"/director/{tournament_id}/{tab}?{query}", status_code=303)

    async def print_page(self, request: Request) -> Response:
        """T-4: the seat cards, one a printed page, and the list by table."""
        if (away := turned_away(request)) is not None:
            return away
        try:
            opened = await run_in_threadpool(self.desks.open, request.path_params["tid"])
        except NotFoundError as error:
            return refusal(request, 404, _line(error))
        if not opened.desk.drawn:
            nobody = gettext("nobody is seated yet: draw the seats first")
            return self._console(request, opened, "tables", error=nobody)
        context = {"id": opened.saved.id, **views.seat_cards(opened.desk)}
        with regulation_language(opened.desk.regulation):  # a club's own seat cards
            return page(request, "print.html", context)
