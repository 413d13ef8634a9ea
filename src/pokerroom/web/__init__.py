"""The web cardroom: people at different screens play the same engine over WebSockets.

The rules stay below: a room drives the engine and the table layer; this package adds the
seats' owners, what each viewer may see (X-4), and the server's edge (HTTP, sockets, clock).
"""
