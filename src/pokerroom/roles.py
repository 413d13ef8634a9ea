"""The roles a web cardroom account may hold.

Apart from the account store (:mod:`pokerroom.storage.accounts`, which loads SQLAlchemy) so
that ``pokerroom accounts --help`` can name them without loading the database.
"""

ROLES = ("player", "guest", "host", "director", "admin", "bot")
"""Every role an account may hold."""
GRANTABLE = ("host", "director", "admin", "bot")
"""The roles given by ``pokerroom accounts grant``; ``player`` and ``guest`` come with sign-up.
``bot`` marks an account a program plays with (docs/bots.md): shown as a bot at the table."""
