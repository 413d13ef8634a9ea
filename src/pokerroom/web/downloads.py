"""A file a page offers to save (a hand's PHH, a settle-up's or a leaderboard's CSV): saved
under its name, never kept by a shared cache (it is one member's or player's)."""

from __future__ import annotations

from starlette.responses import Response

CSV_TYPE = "text/csv; charset=utf-8"


def download(text: str, media_type: str, filename: str) -> Response:
    return Response(
        text,
        media_type=media_type,
        headers={
            "content-disposition": f'attachment; filename="{filename}"',
            "cache-control": "private, no-store",
        },
    )
