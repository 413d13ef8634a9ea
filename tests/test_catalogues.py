"""The Russian and Ukrainian catalogues are complete: every marked message is there,
translated, not fuzzy, with the placeholders of the English (a translation that drops
``{amount}`` would show a player a sentence without the amount)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from pokerroom.i18n.catalogues import LOCALE_DIR, catalogue_path

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = ("ru", "uk")
EXTRACTED = ("pokerroom", "js")
PLACEHOLDER = re.compile(r"\{[a-z_0-9]*\}|%\([a-z_0-9]+\)[sd]")


def read(path: Path, language: str) -> Catalog:
    with path.open("rb") as stream:
        return read_po(stream, locale=language)


def texts(message: Message) -> list[str]:
    found = message.string
    return [str(text) for text in found] if isinstance(found, tuple) else [str(found or "")]


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, set[str]]:
    """What ``scripts/catalogues`` would extract from the code as it is now."""
    out = tmp_path_factory.mktemp("pot")
    found: dict[str, set[str]] = {}
    for domain, config, keywords in (
        ("pokerroom", "babel.cfg", ["-k", "N_", "-k", "pgettext:1c,2", "-k", "npgettext:1c,2,3"]),
        ("js", "babel-js.cfg", ["-k", "t", "-k", "tn:1,2", "-k", "tp:1c,2"]),
    ):
        target = out / f"{domain}.pot"
        subprocess.run(
            [sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F", config,
             *keywords, "-o", str(target), "."],
            cwd=ROOT, check=True,
        )  # fmt: skip
        found[domain] = {message_key(m) for m in read(target, "en") if m.id}
    return found


def message_key(message: Message) -> str:
    singular = message.id if isinstance(message.id, str) else message.id[0]
    return f"{message.context or ''}\x04{singular}"


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", EXTRACTED)
def test_every_marked_message_is_translated_and_none_is_fuzzy(
    language: str, domain: str, extracted: dict[str, set[str]]
) -> None:
    catalogue = read(catalogue_path(language, domain), language)  # type: ignore[arg-type]
    have = {message_key(m): m for m in catalogue if m.id}
    missing = sorted(key.split("\x04")[1] for key in extracted[domain] - have.keys())
    assert not missing, (
        f"run scripts/catalogues: {len(missing)} not in the catalogue: {missing[:20]}"
    )
    untranslated = sorted(m.id if isinstance(m.id, str) else m.id[0]
                          for m in have.values() if not all(texts(m)))  # fmt: skip
    assert not untranslated, f"{len(untranslated)} untranslated: {untranslated[:20]}"
    fuzzy = sorted(str(m.id) for m in have.values() if m.fuzzy)
    assert not fuzzy, f"fuzzy: {fuzzy[:20]}"


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", [*EXTRACTED, "home"])
def test_translations_keep_the_placeholders_of_the_english(language: str, domain: str) -> None:
    catalogue = read(catalogue_path(language, domain), language)  # type: ignore[arg-type]
    wrong = []
    for message in catalogue:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else [str(i) for i in message.id]
        wanted = placeholders(ids[-1]) | placeholders(ids[0])
        for text in texts(message):
            if (
                text
                and placeholders(text) != wanted
                and not (
                    # Russian "one" also serves 21, 31, ...: it must keep the count too.
                    placeholders(text) >= placeholders(ids[0]) and placeholders(text) <= wanted
                )
            ):
                wrong.append((ids[0], text))
    assert not wrong, wrong[:20]


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_home_words_overlay_only_messages_the_main_catalogues_have(language: str) -> None:
    """home.po overlays pokerroom.po (Python, templates) and js.po (the browser's words)."""
    main = {
        message_key(m)
        for domain in EXTRACTED
        for m in read(catalogue_path(language, domain), language)  # type: ignore[arg-type]
        if m.id
    }
    home = read(catalogue_path(language, "home"), language)  # type: ignore[arg-type]
    stray = [m.id for m in home if m.id and message_key(m) not in main]
    assert not stray, f"home.po words for messages the catalogues lack: {stray}"
    assert all(all(texts(m)) for m in home if m.id)


def test_the_catalogues_live_in_the_package() -> None:
    assert LOCALE_DIR == ROOT / "src" / "pokerroom" / "locale"
