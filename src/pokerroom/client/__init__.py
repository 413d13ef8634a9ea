"""The cardroom's network client: what a terminal (or a script) needs to play on a server."""
