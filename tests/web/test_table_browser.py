"""The table page in a real Chromium (issue 13 items 4, 9): people sign up, sit, and play
home-series hands to the end over the table socket — a raise, pre-actions, a showdown,
an all-in with a side pot, a dropped connection and a reload — while an observer watches.

At every step each page's DOM (every text node and every attribute) is read by the leak
checker against what that page's viewer may know of the hand at that moment (X-4): his
own cards, the boards and the shown hands; an observer's, only the last two.
"""

from __future__ import annotations

import dataclasses
import os
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from starlette.applications import Starlette
from starlette.types import ASGIApp

from pokerroom.engine import VARIANTS
from pokerroom.protocol.frames import TableFrame
from pokerroom.room.clock import ShotClock
from pokerroom.room.home import HomeRoom
from pokerroom.room.registry import LobbyEntry, RoomKind
from pokerroom.room.seam import User
from pokerroom.table.series import SeriesSettings
from pokerroom.web.app import create_app
from tests.web.browser_pages import signed_in, strict_page
from tests.web.conftest import settings
from tests.web.helpers import PASSWORD
from tests.web.leaks import find_leaks, known_to

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page

pytestmark = pytest.mark.browser

SCREENSHOTS_ENV = "POKERROOM_SCREENSHOTS"
"""A folder to keep the screenshots in (the README's: ``docs/screenshots``); else a temporary
one, so a test run never changes the repository."""
CLOCK = ShotClock(seconds=60, countdown=10, banks=2, bank_seconds=30, showdown=60)
"""Long enough that the clock never acts for a player in these tests."""
PAUSE = 0.4
"""Seconds between hands: the tests are quick."""
ENTRY = LobbyEntry("Friday game", "NLHE", "1/2", 0, 6, RoomKind.HOME)

DOM_TEXT = """() => {
  const parts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) parts.push(walker.currentNode.nodeValue);
  for (const node of document.body.querySelectorAll("*")) {
    for (const attribute of node.attributes) parts.push(attribute.value);
    if (node instanceof HTMLInputElement) parts.push(node.value);
  }
  return {hand: document.getElementById("table").dataset.hand, text: parts.join("\\n")};
}"""
"""Every text node and attribute of the page, one per line: what the leak checker reads."""


@dataclass
class Player:
    name: str
    page: Page
    user: int | None
    """The account id; None for a signed-out observer."""


@dataclass
class Cardroom:
    url: str
    app: Starlette
    room: HomeRoom
    new_context: Callable[[], BrowserContext]

    def open_table(self, context: BrowserContext) -> Page:
        page = strict_page(context)
        page.goto(f"{self.url}/tables/{self.room.id}")
        page.locator("#table[data-status]:not([data-status=connecting])").wait_for()
        return page

    def player(self, name: str) -> Player:
        """A new browser profile that signs up as ``name`` and opens the table."""
        from playwright.sync_api import expect

        context = self.new_context()
        page = context.new_page()
        page.goto(f"{self.url}/signup")
        page.fill("input[name=name]", name)
        page.fill("input[name=password]", PASSWORD)
        page.fill("input[name=password2]", PASSWORD)
        page.click("form.stacked button[type=submit]")
        expect(page.locator(".who")).to_have_text(name)
        page.close()
        account = self.app.state.cardroom.accounts.find_account(name)
        return Player(name, self.open_table(context), account.id)

    def regular(self, name: str) -> Player:
        """A player whose account exists already: his browser holds his session cookie."""
        accounts = self.app.state.cardroom.accounts
        context, account = signed_in(self.new_context, self.url, accounts, name)
        return Player(name, self.open_table(context), account.id)

    def observer(self) -> Player:
        return Player("observer", self.open_table(self.new_context()), None)

    def seated(self, players: list[Player]) -> Player:
        """The player whose decision the table waits for."""
        decider = self.room.decider()
        assert decider is not None, "nobody is to act"
        seat = self.room.seat_at(decider[0])
        return next(p for p in players if self.room.seat_of_user(p.user or -1) == seat)


def served_cardroom(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
    room: HomeRoom,
    entry: LobbyEntry = ENTRY,
) -> Cardroom:
    """A server on a fresh SQLite file with ``room`` listed, and browsers for it."""
    app = create_app(f"sqlite:///{tmp_path / 'store.db'}", settings())
    url = live_server(app)
    app.state.cardroom.registry.add(room, entry)
    return Cardroom(url, app, room, new_context)


