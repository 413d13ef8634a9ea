"""One player's copy of a hand as PokerStars hand-history text, the format trackers read.

PokerTracker and Hold'em Manager import PokerStars text: a header line (hand
number, a tournament or a cash game, the game, the stakes, the time), the table
line with the button, one line per seat, the forced bets, each street under its
``*** FLOP ***``-style heading, ``*** SHOW DOWN ***``, who collected what, and a
``*** SUMMARY ***`` with the pot, the board and every seat's outcome. Amounts
are chips, without a currency (play money for a tracker).

Per viewer (X-4): the text is written only from the events as ``viewer`` saw
them (:func:`~pokerroom.history.phh.writing.events_seen_by`) — his own cards in
``Dealt to``, Stud up cards, hands shown at showdown; never a folded or mucked
hand of another player, never a burn. ``None`` is an observer.

Decisions where PokerStars has no custom to follow: the times are UTC with the
Eastern time in brackets (what trackers parse); a straddle "posts straddle";
a hand killed by the dealer (H-9) "folds"; the double-board bomb pot is written
like a hand run twice (``*** FIRST FLOP ***``, ``FIRST Board``); hands shown
early in an all-in run-out (A-17) are listed under ``*** SHOW DOWN ***``.

A hand run twice is written as PokerStars writes one: the streets of each run
(``*** FIRST TURN ***`` … ``*** SECOND RIVER ***``, a shared flop once), a
``*** FIRST SHOW DOWN ***`` and a ``*** SECOND SHOW DOWN ***`` each with its hands
and collections, and in the summary "Hand was run twice", ``FIRST Board``,
``SECOND Board`` and per seat what he won or lost with on each run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from pokerroom.cards import Card
from pokerroom.engine import events as ev
from pokerroom.engine.config import HandConfig
from pokerroom.engine.hand import Hand
from pokerroom.engine.state import DONE
from pokerroom.engine.variants import Limit
from pokerroom.errors import UsageError
from pokerroom.history.chip_track import ChipTrack
from pokerroom.history.phh.documents import PhhError, parse_phh
from pokerroom.history.phh.writing import events_seen_by
from pokerroom.history.pokerstars_words import game_words, hand_words, roman, time_words
from pokerroom.history.replay import replay_hand


@dataclass(frozen=True, slots=True)
class Tournament:
    """What a tournament hand's header names: ``Tournament #7, 100+10 … - Level III``."""

    number: int
    buy_in: str = ""
    """As the header writes it ("100+10"); empty for a freeroll."""
    level: int = 1


@dataclass(frozen=True, slots=True)
class StarsTable:
    """Where and when the hand was played; lists are by engine position (the button last)."""

    hand_number: int
    table: str
    played_at: datetime
    """Naive times are UTC (the store's ``utcnow``)."""
    names: Sequence[str]
    seats: Sequence[int] = ()
    """Each position's seat number (from 1); default 1 … n, the button in seat n."""
    max_seats: int = 0
    """The table's size ("9-max"); default the highest seat number."""
    tournament: Tournament | None = None
    """None for a cash game."""
    rake: int = 0
    """Chips the house took from the pot before the hand's awards (P-9), for the summary."""
    rake_paid: Sequence[int] = ()
    """P-9: what each position paid the house from what it won, when the hand's awards are
    before the rake (a cash table's ``RakeTaken.by_position``, a stored hand's ``_rake``):
    each winner collects his award less it, and the summary's pot is the pot before it."""


def write_pokerstars(hand: Hand, viewer: int | None, table: StarsTable) -> str:
    """The finished ``hand`` as PokerStars text for position ``viewer`` (``None``: an observer)."""
    if hand.phase != DONE:
        raise UsageError(f"only a finished hand has a history: this one is in its {hand.phase}")
    return _Writer(hand.config, viewer, table).write(events_seen_by(hand, viewer))


