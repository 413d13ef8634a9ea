"""Clubs as the database keeps them: members, roles, invitation codes, seasons."""
