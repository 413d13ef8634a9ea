"""The terminal table: play the home series against bots, or hot seat at one keyboard.

Keys: ``f`` fold, ``c`` check or call, ``r`` bet or raise (type the total, Enter),
``m``/``h``/``t``/``p``/``a`` bet the minimum, ½ pot, ⅔ pot, the pot or all-in (the
largest bet allowed), ``b`` bring in, ``1``-``5`` mark cards and ``d`` draw, ``s``/``x``
show or muck at showdown (P-5), ``n`` next hand, ``space`` show the cards of the player
whose turn it is (hot seat), ``?`` list the keys, ``q`` quit (saved: ``pokerroom play
--resume`` goes on). The footer lists the keys that work at that moment; the same
choices are buttons. A shot clock counts down each bet (A-18): when it runs out the
player checks if he can, else folds (``club``: folds), and the log says so.
The screen is built from the acting human's view only: bots' cards stay hidden
unless shown at showdown (X-4); the hand log is what every player at the table saw.
The hand's play is :class:`~pokerroom.tui.hand_table.HandTableApp`'s; this is the series.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from textual.binding import Binding
from textual.widgets import RichLog

from pokerroom.bots import Bot
from pokerroom.engine import Hand
from pokerroom.errors import PokerroomError
from pokerroom.i18n import N_, gettext, ngettext, vocabulary_of_profile
from pokerroom.said import error_words
from pokerroom.table.seating import Blinds
from pokerroom.table.series import HandRecord, Series
from pokerroom.table.story import ELIMINATED
from pokerroom.table.straddle import choice_words, mode_words
from pokerroom.table.vocabulary import chips_text
from pokerroom.table.wording import plain
from pokerroom.tui.hand_table import HandTableApp
from pokerroom.tui.local_table import RESUME_HINT
from pokerroom.tui.render import result_line, stakes_line

HandListener = Callable[[Series, Hand, HandRecord | None], None]


class TableApp(HandTableApp):
    """One series at one table; humans sit in ``humans`` (seat numbers)."""

    BINDINGS = [  # noqa: RUF012 - Textual reads this class attribute
        *HandTableApp.BINDINGS,
        Binding("v", "straddle", N_("Straddle on/off")),
    ]

    def __init__(
        self,
        series: Series,
        humans: set[int],
        bots: Mapping[int, Bot],
        *,
        hot_seat: bool = False,
        on_change: HandListener | None = None,
        hand: Hand | None = None,
        clock: int | None = 30,
        countdown: int = 10,
        auto_muck: bool = False,
    ) -> None:
        super().__init__(
            humans,
            bots,
            hot_seat=hot_seat,
            hand=hand,
            clock=clock,
            countdown=countdown,
            auto_muck=auto_muck,
            vocabulary=vocabulary_of_profile(series.settings.profile),
        )
        self.series = series
        self.on_change = on_change

    def on_mount(self) -> None:
        self.title = gettext("pokerroom — home series")
        if self.hand is None:
            self.hand = self.series.start_hand(auto_showdown=False)
        self._log_hand_start()
        self._start_clock()
        self._advance()

    # ------------------------------------------------------- the series' answers

    def _seat_of(self, position: int) -> int:
        return self.series.seat_of(position)

    def _seat_name(self, seat: int) -> str:
        return self.series.seats[seat].name

    def _hand_number(self) -> int:
        return self.series.hands_played + 1

    def _table_size(self) -> int:
        return len(self.series.seats)

    def _info_line(self, hand: Hand) -> str:
        settings = self.series.settings
        number = self.series.hands_played + (hand.phase != "done")
        stakes = stakes_line(hand.config, settings.small_blind, settings.big_blind)
        if settings.straddle != "off":
            stakes += f" · {mode_words(settings.straddle)}"
        return gettext("hand {number} · {stakes}").format(number=number, stakes=stakes)

    def _marks(self, hand: Hand) -> Blinds | None:
        return self.series.current or self.series.blinds

    def _after_play(self, hand: Hand) -> None:
        record = None
        if hand.phase == "done" and self.series.current is not None:
            record = self.series.finish_hand(hand)  # H-3: the series stops at its limits
            self._log_result(record)
        if self.on_change:
            self.on_change(self.series, hand, record)

    def _done_status(self) -> str:
        if self.series.is_over:
            return gettext("series over — q to quit")
        return gettext("n: next hand")

    def _may_deal_next(self) -> bool:
        return not self.series.is_over

    def _log_result(self, record: HandRecord) -> None:
        log = self.query_one("#log", RichLog)
        words = self._words()
        seats = [self.series.seat_of(p) for p in range(len(words.names))]
        you = gettext("You")  # as the hand log addresses you
        changes = [
            (
                you if seats.index(seat) == words.you else words.names[seats.index(seat)],
                after - record.stacks_before[seat],
            )
            for seat, after in record.stacks_after.items()
            if after != record.stacks_before[seat]
        ]
        log.write(result_line(record.number, changes))
        for seat in record.eliminated:
            log.write(words.line(seats.index(seat), *ELIMINATED))
        if self.series.is_over:
            played = self.series.hands_played
            log.write(
                ngettext(
                    "series over after {count} hand:", "series over after {count} hands:", played
                ).format(count=played)
            )
            for s in self.series.standings():
                log.write(f"  {s.place}. {s.name} ({chips_text(s.chips)})")

    def _straddler(self) -> int | None:
        """The seat whose straddle choice ``v`` changes: the lone human's, or in hot seat
        the seat of the human to act; None at a table without straddles."""
        if self.series.settings.straddle == "off":
            return None
        if not self.hot_seat:
            return next(iter(self.humans)) if len(self.humans) == 1 else None
        actor = self._human_to_act()
        return None if actor is None or self._hidden(actor) else self._seat_of(actor)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "straddle":
            return self._straddler() is not None
        return super().check_action(action, parameters)

    # --------------------------------------------------------------- actions

    def action_straddle(self) -> None:
        """Turn the straddle on or off for the next hands (:mod:`pokerroom.table.straddle`)."""
        seat = self._straddler()
        if seat is None:
            return
        on = seat not in self.series.straddlers
        self.series.choose_straddle(seat, on)
        self.message = choice_words(self.series.settings.straddle, on)
        self._redraw()

    async def action_quit(self) -> None:
        """Leave the table; the series is saved as it goes, so say how to go on."""
        saved = self.on_change is not None and not self.series.is_over
        self.exit(message=gettext(RESUME_HINT) if saved else None)

    def action_next_hand(self) -> None:
        hand = self.hand
        if hand is None or hand.phase != "done" or self.series.is_over:
            return
        try:
            self.hand = self.series.start_hand(auto_showdown=False)
        except PokerroomError as error:
            self.message = plain(error_words(error))
            self._redraw()
            return
        self.revealed_for = None
        self._log_hand_start()
        self._advance()
