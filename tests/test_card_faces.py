"""Cards as players read them on every screen: the rank and the suit's symbol (``A♥``,
``T♠``), the same 52 faces the table page draws, each read back as its card."""

from __future__ import annotations

from pokerroom.cards import ALL_CARDS, Card, card_face
from pokerroom.table.story import faces_text


def test_every_card_has_its_own_two_character_face_that_parses_back() -> None:
    faces = [card_face(card) for card in ALL_CARDS]
    assert len(set(faces)) == 52
    assert all(len(face) == 2 and face[1] in "♣♦♥♠" for face in faces)
    assert [Card.parse(face) for face in faces] == list(ALL_CARDS)


def test_a_hand_reads_with_suit_symbols_and_card_backs() -> None:
    cards = [Card.parse("Ah"), Card.parse("Ts"), None]
    assert faces_text(cards) == "A♥ T♠ ##"
