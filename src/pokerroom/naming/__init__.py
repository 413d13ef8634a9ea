"""What a name at the room may be and when two names are the same person: pure rules, used
by the accounts, the tournament desk and the tables alike."""
