"""Open-Face Chinese Pineapple (O-1 … O-7): rows, royalties, settlement and the hand itself."""

from pokerroom.ofc.errors import (
    CardNotDealtError,
    DiscardError,
    IllegalPlacementError,
    NotYourTurnError,
    OfcError,
    RowFullError,
    SurrenderError,
)
from pokerroom.ofc.game import DealCards, DiscardCard, HandResult, OfcHand, PlaceCard, Session
from pokerroom.ofc.game import Surrender as SurrenderEvent
from pokerroom.ofc.rows import ROW_SIZES, Board, Row, is_fouled
from pokerroom.ofc.royalties import board_royalties, row_royalty, top_royalty
from pokerroom.ofc.scoring import PairSettlement, settle, settle_pair

__all__ = [
    "ROW_SIZES",
    "Board",
    "CardNotDealtError",
    "DealCards",
    "DiscardCard",
    "DiscardError",
    "HandResult",
    "IllegalPlacementError",
    "NotYourTurnError",
    "OfcError",
    "OfcHand",
    "PairSettlement",
    "PlaceCard",
    "Row",
    "RowFullError",
    "Session",
    "SurrenderError",
    "SurrenderEvent",
    "board_royalties",
    "is_fouled",
    "row_royalty",
    "settle",
    "settle_pair",
    "top_royalty",
]
