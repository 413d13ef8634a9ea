"""Bring your own bot: an installed entry point plays in ``play``, ``tournament run`` and
the web home game, a broken one says what went wrong, and the documented example plays."""

from __future__ import annotations

import importlib.util
import json
import random
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path
from types import ModuleType

import pytest
from typer.testing import CliRunner

from pokerroom.bots import play_hand, registry
from pokerroom.cli.app import app
from pokerroom.deck import Deck
from pokerroom.engine import Hand
from pokerroom.engine import events as ev
from pokerroom.i18n import use_language
from pokerroom.room import HomeRoom
from pokerroom.table.settings_check import SettingError
from pokerroom.web.lobby.home_form import read_home_form
from tests.test_bots import CONFIGS

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "my_bot"
runner = CliRunner()


def _installed(*points: tuple[str, str]) -> list[EntryPoint]:
    return [EntryPoint(name, value, registry.GROUP) for name, value in points]


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """As if the example package and a broken one were installed (nothing is installed)."""
    monkeypatch.syspath_prepend(str(EXAMPLE))
    points = _installed(
        ("potodds", "my_bot.pot_odds:PotOddsBot"),
        ("broken", "no_such_bot_package.bot:Bot"),
        ("equity", "my_bot.pot_odds:PotOddsBot"),  # a built-in's name: not taken over
    )

    def entry_points(*, group: str) -> list[EntryPoint]:
        return points if group == registry.GROUP else []

    monkeypatch.setattr(registry, "entry_points", entry_points)
    registry.forget_plugins()
    yield
    registry.forget_plugins()


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pot_odds", EXAMPLE / "my_bot" / "pot_odds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.usefixtures("plugins")
def test_an_installed_bot_is_offered_and_made_by_name() -> None:
    assert registry.bot_kinds()[-1] == "potodds"
    assert registry.bot_kinds().count("equity") == 1
    assert type(registry.make_bot("potodds", 3)).__name__ == "PotOddsBot"
    assert type(registry.make_bot("equity", 3)).__name__ == "EquityBot"


@pytest.mark.usefixtures("plugins")
def test_play_all_bots_plays_a_series_with_the_plug_in() -> None:
    args = ["play", "--all-bots", "--bots", "potodds,station", "--seats", "3", "--seed", "2"]
    result = runner.invoke(app, [*args, "--max-hands", "5", "--json"])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert len(lines) == 6  # five hands and the result
    assert sum(entry["chips"] for entry in lines[-1]["result"]) == 600


@pytest.mark.usefixtures("plugins")
def test_tournament_run_seats_the_plug_in() -> None:
    args = ["tournament", "run", "--example", "home-sit-and-go", "--entrants", "6"]
    result = runner.invoke(app, [*args, "--seed", "1", "--bots", "potodds,equity", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout.splitlines()[-1])["type"] == "results"


@pytest.mark.usefixtures("plugins")
def test_the_web_home_game_takes_the_plug_in_in_a_seat() -> None:
    game = read_home_form({"bot_2": "potodds", "seats": "3"})
    assert game.bots == {2: "potodds"}
    room = HomeRoom("r1", seats=game.seats, bots=game.bots, seed=1)
    assert type(room.occupants[2].bot).__name__ == "PotOddsBot"


@pytest.mark.usefixtures("plugins")
def test_a_broken_plug_in_names_its_entry_point_and_the_built_ins_still_play() -> None:
    args = ["play", "--all-bots", "--seats", "3", "--seed", "2", "--max-hands", "2", "--json"]
    assert runner.invoke(app, [*args, "--bots", "equity,random"]).exit_code == 0
    result = runner.invoke(app, [*args, "--bots", "broken"])
    assert result.exit_code == 2
    said = result.stderr.strip()
    assert "broken = no_such_bot_package.bot:Bot (pokerroom.bots)" in said
    assert "No module named 'no_such_bot_package'" in said
    assert len(said.splitlines()) == 1  # one line, no traceback
    result = runner.invoke(app, ["tournament", "run", "--example", "home-sit-and-go",
                                 "--entrants", "4", "--bots", "broken"])  # fmt: skip
    assert result.exit_code == 2 and "could not be loaded" in result.stderr
    with pytest.raises(SettingError, match="could not be loaded"):
        read_home_form({"bot_2": "broken"})
    with use_language("ru"), pytest.raises(registry.BotPluginError, match="не загрузился"):
        registry.check_bot("broken")  # worded when asked, in the asker's language


def test_a_plug_in_that_makes_no_bot_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        registry, "entry_points", lambda *, group: _installed(("odd", "builtins:str"))
    )
    registry.forget_plugins()
    try:
        with pytest.raises(registry.BotPluginError, match="odd made str, which has no decide"):
            registry.make_bot("odd", None)
    finally:
        registry.forget_plugins()


@pytest.mark.parametrize("game", sorted(CONFIGS))
def test_the_documented_example_bot_plays_legal_hands(game: str) -> None:
    """docs/examples/my_bot: every decision is accepted in every kind of game."""
    bot_class = _example().PotOddsBot
    rng = random.Random(5)
    folds = raises = 0
    for _ in range(10):
        config = CONFIGS[game]()
        hand = Hand(config, Deck(rng=random.Random(rng.getrandbits(64))))
        play_hand(hand, {p: bot_class(p) for p in range(hand.players)})
        assert hand.phase == "done"
        assert sum(hand.stacks) == sum(config.stacks)
        folds += sum(isinstance(event, ev.Fold) for event in hand.events)
        raises += sum(isinstance(event, ev.BetRaise) for event in hand.events)
    assert folds + raises  # it does more than check and call
