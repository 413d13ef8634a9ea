"""A hand as the statistics need it: stacks, forced bets, the big blind and the actions.

A hand archive holds tens of thousands of PHH documents and a full TOML read costs about a
millisecond each, so :func:`read_stat_hand` reads the layout pokerroom's own writer makes
(:mod:`pokerroom.history.phh.writing`: one ``key = value`` a line, one action a line) with a
plain line scan, and falls back to :func:`~pokerroom.history.phh.documents.parse_phh` for any other
layout; both give the same :class:`StatHand` (``tests/test_stats.py`` checks it on every
game).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from decimal import Decimal

from pokerroom.history.phh.documents import ActionCode, PhhError, PhhHand, parse_phh

Amount = int | Decimal
"""Chips: whole numbers in pokerroom's own hands, decimals in some imported ones."""

BETTING = frozenset({"f", "cc", "cbr", "pb"})
"""The action codes of a betting decision."""


@dataclass(frozen=True, slots=True)
class StatHand:
    """What the statistics read of one hand; lists are by PHH player (engine position)."""

    variant: str
    starting_stacks: tuple[Amount, ...]
    antes: tuple[Amount, ...]
    blinds: tuple[Amount, ...]
    """What each player posted as a blind or straddle (heads-up already the right way round)."""
    big_blind: Amount
    """The unit of bb/100: ``min_bet`` (no- and pot-limit), else the small bet."""
    bring_in: Amount
    actions: tuple[str, ...]
    """Each action's notation, ``p3 cbr 200``, ``d db 6cTs5h``, its words one space apart
    and without commentary: split as they are counted (one object per hand, not per action,
    keeps reading fast)."""
    names: tuple[str, ...] | None
    """The ``players`` field."""
    results: tuple[Amount, ...] | None
    """Chips won or lost, net of the rake (``finishing_stacks`` - ``starting_stacks``)."""
    rake: tuple[Amount, ...]

    @property
    def players(self) -> int:
        return len(self.starting_stacks)


def _posted(blinds: tuple[Amount, ...]) -> tuple[Amount, ...]:
    """PHH writes heads-up blinds in reverse (its ``p1`` is the big blind); negative entries
    are posts (HandHQ), chips in all the same."""
    ordered = blinds[::-1] if len(blinds) == 2 else blinds
    return tuple(-b if b < 0 else b for b in ordered)


def _unit(min_bet: Amount | None, small_bet: Amount | None) -> Amount:
    unit = min_bet or small_bet
    if not unit:
        raise PhhError("a hand without min_bet or small_bet has no big blind to count in")
    return unit


def stat_hand(hand: PhhHand) -> StatHand:
    """The statistics' view of a parsed hand."""
    acts = tuple(_plain(a.text) for a in hand.actions if a.code is not ActionCode.NO_OP)
    zeros = tuple(0 for _ in hand.starting_stacks)
    results = None
    if hand.finishing_stacks is not None:
        pairs = zip(hand.finishing_stacks, hand.starting_stacks, strict=True)
        results = tuple(_whole(end - start) for end, start in pairs)
    return StatHand(
        variant=hand.variant,
        starting_stacks=tuple(_whole(s) for s in hand.starting_stacks),
        antes=tuple(_whole(a) for a in hand.antes),
        blinds=_posted(tuple(_whole(b) for b in hand.blinds_or_straddles or zeros)),
        big_blind=_unit(hand.min_bet, hand.small_bet),
        bring_in=_whole(hand.bring_in or 0),
        actions=acts,
        names=hand.players,
        results=results,
        rake=tuple(_whole(r) for r in hand.rake) if hand.rake is not None else zeros,
    )


def _whole(value: Amount) -> Amount:
    """An integral decimal as an int: pokerroom's chips, counted fast."""
    if isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value():
        return int(value)
    return value


def amount(text: str) -> Amount:
    """A number as written: an int when it is whole."""
    return int(text) if text.lstrip("-").isdigit() else _whole(Decimal(text))


def _numbers(text: str) -> tuple[Amount, ...]:
    if not (text.startswith("[") and text.endswith("]")):
        raise ValueError(text)
    parts = text[1:-1].split(",") if text[1:-1].strip() else []
    try:
        return tuple(map(int, parts))
    except ValueError:
        return tuple(amount(part.strip()) for part in parts)


def _plain(text: str) -> str:
    """An action's words one space apart, its commentary left out."""
    return " ".join(text.partition("#")[0].split())


def _names(text: str) -> tuple[str, ...]:
    names = json.loads(text)
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError(text)
    return tuple(names)


ACTIONS_START = 'actions = [\n  "'
ACTIONS_END = '",\n]\n'
ACTION_BREAK = '",\n  "'
FIELD_LINE = re.compile(r"^([A-Za-z_]\w*) = (.*?) *$", re.MULTILINE)


def _fast(text: str) -> StatHand:
    """The line scan of pokerroom's own layout; ValueError (or another) on anything else."""
    start = text.index(ACTIONS_START)
    end = text.index(ACTIONS_END, start)
    block = text[start + len(ACTIONS_START) : end].replace(ACTION_BREAK, "\n")
    if any(mark in block for mark in ('"', "#", "\\", "  ")):
        raise ValueError("commentary, escapes or spacing: the full read")
    rest = text[:start] + text[end + len(ACTIONS_END) :]
    pairs = FIELD_LINE.findall(rest)
    fields = dict(pairs)
    if len(fields) != len(pairs) or len(pairs) != rest.count("\n") or "actions" in fields:
        raise ValueError("a line that is not one field, or a field twice: the full read")
    acts = block.split("\n")
    variant = fields["variant"]
    if not (variant.startswith('"') and variant.endswith('"')):
        raise ValueError(variant)
    starting = _numbers(fields["starting_stacks"])
    zeros = tuple(0 for _ in starting)
    finishing = _numbers(fields["finishing_stacks"]) if "finishing_stacks" in fields else None
    antes = _numbers(fields["antes"])
    if len(antes) != len(starting) or (finishing is not None and len(finishing) != len(starting)):
        raise ValueError("arrays of different lengths: the full read names the fault")
    min_bet, small_bet = fields.get("min_bet"), fields.get("small_bet")
    bring_in = fields.get("bring_in")
    return StatHand(
        variant=variant[1:-1],
        starting_stacks=starting,
        antes=antes,
        blinds=_posted(_numbers(fields["blinds_or_straddles"]))
        if "blinds_or_straddles" in fields
        else zeros,
        big_blind=_unit(
            None if min_bet is None else amount(min_bet),
            None if small_bet is None else amount(small_bet),
        ),
        bring_in=0 if bring_in is None else amount(bring_in),
        actions=tuple(acts),
        names=_names(fields["players"]) if "players" in fields else None,
        results=None
        if finishing is None
        else tuple(end - start for end, start in zip(finishing, starting, strict=True)),
        rake=_numbers(fields["_rake"]) if "_rake" in fields else zeros,
    )


def read_stat_hand(text: str) -> StatHand:
    """The statistics' view of one PHH document; :class:`PhhError` if it is not one."""
    try:
        return _fast(text)
    except (ValueError, KeyError, ArithmeticError):
        return stat_hand(parse_phh(text))
