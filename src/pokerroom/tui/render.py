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
from pokerroom.game_choices import GAME_NAMES
from pokerroom.i18n import N_, gettext, pgettext
from pokerroom.table.story import faces_text
from pokerroom.tournament.clock.render import countdown

BOARD_NAMES = (N_("upper"), N_("lower"))
"""The two boards of the double-board bomb pot (V-4), marked for the catalogues."""
RUN_NAMES = (N_("run 1"), N_("run 2"))
"""The two boards of a board run twice."""
LIMIT_NAMES = {
    "no-limit": N_("no-limit"),
    "pot-limit": N_("pot-limit"),
    "fixed-limit": N_("fixed-limit"),
}


def game_name(code: str, english: str) -> str:
    """The game ``code`` as people read it; ``english`` for a game this client lacks."""
    return gettext(GAME_NAMES[code]) if code in GAME_NAMES else english


def stakes_line(config: HandConfig, small_blind: int, big_blind: int) -> str:
    """The game, its structure and forced bets: Stud antes and brings in (V-5), the bomb pot
    antes (V-4), the other games post blinds."""
    variant, say = config.variant, amount_text
    limit = gettext(LIMIT_NAMES[str(config.limit)])
    parts = [f"{game_name(variant.code, variant.name)} {limit}"]
    ante = max(config.antes, default=0)
    if variant.stud:
        parts.append(
            gettext("ante {ante}, bring-in {bring_in}").format(
                ante=say(ante), bring_in=say(config.bring_in)
            )
        )
    elif config.blinds:
        blinds = gettext("blinds {small}/{big}").format(small=say(small_blind), big=say(big_blind))
        if ante:
            blinds = gettext("{blinds}, ante {ante}").format(blinds=blinds, ante=say(ante))
        parts.append(blinds)
    elif ante:
        parts.append(gettext("ante {ante}").format(ante=say(ante)))
    if config.limit is Limit.FIXED_LIMIT:
        parts.append(
            gettext("bets {small}/{big}").format(
                small=say(config.min_bet), big=say(config.big_bet_size)
            )
        )
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
        gettext("{board}: {cards}").format(
            board=gettext(names[i]) if len(boards) > 1 else gettext("board"),
            cards=faces_text(board) or "—",
        )
        for i, board in enumerate(boards)
        if has_board or board
    ]
    total = gettext("pot {amount}").format(amount=amount_text(pot))
    if split:
        parts = [
            gettext("main {amount}").format(amount=amount_text(amount))
            if i == 0
            else gettext("side {number} {amount}").format(number=i, amount=amount_text(amount))
            for i, amount in enumerate(split)
        ]
        if pot > sum(split):
            parts.append(
                pgettext("pot", "bets {amount}").format(amount=amount_text(pot - sum(split)))
            )
        total += " (" + ", ".join(parts) + ")"
    return [*lines, total]


def options_line(options: Sequence[str]) -> str:
    """What the player may do now, with the legal amounts (the keys are in the footer)."""
    return "   |   ".join(options)


def clock_line(seconds: float, who: str | None = None) -> str:
    """The shot clock (A-18) as ``time 0:25``: minutes and seconds, as the tournament clock
    writes them ("10s" would read as the ten of spades at a card table); ``who`` names
    whose clock it is (a player's name), else it is yours."""
    left = countdown(max(0.0, seconds))
    if who is None:
        return gettext("time {left}").format(left=left)
    return f"{who} {left}"


def next_hand_line(seconds: float) -> str:
    """The pause between hands counting down: ``next hand in 0:04``."""
    return gettext("next hand in {left}").format(left=countdown(max(0.0, seconds)))


DRAW_PROMPT = N_("1-5 mark (*) cards to discard, d to draw them")
SHOWDOWN_PROMPT = N_("showdown: s to show your hand, x to muck it and give up the pot")


def draw_line(cards: Sequence[Card | None], marked: Collection[int]) -> str:
    """Draw games (V-8): your cards numbered for the keys, the marked ones starred."""
    numbered = "  ".join(
        f"{i}:{faces_text([card])}{'*' if i in marked else ''}" for i, card in enumerate(cards, 1)
    )
    return f"{numbered}   {gettext(DRAW_PROMPT)}"


def result_line(number: int, changes: Sequence[tuple[str, int]]) -> str:
    """A finished hand's stack changes in the log: ``hand 3: Ann +12, Bob -12``.

    >>> result_line(4, [])
    'hand 4: no chips changed hands'
    """
    if not changes:  # a split pot that gave everyone back what he put in
        return gettext("hand {number}: no chips changed hands").format(number=number)
    said = ", ".join(f"{who} {signed_amount_text(change)}" for who, change in changes)
    return gettext("hand {number}: {changes}").format(number=number, changes=said)


def hand_title(number: int) -> str:
    """The log's line that starts a hand: ``— hand 3 —``."""
    return gettext("— hand {number} —").format(number=number)
