"""A home-series table on the web (HomeRoom): every message, every refusal, the clock,
pre-actions, show or muck, away seats and hands played to the end."""

from __future__ import annotations

from pokerroom.cards import Card
from pokerroom.cardset import CardSet
from pokerroom.evaluate.high import high_strength
from pokerroom.room import ShotClock
from pokerroom.room.seam import Outcome, User
from tests.web.leaks import find_leaks, known_to
from tests.web.table_driver import Table, table


def to_act(t: Table) -> User:
    hand = t.snap(None)["hand"]
    assert hand is not None and hand["to_act"] is not None
    return next(u for u in t.users if t.room.seat_of_user(u.id) == hand["to_act"])


def others(t: Table, user: User) -> list[User]:
    return [u for u in t.users if u != user]


def refused(t: Table, user: User | None, message_type: str, code: str, **fields: object) -> str:
    """Send a message that must be refused with ``code``; nothing may change."""
    before = [t.text(u) for u in [*t.users, None]]
    outcome = t.send(user, message_type, **fields)
    assert not outcome.changed and outcome.code == code, outcome
    assert outcome.error is not None and "\n" not in outcome.error
    assert [t.text(u) for u in [*t.users, None]] == before
    return outcome.error


# ------------------------------------------------------------------ seating


def test_sit_leave_and_start_before_the_series() -> None:
    t = table("holdem", 3, start=False)
    ann, bob, cy = t.users
    assert t.snap(None)["status"] == "waiting"
    assert [s["name"] for s in t.snap(None)["seats"]] == ["Ann", "Bob", "Cy", None]
    assert "seat 2 is taken; free: 4" in refused(t, User(9, "Zed"), "sit", "seat_taken", seat=2)
    assert "you already sit in seat 1" in refused(t, ann, "sit", "seated", seat=3)
    assert t.send(cy, "leave").changed
    assert "seats 1-4; free: 3, 4" in refused(t, User(9, "Zed"), "sit", "seat", seat=7)
    assert refused(t, bob, "start", "not_host") == "only the host starts the series"
    assert t.send(ann, "start").changed
    frame = t.snap(ann)
    assert frame["status"] == "playing" and frame["hand"] is not None
    assert "the series has started" in refused(t, cy, "sit", "started", seat=3)  # H-2
    assert "sit_out" in refused(t, bob, "leave", "started")


def test_a_full_table_starts_by_itself_and_one_player_cannot_start() -> None:
    t = table("holdem", 1, start=False)
    assert "2 players or more" in refused(t, t.users[0], "start", "players")
    joe = User(2, "Joe")
    assert t.send(joe, "sit", seat=2).changed  # the last seat: the series starts
    assert t.snap(joe)["status"] == "playing"


# ------------------------------------------------------------------ refusals


def test_bad_messages_are_refused_with_one_line_and_change_nothing() -> None:
    t = table("holdem", 3)
    actor = to_act(t)
    assert "types: hello, sit" in refused(t, actor, "shove", "unknown_type")
    assert "needs an 'amount'" in refused(t, actor, "act", "amount", action="raise")
    assert "must be a whole number" in refused(
        t, actor, "act", "wrong_type", action="raise", amount="6"
    )
    assert "has no field 'seat'" in refused(t, actor, "act", "extra_field", action="fold", seat=2)
    assert "protocol 1, not 2" in refused(t, actor, "hello", "version", v=2)
    assert not t.send(actor, "hello", v=1).changed


def test_acting_out_of_turn_or_for_another_seat_is_refused() -> None:
    """A-2: the room acts only for the sender's own seat, only in his turn."""
    t = table("holdem", 3)
    actor = to_act(t)
    other = others(t, actor)[0]
    message = refused(t, other, "act", "out_of_turn", action="fold")
    assert message == f"it is {actor.name}'s turn, not yours; choose a pre-action instead"
    assert "observers only watch" in refused(t, None, "act", "not_seated", action="fold")
    assert "no seat" in refused(t, User(9, "Zed"), "act", "not_seated", action="fold")
    assert "to act, not to draw" in refused(t, actor, "draw", "wrong_phase", cards=[])


