"""An OFC table as one viewer may see it (X-4, O-2, O-4).

Built only from the hand's per-player view (:meth:`~pokerroom.ofc.OfcHand.view`) for a
player dealt in, or its public view (:meth:`~pokerroom.ofc.OfcHand.public_events`) for
anyone else: everybody sees the cards set face up; only the player himself sees his cards
still to set and his discards; a Fantasyland board is hidden from the others until the
round ends; others' discards are counted, never named; the deck never leaves the room.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.i18n import N_, gettext, ngettext, number_text
from pokerroom.ofc import DiscardCard, OfcHand
from pokerroom.ofc.game import Event
from pokerroom.ofc.rows import Board
from pokerroom.protocol.frames import (
    OfcClockFrame,
    OfcHandFrame,
    OfcSeatFrame,
    OfcStandingFrame,
    OfcTableFrame,
    OfcYouFrame,
)
from pokerroom.room.ofc.placing import free_places
from pokerroom.room.ofc.results import rows_frame
from pokerroom.room.ofc.story import hand_lines
from pokerroom.room.seam import PROTOCOL_VERSION, User
from pokerroom.room.worded import text_for_viewer

if TYPE_CHECKING:
    from pokerroom.room.ofc.room import OfcRoom

GAME_NAME = "OFC Pineapple"  # machine words: a product name, the same in every language
STAKES = N_("points: 1 a row, 6 a scoop, royalties; Fantasyland")  # O-4 … O-6


def build(room: OfcRoom, viewer: User | None) -> OfcTableFrame:
    seat = None if viewer is None else room.seat_of_user(viewer.id)
    hand = room.hand
    position = None if seat is None else room.position_of(seat)
    if hand is not None and position is not None:
        view = hand.view(position)  # only what this player may see
        boards, events = view.boards, view.events
    elif hand is not None:
        boards, events = hand.public_boards(), hand.public_events()
    else:
        boards, events = (), ()
    return {
        "type": "table",
        "v": PROTOCOL_VERSION,
        "room": room.id,
        "kind": "ofc",
        "status": room.status,
        "host": room.host,
        "game": {"variant": "ofc-pineapple", "name": GAME_NAME, "stakes": stakes_words(room)},
        "seats": [_seat(room, s, viewer, boards, events) for s in range(1, room.table_size + 1)],
        "hand": None if hand is None else _hand(room, hand, events),
        "you": _you(room, viewer, seat, position),
        "results": room.results_shown(),
        "standings": _standings(room),
        "hands_played": room.hands_played,
        "next_hand_at": room.next_hand_at,
    }


def over(room: OfcRoom, shared: OfcTableFrame, viewer: User) -> OfcTableFrame:
    """``viewer``'s frame from the observers' ``shared`` one: a viewer with no seat sees
    what they see but his own ``you`` block; a seated one's frame is built for him alone."""
    seat = room.seat_of_user(viewer.id)
    if seat is not None:
        return build(room, viewer)
    frame = shared.copy()
    frame["you"] = _you(room, viewer, None, None)
    return frame


def ofc_stakes(room: OfcRoom) -> str:
    """The lobby entry's stakes as stored: English data, worded for each reader on the way
    out (``web/lobby/words.py``)."""
    hands = "" if room.max_hands is None else f", {room.max_hands} hands"
    return f"{room.table_size} players, {STAKES}{hands}"


def stakes_words(room: OfcRoom) -> str:
    """The table's header in the viewer's language (the frame is built inside it):
    "3 players, points: 1 a row, 6 a scoop, royalties; Fantasyland"."""
    players = ngettext("{count} player", "{count} players", room.table_size)
    parts = [players.format(count=number_text(room.table_size)), gettext(STAKES)]
    if room.max_hands is not None:
        hands = ngettext("{count} hand", "{count} hands", room.max_hands)
        parts.append(hands.format(count=number_text(room.max_hands)))
    return ", ".join(parts)


