"""The console script ``pokerroom``: loads the commands, so Ctrl-C while they load is one line too.

The command modules import SQLAlchemy, Alembic and Textual, which takes a few seconds; an
interrupt then would otherwise end in a traceback before any command could catch it.
"""

from __future__ import annotations

import sys

INTERRUPTED_EXIT = 130


def main() -> None:
    """Run ``pokerroom``; an interrupt while it starts prints one line and exits 130."""
    try:
        from pokerroom.cli.app import app
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        raise SystemExit(INTERRUPTED_EXIT) from None
    app()
