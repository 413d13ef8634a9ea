"""PokerStars hand-history text read into PHH: Hold'em and Omaha, cash and tournament.

Reads what PokerStars writes (and what :mod:`pokerroom.history.pokerstars` writes, the same
format): a header per hand (``PokerStars Hand #…``, the game, its limit and stakes, the
time), the table and the button, the seats with their chips, the antes, blinds and posts,
``Dealt to`` the hero, each action, the boards, the showdown's shows and mucks, what each
player collected, and the summary's total pot and rake. Lines of the table's life — a
player sitting out, joining, chatting, timing out — change no chips and are passed over.
Anything else in a hand makes that hand unreadable; the other hands are read on.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from pokerroom.engine.variants import Limit
from pokerroom.history.imports.amounts import cards
from pokerroom.history.imports.check import ImportedHand, checked
from pokerroom.history.imports.draft import Draft, Game, Seat, amount_text
from pokerroom.history.imports.problems import Problem, UnreadableError
from pokerroom.i18n import gettext as _

SOURCE = "pokerstars"
_EASTERN = ZoneInfo("America/New_York")
_HEADER = re.compile(r"^PokerStars (?:[A-Za-z ]+ )?(?:Hand|Game) #(\d+):\s*(.*)$")
_GAME = re.compile(r"((?:([56]) Card )?Omaha( Hi/Lo)?|Hold'em) (No Limit|Pot Limit|Limit)")
_STAKES = re.compile(r"\(\s*([$€£]?[\d.,]+)/([$€£]?[\d.,]+)")
_TIME = re.compile(r"(\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}:\d{2}) ?([A-Z]{2,4})?")
_TABLE = re.compile(r"^Table '(.*)' (\d+)-max.*?(?:Seat #(\d+) is the button)?$")
_SEAT = re.compile(r"^Seat (\d+): (.+) \(([$€£]?[\d.,]+) in chips[^)]*\)(.*)$")
_STREET = re.compile(r"^\*\*\* (FLOP|TURN|RIVER) \*\*\* .*\[([^\]]*)\]$")
_COLLECTED = re.compile(r"^(.+) collected ([$€£]?[\d.,]+) from (?:main |side )?pot(?:-\d+)?$")
_RETURNED = re.compile(r"^Uncalled bet \(([$€£]?[\d.,]+)\) returned to (.+)$")
_TOTAL = re.compile(r"^Total pot ([$€£]?[\d.,]+).*\| Rake ([$€£]?[\d.,]+)")
_DEALT = re.compile(r"^Dealt to (.+?)(?: \[([^\]]*)\].*)?$")
_ALL_IN = re.compile(r" and (?:is all-in|has reached the .* cap)$")
_PASSED_OVER = re.compile(
    r"^(.+?)(?::)? (?:is sitting out|sits out|has returned|is connected|is disconnected"
    r"|has timed out.*|leaves the table|joins the table.*|will be allowed to play.*"
    r"|was removed from the table.*|said, .*|finished the tournament.*|wins .*"
    r"|re-buys.*|takes the add-on.*|is feeling .*)$"
)
_LIMITS = {"No Limit": Limit.NO_LIMIT, "Pot Limit": Limit.POT_LIMIT, "Limit": Limit.FIXED_LIMIT}


def _game(words: str) -> Game:
    found = _GAME.search(words)
    if found is None:
        raise UnreadableError(
            _("only Hold'em and Omaha hands are imported, not: {header}").format(header=words)
        )
    omaha = found[1].startswith(("Omaha", "5", "6"))
    holes = int(found[2]) if found[2] else 4 if omaha else 2
    return Game(_LIMITS[found[4]], holes, omaha, bool(found[3]))


def _played_at(words: str) -> datetime | None:
    """UTC, naive; PokerStars writes ET, or the player's zone with ET in brackets."""
    times = _TIME.findall(words)
    for wanted in ("UTC", "GMT", "ET"):
        for when, zone in times:
            if zone == wanted:
                try:
                    moment = datetime.strptime(when, "%Y/%m/%d %H:%M:%S")
                except ValueError:  # not a day of the calendar: the hand keeps no time
                    return None
                if zone == "ET":
                    moment = moment.replace(tzinfo=_EASTERN).astimezone(UTC).replace(tzinfo=None)
                return moment
    return None


