"""OFC hand records: pokerroom's own PHH-style TOML format for Open-Face Chinese Pineapple.

PHH (https://github.com/uoftcprg/phh-std) has no open-face game, so this format
is **pokerroom's own**; ``docs/ofc-record.md`` specifies it. It takes PHH's shape
and every PHH field and notation whose meaning carries over, and marks the rest:

* ``variant = "OFCP"`` is our code; no PHH code clashes with it;
* our own fields start with ``_`` (``_fantasy``, ``_points``), the PHH spec's
  prefix for user-defined fields;
* ``actions`` is PHH's field, with PHH's ``d dh pN CARDS`` for a deal and our
  tokens ``pN s CARD ROW`` (set a card on ``bottom``, ``middle`` or ``top``),
  ``pN x CARD`` (discard face down) and ``pN sr`` (surrender).

A record is the full history, like a PHH file that shows every dealt card:
discards and Fantasyland rows, hidden at the table (O-2, O-4), are written out.
:func:`replay_record` rebuilds the hand through :class:`~pokerroom.ofc.OfcHand`,
so every placement is checked by the code that plays the game.

>>> record = loads('''
... variant = "OFCP"
... _fantasy = [false, false]
... actions = ["d dh p1 AsKdQh2c3d", "p1 s As top", "p1 s Kd top", "p1 s Qh top", "p1 s 2c top"]
... ''')
>>> replay_record(record).error  # doctest: +NORMALIZE_WHITESPACE
OfcIllegal(action_index=4, action='p1 s 2c top',
           message='the top row already holds 3 cards; open rows: bottom, middle', rule='O-1')
"""

from __future__ import annotations

from pokerroom.history.ofc.record_model import (
    VARIANT,
    VARIANT_NAME,
    OfcAction,
    OfcActionCode,
    OfcRecord,
    OfcRecordError,
    parse_action,
    record_of,
)
from pokerroom.history.ofc.replay import OfcIllegal, OfcReplay, replay_record
from pokerroom.history.ofc.toml import (
    dumps,
    dumps_many,
    is_ofc_text,
    loads,
    loads_many,
    read_records,
)

__all__ = [
    "VARIANT",
    "VARIANT_NAME",
    "OfcAction",
    "OfcActionCode",
    "OfcIllegal",
    "OfcRecord",
    "OfcRecordError",
    "OfcReplay",
    "dumps",
    "dumps_many",
    "is_ofc_text",
    "loads",
    "loads_many",
    "parse_action",
    "read_records",
    "record_of",
    "replay_record",
]
