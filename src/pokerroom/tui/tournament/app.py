"""``pokerroom tournament play``: your seat in a tournament at the terminal table.

The tournament runs on a Textual thread worker (:class:`~pokerroom.tui.tournament.seat.
YourSeat` is its hand player): the other tables play on in simulated time while a hand
you are dealt waits for your keys here, with the keys, presets, shot clock and show/muck
of ``pokerroom play`` (:class:`~pokerroom.tui.hand_table.HandTableApp`). Above the table
the tournament header (level, time, field, your place, the money). A move, a level, a
break (play stops with a countdown; ``n``: back now), your bust (place and prize; ``w``
watch the rest, ``q`` leave) and the end come as news. Watching, the screen shows the
hands of one table once each is over, as every player there saw them (T-23, X-4).
The run's thread and this screen meet only through messages (``post_message`` is thread
safe) and the seat's answer queue.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.widgets import RichLog, Static

from pokerroom.amounts import amount_text, signed_amount_text
from pokerroom.bots import Bot
from pokerroom.bots.tournament_players import BotPlayers
from pokerroom.engine import Hand
from pokerroom.engine import events as ev
from pokerroom.i18n import N_, _, ngettext, number_text
from pokerroom.table.seating import Blinds
from pokerroom.tournament.american import AmericanRun
from pokerroom.tournament.clock.render import countdown, forced_bets
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.header import HEADER_ROWS, header_lines, ordinal
from pokerroom.tournament.live.action_words import place_text
from pokerroom.tournament.lobby import Lobby
from pokerroom.tournament.regulation.model import Regulation
from pokerroom.tui.bindings import translate_bindings
from pokerroom.tui.hand_table import HandTableApp
from pokerroom.tui.render import stakes_line
from pokerroom.tui.table_screen import RESERVED_ROWS
from pokerroom.tui.tournament.seat import (
    Busted,
    Deal,
    Finished,
    Left,
    Moved,
    NewLevel,
    News,
    OnBreak,
    YourSeat,
)

StartRun = Callable[[YourSeat], AmericanRun]
"""Builds the run (new or resumed) with the seat as its hand player, listener and deal check."""


class Keeper(Protocol):
    """Where the run is kept as it goes (the tournament store); told how it stops."""

    def stopped(self) -> None:
        """You left while still in: keep the tournament up to its last whole hand."""

    def finished(self, tournament: Tournament) -> None:
        """The tournament is won: keep the rest of its log."""

    def dealt(self, table: int, hand: Hand) -> None:
        """Your hand is dealt (on the run's thread): replay what was saved of it, keep it."""

    def acted(self, hand: Hand) -> None:
        """A decision in your hand (on the screen's thread): keep it; at its end, drop it."""


MOVE_WORDS = {
    "draw": N_("your seat from the draw"),
    "balance": N_("you move to balance the tables"),
    "break": N_("your table breaks; you move"),
    "final table": N_("the final table is drawn"),
    "late entry": N_("you enter late"),
    "re-entry": N_("you re-enter"),
    "stage": N_("the next stage is drawn"),
}


class RoomCall(Message):
    """A call from the run's thread, to be made on the screen's thread."""

    def __init__(self, deed: Callable[[], None]) -> None:
        super().__init__()
        self.deed = deed


class TournamentTableApp(HandTableApp):
    """One person's seat in a tournament; bots in every other seat of the room."""

    BINDINGS = [  # noqa: RUF012 - Textual reads this class attribute
        Binding("w", "watch", N_("Watch the rest")),
    ]
    reserved_rows = RESERVED_ROWS + HEADER_ROWS

    def __init__(
        self,
        regulation: Regulation,
        player: str,
        bots: BotPlayers,
        start_run: StartRun,
        *,
        clock: int | None = 30,
        countdown: int = 10,
        auto_muck: bool = False,
        keeper: Keeper | None = None,
    ) -> None:
        super().__init__(set(), {}, clock=clock, countdown=countdown, auto_muck=auto_muck)
        translate_bindings(self)
        self.keeper = keeper
        self._own_clock = (clock, countdown)
        """The shot clock where the regulation sets none (``--clock``)."""
        shot = regulation.shot_clock
        self.banks = shot.time_banks.count if shot is not None else 0
        """A-18: your time banks left."""
        self._banks_this_hand = 0
        self.regulation = regulation
        self.player = player
        self.seat = YourSeat(
            player, bots, self, self._post, on_dealt=None if keeper is None else keeper.dealt
        )
        self._start_run = start_run
        self.deal: Deal | None = None
        self.hands = 0
        """Hands you were dealt (the one being played included)."""
        self.mine = False
        """Whether the hand on screen is yours (else watched)."""
        self._released = True
        self._owed = False
        """The run waits for your word (a watched hand seen, a break over)."""
        self._wants_next = True
        """You asked for the next hand (or none is on screen yet)."""
        self._pending: Callable[[], None] | None = None
        self.break_left: int | None = None
        self.result: Busted | None = None
        self.finished: Finished | None = None
        self.farewell: str | None = None

    # ----------------------------------------------------------------- set-up

    def _above_table(self) -> ComposeResult:
        yield Static(id="header", markup=False)

    def on_mount(self) -> None:
        self.title = f"pokerroom — {self.regulation.name}"
        self.query_one("#status", Static).update(_("the cards are being shuffled …"))
        self.set_interval(1, self._tick)  # a shot clock may start at a later level
        self.set_interval(1, self._break_tick)
        self.run_worker(self._play_tournament, thread=True, name="tournament")

    def on_unmount(self) -> None:
        self.seat.leave()  # a run waiting for us must not wait for ever

    def _post(self, deed: Callable[[], None]) -> None:
        self.post_message(RoomCall(deed))

    def on_room_call(self, message: RoomCall) -> None:
        if self.is_running:  # the app closing has no screen left for what the run sends
            message.deed()

    def _play_tournament(self) -> None:
        """The worker: the whole tournament; your hands wait for you on the way."""
        run = self._start_run(self.seat)
        self.seat.sit_down(run)
        try:
            tournament = run.run()
        except Left:
            if self.keeper is not None:
                self.keeper.stopped()
            return
        except Exception:  # a failure keeps what was whole before it, then is reported
            if self.keeper is not None:
                self.keeper.stopped()
            raise
        if self.keeper is not None:
            self.keeper.finished(tournament)
        assert tournament.winner is not None
        self.seat.finished(tournament.winner)

    # ------------------------------------------------------- the seat's calls

    def take_hand(self, deal: Deal, hand: Hand, bots: Sequence[Bot], lobby: Lobby) -> None:
        def show() -> None:
            self.deal, self.hand, self.mine, self._released = deal, hand, True, False
            mine = deal.players.index(self.player)
            self.humans = {deal.seats[mine]}
            self.bots = dict(zip(deal.seats, bots, strict=True))
            self.hands += 1
            self.revealed_for = None
            self._set_shot_clock(deal.level)
            self._show_lobby(lobby)
            self._log_hand_start()
            self._advance()

        self._arrive(show)

    def watch_hand(self, deal: Deal, hand: Hand, lobby: Lobby) -> None:
        def show() -> None:
            self.deal, self.hand, self.mine, self._owed = deal, hand, False, True
            self.humans, self.bots = set(), {}
            self._show_lobby(lobby)
            self.logged = 0
            self.timeouts = set()
            self._write(_("— table {table}: a hand watched —").format(table=deal.table))
            self._log_story()
            self._redraw()

        self._arrive(show)

    def hear(self, news: News, lobby: Lobby | None) -> None:
        if lobby is not None:
            self._show_lobby(lobby)
        if isinstance(news, Moved):
            move = news.move
            reason = MOVE_WORDS.get(move.reason.value)
            words = _(reason) if reason else move.reason.value
            self.message = _("{why}: now at table {table} seat {seat}.").format(
                why=f"{words[:1].upper()}{words[1:]}",
                table=move.target.table,
                seat=move.target.seat,
            )
            self._write(self.message)
        elif isinstance(news, NewLevel):
            self._write(
                _("Level {number}: {bets}").format(
                    number=news.level.number, bets=forced_bets(news.level)
                )
            )
            self._add_banks(news.level.number)
        elif isinstance(news, OnBreak):
            rest = lobby.time_left if lobby is not None and lobby.on_break else None
            self.break_left = round(news.pause.minutes * 60 if rest is None else rest)
            self._owed = True
            self._write(
                _("Break: {time} (n: back at the table now)").format(
                    time=countdown(self.break_left)
                )
            )
        elif isinstance(news, Busted):
            self.result = news
            if news.prize:
                prize = _("prize {amount}").format(amount=number_text(news.prize))
            else:
                prize = _("no prize")
            self.message = _("You are out in {place} place of {entries}: {prize}.").format(
                place=ordinal(news.place), entries=news.entries, prize=prize
            )
            self._write(self.message)
        else:
            self.finished = news
            if news.winner == self.player:
                winner = _("you win")
            else:
                winner = _("{player} wins").format(player=news.winner)
            self._write(_("The tournament is over: {winner}.").format(winner=winner))
            for place, name, money in news.paid:
                self._write(f"  {place_text(place)} {name} {number_text(money)}")
        self._refresh_screen()

    def _arrive(self, show: Callable[[], None]) -> None:
        """Show what came now if you asked for it, else when you press ``n``."""
        if self._wants_next and self.break_left is None:
            self._wants_next = False
            self.message = ""
            show()
        else:
            self._pending = show
            self._refresh_screen()

    # ------------------------------------------------------- the table's answers

    def _seat_of(self, position: int) -> int:
        assert self.deal is not None
        return self.deal.seats[position]

    def _seat_name(self, seat: int) -> str:
        assert self.deal is not None
        return self.deal.players[self.deal.seats.index(seat)]

    def _hand_number(self) -> int:
        return self.hands

    def _table_size(self) -> int:
        assert self.deal is not None
        return self.deal.size

    def _info_line(self, hand: Hand) -> str:
        assert self.deal is not None
        level = self.regulation.level(self.deal.level)
        stakes = stakes_line(hand.config, level.small_blind, level.big_blind)
        whose = _("your hand {number}").format(number=self.hands) if self.mine else _("watching")
        line = _("table {table}").format(table=self.deal.table) + f" · {whose} · {stakes}"
        if self.mine and self.regulation.shot_clock is not None:
            line += " · " + _("time banks {count}").format(count=self.banks)
        return line

    def _set_shot_clock(self, level: int) -> None:
        """A-18, 002 6.4.12: the regulation's shot clock from its level on, else ``--clock``."""
        shot = self.regulation.shot_clock
        if shot is not None and level >= shot.from_level:
            self.clock, self.countdown = shot.seconds, shot.countdown
        else:
            self.clock, self.countdown = self._own_clock
        self._banks_this_hand = 0

    def _shot_clock_on(self) -> bool:
        shot = self.regulation.shot_clock
        return shot is not None and self.deal is not None and self.deal.level >= shot.from_level

    def _add_banks(self, level: int) -> None:
        """A-18: the banks the regulation adds to everyone still in when a level starts."""
        shot = self.regulation.shot_clock
        if shot is None or self.result is not None:
            return
        added = sum(banks for at, banks in shot.time_banks.added if at == level)
        if added:
            self.banks += added
            self._write(
                ngettext(
                    "You get {count} more time bank: {banks} now.",
                    "You get {count} more time banks: {banks} now.",
                    added,
                ).format(count=added, banks=self.banks)
            )

    def _time_bank(self) -> int | None:
        """A-18: a time bank when the shot clock runs out, if you have one; preflop in an
        unraised pot at most one per hand (002 6.4.12)."""
        hand = self.hand
        shot = self.regulation.shot_clock
        if hand is None or shot is None or not self._shot_clock_on() or self.banks <= 0:
            return None
        preflop = not any(card for card in hand.board)
        unraised = not any(isinstance(event, ev.BetRaise) for event in hand.events)
        if preflop and unraised and self._banks_this_hand >= 1:
            return None
        self.banks -= 1
        self._banks_this_hand += 1
        seconds = shot.time_banks.seconds
        self._write(
            _("You use a time bank: +{seconds}s ({banks} left).").format(
                seconds=seconds, banks=self.banks
            )
        )
        return seconds

    def _marks(self, hand: Hand) -> Blinds | None:
        assert self.deal is not None
        return self.deal.blinds

    def _after_play(self, hand: Hand) -> None:
        if self.mine and not self._released and self.keeper is not None:
            self.keeper.acted(hand)
        if hand.phase != "done" or not self.mine or self._released:
            return
        self._released = True
        assert self.deal is not None
        mine = self.deal.players.index(self.player)
        change = hand.stacks[mine] - hand.config.stacks[mine]
        chips = amount_text(hand.stacks[mine])
        self._write(
            _("your hand {number}: {change} · {chips} chips").format(
                number=self.hands, change=signed_amount_text(change), chips=chips
            )
        )
        self.seat.go_on()  # the run plays on while you look at the hand

    def _done_status(self) -> str:
        if self.finished is not None:
            return _("the tournament is over — q to quit")
        if self.break_left is not None:
            return _("break — play resumes in {time} · n: back now").format(
                time=countdown(self.break_left)
            )
        if self.result is not None and self.seat.watching and not self.mine:
            return _("watching table {table} · n: next hand · q: leave").format(
                table=self._table_watched()
            )
        if self.result is not None:
            return _("w: watch the rest of the tournament · q: leave")
        if self._pending is None and self._wants_next:
            return _("the other tables are playing …")
        return _("n: next hand")

    def _table_watched(self) -> int:
        assert self.deal is not None
        return self.deal.table

    def _may_deal_next(self) -> bool:
        return self.finished is None and not (self.result is not None and self.mine)

    # ------------------------------------------------------------- the screen

    def _show_lobby(self, lobby: Lobby) -> None:
        self.query_one("#header", Static).update("\n".join(header_lines(lobby)))

    def _write(self, line: str) -> None:
        self.query_one("#log", RichLog).write(line)

    def _refresh_screen(self) -> None:
        if self.hand is not None:
            self._redraw()
        else:
            status = self._done_status()
            self.query_one("#status", Static).update(
                f"{status}\n{self.message}" if self.message else status
            )
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The table's keys while a hand is on; between hands only what works then."""
        if action == "watch":
            return self.result is not None and self.finished is None and self.mine
        hand = self.hand
        between = hand is None or hand.phase == "done"
        if action == "next_hand":
            return between and self._may_deal_next()
        if hand is None:
            return action in ("quit", "keys")
        return super().check_action(action, parameters)

    def _break_tick(self) -> None:
        """T-10: the break's countdown; at its end play resumes."""
        if self.break_left is None:
            return
        self.break_left -= 1
        if self.break_left <= 0:
            self._back_from_break()
            return
        self._refresh_screen()

    def _back_from_break(self) -> None:
        self.break_left = None
        self._answer()
        if self._pending is not None:
            self._show_pending()
        else:
            self._refresh_screen()

    def _answer(self) -> None:
        if self._owed:
            self._owed = False
            self.seat.go_on()

    def _show_pending(self) -> None:
        show, self._pending = self._pending, None
        assert show is not None
        self._wants_next = False
        self.message = ""
        show()

    # ---------------------------------------------------------------- actions

    def action_next_hand(self) -> None:
        """The next hand: yours, or the watched table's; back from a break."""
        if self.break_left is not None:
            self._back_from_break()
            return
        self._answer()
        if self._pending is not None:
            self._show_pending()
        else:
            self._wants_next = True
            self._refresh_screen()

    def action_watch(self) -> None:
        """After your bust: follow the tournament to its end, one table's hands."""
        self.message = ""
        self.action_next_hand()

    async def action_quit(self) -> None:
        """Leave: out, the tournament plays on to its end without you."""
        self.seat.leave()
        result = self.result
        if result is not None:
            if result.prize:
                self.farewell = _("You finished {place} of {entries}, prize {prize}.").format(
                    place=ordinal(result.place),
                    entries=result.entries,
                    prize=number_text(result.prize),
                )
            else:
                self.farewell = _("You finished {place} of {entries}.").format(
                    place=ordinal(result.place), entries=result.entries
                )
        self.exit(message=self.farewell)
