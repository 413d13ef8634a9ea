"""Each seat as one viewer sees it: name and markers, chips and last action, cards (X-4).

A seat is three short lines, so that ten fit around an 80-column table:

>>> label = SeatLabel(3, "equity-3", "BTN", 198, "raises to 6", "## ##", to_act=True)
>>> label.lines(24)
['>3 equity-3 BTN', '198  raises to 6', '## ##']
>>> SeatLabel(5, "Ann", "", 1388, "", "").lines(24)[1]
'1,388'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pokerroom.amounts import amount_text
from pokerroom.cards import Card
from pokerroom.engine import events as ev
from pokerroom.engine.views import HandView
from pokerroom.i18n import N_, gettext, ngettext
from pokerroom.table.seating import Blinds
from pokerroom.table.story import Story, faces_text


@dataclass(frozen=True, slots=True)
class SeatLabel:
    seat: int
    name: str
    roles: str
    """BTN, SB, BB: only in games with blinds."""
    chips: int
    action: str
    """The player's latest action ("raises to 131", "folds", "all-in 57")."""
    cards: str
    to_act: bool = False

    def lines(self, width: int) -> list[str]:
        """Three lines, none wider than ``width``; the name is cut first."""
        marker = ">" if self.to_act else " "
        head = f"{marker}{self.seat} "
        tail = f" {self.roles}" if self.roles else ""
        room = max(1, width - len(head) - len(tail))
        name = self.name if len(self.name) <= room else self.name[: room - 1] + "…"
        chips = amount_text(self.chips)
        money = f"{chips}  {self.action}" if self.action else chips
        return [(head + name + tail)[:width], money[:width], self.cards[:width]]


def seat_labels(
    view: HandView,
    seats: Sequence[int],
    names: Mapping[int, str],
    story: Story,
    marks: Blinds | None,
    *,
    blinds: bool = True,
    hide_own: bool = False,
) -> list[SeatLabel]:
    """Every seat in seat order; ``marks`` None for games without a button (Stud, V-5),
    ``blinds`` False for games without blinds (the bomb pot's antes, V-4)."""
    up = _face_up_flags(view.events, len(seats))
    labels = []
    for position, seat in sorted(enumerate(seats), key=lambda pair: pair[1]):
        out = view.folded[position] or any(
            isinstance(e, ev.Muck) and e.player == position for e in view.events
        )
        cards = view.hole[position]
        if position == view.viewer and hide_own:
            cards = (None,) * len(cards)
        text = seat_cards_text(cards, up[position], story.drew.get(position), out=out)
        labels.append(
            SeatLabel(
                seat,
                names[seat],
                _roles(seat, marks, blinds),
                view.stacks[position],
                story.last_action.get(position, ""),
                text,
                view.to_act == position,
            )
        )
    return labels


def _roles(seat: int, marks: Blinds | None, blinds: bool) -> str:
    if marks is None:
        return ""
    return roles_text(
        seat == marks.button,
        blinds and seat == marks.small_blind,
        blinds and seat == marks.big_blind,
    )


def roles_text(button: bool, small_blind: bool, big_blind: bool) -> str:
    """The seat's markers: ``BTN``, ``SB``, ``BB`` (a heads-up button is also the SB);
    in Russian and Ukrainian the usual ``Д`` (дилер), ``МБ``, ``ББ``."""
    tags = ((ROLE_TAGS[0], button), (ROLE_TAGS[1], small_blind), (ROLE_TAGS[2], big_blind))
    return " ".join(gettext(tag) for tag, at in tags if at)


ROLE_TAGS = (N_("BTN"), N_("SB"), N_("BB"))
"""The button's and the blinds' marks on a seat."""


def _face_up_flags(events: Sequence[ev.Event], players: int) -> list[list[bool]]:
    """Stud: for each player, whether each of his cards (in deal order) was dealt face up."""
    flags: list[list[bool]] = [[] for _ in range(players)]
    for event in events:
        if isinstance(event, ev.DealHole):
            flags[event.player] += [event.face_up] * len(event.cards)
    return flags


def seat_cards_text(
    cards: Sequence[Card | None], up: Sequence[bool], drew: int | None, *, out: bool
) -> str:
    """A seat's cards line: none once out of the hand, Stud's up cards marked, and in
    Draw how many he exchanged (V-8)."""
    if out:
        return ""
    text = _hand_text(cards, up)
    if drew is not None:
        drew_text = ngettext("drew {count}", "drew {count}", drew).format(count=drew)
        text += "  " + (drew_text if drew else gettext("stood pat"))
    return text


def _hand_text(cards: Sequence[Card | None], up: Sequence[bool]) -> str:
    """Stud hands as ``down … up …``: the up cards are the ones everyone sees (V-5)."""
    if not any(up) or len(up) != len(cards):
        return faces_text(cards)
    down = [card for card, face_up in zip(cards, up, strict=True) if not face_up]
    shown = [card for card, face_up in zip(cards, up, strict=True) if face_up]
    return gettext("{down} up {up}").format(down=faces_text(down), up=faces_text(shown))
