"""The terminal tables need a terminal: without one they would wait for keys for ever.

Run from a pipe, a file or CI (no terminal on standard input or output), ``play``
and ``ofc`` stop at once with one line instead of spinning on input that never
comes; ``--all-bots`` plays without one.
"""

from __future__ import annotations

import sys

from pokerroom.errors import UsageError
from pokerroom.i18n.marker import N_

NO_TERMINAL = N_("no terminal: use --all-bots for unattended play")
"""Worded when it is shown (:func:`pokerroom.cli.errors.error_line`)."""


def at_a_terminal() -> bool:
    """Whether both standard input and standard output are a terminal."""
    return all(stream is not None and stream.isatty() for stream in (sys.stdin, sys.stdout))


def require_terminal() -> None:
    """Refuse, with :data:`NO_TERMINAL`, to open a table no one can reach."""
    if not at_a_terminal():
        raise UsageError(NO_TERMINAL)
