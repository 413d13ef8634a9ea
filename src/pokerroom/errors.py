"""Named errors a user can act on: each message says what was wrong and what is allowed."""


class PokerroomError(Exception):
    """Base of every error pokerroom raises on purpose."""


class CardError(PokerroomError, ValueError):
    """Card input that cannot be used: unknown token, duplicate, or wrong count."""


class CardParseError(CardError):
    """A token that is not a card (C-1)."""


class DuplicateCardError(CardError):
    """The same card given twice where one deck is in play (C-1)."""


class CardCountError(CardError):
    """The wrong number of cards for what was asked."""


class DeckError(PokerroomError, ValueError):
    """A deal the deck cannot make, even after C-6 reshuffles."""


class UsageError(PokerroomError, ValueError):
    """An option value outside what the command accepts."""
