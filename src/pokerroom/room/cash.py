"""A cash table on the web: players come and go, buy in, top up, sit out, post or wait.

:class:`CashRoom` is a :class:`pokerroom.room.seam.Room` over a
:class:`~pokerroom.table.cash.CashTable` (any engine game and limit, an optional rake,
P-9). The hand is played by :class:`~pokerroom.room.live.LiveRoom`, as at a home
table: the shot clock and time banks (A-18), pre-actions (X-3), show or muck (P-5), the
draw. What is the cash table's own:

- ``sit`` takes a free seat with a ``buy_in`` in the range, at any time; in a blinds game
  a newcomer waits for the big blind, or posts one (``post``) to play at once.
- ``sit_out`` / ``sit_in``: a sitting-out player is not dealt at all; back after missing
  his blinds he waits for the big blind or posts. A player whose shot clock ran out, or
  whose connection has been gone longer than the grace period when a hand is dealt
  (H-11), is sat out until he sits in.
- ``top_up`` between hands (never while he is in a hand, H-2), up to the maximum buy-in.
- ``leave`` between hands frees the seat at once; from a hand he is in, his hand is
  folded when his turn comes and the seat is freed when the hand ends.

The table deals while two players are ready, with a ``pause`` between hands, and waits
(status ``waiting``) while fewer are. The last finished hands are kept in
:attr:`CashRoom.hands` with their complete PHH documents (``_rake`` when raked; the archive
keeps every hand for the downloads), and the chips that came and went in
:attr:`CashRoom.ledger` (:mod:`pokerroom.room.cash_ledger`), settled by
:meth:`CashRoom.settlement`.
"""

from __future__ import annotations

from collections import deque

from pokerroom.engine import Action, Hand
from pokerroom.errors import UsageError
from pokerroom.i18n import gettext
from pokerroom.protocol import client as msg
from pokerroom.protocol.frames import (
    CashFrame,
    CashYouFrame,
    GameFrame,
    StraddleYouFrame,
    TableFrame,
)
from pokerroom.room.betting import timeout_action
from pokerroom.room.cash_ledger import CashLedger
from pokerroom.room.clock import ShotClock
from pokerroom.room.live import KEPT_HANDS, FinishedHand, LiveRoom, Seating
from pokerroom.room.occupants import Occupant
from pokerroom.room.results import hand_result
from pokerroom.room.seam import Outcome, User
from pokerroom.room.seated import no
from pokerroom.room.snapshot import game_frame
from pokerroom.said import error_words
from pokerroom.settle.settlement import Settlement
from pokerroom.table.cash import CashHandRecord, CashSettings, CashTable
from pokerroom.table.cash.wording import buy_in_refusal, top_up_refusal
from pokerroom.table.straddle import choice_refusal