def test_an_amount_outside_the_range_names_the_range() -> None:
    """A-8: the refusal states the legal range; nothing changes."""
    t = table("holdem", 3)
    actor = to_act(t)
    message = refused(t, actor, "act", "amount", action="raise", amount=3)
    assert message == (
        "Raise to 3 is outside the legal range 4-200. You may: fold, call 2, raise to 4-200."
    )
    refused(t, actor, "act", "amount", action="raise", amount=201)
    assert "You may: fold, call 2" in refused(t, actor, "act", "not_allowed", action="check")
    assert "you may not bet now" in refused(t, actor, "act", "not_allowed", action="bet", amount=6)


def test_a_replayed_or_stale_message_is_refused() -> None:
    t = table("holdem", 3)
    actor = to_act(t)
    turn = t.snap(actor)["hand"]["turn"]  # type: ignore[index]
    assert t.room.handle(actor, {"type": "act", "id": "x1", "action": "call"}, t.now).changed
    replay = t.room.handle(actor, {"type": "act", "id": "x1", "action": "fold"}, t.now)
    assert replay == Outcome(
        False, "message 'x1' was already received; every message needs a new id", "replayed"
    )
    actor = to_act(t)
    message = refused(t, actor, "act", "stale", action="fold", turn=turn)
    assert message.startswith(f"that action was for an earlier moment ({turn})")


# ------------------------------------------------------------------ play


def test_everyone_folds_to_the_big_blind() -> None:
    """A-15: the big blind wins the blinds without showing; chips are conserved (P-9)."""
    t = table("holdem", 3)
    for _ in range(2):
        assert t.send(to_act(t), "act", action="fold").changed
    frame = t.snap(None)
    stacks = {s["name"]: s["stack"] for s in frame["seats"]}
    big = next(s["name"] for s in frame["seats"] if s["big_blind"])
    small = next(s["name"] for s in frame["seats"] if s["small_blind"])
    assert stacks[big] == 201 and stacks[small] == 199 and sum(stacks.values()) == 600
    assert frame["status"] == "pause" and frame["next_hand_at"] == t.now + 4.0
    (result,) = frame["results"]
    assert result["winners"][0]["name"] == big and result["winners"][0]["hand"] is None
    assert frame["hand"] is not None
    assert frame["hand"]["log"][-2:] == [f"uncalled 1 returned to {big}", f"{big} wins 2"]


def test_a_hand_checked_down_pays_the_best_hand() -> None:
    """P-2: the pot goes to the best shown hand, worked out here from the cards on screen."""
    t = table("holdem", 2, seed=4)
    while t.snap(None)["hand"]["phase"] not in ("done", "showdown"):  # type: ignore[index]
        actor = to_act(t)
        actions = t.snap(actor)["you"]["actions"]
        assert actions is not None
        t.send(actor, "act", action="check" if actions["check"] else "call")
    while (decider := t.decider()) is not None:
        assert t.send(decider, "show").changed
    frame = t.snap(None)
    hand = frame["hand"]
    assert hand is not None and hand["phase"] == "done"
    board = [Card.parse(c) for c in hand["boards"][0]]
    strength = {
        s["seat"]: high_strength(CardSet([*[Card.parse(c) for c in s["cards"] if c], *board]).mask)
        for s in frame["seats"]
    }
    best = max(strength.values())
    winners = [seat for seat, value in strength.items() if value == best]
    stacks = {s["seat"]: s["stack"] for s in frame["seats"]}
    if len(winners) == 1:
        assert stacks[winners[0]] == 202
        assert any(" wins 4 with " in line for line in hand["log"])  # the winning hand named
    else:
        assert set(stacks.values()) == {200}


