"""A started server's heap is settled: start-up's objects frozen, the rounds spaced out.

Run in a process of its own, as freezing is for the whole process."""

from __future__ import annotations

import json
import subprocess
import sys

from pokerroom.web.heap import OLDER_THRESHOLDS, YOUNG_THRESHOLD

SETTLE = """
import gc, json
from pokerroom.web.heap import settle_heap
kept = [[n] for n in range(1000)]  # start-up's objects, still alive
before = gc.get_freeze_count()
settle_heap()
print(json.dumps([before, gc.get_freeze_count(), gc.get_threshold()]))
"""


def test_settling_freezes_what_lives_and_spaces_the_rounds() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SETTLE], capture_output=True, text=True, check=True, timeout=60
    )
    before, frozen, thresholds = json.loads(done.stdout)
    assert before == 0
    assert frozen >= 1000  # the lists made before it, at least
    assert tuple(thresholds) == (YOUNG_THRESHOLD, *OLDER_THRESHOLDS)
