"""``pokerroom tournament play``: its one-line errors, and a tournament left at the table and
sat down in again with ``--resume`` (saved as it goes, like ``tournament run``)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static
from typer.testing import CliRunner

from pokerroom.cli.app import app
from pokerroom.cli.tournament.play import StoreKeeper, open_table, resumed_seat
from pokerroom.cli.tournament.play import new_seat as new_seat_for
from pokerroom.errors import UsageError
from pokerroom.storage.tournament.hand_progress import table_hand
from pokerroom.storage.tournament.log import TournamentLog
from pokerroom.storage.tournament.saving import new_run
from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.tournament.american import entrant_names
from pokerroom.tournament.regulation import example_text, load_example
from pokerroom.tui.tournament.app import TournamentTableApp
from tests.test_tui_tournament import (
    TWO_TABLES,
    Table,
    check_or_fold,
    hidden_cards_on,
    play_until,
    press,
    screen,
    shove,
)

Scenario = Callable[[TournamentTableApp, Pilot[None]], Awaitable[None]]
runner = CliRunner()
POKERROOM = Path(sys.executable).with_name("pokerroom")
NO_TERMINAL = "error: no terminal: use pokerroom tournament run for a tournament of bots only\n"


@pytest.mark.parametrize("args", [["tournament", "play"], ["tournament", "play", "--resume"]])
def test_without_a_terminal_the_table_stops_at_once_with_one_line(
    args: list[str], private_data_dir: Path
) -> None:
    """A pipe or CI: one line and exit 2, and no tournament is saved."""
    result = subprocess.run(
        [str(POKERROOM), *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (result.returncode, result.stderr, result.stdout) == (2, NO_TERMINAL, "")
    assert not private_data_dir.exists() or not list(private_data_dir.rglob("*.db"))


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["--name", "P2"], "error: --name 'P2' is a bot's name here; choose another\n"),
        (["--entrants", "1"], "error: --entrants must be 2 to 100,000, got 1\n"),
        (["--entrants", "11"], "error: 'Home sit-and-go' takes at most 10 entrants, got 11\n"),
        (["--bots", "shark"], "error: unknown bot kind 'shark'; choose from "),
        (["--example", "nope"], "error: "),
        (["--resume", "--entrants", "4"], "error: --resume goes on with the tournament as "),
        (["--resume", "x"], "error: --resume takes the id of a saved tournament"),
    ],
)
def test_bad_options_are_one_line_naming_what_is_allowed(args: list[str], error: str) -> None:
    result = runner.invoke(app, ["tournament", "play", *args])
    assert result.exit_code == 2
    assert result.stderr.startswith(error) and result.stderr.count("\n") == 1


def test_a_tournament_left_mid_way_goes_on_with_resume_to_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Quit at your table: the tournament is saved to its last whole hand; ``--resume``
    seats you again where the log left you, and it is played by keys to its end, saved won."""
    monkeypatch.setattr("pokerroom.cli.tournament.play.at_a_terminal", lambda: True)
    file = tmp_path / "two.toml"
    file.write_text(TWO_TABLES.replace("starting_stack = 200", "starting_stack = 60"))
    saved, human = new_seat_for(file, None, 5, "Ann", "tournament", 11)
    first, _keeper = open_table(saved, human, clock=None)
    leaks: list[str] = []

    async def leave(app: TournamentTableApp, pilot: Pilot[None]) -> None:
        table = Table(app)
        await play_until(table, pilot, check_or_fold, lambda: app.hands >= 3)
        await pilot.press("q")
        leaks.extend(table.leaks)

    with saved.store:
        asyncio.run(_at(first, leave))
    assert first.finished is None and not first.seat.out
    with TournamentStore.open() as store:
        kept = store.get_tournament(saved.id)
        kept_hands = kept.hands_played
        assert not kept.finished and kept_hands >= 2

    again, human_again = resumed_seat(None)
    assert (again.id, human_again) == (saved.id, "Ann")
    second, _ = open_table(again, human_again, clock=None)

    async def finish(app: TournamentTableApp, pilot: Pilot[None]) -> None:
        table = Table(app)
        await play_until(table, pilot, shove, lambda: False)
        leaks.extend(table.leaks)

    with again.store:
        asyncio.run(_at(second, finish))
    assert second.finished is not None
    with TournamentStore.open() as store:
        done = store.get_tournament(saved.id)
    assert done.finished and done.winner == second.finished.winner
    assert done.hands_played > kept_hands
    assert leaks == []


async def _at(app: TournamentTableApp, scenario: Scenario) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await scenario(app, pilot)


