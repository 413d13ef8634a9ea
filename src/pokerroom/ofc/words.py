"""The settled OFC hand in words, for every table that shows it (terminal and web).

Pure text from a :class:`~pokerroom.ofc.game.HandResult`: the result is public once the
round ends (O-4: fantasy rows shown then; O-2: discards stay face down and are not named).
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.ofc.game import HandResult


def result_lines(
    result: HandResult, names: Sequence[str], totals: Sequence[int], number: int
) -> list[str]:
    """The settled hand: each player's points, fouls and royalties, every pair, the totals."""
    lines = [f"hand {number} over:"]
    for position, name in enumerate(names):
        if result.boards[position] is None:
            what = "surrendered"  # O-5
        elif result.fouled[position]:
            what = "fouled: loses every row, no royalties"  # O-1
        else:
            what = f"royalties {result.royalties[position]}"  # O-6
        lines.append(f"  {name}: {result.points[position]:+d}, {what}")
    for pair in result.pairs:  # O-7 order
        parts = [f"rows {pair.rows:+d}"]
        if pair.scoop:
            parts.append(f"scoop {pair.scoop:+d}")
        if pair.royalties:
            parts.append(f"royalties {pair.royalties:+d}")
        if pair.surrender:
            parts.append(f"surrender {pair.surrender:+d}")
        lines.append(
            f"  {names[pair.first]} vs {names[pair.second]}: "
            f"{', '.join(parts)} = {pair.points:+d} for {names[pair.first]}"
        )
    lines.append(
        "  totals: " + ", ".join(f"{n} {t:+d}" for n, t in zip(names, totals, strict=True))
    )
    fantasy = [name for name, earned in zip(names, result.fantasy_next, strict=True) if earned]
    if fantasy:
        lines.append(f"  Fantasyland next hand: {', '.join(fantasy)}")  # O-4
    return lines
