"""Saved as you go: series, OFC sessions, tournaments, players and hands in a database.

The embedded SQLite database lives in the user's data directory, or in
``$POKERROOM_DATA_DIR``; a PostgreSQL server (``$POKERROOM_DATABASE``) or any other
place is used when :func:`open_database` is told (:mod:`pokerroom.storage.database`).
Its schema is made and upgraded by the Alembic migrations shipped in
:mod:`pokerroom.storage.migrations`.
"""

from pokerroom.storage.codec import Decision, StorageError, apply_decisions, decisions_of
from pokerroom.storage.database import (
    DATA_DIR_ENV,
    DATABASE_ENV,
    Database,
    data_dir,
    database_url,
    open_database,
)
from pokerroom.storage.models import PlayerKind
from pokerroom.storage.ofc.log import OfcLog, ResumedOfcSession, resume_ofc_session
from pokerroom.storage.ofc.rows import OfcHandInProgress, SavedOfcHand, SavedOfcSession
from pokerroom.storage.ofc.store import OfcStore, StaleSessionError, ofc_document, positions
from pokerroom.storage.series_log import Resumed, SeriesLog, resume_series
from pokerroom.storage.store import (
    HandInProgress,
    Player,
    SavedHand,
    SavedSeries,
    SeriesStore,
    phhs_document,
)

__all__ = [
    "DATABASE_ENV",
    "DATA_DIR_ENV",
    "Database",
    "Decision",
    "HandInProgress",
    "OfcHandInProgress",
    "OfcLog",
    "OfcStore",
    "Player",
    "PlayerKind",
    "Resumed",
    "ResumedOfcSession",
    "SavedHand",
    "SavedOfcHand",
    "SavedOfcSession",
    "SavedSeries",
    "SeriesLog",
    "SeriesStore",
    "StaleSessionError",
    "StorageError",
    "apply_decisions",
    "data_dir",
    "database_url",
    "decisions_of",
    "ofc_document",
    "open_database",
    "phhs_document",
    "positions",
    "resume_ofc_session",
    "resume_series",
]
