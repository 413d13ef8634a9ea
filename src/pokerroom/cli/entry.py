"""The console script ``pokerroom``: loads the app, so Ctrl-C while it loads is one line too.

A command's own module (SQLAlchemy, Alembic, Textual: a few seconds) loads when that command
runs, and an interrupt then is one line as well (:mod:`pokerroom.cli.lazy_commands`); without
these an interrupt would end in a traceback before any command could catch it.
"""

from __future__ import annotations

import sys

INTERRUPTED_EXIT = 130


def main() -> None:
    """Run ``pokerroom``; an interrupt while it starts prints one line and exits 130."""
    try:
        from pokerroom.cli.app import app
    except KeyboardInterrupt:
        sys.stderr.write(_interrupted() + "\n")
        raise SystemExit(INTERRUPTED_EXIT) from None
    app()


def _interrupted() -> str:
    """ "interrupted" in the language of the command line or the environment, the app not
    loaded yet (``--lang`` read as the group will read it)."""
    try:
        import os

        from pokerroom.cli.language import typed_language
        from pokerroom.i18n import LANGUAGES, gettext, terminal_language, use_language

        typed = typed_language(sys.argv[1:])
        language = terminal_language(typed if typed in LANGUAGES else None, os.environ)
        with use_language(language):
            return gettext("interrupted")
    except BaseException:  # a second interrupt, or the catalogues unreadable: say it plainly
        return "interrupted"
