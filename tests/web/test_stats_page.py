"""The statistics page as players meet it: their own figures and another's, the filters, the
chart, CSV and JSON, a bad date told in one line — and another player's page never moved by
his unshown hole cards (X-4)."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from starlette.testclient import TestClient

from tests.web.stats_archive import archived


def _main(html: str) -> str:
    """The page's content, without the header's session token."""
    return html.split("<main>", 1)[1].split("</main>", 1)[0]


def _figures(html: str) -> dict[str, str]:
    return dict(re.findall(r'<th scope="row">([^<]+)</th><td>([^<]+)</td>', html))


def test_own_statistics_and_anothers_with_the_same_words_as_the_cli(tmp_path: Path) -> None:
    clients = archived(f"sqlite:///{tmp_path / 'store.db'}")
    bob = clients["Bob"]
    own = bob.get("/stats")
    assert own.status_code == 200
    figures = _figures(own.text)
    assert figures["hands"] == "4"  # LIMPED, THREE_BET, CALLED_DOWN, the all-in
    assert figures["VPIP"] == "25.0"  # the all-in's limp; the big blind's check is not VPIP
    assert figures["won"] == "-96"  # 8 - 2 - 2 - 100
    assert figures["all-in adj."] == "-64"  # his KhQh: 7/44 of the pot, -68.2, and +4
    assert "your hole cards value your all-ins" in own.text
    assert own.text.count("<svg") == 1 and "all-in adjusted" in own.text
    ann_view = clients["Ann"].get("/stats?player=Bob")
    assert _figures(ann_view.text)["all-in adj."] == "-96"  # his cards unshown: as it fell
    assert "public information only" in ann_view.text
    cyd = _figures(bob.get("/stats?player=Cyd&table=c1&since=2026-12-02").text)
    assert (cyd["hands"], cyd["PFR"], cyd["F3B"]) == ("1", "100.0", "100.0")
    assert "No hands match." in bob.get("/stats?player=Cyd&tournament=8").text


def test_csv_and_json_downloads_follow_the_filters(tmp_path: Path) -> None:
    ann = archived(f"sqlite:///{tmp_path / 'store.db'}")["Ann"]
    page = ann.get("/stats?player=Cyd&until=2026-12-01").text
    assert 'href="/stats.csv?player=Cyd&amp;until=2026-12-01"' in page
    as_json = ann.get("/stats.json?player=Cyd&until=2026-12-01").json()
    assert (as_json["player"], as_json["hands"], as_json["vpip"]) == ("Cyd", 1, 100.0)
    assert as_json["three_bet"] is None  # nothing to count: null, not 0
    got = ann.get("/stats.csv?player=Cyd&until=2026-12-01")
    assert got.headers["content-type"].startswith("text/csv")
    (row,) = csv.DictReader(io.StringIO(got.text))
    assert (row["player"], row["hands"], row["winnings"], row["three_bet"]) == (
        "Cyd",
        "1",
        "-6",
        "",
    )


def test_a_bad_date_or_an_overlong_name_is_one_message(tmp_path: Path) -> None:
    ann = archived(f"sqlite:///{tmp_path / 'store.db'}")["Ann"]
    got = ann.get("/stats?since=yesterday")
    assert got.status_code == 400
    assert re.findall(r'<p class="error" role="alert">([^<]+)</p>', got.text) == [
        "since takes a date (2026-12-05) or a moment (2026-12-05T18:30), got &#39;yesterday&#39;"
    ]
    assert 'value="yesterday"' in got.text  # kept in the form to correct it
    assert "Traceback" not in got.text
    assert ann.get("/stats.json?until=2026-13-01").status_code == 400
    long = ann.get("/stats?player=" + "x" * 101)
    assert long.status_code == 400 and "player takes at most 100 characters" in long.text


def test_signed_out_visitors_are_sent_to_log_in(tmp_path: Path) -> None:
    clients = archived(f"sqlite:///{tmp_path / 'store.db'}")
    visitor = TestClient(clients["Ann"].app)
    got = visitor.get("/stats?player=Bob&since=2026-12-01", follow_redirects=False)
    assert got.status_code == 303
    assert got.headers["location"] == "/login?next=/stats%3Fplayer%3DBob%26since%3D2026-12-01"
    login = visitor.get(got.headers["location"]).text
    assert 'name="next" value="/stats?player=Bob&amp;since=2026-12-01"' in login
    assert visitor.get("/stats.json").status_code == 401


def test_anothers_page_never_moves_with_his_unshown_cards(tmp_path: Path) -> None:
    # Cyd folds his AhAd in LIMPED and THREE_BET but shows them in CALLED_DOWN; Bob never
    # shows his KhQh all in: swap the cards nobody saw for others and compare.
    for player, swap in (("Cyd", ("p3 AhAd", "p3 7c2d")), ("Bob", ("KhQh", "2d2c"))):
        first = archived(f"sqlite:///{tmp_path / f'{player}1.db'}")
        second = archived(f"sqlite:///{tmp_path / f'{player}2.db'}", swap)
        asked = f"/stats?player={player}"
        for page in (
            asked,
            asked.replace("/stats", "/stats.json"),
            asked.replace("/stats", "/stats.csv"),
        ):
            one, two = first["Ann"].get(page), second["Ann"].get(page)
            assert one.status_code == two.status_code == 200
            assert _main(one.text) == _main(two.text) if page == asked else one.text == two.text
    # his own page does see them: the test would notice a swap that changed nothing
    own = first["Bob"].get("/stats.json").json()
    assert own["adjusted"] != second["Bob"].get("/stats.json").json()["adjusted"]
