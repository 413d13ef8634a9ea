"""A bot that reads its opponents' ranges: weighted hands narrowed by their actions,
a model of each opponent across hands, equity against the ranges, four styles."""

from pokerroom.bots.reading.bot import ReadingBot
from pokerroom.bots.reading.styles import STYLES, Style

__all__ = ["STYLES", "ReadingBot", "Style"]
