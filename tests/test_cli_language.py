"""``pokerroom`` in English, Russian and Ukrainian: ``--lang``, the environment, the help of
every command, the errors a user can cause, and ``--json`` the same bytes in every language.

``python -m tests.test_cli_language`` rewrites :mod:`pokerroom.cli.help_texts` from the
command tree (then run ``scripts/catalogues`` and translate the new messages).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from pokerroom.cli.app import PokerroomCommands, app
from pokerroom.cli.help_texts import HELP_TEXTS
from pokerroom.cli.language import chosen_language
from pokerroom.cli.lazy_commands import loaded
from pokerroom.i18n import current_language
from tests.english_words import english_words

HELP_TEXTS_FILE = Path(__file__).resolve().parent.parent / "src/pokerroom/cli/help_texts.py"
NO_LOCALE = {"LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "POKERROOM_LANG": ""}

STAY_ENGLISH = {
    # codes a user types: games, profiles, limits, bot kinds, roles, formats, key words
    "holdem", "omaha", "hilo", "stud", "draw", "showing", "ofc", "top", "bomb", "pot",
    "sensible", "random", "equity", "station", "tournament", "host", "director", "admin", "bot",
    "fold", "check", "call", "raise", "show", "sit", "quit", "sport", "club", "home",
    "fixed", "limit", "no", "json", "csv", "both", "en", "ru", "uk", "off", "utg", "button",
    "You",  # the default --name: a name, data like any other
    "POKERROOM_LANG", "Secure", "HSTS", "https", "http", "Forwarded", "For", "Ctrl",
    "Monte", "Carlo", "str", "int", "float", "bool", "cards", "hands", "files",
    "postgresql", "psycopg", "phh", "phhs", "toml", "md", "db", "docs", "nats",
    # the command names
    "eval", "replay", "play", "history", "clock", "serve",
    "connect", "accounts", "examples", "run", "export", "list", "grant",
    "revoke", "standings",
}  # fmt: skip
"""What stays English in a Russian or Ukrainian help: the values a user types (``--game
holdem``), format and product names, metavars (all capitals), Typer's type names."""


def command_paths() -> Iterator[list[str]]:
    """Every command and subcommand of ``pokerroom``, as the words that name it."""
    for name, listed in PokerroomCommands.listed.items():
        command = loaded(name, listed)
        yield [name]
        for sub in getattr(command, "commands", {}):
            yield [name, sub]


def tree_texts() -> list[str]:
    """Every help text of the command tree, in English, in the order the tree holds them."""

    def texts(command: object) -> Iterator[str]:
        for attribute in ("help", "short_help", "epilog"):
            text = getattr(command, attribute, None)
            if text:
                yield text
        for param in getattr(command, "params", ()):
            if getattr(param, "help", None):
                yield param.help
        for sub in getattr(command, "commands", {}).values():
            yield from texts(sub)

    found = list(texts(get_command(app)))
    for name, listed in PokerroomCommands.listed.items():
        found.extend(texts(loaded(name, listed)))
    return list(dict.fromkeys(found))


def leftover_english(text: str) -> list[str]:
    """English words in ``text`` other than codes, command names, metavars (all capitals),
    cards as typed (``AhKh``) and quoted values (``'AhKh'``)."""
    unquoted = re.sub(r"'[^'\s]*'|<[^<>\n]*>", " ", text)  # quoted, and Typer's <type>
    return [
        word
        for word in english_words(unquoted, allowed=STAY_ENGLISH)
        if not word.isupper()
        and word.lower() not in STAY_ENGLISH
        and not re.fullmatch(r"(?:[2-9TJQKA][shdc])+|xx", word)  # cards as typed
    ]


def invoke(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), env={**NO_LOCALE, **(env or {})})
    return result.exit_code, result.stdout, result.stderr


def test_every_help_text_is_marked_for_the_catalogues() -> None:
    missing = [text for text in tree_texts() if text not in HELP_TEXTS]
    assert not missing, "run python -m tests.test_cli_language, then scripts/catalogues"


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_every_help_reads_without_english(language: str) -> None:
    """Wide, so no code (``<holdem|omaha|…>``) is cut in two by the help's wrapping."""
    paths = [[], *command_paths()]
    for path in paths:
        code, out, err = invoke("--lang", language, *path, "--help", env={"COLUMNS": "200"})
        assert (code, err) == (0, ""), (path, err)
        assert not leftover_english(out), (path, leftover_english(out), out)


