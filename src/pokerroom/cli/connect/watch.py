"""The text mode of ``pokerroom connect``: every frame of the table printed as lines, and
what the player types sent as messages (:mod:`pokerroom.cli.connect.typed`).

Typing waits for the first snapshot (a command needs the table it acts on). ``quit`` (or
Ctrl+C) leaves; the end of the input only stops the typing, the watching goes on. Lines
are read by a daemon thread, so a link that ends for good never waits for a keystroke.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from typing import Any

from pokerroom.cli.connect.typed import QUIT, typed
from pokerroom.cli.connect.view import View
from pokerroom.client.errors import ClientError
from pokerroom.client.server_link import ServerLink
from pokerroom.errors import UsageError
from pokerroom.i18n import gettext

Echo = Callable[[str], None]


async def stdin_lines() -> AsyncIterator[str]:
    """The lines typed on standard input, until its end."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[str | None] = asyncio.Queue()

    def put(line: str | None) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is gone: nobody reads any more
            loop.call_soon_threadsafe(queue.put_nowait, line)

    def read() -> None:
        for line in sys.stdin:
            put(line)
        put(None)

    threading.Thread(target=read, name="pokerroom-typing", daemon=True).start()
    while (line := await queue.get()) is not None:
        yield line


async def watch_table(
    link: ServerLink,
    lines: AsyncIterator[str],
    echo: Echo,
    warn: Echo,
    first: Sequence[Mapping[str, Any]] = (),
) -> ClientError | None:
    """Print the table until the player quits or the link ends; why it ended for good.
    ``first`` is sent as the table opens (``--seat``)."""
    for message in first:
        await link.send(message)
    view = View()
    ready = asyncio.Event()
    last: dict[str, Mapping[str, Any]] = {}

    async def typing() -> None:
        await ready.wait()
        async for line in lines:
            try:
                message = typed(line, last.get("table"))
            except UsageError as error:
                warn(gettext("error: {error}").format(error=error))
                continue
            if message is None:
                continue
            if message["type"] == QUIT:
                await link.close()
                return
            try:
                await link.send(message)
            except ClientError:
                return  # the link has ended; its frames say why

    task = asyncio.get_running_loop().create_task(typing())
    try:
        async for frame in link.frames():
            if frame["type"] == "link" and frame["state"] == "closed" and link.failure:
                break
            for text in view.lines(frame):
                echo(text)
            if frame["type"] in ("table", "tournament"):
                last["table"] = frame
                ready.set()
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    return link.failure
