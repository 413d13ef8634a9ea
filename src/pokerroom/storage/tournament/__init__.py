"""Tournaments saved as they are played: their events, hands in progress, and runs resumed."""
