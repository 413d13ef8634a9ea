"""Who sits in a seat of a web table: a signed-in user or a bot, and whether he is here."""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.bots import Bot


@dataclass(slots=True)
class Occupant:
    name: str
    user: int | None
    """The :class:`pokerroom.room.seam.User` id; None for a bot."""
    bot: Bot | None = None
    style: str | None = None
    sitting_out: bool = False
    connected: bool = True
    gone_at: float | None = None
    """When the connection dropped (H-11: the grace period counts from it)."""
    banks: int = 0
    """Time banks left (A-18)."""
    bot_account: bool = False
    """A user whose account has the role ``bot``: a program plays it over its own
    connection, by the same rules and limits as a person, and the table shows it as a bot."""
    auto_muck: bool = False
    """P-5: his losing hands are mucked at showdown without asking him (a checkpoint from
    before this field reads as False: :meth:`mucks_losers`)."""

    def mucks_losers(self) -> bool:
        return bool(getattr(self, "auto_muck", False))

    def away(self, now: float, grace: float) -> bool:
        """H-9, H-11: sitting out, or disconnected for longer than the grace period."""
        if self.bot is not None:
            return False
        if self.sitting_out:
            return True
        return not self.connected and self.gone_at is not None and now - self.gone_at >= grace
