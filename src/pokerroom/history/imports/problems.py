"""What an import could not read: one line per hand, naming the hand, its line and why."""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.errors import PokerroomError
from pokerroom.i18n import gettext as _


@dataclass(frozen=True, slots=True)
class Problem:
    """A hand (or a stretch of a file) left out, and why; ``line`` counts from 1."""

    line: int
    reason: str
    hand_id: str | None = None

    def __str__(self) -> str:
        if self.hand_id is None:
            where = _("line {line}").format(line=self.line)
        else:
            where = _("hand #{hand} (line {line})").format(hand=self.hand_id, line=self.line)
        return f"{where}: {_one_line(self.reason)}"


def _one_line(text: str) -> str:
    """The file's own text quoted in a reason, its line breaks and controls escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class UnreadableError(PokerroomError):
    """Raised inside one hand's reading; the reader turns it into that hand's :class:`Problem`."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
