"""The pot as players read it (P-1, A-16): a bet nobody has called is no side pot, and the
pots shown are the pots the hand pays, the same at the terminal table, on the web table's
snapshot and in the remote terminal (``connect``), which draws the snapshot."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.pilot import Pilot

from pokerroom.cli.connect.view import table_lines
from pokerroom.deck import Deck
from pokerroom.engine import Action, Hand, HandConfig, Limit, Variant
from pokerroom.engine.views import view_of
from pokerroom.protocol.frames import TableFrame
from pokerroom.table.series import Series
from pokerroom.tui.remote import RemoteTableApp
from pokerroom.tui.remote import view as remote
from pokerroom.tui.render import board_lines
from tests.local_apps import series_table
from tests.remote_apps import deciding, press, run, settle
from tests.remote_link import Hub
from tests.test_engine_properties import GAMES, configs, contributions, offered
from tests.web.table_driver import Table, table


def limped_flop(players: int) -> Hand:
    """Blinds 1/2, 200 chips each, everyone limps: a pot of 2 per player on the flop."""
    hand = Hand(HandConfig.holdem([200] * players, small_blind=1, big_blind=2), Deck(seed=4))
    while hand.street == 0:
        legal = hand.legal_actions()
        hand.act(Action.check() if legal.check else Action.call())
    return hand


def pot_line(hand: Hand) -> str:
    """The pot line of the terminal table, as the first player sees it."""
    return board_lines(view_of(hand, 0), [pot.amount for pot in hand.pots_in_middle])[-1]


# ------------------------------------------------------------ the terminal table


def test_p1_a_shove_nobody_has_called_is_not_a_side_pot_at_the_terminal() -> None:
    """Heads-up, 198 shoved into 4: one pot of 202, no "side 1 198"; called, one pot of 400."""
    hand = limped_flop(2)
    hand.act(Action.raise_to(198))
    assert pot_line(hand) == "pot 202"
    assert [pot.amount for pot in hand.pots_in_middle] == [4]
    hand.act(Action.call())
    assert pot_line(hand) == "pot 400"
    assert [(pot.amount, pot.eligible) for pot in hand.pots_in_middle] == [(400, (0, 1))]


def test_p1_two_equal_all_ins_make_one_pot_at_the_terminal() -> None:
    """Four limp (8), a shove and an all-in call of 198: no "main 8, side 1 396" while two
    players are still to act; when they call, one pot of 800 is paid, and shown."""
    hand = limped_flop(4)
    hand.act(Action.raise_to(198))
    hand.act(Action.call())
    assert pot_line(hand) == "pot 404"
    hand.act(Action.call())
    hand.act(Action.call())
    assert pot_line(hand) == "pot 800"
    assert [pot.amount for pot in hand.pots_in_middle] == [800]


def test_a16_when_the_others_fold_the_pot_is_one_and_the_excess_goes_back() -> None:
    """Three limp (6); a shove of 198, one call of 198, the last folds: one pot of 402,
    and a real side pot is shown once a short all-in caps the main pot."""
    hand = limped_flop(3)
    hand.act(Action.raise_to(198))
    hand.act(Action.call())
    hand.act(Action.fold())
    assert [(pot.amount, pot.eligible) for pot in hand.pots_in_middle] == [(402, (0, 1))]
    short = Hand(HandConfig.holdem([50, 200, 200], small_blind=1, big_blind=2), Deck(seed=4))
    for action in (Action.raise_to(50), Action.call(), Action.call()):
        short.act(action)
    assert pot_line(short) == "pot 150"
    short.act(Action.raise_to(20))
    short.act(Action.call())
    assert pot_line(short) == "pot 190 (main 150, side 1 40)"
    short.act(Action.raise_to(60))
    assert pot_line(short) == "pot 250 (main 150, side 1 40, bets 60)"


def test_p1_the_terminal_table_draws_no_side_pot_for_a_shove_nobody_called() -> None:
    """Ann and Bob at one table limp, Ann shoves the flop: the table says pot 202 while
    Bob decides, then 400 when he calls; never a side pot of Ann's own chips."""
    drawn: list[str] = []

    async def scenario(hub: Hub, apps: list[RemoteTableApp], pilots: list[Pilot[None]]) -> None:
        for key in ("c", "c", "a", "c"):
            index = deciding(apps)
            assert index is not None
            await press(pilots[index], apps[index], key)
            await settle(hub, apps, pilots)
            drawn.append(str(apps[index].widgets.table.content))

    run(series_table(Series(["Ann", "Bob"], seed=3), people=(1, 2)), scenario)
    _, checked, shoved, called = drawn
    assert "pot 4 " in checked
    assert "pot 202 " in shoved and "side" not in shoved and "main" not in shoved
    assert "pot 400" in called and "side" not in called


