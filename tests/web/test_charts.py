"""The results chart: valid SVG, one point per hand or tournament, values scaled right."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.web.charts import (
    BOTTOM,
    HEIGHT,
    MOST_POINTS,
    TOP,
    Finish,
    hands_chart,
    tournaments_chart,
    winnings_chart,
)

SVG = "{http://www.w3.org/2000/svg}"


def points(svg: str) -> list[tuple[float, float, int]]:
    root = ET.fromstring(svg)
    return [
        (float(c.get("cx", "")), float(c.get("cy", "")), int(c.get("data-value", "")))
        for c in root.iter(f"{SVG}circle")
    ]


def texts(svg: str) -> list[str]:
    return ["".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{SVG}text")]


def test_a_series_chart_plots_the_running_total_after_each_hand() -> None:
    svg = hands_chart([10, -30, 5, 40])
    drawn = points(svg)
    assert [value for *_, value in drawn] == [10, -20, -15, 25]
    xs = [x for x, *_ in drawn]
    assert xs == sorted(xs) and len(set(xs)) == 4
    by_value = {value: y for _, y, value in drawn}
    assert by_value[25] == pytest.approx(TOP)  # the highest total at the top
    assert by_value[-20] == pytest.approx(HEIGHT - BOTTOM)  # the lowest at the bottom
    assert {"Hands played", "Chips won (chips)", "25", "-20", "0"} <= set(texts(svg))
    assert 'width="100%"' in svg and 'viewBox="0 0 480 280"' in svg


@settings(max_examples=30)
@given(st.lists(st.integers(-500, 500), min_size=1, max_size=60))
def test_every_hand_is_a_point_and_a_larger_total_is_drawn_higher(results: list[int]) -> None:
    drawn = points(hands_chart(results))
    assert len(drawn) == len(results)
    assert all(TOP <= y <= HEIGHT - BOTTOM for _, y, _ in drawn)
    for (_, y1, v1), (_, y2, v2) in itertools.combinations(drawn, 2):
        if v1 > v2:
            assert y1 <= y2  # drawn to a tenth of a unit: close totals may share a height
        elif v1 == v2:
            assert y1 == y2


def test_a_tournament_chart_labels_places_and_counts_prize_less_buy_in() -> None:
    finishes = [
        Finish("Friday", place=3, entrants=20, prize=300, buy_in=100),
        Finish("Sunday <big>", place=12, entrants=40, prize=0, buy_in=100),
        Finish("Monday", place=1, entrants=9, prize=500, buy_in=50),
    ]
    svg = tournaments_chart(finishes)
    assert [value for *_, value in points(svg)] == [200, 100, 550]
    assert {"3rd", "12th", "1st", "Tournaments played", "Won (prize − buy-in)"} <= set(texts(svg))
    assert "Sunday &lt;big&gt;: 12th of 40" in svg  # names are escaped


def test_no_data_says_there_are_no_results_yet() -> None:
    for svg in (hands_chart([]), tournaments_chart([])):
        assert "No results yet" in texts(svg)
        assert points(svg) == []


def test_a_single_hand_or_all_zero_results_still_draw() -> None:
    assert len(points(hands_chart([0]))) == 1
    assert len(points(hands_chart([0, 0, 0]))) == 3


@pytest.mark.parametrize(
    "svg",
    [
        hands_chart([3, -1, 7], title="Friday game · NLHE"),
        tournaments_chart([Finish("Friday", 2, 9, 150, 50)], title="Tournaments"),
    ],
)
def test_a_chart_has_no_title_of_its_own_names_its_axes_units_and_keeps_its_text_small(
    svg: str,
) -> None:
    """Issue 22 item 9: one title (the page's heading; the SVG's <title> is for a screen
    reader only), each axis named with its unit, text no larger than the page's."""
    root = ET.fromstring(svg)
    drawn = texts(svg)
    title = "".join(root.find(f"{SVG}title").itertext())  # type: ignore[union-attr]
    assert title not in drawn  # not drawn a second time over the chart
    assert not any(t.get("font-weight") for t in root.iter(f"{SVG}text"))
    assert any(label.endswith(("(chips)", "(prize − buy-in)")) for label in drawn)
    assert any(label.endswith("played") for label in drawn)
    sizes = [int(t.get("font-size", root.get("font-size", "0"))) for t in root.iter(f"{SVG}text")]
    assert all(10 <= size <= 14 for size in sizes), sizes


def test_a_winnings_chart_samples_a_long_run_and_draws_all_in_adjusted_dashed() -> None:
    won = [1.0] * 999 + [-0.5]  # a thousand hands: every fifth total drawn, and the last
    svg = winnings_chart(won, [2.0] * 1000)
    drawn = points(svg)
    assert len(drawn) == MOST_POINTS
    assert [value for *_, value in drawn][:2] == [5, 10] and drawn[-1][2] == 998  # 998.5 rounded
    assert {"Hands played", "Won (big blinds)", "all-in adjusted", "1", "1000", "2000"} <= set(
        texts(svg)
    )
    (second,) = [line for line in ET.fromstring(svg).iter(f"{SVG}polyline") if line.get("class")]
    assert second.get("stroke-dasharray") == "6 4" and len(second.get("points", "").split()) == 200
    assert len(points(winnings_chart([3.0], [3.0]))) == 1
