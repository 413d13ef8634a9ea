"""``pokerroom history --export``: a player's copy by default, the complete record for the
host of a finished series only (X-4, T-16)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from pokerroom.bots import BOTS, play_hand
from pokerroom.cards import Card
from pokerroom.cli.app import app
from pokerroom.engine import events as ev
from pokerroom.history import PhhHand, parse_phh, read_hands, replay_hand
from pokerroom.storage import SavedHand, SeriesLog, SeriesStore
from pokerroom.table.series import Series

runner = CliRunner()
NAMES = ["Ann", "Bob", "Cy", "Dee"]
HUMANS = (1, 3)
"""A hot-seat series: Ann and Cy share the terminal; Bob and Dee are bots."""


def hot_seat_series(hands: int, *, finish: bool = False) -> tuple[int, list[SavedHand]]:
    with SeriesStore.open() as store:
        series = Series(NAMES, seed=11)
        log = SeriesLog.start(store, series, bots={2: "station", 4: "random"})
        bots = {seat: BOTS["random"](seat) for seat in series.seats}  # humans' moves too
        while not series.is_over and series.hands_played < hands:
            hand = series.start_hand()
            play_hand(hand, {p: bots[series.seat_of(p)] for p in range(hand.players)})
            log.hand_finished(hand, series.finish_hand(hand))
        if finish:
            log.series_finished()
        return log.series_id, store.hands(log.series_id)


def cards_of(phh: PhhHand) -> dict[int, set[Card]]:
    """The hole cards each position is dealt in a file, unknown ones left out."""
    dealt: dict[int, set[Card]] = {}
    for action in phh.actions:
        known = {c for c in action.cards or () if c is not None}
        if action.code == "dh" and action.player is not None and known:
            dealt.setdefault(action.player, set()).update(known)
    return dealt


def shown_by(saved: SavedHand) -> set[int]:
    """Positions whose hand was shown (at showdown or an all-in run-out)."""
    result = replay_hand(parse_phh(saved.phh))
    assert result.hand is not None
    return {e.player for e in result.hand.events if isinstance(e, ev.Show)}


def export(tmp_path: Path, *args: str, name: str = "series.phhs") -> tuple[int, str, Path]:
    target = tmp_path / name
    result = runner.invoke(app, ["history", "--export", str(target), *args])
    return result.exit_code, result.output, target


def test_x4_the_default_export_is_the_first_humans_view(tmp_path: Path) -> None:
    """Ann (seat 1) exports: her cards and shown hands only; a folded bot's stay ????."""
    _, hands = hot_seat_series(8)
    code, output, target = export(tmp_path)
    assert code == 0, output
    assert (
        output.splitlines()[-1] == f"wrote {len(hands)} hands to {target}, as Ann (seat 1) saw them"
    )
    exported = read_hands(target)
    hidden_somewhere = False
    for saved, phh in zip(hands, exported, strict=True):
        complete = cards_of(parse_phh(saved.phh))
        seen = cards_of(phh)
        ann = saved.seats.index(1) if 1 in saved.seats else None  # out: she only watches
        if ann is not None:
            assert seen[ann] == complete[ann]  # her own cards, every one
        for position, cards in complete.items():
            if position != ann and position not in shown_by(saved):
                assert not seen.get(position, set()) & cards, (saved.number, position)
                hidden_somewhere = True
        replayed = replay_hand(phh)  # the player's copy still replays to the same stacks
        assert replayed.error is None and replayed.matches_recorded is True
    assert hidden_somewhere
    replay = runner.invoke(app, ["replay", str(target)])
    assert replay.exit_code == 0
    assert f"{len(hands)} of {len(hands)} recorded finishing stacks matched" in replay.output


def test_as_seat_picks_another_human_and_never_a_bot(tmp_path: Path) -> None:
    _, hands = hot_seat_series(3)
    code, output, target = export(tmp_path, "--as", "3")
    assert code == 0, output
    assert output.endswith("as Cy (seat 3) saw them\n")
    first = read_hands(target)[0]
    cy, ann = hands[0].seats.index(3), hands[0].seats.index(1)
    assert cards_of(first)[cy] == cards_of(parse_phh(hands[0].phh))[cy]
    if ann not in shown_by(hands[0]):
        assert ann not in cards_of(first)
    for seat in ("2", "9"):
        code, output, _ = export(tmp_path, "--as", seat, name="bot.phhs")
        assert code == 2
        assert output == "error: --as takes the seat of a human player of series 1: 1, 3\n"
    assert not (tmp_path / "bot.phhs").exists()


def test_t16_complete_only_for_a_finished_series(tmp_path: Path) -> None:
    series_id, hands = hot_seat_series(3)
    code, output, target = export(tmp_path, "--complete")
    assert code == 2 and not target.exists()
    assert output == (
        "error: --complete holds every player's cards: only for a finished series, "
        f"and series {series_id} is in progress\n"
    )
    with SeriesStore.open() as store:
        store.finish_series(series_id, [])
    code, output, target = export(tmp_path, "--complete")
    assert code == 0, output
    assert output.endswith(f"to {target}, the complete record\n")
    assert [cards_of(p) for p in read_hands(target)] == [cards_of(parse_phh(h.phh)) for h in hands]
    both = export(tmp_path, "--complete", "--as", "1")
    assert both[0] == 2 and "not both" in both[1]


def test_an_all_bot_series_exports_as_an_observer_saw_it(tmp_path: Path) -> None:
    with SeriesStore.open() as store:
        series = Series(["A", "B", "C"], seed=3)
        log = SeriesLog.start(store, series, bots={1: "random", 2: "random", 3: "random"})
        hand = series.start_hand()
        play_hand(hand, {p: BOTS["random"](p) for p in range(hand.players)})
        log.hand_finished(hand, series.finish_hand(hand))
        shown = {e.player for e in hand.events if isinstance(e, ev.Show)}
    code, output, target = export(tmp_path)
    assert code == 0 and output.endswith("as an observer saw them\n")
    assert set(cards_of(read_hands(target)[0])) <= shown


def test_export_names_the_allowed_file_names(tmp_path: Path) -> None:
    hot_seat_series(1)
    code, output, target = export(tmp_path, name="x.txt")
    assert code == 2 and not target.exists()
    assert output == (
        "error: a series exports as PHH: name the file *.phhs "
        "(an OFC session: *.ofc.toml), got x.txt\n"
    )


def test_as_and_complete_need_export() -> None:
    hot_seat_series(1)
    for args in (["--as", "1"], ["--complete"]):
        result = runner.invoke(app, ["history", *args])
        assert result.exit_code == 2
        assert result.output == (
            "error: --as and --complete choose what --export writes; give --export FILE\n"
        )
