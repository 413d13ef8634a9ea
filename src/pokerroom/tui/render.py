"""Text for the middle of the terminal table, built from one seat's view only (X-4).

Pure functions, so what a player can see is testable without a terminal: the game
and its forced bets, the board, the pot and the legal options. The bet presets are
:mod:`pokerroom.table.presets`, shared with the web table.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from pokerroom.amounts import amount_text, signed_amount_text
from pokerroom.cards import Card
from pokerroom.engine import HandConfig, Limit
from pokerroom.engine import events as ev
from pokerroom.engine.views import HandView
from pokerroom.table.story import faces_text
from pokerroom.tournament.clock.render import countdown

BOARD_NAMES = ("upper", "lower")
"""The two boards of the double-board bomb pot (V-4)."""
RUN_NAMES = ("run 1", "run 2")
"""The two boards of a board run twice."""


def stakes_line(config: HandConfig, small_blind: int, big_blind: int) -> str:
    """The game, its structure and forced bets: Stud antes and brings in (V-5), the bomb pot
    antes (V-4), the other games post blinds."""
    variant, say = config.variant, amount_text
    parts = [f"{variant.name} {config.limit}"]
    ante = max(config.antes, default=0)
    if variant.stud:
        parts.append(f"ante {say(ante)}, bring-in {say(config.bring_in)}")
    elif config.blinds:
        blinds = f"blinds {say(small_blind)}/{say(big_blind)}"
        parts.append(blinds + (f", ante {say(ante)}" if ante else ""))
    elif ante:
        parts.append(f"ante {say(ante)}")
    if config.limit is Limit.FIXED_LIMIT:
        parts.append(f"bets {say(config.min_bet)}/{say(config.big_bet_size)}")
    return " · ".join(parts)


def board_lines(view: HandView, pots: Sequence[int], *, has_board: bool = True) -> list[str]:
    """The board (both, labelled, in a double-board game, V-4) and the pots (P-1), as
    players read them: ``pots`` from ``Hand.pots_in_middle`` (no uncalled bet, A-16).

    Games without community cards (Stud, Draw) show none; Stud's rare shared card
    (C-6) is shown when it is dealt.
    """
    split = pots if len(pots) > 1 else ()
    run_twice = any(isinstance(e, ev.ChooseRuns) and e.runs == 2 for e in view.events)
    names = RUN_NAMES if run_twice else BOARD_NAMES
    return centre_lines(view.boards, view.pot, split, has_board=has_board, names=names)


def centre_lines(
    boards: Sequence[Sequence[Card | None]],
    pot: int,
    split: Sequence[int] = (),
    *,
    has_board: bool = True,
    names: tuple[str, str] = BOARD_NAMES,
) -> list[str]:
    """The middle of the table: each board (two are ``names``: the upper and lower boards
    of the bomb pot, or the runs of a board run twice), then the pot and, once an all-in
    made side pots, its ``split`` into the main and side pots (P-1), with the bets not yet
    in them."""
    lines = [
        (f"{names[i]}: " if len(boards) > 1 else "board: ") + (faces_text(board) or "—")
        for i, board in enumerate(boards)
        if has_board or board
    ]
    total = f"pot {amount_text(pot)}"
    if split:
        parts = [
            f"{'main' if i == 0 else f'side {i}'} {amount_text(amount)}"
            for i, amount in enumerate(split)
        ]
        if pot > sum(split):
            parts.append(f"bets {amount_text(pot - sum(split))}")
        total += " (" + ", ".join(parts) + ")"
    return [*lines, total]


def options_line(options: Sequence[str]) -> str:
    """What the player may do now, with the legal amounts (the keys are in the footer)."""
    return "   |   ".join(options)


def clock_line(seconds: float, who: str = "time") -> str:
    """The shot clock (A-18) as ``time 0:25``: minutes and seconds, as the tournament clock
    writes them ("10s" would read as the ten of spades at a card table)."""
    return f"{who} {countdown(max(0.0, seconds))}"


DRAW_PROMPT = "1-5 mark (*) cards to discard, d to draw them"
SHOWDOWN_PROMPT = "showdown: s to show your hand, x to muck it and give up the pot"


def draw_line(cards: Sequence[Card | None], marked: Collection[int]) -> str:
    """Draw games (V-8): your cards numbered for the keys, the marked ones starred."""
    numbered = "  ".join(
        f"{i}:{faces_text([card])}{'*' if i in marked else ''}" for i, card in enumerate(cards, 1)
    )
    return f"{numbered}   {DRAW_PROMPT}"


def result_line(number: int, changes: Sequence[tuple[str, int]]) -> str:
    """A finished hand's stack changes in the log: ``hand 3: Ann +12, Bob -12``.

    >>> result_line(4, [])
    'hand 4: no chips changed hands'
    """
    if not changes:  # a split pot that gave everyone back what he put in
        return f"hand {number}: no chips changed hands"
    said = (f"{who} {signed_amount_text(change)}" for who, change in changes)
    return f"hand {number}: " + ", ".join(said)
