"""OFC errors: each names what was wrong and what is allowed, and leaves the hand unchanged."""

from pokerroom.errors import PokerroomError


class OfcError(PokerroomError, ValueError):
    """Base of every OFC rule violation."""


class IllegalPlacementError(OfcError):
    """A placement the rules do not allow (O-2)."""


class RowFullError(IllegalPlacementError):
    """A card set on a row that already holds its 5 (or 3 on top) cards (O-1)."""


class CardNotDealtError(IllegalPlacementError):
    """A card that is not among the player's dealt, still unset cards (O-2)."""


class DiscardError(IllegalPlacementError):
    """A discard where none, or no more, is allowed; or a set card where a discard is due (O-2)."""


class NotYourTurnError(IllegalPlacementError):
    """An action by a player who is not the one to set cards now (O-2, O-3, O-4)."""


class SurrenderError(OfcError):
    """A surrender after the player has set cards, or after the hand is over (O-5)."""
