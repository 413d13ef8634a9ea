"""A cash table's settle-up (``/tables/<id>/ledger``, ``.csv``, ``.json`` and ``pokerroom
settle --table``) over a hand-checked evening, saved with the table: the same figures after
a restart of the server and after the table is closed; and who may read it.

The evening (blinds 1/2, buy-ins 80-200, rake 5% capped at 3, seed 0): Ann buys in 200,
Bob 150, Cyd 80. Hand 1: Bob posts the small blind and folds, Cyd goes all-in for 80 and Ann,
the big blind, calls; Ann wins the pot of 161 less the rake of 3: Ann 278, Bob 149, Cyd 0.
Cyd, busted, buys 100 more (a top-up), Bob tops up 50 to 199. Hand 2 is folded to the big
blind: Cyd (small blind) 99, Ann 279. Bob leaves with 199. Ann and Cyd are still seated.
Nets: Ann 279 − 200 = +79, Bob 199 − 200 = −1, Cyd 99 − 180 = −81, the house +3: no group
of them squares apart, so three transfers.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from starlette.testclient import TestClient
from typer.testing import CliRunner

from pokerroom.cli.app import app as cli
from pokerroom.cluster.follower import follow
from pokerroom.engine import VARIANTS
from pokerroom.protocol.frames import ActionsFrame
from pokerroom.room import CashRoom, HomeRoom
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.room.seam import Outcome, User
from pokerroom.storage.rooms.saved_room import SavedRoom
from pokerroom.table.cash import CashSettings, Rake
from pokerroom.web.app import create_app
from pokerroom.web.saving import open_room
from tests.web.conftest import settings
from tests.web.helpers import cardroom, log_in, sign_up

ROWS = [
    ["Ann", "200", "0", "279 still at the table", "+79"],
    ["Bob", "150", "50", "199", "-1"],
    ["Cyd", "80", "100", "99 still at the table", "-81"],
]
TRANSFERS = [["Cyd", "Ann", "79"], ["Cyd", "the house", "2"], ["Bob", "the house", "1"]]
CSV = "payer,payee,amount\nCyd,Ann,79\nCyd,the house,2\nBob,the house,1\n"


class Evening:
    """Sends the players' messages to the saved table, as their sockets would."""

    def __init__(self, room: SavedRoom, people: dict[str, User]) -> None:
        self.room, self.people, self.now, self.sent = room, people, 0.0, 0
        assert isinstance(room.room, CashRoom)
        self.table = room.room

    def send(self, name: str, kind: str, **fields: object) -> Outcome:
        self.sent += 1
        message = {"type": kind, "id": f"m{self.sent}", **fields}
        return self.room.handle(self.people[name], message, self.now)

    def deal(self) -> None:
        deadline = self.room.deadline()
        assert deadline is not None
        self.now = max(self.now, deadline)
        self.room.tick(self.now)

    def play(self, choose: dict[str, str]) -> None:
        """Play the hand out: each player by his ``choose`` (``allin``, ``call``, ``fold``)."""
        for _ in range(50):
            deciding = [
                (name, you)
                for name, user in self.people.items()
                if (you := self.table.snapshot(user)["you"])["decision"] is not None
            ]
            if not deciding:
                return
            name, you = deciding[0]
            actions = you["actions"]
            if you["decision"] == "show" or actions is None:
                assert self.send(name, "show").changed
                continue
            assert self.send(name, "act", **self._act(choose[name], actions)).changed
        raise AssertionError("the hand did not end")

    @staticmethod
    def _act(how: str, actions: ActionsFrame) -> dict[str, object]:
        if how == "allin" and actions["raise_to"] is not None:
            return {"action": "raise", "amount": actions["raise_to"]["max"]}
        if how == "fold" and actions["fold"] and not actions["check"]:
            return {"action": "fold"}
        return {"action": "check" if actions["check"] else "call"}


def play_the_evening(client: TestClient) -> None:
    room = cardroom(client)
    people = {}
    for name in ("Ann", "Bob", "Cyd"):
        account = room.accounts.find_account(name)
        assert account is not None
        people[name] = User(account.id, name)
    cash = CashSettings(VARIANTS["holdem"], small_blind=1, big_blind=2, rake=Rake(5, 3))
    entry = LobbyEntry("Friday cash", "NLHE", "1/2", 0, 6, RoomKind.CASH, host_id=people["Ann"].id)
    evening = Evening(open_room(room, CashRoom("c1", settings=cash, seed=0), entry), people)
    for name, seat, buy_in in (("Ann", 1, 200), ("Bob", 2, 150), ("Cyd", 3, 80)):
        assert evening.send(name, "sit", seat=seat, buy_in=buy_in).changed
    evening.deal()
    evening.play({"Ann": "call", "Bob": "fold", "Cyd": "allin"})
    assert evening.send("Cyd", "top_up", amount=100).changed
    assert evening.send("Bob", "top_up", amount=50).changed
    evening.deal()
    evening.play(dict.fromkeys(people, "fold"))
    assert evening.send("Bob", "leave").changed


