"""Tournament bot speed, anchored on the equity bot, and how long a bot-only sit-and-go lasts.

Decisions per second are timed on the same recorded views (nine-handed
no-limit Hold'em, 5 … 60 big blinds, every street) for both bots. The
sit-and-go: nine players with 1,500 chips, blinds 10/20 doubling every ten
hands, played to one winner; a field of tournament bots should take dozens of
hands and bust players steadily, as real short-stacked fields do.
Run: ``.venv/bin/python benchmarks/bench_bots_pushfold.py [views]``.
"""

from __future__ import annotations

import random
import statistics
import sys

from harness import measure, print_table
from pokerroom.bots import BOTS, Bot, play_hand
from pokerroom.deck import Deck
from pokerroom.engine import Hand, HandConfig
from pokerroom.engine.views import HandView, view_of

BIG_BLIND = 20


def recorded_views(count: int, seed: int = 11) -> list[HandView]:
    """Views from hands the tournament bot plays, at every decision it faces."""
    rng = random.Random(seed)
    views: list[HandView] = []
    while len(views) < count:
        stacks = [rng.randint(5, 60) * BIG_BLIND for _ in range(9)]
        config = HandConfig.holdem(stacks, small_blind=BIG_BLIND // 2, big_blind=BIG_BLIND)
        hand = Hand(config, Deck(rng=random.Random(rng.getrandbits(64))))
        bot = BOTS["tournament"](1)
        while hand.phase == "bet" and len(views) < count:
            player = hand.to_act
            assert player is not None
            view = view_of(hand, player)
            views.append(view)
            hand.act(bot.decide(view), player)
    return views


def sit_and_go(style: str, seed: int) -> tuple[int, list[int]]:
    """Hands to a winner, and the hand number of each bust-out."""
    rng = random.Random(seed)
    stacks = dict.fromkeys(range(9), 1500)
    bots: dict[int, Bot] = {seat: BOTS[style](seed + seat) for seat in stacks}
    button, hands, busts = 0, 0, []
    while len(stacks) > 1 and hands < 2000:
        level = min(hands // 10, 12)
        seats = sorted(stacks)
        button = next((s for s in seats if s > button), seats[0])
        order = seats[seats.index(button) + 1 :] + seats[: seats.index(button) + 1]
        config = HandConfig.holdem(
            [stacks[s] for s in order], small_blind=10 << level, big_blind=20 << level
        )
        hand = Hand(config, Deck(rng=random.Random(rng.getrandbits(64))))
        play_hand(hand, {p: bots[s] for p, s in enumerate(order)})
        hands += 1
        for p, seat in enumerate(order):
            stacks[seat] = hand.stacks[p]
            if not stacks[seat]:
                del stacks[seat]
                busts.append(hands)
    return hands, busts


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    views = recorded_views(count)
    rows = []
    for style in ("equity", "tournament"):
        bot = BOTS[style](1)

        def decide_all(bot: Bot = bot) -> None:
            for view in views:
                bot.decide(view)

        rows.append(
            measure(f"{style} bot", len(views), decide_all, ours=style == "tournament", repeats=3)
        )
    print_table("Decisions on the same recorded views", "decisions", rows, ["equity bot"])
    print("\nNine-handed sit-and-go, 75 big blinds, blinds doubling every 10 hands (5 seeds):")
    for style in ("tournament", "equity", "station"):
        runs = [sit_and_go(style, seed) for seed in range(5)]
        lengths = [hands for hands, _ in runs]
        first_bust = [busts[0] for _, busts in runs]
        print(
            f"  {style:>10}: {statistics.median(lengths):5.0f} hands to a winner "
            f"(range {min(lengths)}-{max(lengths)}), first bust-out at hand "
            f"{statistics.median(first_bust):.0f}"
        )


if __name__ == "__main__":
    main()
