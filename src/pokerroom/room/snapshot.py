"""The whole table as one viewer may see it (X-4), in two steps so that viewers share work.

:func:`public` builds the table as a signed-out observer sees it; its cards come only from
:func:`pokerroom.engine.views.seen_holes` for no position (face-up and shown cards) and
the boards, its log from the events as no position sees them. Everything else in it is
public: names, stacks, bets, the button, pots and who contests them, whose turn and his
clock. :func:`over` puts one viewer's own part on top: his own seat's hole cards (those of
his own position, and only if he was dealt in), his hand log (told from the events as his
position sees them) and his ``you`` block.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from pokerroom.amounts import amount_text
from pokerroom.cards import Card
from pokerroom.engine import Hand, LegalActions, Limit, Variant
from pokerroom.engine.events import Event
from pokerroom.engine.views import VisibleEvents, seen_holes
from pokerroom.i18n import N_, Language, current_language, current_vocabulary, gettext
from pokerroom.protocol.frames import (
    ActionsFrame,
    ClockFrame,
    GameFrame,
    HandFrame,
    PotFrame,
    RaiseFrame,
    SeatFrame,
    TableFrame,
    YouFrame,
)
from pokerroom.room import preactions
from pokerroom.room.betting import sized_word
from pokerroom.room.notices import worded
from pokerroom.room.seam import PROTOCOL_VERSION, User
from pokerroom.room.worded import text_for_viewer
from pokerroom.table.presets import BetSpot, spot_presets
from pokerroom.table.showdown import may_muck
from pokerroom.table.story import Story
from pokerroom.table.straddle import MODE_WORDS

if TYPE_CHECKING:
    from pokerroom.room.live import LiveRoom

LIMIT_WORDS = {
    Limit.NO_LIMIT: N_("no-limit"),
    Limit.POT_LIMIT: N_("pot-limit"),
    Limit.FIXED_LIMIT: N_("fixed-limit"),
}
"""The betting structures as the stakes line names them (the frame's ``limit`` is the code)."""


def public(room: LiveRoom) -> TableFrame:
    """The table as a signed-out observer sees it: the part every viewer shares, built once
    per change and language (:mod:`pokerroom.room.shared_frames`)."""
    hand = room.hand
    seen = None if hand is None else _Seen.of(hand)
    story = None if hand is None else _story(room, hand, None, VisibleEvents(hand, None))
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
            _seat(room, seat, marks, hand, seen, story) for seat in range(1, room.table_size + 1)
        ],
        "hand": None
        if hand is None or seen is None or story is None
        else _hand(room, hand, seen, story),
        "you": _you(room, None, None, None, hand),
        "results": room.results_shown(),
        "standings": room.standings(),
        "hands_played": room.hands_played,
        "next_hand_at": room.next_hand_at,
    }


def over(room: LiveRoom, shared: TableFrame, viewer: User) -> TableFrame:
    """``viewer``'s frame: the shared one with his seat's cards, his hand log and his
    ``you`` block put in. A new mapping; what it has in common with ``shared`` is the same
    objects (never changed), built once for all viewers."""
    frame = shared.copy()
    my_seat = room.seat_of_user(viewer.id)
    position = None if my_seat is None else room.position_of(my_seat)
    hand = room.hand
    if my_seat is not None:
        seats = list(shared["seats"])
        mine = seats[my_seat - 1].copy()
        mine["you"] = True
        if hand is not None and position is not None:
            mine["cards"] = _cards(hand.hole_of(position))  # his own cards only
        seats[my_seat - 1] = mine
        frame["seats"] = seats
    told = shared["hand"]
    if hand is not None and position is not None and told is not None:
        names = [occupant.name for occupant in room.hand_occupants]
        log = room.stories.log(hand, position, names, room.timeouts)
        frame["hand"] = {**told, "log": log}
    frame["you"] = _you(room, viewer, my_seat, position, hand)
    return frame


def _cards(cards: tuple[Card | None, ...]) -> list[str | None]:
    return [None if card is None else str(card) for card in cards]


_GAMES: dict[tuple[object, ...], GameFrame] = {}
"""The game frames worded so far, by language, words and settings: a table words its
game for every change, and it changes only when the game or the stakes do."""
KEPT_GAMES = 512