def test_the_shot_clock_checks_then_folds_and_a_time_bank_comes_first() -> None:
    """A-18: at the deadline a time bank extends the turn; then home checks when free,
    else folds, the log says so, and the player is sat out (H-9) until he sits in."""
    clock = ShotClock(seconds=30, countdown=10, banks=1, bank_seconds=20)
    t = table("holdem", 3, clock=clock)
    actor = to_act(t)
    frame = t.snap(actor)
    assert frame["hand"] is not None and frame["hand"]["clock"] == {
        "seat": t.room.seat_of_user(actor.id),
        "deadline": 40.0,
        "countdown_from": 30.0,
        "banks": 1,
        "bank_seconds": 20,
    }
    assert t.room.deadline() == 40.0
    t.now = 39.9
    assert not t.room.tick(t.now)
    t.now = 40.0
    assert t.room.tick(t.now)  # the bank
    clock_frame = t.snap(None)["hand"]["clock"]  # type: ignore[index]
    assert clock_frame is not None and clock_frame["deadline"] == 60.0 and clock_frame["banks"] == 0
    t.now = 60.0
    assert t.room.tick(t.now)
    frame = t.snap(None)
    assert frame["hand"] is not None
    assert f"{actor.name} timed out: fold" in frame["hand"]["log"]
    seat = frame["seats"][t.room.seat_of_user(actor.id) - 1]  # type: ignore[operator]
    assert seat["folded"] and seat["away"]
    assert t.send(actor, "sit_in").changed
    assert "already playing" in refused(t, actor, "sit_in", "sitting_in")


def test_a_message_after_the_deadline_finds_the_clock_has_acted() -> None:
    t = table("holdem", 3, clock=ShotClock(banks=0))
    actor = to_act(t)
    t.now = 41.0
    outcome = t.send(actor, "act", action="call")
    assert outcome.changed and outcome.code == "out_of_turn"  # the timeout folded first


def test_a_preaction_is_sent_when_the_turn_comes() -> None:
    """X-3: call any waits for the turn, then calls the raise; the blinds call at once."""
    t = table("holdem", 3)
    first = to_act(t)  # three-handed, the button acts first pre-flop
    blinds = others(t, first)
    refused(t, first, "preaction", "your_turn", kind="check_fold")
    for user in blinds:
        assert t.send(user, "preaction", kind="call_any").changed
        assert t.snap(user)["you"]["preaction"] == "call_any"
    assert t.send(first, "act", action="raise", amount=8).changed
    hand = t.snap(None)["hand"]
    assert hand is not None and hand["street"] == "flop"
    assert [line for line in hand["log"] if line.endswith("calls 8")] == [
        f"{user.name} calls 8" for user in blinds
    ]
    assert all(t.snap(user)["you"]["preaction"] is None for user in blinds)


def test_a_check_preaction_is_discarded_when_someone_bets() -> None:
    """X-3: the situation changed (a new bet): the pre-action goes, and its owner is told."""
    t = table("holdem", 3)
    while t.snap(None)["hand"]["street"] == "preflop":  # type: ignore[index]
        actor = to_act(t)
        actions = t.snap(actor)["you"]["actions"]
        assert actions is not None
        t.send(actor, "act", action="check" if actions["check"] else "call")
    bettor = to_act(t)
    waiter = next(u for u in others(t, bettor))
    assert t.send(waiter, "preaction", kind="check").changed
    assert t.send(bettor, "act", action="bet", amount=4).changed
    you = t.snap(waiter)["you"]
    assert you["preaction"] is None
    assert you["notice"] == "your pre-action check was cancelled: the bet is now 4"
    assert "check" not in you["preactions"] and "call_any" in you["preactions"]
    assert "you have no pre-action" in refused(t, waiter, "preaction", "no_preaction", kind="clear")