def pokerstars_seen_by(complete: str, viewer: int | None, table: StarsTable) -> str:
    """The stored complete PHH document as ``viewer``'s PokerStars text (see the module)."""
    result = replay_hand(parse_phh(complete))
    if result.hand is None or result.error is not None or not result.complete:
        reason = result.error.message if result.error is not None else "it does not finish"
        raise PhhError(f"the stored hand does not replay ({reason}), so no history can be made")
    return write_pokerstars(result.hand, viewer, table)


def _cards(cards: Sequence[Card | None]) -> str:
    return " ".join(str(card) for card in cards if card is not None)


def _with_all_in(line: str, all_in: bool) -> str:
    return f"{line} and is all-in" if all_in else line


@dataclass
class _Seat:
    """What the summary says of one player."""

    blind: str = ""
    folded_when: str = ""
    bet: bool = False
    """Put chips in by choice (or a blind): else "(didn't bet)" after a fold."""
    shown: tuple[Card | None, ...] = ()
    mucked: bool = False
    won: int = 0
    cards: list[Card | None] = field(default_factory=list)
    """His cards as the viewer knows them."""


class _Writer:
    def __init__(self, config: HandConfig, viewer: int | None, table: StarsTable) -> None:
        n = config.players
        self.config, self.viewer, self.table = config, viewer, table
        if len(table.names) != n:
            raise UsageError(f"names needs one name per position ({n}), got {len(table.names)}")
        if len(set(table.names)) != n or not all(name.strip() for name in table.names):
            raise UsageError(f"every player needs his own non-empty name, got {list(table.names)}")
        self.seat_numbers = list(table.seats) or list(range(1, n + 1))
        if len(self.seat_numbers) != n or len(set(self.seat_numbers)) != n:
            raise UsageError(f"seats needs a different seat number per position ({n})")
        self.names = list(table.names)
        self.variant = config.variant
        self.track = ChipTrack.start(config.stacks)
        self.seats = [_Seat() for _ in range(n)]
        self.lines: list[str] = []
        self.boards: list[list[Card | None]] = [[] for _ in range(self.variant.boards)]
        self.runs = 1
        """2 once the players chose to run it twice (run 2 is board 1)."""
        self.dealing: dict[int, list[Card | None]] = {}
        """Stud: the cards each player was dealt in the current run of deals, as seen."""
        self.street = 0
        self.drawing = False
        self.shows: dict[int, tuple[Card | None, ...]] = {}
        self.mucks: list[int] = []
        self.awards: list[ev.Award] = []
        """The awards as collected: less the rake each winner paid."""
        self.pots: dict[int, int] = {}
        """Each pot before the rake, for the summary."""
        self.rake_left = list(table.rake_paid) or [0] * n
        if len(self.rake_left) != n or min(self.rake_left) < 0:
            raise UsageError(f"rake_paid needs one amount of 0 or more per position ({n})")

    # ------------------------------------------------------------------ top

    def write(self, events: Sequence[ev.Event]) -> str:
        self._header()
        blinds = [e for e in events if isinstance(e, ev.PostBlind)]
        for event in events:
            if not isinstance(event, ev.DealHole | ev.Burn):
                self._flush_stud_deals()
            if isinstance(event, ev.PostBlind):
                continue
            if blinds and not isinstance(event, ev.PostAnte):
                self._post_blinds(blinds)
                blinds = []
            self._event(event)
        self._flush_stud_deals()
        self._showdown()
        self._summary()
        return "\n".join(self.lines) + "\n"

    def _header(self) -> None:
        config, table = self.config, self.table
        game = game_words(self.variant, config.limit)
        if config.limit is Limit.FIXED_LIMIT or self.variant.stud:
            stakes = f"{config.min_bet}/{config.big_bet_size}"
        else:
            smaller = [b for b in config.blinds if 0 < b < config.min_bet]
            small = min(smaller) if smaller else config.min_bet // 2  # H-6: a dead small blind
            stakes = f"{small}/{config.min_bet}"
        when = time_words(table.played_at)
        if table.tournament is None:
            self.lines.append(f"PokerStars Hand #{table.hand_number}: {game} ({stakes}) - {when}")
        else:
            cup = table.tournament
            buy_in = cup.buy_in or "Freeroll"
            self.lines.append(
                f"PokerStars Hand #{table.hand_number}: Tournament #{cup.number}, {buy_in} "
                f"{game} - Level {roman(cup.level)} ({stakes}) - {when}"
            )
        size = table.max_seats or max(self.seat_numbers)
        button = "" if self.variant.stud else f" Seat #{self.seat_numbers[-1]} is the button"
        self.lines.append(f"Table '{table.table}' {size}-max{button}")
        for position in sorted(range(config.players), key=self.seat_numbers.__getitem__):
            self.lines.append(
                f"Seat {self.seat_numbers[position]}: {self.names[position]} "
                f"({config.stacks[position]} in chips)"
            )

    def _post_blinds(self, blinds: list[ev.PostBlind]) -> None:
        """Small blind, big blind, then straddles, whatever order the positions posted in."""
        big = self.config.min_bet
        kinds = {"small blind": 0, "big blind": 1, "straddle": 2}

        def kind(post: ev.PostBlind) -> str:
            nominal = self.config.blind(post.player)  # H-8: a short post keeps its name
            return "small blind" if nominal < big else "big blind" if nominal == big else "straddle"

        for post in sorted(blinds, key=lambda post: (kinds[kind(post)], post.player)):
            name = kind(post)
            self.track.apply(post)
            self.seats[post.player].blind = name if name != "straddle" else ""
            self.seats[post.player].bet = True
            line = f"{self.names[post.player]}: posts {name} {post.amount}"
            self.lines.append(_with_all_in(line, not self.track.stacks[post.player]))

    # ------------------------------------------------------------------ events

    def _event(self, event: ev.Event) -> None:
        track, name = self.track, self.names
        level = track.level
        moved = track.apply(event)
        match event:
            case ev.PostAnte(player, amount):
                line = f"{name[player]}: posts the ante {amount}"
                self.lines.append(_with_all_in(line, not track.stacks[player]))
            case ev.DealHole():
                self._deal_hole(event)
            case ev.DealBoard(cards, board):
                self._deal_board(cards, board)
            case ev.ChooseRuns(2):
                self.runs = 2
                self.boards.append(list(self.boards[0]))  # run 2 starts from the shared cards
            case ev.Discard(player, cards):
                self._discard(player, cards)
            case ev.Fold(player):
                self.seats[player].folded_when = self._street_words()
                self.lines.append(f"{name[player]}: folds")
            case ev.Check(player):
                self.lines.append(f"{name[player]}: checks")
            case ev.Call(player):
                self.seats[player].bet = True
                self._say(player, f"calls {moved}")
            case ev.BringIn(player, amount):
                self.seats[player].bet = True
                self._say(player, f"brings in for {amount}")
            case ev.BetRaise(player, to):
                self.seats[player].bet = True
                self._say(player, self._bet_words(level, to))
            case ev.ReturnUncalled(player, amount):
                self.lines.append(f"Uncalled bet ({amount}) returned to {name[player]}")
            case ev.Show(player, cards):
                self.shows[player] = cards  # a hand shown again keeps its place
            case ev.Muck(player):
                self.mucks.append(player)
            case ev.Award(player, amount, pot):
                paid = min(self.rake_left[player], amount)  # P-9
                self.rake_left[player] -= paid
                self.awards.append(replace(event, amount=amount - paid))
                self.pots[pot] = self.pots.get(pot, 0) + amount
                self.seats[player].won += amount - paid

    def _say(self, player: int, words: str) -> None:
        self.lines.append(
            _with_all_in(f"{self.names[player]}: {words}", not self.track.stacks[player])
        )

    def _bet_words(self, level: int, to: int) -> str:
        """ "bets 40", "raises 40 to 60" (the raise, then the total: A-7), or a Stud completion."""
        config = self.config
        completing = self.variant.stud and self.street == 1 and config.bring_in
        if completing and level <= config.bring_in and to <= config.min_bet:
            return f"completes it to {to}"  # V-5
        if level == 0:
            return f"bets {to}"
        return f"raises {to - level} to {to}"

    def _deal_hole(self, event: ev.DealHole) -> None:
        player = event.player
        seat = self.seats[player]
        if self.variant.stud:
            if not self.dealing:
                self.street += 1
            self.dealing.setdefault(player, []).extend(event.cards)
            return
        before = [card for card in seat.cards if card is not None]
        seat.cards.extend(event.cards)
        if self.drawing:  # V-8: the replacements, after the discards
            if player == self.viewer:
                self.lines.append(
                    f"Dealt to {self.names[player]} [{_cards(before)}] [{_cards(event.cards)}]"
                )
            return
        if self.street == 0:
            self.street = 1
            heading = "DEALING HANDS" if self.variant.streets[-1].draw else "HOLE CARDS"
            self.lines.append(f"*** {heading} ***")
        if player == self.viewer:
            self.lines.append(f"Dealt to {self.names[player]} [{_cards(event.cards)}]")

    def _flush_stud_deals(self) -> None:
        """Stud: one street's deals, as PokerStars prints them: your cards, everyone's up cards."""
        if not self.dealing:
            return
        names = {1: "3rd STREET", 2: "4th STREET", 3: "5th STREET", 4: "6th STREET"}
        self.lines.append(f"*** {names.get(self.street, 'RIVER')} ***")
        for player, cards in self.dealing.items():
            seat = self.seats[player]
            before = [card for card in seat.cards if card is not None]
            seat.cards.extend(cards)
            new = [card for card in cards if card is not None]
            if not new:
                continue
            earlier = f"[{_cards(before)}] " if before else ""
            self.lines.append(f"Dealt to {self.names[player]} {earlier}[{_cards(new)}]")
        self.dealing = {}

    def _deal_board(self, cards: tuple[Card | None, ...], board: int) -> None:
        before = list(self.boards[board])
        self.boards[board].extend(cards)
        if self.variant.stud:  # C-6: one card for everyone when the deck runs short
            self.lines.append(f"*** RIVER *** [{_cards(cards)}]")
            return
        self.street = len(self.boards[board])
        name = {3: "FLOP", 4: "TURN"}.get(self.street, "RIVER")
        if len(self.boards) == 2:
            name = ("FIRST ", "SECOND ")[board] + name  # V-4: two boards
        earlier = f"[{_cards(before)}] " if before else ""
        self.lines.append(f"*** {name} *** {earlier}[{_cards(cards)}]")

    def _discard(self, player: int, cards: tuple[Card | None, ...]) -> None:
        if not self.drawing:
            self.drawing = True
            self.street = 2
            self.lines.append("*** FIRST DRAW ***")
        name, seat = self.names[player], self.seats[player]
        if not cards:
            self.lines.append(f"{name}: stands pat")
            return
        for card in cards:  # a hand turned up discards in sight of all
            seat.cards.remove(card if card in seat.cards else None)
        count = f"{len(cards)} card{'s' if len(cards) > 1 else ''}"
        known = [card for card in cards if card is not None]
        shown = f" [{_cards(known)}]" if len(known) == len(cards) else ""
        self.lines.append(f"{name}: discards {count}{shown}")

    def _street_words(self) -> str:
        if self.variant.stud:
            return f"on the {self.street + 2}th Street".replace("3th", "3rd")
        if self.variant.streets[-1].draw:
            return "after the Draw" if self.drawing else "before the Draw"
        return {0: "before Flop", 1: "before Flop", 3: "on the Flop", 4: "on the Turn"}.get(
            self.street, "on the River"
        )

    # ------------------------------------------------------------------ ending

    def _board_cards(self, board: int = 0) -> list[Card]:
        return [card for card in self.boards[board] if card is not None]

    def _words(self, player: int, board: int = 0) -> str:
        cards = self.shows[player]
        if any(card is None for card in cards):
            return ""
        known = [card for card in cards if card is not None]
        return hand_words(self.variant, known, self._board_cards(board))

    def _showdown(self) -> None:
        if self.runs == 2:
            for run, heading in enumerate(("FIRST", "SECOND")):
                self.lines.append(f"*** {heading} SHOW DOWN ***")
                self._show_hands(run, [a for a in self.awards if a.board == run])
            return
        if self.shows or self.mucks:
            self.lines.append("*** SHOW DOWN ***")
        self._show_hands(0, self.awards)
        if not self.shows and len({award.player for award in self.awards}) == 1:
            self.lines.append(f"{self.names[self.awards[0].player]}: doesn't show hand")

    def _show_hands(self, board: int, awards: Sequence[ev.Award]) -> None:
        """The hands shown, read on ``board``, the mucks, then who collected what."""
        for player, cards in self.shows.items():
            words = self._words(player, board)
            said = f" ({words})" if words else ""
            self.lines.append(f"{self.names[player]}: shows [{_cards(cards)}]{said}")
        for player in self.mucks:
            self.lines.append(f"{self.names[player]}: mucks hand")
        pots = len({award.pot for award in self.awards})
        for award in awards:
            pot = _pot_name(award.pot, pots)
            self.lines.append(f"{self.names[award.player]} collected {award.amount} from {pot}")

    def _summary(self) -> None:
        table = self.table
        by_pot = self.pots
        total = sum(by_pot.values()) + table.rake
        rake = table.rake + sum(table.rake_paid)
        parts = ""
        if len(by_pot) > 1:
            parts = " " + " ".join(
                f"{_pot_name(pot, len(by_pot)).capitalize()} {amount}."
                for pot, amount in sorted(by_pot.items())
            )
        self.lines += ["*** SUMMARY ***", f"Total pot {total}{parts} | Rake {rake}"]
        if self.runs == 2:
            self.lines.append("Hand was run twice")
        if not self.variant.stud:
            for index, board in enumerate(self.boards):
                if board:
                    prefix = ("FIRST ", "SECOND ")[index] if len(self.boards) == 2 else ""
                    self.lines.append(f"{prefix}Board [{_cards(board)}]")
        n = self.config.players
        for position in sorted(range(n), key=self.seat_numbers.__getitem__):
            self.lines.append(self._seat_summary(position))

    def _seat_summary(self, position: int) -> str:
        seat = self.seats[position]
        labels = ""
        if position == self.config.players - 1 and not self.variant.stud:
            labels += " (button)"
        if seat.blind:
            labels += f" ({seat.blind})"
        start = f"Seat {self.seat_numbers[position]}: {self.names[position]}{labels}"
        if seat.folded_when:
            quiet = "" if seat.bet else " (didn't bet)"
            return f"{start} folded {seat.folded_when}{quiet}"
        if position in self.shows and self.runs == 2:
            return f"{start} showed [{_cards(self.shows[position])}] {self._run_outcomes(position)}"
        if position in self.shows:
            cards = _cards(self.shows[position])
            words = self._words(position)
            with_words = f" with {words}" if words else ""
            if seat.won:
                return f"{start} showed [{cards}] and won ({seat.won}){with_words}"
            return f"{start} showed [{cards}] and lost{with_words}"
        if position in self.mucks:
            own = [card for card in seat.cards if card is not None]
            mine = f" [{_cards(own)}]" if position == self.viewer and own else ""
            return f"{start} mucked{mine}"
        if seat.won:
            return f"{start} collected ({seat.won})"
        return f"{start} lost"

    def _run_outcomes(self, position: int) -> str:
        """ "and won (50) with a flush, and lost with a pair of Kings": one part per run."""
        parts = []
        for run in range(self.runs):
            won = sum(a.amount for a in self.awards if a.player == position and a.board == run)
            words = self._words(position, run)
            with_words = f" with {words}" if words else ""
            parts.append(f"and won ({won}){with_words}" if won else f"and lost{with_words}")
        return ", ".join(parts)


def _pot_name(pot: int, pots: int) -> str:
    """ "pot" when there is one; else "main pot", "side pot" or "side pot-1", "side pot-2" (P-1)."""
    if pots == 1:
        return "pot"
    if pot == 0:
        return "main pot"
    return "side pot" if pots == 2 else f"side pot-{pot}"
