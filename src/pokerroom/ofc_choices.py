"""How long an Open-Face Chinese Pineapple session may be asked to run.

Apart from :mod:`pokerroom.ofc.game` (whose package loads the evaluator) so that
``pokerroom ofc --help`` can show the bound without loading it.
"""

MAX_HANDS = 100_000
"""The most hands a session plays: resuming one skips a draw per hand played."""
