"""What a client may send to a table, checked before a room sees it (A-2, X-3).

Every message is a JSON object ``{"type": ..., "id": ..., ...}``; ``id`` is the client's
own, unique per message, so a replayed message can be told apart and a refusal can name
the message it answers. :func:`parse_client` turns raw text into one of the models below
or raises :class:`ProtocolError` with a short code and one line that says what was wrong
and what is allowed. ``docs/protocol.md`` documents every message with an example.

>>> parse_client('{"type": "act", "id": "m1", "action": "raise", "amount": 6}')
Act(id='m1', type='act', action='raise', amount=6, turn=None)
>>> try:
...     parse_client('{"type": "sit", "id": "m2", "seat": "one"}')
... except ProtocolError as error:
...     print(error.code, "·", error.message)
wrong_type · sit: 'seat' must be a whole number, got 'one'
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

from pokerroom.errors import PokerroomError

MAX_MESSAGE_BYTES = 4096
"""The largest client message read; a table message is a few dozen bytes."""
CARD_TOKEN = re.compile(r"[2-9TJQKA][cdhs]")
"""A card as the protocol writes it: rank 2-9, T, J, Q, K, A and suit c, d, h, s ("Td")."""
ACTIONS = ("fold", "check", "call", "bet", "raise", "bring_in", "complete")
"""``bet``, ``raise`` and ``complete`` take the round total (A-7) as ``amount``."""
AMOUNT_ACTIONS = frozenset({"bet", "raise", "complete"})
PREACTIONS = ("check_fold", "check", "call_any", "fold_any", "clear")

PENALTIES = ("warning", "hands", "disqualification")

ActionName = Literal["fold", "check", "call", "bet", "raise", "bring_in", "complete"]
PreactionName = Literal["check_fold", "check", "call_any", "fold_any", "clear"]


class ProtocolError(PokerroomError, ValueError):
    """A message the table cannot read; ``code`` is short and machine-readable."""

    def __init__(self, code: str, message: str, ref: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ref = ref
        """The message's ``id`` when it could be read."""


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    id: str = Field(min_length=1, max_length=64)


class Hello(_Message):
    """The first message on a connection: the protocol version ``v`` the client speaks
    (the hub checks it before anything else; an ``id`` is optional here)."""

    type: Literal["hello"]
    id: str = Field(default="hello", min_length=1, max_length=64)
    v: int


class Sit(_Message):
    """Take a free seat: before a series starts; at a cash table any time, with a
    ``buy_in`` in the table's range, waiting for the big blind or ``post``-ing one."""

    type: Literal["sit"]
    seat: int = Field(ge=1, le=10)
    buy_in: int | None = None
    post: bool = False


class Leave(_Message):
    """Give up your seat: before a series starts; at a cash table between hands, or from
    a hand you are in at its end (your hand is folded)."""

    type: Literal["leave"]


class Start(_Message):
    """The host starts dealing."""

    type: Literal["start"]


class Act(_Message):
    """Your decision when it is your turn to bet; ``turn`` (from the snapshot) guards
    against a click meant for an earlier situation."""

    type: Literal["act"]
    action: ActionName
    amount: int | None = None
    turn: str | None = Field(default=None, max_length=32)

    @model_validator(mode="after")
    def _amount_when_sized(self) -> Act:
        if self.action in AMOUNT_ACTIONS and self.amount is None:
            raise ValueError(f"{self.action} needs an 'amount': the total of your bet this round")
        if self.action not in AMOUNT_ACTIONS and self.amount is not None:
            raise ValueError(f"{self.action} takes no 'amount'; only bet, raise and complete do")
        return self


class Preaction(_Message):
    """A decision chosen before your turn, sent when it comes (X-3); ``clear`` removes it."""

    type: Literal["preaction"]
    kind: PreactionName


class Show(_Message):
    """Show your hand at showdown (P-5)."""

    type: Literal["show"]


class Muck(_Message):
    """Give up the pot without showing (P-5)."""

    type: Literal["muck"]


class RunTwice(_Message):
    """All-in before the river at a table that offers it: agree to run the board twice, or
    not (then it is run once)."""

    type: Literal["run_twice"]
    agree: bool


