"""A hand read from another room's history, gathered seat by seat, then written as PHH.

Both readers fill a :class:`Draft` as their file tells the hand: who sits where, what each
posted, every bet, the boards, the cards shown and what each player collected. The draft
knows the PHH notation (players in order from the button's left, ``p1`` … ``pn``; a bet
or raise is the street's total, ``cbr``), so the readers know only their own formats.
Only the cards the history shows are written: the hero's own and the hands shown; every
other hole card is ``??`` (X-4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal

from pokerroom.cards import Card
from pokerroom.engine.variants import Limit
from pokerroom.history.imports.amounts import amount
from pokerroom.history.imports.problems import UnreadableError
from pokerroom.i18n import gettext as _

SOURCE_FIELD = "_source"
"""pokerroom's own PHH field: the room the hand was played in (``pokerstars``, ``pokernow``)."""
SOURCE_ID_FIELD = "_source_hand"
"""pokerroom's own PHH field: the hand's id in its room, what keys it in the archive."""
UNIT_FIELD = "_chip_value"
"""pokerroom's own PHH field: what one chip was worth in the room's money (0.01: cents)."""
LIMIT_LETTERS = {Limit.NO_LIMIT: "N", Limit.POT_LIMIT: "P", Limit.FIXED_LIMIT: "F"}


@dataclass(frozen=True, slots=True)
class Game:
    """The game as PHH codes it: hold'em (``T``) or Omaha with its hole-card count."""

    limit: Limit
    hole_cards: int = 2
    omaha: bool = False
    hi_lo: bool = False

    @property
    def code(self) -> str:
        letter = LIMIT_LETTERS[self.limit]
        if not self.omaha:
            return f"{letter}T"
        count = "" if self.hole_cards == 4 else str(self.hole_cards)
        return f"{letter}O{count}" + ("/8" if self.hi_lo else "")


