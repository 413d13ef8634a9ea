"""Clubs on the web: members and roles, private club games, seasons and leaderboards.

Pages in :mod:`.routes`; who may enter a club's games in :mod:`.access`; a club's finished
tournaments as a season counts them in :mod:`.results`.
"""
