"""The rule book users read, ``docs/rules.md``: every rule ID pokerroom cites is explained there.

Messages, logs and code name rules by ID (``A-8``, ``T-6``); a user who meets one must find it
in the project itself, not in a file beside some other checkout (issue 21 item 21).
"""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from pokerroom.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "docs" / "rules.md"
RULE_ID = re.compile(r"\b([CEBAPVOHTX])-(\d{1,2})\b")
SECTIONS = "CEBAPVOHTX"
"""The sections in the order the book gives them."""


def _cited_in_sources() -> set[str]:
    cited: set[str] = set()
    for path in (ROOT / "src" / "pokerroom").rglob("*"):
        if path.suffix in {".py", ".html", ".js", ".toml"}:
            cited.update(f"{s}-{n}" for s, n in RULE_ID.findall(path.read_text("utf-8")))
    return cited


def _explained() -> list[str]:
    return [
        f"{s}-{n}"
        for s, n in re.findall(r"^- \*\*([A-Z])-(\d+)\*\*", BOOK.read_text("utf-8"), re.M)
    ]


def test_every_rule_id_the_code_cites_is_explained_in_the_rule_book() -> None:
    cited = _cited_in_sources()
    assert len(cited) > 100, "the scan found too few rule IDs to be reading the sources"
    missing = sorted(cited - set(_explained()))
    assert not missing, f"docs/rules.md does not explain {missing}"


def test_the_rule_book_lists_each_rule_once_in_section_order() -> None:
    explained = _explained()
    assert len(explained) == len(set(explained))
    keys = [(SECTIONS.index(rule[0]), int(rule[2:])) for rule in explained]
    assert keys == sorted(keys)


def test_the_readme_and_help_point_at_the_rule_book_not_outside_the_checkout() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "(docs/rules.md)" in readme.split("\n\n", 2)[1]  # the README's first paragraph
    assert "../shared" not in readme
    result = CliRunner().invoke(app, ["--help"], terminal_width=200)
    assert "docs/rules.md" in result.output
    replay = CliRunner().invoke(app, ["replay", "--help"], terminal_width=200)
    assert "docs/rules.md" in replay.output


def test_every_relative_link_of_the_rule_book_and_readme_resolves() -> None:
    for doc in (BOOK, ROOT / "README.md"):
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", doc.read_text("utf-8")):
            assert (doc.parent / target).exists(), f"{doc.name} links to missing {target}"
