"""A TCP relay between the server and PostgreSQL that a test can cut: a database outage
(the server restarting, the network gone) for one app alone, without touching the shared
PostgreSQL server or anyone else's connections."""

from __future__ import annotations

import contextlib
import socket
import threading


class OutageProxy:
    """Relays 127.0.0.1:<port> to ``upstream``; :meth:`cut` drops every connection and
    hangs up on new ones until :meth:`restore`."""

    def __init__(self, upstream: tuple[str, int]) -> None:
        self.upstream = upstream
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self.listener.getsockname()[1]
        self.up = True
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def cut(self) -> None:
        with self._lock:
            self.up = False
            for connection in self._open:
                with contextlib.suppress(OSError):
                    connection.shutdown(socket.SHUT_RDWR)
                connection.close()
            self._open.clear()

    def restore(self) -> None:
        with self._lock:
            self.up = True

    def close(self) -> None:
        self.cut()
        self.listener.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return  # closed
            with self._lock:
                if not self.up:
                    client.close()
                    continue
                server = socket.create_connection(self.upstream)
                self._open += [client, server]
            threading.Thread(target=_pump, args=(client, server), daemon=True).start()
            threading.Thread(target=_pump, args=(server, client), daemon=True).start()


def _pump(source: socket.socket, target: socket.socket) -> None:
    with contextlib.suppress(OSError):
        while data := source.recv(65536):
            target.sendall(data)
    with contextlib.suppress(OSError):
        target.shutdown(socket.SHUT_WR)
