"""Each viewer's hand log, told once event by event instead of again for every frame.

A table sends every seat a fresh snapshot after every change; retelling the whole hand
for each of them was the largest part of building one. A room keeps one
:class:`~pokerroom.table.story.StoryTeller` per engine position (and one for those who
see no hole cards: observers and players not dealt in), each fed only the events of that
viewer's own view (X-4: a teller never sees another viewer's events), and tells it the
new events when asked. A teller is made anew with each hand, and whenever a shown or
winning hand's name it has told changed (a retelling would word its old lines
differently: a hand shown all-in before the board is out is named once it is; a name
added for a hand it has not told of yet changes nothing told), so the story is always
what :func:`~pokerroom.table.story.tell` would say from the start. The
clock's timeouts (A-18) need no such care: an event is marked timed out as it is made.

A story is told in words, so a teller speaks one language: a room keeps one per viewer
position and language (each frame is built in its viewer's, :mod:`pokerroom.room.hub`), and
the shown and winning hands' names once per language too.

A seated viewer's log differs from an observer's only in the lines about himself ("You
call 20" for "Ann calls 20"): no line shows a face-down card. So :meth:`Stories.log` tells
the hand twice per language, once naming everyone and once calling everyone "You", and
gives each viewer the first with his own lines taken from the second (a line naming him
and others, Stud's up cards, is told for him alone).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from pokerroom.amounts import amount_text
from pokerroom.cards import card_face
from pokerroom.engine import Hand
from pokerroom.engine.events import Event
from pokerroom.engine.views import VisibleEvents
from pokerroom.i18n import Language, current_language
from pokerroom.table.showdown import shown_hand_names, winning_hands
from pokerroom.table.story import Story, StoryTeller, Words

HandNames = Mapping[int, str]
Winning = Mapping[tuple[int, int, str, int], str]


_EVERYONE = -1
"""The teller key of the voice that calls every player "You"."""


@dataclass(slots=True)
class _Told:
    teller: StoryTeller
    story: Story | None = None
    """The story as last told (shared by every caller until more is told)."""
    at: int = -1
    """How many events it tells."""
    mine: dict[int, list[int]] | None = None
    """The indices of the lines naming one player alone, by player, once asked for."""

    def told(self) -> Story:
        if self.story is None or self.at != self.teller.told:
            self.story, self.at = self.teller.story(), self.teller.told
            self.mine = None
        return self.story

    def lines_of(self, player: int) -> list[int] | None:
        """The lines naming ``player`` alone; None if a line names him among others."""
        story = self.told()
        if self.mine is None:
            mine: dict[int, list[int]] = {}
            for index, named in enumerate(story.about):
                for someone in named:
                    mine.setdefault(someone, []).append(-1 if len(set(named)) > 1 else index)
            self.mine = mine
        indices = self.mine.get(player, [])
        return None if -1 in indices else indices


class Stories:
    """The stories of the hand being played, one per viewer position."""

    def __init__(self) -> None:
        self._hand: Hand | None = None
        self._tellers: dict[tuple[int | None, Language], _Told] = {}
        self._names_at: dict[Language, tuple[int, str]] = {}
        self._hand_names: dict[Language, HandNames] = {}
        self._winning: dict[Language, Winning] = {}
        self._voices: dict[Language, tuple[tuple[int, str], _Told, _Told]] = {}
        """The two voices of the log as told at a moment of the hand, by language."""

    def __getstate__(self) -> dict[str, object]:
        """A checkpoint keeps no stories: they are told again from the hand's events."""
        return dict(Stories().__dict__)

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
        the events the clock made (A-18). Shared by the callers until more is told: not
        to be changed."""
        return self._teller(hand, viewer, events, names, timeouts).told()

    def log(
        self, hand: Hand, position: int, names: Sequence[str], timeouts: Collection[int]
    ) -> list[str]:
        """The hand log as ``position`` sees it (equal to his story's lines), from the two
        voices told once for every viewer."""
        language, moment = current_language(), (len(hand.events), hand.phase)
        voices = self._voices.get(language)
        if hand is self._hand and voices is not None and voices[0] == moment:
            _moment, public, voiced = voices  # every viewer after the first of a change
        else:
            events = VisibleEvents(hand, None)
            public = self._teller(hand, None, events, names, timeouts)
            voiced = self._teller(hand, _EVERYONE, events, names, timeouts)
            self._voices[language] = (moment, public, voiced)
        mine = public.lines_of(position)
        if mine is None:  # a line names him among others: told for him alone
            alone = self.story(hand, position, VisibleEvents(hand, position), names, timeouts)
            return list(alone.lines)
        lines, own_lines = list(public.told().lines), voiced.told().lines
        for index in mine:
            lines[index] = own_lines[index]
        return lines

    def _teller(
        self,
        hand: Hand,
        viewer: int | None,
        events: Sequence[Event],
        names: Sequence[str],
        timeouts: Collection[int],
    ) -> _Told:
        if hand is not self._hand or not isinstance(self._names_at, dict):  # or saved before
            self._hand, self._tellers, self._names_at = hand, {}, {}
            self._hand_names, self._winning, self._voices = {}, {}, {}
        language = current_language()
        hand_names, winning = self._showdown_words(hand, language)
        told = self._tellers.get((viewer, language))
        if told is None or not self._still_true(told, hand_names, winning, len(events)):
            everyone = viewer == _EVERYONE
            teller = StoryTeller(
                Words(names, None if everyone else viewer, amount_text, card_face, everyone),
                hand.config.stacks,
                boards=len(hand.boards),
                hand_names=hand_names,
                winning=winning,
            )
            told = _Told(teller)
            self._tellers[viewer, language] = told
        told.teller.tell(events, timeouts)
        return told

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
        return told.teller.told <= events and told.teller.holds_for(hand_names, winning)
