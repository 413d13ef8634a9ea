"""A hand replayer's steps: one finished hand, as one viewer saw it, step by step.

Each step is a JSON-ready dict the page's replayer (``static/replayer.js``)
draws: what happened in words, every stack, the bets in front of the players,
the pot, the boards and each player's cards as that viewer may see them (X-4:
his own, the Stud up cards and hands shown at showdown; ``None`` is a card
back). Built only from :func:`~pokerroom.history.phh.writing.events_seen_by`, so
no step can carry a card the viewer never saw; burns are not steps at all. The
director's complete copy (:func:`complete_steps`, T-16: only he sees unshown and
mucked cards, and only after the hand) is built from every event of the hand.

>>> from pokerroom.deck import Deck
>>> from pokerroom.engine import Action, Hand, HandConfig
>>> hand = Hand(HandConfig.holdem([50, 50], small_blind=1, big_blind=2), Deck(seed=1))
>>> hand.act(Action.fold())
>>> steps = replay_steps(hand, 0, ["Ann", "Bob"])
>>> [step["text"] for step in steps[3:]]
['The cards are dealt', 'Bob folds', '1 uncalled returned to Ann', 'Ann wins 2']
>>> steps[3]["cards"], steps[-1]["stacks"]
([['4c', 'Ac'], [None, None]], [51, 49])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokerroom.amounts import amount_text
from pokerroom.cards import Card
from pokerroom.engine import events as ev
from pokerroom.engine.hand import Hand
from pokerroom.history.chip_track import ChipTrack
from pokerroom.history.phh.documents import PhhError, parse_phh
from pokerroom.history.phh.writing import events_seen_by
from pokerroom.history.replay import replay_hand
from pokerroom.i18n import N_, gettext, ngettext
from pokerroom.table.run_twice import AGREED, ONCE
from pokerroom.table.story import faces_text

Step = dict[str, Any]
_STREETS = {3: N_("Flop"), 4: N_("Turn"), 5: N_("River")}
_DEALT = N_("The cards are dealt")
_SHARES = {"high": N_("high"), "low": N_("low")}
"""A split pot's halves (an Award's ``share``)."""


def _one_name_each(hand: Hand, names: Sequence[str]) -> str:
    counts = f"({hand.players}), got {len(names)}"
    return f"names needs one name per position {counts}"  # machine words: a developer's


def replay_steps(hand: Hand, viewer: int | None, names: Sequence[str]) -> list[Step]:
    """The steps of ``hand`` for position ``viewer`` (``None``: an observer); see the module."""
    if len(names) != hand.players:
        raise ValueError(_one_name_each(hand, names))
    return _Steps(hand, names).build(events_seen_by(hand, viewer))


def complete_steps(hand: Hand, names: Sequence[str]) -> list[Step]:
    """Every card of the finished ``hand`` at every step: the director's copy (T-16)."""
    if len(names) != hand.players:
        raise ValueError(_one_name_each(hand, names))
    return _Steps(hand, names).build(hand.events)


def steps_seen_by(complete: str, viewer: int | None) -> tuple[list[str], list[Step]]:
    """A stored complete PHH document as ``viewer``'s replayer: the names and the steps."""
    phh = parse_phh(complete)
    result = replay_hand(phh)
    if result.hand is None or result.error is not None or not result.complete:
        unfinished = "it does not finish"  # machine words: a log line, as in archive/copies.py
        reason = result.error.message if result.error is not None else unfinished
        why = (
            f"the stored hand does not replay ({reason}), so it cannot be replayed"  # machine words
        )
        raise PhhError(why)
    seat = gettext("Seat {seat}")
    names = list(phh.players or (seat.format(seat=p + 1) for p in range(phh.player_count)))
    return names, replay_steps(result.hand, viewer, names)


def _card(card: Card | None) -> str | None:
    return None if card is None else str(card)


def _cards_text(cards: Sequence[Card | None]) -> str:
    """The cards as every screen shows them (``3♠ 8♠ 4♦``)."""
    return faces_text([card for card in cards if card is not None])


