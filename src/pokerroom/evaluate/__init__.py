"""Hand values: high, Omaha, eight-or-better low, Stud showing hands, the OFC top row."""

from pokerroom.evaluate.categories import Category
from pokerroom.evaluate.high import HighHand, best_five, evaluate_high, high_strength
from pokerroom.evaluate.low import LowHand, evaluate_low
from pokerroom.evaluate.omaha import evaluate_omaha_high, evaluate_omaha_low
from pokerroom.evaluate.showing import ShowingHand, evaluate_showing
from pokerroom.evaluate.toprow import TopRow, evaluate_top_row

__all__ = [
    "Category",
    "HighHand",
    "LowHand",
    "ShowingHand",
    "TopRow",
    "best_five",
    "evaluate_high",
    "evaluate_low",
    "evaluate_omaha_high",
    "evaluate_omaha_low",
    "evaluate_showing",
    "evaluate_top_row",
    "high_strength",
]
