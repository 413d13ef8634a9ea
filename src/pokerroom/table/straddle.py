"""The voluntary straddle of cash and home tables: who may post one, and the blinds it makes.

The host's option, off by default: ``utg`` lets the player under the gun (first left of
the big blind) straddle, ``button`` lets the button straddle (the Mississippi straddle).
A straddle is a live blind of twice the big blind posted before the cards are dealt, so
the engine plays it as the largest blind: pre-flop the action starts left of the
straddler and he acts last, with the option to raise when the bet is only called. After
a button straddle that is the small blind first, as PokerKit and PHH read a blind on the
button. RULES.md says nothing about straddles: these are decisions, written in README.

Decisions where the rules are silent:

- never heads-up (the two players are both blinds), never in Stud or the bomb pot (no
  blinds), never in a tournament (its regulation has no such option);
- only a player who would not post otherwise (not a blind, not a newcomer's post);
- only with more chips than the straddle: a straddle never puts a player all-in, so the
  straddler always keeps his option.

>>> straddle_position((1, 2, 0, 0), big_blind=2, stacks=(99, 99, 99, 99), mode="utg")
2
>>> straddle_position((1, 2, 0, 0), big_blind=2, stacks=(99, 99, 99, 99), mode="button")
3
>>> straddle_position((1, 2, 0, 0), big_blind=2, stacks=(99, 99, 4, 99), mode="utg")  # short
>>> straddle_position((2, 1), big_blind=2, stacks=(99, 99), mode="utg")  # heads-up: never
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.errors import UsageError
from pokerroom.i18n import N_, gettext
from pokerroom.said import Said

STRADDLE_MODES = ("off", "utg", "button")
"""The host's choices: no straddle, under the gun, or the button (Mississippi)."""
MODE_WORDS = {
    "off": N_("no straddles"),
    "utg": N_("straddle under the gun"),
    "button": N_("button straddle"),
}
"""How the stakes line and the forms name each mode (marked: ``gettext`` words it)."""
WHERE_WORDS = {"utg": N_("under the gun"), "button": N_("on the button")}
"""Where the straddle comes to a player, in each mode: the interfaces' words (marked;
:func:`where_words` words it)."""


NO_STRADDLES = N_("this table has no straddles: the host left them off")


def where_words(mode: str) -> str:
    """Where the straddle comes to a player: "under the gun", «на андер-зе-гане»."""
    return gettext(WHERE_WORDS[mode])


def choice_refusal(mode: str, straddles: bool, wanted: bool) -> str | None:
    """Why a player's straddle choice changes nothing (no straddles here, or already so),
    or None when it is taken."""
    if mode == "off":
        return gettext(NO_STRADDLES)
    if straddles == wanted:
        return (
            gettext(N_("you already straddle whenever the straddle comes to you"))
            if wanted
            else gettext(N_("you do not straddle already: send straddle true to start"))
        )
    return None


def check_mode(mode: object, *, blinds_game: bool) -> None:
    """Refuse a mode that is not one of :data:`STRADDLE_MODES`, or one for a game without
    blinds (Stud, the bomb pot), naming what is allowed."""
    if mode not in STRADDLE_MODES:
        raise UsageError(
            Said(
                N_("straddle must be one of {modes}, got {mode}"),
                modes=", ".join(STRADDLE_MODES),
                mode=repr(mode),
            )
        )
    if mode != "off" and not blinds_game:
        raise UsageError(
            Said(N_("straddles need blinds: Stud and the bomb pot have none; choose off"))
        )


def straddle_position(
    blinds: Sequence[int], *, big_blind: int, stacks: Sequence[int], mode: str
) -> int | None:
    """The engine position that may straddle this hand (the button is the last
    position), or None: straddles off, heads-up, or that player cannot (module docstring)."""
    players = len(blinds)
    if mode == "off" or players < 3 or big_blind <= 0:
        return None
    if mode == "button":
        position = players - 1
    else:
        top = max(blinds)
        position = (max(p for p in range(players) if blinds[p] == top) + 1) % players
    if blinds[position] != 0 or stacks[position] <= straddle_amount(big_blind):
        return None
    return position


def straddle_amount(big_blind: int) -> int:
    """A straddle is twice the big blind."""
    return 2 * big_blind
