"""How many play an Open-Face Chinese Pineapple session, and how long it may be asked to run.

Apart from :mod:`pokerroom.ofc.game` (whose package loads the evaluator) so that
``pokerroom ofc --help`` can show the bounds without loading it.
"""

MAX_HANDS = 100_000
"""The most hands a session plays: resuming one skips a draw per hand played."""

MIN_PLAYERS, MAX_PLAYERS = 2, 3
"""O-2: OFC Pineapple is for two or three players."""
