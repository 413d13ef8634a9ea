"""Poker Now logs read into PHH: the ``entry,at,order`` CSV a Poker Now game downloads.

The log lists a whole game newest first; sorted by ``order`` it tells each hand between
``-- starting hand #N (id: …) … (dealer: "…") --`` and ``-- ending hand #N --``: the
stacks (``Player stacks: #1 "Ann @ a1" (1000) | …``), the posts, every bet (``raises to``
and ``bets`` are the street's total), the boards (``Flop:  [A♠, …]``), the hands shown, and
what each player collected. Players are named without Poker Now's ``@ id`` unless two
share a name. ``Your hand is …`` is the downloader's hand: it is his only when we know who
he is — ``hero``, or else the one player who showed exactly those cards in some hand —
and is left out otherwise, so nobody's hidden cards are pinned on the wrong player (X-4).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal

from pokerroom.cards import Card
from pokerroom.engine.variants import Limit
from pokerroom.history.imports.amounts import cards
from pokerroom.history.imports.check import ImportedHand, checked
from pokerroom.history.imports.draft import Draft, Game, Seat
from pokerroom.history.imports.problems import Problem, UnreadableError
from pokerroom.i18n import gettext as _

SOURCE = "pokernow"
_START = re.compile(r"^-- starting hand #(\d+) \(id: ([^)]*)\)\s*(.*?)\s*--$")
_DEALER = re.compile(r'\(dealer: "(.+)"\)')
_GAME = re.compile(r"(No Limit|Pot Limit) (Texas Hold'em|Omaha Hi/Lo|Omaha)")
_END = re.compile(r"^-- ending hand #(\d+) --$")
_STACK = re.compile(r'#(\d+) "(.+?)" \(([\d.,]+)\)')
_QUOTED = re.compile(r'^"(.+?)" (.*)$')
_BOARD = re.compile(r"^(Flop|Turn|River)(.*?):.*\[([^\]]*)\]$")
_ALL_IN = " and go all in"
_PASSED_OVER = re.compile(
    r"^(?:stand up|sit back|quits the game|requested .*|joined .*|changed .*|passed .*"
    r"|will be .*|is away.*|timed out.*)"
)
_LIMITS = {"No Limit": Limit.NO_LIMIT, "Pot Limit": Limit.POT_LIMIT}


@dataclass(slots=True)
class _Entry:
    line: int
    text: str
    at: str
    order: int


@dataclass(slots=True)
class _Hand:
    number: str
    key: str
    line: int
    entries: list[_Entry] = field(default_factory=list)


def _entries(text: str) -> tuple[list[_Entry], list[Problem]]:
    """The log's rows in the order they happened; a row that cannot be read is a problem."""
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    rows: list[list[str]] = []
    problems: list[Problem] = []
    try:
        rows.extend(reader)
    except csv.Error as error:  # the rows after a broken one cannot be told apart
        problems.append(
            Problem(reader.line_num, _("the log cannot be read on: {why}").format(why=error))
        )
    if not rows or [c.strip().lower() for c in rows[0][:3]] != ["entry", "at", "order"]:
        return [], [
            *problems,
            Problem(1, _('not a Poker Now log: its first line is not "entry,at,order"')),
        ]
    entries = []
    for number, row in enumerate(rows[1:], 2):
        if len(row) < 3 or not re.fullmatch("[0-9]+", row[2].strip()):
            problems.append(Problem(number, _("a row without its entry, time and order")))
            continue
        entries.append(_Entry(number, row[0].strip(), row[1].strip(), int(row[2])))
    entries.sort(key=lambda entry: entry.order)
    return entries, problems


def _split(entries: list[_Entry]) -> list[_Hand]:
    hands: list[_Hand] = []
    current: _Hand | None = None
    for entry in entries:
        if start := _START.match(entry.text):
            current = _Hand(start[1], start[2], entry.line, [entry])
            hands.append(current)
        elif current is not None:
            current.entries.append(entry)
            if _END.match(entry.text):
                current = None
    return hands


def _names(stacks: list[tuple[int, str, str]]) -> dict[str, str]:
    """Each ``Name @ id`` as the hand will name him: the name alone unless two share it."""
    short = {full: full.rsplit(" @ ", 1)[0] for _seat, full, _chips in stacks}
    counts = list(short.values())
    return {full: name if counts.count(name) == 1 else full for full, name in short.items()}


