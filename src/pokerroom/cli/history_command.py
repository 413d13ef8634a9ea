"""``pokerroom history``: the hands of a saved series, listed or exported as PHH.

Without ``--series`` the series played most recently is shown. The database is
the one every command saves to (``$POKERROOM_DATA_DIR`` or the user data
directory, :mod:`pokerroom.storage.database`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pokerroom.cli.errors import user_errors
from pokerroom.errors import UsageError

if TYPE_CHECKING:
    from pokerroom.storage import SavedHand, SavedSeries


def _status(saved: SavedSeries) -> str:
    if saved.finished:
        return "finished"
    if saved.in_progress is not None:
        return f"in progress, hand {saved.in_progress.number} being played"
    return "in progress"


def _header(saved: SavedSeries) -> str:
    settings = saved.settings
    blinds = f"{settings.small_blind}/{settings.big_blind}"
    if settings.ante:
        blinds += f" ante {settings.ante}"
    seed = "" if saved.seed is None else f", seed {saved.seed}"
    plural = "" if saved.hands_played == 1 else "s"
    return (
        f"series {saved.id}, started {saved.created_at:%Y-%m-%d %H:%M} UTC: "
        f"{settings.limit.value} {settings.variant.name}, blinds {blinds}, "
        f"{len(saved.players)} players{seed}; {saved.hands_played} hand{plural}, {_status(saved)}"
    )


def _winners(saved: SavedSeries, hand: SavedHand) -> str:
    return ", ".join(f"{saved.name_of(seat)} (seat {seat})" for seat in hand.winners)


def _hand_json(saved: SavedSeries, hand: SavedHand) -> dict[str, Any]:
    record = hand.record
    return {
        "series": saved.id,
        "hand": hand.number,
        "played_at": hand.played_at.isoformat() + "Z",
        "button": hand.button,
        "small_blind": record.small_blind,
        "big_blind": record.big_blind,
        "pot": hand.pot,
        "winners": [{"seat": seat, "name": saved.name_of(seat)} for seat in hand.winners],
        "stacks_before": {str(k): v for k, v in record.stacks_before.items()},
        "stacks_after": {str(k): v for k, v in record.stacks_after.items()},
        "eliminated": list(record.eliminated),
    }


def _export(path: Path, saved: SavedSeries, hands: list[SavedHand]) -> None:
    from pokerroom.storage import phhs_document

    if not hands:
        raise UsageError(f"series {saved.id} has no finished hands to export")
    try:
        path.write_text(phhs_document(hands), encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror or error}") from None


def history(
    series_id: Annotated[
        int | None,
        typer.Option("--series", min=1, help="The series to show; the latest by default."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object per hand, one per line.")
    ] = False,
    export: Annotated[
        Path | None,
        typer.Option(
            "--export", dir_okay=False, help="Also write the hands as PHH to this .phhs file."
        ),
    ] = None,
) -> None:
    """List the hands of a saved series (number, button, pot, winners) or export them as PHH."""
    from pokerroom.storage import SeriesStore, StorageError  # SQLAlchemy only when needed

    with user_errors():
        with SeriesStore.open() as store:
            saved = store.get_series(series_id) if series_id is not None else store.latest_series()
            if saved is None:
                raise StorageError(
                    f"no series saved yet in {store.database.location}; play one first"
                )
            hands = store.hands(saved.id)
        if export is not None:
            _export(export, saved, hands)
    if as_json:
        for hand in hands:
            typer.echo(json.dumps(_hand_json(saved, hand), ensure_ascii=False))
        return
    typer.echo(_header(saved))
    if hands:
        typer.echo(f"{'hand':>6}  {'button':>6}  {'pot':>6}  winners")
        for hand in hands:
            typer.echo(
                f"{hand.number:>6}  {hand.button:>6}  {hand.pot:>6}  {_winners(saved, hand)}"
            )
    else:
        typer.echo("  no hand finished yet")
    if export is not None:
        plural = "" if len(hands) == 1 else "s"
        typer.echo(f"wrote {len(hands)} hand{plural} to {export}")
