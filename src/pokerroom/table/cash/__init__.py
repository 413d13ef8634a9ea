"""Cash tables (issue 13): buy-ins, sitting in and out, posting, top-ups and the rake (P-9)."""

from pokerroom.table.cash.rake import Rake, RakeTaken, take_rake
from pokerroom.table.cash.settings import CashSettings
from pokerroom.table.cash.table import CashHandRecord, CashSeat, CashTable

__all__ = [
    "CashHandRecord",
    "CashSeat",
    "CashSettings",
    "CashTable",
    "Rake",
    "RakeTaken",
    "take_rake",
]
