"""A player's results as an inline SVG chart, drawn on the server (no JavaScript library).

Three charts: chips won over a series' hands (the running total after each hand),
money won over tournaments (prize less buy-in, running total, each point labelled with the
place), and a player's winnings in big blinds over his hands with all-in adjusted as a
second, dashed line (the statistics page). All are one line chart: a zero line, the lowest
and highest totals on the value axis, the first and last hand or tournament on the
other, each axis named with its unit, each point with a tooltip. The page's heading
above the chart is its one visible title (the SVG's ``<title>`` names it for a screen
reader). The drawing is 480 × 280 units, as wide as the page up to 36 rem
(``static/charts.css``), so its 13-unit text is about 16 px on a desktop and 10 px on a phone.

>>> svg = hands_chart([5, -2, 10])
>>> svg.count("<circle"), "Chips won (chips)" in svg
(3, True)
>>> "No results yet" in hands_chart([])
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from xml.sax.saxutils import escape, quoteattr

from pokerroom.i18n import current_language, gettext, number_text

WIDTH, HEIGHT = 480, 280
LEFT, RIGHT, TOP, BOTTOM = 64, 18, 16, 48
"""Margins around the plot, room for the axis labels."""
FONT = 13
"""The text's size in drawing units; the place notes are a little smaller."""
_LINE = "#2a7a4b"
_SECOND = "#a4461f"
MOST_POINTS = 200
"""Points drawn of a long run of hands: every n-th hand's total, and the last one's."""


@dataclass(frozen=True, slots=True)
class Finish:
    """One tournament of a player: where he finished and what it paid."""

    name: str
    place: int
    entrants: int
    prize: int
    buy_in: int


def hands_chart(results: Sequence[int], *, title: str | None = None) -> str:
    """Chips won after each hand of a series; ``results`` is each hand's net, in order."""
    totals = list(accumulate(results))
    hand = gettext("Hand {number}: {total}")
    labels = [hand.format(number=n, total=_signed(total)) for n, total in enumerate(totals, 1)]
    return line_chart(
        totals,
        labels,
        title=title or gettext("Results over the series"),
        x_label=gettext("Hands played"),
        y_label=gettext("Chips won (chips)"),
    )


def tournaments_chart(finishes: Sequence[Finish], *, title: str | None = None) -> str:
    """Money won over tournaments (prize less buy-in, running total), each with its place."""
    totals = list(accumulate(f.prize - f.buy_in for f in finishes))
    total_words = gettext("{finish}, total {total}")
    labels = [
        total_words.format(finish=finish_words(f), total=_signed(total))
        for f, total in zip(finishes, totals, strict=True)
    ]
    places = [_ordinal(f.place) for f in finishes]
    return line_chart(
        totals,
        labels,
        title=title or gettext("Tournament results"),
        x_label=gettext("Tournaments played"),
        y_label=gettext("Won (prize − buy-in)"),
        point_notes=places,
    )


