"""A saved input that failed when it was made fails again when a table or tournament is
replayed: one warning line naming the place, the input's serial and kind and the error's
class, never the error's text, which may name a card (X-4)."""

from __future__ import annotations

import logging

import pytest

from pokerroom.storage.rooms.store import RoomInput


def test_an_input_that_fails_again_is_one_line_without_the_errors_text(
    caplog: pytest.LogCaptureFixture,
) -> None:
    item = RoomInput(7, "act", 12.5, data={"action": "call"})
    logger = logging.getLogger("pokerroom.storage.rooms.saved_room")
    with caplog.at_level(logging.WARNING, logger=logger.name):
        item.failed_again(logger, "table t1", ValueError("Ah Kd were dealt"))
    (line,) = [record.getMessage() for record in caplog.records]
    assert line.startswith("table t1 failed again on input 7 (act): ValueError")
    assert "Ah" not in line and "Kd" not in line