class _Steps:
    def __init__(self, hand: Hand, names: Sequence[str]) -> None:
        self.names = list(names)
        self.track = ChipTrack.start(hand.config.stacks)
        self.boards: list[list[Card | None]] = [[] for _ in hand.boards]
        self.cards: list[list[Card | None]] = [[] for _ in range(hand.players)]
        self.folded = [False] * hand.players
        self.drawing: int | None = None
        """The player whose replacements come next (V-8)."""
        self.runs = 1
        """2 once the board is run twice: board 1 is then run 2."""
        self.completing = hand.config.variant.stud
        """Stud's third street until someone bets: that bet completes the bring-in (V-5)."""
        self.steps: list[Step] = []

    def build(self, events: Sequence[ev.Event]) -> list[Step]:
        self._step(gettext("The hand begins"), None)
        dealt = gettext(_DEALT)
        for event in events:
            if isinstance(event, ev.Burn):
                continue  # never shown, not even as a step
            text, actor = self._apply(event)
            if text == dealt and self.steps[-1]["text"] == dealt:
                self.steps[-1] = self._state(text, None)  # one step for a round of deals
            else:
                self._step(text, actor)
        return self.steps

    def _apply(self, event: ev.Event) -> tuple[str, int | None]:
        level = self.track.level
        moved = self.track.apply(event)
        name = self.names
        match event:
            case ev.PostAnte(player, amount):
                says = gettext("{name} posts the ante {amount}")
                return says.format(name=name[player], amount=amount_text(amount)), player
            case ev.PostBlind(player, amount):
                says = gettext("{name} posts {amount}")
                return says.format(name=name[player], amount=amount_text(amount)), player
            case ev.DealHole(player, cards):
                self.completing = self.completing and len(self.cards[player]) < 3
                self.cards[player].extend(cards)
                if player == self.drawing:  # V-8: his replacements
                    self.drawing = None
                    says = gettext("{name} draws {count}")  # the hand log's words (table.story)
                    return says.format(name=name[player], count=len(cards)), player
                return gettext(_DEALT), None
            case ev.DealBoard(cards, board):
                self.boards[board].extend(cards)
                street = gettext(_STREETS.get(len(self.boards[board]), N_("Board")))
                if self.runs > 1:
                    run = gettext("Run {run} {street}")
                    street = run.format(run=board + 1, street=street.lower())
                elif len(self.boards) == 2:
                    upper = (gettext("Upper board, {street}"), gettext("Lower board, {street}"))
                    street = upper[board].format(street=street.lower())
                return f"{street}: {_cards_text(cards)}", None
            case ev.ChooseRuns(runs):
                self.runs = runs
                if runs == 2:  # run 2 starts from the cards the runs share
                    self.boards[1] = list(self.boards[0])
                return gettext(AGREED if runs == 2 else ONCE).capitalize(), None
            case ev.Discard(player, cards):
                self.drawing = player
                for card in cards:
                    held = self.cards[player]
                    held.remove(card if card in held else None)
                if cards:
                    says = ngettext(
                        "{name} discards {count}", "{name} discards {count}", len(cards)
                    )
                    return says.format(name=name[player], count=len(cards)), player
                return gettext("{name} stands pat").format(name=name[player]), player
            case ev.Fold(player):
                self.folded[player] = True
                return gettext("{name} folds").format(name=name[player]), player
            case ev.Check(player):
                return gettext("{name} checks").format(name=name[player]), player
            case ev.Call(player):
                says = gettext("{name} calls {amount}")
                calls = says.format(name=name[player], amount=amount_text(moved))
                return self._all_in(player, calls), player
            case ev.BringIn(player, amount):
                says = gettext("{name} brings in for {amount}")
                brings = says.format(name=name[player], amount=amount_text(amount))
                return self._all_in(player, brings), player
            case ev.BetRaise(player, to):
                if self.completing:
                    says = gettext("{name} completes to {amount}")
                elif level == 0:
                    says = gettext("{name} bets {amount}")
                else:
                    says = gettext("{name} raises to {amount}")
                self.completing = False
                bets = says.format(name=name[player], amount=amount_text(to))
                return self._all_in(player, bets), player
            case ev.ReturnUncalled(player, amount):
                says = gettext("{amount} uncalled returned to {name}")
                return says.format(name=name[player], amount=amount_text(amount)), player
            case ev.Show(player, cards):
                self.cards[player] = list(cards)
                says = gettext("{name} shows {cards}")
                return says.format(name=name[player], cards=_cards_text(cards)), player
            case ev.Muck(player):
                self.folded[player] = True
                return gettext("{name} mucks").format(name=name[player]), player
            case ev.Award(player, amount, pot, share, board):
                says = gettext("{name} wins {amount}").format(
                    name=name[player], amount=amount_text(amount)
                )
                if pot:
                    says = gettext("{wins} from a side pot").format(wins=says)
                if share != "all":
                    says = f"{says} ({gettext(_SHARES.get(share, share))})"
                if self.runs > 1:
                    says = gettext("{wins} on run {run}").format(wins=says, run=board + 1)
                return says, player
        return type(event).__name__, None

    def _all_in(self, player: int, text: str) -> str:
        return (
            gettext("{says}, all-in").format(says=text) if not self.track.stacks[player] else text
        )

    def _step(self, text: str, actor: int | None) -> None:
        self.steps.append(self._state(text, actor))

    def _state(self, text: str, actor: int | None) -> Step:
        track = self.track
        return {
            "text": text,
            "actor": actor,
            "stacks": list(track.stacks),
            "bets": list(track.bets),
            "pot": track.pot,
            "boards": [[_card(card) for card in board] for board in self.boards],
            "cards": [[_card(card) for card in held] for held in self.cards],
            "folded": list(self.folded),
        }