def game_frame(
    variant: Variant,
    limit: Limit,
    *,
    small_blind: int,
    big_blind: int,
    ante: int,
    mixed: bool = False,
    straddle: str = "off",
    run_it_twice: bool = False,
) -> GameFrame:
    """The game and its stakes in one line (a series' or a cash table's settings), in the
    current language: a new mapping, worded once per language and settings."""
    key: tuple[object, ...] = (current_language(), current_vocabulary(), variant.code, limit)
    key += (small_blind, big_blind, ante, mixed, straddle, run_it_twice)
    worded = _GAMES.get(key)
    if worded is None:
        if len(_GAMES) >= KEPT_GAMES:
            _GAMES.clear()
        worded = _GAMES[key] = _worded_game(
            variant,
            limit,
            small_blind=small_blind,
            big_blind=big_blind,
            ante=ante,
            mixed=mixed,
            straddle=straddle,
            run_it_twice=run_it_twice,
        )
    return worded.copy()


def _worded_game(
    variant: Variant,
    limit: Limit,
    *,
    small_blind: int,
    big_blind: int,
    ante: int,
    mixed: bool,
    straddle: str,
    run_it_twice: bool,
) -> GameFrame:
    if variant.stud:  # V-5: antes and a bring-in of the small blind's size
        ante, bring_in = ante or small_blind, small_blind
        forced = gettext("ante {ante}, bring-in {bring_in}").format(
            ante=amount_text(ante), bring_in=amount_text(bring_in)
        )
    elif variant.boards > 1:  # V-4: everyone antes the big blind
        ante, bring_in = ante or big_blind, 0
        forced = gettext("ante {ante}").format(ante=amount_text(ante))
    else:
        bring_in = 0
        blinds = f"{amount_text(small_blind)}/{amount_text(big_blind)}"
        forced = (
            gettext("blinds {blinds}, ante {ante}").format(blinds=blinds, ante=amount_text(ante))
            if ante
            else gettext("blinds {blinds}").format(blinds=blinds)
        )
    words = gettext("mixed fixed-limit / pot-limit") if mixed else gettext(LIMIT_WORDS[limit])
    parts = [f"{gettext(variant.name)} {words}", forced]
    if limit is Limit.FIXED_LIMIT and not mixed:
        bets = f"{amount_text(big_blind)}/{amount_text(2 * big_blind)}"
        parts.append(gettext("bets {bets}").format(bets=bets))
    if straddle != "off":
        parts.append(gettext(MODE_WORDS[straddle]))
    if run_it_twice:
        parts.append(gettext("run it twice if all agree"))
    return {
        "variant": variant.code,
        "name": variant.name,
        "limit": str(limit),
        "small_blind": small_blind,
        "big_blind": big_blind,
        "ante": ante,
        "bring_in": bring_in,
        "stakes": " · ".join(parts),
    }


class _Seen(NamedTuple):
    """The hand as an observer sees it (X-4: nobody's face-down cards), each part read
    once per frame; not a :class:`~pokerroom.engine.views.HandView`, whose every event the
    frame would not read (its story reads only the new ones)."""

    stacks: tuple[int, ...]
    committed: tuple[int, ...]
    pot: int
    folded: tuple[bool, ...]
    mucked: tuple[bool, ...]
    shown: tuple[tuple[Card | None, ...] | None, ...]
    hole: tuple[tuple[Card | None, ...], ...]

    @classmethod
    def of(cls, hand: Hand) -> _Seen:
        """The hand's public numbers now, and its cards as an observer sees them."""
        return cls(
            hand.stacks,
            hand.committed,
            hand.pot,
            hand.folded,
            hand.mucked,
            hand.shown,
            seen_holes(hand, None),
        )


def _story(room: LiveRoom, hand: Hand, position: int | None, events: Sequence[Event]) -> Story:
    names = [occupant.name for occupant in room.hand_occupants]
    return room.stories.story(hand, position, events, names, room.timeouts)


