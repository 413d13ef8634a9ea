"""``/stats`` (the page), ``/stats.csv`` and ``/stats.json``; the query names the player
(``player``, the signed-in one by default) and the hands (``since``, ``until``: UTC days or
moments, ``table``: a room's id, ``tournament``: a tournament's id). A signed-out visitor
is sent to log in; a bad date or an overlong field is one message (400), the page's form
kept for correcting it.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from urllib.parse import quote, urlencode

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from pokerroom.errors import UsageError
from pokerroom.i18n import N_, gettext
from pokerroom.stats.figures import COLUMNS, LEGEND, figure_text, figures, machine_number, moment
from pokerroom.stats.summary import PlayerStats
from pokerroom.storage.hands.stats import HandFilter, HandStats
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.charts import winnings_chart
from pokerroom.web.downloads import CSV_TYPE, download
from pokerroom.web.templating import page

FIELDS = ("player", "since", "until", "table", "tournament")
"""The query's fields, in the form's order."""
LONGEST = 100
"""The longest name or id a field takes (an archived name or room id is no longer)."""
TOO_LONG = N_("{field} takes at most {most} characters, got {count}")


@dataclass(frozen=True, slots=True)
class Asked:
    """What the query asks: whose statistics, over which hands, and as whom."""

    player: str
    where: HandFilter
    own: bool
    """The player is the asker: his own hole cards value his all-ins."""


def _asked(request: Request, me: str) -> Asked:
    """The query read; :class:`UsageError` naming the field that is wrong."""
    texts = {field: request.query_params.get(field, "").strip() for field in FIELDS}
    for field, text in texts.items():
        if len(text) > LONGEST:
            problem = gettext(TOO_LONG).format(field=field, most=LONGEST, count=len(text))
            raise UsageError(problem)
    player = texts["player"] or me
    where = HandFilter(
        since=moment(texts["since"] or None, "since"),
        until=moment(texts["until"] or None, "until", end=True),
        table=texts["table"] or None,
        tournament=texts["tournament"] or None,
        player=player,
    )
    return Asked(player, where, player == me)


def _summary(stats: HandStats, asked: Asked) -> PlayerStats:
    viewer = asked.player if asked.own else None
    found = stats.summary(asked.where, viewer=viewer, only=asked.player)
    return found.get(asked.player, PlayerStats(asked.player))


def _chart(stats: HandStats, asked: Asked) -> str:
    points = stats.series(asked.where, asked.player, own=asked.own)
    return winnings_chart([p.big_blinds for p in points], [p.adjusted for p in points])


def _login(request: Request) -> Response:
    """To the login page, and back to the same query after it."""
    query = request.url.query
    back = quote(f"{request.url.path}?{query}" if query else request.url.path, safe="/")
    return RedirectResponse(f"/login?next={back}", status_code=303)


def _filename(asked: Asked, suffix: str) -> str:
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in asked.player)
    return f"pokerroom-stats-{safe}.{suffix}"


def stats_routes(stats: HandStats) -> list[BaseRoute]:
    """The page and its downloads, on the hand archive's statistics."""

    async def stats_page(request: Request) -> Response:
        user = user_of(request)
        if user is None:
            return _login(request)
        filled = {field: request.query_params.get(field, "") for field in FIELDS}
        context: dict[str, object] = {"filled": filled, "legend": gettext(LEGEND)}
        try:
            asked = _asked(request, user.name)
        except UsageError as error:
            context |= {"error": str(error), "player": filled["player"] or user.name}
            return page(request, "stats.html", context, status_code=400)
        summary = await run_in_threadpool(_summary, stats, asked)
        chart = await run_in_threadpool(_chart, stats, asked) if summary.hands else None
        values = figures(summary)
        query = urlencode({k: v for k, v in filled.items() if v})
        context |= {
            "player": asked.player,
            "own": asked.own,
            "hands": summary.hands,
            "rows": [(gettext(heading), figure_text(key, values[key])) for key, heading in COLUMNS],
            "chart": chart,
            "query": f"?{query}" if query else "",
        }
        return page(request, "stats.html", context)

    async def figures_of(request: Request) -> tuple[Asked, dict[str, int | float | None]]:
        user = user_of(request)
        if user is None:
            raise HTTPException(401, gettext("log in to see statistics"))
        try:
            asked = _asked(request, user.name)
        except UsageError as error:
            raise HTTPException(400, str(error)) from None
        summary = await run_in_threadpool(_summary, stats, asked)
        return asked, {k: machine_number(v) for k, v in figures(summary).items()}

    async def stats_json(request: Request) -> Response:
        asked, numbers = await figures_of(request)
        return JSONResponse(
            {"player": asked.player, **numbers},
            headers={"content-disposition": f'inline; filename="{_filename(asked, "json")}"'},
        )

    async def stats_csv(request: Request) -> Response:
        asked, numbers = await figures_of(request)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["player", *numbers])
        writer.writerow([asked.player, *("" if v is None else v for v in numbers.values())])
        return download(out.getvalue(), CSV_TYPE, _filename(asked, "csv"))

    return [
        Route("/stats", stats_page, methods=["GET"]),
        Route("/stats.csv", stats_csv, methods=["GET"]),
        Route("/stats.json", stats_json, methods=["GET"]),
    ]