def test_help_in_russian_and_ukrainian_speaks_their_words() -> None:
    _, russian, _ = invoke("--lang", "ru", "eval", "--help")
    assert "Запуск: pokerroom eval" in russian
    assert "Параметры" in russian and "Показать эту справку и выйти." in russian
    assert "[по умолчанию: holdem]" in russian
    _, ukrainian, _ = invoke("tournament", "--help", "--lang", "uk")
    assert "Команди" in ukrainian and "Турніри" in ukrainian
    _, english, _ = invoke("eval", "--help")
    assert "Usage: pokerroom eval" in english and "Show this message and exit." in english
    assert current_language() == "en"  # the command's language ended with it


def test_lang_beats_pokerroom_lang_beats_the_locale() -> None:
    assert chosen_language(["--lang", "uk"], {"POKERROOM_LANG": "ru", "LANG": "en_US"}) == "uk"
    assert chosen_language([], {"POKERROOM_LANG": "ru", "LANG": "uk_UA.UTF-8"}) == "ru"
    assert chosen_language([], {"LC_ALL": "uk_UA.UTF-8", "LANG": "ru_RU.UTF-8"}) == "uk"
    assert chosen_language([], {"LANG": "ru_RU.UTF-8"}) == "ru"
    assert chosen_language([], {"LANG": "de_DE.UTF-8"}) == "en"
    assert chosen_language([], {}) == "en"
    both = {"POKERROOM_LANG": "uk", "LANG": "ru_RU.UTF-8"}
    assert "Параметри" in invoke("eval", "--help", env=both)[1]
    assert "Параметры" in invoke("eval", "--help", env={"LANG": "ru_RU.UTF-8"})[1]
    assert "Options" in invoke("eval", "--help", "--lang", "en", env=both)[1]


def test_a_bad_lang_is_one_line_naming_the_languages() -> None:
    code, out, err = invoke("--lang", "de", "eval", "AhKh")
    assert (code, out) == (2, "")
    assert err == "error: --lang must be en, ru or uk, got 'de'\n"
    code, _, err = invoke("eval", "AhKh", "--lang=fr", env={"POKERROOM_LANG": "ru"})
    assert (code, err) == (2, "ошибка: --lang должен быть en, ru или uk, а не 'fr'\n")


@pytest.mark.parametrize(
    ("args", "russian"),
    [
        (
            ["eval", "--bogus"],
            "ошибка: у команды pokerroom eval нет параметра --bogus; см. pokerroom eval --help\n",
        ),
        (["eval"], "ошибка: не указан аргумент 'cards'; см. pokerroom eval --help\n"),
        (
            ["equity", "AhAs", "KdKc", "--trials", "x"],
            "ошибка: значение --trials должно быть целым числом, а не 'x'\n",
        ),
        (
            ["play", "--humans", "11"],
            "ошибка: --humans: должно быть от 1 до 10, а не 11\n",
        ),
        (["eval", "Zz"], None),
    ],
)
def test_errors_a_user_can_cause_are_worded_in_russian(
    args: list[str], russian: str | None
) -> None:
    code, out, err = invoke("--lang", "ru", *args)
    assert (code, out) == (2, "")
    assert err.startswith("ошибка: ") and err.count("\n") == 1, err
    if russian is not None:
        assert err == russian
    assert not leftover_english(err), err


@pytest.mark.parametrize(
    "args",
    [
        ["eval", "AhKh", "--board", "QhJhTh", "--json"],
        ["eval", "AhKhQhJh", "--board", "2c3d4s5h6h", "--game", "omaha-hilo", "--json"],
        ["equity", "AhAs", "KdKc", "--board", "2c3d4s", "--json"],
        ["equity", "AhAs", "KdKc", "--trials", "2000", "--seed", "7", "--json"],
        ["tournament", "check", "--example", "home-sit-and-go", "--json"],
    ],
)
def test_json_is_the_same_bytes_in_every_language(args: list[str]) -> None:
    english = invoke("--lang", "en", *args)
    assert english[0] == 0, english
    for language in ("ru", "uk"):
        assert invoke("--lang", language, *args) == english


