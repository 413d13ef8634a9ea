"""The seat draw on paper (T-4): the seat cards and the list by table, as files to print.

``seat-cards-<id>.txt`` holds one card per seated player with a form feed between cards
(most printers start a new page there); ``tables-<id>.txt`` the seats by table. A file
already there is never overwritten: the director moves or deletes it, or prints to
another directory; nothing is written then.
"""

from __future__ import annotations

from pathlib import Path

from pokerroom.errors import UsageError
from pokerroom.i18n import _
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.live.cards import seat_cards, table_list
from pokerroom.tournament.live.floor import layout
from pokerroom.tournament.regulation.language import in_regulation_language

FORM_FEED = "\n\f"


def printout_paths(directory: Path, tournament_id: int | None) -> tuple[Path, Path]:
    """Where the seat cards and the list by table go."""
    suffix = "" if tournament_id is None else f"-{tournament_id}"
    return directory / f"seat-cards{suffix}.txt", directory / f"tables{suffix}.txt"


def write_printouts(
    tournament: Tournament, directory: Path, tournament_id: int | None
) -> tuple[Path, Path]:
    """Write both files; refused in one line, writing nothing, before the draw, when a file
    is there already or the directory cannot take them."""
    if not layout(tournament):
        raise UsageError(_("nobody is seated yet: draw the seats (d) before printing them"))
    paths = printout_paths(directory, tournament_id)
    if not directory.is_dir():
        raise UsageError(
            _("cannot print to {directory}: it is not a directory").format(directory=directory)
        )
    taken = [str(path) for path in paths if path.exists()]
    if taken:
        raise UsageError(
            _("{path} exists already; move it away to print again (not written)").format(
                path=taken[0]
            )
        )
    name = tournament.regulation.name
    with in_regulation_language(tournament.regulation):
        heading = _("{name}: seats by table").format(name=name)
    texts = (
        seat_cards(tournament, between=FORM_FEED) + "\n",
        f"{heading}\n\n{table_list(tournament)}\n",
    )
    written: list[Path] = []
    try:
        for path, text in zip(paths, texts, strict=True):
            with path.open("x", encoding="utf-8") as file:
                written.append(path)
                file.write(text)
    except OSError as error:
        for path in written:  # only ours: a file someone else made stays
            path.unlink(missing_ok=True)
        raise UsageError(
            _("cannot print to {directory}: {reason}").format(
                directory=directory, reason=error.strerror or error
            )
        ) from None
    return paths
