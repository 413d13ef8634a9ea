"""One table runtime: pure rooms (commands and a clock in, per-viewer frames out) and the hub
that drives them for whoever watches — the web server's sockets or a terminal in-process.

Nothing here opens a socket, a file or a database: the server and the terminal bring those.
"""

from pokerroom.room.cash import CashRoom
from pokerroom.room.clock import ShotClock
from pokerroom.room.home import HomeRoom

__all__ = ["CashRoom", "HomeRoom", "ShotClock"]
