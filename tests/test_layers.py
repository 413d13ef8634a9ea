"""The layers import only downward (the design's rule): a package may use those below it,
never one above it or an interface beside it. Read from the source's import statements, so
a lazy import inside a function counts too."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pokerroom

PACKAGE = Path(pokerroom.__file__).parent
INTERFACES = {"cli", "tui", "web", "client"}
ABOVE: dict[str, set[str]] = {
    "engine": {"table", "tournament", "bots", "room", "storage", *INTERFACES},
    "evaluate": {"engine", "table", "tournament", "bots", "room", "storage", *INTERFACES},
    "table": {"tournament", "bots", "room", "storage", *INTERFACES},
    "tournament": {"bots", "room", "storage", *INTERFACES},
    "club": {"bots", "room", "storage", "cluster", *INTERFACES},
    "bots": {"room", "storage", *INTERFACES},
    "room": {"storage", "cluster", *INTERFACES},
    "storage": {"cluster", *INTERFACES},
    "cluster": INTERFACES,
    "client": {"cli", "tui", "web"},
    "tui": {"cli", "web"},
}
"""For each layer, the packages it must never import."""


def imported(path: Path) -> set[str]:
    """The pokerroom subpackages a module imports (``pokerroom.x.y`` → ``x``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return {name.split(".")[1] for name in names if name.startswith("pokerroom.")}


@pytest.mark.parametrize("layer", sorted(ABOVE))
def test_a_layer_imports_nothing_above_it(layer: str) -> None:
    wrong = {
        str(path.relative_to(PACKAGE)): sorted(imported(path) & ABOVE[layer])
        for path in sorted((PACKAGE / layer).rglob("*.py"))
        if imported(path) & ABOVE[layer]
    }
    assert wrong == {}


def test_the_check_sees_a_wrong_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from pokerroom.web.app import create_app\n")
    assert imported(module) == {"web"}
