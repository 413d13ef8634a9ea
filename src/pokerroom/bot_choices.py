"""The bots a new home series seats by default: a mix of the reading bot's styles.

Kept out of :mod:`pokerroom.bots` (like :mod:`pokerroom.game_choices`) so the command
line and the web lobby can name the line-up without loading the bots themselves.
"""

LINE_UP = ("tight-aggressive", "loose-aggressive", "tight-passive", "loose-passive")
"""Cycled over the bot seats, first seat first."""
