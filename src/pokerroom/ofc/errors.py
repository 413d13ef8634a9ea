"""OFC errors: each names what was wrong and what is allowed, and leaves the hand unchanged."""

from pokerroom.errors import PokerroomError
from pokerroom.said import Said


class OfcError(PokerroomError, ValueError):
    """Base of every OFC rule violation. ``message`` may be an ``N_`` template filled from
    ``params``: ``str(error)`` is the English sentence, :attr:`said` the same as a
    :class:`~pokerroom.said.Said` that :func:`pokerroom.ofc.words.refusal_text` words for
    the player in his language."""

    def __init__(self, message: str = "", **params: object) -> None:
        said = message if isinstance(message, Said) else Said(message, **params)
        super().__init__(str(said))
        self.said = said


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