class _Reader:
    """One hand's lines, read in order into a :class:`Draft`."""

    def __init__(self, hand_id: str, line: int, header: str) -> None:
        self.draft = Draft(SOURCE, hand_id, line)
        self.draft.game = _game(header)
        if "Tournament #" in header:
            self.draft.table = header.split(",", maxsplit=1)[0]
        stakes = _STAKES.search(header)
        if stakes is None:
            raise UnreadableError(_("the header names no stakes: {header}").format(header=header))
        if re.match("[$€£]", stakes[1]):
            self.draft.unit = Decimal("0.01")
        low, high = self.draft.chips(stakes[1]), self.draft.chips(stakes[2])
        if self.draft.game.limit is Limit.FIXED_LIMIT:
            self.draft.small_bet, self.draft.big_bet = low, high
        else:
            self.draft.big_blind = high
        self.draft.played_at = _played_at(header)
        self.button = 0
        self.seats: list[Seat] = []
        self.seated = False
        self.summary = False
        self.big_posted = False

    def _seat_everyone(self) -> None:
        if not self.seated:
            self.draft.seat_players(self.seats, self.button)
            self.seated = True

    def _actor(self, line: str) -> tuple[str, str] | None:
        """The seated player a line starts with (``Name: ...``) and the rest of it."""
        for seat in sorted(self.seats, key=lambda s: -len(s.name)):
            if line.startswith(seat.name + ": "):
                return seat.name, line[len(seat.name) + 2 :]
        return None

    def read(self, line: str) -> None:
        draft = self.draft
        if self.summary:
            if total := _TOTAL.match(line):
                draft.total_pot, draft.rake = self.draft.chips(total[1]), self.draft.chips(total[2])
            return
        if table := _TABLE.match(line):
            draft.table = table[1] if not draft.table else f"{draft.table}, {table[1]}"
            draft.seat_count = int(table[2])
            self.button = int(table[3] or 0)
            return
        if not self.seated and (seat := _SEAT.match(line)):
            if not re.search(r"sitting out|out of hand", seat[4]):
                self.seats.append(Seat(seat[2], int(seat[1]), self.draft.chips(seat[3])))
            return
        if _PASSED_OVER.match(line):
            return
        self._seat_everyone()
        if line.startswith("*** "):
            self._section(line)
        elif acted := self._actor(line):
            self._act(*acted)
        elif dealt := _DEALT.match(line):
            if dealt[2]:
                draft.dealt(dealt[1], cards(dealt[2]))
        elif collected := _COLLECTED.match(line):
            draft.collect(collected[1], self.draft.chips(collected[2]))
        elif not _RETURNED.match(line):
            raise UnreadableError(_('a line this reader does not know: "{line}"').format(line=line))

    def _section(self, line: str) -> None:
        if line.startswith("*** SUMMARY"):
            self.summary = True
        elif street := _STREET.match(line):
            self.draft.board(cards(street[2]))
        elif re.match(r"^\*\*\* (FIRST|SECOND|THIRD) ", line):
            raise UnreadableError(_("a board run more than once is not imported"))
        elif not re.match(r"^\*\*\* (HOLE CARDS|SHOW DOWN) \*\*\*$", line):
            raise UnreadableError(_('a line this reader does not know: "{line}"').format(line=line))

    def _act(self, name: str, what: str) -> None:
        draft = self.draft
        words = _ALL_IN.sub("", what)
        verb, _space, rest = words.partition(" ")
        if words == "folds" or words.startswith("folds ["):
            draft.fold(name)
        elif words == "checks":
            draft.check_call(name)
        elif verb == "calls":
            draft.check_call(name, self.draft.chips(rest))
        elif verb == "bets":
            draft.bet(name, self.draft.chips(rest))
        elif verb == "raises" and " to " in rest:
            draft.raise_to(name, self.draft.chips(rest.split(" to ")[1]))
        elif verb == "shows" and (shown := re.match(r"^\[([^\]]*)\]", rest)):
            draft.show(name, cards(shown[1]))
        elif words in ("mucks hand", "doesn't show hand") or words.startswith("mucks ["):
            draft.muck(name)
        elif verb == "posts":
            self._post(name, rest)
        else:
            raise UnreadableError(
                _('unknown action "{action}" of {name}').format(action=what, name=name)
            )

    def _post(self, name: str, what: str) -> None:
        draft = self.draft
        if what.startswith("the ante "):
            draft.ante(name, self.draft.chips(what.removeprefix("the ante ")))
        elif what.startswith("small blind "):
            draft.blind(name, self.draft.chips(what.removeprefix("small blind ")))
        elif what.startswith("big blind "):
            posted = self.draft.chips(what.removeprefix("big blind "))
            draft.blind(name, posted if not self.big_posted else -posted)
            self.big_posted = True
        elif what.startswith("small & big blinds "):
            self._dead_small_blind(name, self.draft.chips(what.removeprefix("small & big blinds ")))
        elif what.startswith("straddle "):
            draft.blind(name, self.draft.chips(what.removeprefix("straddle ")))
        else:
            raise UnreadableError(_('unknown post "{post}" of {name}').format(post=what, name=name))

    def _dead_small_blind(self, name: str, posted: Decimal) -> None:
        """A player back in who pays both blinds: the big blind is a live post, the small
        blind dead money in the pot (as an ante)."""
        big = self.draft.big_blind or self.draft.small_bet
        if not 0 < big < posted:
            raise UnreadableError(
                _('"{name}" posts both blinds, {posted}, not more than a big blind').format(
                    name=name, posted=amount_text(posted)
                )
            )
        self.draft.ante(name, posted - big)
        self.draft.blind(name, -big)

    def finish(self) -> ImportedHand:
        self._seat_everyone()
        if not self.summary:
            raise UnreadableError(_("the hand is cut short: it has no summary"))
        return checked(self.draft)


def _hands(lines: list[str]) -> Iterator[tuple[int, int]]:
    """Each hand's first and past-last line indexes."""
    starts = [i for i, line in enumerate(lines) if _HEADER.match(line)]
    yield from zip(starts, [*starts[1:], len(lines)][: len(starts)], strict=True)


def read_pokerstars(text: str) -> tuple[list[ImportedHand], list[Problem]]:
    """Every hand of a PokerStars history file, checked, and a problem for each one left out."""
    lines = [line.rstrip() for line in text.lstrip("\ufeff").splitlines()]
    hands: list[ImportedHand] = []
    problems: list[Problem] = []
    first = next((i for i, line in enumerate(lines) if _HEADER.match(line)), len(lines))
    if any(line.strip() for line in lines[:first]):
        stray = next(i for i, line in enumerate(lines) if line.strip())
        problems.append(Problem(stray + 1, _("not a PokerStars hand history line")))
    for start, end in _hands(lines):
        header = _HEADER.match(lines[start])
        assert header is not None
        at = start
        try:
            reader = _Reader(header[1], start + 1, header[2])
            for at in range(start + 1, end):
                if lines[at].strip():
                    reader.read(lines[at].strip())
            at = start
            hands.append(reader.finish())
        except UnreadableError as unreadable:
            problems.append(Problem(at + 1, unreadable.reason, header[1]))
    return hands, problems
