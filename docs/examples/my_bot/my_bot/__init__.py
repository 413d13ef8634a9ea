"""An example pokerroom bot package (see docs/bots.md)."""
