"""Property tests of the floor over random fields and table sizes with a bust-out simulation
(tests/tournament_sim.py states each check): T-4, T-6, T-7, T-8, H-6, H-12."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pokerroom.tournament.seating.floor import FloorRules
from tests.tournament_sim import simulate


@settings(max_examples=25, deadline=None)
@given(
    field=st.integers(2, 400),
    table_size=st.integers(2, 10),
    final=st.integers(2, 10),
    tolerance=st.sampled_from([1, 2]),
    seed=st.integers(0, 2**32),
)
@example(field=2000, table_size=9, final=9, tolerance=1, seed=6)
@example(field=6, table_size=6, final=2, tolerance=1, seed=557)  # a broken table's number reused
@example(field=3, table_size=2, final=3, tolerance=1, seed=0)  # a final table larger than tables
@example(field=1000, table_size=6, final=6, tolerance=2, seed=1)
def test_t4_t6_t7_t8_h6_h12_seating_holds_through_a_whole_tournament(
    field: int, table_size: int, final: int, tolerance: int, seed: int
) -> None:
    rules = FloorRules(table_size, final_table_size=final, tolerance=tolerance)
    report = simulate(field, rules, seed)
    assert report.hands > 0
    if report.final_formed_at is not None:
        assert 2 <= report.final_formed_at <= final
