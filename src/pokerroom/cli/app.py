"""The ``pokerroom`` command: one Typer app, one module per command.

Errors a user can cause print one line on stderr and exit with code 2 — never
a traceback; the library's own (a bad number, an unknown option) too
(:mod:`pokerroom.cli.option_errors`). A command's module is imported only when
that command runs (:mod:`pokerroom.cli.lazy_commands`), so ``pokerroom --help``
starts at once.
"""

from __future__ import annotations

from typing import ClassVar

import typer

from pokerroom.cli.lazy_commands import LazyCommands, Listed
from pokerroom.i18n.marker import N_

RULE_BOOK_HINT = N_(
    "A rule ID in a message (A-8, T-6, ...) is explained in the rule book, docs/rules.md."
)


class PokerroomCommands(LazyCommands):
    """The commands of ``pokerroom``, in the order its ``--help`` lists them."""

    listed: ClassVar[dict[str, Listed]] = {
        "equity": Listed(
            "pokerroom.cli.equity_command",
            "equity",
            N_("Each hand's win, tie and equity: exact when feasible, otherwise Monte Carlo."),
        ),
        "eval": Listed(
            "pokerroom.cli.eval_command",
            "evaluate",
            N_("Print the best hand the cards make and its description."),
        ),
        "replay": Listed(
            "pokerroom.cli.replay_command",
            "replay",
            N_("Replay hand histories through the rules engine; exit 1 if any action is illegal."),
        ),
        "play": Listed(
            "pokerroom.cli.play_command",
            "play",
            N_("Play a series at the terminal table, against bots or in hot seat."),
        ),
        "ofc": Listed(
            "pokerroom.cli.ofc_command",
            "ofc",
            N_(
                "Play Open-Face Chinese Pineapple against bots; all is saved as you go "
                "(pokerroom history)."
            ),
        ),
        "history": Listed(
            "pokerroom.cli.history_command",
            "history",
            N_(
                "List the hands of a saved series or OFC session, show a tournament's results, "
                "or export."
            ),
        ),
        "clock": Listed(
            "pokerroom.cli.clock_command",
            "clock",
            N_("Show a tournament's clock full-screen, for a TV or a projector."),
        ),
        "director": Listed(
            "pokerroom.cli.director_command",
            "director",
            N_("Run a live tournament dealt with real cards, saved as it happens."),
        ),
        "serve": Listed(
            "pokerroom.cli.serve_command",
            "serve",
            N_("Run the web cardroom: the lobby, sign-up and log-in, the tables."),
        ),
        "connect": Listed(
            "pokerroom.cli.connect.command",
            "connect",
            N_("Play at a web cardroom's tables from this terminal."),
        ),
        "tournament": Listed(
            "pokerroom.cli.tournament.command",
            "app",
            N_(
                "Tournaments: check a regulation (T-3), list the examples, run one with bots, "
                "play one at the terminal table, export a saved one."
            ),
        ),
        "club": Listed(
            "pokerroom.cli.club_command",
            "app",
            N_("A club's season: the standings table from its tournaments' results."),
        ),
        "accounts": Listed(
            "pokerroom.cli.accounts_command",
            "app",
            N_("The web cardroom's accounts: list them, grant or revoke a role."),
        ),
    }


app = typer.Typer(
    name="pokerroom",
    cls=PokerroomCommands,
    help=N_(
        "A poker room: play a series, OFC or a tournament at the terminal table, run "
        "tournaments of bots, direct a live one with its clock screen, serve the web "
        "cardroom, replay hand histories, value hands and compute equity."
    ),
    epilog=RULE_BOOK_HINT,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _room() -> None:
    """The group's own step before any command: none (Typer needs one for a group)."""
