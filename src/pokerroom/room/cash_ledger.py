"""A cash table's own ledger: each player's buy-ins, top-ups and cash-outs, and the rake.

It is part of the room, so it is saved as the room is (its inputs replayed, its
checkpoints) and a follower's copy of the table holds the same ledger. Players are kept by
account; the name is the one he last sat with. Nothing is made or lost: chips at the table
+ ``taken`` + ``rake`` = ``bought_in`` + ``topped_up`` at every moment.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pokerroom.settle.ledger import Account
from pokerroom.settle.settlement import Settlement, settle_up


@dataclass
class CashLedger:
    """Chips that came to the table and left it, by user id."""

    names: dict[int, str] = field(default_factory=dict)
    """Each player who ever sat, in the order they first did."""
    bought_in: dict[int, int] = field(default_factory=dict)
    topped_up: dict[int, int] = field(default_factory=dict)
    taken: dict[int, int] = field(default_factory=dict)
    """Chips taken away by players who left (or were cashed out at a hand's end)."""
    rake: int = 0
    """What the house took (P-9)."""

    def buy_in(self, user: int, name: str, chips: int) -> None:
        self.names[user] = name
        _add(self.bought_in, user, chips)

    def top_up(self, user: int, chips: int) -> None:
        _add(self.topped_up, user, chips)

    def cash_out(self, user: int, chips: int) -> None:
        _add(self.taken, user, chips)

    def settlement(self, stacks: Mapping[int, int]) -> Settlement:
        """The settle-up now: a player still seated (``stacks``: his chips by user id)
        cashes out his stack, the house the rake."""
        accounts = tuple(
            Account(
                name,
                self.bought_in.get(user, 0),
                self.topped_up.get(user, 0),
                self.taken.get(user, 0) + stacks.get(user, 0),
            )
            for user, name in self.names.items()
        )
        seated = frozenset(self.names[user] for user in stacks if user in self.names)
        return settle_up(accounts, self.rake, seated)


def _add(book: dict[int, int], user: int, chips: int) -> None:
    book[user] = book.get(user, 0) + chips