def cells(html: str, table: str) -> list[list[str]]:
    """The body rows of the page's table ``table``, each cell's text."""
    found = re.search(rf'<table[^>]*id="{table}".*?<tbody>(.*?)</tbody>', html, re.S)
    assert found is not None, html
    return [
        [
            " ".join(re.sub(r"<[^>]+>", " ", cell).split())
            for cell in re.findall(r"<td>(.*?)</td>", row, re.S)
        ]
        for row in re.findall(r"<tr>(.*?)</tr>", found.group(1), re.S)
    ]


def check_the_figures(client: TestClient, *, open_table: bool) -> None:
    page = client.get("/tables/c1/ledger")
    assert page.status_code == 200, page.text
    assert cells(page.text, "ledger") == ROWS
    assert cells(page.text, "transfers") == TRANSFERS
    assert "Rake, owed to the house: 3" in page.text
    assert ("The table is closed" in page.text) is not open_table
    assert client.get("/tables/c1/ledger.csv").text == CSV
    document = client.get("/tables/c1/ledger.json").json()
    assert document["rake"] == 3
    assert [a["still_seated"] for a in document["accounts"]] == [True, False, True]


def accounts(app_client: TestClient, names: tuple[str, ...]) -> dict[str, TestClient]:
    clients = {}
    for name in names:
        clients[name] = TestClient(app_client.app)
        sign_up(clients[name], name)
    return clients


def test_the_evening_on_the_page_in_csv_and_json_survives_a_restart_and_the_closing(
    database_url: str,
) -> None:
    database = database_url  # a SQLite file, then PostgreSQL
    with TestClient(create_app(database, settings())) as first:
        people = accounts(first, ("Ann", "Bob", "Cyd", "Dee"))
        play_the_evening(first)
        check_the_figures(people["Ann"], open_table=True)
        table_page = people["Ann"].get("/tables/c1").text
        assert 'id="settle-up-link" href="/tables/c1/ledger"' in table_page
        assert "settle-up-link" not in people["Dee"].get("/tables/c1").text
    with TestClient(create_app(database, settings())) as again:  # the server restarted
        ann, bob = TestClient(again.app), TestClient(again.app)
        log_in(ann, "Ann")
        log_in(bob, "Bob")
        check_the_figures(ann, open_table=True)
        check_the_figures(bob, open_table=True)  # he left, he played: he sees it
        cardroom(again).registry.remove("c1")  # closed: read back from the database
        assert cardroom(again).tables.drain()
        check_the_figures(bob, open_table=False)
    settled = CliRunner().invoke(cli, ["settle", "--table", "c1", "--archive", database])
    assert settled.exit_code == 0, settled.output
    assert settled.stdout.splitlines() == [
        "From the table's own ledger: buy-ins, top-ups and cash-outs; a player still seated "
        "cashes out his stack.",
        "Ann: bought in 200, topped up 0, still at the table with 279: +79",
        "Bob: bought in 150, topped up 50, cashed out 199: -1",
        "Cyd: bought in 80, topped up 100, still at the table with 99: -81",
        "the house: the rake, +3",
        "",
        "Cyd pays Ann 79",
        "Cyd pays the house 2",
        "Bob pays the house 1",
    ]
    as_csv = CliRunner().invoke(cli, ["settle", "--table", "c1", "--archive", database, "--csv"])
    assert as_csv.stdout == CSV
    as_json = CliRunner().invoke(cli, ["settle", "--table", "c1", "--archive", database, "--json"])
    assert json.loads(as_json.stdout)["source"] == "ledger"


def test_only_the_host_and_the_players_read_it(tmp_path: Path) -> None:
    with TestClient(create_app(str(tmp_path / "room.db"), settings())) as client:
        people = accounts(client, ("Ann", "Bob", "Cyd", "Dee"))
        play_the_evening(client)
        for path in ("/tables/c1/ledger", "/tables/c1/ledger.csv", "/tables/c1/ledger.json"):
            for who in (people["Dee"], TestClient(client.app)):  # a stranger, signed out
                refused = who.get(path)
                assert refused.status_code == 403
                assert "seen by its host and by those who played at it" in refused.text
        assert people["Cyd"].get("/tables/c1/ledger.csv").text == CSV
        cardroom(client).registry.add(
            HomeRoom("h1", seats=6), LobbyEntry("Home", "NLHE", "1/2", 0, 6, RoomKind.HOME)
        )
        home = people["Ann"].get("/tables/h1/ledger")
        assert home.status_code == 404 and "keeps no ledger: only cash tables do" in home.text
        assert people["Ann"].get("/tables/nope/ledger").status_code == 404


def test_a_follower_copy_in_a_cluster_holds_the_same_ledger() -> None:
    """Another process follows the table by replaying the owner's saved inputs: its page
    would show the same settle-up."""
    with TestClient(create_app("sqlite://", settings())) as client:
        accounts(client, ("Ann", "Bob", "Cyd"))
        play_the_evening(client)
        room = cardroom(client)
        stored = room.tables.store.open_room("c1")
        assert stored is not None
        copy = follow(stored, room.tables, room.secret)
        owner = room.registry.get("c1").room
        assert isinstance(owner, SavedRoom) and isinstance(owner.room, CashRoom)
        assert isinstance(copy.room, CashRoom) and copy.following
        assert copy.room.settlement() == owner.room.settlement()
        assert [b.balance for b in copy.room.settlement().accounts] == [79, -1, -81]