def test_show_or_muck_at_showdown() -> None:
    """P-5: the first to show may muck and give up the pot; his cards stay hidden."""
    t = table("holdem", 2, seed=11)
    while t.snap(None)["hand"]["phase"] == "bet":  # type: ignore[index]
        actor = to_act(t)
        actions = t.snap(actor)["you"]["actions"]
        assert actions is not None
        t.send(actor, "act", action="check" if actions["check"] else "call")
    shower = t.decider()
    assert shower is not None
    you = t.snap(shower)["you"]
    assert you["decision"] == "show" and you["may_muck"]
    other = others(t, shower)[0]
    assert "to show or muck" in refused(t, shower, "act", "wrong_phase", action="check")
    refused(t, other, "muck", "out_of_turn")
    assert t.send(shower, "muck").changed
    frame = t.snap(other)
    hand = t.room.hand
    assert hand is not None and hand.phase == "done"
    mucked = frame["seats"][t.room.seat_of_user(shower.id) - 1]  # type: ignore[operator]
    assert mucked["mucked"] and mucked["cards"] == [None, None]
    assert mucked["stack"] == 198
    assert not find_leaks(frame, known_to(hand, t.room.position_of(t.room.seat_of_user(other.id))))  # type: ignore[arg-type]


def test_draw_discards_and_bad_cards() -> None:
    """V-8: the player to draw names cards he holds; a bad or foreign card is refused."""
    t = table("draw", 2, limit=None)
    while t.snap(None)["hand"]["phase"] == "bet":  # type: ignore[index]
        actor = to_act(t)
        actions = t.snap(actor)["you"]["actions"]
        assert actions is not None
        t.send(actor, "act", action="check" if actions["check"] else "call")
    drawer = t.decider()
    assert drawer is not None and t.snap(drawer)["you"]["decision"] == "draw"
    seat = t.room.seat_of_user(drawer.id)
    assert seat is not None
    mine = [c for c in t.snap(drawer)["seats"][seat - 1]["cards"] if c]
    assert "'Xx' is not a card" in refused(t, drawer, "draw", "bad_card", cards=["Xx"])
    assert "named twice" in refused(t, drawer, "draw", "bad_card", cards=[mine[0], mine[0]])
    stranger = next(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs" if f"{r}{s}" not in mine)
    message = refused(t, drawer, "draw", "not_in_hand", cards=[stranger])
    assert message == f"you do not hold {stranger}; your cards: {' '.join(mine)}"
    assert t.send(drawer, "draw", cards=mine[:2]).changed
    after = [c for c in t.snap(drawer)["seats"][seat - 1]["cards"] if c]
    assert len(after) == 5 and not set(mine[:2]) & set(after)
    assert t.snap(drawer)["seats"][seat - 1]["drew"] == 2


def test_stud_up_cards_bring_in_and_complete() -> None:
    """V-5: others see the up cards; the bring-in is due; completing is named "complete"."""
    t = table("stud", 3)
    actor = to_act(t)
    actions = t.snap(actor)["you"]["actions"]
    assert actions is not None and actions["bring_in"] == 1
    assert actions["raise_to"] is not None and actions["raise_to"]["word"] == "complete"
    observer = t.snap(None)
    for seat in observer["seats"]:
        assert seat["cards"][:2] == [None, None] and seat["cards"][2] is not None
    refused(t, actor, "act", "not_allowed", action="raise", amount=2)
    assert t.send(actor, "act", action="bring_in").changed


def test_the_bomb_pot_shows_two_boards() -> None:
    t = table("bomb-pot-omaha", 3)
    hand = t.snap(None)["hand"]
    assert hand is not None and [len(b) for b in hand["boards"]] == [3, 3]
    assert hand["pot"] == 6 and hand["street"] == "flop"


def test_preflop_presets_offer_two_and_a_half_and_three_big_blinds() -> None:
    t = table("holdem", 3)
    actions = t.snap(to_act(t))["you"]["actions"]
    assert actions is not None
    assert [(p["name"], p["amount"]) for p in actions["presets"]] == [
        ("min", 4),
        ("2.5×", 5),
        ("3×", 6),
        ("pot", 7),  # the call makes the pot 5: a pot raise is to 2 + 5
        ("all-in", 200),
    ]


# ------------------------------------------------------------------ away


def fold_around(t: Table) -> None:
    while t.snap(None)["status"] == "playing":
        assert t.send(to_act(t), "act", action="fold").changed


def test_sitting_out_is_dealt_and_killed_and_a_short_drop_is_not() -> None:
    """H-9, H-11: away at the deal: dealt and killed at once, what he posted lost; a drop
    shorter than the grace period is dealt in, a longer one is away."""
    t = table("holdem", 4)
    _, bob, cy, _ = t.users
    assert t.send(bob, "sit_out").changed
    assert t.room.presence(cy, False, t.now)
    fold_around(t)
    t.now += 5  # past the pause; Cy's connection has been gone 5 s: within the grace
    t.wait()
    frame = t.snap(None)
    bob_seat, cy_seat = frame["seats"][1], frame["seats"][2]
    assert frame["hand"] is not None and frame["hand"]["number"] == 2
    assert bob_seat["away"] and bob_seat["folded"] and bob_seat["last_action"] == "folds"
    assert not cy_seat["folded"] and not cy_seat["connected"]
    assert "already sitting out" in refused(t, bob, "sit_out", "sitting_out")
    fold_around(t)
    stacks = {s["name"]: s["stack"] for s in t.snap(None)["seats"]}
    t.now += 40  # now Cy has been gone longer than the grace
    t.wait()
    frame = t.snap(None)
    assert frame["hand"] is not None and frame["hand"]["number"] == 3
    assert [s["folded"] for s in frame["seats"]] == [False, True, True, False]
    fold_around(t)
    after = {s["name"]: s["stack"] for s in t.snap(None)["seats"]}
    assert sum(after.values()) == 800
    assert after["Bob"] <= stacks["Bob"] and after["Cy"] <= stacks["Cy"]  # blinds lost


def test_a_table_with_one_player_here_holds_until_another_comes_back() -> None:
    t = table("holdem", 2)
    _, bob = t.users
    assert t.send(bob, "sit_out").changed
    while t.snap(None)["status"] == "playing":
        t.send(to_act(t), "act", action="fold")
    t.wait()
    assert t.snap(None)["status"] == "held" and t.room.deadline() is None
    assert t.send(bob, "sit_in").changed
    assert t.snap(None)["status"] == "pause"
    t.wait()
    assert t.snap(None)["status"] == "playing"


def test_bots_play_their_seats_and_the_series_ends() -> None:
    t = table("holdem", 1, bots={2: "station"}, max_hands=2)
    (ann,) = t.users
    for _ in range(100):
        if t.snap(ann)["status"] == "over":
            break
        if t.snap(ann)["you"]["decision"] == "act":
            t.send(ann, "act", action="fold")
        elif t.snap(ann)["you"]["decision"] == "show":
            t.send(ann, "show")
        else:
            t.wait()
    frame = t.snap(ann)
    assert frame["status"] == "over" and frame["hands_played"] == 2
    assert [s["place"] for s in frame["standings"]] == [1, 2]
    assert frame["seats"][1]["bot"] == "station" and frame["seats"][1]["name"] == "Bot 2"
    assert sum(s["chips"] for s in frame["standings"]) == 400


def test_the_stud_bring_in_times_out_into_the_bring_in() -> None:
    """A-18, V-5: the lowest up card may not fold, so his timeout posts the bring-in."""
    t = table("stud", 2, clock=ShotClock(banks=0))
    actor = to_act(t)
    assert t.snap(actor)["you"]["actions"]["fold"] is False  # type: ignore[index]
    t.now = 40.0
    assert t.room.tick(t.now)
    assert f"{actor.name} timed out: bring in 1" in t.snap(None)["hand"]["log"]  # type: ignore[index]
