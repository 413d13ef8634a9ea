"""The language a ``pokerroom`` command speaks, and its help in that language.

``--lang en|ru|uk`` on any command (the root, a command, a subcommand), else
``POKERROOM_LANG``, else the system locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else
English (:func:`pokerroom.i18n.terminal_language`). The group reads ``--lang`` from the
command line before the library parses it, so the help, the library's own words and the
first error are already in that language; each command also declares ``--lang`` (it shows
in ``--help`` and the library accepts it anywhere on the line). With ``--json`` a command
prints for a program and speaks English (:func:`machine_output`).

Typer builds the help from English strings when the command tree is built; :func:`word_help`
translates the tree once the language is known (their msgids are in
:mod:`pokerroom.cli.help_texts`). Typer's own words (panel titles, ``[default: …]``) go
through the same catalogue (:func:`library_words`). The vendored Click in Typer has no
gettext; its few words a user sees (``Usage:``, the ``--help`` line, ``[OPTIONS]``) are
worded by :mod:`pokerroom.cli.option_errors`.

>>> typed_language(["eval", "--lang", "ru", "AhKh"]), typed_language(["--lang=uk", "play"])
('ru', 'uk')
>>> typed_language(["eval", "--", "--lang", "ru"]) is None
True
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from pokerroom.i18n import LANGUAGES, Language, gettext, terminal_language, use_language
from pokerroom.i18n.marker import N_

if TYPE_CHECKING:
    from typer._click import Command

LANG_OPTION = "--lang"
LANG_METAVAR = "|".join(LANGUAGES)
LANG_HELP = N_("The language to speak: en, ru or uk (else POKERROOM_LANG, else the system locale).")
BAD_LANGUAGE = N_("error: --lang must be en, ru or uk, got {given!r}")


class BadLanguageError(ValueError):
    """``--lang`` names a language the room does not speak."""

    def __init__(self, given: str) -> None:
        super().__init__(given)
        self.given = given

    def line(self) -> str:
        return gettext(BAD_LANGUAGE).format(given=self.given)


def typed_language(args: Sequence[str]) -> str | None:
    """The value of the last ``--lang`` on the command line (before ``--``), if any."""
    found: str | None = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == LANG_OPTION and index + 1 < len(args):
            found = args[index + 1]
        elif arg.startswith(LANG_OPTION + "="):
            found = arg.partition("=")[2]
    return found


def without_language(args: Sequence[str]) -> list[str]:
    """``args`` without their ``--lang`` options (and their values).

    >>> without_language(["--lang", "ru"]), without_language(["--lang=uk", "eval", "AhKh"])
    ([], ['eval', 'AhKh'])
    """
    rest: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg == LANG_OPTION:
            skip = True
        elif not arg.startswith(LANG_OPTION + "="):
            rest.append(arg)
    return rest


def machine_output(args: Sequence[str]) -> bool:
    """Whether the command prints for a program (``--json``): then it speaks English, so
    its output is the same bytes whatever the language (errors on stderr too)."""
    typed = args[: args.index("--")] if "--" in args else args
    return "--json" in typed


def chosen_language(args: Sequence[str], environ: Mapping[str, str] = os.environ) -> Language:
    """``--lang`` in ``args``, else the environment's language; :class:`BadLanguageError` if
    ``--lang`` names none of en, ru, uk."""
    typed = typed_language(args)
    if typed is not None and typed not in LANGUAGES:
        raise BadLanguageError(typed)
    return terminal_language(typed, environ)


def checked_language(ctx: Any, param: Any, value: str | None) -> str | None:
    """The ``--lang`` option's own check (the group has already set the language)."""
    if value is not None and value not in LANGUAGES:
        import typer

        raise typer.BadParameter(
            gettext(N_("must be en, ru or uk, got {given!r}")).format(given=value)
        )
    return value


def lang_option() -> Any:
    """``--lang``, as each command declares it: shown in the help, its value used by the group."""
    from typer._coercion import resolve_type_descriptor
    from typer.core import TyperOption
    from typer.models import OptionInfo

    return TyperOption(
        param_decls=[LANG_OPTION],
        type_descriptor=resolve_type_descriptor(annotation=str, parameter_info=OptionInfo()),
        expose_value=False,
        is_eager=True,
        default=None,
        metavar=LANG_METAVAR,
        help=LANG_HELP,
        callback=checked_language,
    )


def word_help(command: Command) -> None:
    """``command`` and everything under it with its help in the current language (from
    the English it was built with, kept aside, so a tree may be worded again)."""
    _word(command, ("help", "short_help", "epilog", "options_metavar", "subcommand_metavar"))
    for param in command.params:
        _word(param, ("help",))
    for sub in getattr(command, "commands", {}).values():
        word_help(sub)


def _word(thing: object, attributes: tuple[str, ...]) -> None:
    english: dict[str, str] = thing.__dict__.setdefault("_english_words", {})
    for attribute in attributes:
        text = english.get(attribute, getattr(thing, attribute, None))
        if isinstance(text, str) and text:
            english[attribute] = text
            setattr(thing, attribute, gettext(text))


UNSEEN_USAGE_WORDS = (N_("[OPTIONS]"), N_("COMMAND [ARGS]..."))
"""Click's placeholders in a usage line, worded by :func:`word_help`."""


LIBRARY_WORDS = {
    "DEPRECATED_STRING": N_("(deprecated) "),
    "DEFAULT_STRING": N_("[default: {}]"),
    "ENVVAR_STRING": N_("[env var: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "ABORTED_TEXT": N_("Aborted."),
    "RICH_HELP": N_("Try [blue]'{command_path} {help_option}'[/] for help."),
}
"""Typer's own words (``typer.rich_utils``), worded once when Typer is imported."""

OTHER_LIBRARY_WORDS = (
    N_("(dynamic)"),
    N_("Aborted!"),
    N_("default: {default}"),
    N_("required"),
    N_("env var: {var}"),
    N_("Missing command."),
    N_("No such command {name!r}."),
)
"""Typer's words looked up at call time (``typer.core``): they go through our gettext."""


@contextmanager
def library_words() -> Iterator[None]:
    """Typer's own words in the current language while a command runs, English after."""
    import typer.core
    import typer.rich_utils

    typer.core._ = gettext  # type: ignore[attr-defined]
    typer.rich_utils._ = gettext  # type: ignore[attr-defined]
    english = {name: getattr(typer.rich_utils, name) for name in LIBRARY_WORDS}
    for name, message in LIBRARY_WORDS.items():
        setattr(typer.rich_utils, name, gettext(message))
    try:
        yield
    finally:
        for name, text in english.items():
            setattr(typer.rich_utils, name, text)


@contextmanager
def speaking(language: Language) -> Iterator[None]:
    """A command's run in ``language``: our words and the library's."""
    with use_language(language), library_words():
        yield
