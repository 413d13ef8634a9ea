"""Showdown and pots: who shows, who may muck, and who is paid what (P-1 … P-8)."""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cards import Card
from pokerroom.engine import events as ev
from pokerroom.engine.actions import IllegalAction
from pokerroom.engine.pots import Pot, build_pots, split
from pokerroom.engine.result import PotResult, Winner
from pokerroom.engine.state import DONE, SHOWDOWN, HandState
from pokerroom.errors import UsageError
from pokerroom.evaluate.high import HighHand
from pokerroom.evaluate.low import LowHand
from pokerroom.i18n.marker import N_
from pokerroom.said import Said


class Settlement(HandState):
    """The showdown (P-4 … P-6) and the payout of every pot (P-1 … P-3, P-7, P-8)."""

    def show(self, player: int, cards: Sequence[Card | None] | None = None) -> None:
        """Reveal ``player``'s hole cards at showdown (P-4, P-6).

        A hand already turned up for an all-in run-out (A-17) may be shown again
        at any time; that only names cards a replayed history had left unknown.
        """
        already = self._shown[player]
        if self.phase != SHOWDOWN and already is not None and not self._folded[player]:
            self._record(ev.Show(player, tuple(cards) if cards is not None else already))
            return
        self._check_showdown_turn(player)
        shown = tuple(cards) if cards is not None else tuple(self._hole[player])
        self._record(ev.Show(player, shown))
        self._after_showdown_step()

    def muck(self, player: int) -> None:
        """Give up the pot without showing (P-5); illegal for the last live hand of a pot."""
        self._check_showdown_turn(player)
        if self._last_live_hand_for_a_pot(player):
            raise IllegalAction(
                N_("player {player} is the last live hand for a pot and must show"),
                "P-5",
                [Said(N_("show"))],
                player=player,
            )
        self._record(ev.Muck(player))
        self._after_showdown_step()

    @property
    def next_to_show(self) -> int | None:
        return self._pending_show[0] if self._pending_show and self.phase == SHOWDOWN else None

    def _check_showdown_turn(self, player: int) -> None:
        if self.phase != SHOWDOWN or player not in self._pending_show:
            raise IllegalAction(
                N_("player {player} has nothing to show or muck now"), "P-4", [], player=player
            )

    def _last_live_hand_for_a_pot(self, player: int) -> bool:
        folded = [self._folded[p] or self._mucked[p] for p in range(self.players)]
        return any(pot.eligible == (player,) for pot in self._pots(folded))

    def _after_showdown_step(self) -> None:
        if not self._pending_show:
            self._award()

    def auto_showdown(self) -> None:
        """Show or muck for every pending player: show when the hand can still win a share."""
        while self.phase == SHOWDOWN and self._pending_show:
            player = self._pending_show[0]
            if self._could_win(player) or self._last_live_hand_for_a_pot(player):
                self.show(player)
            else:
                self.muck(player)

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The main pot and side pots now, from contribution levels (P-1)."""
        return tuple(self._pots([self._folded[p] or self._mucked[p] for p in range(self.players)]))

    @property
    def pots_in_middle(self) -> tuple[Pot, ...]:
        """The pots as players read them (P-1): the chips of the finished betting rounds.

        Bets still in front of the players are in no pot yet: an uncalled one goes back
        (A-16), and side pots are made when the round ends, those with the same players
        merged. So a shove nobody has called is never shown as a side pot, and at the
        end of a round these are the pots the hand pays.
        """
        out = [self._folded[p] or self._mucked[p] for p in range(self.players)]
        middle = tuple(t - c for t, c in zip(self._totals, self._committed, strict=True))
        return tuple(self._pots(out, middle))

    @property
    def result(self) -> tuple[PotResult, ...]:
        """Each pot of the finished hand with its winners and their hands (P-1, P-2).

        >>> from pokerroom.deck import Deck
        >>> from pokerroom.engine import Action, Hand, HandConfig
        >>> hand = Hand(HandConfig.holdem([100, 100], small_blind=1, big_blind=2), Deck(seed=3))
        >>> hand.act(Action.raise_to(100)); hand.act(Action.call())
        >>> (pot,) = hand.result
        >>> pot.amount, [(w.player, w.amount, w.hand) for w in pot.winners]
        (200, [(1, 200, 'Pair, jacks')])
        """
        if self.phase != DONE:
            raise UsageError(f"the hand is not over yet: it is in its {self.phase} phase")
        awards = [event for event in self._events if isinstance(event, ev.Award)]
        out = [self._folded[p] or self._mucked[p] for p in range(self.players)]
        return tuple(
            PotResult(
                pot=index,
                amount=pot.amount,
                eligible=pot.eligible,
                winners=tuple(self._winner(award) for award in awards if award.pot == index),
            )
            for index, pot in enumerate(self._pots(out))
        )

    def _winner(self, award: ev.Award) -> Winner:
        shown = self._shown[award.player]
        value = self._values(award.player, award.board) if shown is not None else None
        hand: HighHand | LowHand | None
        if value is None:
            hand = None
        elif award.share == "low":
            hand = LowHand(255 - value[1])  # the engine's low value: 255 - rank set
        else:
            hand = HighHand(value[0])
        return Winner(award.player, award.amount, award.share, award.board, hand, shown or ())

    def _pots(self, out: list[bool], totals: Sequence[int] | None = None) -> list[Pot]:
        """The pots for these players out, from each player's chips in (all of them unless
        ``totals`` says otherwise), built once per state (showdown asks often)."""
        chips = tuple(self._totals) if totals is None else tuple(totals)
        key = (*chips, *out)
        known = self._pots_seen.get(key)
        if known is None:
            known = self._pots_seen[key] = self._build_pots(out, chips)
        return known

    def _build_pots(self, out: list[bool], totals: Sequence[int]) -> list[Pot]:
        """P-1 pots; antes are dead money in the main pot (B-7), not a level of their own.

        When every ante was posted in full, all antes go to the first pot and the
        levels come from the live chips alone (so a big-blind ante is not a side
        pot only its poster can win). A player all-in by his ante (H-8) contests
        the antes only, so then every chip counts as a level.
        """
        config = self.config
        live = [t - a for t, a in zip(totals, self._antes_paid, strict=True)]
        if (
            not config.antes
            or any(self._antes_paid[p] < config.ante(p) for p in range(self.players))
            or any(not out[p] and not live[p] for p in range(self.players))
        ):
            return build_pots(totals, out)
        pots = build_pots(live, out)
        dead = sum(self._antes_paid)
        if not pots:
            everyone = tuple(p for p in range(self.players) if not out[p])
            return [Pot(dead, everyone)]
        return [Pot(pots[0].amount + dead, pots[0].eligible), *pots[1:]]

    def _could_win(self, player: int) -> bool:
        showdown = self.config.variant.showdown
        if any(card is None for card in self._hole[player]):
            return True
        pots = self._pots([self._folded[p] or self._mucked[p] for p in range(self.players)])
        for board in range(len(self._boards)):
            mine = self._values(player, board)
            assert mine is not None
            for pot in pots:
                if player not in pot.eligible:
                    continue
                rivals = [p for p in pot.eligible if p != player and self._shown[p] is not None]
                values = [v for v in (self._values(p, board) for p in rivals) if v is not None]
                if all(mine[0] >= v[0] for v in values):
                    return True
                if showdown.splits_low and mine[1] and all(mine[1] >= v[1] for v in values):
                    return True
        return False

    def _values(self, player: int, board_index: int = 0) -> tuple[int, int] | None:
        """(high, low) strengths of ``player``'s hand on a board, or None if a card is unknown."""
        hole = self._hole[player]
        board = self._boards[board_index]
        if None in hole or None in board:
            return None
        key = (player, board_index, len(hole), len(board))  # known cards only change by dealing
        known = self._values_seen.get(key)
        if known is None:
            showdown = self.config.variant.showdown
            cards_hole = [c for c in hole if c is not None]
            cards_board = [c for c in board if c is not None]
            low = showdown.low(cards_hole, cards_board) if showdown.splits_low else 0
            known = self._values_seen[key] = (showdown.high(cards_hole, cards_board), low)
        return known

    def _award(self) -> None:
        """P-1 … P-3, P-7: build pots from contribution levels and pay each in full (P-9)."""
        self.phase = DONE
        self._pending_show = []
        out = [self._folded[p] or self._mucked[p] for p in range(self.players)]
        pots = self._pots(out)
        live = [p for p in range(self.players) if not out[p]]
        chip = self.config.options.smallest_chip
        for index, pot in enumerate(pots):
            if len(live) == 1:
                self._record(ev.Award(live[0], pot.amount, index, "all"))
                continue
            boards = len(self._boards)
            known = {(p, b): self._values(p, b) for p in pot.eligible for b in range(boards)}
            if any(v is None for v in known.values()):
                self._unsettled.append(index)
                continue
            # P-8, P-10: halved between the boards, or the runs; the odd chip to the first
            halves = _halves(pot.amount, chip) if boards == 2 else (pot.amount,)
            for board, amount in enumerate(halves):
                values = {p: known[p, board] for p in pot.eligible}
                self._award_part(index, board, amount, values)  # type: ignore[arg-type]

    def _award_part(
        self, pot: int, board: int, amount: int, values: dict[int, tuple[int, int]]
    ) -> None:
        """Pay ``amount`` to the best hands on one board: high, or halves high/low (P-2, P-7)."""
        chip = self.config.options.smallest_chip
        best_high = max(v[0] for v in values.values())
        high_winners = [p for p, v in values.items() if v[0] == best_high]
        best_low = max(v[1] for v in values.values())
        if not best_low:
            for player, part in split(amount, high_winners, chip).items():
                self._record(ev.Award(player, part, pot, "all", board))
            return
        low_winners = [p for p, v in values.items() if v[1] == best_low]
        high_half, low_half = _halves(amount, chip)  # P-7: an odd chip goes to the high half
        for share, part_amount, winners in (
            ("high", high_half, high_winners),
            ("low", low_half, low_winners),
        ):
            for player, part in split(part_amount, winners, chip).items():
                self._record(ev.Award(player, part, pot, share, board))


def _halves(amount: int, chip: int) -> tuple[int, int]:
    """Halve to the chip; the odd chip (and any sub-chip rest) goes to the first half."""
    units = amount // chip
    first = (units - units // 2) * chip + amount % chip
    return first, amount - first