class Draw(_Message):
    """Draw games: the cards to throw away, none to stand pat (V-8)."""

    type: Literal["draw"]
    cards: list[str] = Field(max_length=5)

    @model_validator(mode="after")
    def _card_tokens(self) -> Draw:
        for token in self.cards:
            if not CARD_TOKEN.fullmatch(token):
                raise ValueError(f"{token!r} is not a card: write rank then suit, e.g. 'As', 'Td'")
        if len(set(self.cards)) != len(self.cards):
            raise ValueError("a card is named twice")
        return self


class SitOut(_Message):
    """Be away from the next hand on (H-9): your hands are dealt and killed."""

    type: Literal["sit_out"]


class SitIn(_Message):
    """Come back from sitting out; at a cash table, having missed the blinds, ``post``
    them to play at once rather than wait for the big blind."""

    type: Literal["sit_in"]
    post: bool = False


class TopUp(_Message):
    """Cash tables: add chips between hands, up to the maximum buy-in (H-2)."""

    type: Literal["top_up"]
    amount: int


class Post(_Message):
    """Cash tables: while waiting for the big blind, post one to play the next hand
    (``post: false`` waits for the big blind again)."""

    type: Literal["post"]
    post: bool = True


class Straddle(_Message):
    """Tables whose host allows straddles: straddle (twice the big blind) whenever the
    straddle comes to your seat, from the next deal on (``straddle: false`` stops)."""

    type: Literal["straddle"]
    straddle: bool = True


DirectorActionName = Literal[
    "pause",
    "resume",
    "add_time",
    "remove_time",
    "next_level",
    "break_now",
    "add_break",
    "edit_level",
    "insert_level",
    "remove_level",
    "move",
    "break_table",
    "penalty",
    "chips",
    "end_late_registration",
    "announce",
    "rule_dispute",
    "undo",
]
DIRECTOR_ACTIONS: tuple[str, ...] = get_args(DirectorActionName)
"""A web tournament director's actions (T-16), each with its own fields (:class:`Director`)."""
LEVEL_AMOUNTS = ("small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet")
_DIRECTOR_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "pause": ((), ()),
    "resume": ((), ()),
    "next_level": ((), ()),
    "end_late_registration": ((), ()),
    "add_time": (("minutes",), ()),
    "remove_time": (("minutes",), ()),
    "break_now": (("minutes",), ()),
    "add_break": (("level", "minutes"), ()),
    "edit_level": (("level",), ("minutes", *LEVEL_AMOUNTS)),
    "insert_level": (("level",), ("minutes", *LEVEL_AMOUNTS)),
    "remove_level": (("level",), ()),
    "move": (("player", "table"), ("seat",)),
    "break_table": (("table",), ()),
    "penalty": (("player", "penalty", "reason"), ("hands", "offence")),
    "chips": (("player", "chips", "reason"), ()),
    "announce": (("text",), ()),
    "rule_dispute": (("dispute", "text"), ()),
    "undo": ((), ()),
}
"""Each action's required and optional fields."""
_AMOUNT = Field(default=None, ge=0, le=10**12)


class Director(_Message):
    """A tournament director's action (T-16), sent to the tournament (its socket, or the
    forms of ``/tournaments/<id>/director``): ``action`` and that action's own fields —
    ``minutes`` (time added or removed, a break's length, a level's), ``level`` (a level's
    number; for ``add_break``, the level the break follows), a level's amounts,
    ``player``, ``table`` and ``seat``, a ``penalty`` (``hands`` for a sit-out) with its
    ``reason`` and optional 002 ``offence`` clause, ``chips`` (the corrected count), an
    announcement's ``text``, and a ruling's ``text`` on ``dispute`` number (T-17)."""

    type: Literal["director"]
    action: DirectorActionName
    minutes: int | None = Field(default=None, ge=1, le=24 * 60)
    level: int | None = Field(default=None, ge=1, le=1000)
    small_blind: int | None = _AMOUNT
    big_blind: int | None = _AMOUNT
    ante: int | None = _AMOUNT
    bring_in: int | None = _AMOUNT
    small_bet: int | None = _AMOUNT
    big_bet: int | None = _AMOUNT
    player: str | None = Field(default=None, min_length=1, max_length=64)
    table: int | None = Field(default=None, ge=1, le=100_000)
    seat: int | None = Field(default=None, ge=1, le=10)
    penalty: Literal["warning", "hands", "disqualification"] | None = None
    hands: int | None = Field(default=None, ge=1, le=100)
    offence: str | None = Field(default=None, max_length=20)
    reason: str | None = Field(default=None, max_length=200)
    chips: int | None = Field(default=None, ge=1, le=10**12)
    text: str | None = Field(default=None, max_length=200)
    dispute: int | None = Field(default=None, ge=1, le=100_000)

    @model_validator(mode="after")
    def _fields_of_the_action(self) -> Director:
        needed, optional = _DIRECTOR_FIELDS[self.action]
        given = [name for name in self.model_fields_set if name not in ("type", "id", "action")]
        for name in needed:
            if getattr(self, name) is None:
                raise ValueError(f"{self.action} needs '{name}'{_takes(needed, optional)}")
        for name in given:
            if name not in needed and name not in optional:
                raise ValueError(f"{self.action} takes no '{name}'{_takes(needed, optional)}")
        if self.action == "penalty" and (self.penalty == "hands") != (self.hands is not None):
            raise ValueError("a penalty of 'hands' (a sit-out), and only that, takes 'hands'")
        if self.action == "edit_level" and not any(getattr(self, n) is not None for n in optional):
            raise ValueError(f"edit_level changes at least one of {', '.join(optional)}")
        return self


