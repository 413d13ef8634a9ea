"""What happened in a hand, in words: each seat's last action and the hand log.

Built only from events as one viewer sees them (:func:`pokerroom.engine.views.view_of`),
so nobody's unshown cards can appear here (X-4). Amounts are round totals, as
players state them (A-7): "raises to 131", "calls 70", "all-in 57".

>>> from pokerroom.engine import events as ev
>>> events = [ev.PostBlind(0, 1), ev.PostBlind(1, 2), ev.BetRaise(2, 6), ev.Fold(0)]
>>> story = tell(events, Words(["Ann", "Bob", "Cy"], you=2), [200, 200, 6])
>>> story.lines
['Ann posts 1', 'Bob posts 2', 'You raise to 6 (all-in)', 'Ann folds']
>>> story.last_action
{0: 'folds', 1: 'posts 2', 2: 'all-in 6'}
>>> story.about  # whom each line names
[(0,), (1,), (2,), (0,)]
>>> tell(events, Words(["Ann", "Bob", "Cy"], everyone=True), [200, 200, 6]).lines[:2]
['You post 1', 'You post 2']
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field

from pokerroom.cards import Card, card_face
from pokerroom.engine import events as ev
from pokerroom.i18n import N_, gettext, pgettext
from pokerroom.table.run_twice import AGREED, ONCE

HIDDEN = "##"
_STREET_CARDS = {3: "flop", 4: "turn", 5: "river"}

ACTION_LINES = {
    "post": (
        N_("You post {amount}"), N_("{name} posts {amount}"), N_("posts {amount}"),
        N_("post {amount}"),
    ),
    "bring in": (
        N_("You bring in {amount}"), N_("{name} brings in {amount}"), N_("brings in {amount}"),
        N_("bring in {amount}"),
    ),
    "fold": (N_("You fold"), N_("{name} folds"), N_("folds"), N_("fold")),
    "check": (N_("You check"), N_("{name} checks"), N_("checks"), N_("check")),
    "call": (
        N_("You call {amount}"), N_("{name} calls {amount}"), N_("calls {amount}"),
        N_("call {amount}"),
    ),
    "bet": (
        N_("You bet {amount}"), N_("{name} bets {amount}"), N_("bets {amount}"),
        N_("bet {amount}"),
    ),
    "raise to": (
        N_("You raise to {amount}"), N_("{name} raises to {amount}"), N_("raises to {amount}"),
        N_("raise to {amount}"),
    ),
    "complete to": (
        N_("You complete to {amount}"), N_("{name} completes to {amount}"),
        N_("completes to {amount}"), N_("complete to {amount}"),
    ),
    "ante": (
        N_("You ante {amount}"), N_("{name} antes {amount}"), N_("antes {amount}"),
        N_("ante {amount}"),
    ),
}  # fmt: skip
"""Each action of the hand log by its verb: the line for "you", the line for a named
player, the player's seat label, and the action alone (after "timed out:")."""
YOU = N_("You")
"""The lone human at a terminal table, as the hand log names him."""
ELIMINATED = (N_("You are eliminated"), N_("{name} is eliminated"))
"""A series' line for a player out of chips: ``words.line(player, *ELIMINATED)``."""


def cards_text(cards: Sequence[Card | None], write: Callable[[Card], str] = str) -> str:
    """Known cards as text (``write`` spells one), unknown ones as a card back."""
    return " ".join(write(card) if card is not None else HIDDEN for card in cards)


def faces_text(cards: Sequence[Card | None]) -> str:
    """Cards as a screen shows them: ``A♥ T♠ ##``."""
    return cards_text(cards, card_face)


@dataclass(frozen=True, slots=True)
class Words:
    """How players are named: ``you`` (a lone human's position) is addressed as "You";
    ``amount`` writes chips and ``card`` a card (a screen groups the digits and draws the
    suits, a saved log keeps the plain tokens)."""

    names: Sequence[str]
    you: int | None = None
    amount: Callable[[int], str] = str
    card: Callable[[Card], str] = str
    everyone: bool = False
    """Every player addressed as "You": the lines a log told once for all its viewers
    gives each one about himself (:attr:`Story.about`)."""

    def subject(self, player: int) -> str:
        return gettext(YOU) if self.everyone or player == self.you else self.names[player]

    def line(self, player: int, you: str, named: str, **params: str) -> str:
        """The message ``you`` for the lone human, else ``named`` with his name, filled."""
        if self.everyone or player == self.you:
            return gettext(you).format(**params)
        return gettext(named).format(name=self.names[player], **params)

    def says(self, player: int, verb: str) -> str:
        """``verb`` in its base form ("raise to"), agreed with the player: "Ann raises to"."""
        if player == self.you:
            return f"You {verb}"  # machine words: English only, no screen calls it
        return f"{self.names[player]} {third_person(verb)}"


