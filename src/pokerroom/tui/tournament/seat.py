"""Your seat in a tournament run: the hand player that hands your hands to the screen.

The run (:class:`~pokerroom.tournament.american.AmericanRun`) deals every table in
simulated time on its own thread and asks a hand player to play each hand to its end
before it goes on. :class:`YourSeat` is that player: bots play every hand you are not in
at once; a hand you are dealt goes to the screen, and the run waits until the screen
answers that the hand is over (your keys play it there, the bots at your table with it).
After you bust, the hands of the table you watch go to the screen too, each once it is
over. What happens to you in the room (a move, a break, a bust, the end) is news for the
screen. Nothing here knows the screen's toolkit: it posts to it through ``post`` (Textual's
``call_from_thread``), so the tournament layer stays free of the interface.
"""

from __future__ import annotations

import queue
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from pokerroom.bots import Bot
from pokerroom.bots.tournament_players import BotPlayers
from pokerroom.engine import Hand
from pokerroom.table.seating import Blinds, positions
from pokerroom.tournament.american import AmericanRun, decisions
from pokerroom.tournament.clock.events import BreakStarted, LevelStarted
from pokerroom.tournament.events import BustOut, Paid, Seated, TournamentEvent, Won
from pokerroom.tournament.lobby import Lobby, lobby_of, prize_now
from pokerroom.tournament.seating.floor import Floor, HandStart
from pokerroom.tournament.seating.moves import Move
from pokerroom.tournament.standing import Standing
from pokerroom.tournament.structure import Break, Level


class Left(Exception):  # noqa: N818 - a way out, not an error
    """You left the table while the tournament needed you: the run stops here."""


@dataclass(frozen=True, slots=True)
class Deal:
    """One hand dealt at a table: who sits where, the markers and the level."""

    table: int
    seats: tuple[int, ...]
    """Seat numbers by engine position."""
    players: tuple[str, ...]
    """Players by engine position."""
    size: int
    blinds: Blinds
    level: int


@dataclass(frozen=True, slots=True)
class Moved:
    move: Move


@dataclass(frozen=True, slots=True)
class Busted:
    place: int
    prize: int
    entries: int


@dataclass(frozen=True, slots=True)
class OnBreak:
    pause: Break


@dataclass(frozen=True, slots=True)
class NewLevel:
    level: Level


@dataclass(frozen=True, slots=True)
class Finished:
    winner: str
    paid: tuple[tuple[int, str, int], ...]
    """(place, player, prize) of every paid place."""


News = Moved | Busted | OnBreak | NewLevel | Finished


class Screen(Protocol):
    """What the seat asks of the screen; called on the screen's own thread."""

    def take_hand(self, deal: Deal, hand: Hand, bots: Sequence[Bot], lobby: Lobby) -> None: ...

    def watch_hand(self, deal: Deal, hand: Hand, lobby: Lobby) -> None: ...

    def hear(self, news: News, lobby: Lobby | None) -> None: ...


Post = Callable[[Callable[[], None]], object]


