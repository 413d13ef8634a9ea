"""Errors the command-line library finds (a bad number, an unknown option) as one line.

Typer prints these in a box of five or six lines; pokerroom prints every user
error the same way: ``error: …`` naming the option and what it takes, on
stderr, exit code 2 (see :mod:`pokerroom.cli.errors`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup

from pokerroom.cli.errors import USER_ERROR_EXIT

WHAT_IS_ALLOWED = {
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_parsing": "a number",
    "finite_number": "a finite number",
    "bool_parsing": "true or false",
}
"""What a value must be, by the kind of parsing that failed (pydantic's error types)."""


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
        return "one of " + re.sub(r"'([^']*)'", r"\1", choices[1]), first.get("input")
    allowed = WHAT_IS_ALLOWED.get(kind)
    return None if allowed is None else (allowed, first.get("input"))


def one_line(error: typer.TyperException) -> str:
    """The library's error as ``error: …``: the option, what is wrong, what is allowed."""
    ctx = getattr(error, "ctx", None)
    where = f"; see {ctx.command_path} --help" if ctx is not None else ""
    param = getattr(error, "param", None)
    option_name = getattr(error, "option_name", None)
    if option_name is not None and hasattr(error, "possibilities"):  # an unknown option
        known = sorted(getattr(error, "possibilities", None) or ())
        guess = f" (did you mean {' or '.join(known)}?)" if known else ""
        command = ctx.command_path if ctx is not None else "pokerroom"
        return f"error: {command} has no option {option_name}{guess}{where}"
    if param is not None and getattr(param, "param_type_name", "") == "option":
        name = _option_name(param)
        parsed = _parse_failure(error)
        if parsed is not None:
            allowed, given = parsed
            return f"error: {name} must be {allowed}, got {given!r}"
        return f"error: {name} {_sentence(error.message)}"
    return f"error: {_sentence(error.format_message())}{where}"


def _as_flag(option: Any) -> Any:
    """``--help`` shown as the flag it is, without a ``<bool>`` after it."""
    if option is not None and option.metavar is None:
        option.metavar = ""
    return option


class _NamedArgument(TyperArgument):
    """An argument that shows its name (``ID``) in the help, not its Python type."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None


class PlainHelp(TyperCommand):
    """A ``pokerroom`` command whose ``--help`` reads as a flag and names its arguments."""

    def get_help_option(self, ctx: Any) -> Any:
        return _as_flag(super().get_help_option(ctx))

    def get_params(self, ctx: Any) -> list[Any]:
        params = super().get_params(ctx)
        for param in params:
            if type(param) is TyperArgument and param.metavar is not None:
                param.__class__ = _NamedArgument
        return params


class OneLineErrors(TyperGroup):
    """The ``pokerroom`` group: the library's usage errors become one line, exit code 2."""

    def get_help_option(self, ctx: Any) -> Any:
        return _as_flag(super().get_help_option(ctx))

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except typer.TyperException as error:
            if type(error).__name__ != "NoArgsIsHelpError":  # bare ``pokerroom`` shows the help
                typer.echo(one_line(error), err=True)
            code = USER_ERROR_EXIT
        except typer.Abort:  # end of input where the library asked for something
            typer.echo("error: aborted", err=True)
            code = USER_ERROR_EXIT
        if not standalone_mode:
            return code
        raise SystemExit(code if isinstance(code, int) else 0)
