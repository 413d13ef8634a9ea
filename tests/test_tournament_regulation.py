"""The tournament regulation (T-3): the TOML format, its checks and the shipped examples."""

from __future__ import annotations

import copy
import tomllib
from datetime import time
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from pokerroom.engine import Limit
from pokerroom.tournament.regulation import (
    example_names,
    example_text,
    load_example,
    load_regulation,
    parse_regulation,
)
from pokerroom.tournament.regulation.fields import RegulationError
from pokerroom.tournament.regulation.model import Rotation, TournamentFormat
from pokerroom.tournament.regulation.parse import regulation_from_document
from pokerroom.tournament.regulation.schedule import (
    late_registration_closes,
    scheduled_minutes,
)
from pokerroom.tournament.structure import Break, Level

EXAMPLES = ("club-freezeout", "home-sit-and-go", "olympic-knockout", "turbo-reentry")


def base() -> dict[str, Any]:
    """A small valid regulation: four levels, a colour-up break, late registration."""
    return {
        "name": "Test",
        "starting_stack": 5000,
        "chips": [25, 100, 500],
        "game": {"variant": "holdem", "limit": "no-limit"},
        "late_registration": {"until_level": 2},
        "money": {"buy_in": 100, "fee": 10},
        "payouts": {"table": [{"up_to": 10, "percents": [70, 30]}, {"percents": [50, 30, 20]}]},
        "levels": [
            {"small_blind": 25, "big_blind": 50, "minutes": 15},
            {"small_blind": 50, "big_blind": 100, "minutes": 15},
            {"small_blind": 100, "big_blind": 200, "ante": 25, "minutes": 15},
            {
                "small_blind": 200,
                "big_blind": 400,
                "ante": 400,
                "big_blind_ante": True,
                "minutes": 15,
            },
        ],
        "breaks": [{"after_level": 3, "minutes": 10, "color_up": 25}],
    }


def error_of(document: dict[str, Any]) -> str:
    with pytest.raises(RegulationError) as caught:
        regulation_from_document(document)
    return str(caught.value)


def test_the_four_examples_ship_and_load_from_the_package() -> None:
    assert example_names() == EXAMPLES
    folder = resources.files("pokerroom.tournament.regulation") / "examples"
    for name in EXAMPLES:
        assert (folder / f"{name}.toml").is_file()
        regulation = load_example(name)
        assert regulation.levels[0].number == 1
        assert regulation.name


def test_the_club_freezeout_keeps_seed_002s_numbers() -> None:
    club = load_example("club-freezeout")
    assert club.format is TournamentFormat.AMERICAN
    assert club.profile == "club"
    assert (club.game.rotation[0].variant.code, club.game.rotation[0].limit) == (
        "holdem",
        Limit.NO_LIMIT,
    )
    assert club.money.fee * 100 == 17 * club.money.buy_in  # T-2: the pool is 83 %
    assert club.table_size == 10  # 002 5.3.1: 10max
    assert club.re_entry is None and club.rebuy is None and club.add_on is None
    assert club.start == time(19, 0)


def test_the_turbo_has_re_entry_add_on_and_a_shot_clock() -> None:
    turbo = load_example("turbo-reentry")
    assert turbo.re_entry is not None and turbo.add_on is not None
    assert (turbo.re_entry.per_player, turbo.re_entry.until_level) == (2, 6)  # T-11, T-19
    assert turbo.re_entry.chips == turbo.starting_stack
    assert turbo.add_on.at_break == 6
    assert turbo.shot_clock is not None
    assert turbo.shot_clock.time_banks.count == 2
    assert turbo.shot_clock.time_banks.added == ((10, 1),)


def test_the_home_sit_and_go_uses_the_home_series_chips() -> None:
    home = load_example("home-sit-and-go")
    assert home.starting_stack == 200  # H-1
    assert (home.levels[0].small_blind, home.levels[0].big_blind) == (1, 2)
    assert home.max_entries == 10
    assert home.profile == "home"


def test_the_olympic_example_is_a_knock_out() -> None:
    olympic = load_example("olympic-knockout")
    assert olympic.format is TournamentFormat.OLYMPIC  # T-9
    assert olympic.late_registration.until_level == 0


