"""The events a hand is made of; the whole state is derived from them.

Players are numbered by position: 0 is the first seat left of the button and
the last number is the button (heads-up the button posts the small blind).
Amounts are integers in the smallest unit in play. Cards are ``None`` where
they are unknown (a replayed history, or a view that hides them).
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.cards import Card


@dataclass(frozen=True, slots=True)
class PostAnte:
    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class PostBlind:
    """A blind or straddle; ``amount`` may be short when it puts the player all-in (H-8)."""

    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class DealHole:
    """Cards dealt to one player; ``face_up`` cards (Stud) are seen by everyone."""

    player: int
    cards: tuple[Card | None, ...]
    face_up: bool = False


@dataclass(frozen=True, slots=True)
class Discard:
    """Draw games: cards a player throws away before his replacements (V-8)."""

    player: int
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class Burn:
    card: Card | None


@dataclass(frozen=True, slots=True)
class DealBoard:
    """Community cards; ``board`` 1 is the lower board of a double-board game (V-4), or
    run 2 when the board is run twice."""

    cards: tuple[Card | None, ...]
    board: int = 0


@dataclass(frozen=True, slots=True)
class ChooseRuns:
    """All-in before the river at a table that offers it: the rest of the board is dealt
    ``runs`` times (1 or 2), each run from the same deck after the last (run it twice).

    The table asks the players; the engine only records what they chose. Run 2 starts
    from the cards already on the board and is board index 1 afterwards.
    """

    runs: int


@dataclass(frozen=True, slots=True)
class Fold:
    """A fold; ``killed``: the dealer killed an away player's hand, in turn or not (H-9)."""

    player: int
    killed: bool = False


@dataclass(frozen=True, slots=True)
class Check:
    player: int


@dataclass(frozen=True, slots=True)
class Call:
    """A call; ``to`` is the player's commitment in this round afterwards (A-7)."""

    player: int
    to: int


@dataclass(frozen=True, slots=True)
class BetRaise:
    """A bet, raise or completion to a total of ``to`` in this round (A-7)."""

    player: int
    to: int


@dataclass(frozen=True, slots=True)
class BringIn:
    """Stud: the forced opening bet of the lowest up-card, smaller than a full bet (V-5)."""

    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class ReturnUncalled:
    """A-16: the unmatched part of a bet goes back to its owner."""

    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class Show:
    player: int
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class Muck:
    player: int


@dataclass(frozen=True, slots=True)
class Award:
    """Chips from pot ``pot`` (0 = main) to ``player``; ``share`` is 'all', 'high' or 'low'.

    ``board`` names the board whose half this is in a double-board game (P-8), or the
    run when the board was run twice (run 2 is board 1).
    """

    player: int
    amount: int
    pot: int
    share: str
    board: int = 0


Event = (
    PostAnte
    | PostBlind
    | DealHole
    | Discard
    | Burn
    | DealBoard
    | ChooseRuns
    | Fold
    | Check
    | Call
    | BetRaise
    | BringIn
    | ReturnUncalled
    | Show
    | Muck
    | Award
)
PLAYER_ACTIONS = (Fold, Check, Call, BetRaise, BringIn)
