"""Errors the command-line library finds (a bad number, an unknown option) as one line.

Typer prints these in a box of five or six lines; pokerroom prints every user
error the same way: ``error: …`` naming the option and what it takes, on
stderr, exit code 2 (see :mod:`pokerroom.cli.errors`).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from typing import Any

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup

from pokerroom.cli.errors import USER_ERROR_EXIT
from pokerroom.cli.language import (
    LANG_HELP,
    BadLanguageError,
    chosen_language,
    lang_option,
    machine_output,
    speaking,
    without_language,
    word_help,
)
from pokerroom.i18n import gettext, terminal_language
from pokerroom.i18n.marker import N_

HELP_LINE = N_("Show this message and exit.")
USAGE = N_("Usage: ")

WHAT_IS_ALLOWED = {
    "int_parsing": N_("a whole number"),
    "int_from_float": N_("a whole number"),
    "float_parsing": N_("a number"),
    "finite_number": N_("a finite number"),
    "bool_parsing": N_("true or false"),
}
"""What a value must be, by the kind of parsing that failed (pydantic's error types); each
completes "must be …" (in Russian and Ukrainian the instrumental case: «целым числом»)."""

LIBRARY_MESSAGES = (
    (re.compile(r"Missing argument (.+?)\.?$"), N_("missing argument {name}")),
    (re.compile(r"Missing option (.+?)\.?$"), N_("missing option {name}")),
    (
        re.compile(r"Got unexpected extra argument\(s\) \((.*)\)$"),
        N_("got unexpected extra argument(s) ({name})"),
    ),
    (
        re.compile(r"Option (.+?) requires an argument\.?$"),
        N_("option {name} requires an argument"),
    ),
    (
        re.compile(r"Option (.+?) does not take a value\.?$"),
        N_("option {name} does not take a value"),
    ),
)
"""The vendored Click's own messages (it has no gettext), as pokerroom words them."""


def _option_name(param: Any) -> str:
    """``--trials`` for an option (its longest name), ``HANDS`` for an argument."""
    names = [name for name in getattr(param, "opts", ()) if name.startswith("--")]
    if names and getattr(param, "param_type_name", "") == "option":
        return str(max(names, key=len))
    return str(getattr(param, "name", "value")).upper()


def _sentence(text: str) -> str:
    """Typer's message as part of a line: one line, no capital, no full stop."""
    flat = " ".join(text.split()).rstrip(".")
    return flat[:1].lower() + flat[1:]


def _worded(text: str) -> str:
    """A message of the library in the current language (those it words in English)."""
    flat = " ".join(text.split())
    for pattern, message in LIBRARY_MESSAGES:
        found = pattern.match(flat)
        if found is not None:
            return gettext(message).format(name=found[1])
    return _sentence(flat)


def _parse_failure(error: Exception) -> tuple[str, Any] | None:
    """What the value should have been and what was given, when the value did not parse."""
    cause = error.__cause__
    errors = getattr(cause, "errors", None)
    if not callable(errors):
        return None
    details: Sequence[dict[str, Any]] = errors()
    if not details:
        return None
    first = details[0]
    kind = str(first.get("type", ""))
    choices = re.search(r"is not one of (.*?)\.?$", str(first.get("msg", "")))
    if kind in ("enum", "value_error") and choices:
        listed = re.sub(r"'([^']*)'", r"\1", choices[1])
        return gettext(N_("one of {choices}")).format(choices=listed), first.get("input")
    allowed = WHAT_IS_ALLOWED.get(kind)
    return None if allowed is None else (gettext(allowed), first.get("input"))


def one_line(error: typer.TyperException) -> str:
    """The library's error as ``error: …``: the option, what is wrong, what is allowed."""
    ctx = getattr(error, "ctx", None)
    path = ctx.command_path if ctx is not None else "pokerroom"
    param = getattr(error, "param", None)
    option_name = getattr(error, "option_name", None)
    if option_name is not None and hasattr(error, "possibilities"):  # an unknown option
        known = sorted(getattr(error, "possibilities", None) or ())
        if known:
            return gettext(
                N_(
                    "error: {command} has no option {option} (did you mean {known}?); "
                    "see {command} --help"
                )
            ).format(command=path, option=option_name, known=gettext(N_(" or ")).join(known))
        return gettext(N_("error: {command} has no option {option}; see {command} --help")).format(
            command=path, option=option_name
        )
    if param is not None and getattr(param, "param_type_name", "") == "option":
        name = _option_name(param)
        parsed = _parse_failure(error)
        if parsed is not None:
            allowed, given = parsed
            return gettext(N_("error: {name} must be {allowed}, got {given!r}")).format(
                name=name, allowed=allowed, given=given
            )
        return gettext(N_("error: {name} {problem}")).format(
            name=name, problem=_worded(error.message)
        )
    message = _worded(error.format_message())
    if ctx is None:
        return gettext(N_("error: {problem}")).format(problem=message)
    return gettext(N_("error: {problem}; see {command} --help")).format(
        problem=message, command=path
    )


def _as_flag(option: Any) -> Any:
    """``--help`` shown as the flag it is, without a ``<bool>`` after it."""
    if option is not None and option.metavar is None:
        option.metavar = ""
    return option


class _NamedArgument(TyperArgument):
    """An argument that shows its name (``ID``) in the help, not its Python type."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None


class _Worded:
    """A command or group in the current language: ``--lang`` among its options, the help
    option's line and ``Usage:`` worded (the vendored Click has no gettext)."""

    _lang_option: Any = None

    def get_help_option(self, ctx: Any) -> Any:
        option = _as_flag(super().get_help_option(ctx))  # type: ignore[misc]
        if option is not None:
            option.help = gettext(HELP_LINE)
        return option

    def get_params(self, ctx: Any) -> list[Any]:
        params: list[Any] = super().get_params(ctx)  # type: ignore[misc]
        if self._lang_option is None:
            self._lang_option = lang_option()
            self._lang_option.help = gettext(LANG_HELP)
        help_option = getattr(self, "_help_option", None)
        if help_option is not None and params and params[-1] is help_option:
            return [*params[:-1], self._lang_option, help_option]
        return [*params, self._lang_option]

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=gettext(USAGE))


