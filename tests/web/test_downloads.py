"""A player's hands from the archive, through the server: each download, the replayer and
the results chart are built as that player saw the hand (X-4) and hold his own cards; a
hand he was not dealt in does not exist for him (404)."""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pokerroom.cards import Card
from pokerroom.engine import Hand
from pokerroom.engine import events as ev
from pokerroom.history.phh.documents import parse_phh, parse_phhs
from pokerroom.history.replay import replay_hand
from pokerroom.room.seam import User
from pokerroom.storage.hands.archive import ArchivedHand, HandArchive
from pokerroom.storage.tournament.store import TournamentStore
from pokerroom.tournament.events import (
    BustOut,
    Entered,
    EntryKind,
    Paid,
    TournamentEvent,
    Won,
)
from tests.test_pokerstars import ParsedBack
from tests.web.hand_play import cash_room, home_room, play, replayed
from tests.web.helpers import cardroom, sign_up
from tests.web.leaks import cards_in, find_leaks, known_to

NAMES = ("Ann", "Bob", "Cyd")
REGULATION = Path(__file__).parents[2] / "src/pokerroom/tournament/regulation/examples"


@dataclass
class Played:
    app_client: TestClient
    clients: dict[str, TestClient]
    users: dict[str, User]
    archive: HandArchive

    def hands_of(self, name: str) -> list[tuple[ArchivedHand, int]]:
        """Every archived hand ``name`` was dealt, with his position, oldest first."""
        user = self.users[name]
        lines = self.archive.hands_of(user.id, per_page=1000)
        out = []
        for line in reversed(lines):
            stored = self.archive.get(line.id)
            assert stored is not None
            out.append((stored, line.position))
        return out


@pytest.fixture
def played(client: TestClient) -> Played:
    """Ann, Bob and Cyd played a home series and a raked cash table; Dee only signed up."""
    clients, users = {}, {}
    room = cardroom(client)
    for name in (*NAMES, "Dee"):
        clients[name] = TestClient(client.app)
        assert sign_up(clients[name], name).status_code == 303
        account = room.accounts.find_account(name)
        assert account is not None
        users[name] = User(account.id, name, frozenset(account.roles))
    people = [users[name] for name in NAMES]
    play(home_room(room.registry, people), 6)
    play(cash_room(room.registry, people), 5, seed=4)
    assert room.tables.drain()  # the writer thread has archived every hand
    return Played(client, clients, users, HandArchive(room.accounts.database))


def own_cards(hand: Hand, position: int) -> set[Card]:
    return {
        card
        for event in hand.events
        if isinstance(event, ev.DealHole) and event.player == position
        for card in event.cards
        if card is not None
    }


FORM_TOKEN = re.compile(r'(name="csrf(?:-token)?" (?:content|value)=")[^"]*"')
"""A page's random form token (CSRF): it may hold "3d" between dashes, which is no card."""
PHH_RUN = re.compile(r"([2-9TJQKA?][cdhs?])(?=[2-9TJQKA?][cdhs?])")
"""A card written against the next one, as PHH writes them (``AsKd``): the leak checker
reads a card only between word boundaries, so the run is spaced out first."""


def check_copy(body: str, hand: Hand, position: int) -> None:
    """Only what ``position`` saw, and all of his own cards."""
    spaced = PHH_RUN.sub(r"\1 ", FORM_TOKEN.sub(r'\1"', body))
    assert find_leaks(spaced, known_to(hand, position)) == []
    assert own_cards(hand, position) <= set(cards_in(spaced))


def finishing(archived: ArchivedHand) -> tuple[Decimal, ...]:
    result = replay_hand(parse_phh(archived.hand.phh))
    assert result.finishing_stacks is not None
    return result.finishing_stacks


