"""The director's penalties (T-14) and the penalty table of 002 7.1 as presets (T-21).

A penalty is a warning, a sit-out of some hands or rounds, or disqualification. A
"round" is as many hands as players at the table when the penalty is given, the offender
included (002 7.1.2 note); :meth:`Penalty.hands_at` turns it into hands then. Each offence
has a first-time and a repeat choice (002: "the same offence two times or more"); the
director picks a penalty allowed by the choice, or overrides it (T-16, 002 7.4).

Where 002 names no repeat penalty (7.1.10, 7.1.14, 7.1.15) the repeat choice is the
first-time one; 7.1.16 ("any other unsporting conduct") and 7.1.17 (a messy stack,
forbidden without a stated penalty) allow anything from a warning to disqualification.

>>> preset = PRESETS[Offence.ACTION_OUT_OF_TURN]
>>> [str(option) for option in preset.choices(priors=0)]
['warning']
>>> [str(option) for option in preset.choices(priors=1)]
['sit out 3-5 hands']
>>> Penalty.rounds(1).hands_at(players=7)
7

``str()`` is the English of exports and logs; people read :meth:`Penalty.text` and
:meth:`Choice.text`, in their language and, in Russian, the rule book's own words:

>>> from pokerroom.i18n import use_language
>>> with use_language("ru"):
...     [choice.text() for choice in PRESETS[Offence.KEEPING_CARDS_AFTER_FOLD].choices(1)]
['пропуск от 3 раздач до 1 круга раздач']
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from pokerroom.errors import UsageError
from pokerroom.i18n import N_, _, ngettext, npgettext
from pokerroom.said import Said

MIN_PLAYERS, MAX_PLAYERS = 2, 10
"""A table's player count bounds the size of a round."""


class PenaltyKind(enum.Enum):
    WARNING = "warning"
    SIT_OUT = "sit out"
    """H-10: H-9 away for a number of hands dealt at his table."""
    DISQUALIFICATION = "disqualification"
    """5.19.2: out of the tournament; his chips leave play (see :mod:`.log`)."""


KIND_WORDS = {
    PenaltyKind.WARNING: N_("warning"),
    PenaltyKind.SIT_OUT: N_("sit out"),
    PenaltyKind.DISQUALIFICATION: N_("disqualification"),
}
"""Each kind as people read it (its value is the English of exports)."""


class Unit(enum.Enum):
    HANDS = "hand"
    ROUNDS = "round"


