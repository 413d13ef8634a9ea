"""Opponents to play against: each decides from what its own seat may see (X-4)."""

from collections.abc import Callable

from pokerroom.bots.base import Bot, play_hand, tell_hand_over
from pokerroom.bots.equity_bot import EquityBot
from pokerroom.bots.reading import STYLES, ReadingBot, Style
from pokerroom.bots.simple import CallingStation, RandomBot
from pokerroom.bots.tournament_bot import TournamentBot

BOTS: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "station": lambda _seed: CallingStation(),
    "equity": EquityBot,
    "tournament": TournamentBot,
}
"""Bot styles by name, each made from a seed."""


def _reader(style: Style) -> Callable[[int | None], Bot]:
    return lambda seed: ReadingBot(seed, style)


BOTS.update({name: _reader(style) for name, style in STYLES.items()})

__all__ = [
    "BOTS",
    "Bot",
    "CallingStation",
    "EquityBot",
    "RandomBot",
    "ReadingBot",
    "TournamentBot",
    "play_hand",
    "tell_hand_over",
]
