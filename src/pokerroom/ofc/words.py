"""The settled OFC hand in words, for every table that shows it (terminal and web).

Pure text from a :class:`~pokerroom.ofc.game.HandResult`: the result is public once the
round ends (O-4: fantasy rows shown then; O-2: discards stay face down and are not named).
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.i18n import N_, gettext
from pokerroom.ofc.game import HandResult


def result_lines(
    result: HandResult, names: Sequence[str], totals: Sequence[int], number: int
) -> list[str]:
    """The settled hand: each player's points, fouls and royalties, every pair, the totals."""
    lines = [gettext(N_("hand {number} over:")).format(number=number)]
    for position, name in enumerate(names):
        if result.boards[position] is None:
            what = gettext(N_("surrendered"))  # O-5
        elif result.fouled[position]:
            what = gettext(N_("fouled: loses every row, no royalties"))  # O-1
        else:
            what = gettext(N_("royalties {points}")).format(points=result.royalties[position])
        lines.append(f"  {name}: {result.points[position]:+d}, {what}")
    for pair in result.pairs:  # O-7 order
        parts = [gettext(N_("rows {points}")).format(points=f"{pair.rows:+d}")]
        if pair.scoop:
            parts.append(gettext(N_("scoop {points}")).format(points=f"{pair.scoop:+d}"))
        if pair.royalties:
            parts.append(gettext(N_("royalties {points}")).format(points=f"{pair.royalties:+d}"))
        if pair.surrender:
            parts.append(gettext(N_("surrender {points}")).format(points=f"{pair.surrender:+d}"))
        line = gettext(N_("{first} vs {second}: {parts} = {points} for {first}")).format(
            first=names[pair.first],
            second=names[pair.second],
            parts=", ".join(parts),
            points=f"{pair.points:+d}",
        )
        lines.append(f"  {line}")
    scores = ", ".join(f"{n} {t:+d}" for n, t in zip(names, totals, strict=True))
    lines.append("  " + gettext(N_("totals: {scores}")).format(scores=scores))
    fantasy = [name for name, earned in zip(names, result.fantasy_next, strict=True) if earned]
    if fantasy:  # O-4
        lines.append(
            "  " + gettext(N_("Fantasyland next hand: {names}")).format(names=", ".join(fantasy))
        )
    return lines