def test_a_tournament_of_bots_only_has_no_seat_to_resume(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``play --resume`` of a ``tournament run``: one line that names the command for it."""
    monkeypatch.setattr("pokerroom.cli.tournament.play.at_a_terminal", lambda: True)
    regulation = load_example("home-sit-and-go")
    players = entrant_names(regulation, 3)
    saved = new_run(example_text("home-sit-and-go"), regulation, players, ("tournament",), 5)
    with saved.store:
        run = saved.start(lambda event: None)
        saved.log.save(run.tournament)
    with pytest.raises(UsageError, match=r"has no seat of yours \(bots only\): go on with "):
        resumed_seat(Path(str(saved.id)))


def test_tournament_run_resume_does_not_play_your_seat_with_a_bot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``tournament run --resume`` of a tournament you sit in: one line naming ``play``."""
    monkeypatch.setattr("pokerroom.cli.tournament.play.at_a_terminal", lambda: True)
    saved, _human = new_seat_for(None, None, 3, "Ann", "tournament", 5)
    with saved.store:
        run = saved.start(lambda event: None)
        saved.log.save(run.tournament)
    result = runner.invoke(app, ["tournament", "run", "--resume", str(saved.id)])
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: tournament {saved.id} has Ann's seat: "
        f"go on with pokerroom tournament play --resume {saved.id}\n"
    )


@dataclass(frozen=True)
class AtDecision:
    """Your hand where you stood: what you see and what the engine holds."""

    table: str
    hole: tuple[str, ...]
    board: tuple[str, ...]
    stacks: tuple[int, ...]
    events: int
    actor: int | None


def at_decision(app: TournamentTableApp) -> AtDecision:
    hand = app.hand
    assert hand is not None and app.deal is not None
    mine = app.deal.players.index(app.player)
    return AtDecision(
        str(app.query_one("#table", Static).content),
        tuple(str(card) for card in hand.hole[mine]),
        tuple(str(card) for card in hand.board if card),
        tuple(hand.stacks),
        len(hand.events),
        app._human_to_act(),
    )


def your_turn_again(app: TournamentTableApp) -> bool:
    hand = app.hand
    return bool(app.mine and hand is not None and hand.phase == "bet" and app._human_to_act())


@pytest.mark.parametrize("crash", [False, True], ids=["quit", "crash"])
def test_c3_x4_your_hand_in_progress_is_dealt_again_at_the_same_decision(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, crash: bool
) -> None:
    """Act once in your hand, then quit (or the process dies: nothing more is saved);
    ``--resume`` deals that hand again from its saved deck (C-3) with its decisions: the
    same hole cards, board, pot and stacks, you to act; it plays to its end, the chips
    exact, and the secret deck is never on the screen nor in an export (X-4)."""
    monkeypatch.setattr("pokerroom.cli.tournament.play.at_a_terminal", lambda: True)
    file = tmp_path / "two.toml"
    file.write_text(TWO_TABLES)
    saved, human = new_seat_for(file, None, 5, "Ann", "station", 5)
    saved.log = TournamentLog(saved.store, saved.id, interval=0.0)  # a crash loses no commit
    if crash:
        monkeypatch.setattr(StoreKeeper, "stopped", lambda _keeper: None)
    first, _keeper = open_table(saved, human, clock=None)
    before: list[AtDecision] = []
    leaks: list[str] = []

    async def act_once_and_leave(app: TournamentTableApp, pilot: Pilot[None]) -> None:
        table = Table(app)
        for _ in range(40):
            await play_until(table, pilot, check_or_fold, lambda: your_turn_again(app))
            hands = app.hands
            await press(table, pilot, "c")  # taken, and the bots after you played
            if app.hands == hands and your_turn_again(app):
                before.append(at_decision(app))
                break
        leaks.extend(table.leaks)
        await pilot.press("q")

    with saved.store:
        asyncio.run(_at(first, act_once_and_leave))
    assert before, "no hand of yours went on to a second decision"
    with TournamentStore.open() as store:
        kept = table_hand(store, saved.id)
    assert kept is not None and kept.player == "Ann" and len(kept.decisions) >= 2
    stock = "".join(str(card) for card in kept.deck.stock)

    out = tmp_path / "out"
    assert runner.invoke(app, ["tournament", "export", str(saved.id), str(out)]).exit_code == 0
    exported = "".join(path.read_text(encoding="utf-8") for path in out.iterdir())
    assert stock not in exported.replace(" ", "").replace('"', "").replace(",", "")
    assert "stock" not in exported

    again, human_again = resumed_seat(None)
    stored, hands = again.log.stored, again.log.hands
    again.log = TournamentLog(again.store, again.id, stored, interval=0.0, hands=hands)  # as above
    second, _ = open_table(again, human_again, clock=None)
    after: list[AtDecision] = []
    totals: list[int] = []

    async def resume_and_finish(app: TournamentTableApp, pilot: Pilot[None]) -> None:
        table = Table(app)
        await play_until(table, pilot, check_or_fold, lambda: your_turn_again(app))
        after.append(at_decision(app))
        assert stock not in screen(app).replace(" ", "")
        table.leaks += hidden_cards_on(app)
        await play_until(table, pilot, check_or_fold, lambda: app.hands >= 2)
        run = app.seat.run
        assert run is not None
        totals.append(sum(record.chips for record in run.tournament.players.values()))
        leaks.extend(table.leaks)
        await pilot.press("q")

    with again.store:
        asyncio.run(_at(second, resume_and_finish))
    assert after == before[:1]
    assert totals == [5 * 200]
    with TournamentStore.open() as store:
        assert store.get_tournament(saved.id).hands_played > 0
        assert table_hand(store, saved.id) is None or table_hand(store, saved.id) != kept
    assert leaks == []
