"""The prize pool and the places' prizes (T-2, T-12), and the check command that shows them."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pokerroom.cli.app import app
from pokerroom.tournament.money.payouts import (
    Entries,
    PayoutError,
    payout,
    place_shares,
    prize_pool,
    prizes,
    shared_prizes,
)
from pokerroom.tournament.regulation import example_text, load_example
from pokerroom.tournament.regulation.parse import regulation_from_document

runner = CliRunner()


def regulation(payouts: dict[str, Any], money: dict[str, Any] | None = None, **extra: Any) -> Any:
    document: dict[str, Any] = {
        "name": "Pool test",
        "starting_stack": 1000,
        "game": {"variant": "holdem", "limit": "no-limit"},
        "money": money or {"buy_in": 1000, "fee": 170},
        "payouts": payouts,
        "levels": [{"small_blind": 5, "big_blind": 10, "minutes": 20}] * 8,
        "breaks": [{"after_level": 4, "minutes": 10}],
        **extra,
    }
    return regulation_from_document(document)


TABLE = {
    "unit": 100,
    "table": [{"up_to": 10, "percents": [50, 30, 20]}, {"percents": [40, 25, 15, 12, 8]}],
}


def test_t2_the_pool_is_the_buy_ins_less_the_fee() -> None:
    pool = prize_pool(regulation(TABLE), Entries(10))
    assert (pool.collected, pool.fees, pool.total, pool.overlay) == (10_000, 1_700, 8_300, 0)


def test_t2_re_entries_re_buys_and_add_ons_count_with_their_own_fees() -> None:
    terms = {
        "late_registration": {"until_level": 4},
        "re_entry": {"per_player": 2},
        "rebuy": {"price": 500, "chips": 1000, "until_level": 4},
        "add_on": {"price": 400, "fee": 40, "chips": 2000, "at_break": 4},
    }
    pool = prize_pool(regulation(TABLE, **terms), Entries(10, re_entries=3, rebuys=5, add_ons=7))
    assert pool.collected == 13 * 1000 + 5 * 500 + 7 * 400
    assert pool.fees == 13 * 170 + 7 * 40  # re-buys are fee-free unless the regulation says
    assert pool.total == pool.collected - pool.fees


def test_t2_added_money_and_a_guarantee_with_its_overlay() -> None:
    money = {"buy_in": 1000, "fee": 100, "added": 2000, "guarantee": 20_000}
    small = prize_pool(regulation(TABLE, money), Entries(10))
    assert (small.from_players, small.added, small.overlay, small.total) == (
        9000,
        2000,
        9000,
        20_000,
    )
    big = prize_pool(regulation(TABLE, money), Entries(30))
    assert (big.overlay, big.total) == (0, 29_000)


def test_buys_the_regulation_does_not_offer_are_refused() -> None:
    with pytest.raises(PayoutError, match="3 re-entries counted, but 'Pool test' allows none"):
        prize_pool(regulation(TABLE), Entries(10, re_entries=3))
    with pytest.raises(PayoutError, match="2 re-buys counted, but 'Pool test' offers none"):
        prize_pool(regulation(TABLE), Entries(10, rebuys=2))
    with pytest.raises(PayoutError, match="at least one entrant"):
        prize_pool(regulation(TABLE), Entries(0))


def test_a_sit_and_go_takes_no_more_than_its_seats() -> None:
    home = load_example("home-sit-and-go")
    with pytest.raises(PayoutError, match="11 entries, but 'Home sit-and-go' takes at most 10"):
        payout(home, Entries(11))


def test_prizes_round_to_the_unit_and_the_remainder_goes_to_first() -> None:
    result = payout(regulation(TABLE), Entries(7))  # pool 5,810
    assert result.prizes == (3_010, 1_700, 1_100)  # 1,743 → 1,700; 1,162 → 1,100
    assert sum(result.prizes) == result.pool.total


def test_the_table_row_is_chosen_by_entries_counting_re_entries() -> None:
    terms = {"late_registration": {"until_level": 4}, "re_entry": {"per_player": 3}}
    result = payout(regulation(TABLE, **terms), Entries(8, re_entries=4))  # 12 entries
    assert len(result.prizes) == 5


def test_a_row_paying_more_places_than_players_scales_up_the_places_it_pays() -> None:
    shares = place_shares(regulation(TABLE).payouts, entries=2, players=2)
    assert shares == (Fraction(50, 80), Fraction(30, 80))
    assert prizes(regulation(TABLE).payouts, 1660, entries=2) == (1_060, 600)


def test_a_curve_pays_its_share_of_the_field_and_first_place_its_share() -> None:
    curve = regulation({"unit": 10, "curve": {"paid_percent": 10, "first_percent": 20}})
    result = payout(curve, Entries(1000))
    assert len(result.prizes) == 100
    # first place: its 20 %, plus under one unit per place that rounding leaves
    assert 0 <= result.prizes[0] - 0.2 * result.pool.total < 100 * 10
    tiny = payout(curve, Entries(20))  # 2 places: no falling split gives first only 20 %
    assert tiny.prizes == (11_070, 5_530)  # harmonic: 2/3 and 1/3


# ------------------------------------------------------------- the property (T-2)


@st.composite
def payout_rules(draw: st.DrawFn) -> dict[str, Any]:
    unit = draw(st.sampled_from([1, 5, 10, 100, 1000]))
    if draw(st.booleans()):
        paid = draw(st.integers(1, 50))
        first = draw(st.integers(1, 100))
        return {"unit": unit, "curve": {"paid_percent": paid, "first_percent": first}}
    rows: list[dict[str, Any]] = []
    up_to = 1
    for _ in range(draw(st.integers(1, 5))):
        places = draw(st.integers(1, 40))
        cuts = sorted(draw(st.lists(st.integers(1, 999), min_size=places - 1, max_size=places - 1)))
        parts = [b - a for a, b in zip([0, *cuts], [*cuts, 1000], strict=True)]
        percents = sorted((part / 10 for part in parts if part), reverse=True)
        remainder = round(100 - sum(percents), 1)
        percents[0] = round(percents[0] + remainder, 1)
        up_to += draw(st.integers(1, 300))
        rows.append({"up_to": up_to, "percents": percents})
    del rows[-1]["up_to"]
    return {"unit": unit, "table": rows}


@settings(max_examples=150)
@given(
    rules=payout_rules(),
    buy_in=st.integers(1, 100_000),
    fee_percent=st.integers(0, 17),
    added=st.integers(0, 50_000),
    guarantee=st.integers(0, 2_000_000),
    entrants=st.integers(2, 2000),
    re_entries=st.integers(0, 500),
)
def test_t2_prizes_sum_to_the_pool_exactly_and_never_rise(
    rules: dict[str, Any],
    buy_in: int,
    fee_percent: int,
    added: int,
    guarantee: int,
    entrants: int,
    re_entries: int,
) -> None:
    money = {
        "buy_in": buy_in,
        "fee": buy_in * fee_percent // 100,
        "added": added,
        "guarantee": guarantee,
    }
    terms = {"late_registration": {"until_level": 4}, "re_entry": {"per_player": 9}}
    reg = regulation(rules, money, **terms)
    result = payout(reg, Entries(entrants, re_entries=re_entries))
    assert sum(result.prizes) == result.pool.total >= guarantee
    assert result.pool.total >= (buy_in - money["fee"]) * (entrants + re_entries)
    assert 1 <= len(result.prizes) <= entrants
    assert all(a >= b >= 0 for a, b in zip(result.prizes, result.prizes[1:], strict=False))
    assert all(prize % reg.payouts.unit == 0 for prize in result.prizes[1:])


# ----------------------------------------------------- equal stacks share (T-12)


def test_t12_two_equal_stacks_busting_together_share_their_places() -> None:
    table = (5_000, 3_000, 2_000, 1_000)
    assert shared_prizes(table, first_place=3, players=2, unit=100) == (1_500, 1_500)
    assert shared_prizes(table, first_place=2, players=3, unit=100) == (2_000, 2_000, 2_000)


def test_t12_the_bubble_shared_pays_half_the_last_prize_each() -> None:
    assert shared_prizes((5_000, 3_000, 2_000), first_place=3, players=2, unit=100) == (
        1_000,
        1_000,
    )


def test_t12_odd_units_go_one_each_in_the_order_given() -> None:
    assert shared_prizes((900, 500, 300, 200), first_place=2, players=3, unit=100) == (
        400,
        300,
        300,
    )
    assert shared_prizes((901, 500), first_place=1, players=2, unit=100) == (701, 700)


@given(
    table=st.lists(st.integers(0, 10_000), min_size=1, max_size=30),
    first=st.integers(1, 35),
    players=st.integers(1, 9),
    unit=st.sampled_from([1, 10, 100]),
)
def test_t12_shared_money_is_exact(table: list[int], first: int, players: int, unit: int) -> None:
    table = sorted((value * unit for value in table), reverse=True)
    amounts = shared_prizes(table, first_place=first, players=players, unit=unit)
    assert len(amounts) == players
    assert sum(amounts) == sum(table[first - 1 : first - 1 + players])
    assert max(amounts) - min(amounts) <= unit


def test_sharing_no_places_is_an_error() -> None:
    with pytest.raises(PayoutError, match="places start at 1"):
        shared_prizes((100,), first_place=0, players=2)


# ----------------------------------------------------------------------- the CLI


def test_check_prints_levels_breaks_duration_late_registration_and_prizes() -> None:
    result = runner.invoke(
        app, ["tournament", "check", "--example", "club-freezeout", "--entries", "10"]
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Club freezeout: american, No-limit Texas Hold'em, profile club" in out
    assert "late registration until level 7 starts: 2:15 (21:15) (T-19)" in out
    assert "break  1:20 (20:20)     15  colour-up: 25 retired, smallest chip 100" in out
    assert "Scheduled: 7:25 (20 levels, 3 breaks)" in out
    assert "     10      8,300         0     3  1. 4,150 · 2. 2,490 · 3. 1,660" in out


def test_check_json_carries_the_pool_and_every_prize(tmp_path: Path) -> None:
    path = tmp_path / "turbo.toml"
    path.write_text(example_text("turbo-reentry"), encoding="utf-8")
    result = runner.invoke(app, ["tournament", "check", str(path), "--entries", "5", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    (five,) = data["payouts"]
    assert (five["pool"], five["overlay"]) == (10_000, 7_875)  # the guarantee is paid
    assert sum(five["prizes"]) == five["pool"]
    assert data["late_registration"]["closes_at"] == "2024-06-07T21:58:00"
    assert data["breaks"][0]["color_up"] == 25
    assert data["re_entry"]["per_player"] == 2


def test_check_defaults_to_a_few_field_sizes() -> None:
    result = runner.invoke(app, ["tournament", "check", "--example", "olympic-knockout", "--json"])
    assert [row["entries"] for row in json.loads(result.output)["payouts"]] == [6, 36, 216]


def test_a_bad_regulation_is_one_line_and_exit_2(tmp_path: Path) -> None:
    text = example_text("club-freezeout").replace("fee = 170", "fee = 180")
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["tournament", "check", str(path)])
    assert result.exit_code == 2
    assert result.output == (
        "error: bad.toml: money.fee 180 is more than 17 % of 1000; the pool gets at least 83 % "
        "(T-2)\n"
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["check"], "error: give a regulation FILE or --example NAME (one of them)"),
        (["check", "x.toml", "--example", "club-freezeout"], "error: give a regulation FILE"),
        (["check", "--example", "nope"], "error: no example named 'nope'"),
        (["check", "--example", "home-sit-and-go", "--entries", "0"], "error: --entries must be"),
        (["check", "--example", "home-sit-and-go", "--entries", "12"], "error: 12 entries, but"),
        (["check", "/no/such/file.toml"], "error: cannot read /no/such/file.toml"),
        (["examples", "nope"], "error: no example named 'nope'"),
    ],
)
def test_usage_errors_are_one_line(arguments: list[str], message: str) -> None:
    result = runner.invoke(app, ["tournament", *arguments])
    assert result.exit_code == 2
    assert result.output.startswith(message)
    assert len(result.output.splitlines()) == 1


def test_examples_are_listed_and_printed() -> None:
    listing = runner.invoke(app, ["tournament", "examples"])
    assert listing.exit_code == 0
    assert [line.split()[0] for line in listing.output.splitlines()] == [
        "club-freezeout",
        "home-sit-and-go",
        "olympic-knockout",
        "turbo-reentry",
    ]
    shown = runner.invoke(app, ["tournament", "examples", "home-sit-and-go"])
    assert shown.output == example_text("home-sit-and-go")