class YourSeat:
    """The run's hand player and listener for one person's seat (``player``)."""

    def __init__(
        self,
        player: str,
        bots: BotPlayers,
        screen: Screen,
        post: Post,
        *,
        on_dealt: Callable[[int, Hand], None] | None = None,
    ) -> None:
        self.player = player
        self._on_dealt = on_dealt
        """Told of your hand before the screen (a saved one is brought back, C-3)."""
        self._bots = bots
        self._screen = screen
        self._post = post
        self._replies: queue.Queue[bool] = queue.Queue()
        self._deal: Deal | None = None
        self._paid: list[tuple[int, str, int]] = []
        self.run: AmericanRun | None = None
        """Set once the run is built (:meth:`sit_down`): the lobby is read from it."""
        self.out = False
        self.watching = True
        """After the bust: whether the screen wants to see the hands of ``watched``."""
        self.watched: int | None = None
        """The table you last sat at: the one an observer follows while it plays."""

    # ----- the screen's answers (from the screen's thread)

    def go_on(self) -> None:
        """The hand shown is over, the break is over for you: the run goes on."""
        self._replies.put(True)

    def leave(self) -> None:
        """You get up: a run waiting for you stops (:class:`Left`), one that does not
        (you are out and stop watching) plays on to the end without you."""
        self.watching = False
        self._replies.put(False)

    def _wait(self) -> None:
        if not self._replies.get():
            if not self.out:
                raise Left
            self.watching = False

    # ----- the run's questions (from the run's thread)

    def see_standing(self, standing: Standing) -> None:
        self._bots.see_standing(standing)

    def settles_showdown(self, players: Sequence[str]) -> bool:
        """P-5: at your table you show or muck yourself."""
        return self.player in players

    def on_deal(self, start: HandStart, floor: Floor, level: int) -> None:
        """The seats of the hand about to be played, by engine position."""
        assert start.blinds is not None
        by_seat = dict(start.players)
        size = floor.table(start.table).size
        order = positions(start.blinds, list(by_seat), size)
        players = tuple(by_seat[seat] for seat in order)
        self._deal = Deal(start.table, tuple(order), players, size, start.blinds, level)

    def __call__(self, hand: Hand, players: Sequence[str]) -> int:
        deal = self._deal
        assert deal is not None and deal.players == tuple(players)
        if self.player in players:
            self.watched = deal.table
            bots = self._bots.bots_for(hand, players)
            if self._on_dealt is not None:
                self._on_dealt(deal.table, hand)
            lobby = self._lobby()
            self._post(lambda: self._screen.take_hand(deal, hand, bots, lobby))
            self._wait()
            return decisions(hand)
        played = self._bots(hand, players)
        if self.out and self.watching and deal.table == self._followed():
            lobby = self._lobby()
            self._post(lambda: self._screen.watch_hand(deal, hand, lobby))
            self._wait()
        return played

    def _followed(self) -> int | None:
        """The table watched: yours while it plays, else the lowest-numbered one."""
        run = self.run
        if run is None:
            return self.watched
        tables = run.floor.counts()
        if self.watched in tables:
            return self.watched
        return min(tables, default=None)

    def hear(self, event: TournamentEvent) -> None:
        """The run's listener: what concerns you becomes news for the screen."""
        news: News | None = None
        if isinstance(event, Seated) and event.move.player == self.player:
            self.watched = event.move.target.table
            news = Moved(event.move)
        elif isinstance(event, BustOut) and event.player == self.player:
            self.out = True
            news = self._busted(event.place, event.tied_from, event.tied)
        elif isinstance(event, LevelStarted) and event.level.number > 1:
            news = NewLevel(event.level)
        elif isinstance(event, Paid):
            self._paid.append((event.place, event.player, event.prize))
        elif isinstance(event, Won):
            self._paid.clear()
        if isinstance(event, BreakStarted):
            self._break(event.pause)
        if news is not None:
            self._tell(news)

    def finished(self, winner: str) -> None:
        """The run is over: the winner and the paid places."""
        self._tell(Finished(winner, tuple(sorted(self._paid))))

    def _tell(self, news: News) -> None:
        lobby = self._lobby() if self.run is not None else None
        self._post(lambda: self._screen.hear(news, lobby))

    def _break(self, pause: Break) -> None:
        """T-10: the room stops; you come back when the break is over (or say you are
        back). An observer who stopped watching does not wait."""
        if self.out and not self.watching:
            return
        self._tell(OnBreak(pause))
        self._wait()

    def sit_down(self, run: AmericanRun) -> None:
        """The run is built: a resumed one where you are out already says so at once."""
        self.run = run
        record = run.tournament.players.get(self.player)
        if record is not None and record.place is not None:
            self.out = True
            self._tell(self._busted(record.place, record.tied_from, record.tied))

    def _busted(self, place: int, tied_from: int, tied: int) -> Busted:
        """T-12, T-2: your place and its money by the entries so far."""
        run = self.run
        assert run is not None
        tournament = run.tournament
        prize = prize_now(tournament, place, tied_from=tied_from, tied=tied)
        return Busted(place, prize, tournament.entries().entries)

    def _lobby(self) -> Lobby:
        run = self.run
        assert run is not None
        return lobby_of(run.tournament, self.player, now=run.now)
