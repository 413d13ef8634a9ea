"""The oracle for shared frames: a table's frame built the direct way, for one viewer alone.

This is how a room built every viewer's snapshot before viewers shared its public part
(:mod:`pokerroom.room.shared_frames`): one view of the hand for the viewer's own position,
every seat drawn from it, the log told from scratch from it. The tests hold the shared
frames to it, text for text.
"""

from __future__ import annotations

from typing import cast

from pokerroom.engine import Hand
from pokerroom.engine import events as ev
from pokerroom.engine.views import HandView, view_of
from pokerroom.protocol.frames import ActionsFrame, SeatFrame, TableFrame, YouFrame
from pokerroom.room import CashRoom, preactions
from pokerroom.room.live import LiveRoom
from pokerroom.room.ofc import OfcRoom
from pokerroom.room.ofc.snapshot import build as ofc_build
from pokerroom.room.seam import PROTOCOL_VERSION, Frame, User
from pokerroom.room.snapshot import _cards, _hand, _notice, _Seen, actions_frame
from pokerroom.room.stories import Stories
from pokerroom.table.presets import BetSpot, spot_presets
from pokerroom.table.showdown import may_muck
from pokerroom.table.story import Story


def direct_frame(room: LiveRoom | OfcRoom, viewer: User | None) -> Frame:
    """``viewer``'s whole frame (a cash table's and a tournament table's parts aside from
    the cash ones are not drawn: the tests play home and cash tables and OFC)."""
    if isinstance(room, OfcRoom):
        frame = dict(ofc_build(room, viewer))
        frame["chat"] = room._chat(viewer)
        return frame
    table = _build(room, viewer)
    seat = table["you"]["seat"]
    choice = None if seat is None else room.straddle_choice(seat)
    if choice is not None:
        table["you"]["straddle"] = choice
    table["chat"] = room._chat(viewer)
    if isinstance(room, CashRoom):
        for drawn in table["seats"]:
            if drawn["name"] is not None:
                drawn["state"] = room.seat_state(drawn["seat"])
        table["you"]["cash"] = room._options(table["you"]["seat"])
        table["cash"] = room._cash_frame()
    return cast(Frame, table)


def _build(room: LiveRoom, viewer: User | None) -> TableFrame:
    hand = room.hand
    my_seat = None if viewer is None else room.seat_of_user(viewer.id)
    position = None if my_seat is None else room.position_of(my_seat)
    view = None if hand is None else view_of(hand, position)
    story = None if hand is None or view is None else _story(room, hand, view)
    marks = room.marks()
    return {
        "type": "table",
        "v": PROTOCOL_VERSION,
        "room": room.id,
        "kind": room.kind,
        "status": room.status,
        "host": room.host,
        "game": room.game_frame(),
        "seats": [
            _seat(room, seat, my_seat, marks, hand, view, story)
            for seat in range(1, room.table_size + 1)
        ],
        "hand": None
        if hand is None or view is None or story is None
        else _hand(room, hand, _numbers(hand, view), story),
        "you": _you(room, viewer, my_seat, position, hand, view),
        "results": room.results_shown(),
        "standings": room.standings(),
        "hands_played": room.hands_played,
        "next_hand_at": room.next_hand_at,
    }


def _numbers(hand: Hand, view: HandView) -> _Seen:
    """The public numbers of the hand (the pots' part of the frame), from the viewer's view."""
    return _Seen(view.stacks, view.committed, view.pot, view.folded, hand.mucked, hand.shown, ())


def _actions(hand: Hand, view: HandView) -> ActionsFrame | None:
    """The decider's actions from his own view of the hand (the frame's are from the hand's
    public numbers and his legal actions)."""
    legal = view.legal
    if legal is None:
        return None
    assert view.viewer is not None
    blinds = any(isinstance(event, ev.PostBlind) for event in view.events)
    spot = BetSpot(
        view.viewer,
        legal,
        view.pot,
        view.committed,
        view.stacks,
        view.street,
        view.big_blind,
        blinds,
    )
    return actions_frame(hand, legal, spot_presets(spot, opening=True))


def _story(room: LiveRoom, hand: Hand, view: HandView) -> Story:
    """Told from the first event, by a teller of its own."""
    names = [occupant.name for occupant in room.hand_occupants]
    return Stories().story(hand, view.viewer, view.events, names, room.timeouts)


def _seat(
    room: LiveRoom,
    seat: int,
    my_seat: int | None,
    marks: tuple[int | None, int | None, int | None],
    hand: Hand | None,
    view: HandView | None,
    story: Story | None,
) -> SeatFrame:
    occupant = room.occupants.get(seat)
    button, small, big = marks
    position = room.position_of(seat)
    frame: SeatFrame = {
        "seat": seat,
        "name": None if occupant is None else occupant.name,
        "user": None if occupant is None else occupant.user,
        "bot": None if occupant is None else occupant.style,
        "bot_account": occupant is not None and occupant.bot_account,
        "you": seat == my_seat,
        "stack": 0 if occupant is None else room.stack_of(seat),
        "bet": 0,
        "cards": [],
        "in_hand": False,
        "folded": False,
        "all_in": False,
        "shown": False,
        "mucked": False,
        "away": occupant is not None and room.is_away(seat),
        "connected": occupant is not None and occupant.connected,
        "last_action": None,
        "drew": None,
        "button": seat == button,
        "small_blind": seat == small,
        "big_blind": seat == big,
        "out": occupant is not None and room.is_out(seat),
        "banks": 0 if occupant is None else occupant.banks,
    }
    if hand is None or view is None or story is None or position is None:
        return frame
    if not room.hand_done:
        frame["stack"] = view.stacks[position]
    frame["bet"] = view.committed[position]
    frame["cards"] = _cards(view.hole[position])
    frame["in_hand"] = not view.folded[position] and not hand.mucked[position]
    frame["folded"] = view.folded[position]
    frame["all_in"] = not view.folded[position] and view.stacks[position] == 0
    frame["shown"] = hand.shown[position] is not None
    frame["mucked"] = hand.mucked[position]
    frame["last_action"] = story.last_action.get(position)
    frame["drew"] = story.drew.get(position)
    return frame


def _you(
    room: LiveRoom,
    viewer: User | None,
    my_seat: int | None,
    position: int | None,
    hand: Hand | None,
    view: HandView | None,
) -> YouFrame:
    user = None if viewer is None else viewer.id
    decider = room.decider()
    decision = None
    if position is not None and decider is not None and decider[0] == position:
        decision = decider[1]
    if position is not None and position in room.asked_to_run_twice():
        decision = "run_twice"
    pending = None if user is None else room.pending.get(user)
    playing = hand is not None and position is not None and not room.hand_done
    return {
        "user": user,
        "seat": my_seat,
        "host": user is not None and room.hosts(user),
        "decision": decision,
        "actions": _actions(hand, view) if decision == "act" and hand and view else None,
        "may_muck": decision == "show"
        and hand is not None
        and position is not None
        and may_muck(hand, position),
        "preaction": None if pending is None else pending.kind,
        "preactions": preactions.offered(hand, position)
        if playing and hand is not None and position is not None
        else [],
        "notice": None if user is None else _notice(room.notices.get(user)),
    }
