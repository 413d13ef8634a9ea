"""A regulation document written back as TOML reads back the same (the web form's common
fields change a document and keep it as text): every shipped example, and any document."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pokerroom.tournament.regulation import example_names, example_text, parse_regulation
from pokerroom.tournament.regulation.toml_text import toml_text


@pytest.mark.parametrize("name", example_names())
def test_every_shipped_regulation_reads_back_the_same(name: str) -> None:
    document = tomllib.loads(example_text(name))
    written = toml_text(document)
    assert tomllib.loads(written) == document
    assert parse_regulation(written) == parse_regulation(example_text(name))


KEYS = st.text(min_size=1, max_size=8)
SCALARS = (
    st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.times()
)


def _documents() -> st.SearchStrategy[dict[str, Any]]:
    values = st.recursive(
        SCALARS | st.lists(SCALARS, max_size=3),
        lambda inner: (
            st.dictionaries(KEYS, inner, max_size=3)
            | st.lists(st.dictionaries(KEYS, inner, min_size=1, max_size=3), min_size=1, max_size=2)
        ),
        max_leaves=12,
    )
    return st.dictionaries(KEYS, values, max_size=5)


@given(_documents())
@example({"0\n": [{"0": False}]})  # a key ending in a newline is quoted
def test_any_document_reads_back_the_same(document: dict[str, Any]) -> None:
    assert tomllib.loads(toml_text(document)) == document