def _seat(
    room: LiveRoom,
    seat: int,
    marks: tuple[int | None, int | None, int | None],
    hand: Hand | None,
    seen: _Seen | None,
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
        "you": False,
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
    if hand is None or seen is None or story is None or position is None:
        return frame
    if not room.hand_done:  # once settled, the table's count (a cash table's rake, P-9)
        frame["stack"] = seen.stacks[position]
    frame["bet"] = seen.committed[position]
    frame["cards"] = _cards(seen.hole[position])
    frame["in_hand"] = not seen.folded[position] and not seen.mucked[position]
    frame["folded"] = seen.folded[position]
    frame["all_in"] = not seen.folded[position] and seen.stacks[position] == 0
    frame["shown"] = seen.shown[position] is not None
    frame["mucked"] = seen.mucked[position]
    frame["last_action"] = story.last_action.get(position)
    frame["drew"] = story.drew.get(position)
    return frame


def _hand(room: LiveRoom, hand: Hand, seen: _Seen, story: Story) -> HandFrame:
    decider = room.decider()
    turn = room.turn
    clock: ClockFrame | None = None
    if decider is not None and turn is not None and turn.deadline is not None:
        occupant = room.hand_occupants[decider[0]]
        clock = {
            "seat": room.seat_at(decider[0]),
            "deadline": turn.deadline,
            "countdown_from": turn.countdown_from or turn.deadline,
            "banks": occupant.banks,
            "bank_seconds": room.clock.bank_seconds,
        }
    return {
        "number": room.hand_number,
        "phase": hand.phase,
        "street": hand.config.variant.streets[hand.street].name,
        "boards": [[str(card) for card in board if card is not None] for board in hand.boards],
        "pot": seen.pot,
        "pots": _pots(room, hand, seen),
        "to_act": None if decider is None else room.seat_at(decider[0]),
        "turn": room.turn_token(),
        "clock": clock,
        "log": story.lines,
    }


def _pots(room: LiveRoom, hand: Hand, seen: _Seen) -> list[PotFrame]:
    """P-1: the main and side pots once an all-in made them (bets in front are in none
    yet, and an uncalled one goes back, A-16); else one pot, bets included."""
    pots = hand.pots_in_middle
    if len(pots) < 2:
        live = [p for p in range(hand.players) if not seen.folded[p] and not seen.mucked[p]]
        return [{"amount": seen.pot, "seats": [room.seat_at(p) for p in live]}]
    return [
        {"amount": pot.amount, "seats": [room.seat_at(p) for p in pot.eligible]} for pot in pots
    ]


def _actions(hand: Hand, position: int) -> ActionsFrame | None:
    spot = BetSpot.of_hand(hand, position)  # not a second view of the hand: its numbers
    legal = spot.legal
    return None if legal is None else actions_frame(hand, legal, spot_presets(spot, opening=True))


def actions_frame(
    hand: Hand, legal: LegalActions, presets: Sequence[tuple[str, int]]
) -> ActionsFrame:
    """The decider's ``actions``: what is legal, its ``presets`` (name, total) and words."""
    word = sized_word(hand)
    raise_to: RaiseFrame | None = None
    if word is not None and legal.raise_min is not None and legal.raise_max is not None:
        raise_to = {
            "word": word,
            "min": legal.raise_min,
            "max": legal.raise_max,
            "sizes": list(legal.raise_sizes),
            "step": legal.raise_step,
        }
    return {
        "fold": legal.fold,
        "check": legal.check,
        "call": legal.call,
        "bring_in": legal.bring_in,
        "raise_to": raise_to,
        "presets": [{"name": name, "amount": amount} for name, amount in presets],
        "options": legal.describe(amount_text),
    }


def _you(
    room: LiveRoom,
    viewer: User | None,
    my_seat: int | None,
    position: int | None,
    hand: Hand | None,
) -> YouFrame:
    user = None if viewer is None else viewer.id
    decider = room.decider()
    decision = None
    if position is not None and decider is not None and decider[0] == position:
        decision = decider[1]
    if position is not None and position in room.asked_to_run_twice():
        decision = "run_twice"  # everyone asked decides at once
    pending = None if user is None else room.pending.get(user)
    playing = hand is not None and position is not None and not room.hand_done
    return {
        "user": user,
        "seat": my_seat,
        "host": user is not None and room.hosts(user),
        "decision": decision,
        "actions": _actions(hand, position)
        if decision == "act" and hand is not None and position is not None
        else None,
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


def _notice(kept: Mapping[Language, str] | str | None) -> str | None:
    """A notice in the viewer's language: a tournament's :class:`Notice` (worded now), a
    table's line kept in every language, or a plain line saved before rooms spoke others."""
    if kept is None:
        return None
    return worded(kept) if isinstance(kept, str) else text_for_viewer(kept)