def third_person(verb: str) -> str:
    """ "raise to 6" → "raises to 6"; "are" → "is"."""
    first, _, rest = verb.partition(" ")
    third = "is" if first == "are" else f"{first}s"
    return f"{third} {rest}" if rest else third


@dataclass
class Story:
    lines: list[str] = field(default_factory=list)
    """The hand log: every action and deal the viewer may see, in order."""
    last_action: dict[int, str] = field(default_factory=dict)
    """Each player's latest action, short, for his seat: "raises to 131", "folds"."""
    drew: dict[int, int] = field(default_factory=dict)
    """Draw games: how many cards each player exchanged (V-8)."""
    about: list[tuple[int, ...]] = field(default_factory=list)
    """Whom each line names (by position): a line about nobody, or about someone else,
    reads the same for every viewer."""


def tell(
    events: Sequence[ev.Event],
    words: Words,
    stacks: Sequence[int],
    timeouts: Collection[int] = (),
    *,
    boards: int = 1,
    hand_names: Mapping[int, str] | None = None,
    winning: Mapping[tuple[int, int, str, int], str] | None = None,
) -> Story:
    """The story of ``events``; ``stacks`` at the start of the hand; ``timeouts`` holds the
    indices of the events the shot clock made for a player (A-18); ``hand_names`` names
    the shown hands ("pair of aces") once they are complete; ``winning`` names the hand
    that won each award, by (player, pot, share, board)
    (:func:`pokerroom.table.showdown.winning_hands`)."""
    teller = StoryTeller(words, stacks, boards=boards, hand_names=hand_names, winning=winning)
    teller.tell(events, timeouts)
    return teller.story()


class StoryTeller:
    """:func:`tell` for a hand that is still growing: each event is told once, when it is
    new, instead of the whole hand again for every update. ``hand_names`` and ``winning``
    are read as each event is told: a teller made before they changed tells the old words
    (make a new one then).

    >>> teller = StoryTeller(Words(["Ann", "Bob"]), [50, 50])
    >>> teller.tell([ev.PostBlind(0, 1), ev.PostBlind(1, 2)])
    >>> teller.tell([ev.PostBlind(0, 1), ev.PostBlind(1, 2), ev.Fold(0)])
    >>> teller.story().lines
    ['Ann posts 1', 'Bob posts 2', 'Ann folds']
    """

    def __init__(
        self,
        words: Words,
        stacks: Sequence[int],
        *,
        boards: int = 1,
        hand_names: Mapping[int, str] | None = None,
        winning: Mapping[tuple[int, int, str, int], str] | None = None,
    ) -> None:
        self._teller = _Teller(
            Story(), words, list(stacks), boards > 1, hand_names or {}, winning or {}
        )
        self.told = 0
        """How many events of the hand have been told."""

    def holds_for(
        self, hand_names: Mapping[int, str], winning: Mapping[tuple[int, int, str, int], str]
    ) -> bool:
        """Whether what was told would be told alike with these shown and winning hands'
        names (each name it looked up is the same in them): then it goes on with them, and
        a hand whose showdown names one more hand is not told again from the start."""
        teller = self._teller
        if any(hand_names.get(player) != named for player, named in teller.names_read.items()):
            return False
        if any(winning.get(award) != won for award, won in teller.winning_read.items()):
            return False
        teller.hand_names, teller.winning = hand_names, winning
        return True

    def tell(self, events: Sequence[ev.Event], timeouts: Collection[int] = ()) -> None:
        """Tell the events past the first :attr:`told` of ``events`` (the hand so far)."""
        for index in range(self.told, len(events)):
            self._teller.event(events[index], timed_out=index in timeouts)
        self.told = max(self.told, len(events))

    def story(self) -> Story:
        """The story so far, antes and up cards not yet told included: a copy, which
        telling more events later leaves as it is."""
        teller = self._teller.copy()
        teller.named = list(teller.named)
        told = teller.story
        teller.story = Story(
            list(told.lines), dict(told.last_action), dict(told.drew), list(told.about)
        )
        teller.flush_antes()
        teller.flush_up_cards()
        return teller.story


