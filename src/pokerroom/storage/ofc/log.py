"""The running OFC session's side of the store: saving as it is played, and resuming it.

>>> from pokerroom.ofc import Session
>>> from pokerroom.storage.ofc.store import positions
>>> from pokerroom.bots.ofc import OFC_BOTS, apply_decision, play_ofc_hand
>>> store = OfcStore.open("sqlite://")
>>> session = Session(2, seed=4)
>>> log = OfcLog.start(store, session, ["Ann", "Bob"], bots=[None, "random"])
>>> hand = session.start_hand()
>>> seats = positions(session)
>>> bots = [OFC_BOTS["random"](seat) for seat in seats]
>>> apply_decision(hand, 0, bots[0].decide(hand.view(0)))
>>> log.save_progress(hand, seats)  # after every action; it must extend what is stored
>>> resumed = resume_ofc_session(store)
>>> again = resumed.session.hand
>>> again is not None and again.events == hand.events
True
>>> _ = play_ofc_hand(again, bots)
>>> _ = resumed.session.finish_hand()
>>> saved = resumed.log.hand_finished(again, seats)
>>> saved.number, sum(saved.points), store.get_session(log.session_id).totals == saved.points
(1, 0, True)
>>> store.close()
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pokerroom.errors import PokerroomError, UsageError
from pokerroom.history.ofc.record import (
    OfcAction,
    OfcActionCode,
    parse_action,
)
from pokerroom.ofc import OfcHand, Row, Session
from pokerroom.storage.codec import StorageError
from pokerroom.storage.ofc.rows import OfcHandInProgress, SavedOfcHand, SavedOfcSession
from pokerroom.storage.ofc.store import OfcStore, actions_of


class OfcLog:
    """Saves one running :class:`~pokerroom.ofc.Session`: every action, every hand, the end.

    ``seats`` arguments are the session seat (from 0) of each position, from
    :func:`positions` taken when the hand was dealt.
    """

    def __init__(
        self, store: OfcStore, session_id: int, session: Session, hands: int | None = None
    ) -> None:
        self.store = store
        self.session_id = session_id
        self.session = session
        self.hands = hands
        """``--hands``; the session is finished with its last hand. None: until ended."""

    @classmethod
    def start(
        cls,
        store: OfcStore,
        session: Session,
        names: Sequence[str],
        *,
        bots: Sequence[str | None],
        hands: int | None = None,
    ) -> OfcLog:
        """Save a new session: ``names`` and ``bots`` by session seat, its seed and limit."""
        session_id = store.create_session(
            names, bots, session.seed, hands_limit=hands, button=session.button + 1
        )
        return cls(store, session_id, session, hands)

    @property
    def over(self) -> bool:
        """Whether every hand asked for (``--hands``) has been played."""
        return self.hands is not None and self.session.hands_played >= self.hands

    def progress(self, hand: OfcHand, seats: Sequence[int]) -> Callable[[], None]:
        """:meth:`save_progress` as the hand is now, to write later (a writer's thread):
        all it writes is taken now, the hand copied, so the game may go on meanwhile."""
        if hand is not self.session.hand:
            raise UsageError("only the session's hand in progress can be saved as progress")
        at, number = copy.deepcopy(hand), self.session.hands_played + 1
        numbered = [seat + 1 for seat in seats]
        seed, deck = self.session.hand_seed, self.session.dealt

        def save() -> None:
            self.store.save_progress(
                self.session_id, at, number=number, seats=numbered, deck_seed=seed, deck=deck
            )

        return save

    def save_progress(self, hand: OfcHand, seats: Sequence[int]) -> None:
        """Save the hand being played, after every action, so it can be resumed."""
        self.progress(hand, seats)()

    def settled(self, hand: OfcHand, seats: Sequence[int]) -> Callable[[], SavedOfcHand]:
        """:meth:`hand_finished` as it is now, to write later (see :meth:`progress`)."""
        if self.session.hands_played == 0:
            raise UsageError("no hand of this session has been dealt")
        number, numbered = self.session.hands_played, [seat + 1 for seat in seats]
        seed, deck, over = self.session.hand_seed, self.session.dealt, self.over
        done = copy.deepcopy(hand)
        return lambda: self.store.save_hand(
            self.session_id,
            done,
            number=number,
            seats=numbered,
            deck_seed=seed,
            deck=deck,
            finished=over,
        )

    def hand_finished(self, hand: OfcHand, seats: Sequence[int]) -> SavedOfcHand:
        """Save a hand after :meth:`Session.finish_hand`; the last of ``hands`` ends the session."""
        return self.settled(hand, seats)()

    def finished(self) -> None:
        """The player ends the session between hands: it is finished and no longer resumed."""
        self.store.finish_session(self.session_id, hands_played=self.session.hands_played)


@dataclass(frozen=True, slots=True)
class ResumedOfcSession:
    """A session rebuilt from the store; ``session.hand`` is the hand in progress, if any."""

    saved: SavedOfcSession
    session: Session
    log: OfcLog


def resume_ofc_session(store: OfcStore, session_id: int | None = None) -> ResumedOfcSession:
    """Rebuild a saved session (the latest unfinished one by default) where it was left.

    The session goes on from its saved totals, button and Fantasyland seats (O-3,
    O-4); a hand in progress is dealt again from its deck and its actions applied
    through the rules, and must come out as it was saved.
    """
    if session_id is None:
        latest = store.latest_unfinished()
        if latest is None:
            raise StorageError("no unfinished OFC session to resume")
        saved = latest
    else:
        saved = store.get_session(session_id)
    if saved.finished:
        state = "abandoned" if saved.abandoned else "finished"
        raise StorageError(f"OFC session {saved.id} is {state}; there is nothing to resume")
    try:
        session = Session.restore(
            saved.players,
            seed=saved.seed,
            hands_played=saved.hands_played,
            button=saved.button - 1,
            totals=saved.totals,
            fantasy_seats=[seat for seat, plays in enumerate(saved.fantasy) if plays],
        )
    except UsageError as error:
        raise StorageError(f"OFC session {saved.id} cannot be resumed: {error}") from None
    if saved.in_progress is not None:
        _deal_again(session, saved.id, saved.in_progress)
    return ResumedOfcSession(saved, session, OfcLog(store, saved.id, session, saved.hands_limit))


def _deal_again(session: Session, session_id: int, progress: OfcHandInProgress) -> None:
    """Deal the hand in progress again and apply its saved actions; it must match them."""
    where = f"hand {progress.number} of OFC session {session_id}"
    if (progress.deck_seed is None) == (progress.deck is None):
        raise StorageError(f"{where} was saved without its deck")
    try:
        hand = session.start_hand(progress.deck)
    except PokerroomError:
        raise StorageError(f"{where}: its saved deck is damaged") from None
    if progress.deck_seed != session.hand_seed:
        raise StorageError(f"{where} is dealt differently from its record")
    try:
        for index, text in enumerate(progress.actions):  # noqa: B007 - named in the error
            match parse_action(text, hand.players):  # deals come from the seed
                case OfcAction(
                    code=OfcActionCode.SET, player=int(p), cards=(card,), row=Row() as row
                ):
                    hand.place(p, card, row)
                case OfcAction(code=OfcActionCode.DISCARD, player=int(p), cards=(card,)):
                    hand.discard(p, card)
                case OfcAction(code=OfcActionCode.SURRENDER, player=int(p)):
                    hand.surrender(p)
    except PokerroomError:  # its text may name unset cards: the index alone
        raise StorageError(f"{where} no longer replays: action {index + 1} is refused") from None
    if tuple(actions_of(hand)) != progress.actions:  # the deals included
        raise StorageError(f"{where} replays differently from its record")