def _takes(needed: tuple[str, ...], optional: tuple[str, ...]) -> str:
    fields = [*needed, *(f"{name} (optional)" for name in optional)]
    return f"; it takes {', '.join(fields)}" if fields else "; it takes no fields"


class Chat(_Message):
    """Say one line in the room's chat: at the table if you play there (or host or direct
    it), in the observers' chat if you watch. The room checks its length and how often."""

    type: Literal["chat"]
    text: str


class ChatIgnore(_Message):
    """Stop (``ignore: false``: start again) reading one user's chat lines; only you."""

    type: Literal["chat_ignore"]
    user: int
    ignore: bool = True


class ChatReport(_Message):
    """Send chat line ``line`` (its ``n``) to the host or director, with its hand number."""

    type: Literal["chat_report"]
    line: int


class ChatMute(_Message):
    """The host or director mutes ``user`` (10 min, then 1 h, then 1 day), or lifts his
    mute (``mute: false``)."""

    type: Literal["chat_mute"]
    user: int
    mute: bool = True


class ChatSwitch(_Message):
    """The host or director sets the chat's switches: no players' chat while a player is
    all-in (``quiet_all_in``), the observers' chat open (``observers``)."""

    type: Literal["chat_switch"]
    quiet_all_in: bool | None = None
    observers: bool | None = None


OfcRowName = Literal["top", "middle", "bottom"]
OFC_ROWS = ("top", "middle", "bottom")


class Place(_Message):
    """OFC tables: your whole part of one deal (O-2, O-4) — each dealt card to a row in
    ``cards`` (``{"As": "bottom", "Kd": "top"}``) and, in every deal but the first five,
    the one card thrown away face down as ``discard``. ``turn`` (from the snapshot)
    guards against a placement meant for an earlier deal."""

    type: Literal["place"]
    cards: dict[str, OfcRowName] = Field(max_length=13)
    discard: str | None = None
    turn: str | None = Field(default=None, max_length=32)

    @model_validator(mode="after")
    def _card_tokens(self) -> Place:
        named = [*self.cards, *([] if self.discard is None else [self.discard])]
        for token in named:
            if not CARD_TOKEN.fullmatch(token):
                raise ValueError(f"{token!r} is not a card: write rank then suit, e.g. 'As', 'Td'")
        if self.discard is not None and self.discard in self.cards:
            raise ValueError(f"{self.discard} is named twice: set on a row and discarded")
        return self


class Surrender(_Message):
    """OFC tables: give up this hand before setting any card, paying 2 points to each
    opponent who plays on (O-5). ``turn`` (from the snapshot) guards against a surrender
    meant for an earlier hand."""

    type: Literal["surrender"]
    turn: str | None = Field(default=None, max_length=32)