@pytest.fixture
def cardroom(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
) -> Iterator[Cardroom]:
    room = HomeRoom("g1", seats=6, clock=CLOCK, pause=PAUSE, seed=11)
    yield served_cardroom(live_server, new_context, tmp_path, room)


@pytest.fixture
def screenshots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get(SCREENSHOTS_ENV) or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def no_leaks(cardroom: Cardroom, *players: Player) -> None:
    """Each page shows only cards its viewer may know now (X-4)."""
    room = cardroom.room
    for player in players:
        for _ in range(100):  # the page may be a frame behind the room: wait for it
            number = room.hand_number
            dom = player.page.evaluate(DOM_TEXT)
            hand = room.hand
            if room.hand_number == number and dom["hand"] in ("", str(number)):
                break
            time.sleep(0.02)
        else:
            pytest.fail(f"{player.name}'s page never caught up with hand {room.hand_number}")
        seat = None if player.user is None else room.seat_of_user(player.user)
        position = None if seat is None else room.position_of(seat)
        known = set() if hand is None or not dom["hand"] else known_to(hand, position)
        assert find_leaks(dom["text"], known) == [], f"{player.name}'s page"


def turn_of(cardroom: Cardroom, players: list[Player]) -> Player:
    """The player to decide, once his page shows him the decision."""
    from playwright.sync_api import expect

    actor = cardroom.seated(players)
    turn = cardroom.room.turn_token()
    expect(actor.page.locator("#table")).to_have_attribute("data-turn", turn)
    return actor


def moved_on(cardroom: Cardroom, before: str, *players: Player) -> None:
    """Wait until the room and every page are past the moment ``before``."""
    from playwright.sync_api import expect

    deadline = time.monotonic() + 5
    while cardroom.room.turn_token() == before:
        assert time.monotonic() < deadline, "the table did not move on"
        time.sleep(0.02)
    for player in players:
        expect(player.page.locator("#table")).not_to_have_attribute("data-turn", before)


def act(cardroom: Cardroom, players: list[Player], key: str) -> Player:
    """The player to act presses ``key`` (f, c); everyone's page follows."""
    actor = turn_of(cardroom, players)
    before = cardroom.room.turn_token()
    actor.page.keyboard.press(key)
    moved_on(cardroom, before, *players)
    return actor


def raise_to(cardroom: Cardroom, players: list[Player], amount: int) -> Player:
    actor = turn_of(cardroom, players)
    before = cardroom.room.turn_token()
    actor.page.fill("#amount", str(amount))
    actor.page.click("#raise")
    moved_on(cardroom, before, *players)
    return actor


def next_hand(cardroom: Cardroom, number: int, *players: Player) -> None:
    from playwright.sync_api import expect

    for player in players:
        expect(player.page.locator("#table")).to_have_attribute("data-hand", str(number))
    assert cardroom.room.hand is not None and cardroom.room.hand.phase == "bet"


def hold_the_next_hand(cardroom: Cardroom) -> None:
    """Keep the settled hand on the table until :func:`deal_on`, so that the pages can be
    read at leisure after its last action."""
    cardroom.room.pause = 30


def deal_on(cardroom: Cardroom) -> None:
    """End a hold: the next hand is dealt now, and the short pause is back."""
    room = cardroom.room
    room.pause = PAUSE
    assert room.next_hand_at is not None, "no hand is waiting to be dealt"
    room.next_hand_at = 0.0
    cardroom.app.state.hub.room_changed(room.id)


def show_down(cardroom: Cardroom, players: list[Player], watchers: list[Player]) -> None:
    """Everyone asked to show at the showdown shows (P-5), and the hand is settled."""
    while cardroom.room.decider() is not None:
        actor = turn_of(cardroom, players)
        before = cardroom.room.turn_token()
        actor.page.keyboard.press("s")
        moved_on(cardroom, before, *players, *watchers)
        no_leaks(cardroom, *players, *watchers)


def sit(player: Player, seat: int) -> None:
    from playwright.sync_api import expect

    player.page.click(f'.seat[data-seat="{seat}"] button.sit')
    expect(player.page.locator(f'.seat[data-seat="{seat}"] .name')).to_have_text(player.name)


def seconds_left(player: Player) -> int:
    """The seconds on the shot clock, as the player's page says them."""
    text = player.page.locator("#turn").text_content() or ""
    found = re.search(r"· (\d+) s ·", text)
    assert found is not None, text
    return int(found.group(1))


def hole_cards(player: Player) -> list[str]:
    """The tokens of the player's own cards as his page writes them ('' for a back)."""
    cards = player.page.locator(".seat.you .card").evaluate_all(
        "cards => cards.map(card => card.dataset.card || '')"
    )
    return [str(card) for card in cards]


