"""Profiles are named option sets (A-12, P-4, V-1, A-18), each option settable alone."""

from __future__ import annotations

import pytest

from pokerroom.engine import PROFILES, Options
from pokerroom.engine.options import DealStart, ReraiseSize, ShowdownOrder, TimeoutAction
from pokerroom.errors import UsageError


def test_home_is_the_default() -> None:
    assert Options.profile("home") == Options()


def test_club_profile_readings_of_002() -> None:
    club = Options.profile("club")
    assert club.reraise_after_short_all_in is ReraiseSize.ALL_IN_PLUS_BIG_BLIND
    assert club.showdown_order is ShowdownOrder.LAST_AGGRESSOR_ANY_ROUND  # P-4
    assert club.deal_start is DealStart.SMALL_BLIND  # V-1
    assert club.timeout_action is TimeoutAction.FOLD


def test_options_override_one_by_one() -> None:
    mixed = Options.profile("club", timeout_action=TimeoutAction.CHECK_OR_FOLD, smallest_chip=25)
    assert mixed.timeout_action is TimeoutAction.CHECK_OR_FOLD
    assert mixed.smallest_chip == 25
    assert mixed.showdown_order is ShowdownOrder.LAST_AGGRESSOR_ANY_ROUND


def test_unknown_profile_names_the_choices() -> None:
    with pytest.raises(UsageError, match="choose one of home, club, sport"):
        Options.profile("casino")
    assert set(PROFILES) == {"home", "club", "sport"}
