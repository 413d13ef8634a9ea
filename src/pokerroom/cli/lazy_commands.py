"""Commands imported when they run: ``pokerroom --help`` lists them without importing any.

A command's module imports what the command needs — the evaluator's tables, numba, the
storage, Textual — which takes seconds; the list of commands needs only each one's name and
summary. So the group holds, for each command not yet run, a stand-in that carries its
summary; running a command (or asking for its ``--help``) imports its module and puts the
real command in the stand-in's place. ``tests/test_cli_startup.py`` checks that the
summaries read exactly as the commands' own help and that the heavy parts stay unimported.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import typer
from typer.core import TyperCommand

from pokerroom.cli.entry import INTERRUPTED_EXIT
from pokerroom.cli.language import word_help
from pokerroom.cli.option_errors import OneLineErrors, PlainHelp
from pokerroom.i18n import gettext
from pokerroom.i18n.marker import N_

if TYPE_CHECKING:  # Typer carries its own click and exports neither type
    from typer._click import Command, Context


@dataclass(frozen=True, slots=True)
class Listed:
    """A command as the group's ``--help`` lists it, and where its code lives.

    ``attribute`` of ``module`` is the command's function, or a :class:`typer.Typer` of
    subcommands; ``summary`` is the first paragraph of its help.
    """

    module: str
    attribute: str
    summary: str


class _StandIn(TyperCommand):
    """A command not imported yet: its name and summary, for the list of commands."""


def loaded(name: str, listed: Listed) -> Command:
    """The real command ``listed`` names, its module imported.

    Ctrl-C while the module loads is one line and exit 130, as while ``pokerroom`` starts
    (:mod:`pokerroom.cli.entry`).
    """
    try:
        module = importlib.import_module(listed.module)
    except KeyboardInterrupt:
        sys.stderr.write(gettext(N_("interrupted")) + "\n")
        raise SystemExit(INTERRUPTED_EXIT) from None
    target = getattr(module, listed.attribute)
    command: Command
    if isinstance(target, typer.Typer):
        command = typer.main.get_group(target)
        command.name = name
    else:
        alone = typer.Typer(add_completion=False)
        alone.command(name, cls=PlainHelp)(target)
        command = typer.main.get_command(alone)
    word_help(command)  # in the language the group chose
    return command


class LazyCommands(OneLineErrors):
    """A group whose commands are the :class:`Listed` of :attr:`listed`, imported as they run."""

    listed: ClassVar[Mapping[str, Listed]] = {}

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        for name, listed in self.listed.items():
            self.commands[name] = _StandIn(name, help=listed.summary)

    def resolve_command(
        self, ctx: Context, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if name is not None and isinstance(command, _StandIn):
            command = self.commands[name] = loaded(name, self.listed[name])
        return name, command, rest