def winnings_chart(
    big_blinds: Sequence[float], adjusted: Sequence[float], *, title: str | None = None
) -> str:
    """Winnings in big blinds after each hand (running totals), all-in adjusted dashed;
    each sequence is every hand's result, in order."""
    totals, valued = list(accumulate(big_blinds)), list(accumulate(adjusted))
    step = -(-len(totals) // MOST_POINTS)
    picked = [*range(step - 1, len(totals) - 1, step), len(totals) - 1] if totals else []
    hand = gettext("Hand {number}: {total} bb, all-in adjusted {adjusted} bb")
    labels = [
        hand.format(
            number=number_text(i + 1),
            total=_signed(round(totals[i])),
            adjusted=_signed(round(valued[i])),
        )
        for i in picked
    ]
    return line_chart(
        [round(totals[i]) for i in picked],
        labels,
        title=title or gettext("Winnings over the hands"),
        x_label=gettext("Hands played"),
        y_label=gettext("Won (big blinds)"),
        second=([round(valued[i]) for i in picked], gettext("all-in adjusted")),
        last=len(totals),
    )


def finish_words(finish: Finish) -> str:
    """One tournament in words, as its point's tooltip and the list under the chart say it."""
    return gettext("{name}: {place} of {entrants}, prize {prize}, buy-in {buy_in}").format(
        name=finish.name,
        place=_ordinal(finish.place),
        entrants=number_text(finish.entrants),
        prize=number_text(finish.prize),
        buy_in=number_text(finish.buy_in),
    )


def _signed(number: int) -> str:
    """``+12``, ``-3``, ``+0``; grouped as the language groups past English."""
    if current_language() == "en":
        return f"{number:+}"
    return ("-" if number < 0 else "+") + number_text(abs(number))


def line_chart(
    values: Sequence[int],
    labels: Sequence[str],
    *,
    title: str,
    x_label: str,
    y_label: str,
    point_notes: Sequence[str] = (),
    second: tuple[Sequence[int], str] | None = None,
    last: int | None = None,
) -> str:
    """One line through ``values`` with a tooltip ``labels[i]`` per point; see the module.
    ``second``: another line's values at the same points, dashed, and its name (a legend
    names both, the first by ``y_label``); ``last``: the number under the last point when
    the points are a sample (the default: their count)."""
    if len(labels) != len(values):
        counts = f"{len(values)} values, {len(labels)} labels"  # machine words: a developer's
        raise ValueError(f"one label per value: {counts}")  # machine words
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" '
        f'class="chart-svg" role="img" aria-label={quoteattr(title)} '
        f'font-family="system-ui, sans-serif" font-size="{FONT}"><title>{escape(title)}</title>'
    )
    if not values:
        return (
            f'{head}<text x="{WIDTH / 2}" y="{HEIGHT / 2}" text-anchor="middle" '
            f'fill="#555">{escape(gettext("No results yet"))}</text></svg>'
        )
    others = [] if second is None else list(second[0])
    low, high = min(0, *values, *others), max(0, *values, *others)
    if low == high:
        high = low + 1
    points = [(_x(i, len(values)), _y(v, low, high)) for i, v in enumerate(values)]
    parts = [head, *_axes(low, high, last or len(values), x_label, y_label)]
    if second is not None:
        dashed = " ".join(
            f"{_x(i, len(others)):.1f},{_y(v, low, high):.1f}" for i, v in enumerate(others)
        )
        parts.append(
            f'<polyline points="{dashed}" fill="none" stroke="{_SECOND}" stroke-width="2" '
            f'stroke-dasharray="6 4" class="second-line"/>'
        )
        parts += _legend(y_label, second[1])
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    parts.append(f'<polyline points="{path}" fill="none" stroke="{_LINE}" stroke-width="2"/>')
    for i, ((x, y), value) in enumerate(zip(points, values, strict=True)):
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{_LINE}" data-value="{value}">'
            f"<title>{escape(labels[i])}</title></circle>"
        )
        if i < len(point_notes) and len(values) <= 12:  # more would overlap on a phone
            parts.append(
                f'<text x="{x:.1f}" y="{y - 7:.1f}" text-anchor="middle" font-size="{FONT - 2}">'
                f"{escape(point_notes[i])}</text>"
            )
    parts.append("</svg>")
    return "".join(parts)


def _legend(first: str, second: str) -> list[str]:
    """The two lines' names, each after a short stroke of its line, inside the plot's top."""
    y = TOP + 12
    out = []
    for row, (name, colour, dashes) in enumerate(((first, _LINE, ""), (second, _SECOND, "6 4"))):
        at = y + row * (FONT + 4)
        out.append(
            f'<line x1="{LEFT + 8}" y1="{at - 4}" x2="{LEFT + 30}" y2="{at - 4}" '
            f'stroke="{colour}" stroke-width="2" stroke-dasharray="{dashes or "none"}"/>'
        )
        out.append(f'<text x="{LEFT + 36}" y="{at}">{escape(name)}</text>')
    return out


def _x(index: int, count: int) -> float:
    span = WIDTH - LEFT - RIGHT
    return LEFT + span / 2 if count == 1 else LEFT + span * index / (count - 1)


def _y(value: int, low: int, high: int) -> float:
    span = HEIGHT - TOP - BOTTOM
    return TOP + span * (high - value) / (high - low)


def _axes(low: int, high: int, count: int, x_label: str, y_label: str) -> list[str]:
    """The frame, the zero line, the lowest and highest values, the first and last point."""
    bottom, right = HEIGHT - BOTTOM, WIDTH - RIGHT
    zero = _y(0, low, high)
    out = [
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{bottom}" stroke="#333"/>',
        f'<line x1="{LEFT}" y1="{bottom}" x2="{right}" y2="{bottom}" stroke="#333"/>',
        f'<line x1="{LEFT}" y1="{zero:.1f}" x2="{right}" y2="{zero:.1f}" stroke="#999" '
        f'stroke-dasharray="4 3"/>',
    ]
    for value in sorted({low, 0, high}):
        out.append(
            f'<text x="{LEFT - 6}" y="{_y(value, low, high) + 4:.1f}" text-anchor="end">'
            f"{value}</text>"
        )
    out.append(f'<text x="{LEFT}" y="{bottom + 18}" text-anchor="middle">1</text>')
    if count > 1:
        out.append(f'<text x="{right}" y="{bottom + 18}" text-anchor="middle">{count}</text>')
    out.append(
        f'<text x="{(LEFT + right) / 2}" y="{HEIGHT - 8}" text-anchor="middle">'
        f"{escape(x_label)}</text>"
    )
    middle = (TOP + bottom) / 2
    out.append(
        f'<text x="16" y="{middle}" text-anchor="middle" transform="rotate(-90 16 {middle})">'
        f"{escape(y_label)}</text>"
    )
    return out


def _ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st; «1-е», «2-е» in Russian and Ukrainian."""
    if current_language() != "en":
        return gettext("{place}th").format(place=place)
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"
