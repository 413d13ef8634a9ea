"""A long-played table's memory and checkpoints do not grow with the hands it played.

A room keeps only its last :data:`~pokerroom.room.live.KEPT_HANDS` finished hands (the
archive is told of every one), so a table dealt a thousand hands holds as much as one
dealt a few dozen, and so does its signed checkpoint.
"""

from __future__ import annotations

from pokerroom.room.live import KEPT_HANDS, FinishedHand
from pokerroom.storage.rooms.checkpoint import seal
from tests.web.cash_driver import CashTableDriver, cash_table

SECRET = b"a test secret of thirty-two byte"


def play_until(t: CashTableDriver, hands: int) -> None:
    """Heads-up, the player to act folds: a hand a decision, dealt after the pause."""
    for _ in range(50 * hands):
        if t.room.table.hands_played >= hands and t.room.hand_done:
            return
        decider = t.room.decider()
        if decider is None:
            assert t.wait(), "the table stopped dealing"
        else:
            user = t.room.hand_occupants[decider[0]].user
            player = next(u for u in t.users if u.id == user)
            assert t.send(player, "act", action="fold").changed
    raise AssertionError(f"only {t.room.table.hands_played} of {hands} hands were played")


def test_a_thousand_hands_keep_the_last_hands_and_a_checkpoint_of_the_same_size() -> None:
    """After 1,000 hands the room holds its last hands only and its checkpoint is the
    size it was after 600 (the archive was told of every hand)."""
    t = cash_table("holdem", 2, seed=11)
    archived: list[FinishedHand[object]] = []
    t.room.on_hand_finished = archived.append
    sizes = {}
    for hands in (100, 300, 600, 1_000):
        play_until(t, hands)
        sizes[hands] = len(seal(t.room, hands, SECRET).state)
    early, late = sizes[600], sizes[1_000]  # by 600 hands the message ids kept are full
    assert len(archived) == t.room.table.hands_played >= 1_000  # the archive hears of all
    assert late < 1.05 * early, f"checkpoint bytes after 100 … 1,000 hands: {sizes}"
    assert late < 1.5 * sizes[100]
    assert len(t.room.hands) == KEPT_HANDS
    assert [h.number for h in t.room.hands] == [h.number for h in archived[-KEPT_HANDS:]]
