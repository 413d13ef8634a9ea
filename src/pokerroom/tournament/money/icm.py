"""ICM: what a tournament stack is worth in money (Malmuth-Harville), exactly, for up to 10.

Beyond the seed, as every club asks for it before a deal. Each remaining player
finishes first with probability stack / all chips; given who has finished above, the
next place goes to one of the rest in proportion to their stacks. A player's equity
is the sum over places of the chance of finishing there times its prize.

The sum over all finishing orders (n! of them) is computed once per set of players
already placed: the chance that exactly that set holds the top places, built up
subset by subset over bitmasks, so 10 players take 2^10 small steps, not 10! orders.

>>> [round(value, 2) for value in icm_equities([50, 30, 20], [50, 30, 20])]
[38.39, 32.75, 28.86]
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.errors import PokerroomError

MAX_ICM_PLAYERS = 10


class IcmError(PokerroomError, ValueError):
    """Stacks or prizes ICM cannot value: the message says what is allowed."""


def check_icm_input(stacks: Sequence[int], prizes: Sequence[float]) -> None:
    """2 … 10 players with chips, no more prizes than players, none negative."""
    if not 1 <= len(stacks) <= MAX_ICM_PLAYERS:
        raise IcmError(f"ICM values 1 to {MAX_ICM_PLAYERS} players, got {len(stacks)}")
    if any(stack <= 0 for stack in stacks):
        raise IcmError(f"every player in an ICM sum needs chips, got stacks {list(stacks)}")
    if len(prizes) > len(stacks):
        raise IcmError(f"{len(prizes)} prizes for {len(stacks)} players; one per place at most")
    if any(prize < 0 for prize in prizes):
        raise IcmError(f"prizes cannot be negative, got {list(prizes)}")


def icm_equities(stacks: Sequence[int], prizes: Sequence[float]) -> tuple[float, ...]:
    """Each player's Malmuth-Harville equity; ``prizes`` are places 1, 2, … (missing: 0)."""
    check_icm_input(stacks, prizes)
    count = len(stacks)
    paid = len(prizes)
    full = 1 << count
    chips_in = [0] * full
    for mask in range(1, full):
        low = mask & -mask
        chips_in[mask] = chips_in[mask ^ low] + stacks[low.bit_length() - 1]
    total = chips_in[full - 1]
    placed = [0] * full
    reach = [0.0] * full
    reach[0] = 1.0
    equities = [0.0] * count
    for mask in range(full):  # every subset comes after the subsets it grows from
        chance = reach[mask]
        place = placed[mask]
        if chance == 0.0 or place >= paid:
            continue
        prize = prizes[place]
        scale = chance / (total - chips_in[mask])
        for player in range(count):
            bit = 1 << player
            if mask & bit:
                continue
            step = scale * stacks[player]
            equities[player] += step * prize
            reach[mask | bit] += step
            placed[mask | bit] = place + 1
    return tuple(equities)
