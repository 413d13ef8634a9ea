"""The hand engine: one hand of poker, exactly by the rules, as explicit operations and events."""

from pokerroom.engine.actions import Action, ActionKind, IllegalAction, LegalActions
from pokerroom.engine.config import HandConfig
from pokerroom.engine.hand import Hand
from pokerroom.engine.options import PROFILES, Options
from pokerroom.engine.result import PotResult, Winner
from pokerroom.engine.variants import HOLDEM, OMAHA, OMAHA_HILO, VARIANTS, Limit, Variant, omaha

__all__ = [
    "HOLDEM",
    "OMAHA",
    "OMAHA_HILO",
    "PROFILES",
    "VARIANTS",
    "Action",
    "ActionKind",
    "Hand",
    "HandConfig",
    "IllegalAction",
    "LegalActions",
    "Limit",
    "Options",
    "PotResult",
    "Variant",
    "Winner",
    "omaha",
]
