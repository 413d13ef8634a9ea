"""The README's picture of the terminal table in Russian: the same scene as the English
one (hand 4 of a 14-entrant club freezeout at 80×24), drawn by a player who reads Russian.

After the catalogues change, ``POKERROOM_README_PICTURES=write`` redraws it in the README.
"""

from __future__ import annotations

import os

from textual.pilot import Pilot

from pokerroom.i18n import Language, use_language
from pokerroom.tournament.regulation import load_example
from tests.test_tui_tournament import README, at_table, check_or_fold, play_until, seated

MARK = "<!-- tournament play 80x24 ru -->\n```text\n"


def drawn_in(language: Language, you: str) -> str:
    """Hand 4 of the club freezeout at 80×24, the screen as drawn in ``language``."""
    drawn: list[str] = []
    with use_language(language):
        table = seated(load_example("club-freezeout"), 14, seed=3, you=you)
        app = table.app

        async def scenario(pilot: Pilot[None]) -> None:
            await play_until(
                table,
                pilot,
                check_or_fold,
                lambda: app.hands >= 4 and app._human_to_act() is not None,
            )
            await pilot.pause(0.2)
            strips = app.screen._compositor.render_strips()
            drawn.append("\n".join(strip.text.rstrip() for strip in strips))

        at_table(table, scenario)
    assert table.leaks == []
    return drawn[0] + "\n"


def test_the_readme_picture_in_russian_is_the_screen_at_80x24() -> None:
    picture = drawn_in("ru", "Вы")
    readme = README.read_text(encoding="utf-8")
    head, rest = readme.split(MARK, 1)
    block, tail = rest.split("```", 1)
    if os.environ.get("POKERROOM_README_PICTURES") == "write" and block != picture:
        README.write_text(head + MARK + picture + "```" + tail, encoding="utf-8")
        block = picture
    assert picture == block
