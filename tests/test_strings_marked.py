"""Every word a person reads is marked for translation: the Jinja templates, the browser's
JavaScript and the Python modules that word things for people (:mod:`tests.unmarked` holds
the scanners). Every file the scan reads must come out clean.

Also here: a translation left as the English it translates (a forgotten message in a
catalogue that is otherwise complete)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from pokerroom.i18n.catalogues import catalogue_path
from tests.english_words import ALWAYS_ENGLISH, english_words
from tests.unmarked import (
    Finding,
    javascript_findings,
    python_findings,
    reads_like_words,
    summary,
    template_findings,
)

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "pokerroom"

TEMPLATES = ("web/templates/**/*.html",)
JAVASCRIPT = ("web/static/**/*.js",)
PYTHON = (
    # The screens and commands people use: every line they print or draw.
    "tui/**/*.py",
    "cli/**/*.py",
    # The web's pages, forms, refusals and the frames it words for each viewer.
    "web/**/*.py",
    "room/**/*.py",  # the table runtime (the rooms moved from web/ with issue 25)
    "storage/tournament/saving.py",  # a tournament run's resume and abandon messages
    # The table's words for players: refusals, the hand's story, the table's settings
    # (the forms' errors), run it twice and straddles, the cash table's seats and wording.
    "table/wording.py",
    "table/story.py",
    "table/vocabulary.py",
    "table/settings_check.py",
    "table/run_twice.py",
    "table/straddle.py",
    "table/cash/table.py",
    "table/cash/wording.py",
    # The tournament's words for directors and players: the clock screen, the live desk
    # and its printouts (seat cards), penalties, the header over a tournament table.
    "tournament/clockface/**/*.py",
    "tournament/clock/render.py",
    "tournament/live/**/*.py",
    "tournament/penalties/**/*.py",
    "tournament/header.py",
    # Chat refusals and OFC's words (rows, fouls, Fantasyland).
    "chat/words.py",
    "ofc/words.py",
)
"""The Python modules that word things for people. Left out on purpose: machine formats
(``history/*``: PHH, PokerStars text; ``protocol/*``; ``storage/*``), the pure layers
(``engine/*``, ``evaluate/*``, ``bots/*``: they mark their words with ``N_`` and the
modules above translate them where they are shown), and the files below. Not scanned yet,
though a director reads them: the regulation checker's errors (``tournament/regulation/*``)
and the other tournament modules' refusals."""
MACHINE_MODULES = frozenset(
    {
        "cli/hand_json.py",  # --json: keys and values stay English
        "cli/tournament/export_rows.py",  # the export's CSV/JSON columns
        "web/headers.py",  # HTTP security headers
        "web/template_words.py",  # binds gettext to Jinja: no words of its own
        "web/language.py",  # language codes and the cookie
    }
)


def files(patterns: tuple[str, ...]) -> list[str]:
    found = {
        path.relative_to(PACKAGE).as_posix()
        for pattern in patterns
        for path in PACKAGE.glob(pattern)
        if "__pycache__" not in path.parts
    }
    return sorted(found - MACHINE_MODULES)


@functools.cache
def findings_of(relative: str) -> tuple[Finding, ...]:
    scanner: Callable[[str], list[Finding]] = {
        ".html": template_findings,
        ".js": javascript_findings,
        ".py": python_findings,
    }[Path(relative).suffix]
    return tuple(scanner((PACKAGE / relative).read_text(encoding="utf-8")))


AREAS = {"templates": TEMPLATES, "javascript": JAVASCRIPT, "python": PYTHON}


def flagged_in(area: str) -> dict[str, list[Finding]]:
    return {name: list(findings_of(name)) for name in files(AREAS[area]) if findings_of(name)}


@pytest.mark.parametrize("area", sorted(AREAS))
def test_every_string_for_people_is_marked_for_translation(area: str) -> None:
    scanned = files(AREAS[area])
    assert scanned, f"no {area} files found under {PACKAGE}"
    flagged = flagged_in(area)
    assert not flagged, (
        f"{sum(map(len, flagged.values()))} unmarked strings for people (mark them with "
        f"_()/gettext, t() in JavaScript, {{% trans %}} in templates; a line of machine words "
        f"may say so with the comment 'machine words'):\n" + summary(sorted(flagged.items()))
    )


# ------------------------------------------------------------------- the scanners


def test_the_template_scanner_flags_unmarked_words_and_accepts_marked_ones() -> None:
    unmarked = """{% extends "base.html" %}
<button type="button" id="fold-any" title="Fold to any bet">Fold to any bet</button>
<input type="submit" value="Sit out"><select><option value="a">Fold to any bet</option></select>
{% call m.action("penalty", "Give the penalty") %}{% endcall %}
"""
    assert template_findings("<span>PAUSED</span>\n<b>\n  Sit out</b>") == [
        Finding(1, "PAUSED"),
        Finding(3, "Sit out"),
    ]
    assert template_findings(unmarked) == [
        Finding(2, "Fold to any bet"),
        Finding(2, "Fold to any bet"),
        Finding(3, "Fold to any bet"),
        Finding(3, "Sit out"),
        Finding(4, "Give the penalty"),
    ]
    marked = """{% extends "base.html" %}
<button type="button" title="{{ _('Fold to any bet') }}">{{ _("Fold to any bet") }}</button>
<p>{% trans seat=seat %}Seat {{ seat }} is yours{% endtrans %}</p>
<p>{{ ngettext("%(num)d table", "%(num)d tables", n) }} · pokerroom · OFC · {{ room.name }}</p>
{% call m.action("penalty", _("Give the penalty")) %}{% endcall %}
<a class="brand seat" href="/tables/{{ id }}" data-kind="cash home">A-8 · <kbd>f</kbd></a>
<code>pokerroom tournament check</code>
<button name="ruling" value="penalty upheld">{{ _("Uphold") }}</button>
<script type="application/json">{"words": "Fold to any bet"}</script>
<style>.seat .name { font-weight: bold }</style>
{% if kind == "Fold to any bet" %}{% include "_chat.html" %}{% endif %}
<p>Fold to any bet</p>{# machine words: a test of the escape #}
<span class="paused"{% if x %} hidden{% endif %}>{{ _("PAUSED") }}</span> SB BB
"""
    assert template_findings(marked) == []


def test_the_javascript_scanner_flags_unmarked_words_and_accepts_marked_ones() -> None:
    unmarked = """
const PREACTIONS = { fold_any: "Fold to any bet", check: "Check" };
turn.textContent = actor.you ? "Your turn" : `${actor.name}'s turn`;
const sit = el("button", "sit", "Sit out");
notes.push("mucked");
node.setAttribute("aria-label", "face-down card");
"""
    assert javascript_findings(unmarked) == [
        Finding(2, "Check"),
        Finding(2, "Fold to any bet"),
        Finding(3, "${…}'s turn"),
        Finding(3, "Your turn"),
        Finding(4, "Sit out"),
        Finding(5, "mucked"),
        Finding(6, "face-down card"),
    ]
    marked = """"use strict";
const PREACTIONS = { fold_any: t("Fold to any bet"), check: tp("pre-action", "Check") };
turn.textContent = actor.you ? t("Your turn") : t("{name}'s turn").replace("{name}", actor.name);
const sit = el("button", "sit seat-button", t("Sit out"));
const banks = tn("{count} time bank", "{count} time banks", clock.banks);
document.querySelector(".seat.acting .seat-clock").classList.add("count down");
socket.send(JSON.stringify({ type: "hello", v: 1 }));
if (frame.type === "Fold to any bet" || event.key === "Enter") go(`/ws/tables/${id}`);
node.setAttribute("aria-pressed", "true");
item.className = `chat-line ${line.channel}`;
const url = `${scheme}://${location.host}/ws/tables/${encodeURIComponent(roomId)}`;
if (/^[1-5] x$/.test(key)) markCard(Number(key) / 2);
banner("Fold to any bet"); // machine words
"""
    assert javascript_findings(marked) == []


def test_the_python_scanner_flags_unmarked_words_and_accepts_marked_ones() -> None:
    unmarked = """
def label(seat: int) -> str:
    if seat:
        return f"Fold to any bet, seat {seat}"
    return "Fold to any bet"

raise ValueError("the clock is already paused")
"""
    assert python_findings(unmarked) == [
        Finding(4, "Fold to any bet, seat {…}"),
        Finding(5, "Fold to any bet"),
        Finding(7, "the clock is already paused"),
    ]
    marked = '''"""A module's docstring: Fold to any bet."""
import enum
import logging
import re
from pokerroom.i18n import N_, gettext as _, ngettext, pgettext

log = logging.getLogger(__name__)
PATTERN = re.compile(r"Fold to (any) bet")
FOLD_ANY = N_("Fold to any bet")


class Phase(enum.StrEnum):
    NOT_STARTED = "not started"
    UNSCHEDULED_BREAK = "unscheduled break"


TABLE_CSS = "#table { height: auto; } #log { height: 1fr; }"


def label(seat: int, words: dict[str, str]) -> str:
    """Fold to any bet: a docstring."""
    log.info("Fold to any bet at seat %s", seat)
    if words["Fold to any bet"] == "Fold to any bet" or seat in ("Sit out", "Sit in"):
        return _("Fold to any bet, seat {seat}").format(seat=seat)
    assert seat, "Fold to any bet needs a seat"
    text = ngettext("{count} chip", "{count} chips", seat) + pgettext("action", "Fold")
    return {"Fold to any bet": text}["Fold to any bet"] + f"{seat:>{8}}" + "fold"


def machine(payload: dict[str, object]) -> str:
    import json
    import sys
    header = {"content-type": "text/plain; charset=utf-8"}
    print("Fold to any bet", file=sys.stderr)  # machine words: an operator's line
    headers = {"cache-control": "public, max-age=60", "Content-Type": "text/plain; charset=utf-8"}
    patterns = [(r"unknown card (?P<bad>\\S+) in the deck", N_("unknown card {bad}"))]
    script = f'"use strict";\\nwindow.pokerroomCatalogue = {headers};'
    binding = ("h", "preset('½ pot')", "½", r"clock started", rf"level {payload} changed")
    print(patterns, script, binding, "seat-cards-{seat}.txt", "Service Unavailable")
    raise TypeError(f"expected a Hand, got {payload!r}") from json.dumps(header, sort_keys=True)
'''
    assert python_findings(marked) == []


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Fold to any bet", True),
        ("Your turn", True),
        ("Sit out", True),
        ("Check/fold", True),
        ("sitting out", True),
        (".seat", False),
        ("mark mark-d", False),
        ("seat-clock", False),
        ("pokerroom.alerts.sound", False),
        ("chat_ignore", False),
        ("application/json", False),
        ("/ws/tables/\x00", False),
        ("SB", False),
        ("OFC", False),
        ("fold", False),
        ("½ pot", False),
        ("%(num)d", False),
        ("[bold]\x00[/bold]", False),
    ],
)
def test_what_reads_like_words(text: str, words: bool) -> None:
    assert reads_like_words(text) is words


# ------------------------------------------------------------------ the catalogues

PLACEHOLDER = re.compile(r"\{[a-z_0-9]*\}|%\([a-z_0-9]+\)[sd]")
"""A message's placeholders (as tests/test_catalogues.py reads them): names, not words."""
UNTRANSLATED_ON_PURPOSE = ALWAYS_ENGLISH
"""Messages whose translation is the English itself: product and format names ("OFC")."""


@pytest.mark.parametrize("language", ["ru", "uk"])
@pytest.mark.parametrize("domain", ["pokerroom", "js", "home"])
def test_no_translation_is_the_english_left_as_it_was(language: str, domain: str) -> None:
    """A msgstr equal to its English msgid with English words in it is a message someone
    forgot to translate (the catalogue test only sees empty ones)."""
    with catalogue_path(language, domain).open("rb") as stream:  # type: ignore[arg-type]
        catalogue = read_po(stream, locale=language)
    forgotten = []
    for message in catalogue:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        found = message.string
        strings = [found] if isinstance(found, str) else list(found or ())
        for english in ids:
            words = english_words(PLACEHOLDER.sub(" ", english), UNTRANSLATED_ON_PURPOSE)
            if english in strings and words:
                forgotten.append(english)
    assert not forgotten, f"{len(forgotten)} left in English: {sorted(set(forgotten))[:30]}"


if __name__ == "__main__":
    # python -m tests.test_strings_marked: how many strings each area has unmarked, and
    # the files they are in.
    now = {area: flagged_in(area) for area in sorted(AREAS)}
    for area, flagged in now.items():
        count = sum(map(len, flagged.values()))
        print(f"# {area}: {count} strings in {len(flagged)} of {len(files(AREAS[area]))} files")
    print("\n".join(sorted(name for flagged in now.values() for name in flagged)))
