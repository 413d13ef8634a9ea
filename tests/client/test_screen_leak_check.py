"""The terminal screens' leak check (X-4) of :class:`tests.client.terminals.Known`, shown to
fail: the table, which shows the hand in play, is held to what the player may know of THAT
hand, so a card he knew only in an earlier hand is reported there, while the log (which
keeps the earlier hands) may name it; another player's hole card is reported anywhere."""

from __future__ import annotations

from textual.pilot import Pilot

from pokerroom.cards import Card
from pokerroom.tui.remote import RemoteTableApp
from tests.client.terminals import Known
from tests.remote_apps import deciding, run, settle
from tests.remote_link import Hub, room_position
from tests.web.leaks import Leak, find_leaks, known_to
from tests.web.table_driver import table


def leaks_with(known: Known, app: RemoteTableApp, card: Card, where: str) -> list[Leak]:
    """What the check finds with ``card`` written on the table (then drawn again as it
    was) or in the log, as a faulty drawing would write it."""
    name = str(app.link.name)  # type: ignore[attr-defined]
    box = app.widgets.table
    drawn = str(box.content)
    if where == "table":
        box.update(f"{drawn} {card}")
    else:
        app.widgets.log.write(f"planted {card}")
    known.leaks = []
    known.check_screen(name, app)
    box.update(drawn)
    return [leak for who, leak in known.leaks if who == name]


def test_the_screen_check_holds_the_table_to_the_hand_in_play() -> None:
    """A card Ann knew in hand 1 is a leak on the table during hand 2 (the whole-screen
    check against every card she ever knew missed it), not in the log; Bob's hole card of
    hand 2 is a leak in the log too."""
    driver = table("holdem", 2, seed=5)
    room = driver.room
    ann, bob = driver.users
    known = Known(room, {user.name: user for user in driver.users})
    found: dict[str, list[Leak]] = {}
    cards: list[Card] = []

    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        known.sample()  # hand 1: Ann knows her own two cards
        index = deciding(apps)
        assert index is not None
        await apps[index].link.send({"type": "act", "action": "fold"})
        await settle(hub, apps, pilots)
        assert hub.wait() and room.hand_number == 2, "the second hand is not dealt"
        await settle(hub, apps, pilots)
        known.sample()
        assert room.hand is not None
        screen = apps[0]
        earlier = min(known.cards[(ann.name, 1)] - known.cards[(ann.name, 2)])
        theirs = min(known_to(room.hand, room_position(room, bob)) - known.ever(ann.name))
        cards.extend((earlier, theirs))
        known.check_screen(ann.name, screen)
        found["as drawn"] = [leak for _who, leak in known.leaks]
        box = screen.widgets.table
        drawn = str(box.content)
        box.update(f"{drawn} {earlier}")
        found["whole screen"] = find_leaks(screen.screen_text(), known.ever(ann.name))
        box.update(drawn)
        found["past on the table"] = leaks_with(known, screen, earlier, "table")
        found["past in the log"] = leaks_with(known, screen, earlier, "log")
        found["his in the log"] = leaks_with(known, screen, theirs, "log")

    run(driver, scenario)
    earlier, theirs = cards
    assert found["as drawn"] == []
    assert found["whole screen"] == [], "the whole-screen check against all he knew misses it"
    assert found["past on the table"] == [Leak("screen.table", earlier)]
    assert found["past in the log"] == []
    assert found["his in the log"] == [Leak("screen.log", theirs)]