class CashRoom(LiveRoom):
    """One cash table; see the module docstring. ``settings`` are the game, stakes, seats,
    buy-in range and rake; ``grace`` is how long a dropped connection may last before the
    player is sat out at the next deal (H-11); ``pause`` the seconds between hands;
    ``seed`` only for a reproducible table (tests)."""

    kind = "cash"

    def __init__(
        self,
        room_id: str,
        *,
        settings: CashSettings | None = None,
        clock: ShotClock | None = None,
        grace: float = 30.0,
        pause: float = 4.0,
        seed: int | None = None,
    ) -> None:
        self.settings = settings or CashSettings()
        super().__init__(
            room_id, table_size=self.settings.seats, clock=clock, grace=grace, pause=pause
        )
        self.seed = seed
        self.table = CashTable(self.settings, seed=seed)
        self.hands: deque[FinishedHand[CashHandRecord]] = deque(maxlen=KEPT_HANDS)
        self.ledger = CashLedger()
        self.leaving: set[int] = set()
        """Users who left during a hand they are in: the room folds for them."""

    # ------------------------------------------------- what the snapshot shows

    def public_snapshot(self) -> TableFrame:
        frame = super().public_snapshot()
        for seat in frame["seats"]:
            if seat["name"] is not None:
                seat["state"] = self.seat_state(seat["seat"])
        frame["you"]["cash"] = self._options(None)
        frame["cash"] = self._cash_frame()
        return frame

    def snapshot_over(self, shared: TableFrame, viewer: User | None) -> TableFrame:
        frame = super().snapshot_over(shared, viewer)
        if frame["you"] is not shared["you"]:  # his own block: the shared one stays as is
            frame["you"]["cash"] = self._options(frame["you"]["seat"])
        return frame

    def game_frame(self) -> GameFrame:
        settings = self.settings
        return game_frame(
            settings.variant,
            settings.limit,
            small_blind=settings.small_blind,
            big_blind=settings.big_blind,
            ante=settings.ante,
            straddle=settings.straddle,
            run_it_twice=settings.run_it_twice,
        )

    def straddle_choice(self, seat: int) -> StraddleYouFrame | None:
        mode = self.settings.straddle
        return None if mode == "off" else {"mode": mode, "on": self.table.seats[seat].straddles}

    def marks(self) -> tuple[int | None, int | None, int | None]:
        """The button (it may be dead: an empty seat, H-6) and the blinds; none in Stud."""
        markers = self.table.markers
        if markers is None or self.settings.variant.stud:
            return None, None, None
        if not self.settings.blinds_game:  # the bomb pot: a button, antes only (V-4)
            return markers.button, None, None
        return markers.button, markers.small_blind_poster(self.table.order), markers.big_blind

    def settlement(self) -> Settlement:
        """The settle-up now: a seated player cashes out his stack (in a hand, the one
        he had when it was dealt: his chips in the pot are nobody's yet)."""
        stacks = {
            occupant.user: self.table.seats[seat].chips
            for seat, occupant in self.occupants.items()
            if occupant.user is not None
        }
        return self.ledger.settlement(stacks)

    def stack_of(self, seat: int) -> int:
        return self.table.seats[seat].chips

    def is_away(self, seat: int) -> bool:
        return self.table.seats[seat].sitting_out

    def seat_state(self, seat: int) -> str:
        """What an occupied seat is doing (see ``SeatFrame.state``)."""
        player = self.table.seats[seat]
        if player.leaving:
            return "leaving"
        if player.sitting_out:
            return "sitting_out"
        if player.chips == 0 and not self._in_hand(seat):
            return "no_chips"
        if player.owes:
            return "posting" if player.posts else "waiting"
        return "playing"

    def _in_hand(self, seat: int) -> bool:
        """Whether the seat is in the hand being played (H-2: its chips are in play)."""
        return self.table.current is not None and seat in self.table.order

    def _options(self, seat: int | None) -> CashYouFrame:
        if seat is None:
            return {"state": None, "top_up": 0, "may_post": False}
        player = self.table.seats[seat]
        state = self.seat_state(seat)
        return {
            "state": state,
            "top_up": 0
            if self._in_hand(seat) or player.leaving
            else self.settings.max_buy_in - player.chips,
            "may_post": state == "waiting",
        }

    def _cash_frame(self) -> CashFrame:
        rake = self.settings.rake
        return {
            "min_buy_in": self.settings.min_buy_in,
            "max_buy_in": self.settings.max_buy_in,
            "rake": None
            if rake is None
            else {"percent": format(float(rake.fraction * 100), "g"), "cap": rake.cap},
        }

    # ------------------------------------------------------------ messages

    def _seating(self, sender: User, message: Seating, now: float) -> Outcome:
        if isinstance(message, msg.Sit):
            return self._sit(sender, message, now)
        if isinstance(message, msg.Start):
            return no(
                gettext("a cash table deals by itself while two players are ready"), "no_start"
            )
        seat = self.seat_of_user(sender.id)
        if seat is None:
            return no(
                gettext(
                    "you have no seat at this table: sit with a seat and a buy-in of {range}"
                ).format(range=self.settings.buy_in_range()),
                "not_seated",
            )
        if sender.id in self.leaving:
            return no(gettext("you are leaving: your seat is freed when this hand ends"), "leaving")
        match message:
            case msg.Leave():
                return self._leave(sender, seat, now)
            case msg.SitOut():
                return self._sit_out(seat)
            case msg.SitIn(post=post):
                return self._sit_in(seat, post, now)
            case msg.TopUp(amount=amount):
                return self._top_up(sender, seat, amount, now)
            case msg.Post(post=post):
                return self._post(seat, post)
            case msg.Straddle(straddle=wanted):
                return self._straddle(seat, wanted)
        raise AssertionError(message)  # pragma: no cover - every seating message is matched

    def _sit(self, sender: User, message: msg.Sit, now: float) -> Outcome:
        seat, buy_in = message.seat, message.buy_in
        refused = self._seat_refused(sender, seat)
        if refused is not None:
            return refused
        if buy_in is None:
            return no(
                gettext("sit needs a 'buy_in': at this table {range}").format(
                    range=self.settings.buy_in_range()
                ),
                "buy_in",
            )
        try:
            self.table.sit(seat, sender.name, buy_in, post=message.post)
        except UsageError as error:
            wrong_buy_in = buy_in_refusal(
                self.settings.min_buy_in, self.settings.max_buy_in, buy_in
            )  # the same words the table refused with, in any language
            code = "buy_in" if str(error) == wrong_buy_in else "name"
            return no(error_words(error), code)
        self.occupants[seat] = Occupant(
            sender.name, sender.id, banks=self.clock.banks, bot_account=sender.has("bot")
        )
        self.ledger.buy_in(sender.id, sender.name, buy_in)
        self._resume_if_held(now)
        return Outcome(True)

    def _leave(self, sender: User, seat: int, now: float) -> Outcome:
        self.pending.pop(sender.id, None)
        chips = self.table.leave(seat)
        if chips is None:  # in a hand: folded at his turn, the seat freed at its end
            self.leaving.add(sender.id)
            if self.hand is not None and not self.hand_done:
                self._drive(now)
            return Outcome(True)
        del self.occupants[seat]
        self.ledger.cash_out(sender.id, chips)
        return Outcome(True)

    def _sit_out(self, seat: int) -> Outcome:
        if self.table.seats[seat].sitting_out:
            return no(gettext("you are already sitting out; sit_in to play"), "sitting_out")
        self.table.sit_out(seat)  # from the next hand; a hand dealt to you plays on
        return Outcome(True)

    def _sit_in(self, seat: int, post: bool, now: float) -> Outcome:
        if not self.table.seats[seat].sitting_out:
            return no(gettext("you are already playing; sit_out to be away"), "sitting_in")
        self.table.sit_in(seat, post=post)
        self._resume_if_held(now)
        return Outcome(True)

    def _top_up(self, sender: User, seat: int, amount: int, now: float) -> Outcome:
        player = self.table.seats[seat]
        room = self.settings.max_buy_in - player.chips
        if self._in_hand(seat):  # H-2: table stakes
            return no(gettext("you are in a hand: add chips between hands"), "in_hand")
        if room <= 0:
            return no(
                gettext("you have the maximum buy-in ({most}): nothing to add").format(
                    most=self.settings.max_buy_in
                ),
                "top_up",
            )
        refused = top_up_refusal(self.settings.max_buy_in, player.chips, amount)
        if refused is not None:
            return no(refused, "top_up")
        self.table.top_up(seat, amount)
        self.ledger.top_up(sender.id, amount)
        self._resume_if_held(now)
        return Outcome(True)

    def _post(self, seat: int, post: bool) -> Outcome:
        player = self.table.seats[seat]
        if not self.settings.blinds_game:
            return no(
                gettext("{game} has no blinds: nothing to post").format(
                    game=gettext(self.settings.variant.name)
                ),
                "post",
            )
        if not player.owes or player.sitting_out:
            return no(
                gettext(
                    "you are not waiting for the big blind: nothing to post; "
                    "sit_in with post to come back"
                )
                if player.sitting_out
                else gettext("you are not waiting for the big blind: nothing to post"),
                "post",
            )
        if player.posts == post:
            already = (
                gettext("you already post the big blind to play")
                if post
                else gettext("you already wait for the big blind")
            )
            return no(already, "post")
        self.table.choose_post(seat, post)
        return Outcome(True)

    def _straddle(self, seat: int, wanted: bool) -> Outcome:
        player = self.table.seats[seat]
        refused = choice_refusal(self.settings.straddle, player.straddles, wanted)
        if refused is not None:
            return no(refused, "straddle")
        self.table.choose_straddle(seat, wanted)  # from the next deal on
        return Outcome(True)

    # -------------------------------------------------------------- the hands

    def _resume_if_held(self, now: float) -> None:
        if self.status == "waiting" and self.table.can_deal():
            self.status = "pause"
            self.next_hand_at = now + self.pause

    def _next_hand(self, now: float) -> None:
        """Deal while two players are ready (H-11: a long-gone player is sat out now)."""
        self.next_hand_at = None
        for seat, occupant in self.occupants.items():
            player = self.table.seats[seat]
            if occupant.away(now, self.grace) and not player.sitting_out and not player.leaving:
                self.table.sit_out(seat)
        if not self.table.can_deal():
            self.status = "waiting"
            return
        hand = self.table.start_hand(auto_showdown=False)
        self._dealt(hand, self.table.order, self.table.hands_played + 1, now)
        self._drive(now)

    def _acts_itself(self, occupant: Occupant) -> bool:
        return occupant.user in self.leaving or super()._acts_itself(occupant)

    def _auto_moves(self, hand: Hand, position: int, kind: str, occupant: Occupant) -> None:
        """A player who left folds at his turn (a check is not his to keep)."""
        if occupant.user not in self.leaving:
            super()._auto_moves(hand, position, kind, occupant)
        elif kind == "act" and hand.legal_actions().fold:
            hand.act(Action.fold(), position)
        elif kind == "act":
            hand.act(timeout_action(hand), position)
        else:
            super()._auto_moves(hand, position, kind, occupant)

    def _timed_out(self, position: int) -> None:
        self.table.sit_out(self.seat_at(position))  # until he sits in

    def _end_hand(self, now: float) -> None:
        hand = self.hand
        assert hand is not None
        record = self.table.finish_hand(hand)
        self._finished(record, record.rake.by_position if self.settings.rake is not None else None)
        self.ledger.rake += record.rake.total
        for seat, chips in record.cashed_out.items():
            occupant = self.occupants.pop(seat)
            assert occupant.user is not None
            self.leaving.discard(occupant.user)
            self.ledger.cash_out(occupant.user, chips)
        changes = {
            seat: after - record.stacks_before[seat] for seat, after in record.stacks_after.items()
        }
        result = hand_result(self, hand, record.number, changes)
        if self.settings.rake is not None:
            result["rake"] = record.rake.total
        self._keep_result(result)
        self.status = "pause"
        self.next_hand_at = now + self.pause