class _Teller:
    def __init__(
        self,
        story: Story,
        words: Words,
        stacks: list[int],
        two_boards: bool,
        hand_names: Mapping[int, str],
        winning: Mapping[tuple[int, int, str, int], str],
    ) -> None:
        self.story, self.words, self.stacks = story, words, stacks
        self.two_boards, self.hand_names, self.winning = two_boards, hand_names, winning
        self.committed = [0] * len(stacks)
        self.bet = 0
        self.acted = False
        """Whether anyone acted in this betting round (a deal after that starts the next)."""
        self.brought_in = False
        self.boards: dict[int, int] = {}
        self.runs = 1
        """2 once the players agreed to run it twice: board 1 is then run 2."""
        self.up_cards: list[str] = []
        self.named: list[int] = []
        """The players named in the line being made (:attr:`Story.about`)."""
        self.antes: list[tuple[int, int]] = []
        """Antes posted and not yet told: everyone's equal antes make one line (B-7)."""
        self.names_read: dict[int, str | None] = {}
        """Each shown hand's name as it was looked up (None: it had none then)."""
        self.winning_read: dict[tuple[int, int, str, int], str | None] = {}
        """Each award's winning hand as it was looked up."""

    def say(self, line: str) -> None:
        self.story.lines.append(line)
        self.story.about.append(tuple(self.named))
        self.named.clear()

    def subject(self, player: int) -> str:
        self.named.append(player)
        return self.words.subject(player)

    def line(self, player: int, you: str, named: str, **params: str) -> str:
        self.named.append(player)
        return self.words.line(player, you, named, **params)

    def act(self, player: int, verb: str, amount: int | None, *, timed_out: bool) -> None:
        """Log an action and keep it as the player's latest; "all-in" when it took his last chip."""
        all_in = amount is not None and self.stacks[player] == 0
        chips = "" if amount is None else self.words.amount(amount)
        you, named, seat, alone = ACTION_LINES[verb]
        if timed_out:
            said = gettext(alone).format(amount=chips)
            line = self.line(
                player, N_("You timed out: {action}"), N_("{name} timed out: {action}"), action=said
            )
        else:
            line = self.line(player, you, named, amount=chips)
        if all_in:
            line = gettext(N_("{line} (all-in)")).format(line=line)
        self.say(line)
        self.story.last_action[player] = (
            gettext(N_("all-in {amount}")).format(amount=chips)
            if all_in
            else gettext(seat).format(amount=chips)
        )

    def put_in(self, player: int, to: int) -> None:
        self.stacks[player] -= to - self.committed[player]
        self.committed[player] = to
        self.bet = max(self.bet, to)

    def new_round(self) -> None:
        if self.acted:
            self.committed = [0] * len(self.committed)
            self.bet, self.acted, self.brought_in = 0, False, False

    def event(self, event: ev.Event, *, timed_out: bool) -> None:
        if not isinstance(event, ev.DealHole):
            self.flush_up_cards()
        if not isinstance(event, ev.PostAnte):
            self.flush_antes()
        match event:
            case ev.PostAnte(player, amount):
                self.stacks[player] -= amount
                self.antes.append((player, amount))
            case ev.PostBlind(player, amount):
                self.put_in(player, amount)
                self.act(player, "post", amount, timed_out=False)
            case ev.BringIn(player, amount):
                self.put_in(player, amount)
                self.acted = self.brought_in = True
                self.act(player, "bring in", amount, timed_out=timed_out)  # machine words
            case ev.Fold(player):
                self.acted = True
                self.act(player, "fold", None, timed_out=timed_out)
            case ev.Check(player):
                self.acted = True
                self.act(player, "check", None, timed_out=timed_out)
            case ev.Call(player, to):
                self.put_in(player, to)
                self.acted = True
                self.act(player, "call", to, timed_out=timed_out)
            case ev.BetRaise(player, to):
                verb = (
                    "complete to"  # machine words: ACTION_LINES keys
                    if self.brought_in
                    else "raise to"  # machine words
                    if self.bet
                    else "bet"
                )
                self.brought_in = False
                self.put_in(player, to)
                self.acted = True
                self.act(player, verb, to, timed_out=timed_out)
            case ev.ReturnUncalled(player, amount):
                self.stacks[player] += amount
                self.committed[player] -= amount
                uncalled = self.words.amount(amount)
                self.say(
                    self.line(
                        player,
                        N_("uncalled {amount} returned to You"),
                        N_("uncalled {amount} returned to {name}"),
                        amount=uncalled,
                    )
                )
            case ev.DealBoard(cards, board):
                self.new_round()
                self.deal_board(cards, board)
            case ev.ChooseRuns(runs):
                self.runs = runs
                if runs == 2:  # run 2 starts from the cards already dealt
                    self.boards[1] = self.boards.get(0, 0)
                self.say(gettext(AGREED if runs == 2 else ONCE))
            case ev.DealHole(player, cards, face_up):
                self.new_round()
                if face_up:
                    self.up_cards.append(
                        gettext(N_("{name} {cards}")).format(
                            name=self.subject(player),
                            cards=cards_text(cards, self.words.card),
                        )
                    )
            case ev.Discard(player, cards):
                self.new_round()
                self.story.drew[player] = len(cards)
                count = str(len(cards))
                if cards:
                    self.say(
                        self.line(
                            player, N_("You draw {count}"), N_("{name} draws {count}"), count=count
                        )
                    )
                    self.story.last_action[player] = gettext(N_("draws {count}")).format(
                        count=count
                    )
                else:
                    self.say(self.line(player, N_("You stand pat"), N_("{name} stands pat")))
                    self.story.last_action[player] = gettext(N_("stands pat"))
            case ev.Show(player, cards):
                named = self.names_read[player] = self.hand_names.get(player)
                shown = cards_text(cards, self.words.card)
                if named:
                    self.say(
                        self.line(
                            player,
                            N_("You show {cards}: {hand}"),
                            N_("{name} shows {cards}: {hand}"),
                            cards=shown,
                            hand=named,
                        )
                    )
                else:
                    self.say(
                        self.line(
                            player, N_("You show {cards}"), N_("{name} shows {cards}"), cards=shown
                        )
                    )
                self.story.last_action[player] = gettext(N_("shows"))
            case ev.Muck(player):
                self.say(self.line(player, N_("You muck"), N_("{name} mucks")))
                self.story.last_action[player] = gettext(N_("mucks"))
            case ev.Award(player, amount, pot, share, board):
                self.stacks[player] += amount
                where = _pot_name(pot, share, board, two_boards=self.two_boards, runs=self.runs)
                award = (player, pot, share, board)
                won_with = self.winning_read[award] = self.winning.get(award)
                won = self.words.amount(amount)
                line = self.line(
                    player, N_("You win {amount}"), N_("{name} wins {amount}"), amount=won
                )
                if where:
                    line = gettext(N_("{line} ({pot})")).format(line=line, pot=where)
                if won_with:
                    hand = f"{won_with[:1].lower()}{won_with[1:]}"
                    line = gettext(N_("{line} with {hand}")).format(line=line, hand=hand)
                self.say(line)
                self.story.last_action[player] = gettext(N_("wins {amount}")).format(amount=won)

    def deal_board(self, cards: tuple[Card | None, ...], board: int) -> None:
        dealt = self.boards.get(board, 0) + len(cards)
        self.boards[board] = dealt
        street = _board_name(_STREET_CARDS.get(dealt, "board"))
        if len(cards) == 1 and dealt == 1:
            street = pgettext("board", "community card")  # Stud short of cards (C-6)
        label = street
        if self.runs > 1:
            label = gettext(N_("run {run} {street}")).format(run=board + 1, street=street)
        elif self.two_boards:
            upper, lower = N_("upper {street}"), N_("lower {street}")
            label = gettext(lower if board else upper).format(street=street)
        shown = cards_text(cards, self.words.card)
        self.say(gettext(N_("{street}: {cards}")).format(street=label, cards=shown))

    def copy(self) -> _Teller:
        """A shallow copy: ``copy.copy`` without its generic steps (4 µs of the 9 a story
        took; a table tells one for each viewer position at each change)."""
        twin = _Teller.__new__(_Teller)
        twin.__dict__.update(self.__dict__)
        return twin

    def flush_antes(self) -> None:
        amounts = {amount for _, amount in self.antes}
        if len(self.antes) == len(self.stacks) > 1 and len(amounts) == 1 and all(self.stacks):
            each = self.words.amount(amounts.pop())
            self.say(gettext(N_("everyone antes {amount}")).format(amount=each))
            for player, _ in self.antes:
                self.story.last_action[player] = gettext(N_("antes {amount}")).format(amount=each)
        else:
            for player, amount in self.antes:
                self.act(player, "ante", amount, timed_out=False)
        self.antes = []

    def flush_up_cards(self) -> None:
        """Stud: the up cards of one street in one line."""
        if self.up_cards:
            self.say(gettext(N_("up cards: {cards}")).format(cards=", ".join(self.up_cards)))
            self.up_cards = []


def _board_name(code: str) -> str:
    words = {
        "flop": pgettext("board", "flop"),
        "turn": pgettext("board", "turn"),
        "river": pgettext("board", "river"),
        "board": pgettext("board", "board"),
    }
    return words[code]


def _pot_name(pot: int, share: str, board: int, *, two_boards: bool, runs: int = 1) -> str:
    """Which pot an award is from: "side pot 1, high half, lower board"; "" for the main pot
    of one board."""
    parts = []
    if pot:
        parts.append(gettext(N_("side pot {number}")).format(number=pot))
    if share == "high":
        parts.append(gettext(N_("high half")))
    elif share == "low":
        parts.append(gettext(N_("low half")))
    if two_boards:
        parts.append(gettext(N_("lower board")) if board else gettext(N_("upper board")))
    if runs > 1:
        parts.append(gettext(N_("run {number}")).format(number=board + 1))
    return ", ".join(parts)
