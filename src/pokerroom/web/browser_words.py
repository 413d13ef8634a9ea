"""The browser's words: the ``js`` catalogue of one language, served as a small script.

``GET /i18n/<lang>.js`` sets ``window.pokerroomCatalogue`` to ``{"msgid": "translation"}``
(a plural message: ``"singular\\u0000plural": [forms...]``; a message with a context:
``"context\\u0004msgid"``, as gettext keys them); ``?words=home`` overlays the home
game's words. Pages load it as a file, before ``/static/i18n.js`` (which defines ``t``,
``tn`` and ``tp`` over it): no inline script, so the Content-Security-Policy stays as it
is, and the page's first drawing is already in its language. English is an empty
catalogue: the source words are the English ones.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache

from babel.messages.pofile import read_po
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from pokerroom.i18n import LANGUAGES, Language, Vocabulary, language_or_none
from pokerroom.i18n.catalogues import catalogue_path

CATALOGUE_SECONDS = 3600
"""How long a browser keeps a catalogue before asking again (an ETag answers that cheaply)."""


def catalogue_entries(
    language: Language, vocabulary: Vocabulary = "club"
) -> dict[str, str | list[str]]:
    """The translated messages of the ``js`` domain in ``language``, keyed as gettext keys
    them; untranslated ones are left out (the page shows the English source). A home table's
    page (``vocabulary="home"``) takes the home game's words where ``home.po`` has them
    («Фолд», «Рейз»)."""
    source = catalogue_path(language, "js")
    if language == "en" or not source.exists():
        return {}
    entries = dict(_entries(language, "js", source.stat().st_mtime_ns))
    overlay = catalogue_path(language, "home")
    if vocabulary == "home" and overlay.exists():
        home = _entries(language, "home", overlay.stat().st_mtime_ns)
        entries.update((key, words) for key, words in home if key in entries)
    return entries


@cache
def _entries(
    language: Language, domain: str, _mtime: int
) -> tuple[tuple[str, str | list[str]], ...]:
    with catalogue_path(language, domain).open("rb") as stream:
        catalogue = read_po(stream, locale=language, domain=domain)
    found: list[tuple[str, str | list[str]]] = []
    for message in catalogue:
        if not message.id or message.fuzzy:
            continue
        key = message.id if isinstance(message.id, str) else "\x00".join(message.id)
        if message.context:
            key = f"{message.context}\x04{key}"
        translated = message.string
        if isinstance(translated, str):
            if translated:
                found.append((key, translated))
        elif translated and all(translated):
            found.append((key, list(translated)))
    return tuple(sorted(found))


def catalogue_script(language: Language, vocabulary: Vocabulary = "club") -> str:
    body = json.dumps(catalogue_entries(language, vocabulary), ensure_ascii=False, sort_keys=True)
    return f'"use strict";\nwindow.pokerroomCatalogue = {body};\n'


async def catalogue(request: Request) -> Response:
    asked = str(request.path_params["language"])
    language = language_or_none(asked) if asked in LANGUAGES else None
    if language is None:
        unknown = "no such language\n"  # machine words: a script's URL, not a page
        return Response(unknown, status_code=404, media_type="text/plain")
    home = request.query_params.get("words") == "home"
    script = catalogue_script(language, "home" if home else "club")
    tag = '"' + hashlib.sha256(script.encode()).hexdigest()[:20] + '"'
    headers = {"cache-control": f"public, max-age={CATALOGUE_SECONDS}", "etag": tag}
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers=headers)
    return Response(script, media_type="text/javascript; charset=utf-8", headers=headers)


def catalogue_routes() -> list[BaseRoute]:
    return [Route("/i18n/{language}.js", catalogue, methods=["GET"])]
