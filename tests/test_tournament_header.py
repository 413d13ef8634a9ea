"""The tournament header's clock line at late levels (T-10): it fits a terminal's 80 columns
by saying less of the next level, never by dropping the level now or its time."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pokerroom.tournament.clock.render import forced_bets
from pokerroom.tournament.header import HEADER_WIDTH, header_lines
from pokerroom.tournament.lobby import Lobby, PayJump
from pokerroom.tournament.structure import Level


def clock_line(level: Level, following: Level | None, seconds_left: float = 1_195.0) -> str:
    lobby = Lobby(level, None, seconds_left, following, 5, 6, 2, 310, 240, 60, (39, 21), None)
    return header_lines(lobby)[0]


def test_an_early_level_names_the_next_level_whole() -> None:
    line = clock_line(Level(2, 10, 2, 4, ante=1), Level(3, 10, 3, 6, ante=1))
    assert line == "Level 2 · blinds 2/4, ante 1 · 19:55 left · next: blinds 3/6, ante 1"


def test_a_late_level_with_antes_names_only_the_next_blinds() -> None:
    line = clock_line(Level(14, 20, 2_000, 4_000, ante=500), Level(15, 20, 3_000, 6_000, 1_000))
    assert line == "Level 14 · blinds 2,000/4,000, ante 500 · 19:55 left · next: blinds 3,000/6,000"
    assert len(line) <= HEADER_WIDTH


def test_a_late_stud_level_names_the_next_bets_or_nothing() -> None:
    stud = Level(9, 20, ante=10, bring_in=20, small_bet=80, big_bet=160)
    following = Level(10, 20, ante=15, bring_in=30, small_bet=100, big_bet=200)
    assert clock_line(stud, following).endswith("80/160 · 19:55 left · next: bets 100/200")
    later = Level(12, 20, ante=1_000, bring_in=2_000, small_bet=8_000, big_bet=16_000)
    last = Level(13, 20, ante=1_500, bring_in=3_000, small_bet=10_000, big_bet=20_000)
    assert clock_line(later, last) == (
        "Level 12 · ante 1,000, bring-in 2,000, bets 8,000/16,000 · 19:55 left"
    )


def test_the_header_still_fits_the_pay_jump_lines() -> None:
    lobby = Lobby(
        Level(25, 20, 25_000, 50_000, 50_000, big_blind_ante=True),
        on_break=None,
        time_left=59.0,
        next_level=Level(26, 20, 30_000, 60_000, 60_000, big_blind_ante=True),
        players_left=112,
        entries=1_180,
        place=107,
        chips=90_000,
        average=1_053_571,
        pool=1_180_000,
        prizes=(295_000, 177_000),
        next_jump=PayJump(100, 4_500, 12),
    )
    lines = header_lines(lobby)
    assert lines[0] == "Level 25 · blinds 25,000/50,000, big-blind ante 50,000 · 0:59 left"
    assert lines[1] == "112 of 1,180 left · you 107th by chips · average 1,053,571 (21.1 bb)"
    assert all(len(line) <= HEADER_WIDTH for line in lines)


chips = st.integers(1, 99_999)


@st.composite
def levels(draw: st.DrawFn, number: int) -> Level:
    if draw(st.booleans()):  # a flop game: blinds, maybe an ante
        big = draw(chips)
        return Level(number, 20, big // 2, big, ante=draw(st.sampled_from((0, big // 4, big))))
    ante, bring_in, small = draw(chips), draw(chips), draw(chips)  # Stud
    return Level(number, 20, ante=ante, bring_in=bring_in, small_bet=small, big_bet=2 * small)


@given(st.integers(1, 99).flatmap(lambda n: st.tuples(levels(n), levels(n + 1))))
def test_t10_the_clock_line_fits_80_columns_and_keeps_the_level_and_its_time(
    both: tuple[Level, Level],
) -> None:
    level, following = both
    alone = clock_line(level, None)
    line = clock_line(level, following)
    assert line.startswith(alone)  # the level now and its time, always whole
    assert len(line) <= HEADER_WIDTH or line == alone
    whole = f"{alone} · next: {forced_bets(following)}"
    if len(whole) <= HEADER_WIDTH:
        assert line == whole