# ------------------------------------------------------------ the web table and connect


def play_flop(driver: Table, moves: list[dict[str, object]]) -> TableFrame:
    """Limp preflop, then make ``moves`` on the flop; the snapshot of whoever is next."""
    while (frame := driver.snap(decider := driver.decider()))["hand"]["street"] == "preflop":  # type: ignore[index]
        actions = frame["you"]["actions"]
        assert actions is not None
        driver.send(decider, "act", action="check" if actions["check"] else "call")
    for move in moves:
        decider = driver.decider()
        assert driver.send(decider, "act", **move).changed
    return driver.snap(driver.decider())


def remote_pot_lines(frame: TableFrame) -> list[str]:
    """The pot as the remote terminal table and the ``connect`` client draw it."""
    return [line for line in remote.centre(frame, None) if line.startswith("pot ")] + [
        line for line in table_lines({**frame, "now": 0.0}) if line.startswith("  pots")
    ]


def test_p1_web_and_remote_show_no_side_pot_for_an_uncalled_shove() -> None:
    """The snapshot holds one pot of 202 for everyone in the hand; the terminals agree."""
    frame = play_flop(table("holdem", 2), [{"action": "bet", "amount": 198}])
    hand = frame["hand"]
    assert hand is not None
    assert [(pot["amount"], sorted(pot["seats"])) for pot in hand["pots"]] == [(202, [1, 2])]
    assert remote_pot_lines(frame) == ["pot 202"]


def test_a16_web_log_says_the_uncalled_bet_went_back() -> None:
    """When the shove is folded to, the log says the 198 went back; it won no side pot."""
    driver = table("holdem", 2)
    play_flop(driver, [{"action": "bet", "amount": 198}, {"action": "fold"}])
    hand = driver.snap(driver.users[0])["hand"]
    assert hand is not None
    assert any(line.startswith("uncalled 198 returned to ") for line in hand["log"])
    assert not any("side pot" in line for line in hand["log"])


def test_p1_web_and_remote_show_one_pot_for_two_equal_all_ins() -> None:
    """Four limp, shove and call of 198: 404 in one pot while two players decide; 800 after."""
    driver = table("holdem", 4)
    frame = play_flop(driver, [{"action": "bet", "amount": 198}, {"action": "call"}])
    assert frame["hand"] is not None and [p["amount"] for p in frame["hand"]["pots"]] == [404]
    assert remote_pot_lines(frame) == ["pot 404"]
    for _ in range(2):
        assert driver.send(driver.decider(), "act", action="call").changed
    after = driver.snap(driver.users[0])["hand"]
    assert after is not None
    pots = [p["amount"] for p in after["pots"]]
    assert pots == [800]


# ------------------------------------------------------------ every hand


def check_pots_shown(hand: Hand) -> None:
    """P-1, A-16: the pots shown hold every chip in the middle and no uncalled bet."""
    pots = hand.pots_in_middle
    in_front = sum(hand.committed)
    assert sum(pot.amount for pot in pots) == hand.pot - in_front
    dead = any(hand.folded) or any(hand.mucked) or any(hand.config.antes)  # B-7, H-8, P-5
    for pot in pots:  # a pot for one player alone holds dead chips, never his own bet
        assert len(pot.eligible) > 1 or dead, pots


@pytest.mark.parametrize(
    ("variant", "limit"), GAMES, ids=[f"{v.code}-{lim.value}" for v, lim in GAMES]
)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_p1_the_pots_shown_are_the_pots_the_hand_pays(
    variant: Variant, limit: Limit, data: st.DataObject
) -> None:
    """Over random hands of every game: at every decision the shown pots hold the chips in
    the middle and no pot of one player's own bet; at the end, they are the pots paid."""
    config = data.draw(configs(variant, limit), label="config")
    hand = Hand(config, Deck(seed=data.draw(st.integers(0, 2**32 - 1), label="seed")))
    while hand.phase in ("bet", "draw"):
        check_pots_shown(hand)
        if hand.phase == "draw":  # V-8: stand pat; the pots do not move
            assert hand.to_draw is not None
            hand.draw([])
            continue
        between = data.draw(st.integers(0, 2**16))
        choices = offered(hand.legal_actions(), between)
        hand.act(data.draw(st.sampled_from(choices + [a for a in choices if a.amount])))
    assert hand.phase == "done"
    check_pots_shown(hand)
    paid = [(pot.amount, pot.eligible) for pot in hand.result]
    assert [(pot.amount, pot.eligible) for pot in hand.pots_in_middle] == paid
    assert sum(amount for amount, _ in paid) == sum(contributions(hand))  # put in, less returns
