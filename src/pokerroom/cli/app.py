"""The ``pokerroom`` command: one Typer app, one module per command.

Errors a user can cause print one line on stderr and exit with code 2 — never
a traceback.
"""

from __future__ import annotations

import typer

from pokerroom.cli import (
    equity_command,
    eval_command,
    history_command,
    ofc_command,
    play_command,
    replay_command,
    tournament_command,
)

app = typer.Typer(
    name="pokerroom",
    help="A complete poker room: equity, hand evaluation and (soon) the game itself.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command("equity")(equity_command.equity)
app.command("eval")(eval_command.evaluate)
app.command("replay")(replay_command.replay)
app.command("play")(play_command.play)
app.command("ofc")(ofc_command.ofc)
app.command("history")(history_command.history)
app.add_typer(tournament_command.app, name="tournament")


def main() -> None:
    """Console-script entry point."""
    app()
