"""Bots as a tournament's players: each entrant gets a bot of one of the named kinds.

Kinds come from the registry by name (:mod:`pokerroom.bots.registry`: the built-in bots
and any installed plug-in). Entrant *i* plays ``kinds[i % len(kinds)]``, seeded from the run's
seed and his index, and keeps his bot through re-entries. Before each hand the run hands
them the lobby's standing (:meth:`BotPlayers.see_standing`): tournament bots take their
bubble pressure from it (:func:`~pokerroom.bots.bubble_pressure.bubble_pressure`).
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.bots import Bot
from pokerroom.bots.base import tell_hand_over
from pokerroom.bots.bubble_pressure import bubble_pressure
from pokerroom.bots.registry import bot_kinds, check_bot, make_bot
from pokerroom.bots.tournament_bot import TournamentBot
from pokerroom.engine import Hand
from pokerroom.engine.views import view_of
from pokerroom.errors import UsageError
from pokerroom.tournament.standing import Standing


def check_kinds(kinds: Sequence[str]) -> tuple[str, ...]:
    """The bot kinds named, each one known; one clear error otherwise."""
    known = bot_kinds()
    if not kinds:
        raise UsageError(f"name at least one bot kind: {', '.join(known)}")
    for kind in kinds:
        check_bot(kind)  # a broken plug-in says what went wrong
        if kind not in known:
            raise UsageError(f"unknown bot kind {kind!r}; choose from {', '.join(known)}")
    return tuple(kinds)


class BotPlayers:
    """Plays every seat of a tournament hand with the entrant's own bot."""

    def __init__(self, kinds: Sequence[str], players: Sequence[str], seed: int) -> None:
        self._kinds = check_kinds(kinds)
        self._bots: dict[str, Bot] = {}
        self._index = {player: index for index, player in enumerate(players)}
        self._seed = seed
        self._standing: Standing | None = None

    def see_standing(self, standing: Standing) -> None:
        """The standing before the next hand: how near the money is."""
        self._standing = standing

    def kind_of(self, player: str) -> str:
        return self._kinds[self._index.get(player, 0) % len(self._kinds)]

    def _bot(self, player: str) -> Bot:
        bot = self._bots.get(player)
        if bot is None:
            index = self._index.get(player, len(self._index))
            bot = self._bots[player] = make_bot(
                self.kind_of(player), self._seed * 1_000_003 + index
            )
        return bot

    def bots_for(self, hand: Hand, players: Sequence[str]) -> list[Bot]:
        """Each position's bot, tournament bots minding the bubble by their stacks; for a
        table where some seats are played by people."""
        bots = [self._bot(player) for player in players]
        standing = self._standing
        if standing is not None:
            for bot, stack in zip(bots, hand.config.stacks, strict=True):
                if isinstance(bot, TournamentBot):
                    bot.pressure = bubble_pressure(standing, stack)
        return bots

    def seats_apart(
        self, hand: Hand, players: Sequence[str], table: int, number: int
    ) -> dict[int, tuple[str, int, float]]:
        """For a table played apart (its own bots, its own journal): each of ``players``
        who is an entrant's bot, by position, as its kind, a seed for a new bot of his at
        ``table`` from hand ``number`` on, and its bubble pressure now."""
        standing = self._standing
        seats = {}
        for position, (player, stack) in enumerate(zip(players, hand.config.stacks, strict=True)):
            index = self._index.get(player, len(self._index))
            pressure = 0.0 if standing is None else bubble_pressure(standing, stack)
            seed = (((self._seed * 1_000_003 + index) * 1_009 + table) * 1_000_033 + number) % 2**63
            seats[position] = (self.kind_of(player), seed, pressure)
        return seats

    def __call__(self, hand: Hand, players: Sequence[str]) -> int:
        """Act and draw for every position until the hand is over; the decisions made."""
        bots = self.bots_for(hand, players)
        decisions = 0
        while hand.phase in ("bet", "draw"):
            position = hand.to_act if hand.phase == "bet" else hand.to_draw
            if position is None:
                break
            view = view_of(hand, position, tuple(players))
            if hand.phase == "bet":
                hand.act(bots[position].decide(view), position)
            else:
                hand.draw(bots[position].discard(view), position)
            decisions += 1
        tell_hand_over(hand, dict(enumerate(bots)), players)
        return decisions
