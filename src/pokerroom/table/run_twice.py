"""Run it twice (P-10): the players all-in before the river are asked; all must agree in time.

A cash or home table may offer it (the host's option, off by default; never in a
tournament, whose regulation decides, T-3). When the engine's hand waits in its ``runs``
phase, every player still in the hand is asked at once. Everyone agreeing within
:data:`ASK_SECONDS` runs the board twice; one refusal, or the time running out, runs it
once. The engine then deals and pays the runs
(:meth:`~pokerroom.engine.hand.Hand.choose_runs`).

>>> vote = RunTwiceVote.ask([0, 2], now=100.0)
>>> vote.answer(0, agree=True), vote.waiting
(None, (2,))
>>> vote.answer(2, agree=True)
2
>>> RunTwiceVote.ask([0, 1], now=0.0).runs_at(10.0)
1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pokerroom.engine import Hand
from pokerroom.i18n import N_, gettext
from pokerroom.said import Said

ASK_SECONDS = 10.0
"""How long the players have to agree; silence is a refusal."""

QUESTION = N_("Everyone is all-in: run it twice?")
AGREED = N_("everyone agreed: the board is run twice")
ONCE = N_("the board is run once")
AGREE = N_("Run it twice")
DECLINE = N_("Run once")
PROMPT = {"question": QUESTION, "agree": AGREE, "decline": DECLINE}
"""The words a table shows for run it twice, in one place, marked for the catalogues: show
them as ``gettext(QUESTION)`` (:func:`prompt_words` for all three)."""


def prompt_words() -> dict[str, str]:
    """:data:`PROMPT` in the reader's language."""
    return {key: gettext(message) for key, message in PROMPT.items()}


def asked(hand: Hand) -> tuple[int, ...]:
    """The positions asked: every player still in the hand (the engine waits in ``runs``)."""
    return tuple(p for p in range(hand.players) if hand.in_hand(p))


@dataclass(slots=True)
class RunTwiceVote:
    """The question put to the players of one hand, and their answers so far."""

    players: tuple[int, ...]
    deadline: float
    opened: float
    agreed: set[int] = field(default_factory=set)
    declined: bool = False

    @staticmethod
    def ask(players: Sequence[int], *, now: float) -> RunTwiceVote:
        return RunTwiceVote(tuple(players), now + ASK_SECONDS, now)

    @property
    def waiting(self) -> tuple[int, ...]:
        """The players who have not answered yet (none once someone declined)."""
        if self.declined:
            return ()
        return tuple(p for p in self.players if p not in self.agreed)

    @property
    def runs(self) -> int | None:
        """2 when all agreed, 1 when one declined, None while answers are missing."""
        if self.declined:
            return 1
        return 2 if not self.waiting else None

    def answer(self, player: int, *, agree: bool) -> int | None:
        """Record ``player``'s answer; returns :attr:`runs`. Refuses a player not asked or
        who answered already with a :class:`ValueError` naming why."""
        if player not in self.players:
            raise ValueError(Said(N_("only the players still in the hand are asked")))
        if player not in self.waiting:
            raise ValueError(Said(N_("your answer is in already")))
        if agree:
            self.agreed.add(player)
        else:
            self.declined = True
        return self.runs

    def runs_at(self, now: float) -> int | None:
        """:attr:`runs`, or 1 once the time is up with answers missing."""
        runs = self.runs
        if runs is None and now >= self.deadline:
            return 1
        return runs
