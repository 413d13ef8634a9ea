"""Schema revisions, oldest first: ``0001`` creates the tables."""
