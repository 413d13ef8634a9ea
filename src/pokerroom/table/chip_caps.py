"""The most chips a table holds, and so the largest stack, blind, ante or buy-in.

Apart from :mod:`pokerroom.table.settings_check` (which loads the engine) so that
``pokerroom play --help`` can show the bound without loading it.
"""

from pokerroom.table.seating import MAX_SEATS

MAX_TABLE_CHIPS = 10**12
"""Chips a table may hold in all: far beyond any real game, well inside SQLite's integers."""
MAX_AMOUNT = MAX_TABLE_CHIPS // MAX_SEATS
"""The largest stack, blind, ante or buy-in, so that a full table stays within the cap."""
