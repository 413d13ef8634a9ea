"""`pokerroom connect`: the terminal client of a server (lobby, tables, tournaments)."""
