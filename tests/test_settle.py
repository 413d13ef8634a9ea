"""The home game's settle-up: ledgers read and totalled, and the fewest transfers, checked
by hand and against brute force on random ledgers."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.errors import UsageError
from pokerroom.settle.ledger import Kind, accounts, read_ledger
from pokerroom.settle.transfers import EXACT_LIMIT, Money, Transfer, fewest_transfers

NIGHT = """player,kind,amount
Ann,buy-in,100
Bob,buy-in,100
Cyd,buy-in,100
Ann,top-up,100
Dan,buy-in,50
Ann,cash-out,0
Bob,cash-out,260
Cyd,cash-out,40
Dan,cash-out,150
"""


def settled(balances: dict[str, Money], transfers: list[Transfer]) -> dict[str, Money]:
    left = dict(balances)
    for t in transfers:
        assert t.amount > 0 and t.payer != t.payee
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return left


def test_a_night_read_totalled_and_settled_by_hand() -> None:
    books = accounts(read_ledger(NIGHT))
    assert [(b.player, b.balance) for b in books] == [
        ("Ann", -200),
        ("Bob", 160),
        ("Cyd", -60),
        ("Dan", 100),
    ]
    transfers = fewest_transfers({b.player: b.balance for b in books})
    assert [(t.payer, t.payee, t.amount) for t in transfers] == [
        ("Ann", "Bob", 160),  # four players, no two square alone: three transfers,
        ("Cyd", "Dan", 60),  # the largest debtor paying the largest creditor
        ("Ann", "Dan", 40),
    ]


def test_a_pair_that_squares_alone_saves_a_transfer() -> None:
    # the largest debtor paying the largest creditor alone takes four (Ann pays Cyd 7, ...)
    balances: dict[str, Money] = {"Ann": -8, "Bob": 3, "Cyd": 7, "Dan": -7, "Eve": 5}
    transfers = fewest_transfers(balances)
    assert [(t.payer, t.payee, t.amount) for t in transfers] == [
        ("Dan", "Cyd", 7),  # Dan and Cyd square each other
        ("Ann", "Eve", 5),
        ("Ann", "Bob", 3),
    ]
    assert all(v == 0 for v in settled(balances, transfers).values())


def test_cents_and_nobody_owing() -> None:
    books = accounts(read_ledger("player,kind,amount\nAnn,buy-in,12.50\nAnn,cash-out,12.5\n"))
    assert books[0].balance == 0
    assert fewest_transfers({"Ann": 0, "Bob": 0}) == []
    money = {"Ann": Decimal("-12.25"), "Bob": Decimal("12.25")}
    assert fewest_transfers(money) == [Transfer("Ann", "Bob", Decimal("12.25"))]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "header line player,kind,amount"),
        ("player,kind,amount\nAnn,buy,10\n", "line 2: the kind must be buy-in"),
        ("player,kind,amount\nAnn,buy-in,-5\n", "line 2: the amount"),
        ("player,kind,amount\nAnn,buy-in,1.005\n", "at most two decimal places"),
        ("player,kind,amount\nAnn,buy-in\n", "line 2: expected player,kind,amount"),
        ("player,kind,amount\n,buy-in,5\n", "line 2: the player has no name"),
        ("player,kind,amount\nAnn,buy-in,50\nAnn,cash-out,40\n", "does not balance"),
    ],
)
def test_a_bad_ledger_is_named(text: str, words: str) -> None:
    with pytest.raises(UsageError, match=words):
        accounts(read_ledger(text))


def test_balances_that_do_not_add_up_are_refused() -> None:
    with pytest.raises(UsageError, match="add up to zero, they add up to 5"):
        fewest_transfers({"Ann": 10, "Bob": -5})


def partitions(items: list[int]) -> Iterator[list[list[int]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for smaller in partitions(rest):
        for i in range(len(smaller)):
            yield [*smaller[:i], [first, *smaller[i]], *smaller[i + 1 :]]
        yield [[first], *smaller]


def brute_force_fewest(values: list[int]) -> int:
    """n minus the most groups summing to zero, over every partition of the players."""
    nonzero = [v for v in values if v]
    most = max(
        sum(1 for group in p) for p in partitions(nonzero) if all(sum(group) == 0 for group in p)
    )
    return len(nonzero) - most


def ledgers(low: int, high: int) -> st.SearchStrategy[dict[str, Money]]:
    def balanced(values: list[int]) -> dict[str, Money]:
        return {f"p{i}": v for i, v in enumerate([*values, -sum(values)])}

    return st.lists(st.integers(-30, 30), min_size=low - 1, max_size=high - 1).map(balanced)


@settings(max_examples=150)
@given(ledgers(2, 8))
def test_fewest_on_random_ledgers_against_brute_force(balances: dict[str, Money]) -> None:
    transfers = fewest_transfers(balances)
    assert all(v == 0 for v in settled(balances, transfers).values())
    assert len(transfers) <= max(len(balances) - 1, 0)
    assert len(transfers) == brute_force_fewest([int(v) for v in balances.values()])


@settings(max_examples=10)
@given(ledgers(EXACT_LIMIT + 1, EXACT_LIMIT + 8))
def test_beyond_the_exact_limit_every_balance_is_still_settled(balances: dict[str, Money]) -> None:
    transfers = fewest_transfers(balances)
    assert all(v == 0 for v in settled(balances, transfers).values())
    assert len(transfers) <= len(balances) - 1


def test_the_kinds_are_the_csv_words() -> None:
    assert [k.value for k in Kind] == ["buy-in", "top-up", "cash-out"]
