"""docs/tournament-log.md documents every line ``tournament run --json`` writes (issue 21
item 8): each kind the code writes has a section with one example, the example parses as
one JSON line of its kind, and a real run's lines carry exactly the example's fields."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from pokerroom.cli.app import app

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "tournament-log.md"
WRITER = ROOT / "src" / "pokerroom" / "cli" / "tournament" / "run_view.py"
SECTION = re.compile(r"^### `([^`]+)`\n(.*?)^```json\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _examples() -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for kind, _text, block in SECTION.findall(DOC.read_text(encoding="utf-8")):
        assert block.count("\n") == 1, f"the {kind} example is one line"
        example = json.loads(block)
        assert example["type"] == kind
        assert kind not in found, f"{kind} is documented twice"
        found[kind] = example
    return found


def _run(*args: str) -> list[dict[str, Any]]:
    result = CliRunner().invoke(app, ["tournament", "run", *args, "--json"])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_every_kind_the_writer_writes_is_documented_with_an_example() -> None:
    written = set(re.findall(r'"type": "([^"]+)"', WRITER.read_text(encoding="utf-8")))
    assert written == set(_examples())


def test_real_runs_write_the_documented_fields() -> None:
    """A turbo with re-entries, an add-on and a colour-up, and an Olympic knock-out."""
    examples = _examples()
    lines = [
        *_run("--example", "turbo-reentry", "--entrants", "10", "--seed", "1"),
        *_run("--example", "olympic-knockout", "--entrants", "7", "--seed", "2"),
    ]
    seen = set()
    for line in lines:
        example = examples[line["type"]]
        assert line.keys() == example.keys(), line["type"]
        if line["type"] == "hand":
            assert line["seats"][0].keys() == example["seats"][0].keys()
        seen.add(line["type"])
    assert {"header", "entry", "draw", "move", "hand", "bust", "wait", "stage"} <= seen
    assert lines[0]["type"] == "header" and lines[0]["seed"] == 1