def _check_players(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise UsageError(
            Said(
                N_("a round is counted at a table of {low} to {high} players, got {count}"),
                low=MIN_PLAYERS,
                high=MAX_PLAYERS,
                count=players,
            )
        )


@dataclass(frozen=True, slots=True)
class Span:
    """A sit-out length: ``count`` hands or rounds."""

    count: int
    unit: Unit

    def __post_init__(self) -> None:
        if self.count < 1:
            raise UsageError(
                f"a sit-out lasts at least 1 {self.unit.value}, got {self.count}"  # machine words
            )

    def hands_at(self, players: int) -> int:
        """T-14: hands to sit out when given at a table of ``players`` (offender included)."""
        _check_players(players)
        return self.count * (players if self.unit is Unit.ROUNDS else 1)

    def __str__(self) -> str:
        return f"{self.count} {self.unit.value}{'s' if self.count > 1 else ''}"

    def text(self) -> str:
        """``3 hands``, ``1 round`` as people read them after "sit out" (in Russian the
        rule book's genitive: «3 раздач», «1 круга раздач»)."""
        if self.unit is Unit.ROUNDS:
            words = npgettext("sit out", "{count} round", "{count} rounds", self.count)
        else:
            words = npgettext("sit out", "{count} hand", "{count} hands", self.count)
        return words.format(count=self.count)


@dataclass(frozen=True, slots=True)
class Penalty:
    """What the director gives: a warning, a sit-out span, or disqualification (T-14)."""

    kind: PenaltyKind
    span: Span | None = None

    def __post_init__(self) -> None:
        if (self.kind is PenaltyKind.SIT_OUT) != (self.span is not None):
            raise UsageError(
                "a sit-out penalty, and only a sit-out, has a number of hands"  # machine words
            )

    @staticmethod
    def warning() -> Penalty:
        return Penalty(PenaltyKind.WARNING)

    @staticmethod
    def hands(count: int) -> Penalty:
        return Penalty(PenaltyKind.SIT_OUT, Span(count, Unit.HANDS))

    @staticmethod
    def rounds(count: int) -> Penalty:
        return Penalty(PenaltyKind.SIT_OUT, Span(count, Unit.ROUNDS))

    @staticmethod
    def disqualification() -> Penalty:
        return Penalty(PenaltyKind.DISQUALIFICATION)

    def hands_at(self, players: int) -> int:
        """Hands of sit-out this penalty means at a table of ``players``; 0 for the others."""
        _check_players(players)
        return self.span.hands_at(players) if self.span is not None else 0

    def __str__(self) -> str:
        return (
            f"sit out {self.span}" if self.span is not None else self.kind.value  # machine words
        )

    def text(self) -> str:
        """The penalty as people read it, in the current language (``str()`` stays English)."""
        if self.span is not None:
            return _("sit out {span}").format(span=self.span.text())
        return _(KIND_WORDS[self.kind])


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of the penalty table: a kind, and for a sit-out the shortest and longest."""

    kind: PenaltyKind
    shortest: Span | None = None
    longest: Span | None = None

    def allows(self, penalty: Penalty, players: int) -> bool:
        """Whether ``penalty`` given at a table of ``players`` is within this option."""
        if penalty.kind is not self.kind:
            return False
        if self.shortest is None or self.longest is None:
            return True
        bounds = sorted((self.shortest.hands_at(players), self.longest.hands_at(players)))
        return bounds[0] <= penalty.hands_at(players) <= bounds[1]

    def __str__(self) -> str:
        if self.shortest is None or self.longest is None:
            return self.kind.value
        if self.shortest == self.longest:
            return f"sit out {self.shortest}"  # machine words: the English str
        if self.shortest.unit is self.longest.unit:
            unit = self.longest.unit.value + "s"
            return f"sit out {self.shortest.count}-{self.longest.count} {unit}"  # machine words
        return f"sit out {self.shortest} to {self.longest}"  # machine words

    def text(self) -> str:
        """The option as people read it, in the current language (``str()`` stays English)."""
        if self.shortest is None or self.longest is None:
            return _(KIND_WORDS[self.kind])
        if self.shortest == self.longest:
            return _("sit out {span}").format(span=self.shortest.text())
        if self.shortest.unit is self.longest.unit:
            low, high = self.shortest.count, self.longest.count
            if self.longest.unit is Unit.ROUNDS:
                words = ngettext("sit out {low}-{high} round", "sit out {low}-{high} rounds", high)
            else:
                words = ngettext("sit out {low}-{high} hand", "sit out {low}-{high} hands", high)
            return words.format(low=low, high=high)
        return _("sit out {shortest} to {longest}").format(
            shortest=self.shortest.text(), longest=self.longest.text()
        )


def choices_text(choices: tuple[Choice, ...]) -> str:
    """``warning or sit out 3 hands``, in the current language."""
    return _(" or ").join(choice.text() for choice in choices)


WARNING = Choice(PenaltyKind.WARNING)
DISQUALIFY = Choice(PenaltyKind.DISQUALIFICATION)


def _sit(shortest: tuple[int, Unit], longest: tuple[int, Unit] | None = None) -> Choice:
    low = Span(*shortest)
    return Choice(PenaltyKind.SIT_OUT, low, Span(*longest) if longest else low)


H, R = Unit.HANDS, Unit.ROUNDS
ANY = (WARNING, _sit((1, H), (4, R)), DISQUALIFY)
"""7.1.16: the director's discretion, from a warning to disqualification."""


class Offence(enum.Enum):
    """The offences of 002 7.1.2–7.1.17; the value is the clause."""

    KEEPING_CARDS_AFTER_FOLD = "7.1.2"
    ACTION_OUT_OF_TURN = "7.1.3"
    OUT_OF_TURN_AT_ALL_IN = "7.1.3 all-in"
    COLLUSION = "7.1.4"
    SHOWING_CARDS_IN_ROUND = "7.1.5"
    ANNOUNCING_CARDS = "7.1.6"
    UNREASONABLE_DELAY = "7.1.7"
    TOUCHING_CARDS = "7.1.8"
    TOUCHING_CARDS_DELIBERATELY = "7.1.8 deliberate"
    CARDS_INTO_ANOTHERS = "7.1.9"
    CHIPS_HIDING_CARDS = "7.1.10"
    INSULT = "7.1.11"
    LEAVING_OUT_OF_TURN = "7.1.12"
    PHONE_AT_TABLE = "7.1.13"
    ADVICE_DURING_HAND = "7.1.14"
    SOFT_PLAY = "7.1.15"
    UNSPORTING_CONDUCT = "7.1.16"
    MESSY_STACK = "7.1.17"


@dataclass(frozen=True, slots=True)
class Preset:
    """T-21: an offence's first-time and repeat choices (002 7.1)."""

    offence: Offence
    description: str
    """English, marked for the catalogues: :attr:`words` is what people read."""
    first: tuple[Choice, ...]
    repeat: tuple[Choice, ...]

    @property
    def words(self) -> str:
        """The offence as the rule book words it, in the current language (002 7.1)."""
        return _(self.description)

    def choices(self, priors: int) -> tuple[Choice, ...]:
        """What the director may give after ``priors`` earlier penalties for this offence."""
        return self.repeat if priors else self.first

    def allows(self, penalty: Penalty, priors: int, players: int) -> bool:
        return any(choice.allows(penalty, players) for choice in self.choices(priors))


def _preset(
    offence: Offence, description: str, first: tuple[Choice, ...], repeat: tuple[Choice, ...] = ()
) -> Preset:
    return Preset(offence, description, first, repeat or first)


_ROUND = _sit((1, R))
_THREE_TO_ROUND = _sit((3, H), (1, R))
_ONE_TO_TWO_ROUNDS = _sit((1, R), (2, R))
PRESETS: dict[Offence, Preset] = {
    preset.offence: preset
    for preset in (
        _preset(
            Offence.KEEPING_CARDS_AFTER_FOLD,
            N_("keeping cards after folding"),
            (WARNING,),
            (_THREE_TO_ROUND,),
        ),
        _preset(
            Offence.ACTION_OUT_OF_TURN,
            N_("action out of turn"),
            (WARNING,),
            (_sit((3, H), (5, H)),),
        ),
        _preset(Offence.OUT_OF_TURN_AT_ALL_IN, N_("action out of turn at an all-in"), (_ROUND,)),
        _preset(Offence.COLLUSION, N_("collusion (team play)"), (_sit((2, R)),), (DISQUALIFY,)),
        _preset(
            Offence.SHOWING_CARDS_IN_ROUND,
            N_("showing cards before the betting round ends"),
            (_THREE_TO_ROUND,),
            (_ONE_TO_TWO_ROUNDS,),
        ),
        _preset(
            Offence.ANNOUNCING_CARDS,
            N_("announcing one's cards or hand"),
            (_THREE_TO_ROUND,),
            (_ONE_TO_TWO_ROUNDS,),
        ),
        _preset(Offence.UNREASONABLE_DELAY, N_("unreasonable delay"), (WARNING,), (_ROUND,)),
        _preset(
            Offence.TOUCHING_CARDS,
            N_("touching the muck, burns or another player's cards"),
            (WARNING,),
            (_ROUND,),
        ),
        _preset(
            Offence.TOUCHING_CARDS_DELIBERATELY,
            N_("touching the muck or burns to learn the cards"),
            (_ROUND, DISQUALIFY),
        ),
        _preset(
            Offence.CARDS_INTO_ANOTHERS,
            N_("throwing cards into another player's"),
            (WARNING,),
            (_ROUND,),
        ),
        _preset(Offence.CHIPS_HIDING_CARDS, N_("chips hiding the deal or the cards"), (WARNING,)),
        _preset(
            Offence.INSULT,
            N_("insulting a player or an official"),
            (_sit((1, R), (4, R)), DISQUALIFY),
        ),
        _preset(
            Offence.LEAVING_OUT_OF_TURN,
            N_("acting or leaving the table out of turn"),
            (WARNING,),
            (_sit((3, H), (5, H)),),
        ),
        _preset(Offence.PHONE_AT_TABLE, N_("phone call at the table"), (WARNING,), (_ROUND,)),
        _preset(
            Offence.ADVICE_DURING_HAND,
            N_("advice or strategy talk during a hand"),
            (WARNING, _sit((3, H))),
        ),
        _preset(
            Offence.SOFT_PLAY,
            N_("soft play: check or call in position with the nuts"),
            (_sit((3, H)),),
        ),
        _preset(Offence.UNSPORTING_CONDUCT, N_("other unsporting conduct"), ANY),
        _preset(Offence.MESSY_STACK, N_("a messy stack"), (WARNING,), ANY),
    )
}


def preset_for(clause: str) -> Preset:
    """The preset of a 002 clause, e.g. ``"7.1.3"``; anything else is one clear error."""
    for offence in Offence:
        if offence.value == clause:
            return PRESETS[offence]
    allowed = ", ".join(offence.value for offence in Offence)
    raise UsageError(
        Said(
            N_("no offence {clause} in the penalty table; allowed: {allowed}"),
            clause=repr(clause),
            allowed=allowed,
        )
    )
