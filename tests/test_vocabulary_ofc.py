"""OFC in the players' words: refusals addressed as «вы» with the rows named in Russian
and Ukrainian, and no English left; English exactly as before."""

from __future__ import annotations

import pytest

from pokerroom.i18n import use_language
from pokerroom.ofc import OfcError, OfcHand, Row
from pokerroom.ofc.words import refusal_text
from tests.english_words import english_words


def _refused(act) -> OfcError:  # type: ignore[no-untyped-def]
    with pytest.raises(OfcError) as caught:
        act()
    return caught.value


def test_ofc_refusals_in_three_languages() -> None:
    hand = OfcHand(2, seed=7)
    player = hand.to_act
    assert player is not None
    other = 1 - player
    cards = hand.pending(player)
    out_of_turn = _refused(lambda: hand.place(other, cards[0], Row.TOP))
    assert refusal_text(out_of_turn, other) == (
        f"player {other} cannot set a card now: it is player {player}'s turn"
    )
    with use_language("ru"):
        assert refusal_text(out_of_turn, other) == (
            f"Вам сейчас нельзя выложить карту: ходит игрок {player}"
        )
    for card in cards[:3]:
        hand.place(player, card, Row.TOP)
    full = _refused(lambda: hand.place(player, cards[3], Row.TOP))
    assert str(full) == "the top row already holds 3 cards; open rows: bottom, middle"
    no_discard = _refused(lambda: hand.discard(player, cards[3]))
    for language in ("ru", "uk"):
        with use_language(language):
            said = [refusal_text(error, player) for error in (out_of_turn, full, no_discard)]
        assert not english_words(" / ".join(said)), said
    with use_language("uk"):
        assert refusal_text(full, player) == (
            "У верхньому ряду вже 3 карти; вільні ряди: нижній, середній"
        )
