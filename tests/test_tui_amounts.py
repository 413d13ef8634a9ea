"""Amounts on the terminal table as players read them: stacks, bets, pots and side pots
of 1,000 chips and more group their digits (``1,388``) at the local table, at
``tournament play`` and at ``connect``, and no screen writes one as bare digits."""

from __future__ import annotations

import re

from textual.pilot import Pilot

from pokerroom.cli.connect.view import table_lines
from pokerroom.table.series import Series, SeriesSettings
from pokerroom.tui.remote import RemoteTableApp
from tests.local_apps import alone, keys, series_table
from tests.remote_apps import run as run_remote
from tests.remote_link import Hub
from tests.web.table_driver import table as home_table

BARE = re.compile(r"(?<![\d,])\d{4,}(?![\d,])")
"""Four digits or more in a row: an amount written without its separators."""
BIG = SeriesSettings(stack=5000, small_blind=25, big_blind=50)


def test_the_local_table_groups_stacks_bets_and_side_pots() -> None:
    """A short stack of 1,388 all-in against a raise to 2,000: the pots read
    ``pot 5,388 (main 4,164, side 1 1,224)``, the stacks ``3,000``."""
    series = Series(["You", "Bob", "Cy"], BIG, seed=2)
    series.seats[3].chips = 1388
    screens: list[str] = []

    async def scenario(hub: Hub, app: RemoteTableApp, pilot: Pilot[None]) -> None:
        screens.append(app.table_text())
        await keys(hub, app, pilot, "r", *"2000", "enter")
        screens.append(app.table_text())

    alone(series_table(series), scenario)
    before, after = screens
    assert "5,000" in before and "Call 50" in before and "all-in 5,000" in before
    assert "pot 5,388 (main 4,164, side 1 1,224)" in after
    assert "3,000" in after and "all-in 1,388" in after
    for screen in screens:
        assert not BARE.findall(screen), screen


def test_connect_groups_stacks_bets_and_options() -> None:
    """``connect`` (the full-screen table) to a table of 5,000-chip stacks: the seats,
    the pot, the options and the buttons of the player to act read with separators."""
    driver = home_table("holdem", 2, seed=5, stack=5000, small_blind=25, big_blind=50)
    screens: list[str] = []

    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        for app in apps:
            frame = app.frame
            assert frame is not None
            if frame["you"]["decision"] == "act":
                screens.append(app.table_text())

    run_remote(driver, scenario)
    screen = screens[0]
    assert "4,975" in screen and "4,950" in screen
    assert "raise to 100-5,000" in screen and "all-in 5,000" in screen
    assert not BARE.findall(screen), screen


def test_connect_watch_prints_stacks_bets_and_options_with_separators() -> None:
    """``connect --watch``: the seat lines, the pot and your turn's options alike."""
    driver = home_table("holdem", 2, seed=5, stack=5000, small_blind=25, big_blind=50)
    user = driver.decider()
    assert user is not None
    text = "\n".join(table_lines({**driver.snap(user), "now": 0.0}))
    assert "4,975 bet 25" in text and "4,950 bet 50" in text
    assert "raise to 100-5,000" in text
    assert not BARE.findall(text), text
