"""The whole table as one viewer may see it (X-4): one function, so nothing can leak past it.

Cards come only from :func:`pokerroom.engine.views.view_of` for the viewer's own position
(None for an observer, or a seated player not dealt in): his own cards, face-up cards,
the boards and shown hands. Everything else is public: names, stacks, bets, the button,
pots and who contests them, whose turn and his clock, the hand log as he saw it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.cards import Card
from pokerroom.engine import Hand, Limit
from pokerroom.engine.views import HandView, view_of
from pokerroom.table.presets import presets
from pokerroom.table.series import SeriesSettings
from pokerroom.table.showdown import may_muck, shown_hand_names, winning_hands
from pokerroom.table.story import Story, Words, tell
from pokerroom.web.protocol.frames import (
    ActionsFrame,
    ClockFrame,
    GameFrame,
    HandFrame,
    PotFrame,
    RaiseFrame,
    SeatFrame,
    StandingFrame,
    TableFrame,
    YouFrame,
)
from pokerroom.web.room import preactions
from pokerroom.web.room.betting import sized_word
from pokerroom.web.seam import PROTOCOL_VERSION, User

if TYPE_CHECKING:
    from pokerroom.web.room.home import HomeRoom


def build(room: HomeRoom, viewer: User | None) -> TableFrame:
    hand = room.hand
    my_seat = None if viewer is None else room.seat_of_user(viewer.id)
    position = None if my_seat is None else room.position_of(my_seat)
    view = None if hand is None else view_of(hand, position)  # the only source of cards
    story = None if hand is None or view is None else _story(room, hand, view, position)
    return {
        "type": "table",
        "v": PROTOCOL_VERSION,
        "room": room.id,
        "kind": "home",
        "status": room.status,
        "host": room.host,
        "game": _game(room.settings),
        "seats": [
            _seat(room, seat, my_seat, hand, view, story) for seat in range(1, room.table_size + 1)
        ],
        "hand": None
        if hand is None or view is None or story is None
        else _hand(room, hand, view, story),
        "you": _you(room, viewer, my_seat, position, hand, view),
        "results": list(room.result_frames),
        "standings": _standings(room),
        "hands_played": 0 if room.series is None else room.series.hands_played,
        "next_hand_at": room.next_hand_at,
    }


def _cards(cards: tuple[Card | None, ...]) -> list[str | None]:
    return [None if card is None else str(card) for card in cards]


def _game(settings: SeriesSettings) -> GameFrame:
    variant, limit = settings.variant, settings.limit
    if variant.stud:  # V-5: antes and a bring-in of the small blind's size
        ante, bring_in = settings.ante or settings.small_blind, settings.small_blind
        forced = f"ante {ante}, bring-in {bring_in}"
    elif variant.boards > 1:  # V-4: everyone antes the big blind
        ante, bring_in = settings.ante or settings.big_blind, 0
        forced = f"ante {ante}"
    else:
        ante, bring_in = settings.ante, 0
        forced = f"blinds {settings.small_blind}/{settings.big_blind}" + (
            f", ante {ante}" if ante else ""
        )
    mixed = "mixed fixed-limit / pot-limit" if settings.mixed else str(limit)
    parts = [f"{variant.name} {mixed}", forced]
    if limit is Limit.FIXED_LIMIT and not settings.mixed:
        parts.append(f"bets {settings.big_blind}/{2 * settings.big_blind}")
    return {
        "variant": variant.code,
        "name": variant.name,
        "limit": str(limit),
        "small_blind": settings.small_blind,
        "big_blind": settings.big_blind,
        "ante": ante,
        "bring_in": bring_in,
        "stakes": " · ".join(parts),
    }


def _story(room: HomeRoom, hand: Hand, view: HandView, position: int | None) -> Story:
    names = [room.occupants[room.seat_at(p)].name for p in range(hand.players)]
    return tell(
        view.events,
        Words(names, you=position),
        hand.config.stacks,
        room.timeouts,
        boards=len(hand.boards),
        hand_names=shown_hand_names(hand),
        winning=winning_hands(hand),
    )


def _marks(room: HomeRoom) -> tuple[int | None, int | None, int | None]:
    """The button, small blind and big blind seats (H-5 … H-7); none in Stud."""
    series = room.series
    marks = None if series is None else series.current or series.blinds
    if marks is None or room.settings.variant.stud:
        return None, None, None
    order = room.seat_order
    small = marks.small_blind_poster(list(range(1, len(order) + 1)))
    blinds = room.hand is not None and bool(room.hand.config.blinds)
    return (
        order[marks.button - 1],
        order[small - 1] if blinds and small is not None else None,
        order[marks.big_blind - 1] if blinds else None,
    )


def _seat(
    room: HomeRoom,
    seat: int,
    my_seat: int | None,
    hand: Hand | None,
    view: HandView | None,
    story: Story | None,
) -> SeatFrame:
    occupant = room.occupants.get(seat)
    series = room.series
    button, small, big = _marks(room)
    position = room.position_of(seat)
    stack = room.settings.stack if occupant is not None else 0
    if series is not None and seat in room.seat_order:
        stack = series.seats[room.seat_order.index(seat) + 1].chips
    frame: SeatFrame = {
        "seat": seat,
        "name": None if occupant is None else occupant.name,
        "user": None if occupant is None else occupant.user,
        "bot": None if occupant is None else occupant.style,
        "you": seat == my_seat,
        "stack": stack,
        "bet": 0,
        "cards": [],
        "in_hand": False,
        "folded": False,
        "all_in": False,
        "shown": False,
        "mucked": False,
        "away": occupant is not None and occupant.sitting_out,
        "connected": occupant is not None and occupant.connected,
        "last_action": None,
        "drew": None,
        "button": seat == button,
        "small_blind": seat == small,
        "big_blind": seat == big,
        "out": series is not None
        and seat in room.seat_order
        and series.seats[room.seat_order.index(seat) + 1].out_after is not None,
        "banks": 0 if occupant is None else occupant.banks,
    }
    if hand is None or view is None or story is None or position is None:
        return frame
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


def _hand(room: HomeRoom, hand: Hand, view: HandView, story: Story) -> HandFrame:
    decider = room.decider()
    turn = room.turn
    clock: ClockFrame | None = None
    if decider is not None and turn is not None and turn.deadline is not None:
        occupant = room.occupants[room.seat_at(decider[0])]
        clock = {
            "seat": room.seat_at(decider[0]),
            "deadline": turn.deadline,
            "countdown_from": turn.countdown_from or turn.deadline,
            "banks": occupant.banks,
            "bank_seconds": room.clock.bank_seconds,
        }
    return {
        "number": room.hand_number,
        "phase": view.phase,
        "street": hand.config.variant.streets[view.street].name,
        "boards": [[str(card) for card in board if card is not None] for board in view.boards],
        "pot": view.pot,
        "pots": _pots(room, hand, view),
        "to_act": None if decider is None else room.seat_at(decider[0]),
        "turn": room.turn_token(),
        "clock": clock,
        "log": story.lines,
    }


def _pots(room: HomeRoom, hand: Hand, view: HandView) -> list[PotFrame]:
    """P-1: the main and side pots once someone is all-in; else one pot, bets included."""
    live = [p for p in range(hand.players) if not view.folded[p] and not hand.mucked[p]]
    if not any(view.stacks[p] == 0 for p in live):
        return [{"amount": view.pot, "seats": [room.seat_at(p) for p in live]}]
    return [
        {"amount": amount, "seats": [room.seat_at(p) for p in pot.eligible]}
        for amount, pot in zip(view.pots, hand.pots, strict=True)
    ]


def _actions(hand: Hand, view: HandView) -> ActionsFrame | None:
    legal = view.legal
    if legal is None:
        return None
    word = sized_word(hand)
    raise_to: RaiseFrame | None = None
    if word is not None and legal.raise_min is not None and legal.raise_max is not None:
        raise_to = {
            "word": word,
            "min": legal.raise_min,
            "max": legal.raise_max,
            "sizes": list(legal.raise_sizes),
        }
    return {
        "fold": legal.fold,
        "check": legal.check,
        "call": legal.call,
        "bring_in": legal.bring_in,
        "raise_to": raise_to,
        "presets": [
            {"name": name, "amount": amount} for name, amount in presets(view, opening=True)
        ],
        "options": legal.describe(),
    }


def _you(
    room: HomeRoom,
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
    pending = None if user is None else room.pending.get(user)
    playing = hand is not None and position is not None and not room.hand_done
    host = user is not None and (room.host == user or (room.host is None and my_seat is not None))
    return {
        "user": user,
        "seat": my_seat,
        "host": host,
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
        "notice": None if user is None else room.notices.get(user),
    }


def _standings(room: HomeRoom) -> list[StandingFrame]:
    series = room.series
    if series is None or room.status != "over":
        return []
    return [
        {
            "place": standing.place,
            "seat": room.seat_order[standing.seat - 1],
            "name": standing.name,
            "chips": standing.chips,
        }
        for standing in series.standings()
    ]
