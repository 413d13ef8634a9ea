"""The hand replayer's steps: the right steps, chips conserved at each (P-9), and no card a
viewer never saw (X-4); the template fragment carries them to the page intact."""

from __future__ import annotations

import json
from pathlib import Path

import jinja2
import pytest

from pokerroom.engine import Action, Hand, HandConfig
from pokerroom.history import write_phh
from pokerroom.web.replayer import complete_steps, replay_steps, steps_seen_by
from pokerroom.web.template_words import install_words
from tests.random_hands import GAMES, NAMES, Stacked, random_hand, unshown_cards
from tests.test_engine_stud import act, stud, third_street

TEMPLATES = Path(__file__).parents[2] / "src" / "pokerroom" / "web" / "templates"


def folded_out_hand() -> Hand:
    config = HandConfig.holdem([200, 150, 300], small_blind=1, big_blind=2)
    hand = Hand(config, Stacked("Ah Kh 7c 2d Qs Qd 9h 3s 8s 4d 5c Jc Tc"))
    for action in (Action.raise_to(6), Action.call(), Action.fold()):
        hand.act(action)
    hand.act(Action.check())
    hand.act(Action.raise_to(10))
    hand.act(Action.fold())
    return hand


def test_each_thing_that_happened_is_one_step_in_words() -> None:
    steps = replay_steps(folded_out_hand(), 0, NAMES[:3])
    assert [step["text"] for step in steps] == [
        "The hand begins",
        "Ann posts 1",
        "Bob posts 2",
        "The cards are dealt",
        "Cyd raises to 6",
        "Ann calls 5",
        "Bob folds",
        "Flop: 3♠ 8♠ 4♦",
        "Ann checks",
        "Cyd bets 10",
        "Ann folds",
        "10 uncalled returned to Cyd",
        "Cyd wins 14",
    ]
    flop = steps[7]
    assert flop["pot"] == 14 and flop["bets"] == [0, 0, 0]
    assert flop["boards"] == [["3s", "8s", "4d"]]
    assert flop["cards"] == [["Ah", "2d"], [None, None], [None, None]]
    assert steps[9]["bets"] == [0, 0, 10] and steps[9]["actor"] == 2
    assert steps[-1]["stacks"] == [194, 148, 308]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_chips_are_conserved_and_no_unseen_card_shows_at_any_step(game: str) -> None:
    """P-9 at every step; X-4: hole cards of others only once shown, never a burn."""
    for seed in range(5):
        hand = random_hand(game, seed)
        total = sum(hand.config.stacks)
        for viewer in (None, *range(hand.players)):
            steps = replay_steps(hand, viewer, NAMES[: hand.players])
            json.dumps(steps)  # JSON-ready
            hidden = {str(card) for card in unshown_cards(hand, viewer)}
            for step in steps:
                assert sum(step["stacks"]) + sum(step["bets"]) + step["pot"] == total
                shown = {c for cards in (*step["cards"], *step["boards"]) for c in cards if c}
                assert not shown & hidden, (seed, viewer, step)
            assert steps[-1]["stacks"] == list(hand.stacks)
            assert steps[-1]["pot"] == 0


def test_the_viewers_own_cards_show_from_the_deal_and_others_only_when_shown() -> None:
    hand = random_hand("holdem-nl", 4, players=3)
    for viewer in range(3):
        dealt = replay_steps(hand, viewer, NAMES[:3])[3]
        assert dealt["cards"][viewer] == [str(card) for card in hand.hole[viewer]]
        assert all(
            card is None for p, cards in enumerate(dealt["cards"]) if p != viewer for card in cards
        )


def test_a_stored_hand_replays_with_its_names() -> None:
    hand = folded_out_hand()
    names, steps = steps_seen_by(write_phh(hand, ["Ann", "Bob", "Cyd"]), 1)
    assert names == ["Ann", "Bob", "Cyd"]
    assert steps == replay_steps(hand, 1, names)
    assert steps[3]["cards"][1] == ["Kh", "Qs"]


def test_the_template_fragment_carries_the_steps_and_the_controls() -> None:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True)
    install_words(env)
    names, steps = ["Ann <b>", "Bob"], replay_steps(random_hand("holdem-nl", 1, 2), 0, ["A", "B"])
    html = env.get_template("replayer.html").render(names=names, steps=steps)
    start = html.index('class="replayer-data">') + len('class="replayer-data">')
    data = json.loads(html[start : html.index("</script>", start)])
    assert data == {"names": names, "steps": steps, "seats": [1, 2], "you": None, "size": 2}
    assert "Ann <b>" not in html and "Ann \\u003cb\\u003e" in html  # no markup from a name
    assert f'max="{len(steps) - 1}"' in html
    assert "◀" in html and "▶" in html and "/static/replayer.js" in html
    assert 'class="felt replayer-felt"' in html and "/static/table.css" in html  # the felt


def test_wrong_names_are_refused() -> None:
    with pytest.raises(ValueError, match="one name per position"):
        replay_steps(folded_out_hand(), 0, ["Ann"])


def test_the_directors_copy_shows_every_card_from_the_deal() -> None:
    """T-16: the complete copy has every hole card face up; a player's has his own only."""
    hand = folded_out_hand()
    dealt = complete_steps(hand, NAMES[:3])[3]
    assert dealt["text"] == "The cards are dealt"
    assert dealt["cards"] == [[str(card) for card in hole] for hole in hand.hole]
    assert replay_steps(hand, 0, NAMES[:3])[3]["cards"][1] == [None, None]


def test_the_stud_completion_is_a_step_that_completes_then_bets_raise() -> None:
    """V-5: after the bring-in the first bet completes; the next is a raise."""
    hand = third_street(stud([100] * 3, bring_in=3), ["3h 4h As", "5h 6h Kh", "7d 8d 2c"])
    act(hand, "b", "r10", "r20")
    texts = [step["text"] for step in complete_steps(hand, NAMES[:3])]
    assert texts[-3:] == ["Cyd brings in for 3", "Ann completes to 10", "Bob raises to 20"]


def test_amounts_and_cards_read_as_on_the_table_page() -> None:
    """Issue 22: the replayer's words group amounts (``1,388``) and draw cards ``3♠``."""
    config = HandConfig.holdem([5000, 5000], small_blind=25, big_blind=50)
    hand = Hand(config, Stacked("Ah Kh 7c 2d Qs 3s 8s 4d 5c Jc Tc"))
    hand.act(Action.raise_to(1388))
    hand.act(Action.call())
    texts = [step["text"] for step in replay_steps(hand, 0, NAMES[:2])]
    assert any(text.endswith("raises to 1,388") for text in texts), texts
    assert any(text.endswith("calls 1,338") for text in texts), texts
    assert any(text.startswith("Flop: ") and "♠" in text for text in texts), texts
