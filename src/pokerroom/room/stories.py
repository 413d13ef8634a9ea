"""Each viewer's hand log, told once event by event instead of again for every frame.

A table sends every seat a fresh snapshot after every change; retelling the whole hand
for each of them was the largest part of building one. A room keeps one
:class:`~pokerroom.table.story.StoryTeller` per engine position (and one for those who
see no hole cards: observers and players not dealt in), each fed only the events of that
viewer's own view (X-4: a teller never sees another viewer's events), and tells it the
new events when asked. A teller is made anew with each hand, and whenever the shown
hands' names or the winning hands changed (a retelling would word its old lines
differently: a hand shown all-in before the board is out is named once it is), so the
story is always what :func:`~pokerroom.table.story.tell` would say from the start. The
clock's timeouts (A-18) need no such care: an event is marked timed out as it is made.

A story is told in words, so a teller speaks one language: a room keeps one per viewer
position and language (each frame is built in its viewer's, :mod:`pokerroom.room.hub`), and
the shown and winning hands' names once per language too.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from pokerroom.amounts import amount_text
from pokerroom.cards import card_face
from pokerroom.engine import Hand
from pokerroom.engine.events import Event
from pokerroom.i18n import Language, current_language
from pokerroom.table.showdown import shown_hand_names, winning_hands
from pokerroom.table.story import Story, StoryTeller, Words

HandNames = Mapping[int, str]
Winning = Mapping[tuple[int, int, str, int], str]


@dataclass(slots=True)
class _Told:
    teller: StoryTeller
    hand_names: HandNames
    winning: Winning


class Stories:
    """The stories of the hand being played, one per viewer position."""

    def __init__(self) -> None:
        self._hand: Hand | None = None
        self._tellers: dict[tuple[int | None, Language], _Told] = {}
        self._names_at: dict[Language, tuple[int, str]] = {}
        self._hand_names: dict[Language, HandNames] = {}
        self._winning: dict[Language, Winning] = {}

    def story(
        self,
        hand: Hand,
        viewer: int | None,
        events: Sequence[Event],
        names: Sequence[str],
        timeouts: Collection[int],
    ) -> Story:
        """The story of ``hand`` as the position ``viewer`` sees it (None: no hole cards),
        from ``events`` as he sees them (:func:`~pokerroom.engine.views.visible_events`: only
        the ones not told yet are read); ``names`` by position, ``timeouts`` the indices of
        the events the clock made (A-18)."""
        if hand is not self._hand or not isinstance(self._names_at, dict):  # or saved before
            self._hand, self._tellers, self._names_at = hand, {}, {}
            self._hand_names, self._winning = {}, {}
        language = current_language()
        hand_names, winning = self._showdown_words(hand, language)
        told = self._tellers.get((viewer, language))
        if told is None or not self._still_true(told, hand_names, winning, len(events)):
            teller = StoryTeller(
                Words(names, viewer, amount_text, card_face),
                hand.config.stacks,
                boards=len(hand.boards),
                hand_names=hand_names,
                winning=winning,
            )
            told = _Told(teller, hand_names, winning)
            self._tellers[viewer, language] = told
        told.teller.tell(events, timeouts)
        return told.teller.story()

    def _showdown_words(self, hand: Hand, language: Language) -> tuple[HandNames, Winning]:
        """The shown and winning hands in words: public, so worked out once per change
        (and language)."""
        moment = (len(hand.events), hand.phase)
        if moment != self._names_at.get(language):
            self._names_at[language] = moment
            self._hand_names[language] = shown_hand_names(hand)
            self._winning[language] = winning_hands(hand)
        return self._hand_names[language], self._winning[language]

    @staticmethod
    def _still_true(told: _Told, hand_names: HandNames, winning: Winning, events: int) -> bool:
        """Whether what the teller has told (of ``events`` so far) would be told the same
        way now."""
        return (
            told.teller.told <= events and told.hand_names == hand_names and told.winning == winning
        )
