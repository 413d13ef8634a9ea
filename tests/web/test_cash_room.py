"""A cash table on the web (CashRoom): buy-ins, posting or waiting for the big blind,
sitting out and in, top-ups, leaving, the rake (P-9) and its hand histories, dropped
connections (H-11), and a property: no chip is made or lost."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pokerroom.history.phh.documents import parse_phh
from pokerroom.room import ShotClock
from pokerroom.room.seam import User
from pokerroom.settle.settlement import HOUSE, Settlement
from pokerroom.table.cash import Rake
from tests.web.cash_driver import CashTableDriver, cash_step, cash_table, chips_at_table
from tests.web.table_driver import table

ZED = User(9, "Zed")


def refused(t: CashTableDriver, user: User | None, kind: str, code: str, **fields: object) -> str:
    """Send a message that must be refused with ``code``: one line, nothing changes."""
    viewers = [*t.users, ZED, None]
    before = [t.text(u) for u in viewers]
    ledger = repr(t.room.ledger)
    outcome = t.send(user, kind, **fields)
    assert not outcome.changed and outcome.code == code, outcome
    assert outcome.error is not None and "\n" not in outcome.error
    assert [t.text(u) for u in viewers] == before
    assert repr(t.room.ledger) == ledger
    return outcome.error


def squared(settled: Settlement) -> bool:
    """Whether the transfers leave every player and the house at zero."""
    left = {a.player: a.balance for a in settled.accounts} | {HOUSE: settled.rake}
    for transfer in settled.transfers:
        left[transfer.payer] += transfer.amount
        left[transfer.payee] -= transfer.amount
    return not any(left.values())


def play_out(t: CashTableDriver, *, fold: bool = False) -> None:
    """Play the current hand to its end: everyone checks or calls (or folds)."""
    for _ in range(200):
        decider = t.decider()
        if decider is None:
            return
        you = t.snap(decider)["you"]
        actions = you["actions"]
        if you["decision"] == "show":
            t.send(decider, "show")
        elif you["decision"] == "draw":
            t.send(decider, "draw", cards=[])
        elif actions is not None and fold and actions["fold"] and not actions["check"]:
            t.send(decider, "act", action="fold")
        elif actions is not None and actions["check"]:
            t.send(decider, "act", action="check")
        else:
            t.send(decider, "act", action="call")
    raise AssertionError("the hand did not end")


def dealt(t: CashTableDriver, user: User) -> bool:
    seat = t.room.seat_of_user(user.id)
    return seat is not None and t.room.position_of(seat) is not None


def state(t: CashTableDriver, user: User) -> str | None:
    return t.snap(user)["you"]["cash"]["state"]


# ------------------------------------------------------------------ sitting down


def test_a_buy_in_outside_the_range_is_refused_naming_the_range() -> None:
    t = cash_table("holdem", 2, users=3)
    cy = t.users[2]
    assert refused(t, cy, "sit", "buy_in", seat=3, buy_in=79) == (
        "a buy-in at this table is 80 to 200 chips, got 79"
    )
    assert "80 to 200 chips, got 201" in refused(t, cy, "sit", "buy_in", seat=3, buy_in=201)
    assert "sit needs a 'buy_in': at this table 80 to 200 chips" in refused(
        t, cy, "sit", "buy_in", seat=3
    )
    assert "seat 1 is taken; free: 3, 4, 5, 6" in refused(
        t, cy, "sit", "seat_taken", seat=1, buy_in=100
    )
    assert "seats 1-6" in refused(t, cy, "sit", "seat", seat=7, buy_in=100)
    assert "already sit in seat 1" in refused(t, t.users[0], "sit", "seated", seat=3, buy_in=100)
    assert "observers only watch" in refused(t, None, "sit", "not_seated", seat=3, buy_in=100)
    assert "deals by itself" in refused(t, cy, "start", "no_start")
    assert "sit with a seat and a buy-in of 80 to 200" in refused(
        t, cy, "top_up", "not_seated", amount=5
    )
    assert t.send(cy, "sit", seat=3, buy_in=80).changed
    frame = t.snap(cy)
    assert frame["kind"] == "cash"
    assert frame["cash"] == {"min_buy_in": 80, "max_buy_in": 200, "rake": None}
    assert frame["seats"][2]["stack"] == 80 and frame["seats"][2]["name"] == "Cy"
    assert t.room.ledger.bought_in == {1: 200, 2: 200, 3: 80}


def test_the_table_waits_for_two_ready_players_then_deals_after_a_pause() -> None:
    t = cash_table("holdem", 1, users=2, deal=False)
    assert t.snap(None)["status"] == "waiting" and t.room.deadline() is None
    assert t.send(t.users[1], "sit", seat=4, buy_in=150).changed
    assert t.snap(None)["status"] == "pause" and t.room.deadline() == 4.0
    t.wait()
    assert t.snap(None)["status"] == "playing" and t.snap(None)["hand"] is not None


def test_home_rooms_refuse_the_cash_messages() -> None:
    t = table("holdem", 2, start=False)
    joe = User(5, "Joe")
    outcome = t.send(joe, "sit", seat=3, buy_in=100)
    assert outcome.code == "buy_in" and "same stack" in (outcome.error or "")
    outcome = t.send(t.users[0], "top_up", amount=10)
    assert outcome.code == "not_cash" and not outcome.changed


# ------------------------------------------------------------------ post or wait


def test_a_newcomer_waits_for_the_big_blind_or_posts_to_play_at_once() -> None:
    """H-6 (dead button, nobody skips the big blind): after hand 1 (button 1, blinds 2
    and 3) Eve sits in seat 5 and waits; Flo in seat 6 posts a live big blind."""
    t = cash_table("holdem", 4, seed=2, users=6)
    eve, flo = t.users[4], t.users[5]
    markers = t.room.table.markers
    assert markers is not None and (markers.button, markers.big_blind) == (1, 3)
    play_out(t, fold=True)
    assert t.send(eve, "sit", seat=5, buy_in=100).changed
    assert t.send(flo, "sit", seat=6, buy_in=100, post=True).changed
    assert (state(t, eve), state(t, flo)) == ("waiting", "posting")
    assert t.snap(eve)["you"]["cash"]["may_post"] and not t.snap(flo)["you"]["cash"]["may_post"]
    t.wait()  # hand 2: big blind seat 4, button seat 2
    hand = t.snap(None)["hand"]
    assert hand is not None and "Flo posts 2" in hand["log"]
    assert dealt(t, flo) and not dealt(t, eve)
    assert t.snap(None)["seats"][4]["cards"] == [] and state(t, eve) == "waiting"
    play_out(t, fold=True)
    assert t.room.hands[-1].record.posts == {6: 2}
    t.wait()  # hand 3: the big blind reaches Eve
    assert dealt(t, eve) and t.snap(None)["seats"][4]["big_blind"]
    assert state(t, eve) == "playing"


def test_post_switches_a_waiting_player_and_is_refused_otherwise() -> None:
    t = cash_table("holdem", 4, seed=2, users=6)
    eve = t.users[4]
    assert "not waiting for the big blind" in refused(t, t.users[0], "post", "post")
    assert t.send(eve, "sit", seat=5, buy_in=100).changed
    assert "already wait for the big blind" in refused(t, eve, "post", "post", post=False)
    assert t.send(eve, "post").changed and state(t, eve) == "posting"
    assert "already post" in refused(t, eve, "post", "post")
    stud = cash_table("stud", 2, users=3)
    assert stud.send(stud.users[2], "sit", seat=3, buy_in=100).changed
    assert state(stud, stud.users[2]) == "playing"  # no blinds: dealt the next hand
    assert "has no blinds" in refused(stud, stud.users[2], "post", "post")


# ------------------------------------------------------------------ sit out, sit in


def test_sitting_out_skips_the_deal_and_coming_back_waits_or_posts() -> None:
    t = cash_table("holdem", 4, seed=2)
    ann, bob = t.users[0], t.users[1]
    assert t.send(bob, "sit_out").changed
    assert dealt(t, bob) and state(t, bob) == "sitting_out"  # a hand dealt to him plays on
    assert t.snap(None)["seats"][1]["away"]
    assert "already sitting out" in refused(t, bob, "sit_out", "sitting_out")
    assert "already playing" in refused(t, ann, "sit_in", "sitting_in")
    for _ in range(3):  # the big blind passes his seat while he is out
        play_out(t, fold=True)
        t.wait()
        assert not dealt(t, bob)
    assert t.send(bob, "sit_in").changed
    assert state(t, bob) == "waiting"  # missed blinds: he waits for the big blind
    assert t.send(bob, "post").changed and state(t, bob) == "posting"


def test_a_player_whose_clock_runs_out_is_sat_out() -> None:
    """A-18: the timeout acts, then he sits out until he sits in, as online rooms do."""
    t = cash_table("holdem", 3, clock=ShotClock(seconds=5, countdown=0, banks=0))
    decider = t.decider()
    assert decider is not None
    t.now += 5
    t.room.tick(t.now)
    assert state(t, decider) == "sitting_out"


def test_a_dropped_connection_past_the_grace_period_is_sat_out() -> None:
    """H-11: gone longer than the grace period when a hand is dealt: sat out, not dealt."""
    t = cash_table("holdem", 3, grace=10)
    _, bob, cy = t.users
    play_out(t, fold=True)
    assert t.room.presence(bob, False, t.now)
    assert t.room.presence(cy, False, t.now)
    t.now += 4  # the next hand is due in 4 s: within the grace period
    t.room.tick(t.now)
    assert dealt(t, bob) and state(t, bob) == "playing"
    assert not t.snap(None)["seats"][1]["connected"]
    t.room.presence(cy, True, t.now)  # Cy is back in time
    play_out(t, fold=True)
    t.now += 20
    t.room.tick(t.now)
    assert not dealt(t, bob) and state(t, bob) == "sitting_out"
    assert dealt(t, cy) and state(t, cy) == "playing"
    assert t.room.presence(bob, True, t.now)
    assert state(t, bob) == "sitting_out"  # back, he sits in himself
    assert t.send(bob, "sit_in").changed


# ------------------------------------------------------------------ top-ups


def test_top_up_only_between_hands_and_up_to_the_maximum() -> None:
    """H-2: table stakes; the maximum buy-in caps a top-up."""
    t = cash_table("holdem", 3, seed=5, users=4)
    ann, dee = t.users[0], t.users[3]
    assert "in a hand: add chips between hands" in refused(t, ann, "top_up", "in_hand", amount=1)
    assert t.snap(ann)["you"]["cash"]["top_up"] == 0
    assert t.send(dee, "sit", seat=4, buy_in=80).changed
    assert t.snap(dee)["you"]["cash"]["top_up"] == 120  # not in the hand: he may add
    assert "you may add 1 to 120 chips (the maximum buy-in is 200, you have 80), got 121" in (
        refused(t, dee, "top_up", "top_up", amount=121)
    )
    assert t.send(dee, "top_up", amount=20).changed
    play_out(t, fold=True)  # the pause between hands
    assert t.snap(dee)["you"]["cash"]["top_up"] == 100
    assert "got 0" in refused(t, dee, "top_up", "top_up", amount=0)
    assert "got 101" in refused(t, dee, "top_up", "top_up", amount=101)
    assert t.send(dee, "top_up", amount=100).changed
    assert t.snap(None)["seats"][3]["stack"] == 200
    assert "maximum buy-in (200): nothing to add" in refused(t, dee, "top_up", "top_up", amount=1)
    assert (t.room.ledger.bought_in[4], t.room.ledger.topped_up[4]) == (80, 120)


# ------------------------------------------------------------------ leaving


def test_leaving_between_hands_frees_the_seat_at_once() -> None:
    t = cash_table("holdem", 3, users=4)
    cy = t.users[2]
    play_out(t, fold=True)
    chips = t.room.table.seats[3].chips
    assert t.send(cy, "leave").changed
    assert t.snap(None)["seats"][2]["name"] is None
    assert t.room.ledger.taken == {3: chips}
    assert "no seat at this table" in refused(t, cy, "leave", "not_seated")


def test_leaving_mid_hand_folds_and_frees_the_seat_when_the_hand_ends() -> None:
    t = cash_table("holdem", 3, seed=3, users=4)
    leaver = next(u for u in t.users[:3] if t.decider() != u)
    seat = t.room.seat_of_user(leaver.id)
    assert seat is not None
    assert t.send(leaver, "leave").changed
    frame = t.snap(None)
    assert frame["seats"][seat - 1]["state"] == "leaving" and frame["seats"][seat - 1]["in_hand"]
    assert "leaving" in refused(t, leaver, "top_up", "leaving", amount=5)
    assert f"seat {seat} is taken" in refused(
        t, t.users[3], "sit", "seat_taken", seat=seat, buy_in=100
    )
    play_out(t)  # the others check it down; his hand is folded at his turn
    hand = t.snap(None)["hand"]
    assert hand is not None and f"{leaver.name} folds" in hand["log"]
    record = t.room.hands[-1].record
    assert set(record.cashed_out) == {seat}
    assert t.room.ledger.taken == {leaver.id: record.cashed_out[seat]}
    assert t.snap(None)["seats"][seat - 1]["name"] is None
    assert not any(w["seat"] == seat for w in t.snap(None)["results"][0]["winners"])
    joe = t.users[3]  # a newcomer in the seat never gets the last hand's cards
    assert t.send(joe, "sit", seat=seat, buy_in=100).changed
    mine = t.snap(joe)["seats"][seat - 1]
    assert mine["cards"] == [] and mine["stack"] == 100 and not mine["in_hand"]


# ------------------------------------------------------------------ the rake


def test_a_raked_hand_shows_the_rake_in_its_result_and_its_history() -> None:
    """P-9: 5 % capped at 3, no flop no drop; stacks net of the rake; PHH ``_rake``."""
    t = cash_table("holdem", 3, seed=4, rake=Rake(5, 3))
    assert t.snap(None)["cash"]["rake"] == {"percent": "5", "cap": 3}
    decider = t.decider()
    assert decider is not None
    assert t.send(decider, "act", action="raise", amount=20).changed
    play_out(t)  # 60 in the pot reaches the flop: 5 % is 3, the cap
    result = t.snap(None)["results"][0]
    record = t.room.hands[-1].record
    assert result["rake"] == 3 == record.rake.total == t.room.ledger.rake
    assert sum(record.stacks_after.values()) == 600 - 3
    assert sum(c["change"] for c in result["changes"]) == -3
    assert [s["stack"] for s in t.snap(None)["seats"][:3]] == [
        record.stacks_after[seat] for seat in (1, 2, 3)
    ]
    phh = t.room.hands[-1].phh
    assert "_rake = [" in phh
    parsed = parse_phh(phh)
    assert parsed.rake is not None and sum(parsed.rake) == 3
    t.wait()
    play_out(t, fold=True)  # everyone folds to the big blind: no flop, no drop
    assert t.snap(None)["results"][0]["rake"] == 0
    assert "_rake" not in t.room.hands[-1].phh


def test_an_unraked_table_shows_no_rake() -> None:
    t = cash_table("omaha", 2)
    play_out(t)
    assert "rake" not in t.snap(None)["results"][0]
    assert "_rake" not in t.room.hands[-1].phh
    assert t.room.hands[-1].users == tuple(
        t.room.hand_occupants[p].user for p in range(len(t.room.hands[-1].record.seats))
    )


# ------------------------------------------------------------------ no chip made or lost


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    game=st.sampled_from(["holdem", "omaha", "stud", "draw"]),
    players=st.integers(1, 4),
)
@example(seed=146, game="holdem", players=2)  # more hands than the room keeps
def test_chips_at_the_table_plus_chips_taken_plus_rake_equal_chips_bought(
    seed: int, game: str, players: int
) -> None:
    """P-9, H-2: over random buy-ins, top-ups, leaves, sit-outs and play, every chip bought
    is at the table, was taken away by a leaver, or went to the rake; and the settle-up at
    any moment (a seated player cashing out his stack) sums to minus the rake, and its
    transfers, at most one fewer than the players and the house, square everyone."""
    rng = random.Random(seed)
    t = cash_table(game, players, seed=seed, users=5, rake=Rake("4.5", 2))
    raked: dict[int, int] = {}  # the room keeps only its last KEPT_HANDS hands: note each
    for _ in range(150):
        cash_step(t, rng)
        ledger = t.room.ledger
        assert chips_at_table(t.room) + sum(ledger.taken.values()) + ledger.rake == sum(
            ledger.bought_in.values()
        ) + sum(ledger.topped_up.values())
        settled = t.room.settlement()  # seated players cash out their stacks
        assert sum(a.balance for a in settled.accounts) == -ledger.rake == -settled.rake
        assert squared(settled) and len(settled.transfers) < max(len(settled.accounts) + 1, 2)
        raked.update((h.number, h.record.rake.total) for h in t.room.hands)
    assert sum(raked.values()) == t.room.ledger.rake