def amount_text(amount: Decimal) -> str:
    """An amount as PHH writes it: plain digits, no exponent, no trailing zeros."""
    text = format(amount, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def cards_text(cards: Sequence[Card]) -> str:
    return "".join(str(card) for card in cards)


@dataclass(slots=True)
class Seat:
    name: str
    seat: int
    stack: Decimal


@dataclass(slots=True)
class Draft:
    """One hand as it is being read; positions are set once the seats and button are known."""

    source: str
    """``pokerstars`` or ``pokernow``."""
    hand_id: str
    line: int
    table: str = ""
    played_at: datetime | None = None
    game: Game | None = None
    big_blind: Decimal = Decimal(0)
    small_bet: Decimal = Decimal(0)
    """Fixed limit: the small bet; the big bet is twice it unless ``big_bet`` says."""
    big_bet: Decimal = Decimal(0)
    seat_count: int = 0
    seats: list[Seat] = field(default_factory=list)
    antes: list[Decimal] = field(default_factory=list)
    blinds: list[Decimal] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    hole: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    """Position → his hole cards, for the hero alone; a shown hand is written where it is
    shown (``pN sm``), as our own exports write it."""
    collected: list[Decimal] = field(default_factory=list)
    total_pot: Decimal | None = None
    rake: Decimal = Decimal(0)
    street: list[Decimal] = field(default_factory=list)
    """What each position has put in on this street (blinds included preflop)."""
    shows: list[str] = field(default_factory=list)
    """The showdown's shows and mucks, written right after the last bet: when players are
    all in, the engine turns their hands up before it deals the rest of the board (A-17)."""
    last_bet: int = 0
    """How many of ``actions`` come up to and with the last bet, check or fold."""
    unit: Decimal = Decimal(1)
    """What one chip is worth in the file's money: 0.01 for a game in dollars or euros,
    whose amounts are kept in cents, as the archive counts whole chips."""
    over: bool = False
    """Set once a pot is collected: a show or muck after it changes nothing."""

    # ------------------------------------------------------------------ the seats

    def seat_players(self, seats: Sequence[Seat], button: int) -> None:
        """Order the players from the button's left (``p1``) round to the button (``pn``)."""
        if len(seats) < 2:
            raise UnreadableError(
                _("a hand needs two players, this one has {count}").format(count=len(seats))
            )
        after = [s for s in seats if s.seat > button]
        rest = [s for s in seats if s.seat <= button]
        self.seats = sorted(after, key=lambda s: s.seat) + sorted(rest, key=lambda s: s.seat)
        count = len(self.seats)
        self.antes = [Decimal(0)] * count
        self.blinds = [Decimal(0)] * count
        self.collected = [Decimal(0)] * count
        self.street = [Decimal(0)] * count

    def chips(self, text: str) -> Decimal:
        """An amount of the file in chips: whole, in cents for a game played for money."""
        chips = amount(text) / self.unit
        if chips != chips.to_integral_value():
            raise UnreadableError(_('"{text}" is finer than a cent').format(text=text))
        return chips.to_integral_value()

    @property
    def table_size(self) -> int:
        return max(self.seat_count, *(s.seat for s in self.seats))

    def position(self, name: str) -> int:
        for index, seat in enumerate(self.seats):
            if seat.name == name:
                return index
        raise UnreadableError(_('"{name}" is not seated in this hand').format(name=name))

    def _player(self, name: str) -> str:
        return f"p{self.position(name) + 1}"

    # ------------------------------------------------------------------ posts

    def ante(self, name: str, amount: Decimal) -> None:
        self.antes[self.position(name)] += amount

    def blind(self, name: str, amount: Decimal) -> None:
        """A small or big blind: a live bet of the player in the blind's place."""
        position = self.position(name)
        if self.blinds[position]:
            raise UnreadableError(_('"{name}" posts a second blind').format(name=name))
        self.blinds[position] = amount
        self.street[position] += amount

    # ------------------------------------------------------------------ betting

    def fold(self, name: str) -> None:
        self._bet(f"{self._player(name)} f")

    def check_call(self, name: str, paid: Decimal | None = None) -> None:
        """A check, or a call of ``paid`` more (None: to the street's highest bet)."""
        position = self.position(name)
        self.street[position] = max(self.street) if paid is None else self.street[position] + paid
        self._bet(f"p{position + 1} cc")

    def raise_to(self, name: str, total: Decimal) -> None:
        """A bet or raise to ``total`` on this street."""
        position = self.position(name)
        self.street[position] = total
        self._bet(f"p{position + 1} cbr {amount_text(total)}")

    def _bet(self, action: str) -> None:
        self.actions.append(action)
        self.last_bet = len(self.actions)

    def bet(self, name: str, more: Decimal) -> None:
        """A bet of ``more`` on top of what the player has in front of him already."""
        self.raise_to(name, self.street[self.position(name)] + more)

    # ------------------------------------------------------------------ cards

    def dealt(self, name: str, cards: Sequence[Card]) -> None:
        """The hero's own cards, dealt face down: the only hole cards written in the deal."""
        position = self.position(name)
        self._count(position, cards)
        self.hole[position] = tuple(cards)

    def _count(self, position: int, cards: Sequence[Card]) -> None:
        game = self.game
        if game is not None and game.omaha and not self.hole and len(cards) in (5, 6):
            game = self.game = replace(game, hole_cards=len(cards))  # five- or six-card Omaha
        if game is not None and len(cards) != game.hole_cards:
            raise UnreadableError(
                _("{count} hole cards for {name}; this game deals {deals}").format(
                    count=len(cards), name=self.seats[position].name, deals=game.hole_cards
                )
            )

    def board(self, cards: Sequence[Card]) -> None:
        self.street = [Decimal(0)] * len(self.seats)
        self.actions.append(f"d db {cards_text(cards)}")

    def show(self, name: str, cards: Sequence[Card]) -> None:
        """A hand shown at the showdown; after the pot is taken a show (of one card, say)
        changes nothing and is passed over."""
        position = self.position(name)
        if self.over:
            return
        self._count(position, cards)
        earlier = self.hole.get(position)
        if earlier is not None and set(earlier) != set(cards):
            raise UnreadableError(_("{name} shows other cards than he was dealt").format(name=name))
        self.shows.append(f"p{position + 1} sm {cards_text(cards)}")

    def muck(self, name: str) -> None:
        if not self.over:
            self.shows.append(f"{self._player(name)} sm")

    def collect(self, name: str, amount: Decimal) -> None:
        self.collected[self.position(name)] += amount
        self.over = True

    # ------------------------------------------------------------------ the document

    def document(self, extra: Sequence[str] = ()) -> str:
        """The hand as a PHH document (without what only the replay tells: the stacks after)."""
        game = self.game
        if game is None or not self.seats:
            raise UnreadableError(_("the hand ends before its game and seats are known"))
        hole = "??" * game.hole_cards
        deals = [
            f"d dh p{p + 1} {cards_text(self.hole[p]) if p in self.hole else hole}"
            for p in range(len(self.seats))
        ]
        if game.limit is Limit.FIXED_LIMIT:
            small = self.small_bet or self.big_blind
            big = self.big_bet or 2 * small
            bets = [f"small_bet = {amount_text(small)}", f"big_bet = {amount_text(big)}"]
        else:
            bets = [f"min_bet = {amount_text(self.big_blind or max(self.blinds))}"]
        # heads-up PHH lists the button's (p2's) ante and blind first
        order = slice(None, None, -1 if len(self.seats) == 2 else 1)
        lines = [
            f'variant = "{game.code}"',
            "ante_trimming_status = true",
            f"antes = {_array(self.antes[order])}",
            f"blinds_or_straddles = {_array(self.blinds[order])}",
            *bets,
            f"starting_stacks = {_array([s.stack for s in self.seats])}",
            "players = [" + ", ".join(_string(s.name) for s in self.seats) + "]",
            f"{SOURCE_FIELD} = {_string(self.source)}",
            f"{SOURCE_ID_FIELD} = {_string(self.hand_id)}",
            *([f"{UNIT_FIELD} = {amount_text(self.unit)}"] if self.unit != 1 else []),
            *extra,
            "actions = [",
            *(f"  {_string(action)}," for action in [*deals, *self._in_order()]),
            "]",
        ]
        return "\n".join(lines) + "\n"

    def _in_order(self) -> list[str]:
        cut = self.last_bet
        return [*self.actions[:cut], *self.shows, *self.actions[cut:]]


def _array(values: Sequence[Decimal]) -> str:
    return "[" + ", ".join(amount_text(v) for v in values) + "]"


def _string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    escaped = "".join(c if c >= " " and c != "\x7f" else f"\\u{ord(c):04x}" for c in escaped)
    return f'"{escaped}"'
