"""Follow every link of a page, as a visitor clicking each one would.

A test that checks a link's shape proves nothing about where it goes: :func:`follow_links`
opens the page, collects every address it links to on this server (``<a href>``,
``<link href>``, ``<script src>``, ``<img src>``) and opens each, without following a
redirect; each must answer 200, and a page must not be the error page (``Not found``,
``Refused`` …). The answers come back by address, for the test to check that each is the
page it expects (:func:`title_of`, or any text it must hold)::

    answers = follow_links(client, f"/tournaments/{tid}")
    assert title_of(answers[f"/tables/{tid}.t1"]) == "Friday · table 1"
"""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser
from urllib.parse import urlsplit

import httpx2
from starlette.testclient import TestClient

from pokerroom.web.errors import TITLES

LINKING = {"a": "href", "link": "href", "script": "src", "img": "src"}
"""The elements whose attribute is an address the browser opens (or the visitor clicks)."""
ERROR_TITLES = frozenset(TITLES.values())
TITLE = re.compile(r"<title>(.*?) · pokerroom</title>", re.S)


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        wanted = LINKING.get(tag)
        for name, value in attrs:
            if name == wanted and value is not None:
                self.found.append(value)


def links_on(html: str) -> list[str]:
    """This server's addresses the page links to, each once, in the page's order (another
    site's, ``#`` fragments and ``javascript:`` or ``mailto:`` are not ours to follow)."""
    collector = _Collector()
    collector.feed(html)
    ours: list[str] = []
    for address in collector.found:
        parts = urlsplit(address)
        if parts.scheme or parts.netloc or not parts.path.startswith("/"):
            continue
        local = parts.path + (f"?{parts.query}" if parts.query else "")
        if local not in ours:
            ours.append(local)
    return ours


def title_of(response: httpx2.Response) -> str | None:
    """A page's own title (without the site's name), None for anything else."""
    found = TITLE.search(response.text)
    return None if found is None else unescape(found.group(1)).strip()


def follow_links(client: TestClient, path: str) -> dict[str, httpx2.Response]:
    """Open ``path`` and every link on it; each must answer 200 and no page may be an
    error page. The answers by address (the page's own under ``path``)."""
    page = client.get(path, follow_redirects=False)
    assert page.status_code == 200, f"{path} answers {page.status_code}"
    answers = {path: page}
    links = links_on(page.text)
    assert links, f"{path} links nowhere"
    for link in links:
        answer = client.get(link, follow_redirects=False)
        assert answer.status_code == 200, (
            f"{path} links to {link}, which answers {answer.status_code}: {answer.text[:200]!r}"
        )
        assert title_of(answer) not in ERROR_TITLES, f"{path} links to {link}, an error page"
        answers[link] = answer
    return answers
