"""Schema revisions, oldest first: ``0001`` the tables, ``0002`` OFC, ``0003`` limits, decks,
``0004`` tournaments."""
