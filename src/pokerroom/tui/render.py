"""Text for the middle of the terminal table, built from one seat's view only (X-4).

Pure functions, so what a player can see is testable without a terminal: the game
and its forced bets, the board, the pot and the legal options. The bet presets are
:mod:`pokerroom.table.presets`, shared with the web table.
"""

from __future__ import annotations

from pokerroom.engine import HandConfig, Limit
from pokerroom.engine.views import HandView
from pokerroom.table.story import cards_text


def stakes_line(config: HandConfig, small_blind: int, big_blind: int) -> str:
    """The game, its structure and forced bets: Stud antes and brings in (V-5), the bomb pot
    antes (V-4), the other games post blinds."""
    variant = config.variant
    parts = [f"{variant.name} {config.limit}"]
    ante = max(config.antes, default=0)
    if variant.stud:
        parts.append(f"ante {ante}, bring-in {config.bring_in}")
    elif config.blinds:
        parts.append(f"blinds {small_blind}/{big_blind}" + (f", ante {ante}" if ante else ""))
    elif ante:
        parts.append(f"ante {ante}")
    if config.limit is Limit.FIXED_LIMIT:
        parts.append(f"bets {config.min_bet}/{config.big_bet_size}")
    return " · ".join(parts)


def board_lines(view: HandView, *, has_board: bool = True) -> list[str]:
    """The board (both, labelled, in a double-board game, V-4) and the pots (P-1).

    Games without community cards (Stud, Draw) show none; Stud's rare shared card
    (C-6) is shown when it is dealt.
    """
    names = ("upper", "lower")
    boards = [
        (f"{names[i]}: " if len(view.boards) > 1 else "board: ") + (cards_text(board) or "—")
        for i, board in enumerate(view.boards)
        if has_board or board
    ]
    pot = f"pot {view.pot}"
    all_in = any(not out and not chips for out, chips in zip(view.folded, view.stacks, strict=True))
    if len(view.pots) > 1 and all_in:  # P-1: main and side pots once someone is all-in
        pot += (
            " ("
            + ", ".join(
                f"{'main' if i == 0 else f'side {i}'} {amount}"
                for i, amount in enumerate(view.pots)
            )
            + ")"
        )
    return [*boards, pot]


def options_line(view: HandView) -> str:
    """What the player may do now, with the legal amounts (the keys are in the footer)."""
    return "   |   ".join(view.legal.describe()) if view.legal is not None else ""