def _time(at: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(at.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment.astimezone(UTC).replace(tzinfo=None) if moment.tzinfo else moment


class _Reader:
    def __init__(self, hand: _Hand, hero: str | None) -> None:
        self.hand = hand
        self.hero = hero
        self.draft = Draft(SOURCE, hand.key, hand.line, table="Poker Now")
        self.names: dict[str, str] = {}
        self.ended = False
        self.big_posted = False
        self.at = hand.line
        self.dealer = ""

    def read(self) -> ImportedHand:
        start = self.hand.entries[0]
        self._start(start.text)
        self.draft.played_at = _time(start.at)
        for entry in self.hand.entries[1:]:
            self.at = entry.line
            self._line(entry.text)
        if not self.ended:
            self.at = self.hand.line
            raise UnreadableError(_("the hand is cut short: it has no ending line"))
        return checked(self.draft)

    def _start(self, text: str) -> None:
        start = _START.match(text)
        assert start is not None
        game = _GAME.search(start[3])
        if game is None:
            raise UnreadableError(
                _("only no-limit and pot-limit Hold'em and Omaha are imported, not: {game}").format(
                    game=start[3]
                )
            )
        omaha = game[2].startswith("Omaha")
        self.draft.game = Game(_LIMITS[game[1]], 4 if omaha else 2, omaha, "Hi/Lo" in game[2])
        dealer = _DEALER.search(start[3])
        if dealer is None:
            raise UnreadableError(_("a hand with a dead button is not imported"))
        self.dealer = dealer[1]

    def _name(self, full: str) -> str:
        if full not in self.names:
            raise UnreadableError(_('"{name}" is not seated in this hand').format(name=full))
        return self.names[full]

    def _line(self, text: str) -> None:
        draft = self.draft
        if text.startswith("Player stacks:"):
            stacks = [(int(s), n, c) for s, n, c in _STACK.findall(text)]
            self.names = _names(stacks)
            if any("." in chips for _seat, _name, chips in stacks):
                draft.unit = Decimal("0.01")
            seats = [Seat(self.names[n], s, self.draft.chips(c)) for s, n, c in stacks]
            button = next((s for s, n, _c in stacks if n == self.dealer), None)
            if button is None:
                raise UnreadableError(_("the dealer has no seat in this hand"))
            draft.seat_players(seats, button)
        elif text.startswith("Your hand is "):
            self._yours(cards(text.removeprefix("Your hand is ")))
        elif board := _BOARD.match(text):
            if board[2].strip():
                raise UnreadableError(_("a board run more than once is not imported"))
            draft.board(cards(board[3]))
        elif _END.match(text):
            self.ended = True
        elif (quoted := _QUOTED.match(text)) and quoted[1] in self.names:
            self._act(self._name(quoted[1]), quoted[2].removesuffix(_ALL_IN))
        elif returned := re.match(r'^Uncalled bet of [\d.,]+ returned to "(.+)"$', text):
            self._name(returned[1])

    def _yours(self, mine: tuple[Card, ...]) -> None:
        hero = [full for full, name in self.names.items() if self.hero in (full, name)]
        if len(hero) == 1:
            self.draft.dealt(self.names[hero[0]], mine)

    def _act(self, name: str, what: str) -> None:
        draft = self.draft
        verb, _space, rest = what.partition(" ")
        if what == "folds":
            draft.fold(name)
        elif what == "checks":
            draft.check_call(name)
        elif verb == "calls":
            self.draft.chips(rest)
            draft.check_call(name)
        elif verb == "bets" or what.startswith("raises to "):
            draft.raise_to(name, self.draft.chips(rest.removeprefix("to ")))
        elif verb == "shows":
            draft.show(name, cards(rest.removeprefix("a ").rstrip(".")))
        elif verb == "mucks":
            draft.muck(name)
        elif verb == "collected":
            draft.collect(name, self.draft.chips(rest.split()[0]))
        elif verb == "posts":
            self._post(name, rest)
        elif not _PASSED_OVER.match(what):
            raise UnreadableError(
                _('unknown action "{action}" of {name}').format(action=what, name=name)
            )

    def _post(self, name: str, what: str) -> None:
        draft = self.draft
        posted = self.draft.chips(what.rsplit(" of ", maxsplit=1)[-1])
        if what.startswith("a small blind"):
            draft.blind(name, posted)
        elif what.startswith("a big blind"):
            draft.big_blind = draft.big_blind or posted
            draft.blind(name, posted if not self.big_posted else -posted)
            self.big_posted = True
        elif what.startswith("a straddle"):
            draft.blind(name, posted)
        elif what.startswith("an ante") or what.startswith("a missing small blind"):
            draft.ante(name, posted)
        elif what.startswith("a missed big blind"):
            draft.blind(name, -posted)
        else:
            raise UnreadableError(_('unknown post "{post}" of {name}').format(post=what, name=name))


def _shown(text: str) -> tuple[str, frozenset[Card]] | None:
    quoted = _QUOTED.match(text)
    if quoted is None or not quoted[2].startswith("shows a "):
        return None
    try:
        return quoted[1], frozenset(cards(quoted[2].removeprefix("shows a ").rstrip(".")))
    except UnreadableError:
        return None


def _downloader(hands: list[_Hand]) -> str | None:
    """Who downloaded the log: the one player who ever showed the cards "Your hand is" names."""
    found: set[str] = set()
    for hand in hands:
        yours = next((e.text for e in hand.entries if e.text.startswith("Your hand is ")), None)
        if yours is None:
            continue
        try:
            mine = frozenset(cards(yours.removeprefix("Your hand is ")))
        except UnreadableError:
            continue
        for entry in hand.entries:
            shown = _shown(entry.text)
            if shown is not None and shown[1] == mine:
                found.add(shown[0])
    return found.pop() if len(found) == 1 else None


def read_poker_now(text: str, hero: str | None = None) -> tuple[list[ImportedHand], list[Problem]]:
    """Every hand of a Poker Now log, checked, and a problem for each one left out.

    ``hero`` names who downloaded the log (``Ann`` or ``Ann @ a1``); without it he is found
    from the hands he showed, or his cards stay unknown."""
    entries, problems = _entries(text)
    hands = _split(entries)
    if entries and not hands:
        problems.append(Problem(entries[0].line, _("no hand starts in this log")))
    who = hero if hero is not None else _downloader(hands)
    imported: list[ImportedHand] = []
    for hand in hands:
        reader = _Reader(hand, who)
        try:
            imported.append(reader.read())
        except UnreadableError as unreadable:
            problems.append(Problem(reader.at, unreadable.reason, hand.number))
    return imported, problems
