"""The tournament director of seed 002 (section T of RULES.md): a pure model above the table layer.

The rules live here as data and pure functions; the clock, storage and people sit at the edges.
"""
