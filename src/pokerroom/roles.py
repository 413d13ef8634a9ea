"""The roles a web cardroom account may hold.

Apart from the account store (:mod:`pokerroom.storage.accounts`, which loads SQLAlchemy) so
that ``pokerroom accounts --help`` can name them without loading the database.
"""

ROLES = ("player", "guest", "host", "director", "admin")
"""Every role an account may hold."""
GRANTABLE = ("host", "director", "admin")
"""The roles given by ``pokerroom accounts grant``; ``player`` and ``guest`` come with sign-up."""
