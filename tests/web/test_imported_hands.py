"""Hands imported from another room, on the archive's pages: the hero's alone.

The hero's account finds them among his hands, with his own cards and the hands shown;
nobody else does — not even a director, whose complete copy (T-16) is for hands played
here: an imported hand holds its hero's cards and nothing more.
"""

from __future__ import annotations

from starlette.testclient import TestClient

from pokerroom.history.imports import read_pokerstars
from pokerroom.storage.hands.archive import HandArchive
from pokerroom.storage.hands.imports import import_hands
from tests.test_history_imports import STARS
from tests.web.helpers import cardroom, sign_up


def test_imported_hands_are_the_heros_and_a_director_does_not_see_them(
    client: TestClient,
) -> None:
    room = cardroom(client)
    alpha, dee = TestClient(client.app), TestClient(client.app)
    assert sign_up(alpha, "Alpha").status_code == 303
    assert sign_up(dee, "Dee").status_code == 303
    room.accounts.grant("Dee", "director")
    account = room.accounts.find_account("Alpha")
    assert account is not None
    hands, problems = read_pokerstars(STARS)
    assert not problems
    archive = HandArchive(room.accounts.database)
    assert import_hands(archive, hands, account.id).added == 4
    listed = archive.hands_of(account.id)
    side_pot = next(h for h in listed if h.room_name == "Altair II" and h.number == 2)
    page = alpha.get("/hands")
    assert page.status_code == 200 and page.text.count("Altair II") >= 2
    text = alpha.get(f"/hands/{side_pot.id}.txt")
    assert text.status_code == 200
    assert "Dealt to alpha [Jc Jd]" in text.text
    assert "bravo: shows [Ac As]" in text.text and "delta: shows" not in text.text
    assert alpha.get(f"/hands/{side_pot.id}").status_code == 200
    for path in (f"/hands/{side_pot.id}", f"/hands/{side_pot.id}.phh"):
        assert dee.get(path).status_code == 404, path
