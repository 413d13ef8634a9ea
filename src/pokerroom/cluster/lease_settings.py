"""How long a table's lease lasts, how often it is renewed, and how early its owner stops.

The owner stops acting for its tables ``margin`` seconds before its last renewal could
have let the lease run out, so a process paused past that (a long GC, SIGSTOP) finds, when
it resumes, that it may no longer act, before it writes anything.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class LeaseSettings:
    seconds: float = 5.0
    """A lease's length: another process takes a dead owner's tables within this (plus
    one :attr:`renew_every`)."""
    renew_every: float = 1.0
    """How often a process renews its leases and looks for tables nobody holds."""
    margin: float = 1.5
    """How long before a lease could run out its owner stops acting for the table."""
    drain_wait: float = 10.0
    """How long a draining server waits for a hand in play to end before it hands the
    table over anyway (the next owner resumes it mid-hand)."""
    balance_every: float = 3.0
    """How often a process compares the tables it holds with its fair share (rebalancing)."""
    balance_step: int = 1
    """The fewest tables a process holding too many hands over in one round (a round hands
    over a quarter of its excess when that is more)."""
    takeover_grace: float = 3.0
    """Seconds a table taken over adds to its clocks: the player to act has the time he had
    left at the table's last saved input plus this, while the sockets reconnect."""

    def __post_init__(self) -> None:
        if not 0 < self.renew_every < self.seconds - self.margin or self.margin <= 0:
            raise ValueError(  # machine words: a programming error, never a user's
                "leases need 0 < renew_every < seconds - margin and margin > 0"
            )
