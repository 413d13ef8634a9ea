"""The live director's console (issue 12 item 2): ``pokerroom director FILE``."""
