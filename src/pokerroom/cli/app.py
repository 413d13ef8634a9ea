"""The ``pokerroom`` command: one Typer app, one module per command.

Errors a user can cause print one line on stderr and exit with code 2 — never
a traceback; the library's own (a bad number, an unknown option) too
(:mod:`pokerroom.cli.option_errors`).
"""

from __future__ import annotations

import typer

from pokerroom.cli import (
    accounts_command,
    clock_command,
    connect_command,
    director_command,
    equity_command,
    eval_command,
    history_command,
    ofc_command,
    play_command,
    replay_command,
    serve_command,
    tournament_command,
)
from pokerroom.cli.option_errors import OneLineErrors, PlainHelp

app = typer.Typer(
    name="pokerroom",
    cls=OneLineErrors,
    help="A poker room: play a series, OFC or a tournament at the terminal table, run "
    "tournaments of bots, direct a live one with its clock screen, serve the web cardroom, "
    "replay hand histories, value hands and compute equity.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command("equity", cls=PlainHelp)(equity_command.equity)
app.command("eval", cls=PlainHelp)(eval_command.evaluate)
app.command("replay", cls=PlainHelp)(replay_command.replay)
app.command("play", cls=PlainHelp)(play_command.play)
app.command("ofc", cls=PlainHelp)(ofc_command.ofc)
app.command("history", cls=PlainHelp)(history_command.history)
app.command("clock", cls=PlainHelp)(clock_command.clock)
app.command("director", cls=PlainHelp)(director_command.director)
app.command("serve", cls=PlainHelp)(serve_command.serve)
app.command("connect", cls=PlainHelp)(connect_command.connect)
app.add_typer(tournament_command.app, name="tournament")
app.add_typer(accounts_command.app, name="accounts")
