"""A regulation document written back as TOML text (the standard library only reads TOML).

Used where a regulation is changed as a document (a few common fields set on a shipped
example) and must be kept as text, the form a saved tournament keeps its regulation in.
Reading the text back gives the same document:

>>> document = {"name": "Mine", "chips": [1, 5], "money": {"buy_in": 10},
...             "levels": [{"small_blind": 1, "big_blind": 2, "minutes": 10}]}
>>> print(toml_text(document), end="")
name = "Mine"
chips = [1, 5]
<BLANKLINE>
[money]
buy_in = 10
<BLANKLINE>
[[levels]]
small_blind = 1
big_blind = 2
minutes = 10
>>> import tomllib
>>> tomllib.loads(toml_text(document)) == document
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from datetime import date, datetime, time
from typing import Any

BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
"""A key TOML takes unquoted; matched whole (``$`` would let a key end in a newline)."""


def toml_text(document: Mapping[str, Any]) -> str:
    """``document`` (as :func:`tomllib.loads` gives one) as TOML text."""
    lines: list[str] = []
    _table(lines, (), document)
    return "\n".join(lines).lstrip("\n") + "\n"


def _table(lines: list[str], path: tuple[str, ...], table: Mapping[str, Any]) -> None:
    for key, value in table.items():
        if not _is_table(value) and not _is_table_array(value):
            lines.append(f"{_key(key)} = {_value(value)}")
    for key, value in table.items():
        inner = (*path, key)
        if _is_table(value):
            lines.extend(("", f"[{_dotted(inner)}]"))
            _table(lines, inner, value)
        elif _is_table_array(value):
            for item in value:
                lines.extend(("", f"[[{_dotted(inner)}]]"))
                _table(lines, inner, item)


def _is_table(value: object) -> bool:
    return isinstance(value, Mapping)


def _is_table_array(value: object) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)


def _key(key: str) -> str:
    return key if BARE_KEY.fullmatch(key) else _string(key)


def _string(text: str) -> str:
    """A basic string: JSON's escapes are TOML's, but for DEL, which TOML wants escaped."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def _dotted(path: Sequence[str]) -> str:
    return ".".join(_key(key) for key in path)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, Mapping):
        inner = ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items())
        return "{" + inner + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    raise TypeError(f"no TOML value for {value!r}")