def rewrite_help_texts() -> None:
    """Write :mod:`pokerroom.cli.help_texts` from the command tree as it is now."""
    head, _, _ = HELP_TEXTS_FILE.read_text().partition("HELP_TEXTS = (")
    body = "".join(f"    N_({text!r}),\n" for text in tree_texts())
    HELP_TEXTS_FILE.write_text(f"{head}HELP_TEXTS = (\n{body})\n")


if __name__ == "__main__":
    rewrite_help_texts()
    sys.exit(0)


def test_equity_speaks_russian_with_its_numbers() -> None:
    code, out, _ = invoke(
        "--lang", "ru", "equity", "AhAs", "KdKc", "--trials", "2000", "--seed", "7"
    )
    assert code == 0
    assert "Эквити: Холдем" in out and "выигрыш" in out
    assert "Монте-Карло: 2\u00a0000 случайных раздач" in out
    assert re.search(r"\d+,\d{4}\u00a0%", out)  # a decimal comma, a no-break space before %
    assert not leftover_english(out), out
    _, exact, _ = invoke("--lang", "uk", "equity", "AhAs", "KdKc", "--board", "2c3d4s5h")
    assert "точно: перебрано всі 44 борди" in exact


def test_a_series_its_history_and_listing_in_russian_and_ukrainian() -> None:
    code, out, err = invoke(
        "--lang", "ru", "play", "--all-bots", "--max-hands", "3", "--seed", "2"
    )  # fmt: skip
    assert (code, err) == (0, ""), err
    assert "после 3 раздач:" in out
    assert "место" in out and ("фишек" in out or "фишки" in out)
    _, history, _ = invoke("--lang", "ru", "history")
    assert history.startswith("серия 1, начата ")
    assert "банк  победители" in history and "3 раздачи, закончена" in history
    _, listing, _ = invoke("--lang", "uk", "history", "--list")
    assert listing.splitlines()[1].startswith("покер ")
    for text in (out, history, listing):  # the bots' names (equity-4) are names; the game's
        left = [word for word in leftover_english(text) if f"{word}-" not in text]  # name is
        assert not [w for w in left if w not in {"Texas", "Hold'em"}], left  # the words helper's
    _, english, _ = invoke("history")
    assert english.startswith("series 1, started ") and "hand  button     pot  winners" in english


def test_the_replay_report_in_russian_and_ukrainian() -> None:
    """The report's own words; the game's name, the players' and an engine's refusal are
    the history's data and the rule engine's words (translated where they are made)."""
    data = Path(__file__).resolve().parent / "data"
    files = [str(data / "phh/famous/antonius-blom-2009.phh"), str(data / "ofc/heads-up.ofc.toml")]
    _, english, _ = invoke("replay", *files)
    assert english.splitlines()[-1].startswith("2 hands: 2 replayed")
    code, russian, _ = invoke("--lang", "ru", "replay", *files)
    assert code == 0
    assert (
        "раздача 1: PO (" in russian
        and "итоговые стеки: p1 Patrik Antonius 1\u00a0937\u00a0923,75" in russian
    )
    assert russian.splitlines()[-1].startswith("раздач: 2; проиграно: 2,")
    ukrainian = invoke("--lang", "uk", "replay", *files)[1]
    assert "банк 1: 1\u00a0356\u00a0947,00, виграв p1" in ukrainian
    for text in (russian, ukrainian):
        game = re.search(r"PO \(([^)]*)\)", text)
        assert game is not None
        left = leftover_english(text.replace(game[1], "").replace("Patrik Antonius", ""))
        assert not [word for word in left if word not in {"Victor", "Blom", "kitchen"}], left


def test_lang_alone_shows_the_help_as_bare_pokerroom_does() -> None:
    code, out, err = invoke("--lang", "ru")
    assert (code, err) == invoke()[::2] == (2, "")
    assert "Запуск: pokerroom [ПАРАМЕТРЫ] КОМАНДА [АРГУМЕНТЫ]..." in out
