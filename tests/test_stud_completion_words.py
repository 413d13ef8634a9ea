"""V-5: Stud's completion is called "complete to 2" wherever a player reads his options —
the engine's options line (the terminal table's status), the web table's frame (the browser
and ``pokerroom connect``), and the refusals of a wrong amount — never "bet" or "raise to"."""

from __future__ import annotations

from pokerroom.tui.remote.app import _bet_key_works as bet_key
from pokerroom.tui.remote.view import raise_refusal
from tests.web.table_driver import table
from tests.web.test_room import to_act


def test_the_bring_in_player_and_the_next_ones_complete_to_the_small_bet() -> None:
    t = table("stud", 3)
    bringer = to_act(t)
    actions = t.snap(bringer)["you"]["actions"]
    assert actions is not None
    assert actions["options"] == ["bring in 1", "complete to 2"]
    assert actions["raise_to"] is not None and actions["raise_to"]["word"] == "complete"
    assert t.send(bringer, "act", action="bring_in").changed

    second = to_act(t)
    actions = t.snap(second)["you"]["actions"]
    assert actions is not None
    assert actions["options"] == ["fold", "call 1", "complete to 2"]
    assert actions["raise_to"] is not None and actions["raise_to"]["word"] == "complete"
    outcome = t.send(second, "act", action="complete", amount=3)
    told = "Complete to 3 is outside the legal range 2-2. You may: fold, call 1, complete to 2."
    assert not outcome.changed and outcome.error == told
    assert raise_refusal(actions, 3) == told  # `pokerroom connect` checks it first, alike
    assert t.send(second, "act", action="complete", amount=2).changed

    third = to_act(t)
    actions = t.snap(third)["you"]["actions"]
    assert actions is not None
    assert actions["options"] == ["fold", "call 2", "raise to 4"]  # completed: now a raise
    assert actions["raise_to"] is not None and actions["raise_to"]["word"] == "raise"


def test_the_terminal_clients_r_key_is_named_complete_until_someone_completes() -> None:
    """`pokerroom connect`: the footer's r key reads "Complete" on Stud's third street."""
    t = table("stud", 3)
    words = []
    for _ in range(3):
        frame = t.snap(to_act(t))
        words.append([w for w in ("bet", "raise", "complete") if bet_key(frame, "raise", (w,))])
        actor = to_act(t)
        actions = frame["you"]["actions"]
        assert actions is not None
        sized = actions["raise_to"]
        assert sized is not None
        if actions["bring_in"] is not None:
            assert t.send(actor, "act", action="bring_in").changed
        else:
            assert t.send(actor, "act", action=sized["word"], amount=sized["min"]).changed
    assert words == [["complete"], ["complete"], ["raise"]]
