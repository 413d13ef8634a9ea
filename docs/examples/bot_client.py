"""Play a table of a pokerroom server with a bot, signed in as a bot account.

    python bot_client.py URL NAME PASSWORD TABLE [--bot equity] [--seat N] [--hands N]

The account is made like any other (sign up on the server); its admin then marks it with
``pokerroom accounts grant NAME bot``, so every table shows it as a bot. The client speaks
the table protocol (docs/protocol.md) as ``pokerroom connect`` does, with the same rate
limit as a person, and sees only what a player in its seat sees. It takes the first free
seat (or --seat), and for every decision the table asks of it lets a pokerroom bot (any
name of ``pokerroom play --bots``, plug-ins included) decide from the frame.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Mapping
from typing import Any

from pokerroom.bots import Bot
from pokerroom.bots.registry import make_bot
from pokerroom.client.bot_seat import reply, safe_reply
from pokerroom.client.errors import ClientError
from pokerroom.client.http import Server
from pokerroom.client.server_link import ServerLink
from pokerroom.client.signing_in import log_in
from pokerroom.errors import UsageError


def sit(frame: Mapping[str, Any], seat: int | None) -> dict[str, object] | None:
    """The message that takes a seat, or None when seated or the table is full."""
    if frame["you"]["seat"] is not None:
        return None
    free = [s["seat"] for s in frame["seats"] if s["name"] is None]
    chosen = seat if seat in free else (free[0] if free and seat is None else None)
    if chosen is None:
        return None
    message: dict[str, object] = {"type": "sit", "seat": chosen}
    if frame["kind"] == "cash":
        message["buy_in"] = frame["cash"]["max_buy_in"]
    return message


async def play(link: ServerLink, bot: Bot, seat: int | None, hands: int) -> int:
    """Play until ``hands`` hands are over (0: until the link closes); the hands seen end."""
    latest: Mapping[str, Any] | None = None
    answered: str | None = None
    rescued: str | None = None
    sitting = False
    finished = 0
    async for frame in link.frames():
        if frame["type"] == "link":
            print(f"link {frame['state']}: {frame['message']}")
        elif frame["type"] == "error":
            print(f"refused: {frame['message']}")
            if frame["code"] == "seat_taken":
                sitting = False  # another free seat, at the next frame
            elif latest is not None and answered not in (None, rescued):
                rescued = answered  # the bot's move was refused: a safe one, once
                if (safe := safe_reply(latest)) is not None:
                    await link.send(safe)
        elif frame["type"] == "table":
            latest = frame
            if not sitting and (message := sit(frame, seat)) is not None:
                await link.send(message)
                sitting = True
            hand = frame["hand"]
            if hand is not None and hand["turn"] != answered:
                decision = reply(bot, frame)
                if decision is not None:
                    answered = hand["turn"]
                    await link.send(decision)
            if frame["results"] and frame["results"][0]["number"] > finished:
                finished = frame["results"][0]["number"]
                print(f"hand {finished} over")
                if hands and finished >= hands:
                    await link.close()
    return finished


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", help="the server, e.g. http://127.0.0.1:8000")
    parser.add_argument("name", help="the bot account's name")
    parser.add_argument("password")
    parser.add_argument("table", help="the table's id (the last part of its address)")
    parser.add_argument("--bot", default="equity", help="a bot's name (default: equity)")
    parser.add_argument("--seat", type=int, default=None, help="the seat to take")
    parser.add_argument("--hands", type=int, default=0, help="stop after this many hands")
    options = parser.parse_args()
    try:
        server = Server.parse(options.url)
        session = log_in(server, options.name, options.password)
        bot = make_bot(options.bot, None)
    except (ClientError, UsageError) as error:
        raise SystemExit(f"bot_client: {error}") from None
    link = ServerLink(server, options.table, session)
    asyncio.run(play(link, bot, options.seat, options.hands))


if __name__ == "__main__":
    main()