ClientMessage = Annotated[
    Hello
    | Sit
    | Leave
    | Start
    | Act
    | Preaction
    | Show
    | Muck
    | RunTwice
    | Draw
    | SitOut
    | SitIn
    | TopUp
    | Post
    | Straddle
    | Director
    | Place
    | Surrender
    | Chat
    | ChatIgnore
    | ChatReport
    | ChatMute
    | ChatSwitch,
    Field(discriminator="type"),
]
_MODELS: dict[str, type[_Message]] = {
    model.model_fields["type"].annotation.__args__[0]: model  # type: ignore[union-attr]
    for model in (
        Hello,
        Sit,
        Leave,
        Start,
        Act,
        Preaction,
        Show,
        Muck,
        RunTwice,
        Draw,
        SitOut,
        SitIn,
        TopUp,
        Post,
        Straddle,
        Director,
        Place,
        Surrender,
        Chat,
        ChatIgnore,
        ChatReport,
        ChatMute,
        ChatSwitch,
    )
}
MESSAGE_TYPES = tuple(_MODELS)
_ADAPTER: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


def parse_client(raw: str | bytes) -> ClientMessage:
    """One client message from the socket, or :class:`ProtocolError` saying what is wrong."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError(
            "too_large", f"a message is at most {MAX_MESSAGE_BYTES} bytes, got {size}"
        )
    try:
        text = raw.decode() if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise ProtocolError("malformed", "a message is UTF-8 text: one JSON object") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ProtocolError(
            "malformed", f"not JSON ({error.msg} at character {error.pos}): send one JSON object"
        ) from None
    if not isinstance(data, dict):
        raise ProtocolError(
            "malformed", f'a message is a JSON object {{"type": ..., "id": ...}}, got {raw!r:.40}'
        )
    return parse_message(data)


def parse_message(data: Mapping[str, object]) -> ClientMessage:
    """One decoded message (a JSON object), or :class:`ProtocolError`."""
    ident = data.get("id")
    ref = ident if isinstance(ident, str) and ident else None
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _MODELS:
        got = "no 'type'" if kind is None else f"type {kind!r}"
        raise ProtocolError(
            "unknown_type", f"unknown message ({got}); types: {', '.join(MESSAGE_TYPES)}", ref
        )
    try:
        return _ADAPTER.validate_python(dict(data))
    except ValidationError as error:
        code, line = _first_problem(kind, error)
        raise ProtocolError(code, line, ref) from None


def _first_problem(kind: str, error: ValidationError) -> tuple[str, str]:
    """The first thing wrong, in one line: which field, and what it may be."""
    problem = error.errors()[0]
    where = [str(part) for part in problem["loc"] if part != kind]
    field = where[0] if where else ""
    fields = ", ".join(name for name in _MODELS[kind].model_fields if name != "type")
    match problem["type"]:
        case "missing":
            return "missing_field", f"{kind} needs '{field}'; its fields: {fields}"
        case "extra_forbidden":
            return "extra_field", f"{kind} has no field '{field}'; its fields: {fields}"
        case "literal_error":
            allowed: tuple[str, ...] = {
                "action": DIRECTOR_ACTIONS if kind == "director" else ACTIONS,
                "kind": PREACTIONS,
                "penalty": PENALTIES,
                "cards": OFC_ROWS,
            }.get(field, ())
            return (
                "bad_value",
                f"{kind}: '{field}' must be one of {', '.join(allowed)}, got {problem['input']!r}",
            )
        case "value_error":
            message = str(problem["msg"]).removeprefix("Value error, ")
            code = "bad_card" if "not a card" in message or "named twice" in message else "amount"
            return "bad_value" if kind == "director" else code, f"{kind}: {message}"
        case "greater_than_equal" | "less_than_equal" if kind == "director":
            bound = problem["msg"].lower().removeprefix("input should be ")
            return "bad_value", f"{kind}: '{field}' must be {bound}, got {problem['input']!r}"
        case "greater_than_equal" | "less_than_equal":
            return "bad_value", f"{kind}: '{field}' is a seat number 1-10, got {problem['input']!r}"
        case "string_too_short" | "string_too_long" | "too_long":
            return "bad_value", f"{kind}: '{field}' {problem['msg'].lower()}"
    wanted = {
        "int_type": "a whole number",
        "bool_type": "true or false",
        "string_type": "a string",
        "list_type": "a list of cards",
    }.get(problem["type"], "of another type")
    return "wrong_type", f"{kind}: '{'.'.join(where)}' must be {wanted}, got {problem['input']!r}"
