"""Small PHH hands whose statistics are counted by hand in ``tests/test_stats.py``.

Four players at 1/2, 100 each: ``p1`` the small blind, ``p2`` the big blind, ``p3`` first
to act, ``p4`` the button.
"""

from __future__ import annotations

from datetime import datetime

from pokerroom.stats.reading import read_stat_hand
from pokerroom.storage.hands.archive import HandSeat, WebHand

HEADER = """variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
min_bet = 2
starting_stacks = [100, 100, 100, 100]
players = ["Ann", "Bob", "Cyd", "Dan"]
"""
DEAL = ["d dh p1 2s3s", "d dh p2 8c8d", "d dh p3 AhAd", "d dh p4 KcKd"]


def archived_hand(
    text: str, room: str, kind: str, number: int, when: datetime, size: int = 4
) -> WebHand:
    """A PHH hand as the archive keeps it: its seats, results and rake read from the text."""
    stat = read_stat_hand(text)
    assert stat.names is not None and stat.results is not None
    seats = tuple(
        HandSeat(p, p + 1, None, name, int(result))
        for p, (name, result) in enumerate(zip(stat.names, stat.results, strict=True))
    )
    rake = sum(int(r) for r in stat.rake)
    return WebHand(room, kind, room, "NLHE", size, number, when, text, rake, seats)


def four_handed(actions: list[str], finishing: list[int], *, rake: list[int] | None = None) -> str:
    lines = [f'  "{a}",' for a in DEAL + actions]
    extra = f"_rake = {rake}\n" if rake else ""
    return (
        f"{HEADER}actions = [\n"
        + "\n".join(lines)
        + f"\n]\n{extra}finishing_stacks = {finishing}\n"
    )


LIMPED = four_handed(
    # Cyd limps, Dan folds, Ann completes, Bob checks his big blind; Bob bets the flop,
    # Cyd calls, Ann folds; Bob's river bet is not called.
    [
        "p3 cc",
        "p4 f",
        "p1 cc",
        "p2 cc",
        "d db 9h7d2c",
        "p1 cc",
        "p2 cbr 4",
        "p3 cc",
        "p1 f",
        "d db Js",
        "p2 cc",
        "p3 cc",
        "d db 3c",
        "p2 cbr 10",
        "p3 f",
    ],
    [98, 108, 94, 100],
)
THREE_BET = four_handed(
    # Cyd opens, Dan 3-bets; Ann and Bob fold to two raises; Cyd folds to the 3-bet.
    ["p3 cbr 6", "p4 cbr 18", "p1 f", "p2 f", "p3 f"],
    [99, 98, 94, 109],
)
CALLED_DOWN = four_handed(
    # Cyd opens, Dan calls (a 3-bet chance he passes), the blinds fold; Cyd bets the flop,
    # Dan calls, then both check down; Cyd's aces win at showdown, he pays a rake of 1.
    [
        "p3 cbr 6",
        "p4 cc",
        "p1 f",
        "p2 f",
        "d db 9h7d2c",
        "p3 cbr 8",
        "p4 cc",
        "d db Js",
        "p3 cc",
        "p4 cc",
        "d db 3c",
        "p3 cc",
        "p4 cc",
        "p3 sm AhAd",
        "p4 sm KcKd",
    ],
    [99, 98, 116, 86],
    rake=[0, 0, 1, 0],
)

HEADS_UP_ALL_IN = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
players = ["Ann", "Bob"]
actions = [
  "d dh p1 AsAc",
  "d dh p2 KhQh",
  "p2 cc",
  "p1 cc",
  "d db Ah7h2c",
  "p1 cc",
  "p2 cc",
  "d db 3d",
  "p1 cbr 98",
  "p2 cc",
  "p1 sm AsAc",
  "p2 sm KhQh",
  "d db 9s",
]
finishing_stacks = [200, 0]
"""
"""Ann's trip aces against Bob's flush draw, all in on the turn: Bob wins with 7 of the 44
rivers (the nine hearts but 2h and 3h, which fill Ann up), so his all-in equity is 7/44."""
