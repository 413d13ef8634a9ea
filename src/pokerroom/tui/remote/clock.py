"""The server's clock, read on this machine: every deadline in a frame is on the server's
clock and the frame says what time it was there (``now``), so the seconds left are
``deadline - now`` when the frame arrived, less the time passed here since (A-18)."""

from __future__ import annotations

import time
from collections.abc import Callable


class ServerClock:
    """Server time as this machine can tell it, corrected at each frame's arrival."""

    def __init__(self, local: Callable[[], float] = time.monotonic) -> None:
        self._local = local
        self._offset: float | None = None

    def sync(self, server_now: float) -> None:
        """A frame built at ``server_now`` has just arrived."""
        self._offset = server_now - self._local()

    def left(self, deadline: float | None) -> float | None:
        """Seconds until ``deadline`` (server clock); None when there is none or no frame
        has told the time yet."""
        if deadline is None or self._offset is None:
            return None
        return deadline - (self._local() + self._offset)