def test_levels_and_breaks_become_the_shared_structure_values() -> None:
    regulation = regulation_from_document(base())
    assert regulation.levels[2] == Level(3, 15.0, small_blind=100, big_blind=200, ante=25)
    assert regulation.levels[3].big_blind_ante
    assert regulation.breaks == (Break(3, 10.0, 25),)
    assert regulation.profile == "club"  # the default profile
    assert regulation.table_size == 10


def test_t13_the_smallest_chip_in_play_follows_the_colour_ups() -> None:
    regulation = regulation_from_document(base())
    assert [regulation.smallest_chip(n) for n in (1, 3, 4)] == [25, 25, 100]


def test_t19_late_registration_closes_when_the_next_level_starts() -> None:
    regulation = regulation_from_document(base())
    assert late_registration_closes(regulation) == 30
    club = load_example("club-freezeout")
    # six 20-minute levels and the 15-minute break after level 4
    assert late_registration_closes(club) == 6 * 20 + 15
    assert scheduled_minutes(club) == 20 * 20 + 3 * 15


def test_a_mixed_game_rotates_by_level_and_checks_every_games_bets() -> None:
    document = base()
    document["game"] = {
        "rotation": [
            {"variant": "holdem", "limit": "fixed-limit"},
            {"variant": "stud", "limit": "fixed-limit"},
        ]
    }
    for level in document["levels"]:
        level.update(bring_in=level["small_blind"], big_blind_ante=False)
        level["ante"] = 25 if level["big_blind"] < 400 else 100
    regulation = regulation_from_document(document)
    assert regulation.game.rotate_every is Rotation.LEVEL
    assert [regulation.game.at_level(n).variant.code for n in (1, 2, 3)] == [
        "holdem",
        "stud",
        "holdem",
    ]
    del document["levels"][1]["bring_in"]
    assert error_of(document) == (
        "levels[2].bring_in must be at least 1 for Fixed-limit Seven-card Stud (V-5)"
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d.update(stating_stack=1),
            "stating_stack is not a field of a regulation; it has: name, description",
        ),
        (
            lambda d: d["levels"][2].update(big_blnd=200),
            "levels[3].big_blnd is not a field of a level; it has: small_blind",
        ),
        (
            lambda d: d["levels"][1].update(big_blind=-5),
            "levels[2].big_blind must be an integer of at least 0, got -5",
        ),
        (
            lambda d: d["levels"][0].update(big_blind=True),
            "levels[1].big_blind must be an integer of at least 0, got a boolean True",
        ),
        (
            lambda d: d["levels"][0].update(small_blind=75),
            "levels[1].small_blind must be from 1 to the big blind (50), got 75",
        ),
        (lambda d: d["levels"][0].pop("minutes"), "levels[1].minutes is missing"),
        (
            lambda d: d["levels"][3].update(small_blind=150, big_blind=300, ante=300),
            "levels[4].small_blind 150 is not a multiple of 100, the smallest chip in play "
            "at level 4 (T-13, T-18)",
        ),
        (
            lambda d: d["breaks"][0].update(color_up=100),
            "breaks[1].color_up must be the smallest chip in play after level 3 (25)",
        ),
        (
            lambda d: d["breaks"][0].update(after_level=4),
            "breaks[1].after_level must be an integer from 1 to 3, got 4",
        ),
        (
            lambda d: d["money"].update(fee=18),
            "money.fee 18 is more than 17 % of 100; the pool gets at least 83 % (T-2)",
        ),
        (
            lambda d: d["late_registration"].update(until_level=5),
            "late_registration.until_level must be an integer from 0 to 4, got 5",
        ),
        (
            lambda d: d.update(add_on={"price": 50, "chips": 5000, "at_break": 2}),
            "add_on.at_break must be the level a scheduled break follows (breaks after: 3)",
        ),
        (
            lambda d: d.update(add_on={"price": 50, "chips": 5050, "at_break": 3}),
            "add_on.chips 5050 is not a multiple of 100, the smallest chip in play at level 4",
        ),
        (
            lambda d: d["payouts"]["table"][1].update(percents=[50, 30, 19]),
            "payouts.table[2].percents must sum to 100, they sum to 99",
        ),
        (
            lambda d: d["payouts"]["table"][1].update(percents=[30, 50, 20]),
            "payouts.table[2].percents must not increase from one place to the next",
        ),
        (
            lambda d: d["payouts"]["table"][1].update(up_to=50),
            "payouts.table[2].up_to must be left out in the last row",
        ),
        (
            lambda d: d["payouts"].update(curve={"paid_percent": 15, "first_percent": 25}),
            "payouts.curve cannot be given with payouts.table; choose one",
        ),
        (
            lambda d: d["game"].update(variant="bomb-pot-omaha"),
            "game.variant must be one of 'holdem', 'omaha'",
        ),
        (
            lambda d: d["game"].update(limit="no limit"),
            "game.limit must be one of 'no-limit', 'pot-limit', 'fixed-limit', got 'no limit'",
        ),
        (
            lambda d: d.update(game={"variant": "draw", "limit": "no-limit"}, table_size=9),
            "table_size must be an integer from 2 to 6, got 9",
        ),
        (
            lambda d: d["levels"][0].update(bring_in=10),
            "levels[1].bring_in is not used by No-limit Texas Hold'em; leave it out",
        ),
        (
            lambda d: d["game"].update(limit="fixed-limit") or d["levels"][0].update(small_bet=100),
            "levels[1].small_bet must equal the big blind (50) in Fixed-limit Texas Hold'em (B-5)",
        ),
        (
            lambda d: d["levels"][0].update(big_blind_ante=True),
            "levels[1].big_blind_ante needs the ante it posts",
        ),
        (
            lambda d: d.update(format="olympic"),
            "late_registration is for american tournaments; an olympic field is fixed (T-9)",
        ),
        (lambda d: d.update(format="swiss"), "format must be one of 'american', 'olympic'"),
        (lambda d: d.update(profile="casino"), "profile must be one of 'home', 'club', 'sport'"),
        (lambda d: d.update(chips=[100, 25]), "chips must list the chip values smallest first"),
        (lambda d: d.update(start="7pm"), "start must be a TOML date-time such as"),
        (
            lambda d: d.update(starting_stack=5010),
            "starting_stack 5010 is not a multiple of 25, the smallest chip in play at level 1",
        ),
        (
            lambda d: d.pop("late_registration") and d.update(re_entry={"per_player": 1}),
            "re_entry.until_level is missing; it must be an integer from 1 to 4",
        ),
        (
            lambda d: d.update(final_table_size=11),
            "final_table_size must be an integer from 2 to 10, got 11",
        ),
        (
            lambda d: d.update(shot_clock={"seconds": 0}),
            "shot_clock.seconds must be an integer of at least 1, got 0",
        ),
        (lambda d: d.update(levels=[]), "levels is missing; give at least one [[levels]] entry"),
        (lambda d: d.pop("money"), "money is missing; give [money] with buy_in"),
    ],
)
def test_every_bad_field_is_one_error_naming_it(change: Any, message: str) -> None:
    """T-3: the error names the field by its dotted path and says what is allowed."""
    document = copy.deepcopy(base())
    change(document)
    text = error_of(document)
    assert text.startswith(message), text
    assert "\n" not in text


def test_parse_errors_name_the_file_and_toml_syntax_errors_are_named_too() -> None:
    with pytest.raises(RegulationError, match=r"^mine\.toml: not valid TOML: "):
        parse_regulation("name = ", source="mine.toml")
    with pytest.raises(RegulationError, match=r"^mine\.toml: name is missing"):
        parse_regulation("", source="mine.toml")


def test_a_missing_or_binary_file_is_a_named_error(tmp_path: Path) -> None:
    with pytest.raises(RegulationError, match=r"cannot read .*nothing\.toml"):
        load_regulation(tmp_path / "nothing.toml")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RegulationError, match="not UTF-8 text"):
        load_regulation(binary)


def test_an_unknown_example_lists_the_known_ones() -> None:
    with pytest.raises(RegulationError, match="no example named 'x'; the examples are club-"):
        example_text("x")


def test_the_examples_are_plain_toml_a_director_can_copy(tmp_path: Path) -> None:
    for name in EXAMPLES:
        copied = tmp_path / f"{name}.toml"
        copied.write_text(example_text(name), encoding="utf-8")
        assert load_regulation(copied) == load_example(name)
        assert tomllib.loads(example_text(name))["name"]