def _seat(
    room: OfcRoom,
    seat: int,
    viewer: User | None,
    boards: tuple[Board | None, ...],
    events: tuple[Event, ...],
) -> OfcSeatFrame:
    occupant = room.occupants.get(seat)
    hand = room.hand
    position = room.position_of(seat) if occupant is not None else None
    in_hand = hand is not None and position is not None
    board = boards[position] if in_hand and position is not None else None
    if in_hand and hand is not None and position is not None:
        fantasy = hand.fantasy[position] if not room.hand_done else _fantasy_next(room, seat)
        surrendered = hand.surrendered(position)
    else:
        fantasy, surrendered = _fantasy_next(room, seat), False
    button = hand is not None and room.hand_seats[-1] == seat  # O-3: the button sets last
    return {
        "seat": seat,
        "name": None if occupant is None else occupant.name,
        "user": None if occupant is None else occupant.user,
        "bot": None if occupant is None else occupant.style,
        "bot_account": occupant is not None and occupant.bot_account,
        "you": viewer is not None and occupant is not None and occupant.user == viewer.id,
        "total": room.total_of(seat),
        "in_hand": in_hand,
        "board": None if board is None else rows_frame(board),
        "fantasy": fantasy,
        "surrendered": surrendered,
        "discarded": sum(1 for e in events if isinstance(e, DiscardCard) and e.player == position)
        if in_hand
        else 0,
        "button": button,
        "away": occupant is not None and occupant.sitting_out,
        "out": False,
        "connected": occupant is None or occupant.connected,
        "banks": 0 if occupant is None else occupant.banks,
    }


def _fantasy_next(room: OfcRoom, seat: int) -> bool:
    """Between hands: whether the seat plays the next hand in Fantasyland (O-4)."""
    session = room.session
    return (
        session is not None
        and seat in room.seat_order
        and room.seat_order.index(seat) in session.fantasy_seats
    )


def _hand(room: OfcRoom, hand: OfcHand, events: tuple[Event, ...]) -> OfcHandFrame:
    names = [room.occupants[seat].name for seat in room.hand_seats]
    log = hand_lines(events, names, [(at, text_for_viewer(note)) for at, note in room.notes])
    results = room.results_shown() if room.hand_done else []
    if results:
        log += results[0]["lines"]
    turn = room.turn
    clock: OfcClockFrame | None = None
    to_act = room.deciding_seat()
    if turn is not None and to_act is not None and turn.deadline is not None:
        occupant = room.occupants[to_act]
        assert turn.countdown_from is not None  # timed together (an untimed deal has neither)
        clock = {
            "seat": to_act,
            "deadline": turn.deadline,
            "countdown_from": turn.countdown_from,
            "banks": occupant.banks,
            "bank_seconds": room.clock.bank_seconds,
        }
    return {
        "number": room.hand_number,
        "to_act": to_act,
        "deal": hand.deal,
        "turn": room.turn_token(),
        "clock": clock,
        "log": log,
    }


def _you(room: OfcRoom, viewer: User | None, seat: int | None, position: int | None) -> OfcYouFrame:
    hand = room.hand
    mine = hand is not None and position is not None and not room.hand_done
    deciding = mine and hand is not None and hand.to_act == position
    occupant = None if seat is None else room.occupants[seat]
    placing = deciding and occupant is not None and not occupant.sitting_out
    return {
        "user": None if viewer is None else viewer.id,
        "seat": seat,
        "host": viewer is not None and room.status == "waiting" and room.hosts(viewer.id),
        "decision": "place" if placing else None,
        "cards": [str(c) for c in hand.pending(position)]
        if placing and hand is not None and position is not None
        else [],
        "to_place": hand.to_place if placing and hand is not None else 0,
        "to_discard": hand.to_discard if placing and hand is not None else 0,
        "free": free_places(hand, position)
        if hand is not None and position is not None
        else {"top": 3, "middle": 5, "bottom": 5},
        "discards": [str(c) for c in hand.discards(position)]
        if hand is not None and position is not None
        else [],
        "may_surrender": mine
        and hand is not None
        and position is not None
        and not hand.surrendered(position)
        and not hand.board(position)
        and not hand.discards(position),
        "notice": None
        if viewer is None or viewer.id not in room.notices
        else text_for_viewer(room.notices[viewer.id]),
    }


def _standings(room: OfcRoom) -> list[OfcStandingFrame]:
    if room.status != "over" or room.session is None:
        return []
    ranked = sorted(room.seat_order, key=lambda seat: -room.total_of(seat))
    return [
        {
            "place": place,
            "seat": seat,
            "name": room.occupants[seat].name,
            "total": room.total_of(seat),
        }
        for place, seat in enumerate(ranked, 1)
    ]
