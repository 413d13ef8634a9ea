"""A tournament at the terminal table: you in one seat, bots in the others, the room playing on."""
