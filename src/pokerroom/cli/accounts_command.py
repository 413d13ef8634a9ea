"""``pokerroom accounts``: the web cardroom's accounts — list them, give or take a role.

Signing up (in the browser) makes a ``player`` who may also ``host`` home games; a guest
comes by an invite link. ``grant NAME ROLE`` gives ``director`` (runs tournaments on the
web, T-16), ``admin`` (every room, every invite), ``bot`` (a program plays the account,
and the table says so: docs/bots.md) or ``host`` back; ``revoke`` takes one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from pokerroom.cli.errors import user_errors
from pokerroom.cli.option_errors import PlainHelp, WordedGroup
from pokerroom.i18n import gettext
from pokerroom.i18n.marker import N_
from pokerroom.roles import GRANTABLE

if TYPE_CHECKING:
    from pokerroom.storage.accounts import Account

app = typer.Typer(
    cls=WordedGroup,
    name="accounts",
    help=N_("The web cardroom's accounts: list them, grant or revoke a role."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

Database = Annotated[
    str | None,
    typer.Option(
        "--database",
        metavar="URL",
        help="The database of pokerroom serve (a URL or SQLite file); default: the data directory.",
    ),
]
Name = Annotated[str, typer.Argument(metavar="NAME", help="The account's name (any case).")]
Role = Annotated[
    str, typer.Argument(metavar="ROLE", help=f"One of {', '.join(GRANTABLE)}.", show_default=False)
]


def _line(account: Account) -> str:
    return f"{account.name}: {', '.join(sorted(account.roles))}"


@app.command("list", cls=PlainHelp)
def list_accounts(database: Database = None) -> None:
    """List every account with its roles, oldest first."""
    from pokerroom.storage.accounts import AccountStore

    with user_errors(), AccountStore.open(database) as store:
        accounts = store.accounts()
        if not accounts:
            none_yet = N_("no accounts yet in {location}: sign up on pokerroom serve")
            typer.echo(gettext(none_yet).format(location=store.database.location))
        for account in accounts:
            typer.echo(_line(account))


@app.command("grant", cls=PlainHelp)
def grant(name: Name, role: Role, database: Database = None) -> None:
    """Give the account NAME the role ROLE."""
    from pokerroom.storage.accounts import AccountStore, checked_role

    with user_errors():
        checked_role(role, GRANTABLE)  # before the database is opened (or made)
        with AccountStore.open(database) as store:
            typer.echo(_line(store.grant(name, role)))


@app.command("revoke", cls=PlainHelp)
def revoke(name: Name, role: Role, database: Database = None) -> None:
    """Take the role ROLE from the account NAME."""
    from pokerroom.storage.accounts import AccountStore, checked_role

    with user_errors():
        checked_role(role, GRANTABLE)  # before the database is opened (or made)
        with AccountStore.open(database) as store:
            typer.echo(_line(store.revoke(name, role)))
