"""Hand histories: PHH documents in and out, and replaying them through the engine."""

from pokerroom.history.phh.documents import (
    GAMES,
    ActionCode,
    PhhAction,
    PhhError,
    PhhGame,
    PhhHand,
    parse_hands,
    parse_phh,
    parse_phhs,
    read_hands,
)
from pokerroom.history.phh.view import phh_seen_by
from pokerroom.history.phh.writing import write_phh, write_phh_seen_by
from pokerroom.history.replay import ReplayError, ReplayResult, replay_hand

__all__ = [
    "GAMES",
    "ActionCode",
    "PhhAction",
    "PhhError",
    "PhhGame",
    "PhhHand",
    "ReplayError",
    "ReplayResult",
    "parse_hands",
    "parse_phh",
    "parse_phhs",
    "phh_seen_by",
    "read_hands",
    "replay_hand",
    "write_phh",
    "write_phh_seen_by",
]
