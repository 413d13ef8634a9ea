"""Alembic migrations of the store, shipped in the package and run by ``open_database``.

``env.py`` is Alembic's environment script and ``versions/`` holds one module
per schema revision; none of them is imported by pokerroom itself.
"""