def test_each_download_and_replay_holds_only_what_its_player_saw(played: Played) -> None:
    """X-4 for every hand of every player: the PHH, the PokerStars text and the replayer
    page; the PHH replays to the same finishing stacks, the text reads back to them."""
    checked = 0
    for name in NAMES:
        client = played.clients[name]
        for archived, position in played.hands_of(name):
            hand = replayed(archived.hand.phh)
            phh = client.get(f"/hands/{archived.id}.phh")
            assert phh.status_code == 200
            assert phh.headers["content-disposition"] == (
                f'attachment; filename="pokerroom-hand-{archived.id}.phh"'
            )
            check_copy(phh.text, hand, position)
            again = replay_hand(parse_phh(phh.text))
            assert again.complete and again.matches_recorded
            assert again.finishing_stacks == finishing(archived)
            text = client.get(f"/hands/{archived.id}.txt")
            assert text.status_code == 200
            assert text.headers["content-type"].startswith("text/plain")
            check_copy(text.text, hand, position)
            back = ParsedBack(text.text)
            names = [seat.name for seat in archived.hand.seats]
            assert back.final == dict(zip(names, map(int, finishing(archived)), strict=True))
            page = client.get(f"/hands/{archived.id}")
            assert page.status_code == 200
            check_copy(page.text, hand, position)
            assert f'href="/hands/{archived.id}.phh"' in page.text
            assert f'href="/hands/{archived.id}.txt"' in page.text
            checked += 1
    assert checked == sum(len(played.hands_of(name)) for name in NAMES) >= 20


def test_a_rooms_hands_come_in_one_file_each_hand_as_he_saw_it(played: Played) -> None:
    notation = pytest.importorskip("pokerkit.notation")
    client = played.clients["Bob"]
    for room_id in ("home1", "cash1"):
        mine = [(a, p) for a, p in played.hands_of("Bob") if a.hand.room_id == room_id]
        bulk = client.get(f"/hands/rooms/{room_id}.phhs")
        assert bulk.status_code == 200
        assert bulk.headers["content-disposition"] == (
            f'attachment; filename="pokerroom-room-{room_id}.phhs"'
        )
        assert len(parse_phhs(bulk.text)) == len(mine)
        tables = re.split(r"^\[\d+\]\n", bulk.text, flags=re.MULTILINE)[1:]
        assert len(tables) == len(mine)
        for body, (archived, position) in zip(tables, mine, strict=True):
            check_copy(body, replayed(archived.hand.phh), position)
        stars = client.get(f"/hands/rooms/{room_id}.txt")
        assert stars.status_code == 200
        hands = stars.text.split("\n\n\n")
        assert len(hands) == len(mine)
        for body, (archived, position) in zip(hands, mine, strict=True):
            check_copy(body, replayed(archived.hand.phh), position)
            assert body.startswith(f"PokerStars Hand #{archived.id}: Hold'em No Limit (1/2)")
        if room_id == "home1":  # no rake: PokerKit's own reader plays the file out
            with warnings.catch_warnings():  # its notes: a fold where a check was free, …
                warnings.filterwarnings("ignore", category=UserWarning, module="pokerkit")
                parsed = list(notation.HandHistory.from_pokerstars(stars.text, error_status=True))
                assert len(parsed) == len(mine)
                for history, (archived, _) in zip(parsed, mine, strict=True):
                    *_, final = iter(history)
                    assert list(final.stacks) == [int(s) for s in finishing(archived)]


def test_a_hand_he_was_not_dealt_is_not_found(played: Played) -> None:
    """404, not 403: the answer must not say that such a hand exists."""
    dee = played.clients["Dee"]
    ids = [archived.id for archived, _ in played.hands_of("Ann")]
    for hand_id in ids:
        for path in (f"/hands/{hand_id}", f"/hands/{hand_id}.phh", f"/hands/{hand_id}.txt"):
            response = dee.get(path)
            assert response.status_code == 404, path
            assert response.text.count(f"no hand {hand_id} of yours is in the archive") == 1
            assert find_leaks(response.text, ()) == []
    assert dee.get(f"/hands/{max(ids) + 1}.phh").status_code == 404
    assert dee.get("/hands/rooms/home1.phhs").status_code == 404
    assert dee.get("/hands/rooms/home1.txt").status_code == 404
    assert "No hands yet" in dee.get("/hands").text
    visitor = TestClient(played.app_client.app)
    gone = visitor.get(f"/hands/{ids[0]}.phh", follow_redirects=False)
    assert (gone.status_code, gone.headers["location"]) == (303, f"/login?next=/hands/{ids[0]}.phh")


