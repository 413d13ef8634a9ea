"""One hand counted for each player: the events the statistics add up.

The first betting round is "preflop" (third street in Stud, before the draw in draw
games); "the flop" is the second round, so a player saw the flop when he had not folded
as it began. Posting a blind, an ante or the Stud bring-in is not a decision. A player's
call is a check when nothing is owed, and a check is neither a call nor voluntary.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.stats.reading import BETTING, Amount, StatHand, amount


@dataclass(slots=True)
class HandLine:
    """What one player did in one hand; booleans and counts, added up by the summary."""

    vpip: bool = False
    pfr: bool = False
    three_bet_chance: bool = False
    three_bet: bool = False
    fold_to_three_bet_chance: bool = False
    fold_to_three_bet: bool = False
    bets_raises: int = 0
    """Postflop bets and raises."""
    calls: int = 0
    """Postflop calls (not checks)."""
    saw_flop: bool = False
    showdown: bool = False
    won_at_showdown: bool = False
    result: Amount = 0
    """Chips won or lost, net of the rake."""
    put_in: Amount = 0
    """Chips he put in the pot and did not get back as an uncalled bet."""


@dataclass(slots=True)
class Walk:
    """A hand walked through: each player's line, who is still in, the bets."""

    lines: list[HandLine]
    folded: list[bool]
    all_in_board: str | None
    """The board when the betting ended before the last card: an all-in (None if not)."""


PLAYER = {f"p{i + 1}": i for i in range(10)}
"""PHH's player names of a full ring, 0-based (a larger table is read the long way)."""


def walk(hand: StatHand) -> Walk:
    """Count ``hand`` for every player. Each decision is read against the bets before it."""
    n = hand.players
    lines = [HandLine() for _ in range(n)]
    forced = list(zip(hand.antes, hand.blinds, hand.starting_stacks, strict=True))
    put: list[Amount] = [min(ante + blind, stack) for ante, blind, stack in forced]
    street: list[Amount] = [max(min(blind, stack - ante), 0) for ante, blind, stack in forced]
    stacks = [stack - paid for stack, paid in zip(hand.starting_stacks, put, strict=True)]
    top = max(street, default=0)  # the most anyone has in this round: what a call matches
    folded = [False] * n
    round_, raises = 0, 0
    opener: int | None = None
    last_was_bet = False
    board = ""
    board_at_last_bet = ""
    dealt_after_bet = False
    for action in hand.actions:
        if action[0] == "d":  # the dealer: "d dh p1 AcKd", "d db 6cTs5h"
            code, words = action[2:4], []
        else:
            words = action.split()
            code = words[1]
        if code not in BETTING:
            if last_was_bet and code != "sm":
                round_ += 1
                street = [0] * n
                top = 0
                if round_ == 1:
                    for q in range(n):
                        lines[q].saw_flop = not folded[q]
            if code == "db":
                board += action[5:]
                dealt_after_bet = True
            last_was_bet = last_was_bet and code == "sm"
            continue
        actor = words[0]
        p = PLAYER.get(actor)
        if p is None:
            p = int(actor[1:]) - 1
        last_was_bet = True
        dealt_after_bet = False
        board_at_last_bet = board
        line = lines[p]
        facing_three_bet = False
        if round_ == 0 and raises:
            facing_three_bet = p == opener and raises == 2
            if facing_three_bet:
                line.fold_to_three_bet_chance = True
            elif raises == 1 and p != opener:
                line.three_bet_chance = True
        if code == "f":
            folded[p] = True
            line.fold_to_three_bet |= facing_three_bet
            continue
        if code == "pb":
            paid = min(hand.bring_in, stacks[p])
            street[p] += paid
            top = max(top, street[p])
        elif code == "cc":
            paid = min(top - street[p], stacks[p])
            street[p] += paid
            if paid > 0 and round_ == 0:
                line.vpip = True
            elif paid > 0:
                line.calls += 1
        else:  # cbr: the amount is what he has in this round after it
            to = amount(words[2])
            paid = to - street[p]
            street[p] = to
            top = max(top, to)
            if round_ == 0:
                line.vpip = line.pfr = True
                raises += 1
                if raises == 1:
                    opener = p
                elif raises == 2 and line.three_bet_chance:
                    line.three_bet = True
            else:
                line.bets_raises += 1
        stacks[p] -= paid
        put[p] += paid
    _return_uncalled(put)
    in_hand = [p for p in range(n) if not folded[p]]
    results = hand.results
    for p, line in enumerate(lines):
        line.put_in = put[p]
        line.result = results[p] if results is not None else 0
        if len(in_hand) > 1 and not folded[p]:
            line.showdown = True
            line.won_at_showdown = line.result + line.put_in + hand.rake[p] > 0
    all_in = board_at_last_bet if dealt_after_bet and len(in_hand) > 1 else None
    return Walk(lines, folded, all_in)


def _return_uncalled(put: list[Amount]) -> None:
    """The part of the largest bet nobody matched goes back to its maker."""
    if len(put) < 2:
        return
    top = max(range(len(put)), key=put.__getitem__)
    second = max(v for q, v in enumerate(put) if q != top)
    put[top] = second if put[top] > second else put[top]