def desk_and_phone(player: Player, screenshots: Path) -> None:
    """The player's view on a desktop and on a phone, where the seats become a list that
    fits the screen's width."""
    from playwright.sync_api import expect

    page = player.page
    page.set_viewport_size({"width": 1280, "height": 860})
    expect(page.locator("#actions")).to_be_visible()
    page.screenshot(path=str(screenshots / "table-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator(".seat.you").evaluate("seat => getComputedStyle(seat).position") == (
        "static"
    )
    page.screenshot(path=str(screenshots / "table-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 720})


def test_two_players_play_hands_to_the_end_and_survive_a_dropped_connection(
    cardroom: Cardroom, screenshots: Path
) -> None:
    from playwright.sync_api import expect

    ann, bob = cardroom.player("Ann"), cardroom.player("Bob")
    cardroom.room.host = ann.user
    watcher = cardroom.observer()
    everyone = [ann, bob, watcher]
    players = [ann, bob]
    sit(ann, 1)
    ann.page.click("#start")  # alone: the server refuses, one line near the actions
    expect(ann.page.locator("#error")).to_have_text("a series needs 2 players or more; 1 seated")
    sit(bob, 2)
    expect(watcher.page.locator(".seat button.sit")).to_have_count(0)  # signed out
    ann.page.click("#start")
    next_hand(cardroom, 1, *everyone)
    no_leaks(cardroom, *everyone)
    for player in players:
        assert all(hole_cards(player)) and len(hole_cards(player)) == 2
    assert watcher.page.locator(".card[data-card]").count() == 0  # backs only
    expect(watcher.page.locator("#actions")).to_be_hidden()
    expect(watcher.page.locator("#watching")).to_be_visible()
    watcher.page.keyboard.press("?")
    expect(watcher.page.locator("#help")).to_be_visible()
    watcher.page.keyboard.press("Escape")
    expect(watcher.page.locator("#help")).to_be_hidden()

    # Hand 1: a raise checked on the client first, called; a pot bet on the flop, folded.
    actor = turn_of(cardroom, players)
    expect(actor.page.locator("#turn")).to_contain_text("Your turn · ")
    expect(actor.page.locator("#turn")).to_contain_text("2 time banks left")
    left = seconds_left(actor)
    assert 60 < left <= 70  # 60 s and a 10-second countdown
    time.sleep(1.1)
    assert seconds_left(actor) < left  # counted down between frames, on the server's clock
    actor.page.fill("#amount", "3")
    expect(actor.page.locator("#raise")).to_be_disabled()
    expect(actor.page.locator("#error")).to_have_text("raise to a whole number of chips in 4-200")
    assert cardroom.room.turn_token() == actor.page.get_attribute("#table", "data-turn")
    raise_to(cardroom, players, 6)
    expect(watcher.page.locator("#log")).to_contain_text(f"{actor.name} raises to 6")
    no_leaks(cardroom, *everyone)
    act(cardroom, players, "c")  # calls 6
    expect(watcher.page.locator("#boards .card")).to_have_count(3)
    no_leaks(cardroom, *everyone)
    bettor = turn_of(cardroom, players)
    bettor.page.keyboard.press("p")  # the pot preset: 12 into a pot of 12
    expect(bettor.page.locator("#amount")).to_have_value("12")
    before = cardroom.room.turn_token()
    bettor.page.keyboard.press("Enter")
    moved_on(cardroom, before, *everyone)
    folder = act(cardroom, players, "f")
    expect(watcher.page.locator("#results li").first).to_have_text(
        f"Hand #1: {bettor.name} wins 12"  # his bet of 12 came back uncalled
    )
    assert folder is not bettor
    no_leaks(cardroom, *everyone)

    # Hand 2: pre-actions and a showdown naming the winning hand.
    next_hand(cardroom, 2, *everyone)
    hold_the_next_hand(cardroom)
    opener = cardroom.seated(players)
    other = bob if opener is ann else ann
    other.page.click('#preactions [data-preaction="check"]')  # the big blind checks ahead
    expect(other.page.locator('[data-preaction="check"]')).to_have_attribute("aria-pressed", "true")
    act(cardroom, players, "c")  # the small blind calls; the check goes for the big blind
    while cardroom.room.hand is not None and cardroom.room.hand.street == 0:
        time.sleep(0.02)
    expect(watcher.page.locator("#boards .card")).to_have_count(3)
    first = turn_of(cardroom, players)
    second = bob if first is ann else ann
    second.page.click('#preactions [data-preaction="check"]')
    expect(second.page.locator('[data-preaction="check"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    raise_to(cardroom, players, 2)  # a bet: the check ahead is cleared, and he is told
    expect(second.page.locator("#notice")).to_be_visible()
    expect(second.page.locator("#actions")).to_be_visible()
    assert not second.page.locator('[data-preaction="check"][aria-pressed="true"]').count()
    act(cardroom, players, "c")
    for _street in ("turn", "river"):
        act(cardroom, players, "c")
        act(cardroom, players, "c")
    show_down(cardroom, players, [watcher])
    expect(watcher.page.locator("#results li").first).to_contain_text(" with ")
    for player in everyone:  # both hands were shown: everyone sees them
        expect(player.page.locator(".seat .card[data-card]")).to_have_count(4)
    deal_on(cardroom)

    # Hand 3: a dropped connection and a reload lose nothing.
    next_hand(cardroom, 3, *everyone)
    cards = {player.name: hole_cards(player) for player in players}
    bob.page.context.set_offline(True)
    expect(bob.page.locator("#banner")).to_have_text("Reconnecting…", timeout=15_000)
    expect(ann.page.locator('.seat[data-seat="2"] .notes')).to_contain_text("disconnected")
    bob.page.context.set_offline(False)
    expect(bob.page.locator("#banner")).to_be_hidden(timeout=15_000)
    ann.page.reload()
    ann.page.locator("#table[data-hand='3']").wait_for()
    assert {player.name: hole_cards(player) for player in players} == cards
    no_leaks(cardroom, *everyone)
    expect(ann.page.locator('.seat[data-seat="2"] .notes')).not_to_contain_text("disconnected")
    desk_and_phone(turn_of(cardroom, players), screenshots)
    act(cardroom, players, "f")
    expect(watcher.page.locator("#results li")).to_have_count(3)
    no_leaks(cardroom, *everyone)


def test_three_players_all_in_make_a_side_pot_an_observer_never_sees_a_hole_card(
    cardroom: Cardroom, screenshots: Path
) -> None:
    from playwright.sync_api import expect

    ann, bob, cleo = (cardroom.regular(name) for name in ("Ann", "Bob", "Cleo"))
    watcher = cardroom.observer()
    players = [ann, bob, cleo]
    everyone = [*players, watcher]
    cardroom.room.host = ann.user
    for seat, player in enumerate(players, start=1):
        sit(player, seat)
    ann.page.click("#start")
    next_hand(cardroom, 1, *everyone)
    raise_to(cardroom, players, 6)  # the button raises, the blinds fold: stacks now differ
    act(cardroom, players, "f")
    act(cardroom, players, "f")
    no_leaks(cardroom, *everyone)

    next_hand(cardroom, 2, *everyone)
    hold_the_next_hand(cardroom)
    shover = turn_of(cardroom, players)
    shover.page.keyboard.press("a")  # the all-in preset: his whole stack
    before = cardroom.room.turn_token()
    shover.page.keyboard.press("Enter")
    moved_on(cardroom, before, *everyone)
    no_leaks(cardroom, *everyone)
    act(cardroom, players, "c")
    act(cardroom, players, "c")
    expect(watcher.page.locator("#pots li")).to_have_count(2)
    expect(watcher.page.locator("#pots li").nth(1)).to_contain_text("Side pot 1: ")
    expect(watcher.page.locator("#boards .card")).to_have_count(5)
    no_leaks(cardroom, *everyone)
    show_down(cardroom, players, [watcher])
    expect(watcher.page.locator("#results li").first).to_contain_text("Hand #2: ")
    no_leaks(cardroom, *everyone)
    watcher.page.set_viewport_size({"width": 1200, "height": 900})
    watcher.page.screenshot(path=str(screenshots / "table-observer.png"), full_page=True)


def test_a_draw_player_clicks_the_cards_to_throw_away_and_draws(
    live_server: Callable[[ASGIApp], str],
    new_context: Callable[[], BrowserContext],
    tmp_path: Path,
) -> None:
    """V-8: the marked cards go (keys or clicks), as many come; nobody else sees which."""
    from playwright.sync_api import expect

    room = HomeRoom(
        "d1", settings=SeriesSettings(VARIANTS["draw"]), seats=2, clock=CLOCK, pause=30, seed=5
    )
    entry = LobbyEntry("Draw", "5CD", "1/2", 0, 2, RoomKind.HOME)
    cardroom = served_cardroom(live_server, new_context, tmp_path, room, entry)
    ann, bob = cardroom.regular("Ann"), cardroom.regular("Bob")
    players = [ann, bob]
    sit(ann, 1)
    sit(bob, 2)  # every seat taken: the series starts by itself
    next_hand(cardroom, 1, ann, bob)
    act(cardroom, players, "c")  # the small blind calls
    act(cardroom, players, "c")  # the big blind checks: the draw
    drawer = turn_of(cardroom, players)
    other = bob if drawer is ann else ann
    expect(drawer.page.locator("#draw")).to_be_visible()
    expect(other.page.locator("#draw")).to_be_hidden()
    before = hole_cards(drawer)
    drawer.page.locator(".seat.you .card").nth(0).click()
    drawer.page.keyboard.press("2")
    drawer.page.keyboard.press("3")
    drawer.page.keyboard.press("3")  # marked and unmarked again
    expect(drawer.page.locator("#draw-label")).to_have_text("Draw 2")
    expect(drawer.page.locator('.seat.you .card[aria-pressed="true"]')).to_have_count(2)
    turn = room.turn_token()
    drawer.page.keyboard.press("d")
    moved_on(cardroom, turn, ann, bob)
    after = hole_cards(drawer)
    assert len(after) == 5 and set(before[2:]) <= set(after)  # kept: the three not marked
    assert not set(after) & set(before[:2])  # the two marked are gone
    drawer_seat = room.seat_of_user(drawer.user or -1)
    expect(other.page.locator(f'.seat[data-seat="{drawer_seat}"] .notes')).to_contain_text("drew 2")
    no_leaks(cardroom, ann, bob)


class MovedAway(HomeRoom):
    """A table that tells every viewer he was moved to room ``g2``, as a tournament's
    balancing does (``you.moved_to``)."""

    def snapshot_over(self, shared: TableFrame, viewer: User | None) -> TableFrame:
        frame = super().snapshot_over(shared, viewer)
        frame["you"] = {**frame["you"], "moved_to": "g2"}
        return frame


def test_a_moved_player_follows_his_new_table_without_a_reload(cardroom: Cardroom) -> None:
    from playwright.sync_api import expect

    registry = cardroom.app.state.cardroom.registry
    registry.add(MovedAway("g0", seats=6, clock=CLOCK, pause=PAUSE, seed=3), ENTRY)
    registry.add(HomeRoom("g2", seats=6, clock=CLOCK, pause=PAUSE, seed=4), ENTRY)
    page = cardroom.new_context().new_page()
    page.goto(f"{cardroom.url}/tables/g0")
    page.evaluate("window.notReloaded = true")
    expect(page.locator("#table")).to_have_attribute("data-room", "g2")
    assert page.url.endswith("/tables/g2")
    assert page.evaluate("window.notReloaded") is True
    expect(page.locator("#table")).not_to_have_attribute("data-status", "connecting")
    assert cardroom.app.state.hub.watchers("g2") == 1
    assert cardroom.app.state.hub.watchers("g0") == 0


def test_t18_the_slider_and_the_amount_go_in_the_tables_bet_unit(cardroom: Cardroom) -> None:
    """T-18: at a table betting in 5s the slider steps by 5 and its last notch is the
    all-in; a typed 7 is refused before sending, naming the steps; 10 is raised."""
    from playwright.sync_api import expect

    ann, bob = (cardroom.regular(name) for name in ("Ann", "Bob"))
    players = [ann, bob]
    cardroom.room.host = ann.user
    for seat, player in enumerate(players, start=1):
        sit(player, seat)
    ann.page.click("#start")
    next_hand(cardroom, 1, *players)
    hold_the_next_hand(cardroom)
    act(cardroom, players, "f")  # the small blind folds: stacks 199 and 201
    series = cardroom.room.series
    assert series is not None
    series.options = dataclasses.replace(series.options, bet_unit=5)  # as a tournament's chip
    deal_on(cardroom)
    next_hand(cardroom, 2, *players)
    actor = turn_of(cardroom, players)
    page = actor.page
    expect(page.locator("#slider")).to_have_attribute("step", "5")
    expect(page.locator("#slider")).to_have_attribute("max", "205")  # the notch past 200
    page.fill("#slider", "205")
    expect(page.locator("#amount")).to_have_value("201")  # the all-in
    page.fill("#amount", "7")
    expect(page.locator("#raise")).to_be_disabled()
    expect(page.locator("#error")).to_have_text(
        "raises are in steps of 5: from 5 to 200, or all-in 201"
    )
    raise_to(cardroom, players, 10)
    expect(page.locator("#log")).to_contain_text("You raise to 10")