def test_the_list_is_newest_first_with_each_result(played: Played) -> None:
    client = played.clients["Cyd"]
    mine = played.hands_of("Cyd")
    listed = client.get("/hands")
    assert listed.status_code == 200
    shown = [int(i) for i in re.findall(r'href="/hands/(\d+)\.phh"', listed.text)]
    assert shown == [archived.id for archived, _ in reversed(mine)]
    for archived, position in mine:
        result = archived.hand.seats[position].result
        assert f"<td>{result:+d}</td>" in listed.text
    assert 'href="/hands/rooms/cash1.phhs"' in listed.text
    assert find_leaks(listed.text, ()) == []
    for bad in ("0", "x", "-1"):
        refused = client.get(f"/hands?page={bad}")
        assert refused.status_code == 400
        assert f"page must be a number from 1, got &#39;{bad}&#39;" in refused.text


def _finished_tournament(store: TournamentStore, winner: str) -> None:
    text = (REGULATION / "home-sit-and-go.toml").read_text()
    tournament = store.create_tournament(text, entrants=3, bots=["live"], seed=None)
    entries: list[TournamentEvent] = [
        Entered(0.0, name, EntryKind.ENTRY, 200) for name in ("Ann", "Bob", "Eve")
    ]
    outs: list[TournamentEvent] = [
        BustOut(1.0, "Eve", 3, 4, 1, 3),
        BustOut(2.0, "Bob", 2, 9, 1, 2),
        Won(2.0, winner),
        Paid(3.0, winner, 1, 30),
    ]
    store.append_events(tournament, 0, [*entries, *outs], players_left=1, winner=winner)


def test_the_results_chart_has_a_point_per_hand_and_is_his_own(played: Played) -> None:
    room = cardroom(played.app_client)
    _finished_tournament(TournamentStore(room.accounts.database), "ann")  # names: any case
    ann = played.clients["Ann"]
    page = ann.get("/players/Ann/results")
    assert page.status_code == 200
    sections = page.text.split('<section class="chart"')[1:]
    mine = played.hands_of("Ann")
    for room_id, title in (("home1", "Kitchen"), ("cash1", "Main")):
        section = next(s for s in sections if f'aria-label="{title}"' in s)
        hands = [a for a, _ in mine if a.hand.room_id == room_id]
        assert section.count("<circle") == len(hands)
        total = sum(a.hand.seats[p].result for a, p in mine if a.hand.room_id == room_id)
        assert f'data-value="{total}"' in section.split("<circle")[-1]
    tournaments = next(s for s in sections if 'aria-label="Tournaments"' in s)
    assert tournaments.count("<circle") == 1 and "1st of 3" in tournaments  # 30 won, 10 paid
    assert 'data-value="20"' in tournaments
    one_room = ann.get("/players/ann/results?room=cash1").text
    assert one_room.count('<section class="chart"') == 2  # the room and the tournaments
    bob = played.clients["Bob"]
    refused = bob.get("/players/Ann/results")
    assert refused.status_code == 403
    assert "a player&#39;s results are his own: only he (or an admin) may see them" in refused.text
    room.accounts.grant("Bob", "admin")
    assert bob.get("/players/Ann/results").status_code == 200
    assert bob.get("/players/Nobody/results").status_code == 404


def test_the_check_catches_the_complete_document(played: Played) -> None:
    """The leak check is not blind to PHH's cards written together: the stored document
    (every hole card) leaks in the hands where Ann did not see every other hand."""
    leaky = 0
    for archived, position in played.hands_of("Ann"):
        hand = replayed(archived.hand.phh)
        spaced = PHH_RUN.sub(r"\1 ", archived.hand.phh)
        leaky += bool(find_leaks(spaced, known_to(hand, position)))
    assert leaky >= len(played.hands_of("Ann")) // 2