class PlainHelp(_Worded, TyperCommand):
    """A ``pokerroom`` command whose ``--help`` reads as a flag and names its arguments."""

    def get_params(self, ctx: Any) -> list[Any]:
        params = super().get_params(ctx)
        for param in params:
            if type(param) is TyperArgument and param.metavar is not None:
                param.__class__ = _NamedArgument
        return params


class WordedGroup(_Worded, TyperGroup):
    """A group of subcommands (``tournament``, ``accounts``) in the current language."""


class OneLineErrors(_Worded, TyperGroup):
    """The ``pokerroom`` group: the library's usage errors become one line, exit code 2;
    everything is worded in the language ``--lang`` (or the environment) chose."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        typed = list(sys.argv[1:] if args is None else args)
        try:
            language = chosen_language(typed)
        except BadLanguageError as error:
            with speaking(terminal_language(None, os.environ)):
                typer.echo(error.line(), err=True)
            code: Any = USER_ERROR_EXIT
        else:
            if machine_output(typed):
                language = "en"
            with speaking(language):
                code = self._run(typed, prog_name, complete_var, windows_expand_args, **extra)
        if not standalone_mode:
            return code
        raise SystemExit(code if isinstance(code, int) else 0)

    def _run(
        self,
        args: list[str],
        prog_name: str | None,
        complete_var: str | None,
        windows_expand_args: bool,
        **extra: Any,
    ) -> Any:
        """The command the arguments name, in the current language; a usage error one line."""
        word_help(self)
        if not without_language(args):  # ``pokerroom --lang ru``: the help, as bare ``pokerroom``
            args = []
        try:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except typer.TyperException as error:
            if type(error).__name__ != "NoArgsIsHelpError":  # bare ``pokerroom`` shows the help
                typer.echo(one_line(error), err=True)
        except typer.Abort:  # end of input where the library asked for something
            typer.echo(gettext(N_("error: aborted")), err=True)
        return USER_ERROR_EXIT
