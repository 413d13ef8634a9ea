"""What the server sends: the table as one viewer may see it, and refusals.

Typed dictionaries, so the room builds exactly the documented shape (``docs/protocol.md``)
and the hub can send it as JSON without another copy. They are the one schema of the
server's frames: a client validates what it receives against these same classes with
pydantic (:mod:`pokerroom.protocol.server`), hence ``typing_extensions.TypedDict``, which
pydantic reads on Python 3.11. Cards are tokens like ``"As"``; ``None`` is a card face
down. Times are on the room's clock (the ``now`` the hub passes).
"""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict

from pokerroom.protocol.chat_frames import ChatFrame
from pokerroom.protocol.version import PROTOCOL_VERSION


class ErrorFrame(TypedDict):
    """A refusal, sent to its sender only: nothing changed."""

    type: Literal["error"]
    v: int
    code: str
    message: str
    ref: str | None
    """The ``id`` of the message refused, when it could be read."""


def error_frame(code: str, message: str, ref: str | None = None) -> ErrorFrame:
    return {"type": "error", "v": PROTOCOL_VERSION, "code": code, "message": message, "ref": ref}


class ClosedFrame(TypedDict):
    """The last frame of every socket of a room its host closed; the socket then closes
    (code 4010) and a client does not reconnect."""

    type: Literal["closed"]
    v: int
    room: str
    message: str


def closed_frame(room: str, message: str) -> ClosedFrame:
    return {"type": "closed", "v": PROTOCOL_VERSION, "room": room, "message": message}


class SavingFrame(TypedDict):
    """The room cannot save the table's play (``paused``: play pauses until it can), or
    saves it again (play resumes); nothing new of the table is shown while it cannot."""

    type: Literal["saving"]
    v: int
    room: str
    paused: bool
    message: str


def saving_frame(room: str, *, paused: bool, message: str) -> SavingFrame:
    return {
        "type": "saving",
        "v": PROTOCOL_VERSION,
        "room": room,
        "paused": paused,
        "message": message,
    }


class GameFrame(TypedDict):
    variant: str
    """The engine's code: ``holdem``, ``omaha5``, ``bomb-pot-omaha``, ``stud``, ``draw`` ..."""
    name: str
    limit: str
    small_blind: int
    big_blind: int
    ante: int
    bring_in: int
    stakes: str
    """One line: "Texas Hold'em no-limit · blinds 1/2"."""


class SeatFrame(TypedDict):
    seat: int
    name: str | None
    """None: the seat is free."""
    user: int | None
    bot: str | None
    """The bot's style when a bot sits here."""
    bot_account: bool
    """A bot account sits here: a program playing over its own connection (docs/bots.md)."""
    you: bool
    stack: int
    """Chips behind, not counting the bet in front."""
    bet: int
    """Chips put in during this betting round."""
    cards: list[str | None]
    """This hand's cards as the viewer sees them; None is a card face down."""
    in_hand: bool
    folded: bool
    all_in: bool
    shown: bool
    mucked: bool
    away: bool
    """Sitting out (H-9): dealt and killed each hand."""
    connected: bool
    last_action: str | None
    drew: int | None
    """Draw games: cards exchanged this hand."""
    button: bool
    small_blind: bool
    big_blind: bool
    out: bool
    """Eliminated from the series (H-2)."""
    banks: int
    """Time banks left (A-18)."""
    state: NotRequired[str]
    """Cash tables only: ``playing``, ``waiting`` (for the big blind), ``posting`` (will
    post one to come in), ``sitting_out``, ``no_chips`` (must top up) or ``leaving``
    (leaves when the hand ends)."""


class PotFrame(TypedDict):
    amount: int
    seats: list[int]
    """The seats contesting it (P-1)."""


class ClockFrame(TypedDict):
    seat: int
    deadline: float
    """When the timeout acts (A-18): check if free (``home``), else fold."""
    countdown_from: float
    """When the last seconds' countdown starts."""
    banks: int
    bank_seconds: int


class HandFrame(TypedDict):
    number: int
    phase: str
    """``bet``, ``draw``, ``showdown`` or ``done``."""
    street: str
    boards: list[list[str]]
    """Community cards; two boards in the bomb pot (V-4)."""
    pot: int
    pots: list[PotFrame]
    """Main pot first, then side pots (P-1), once an all-in made them; bets in front are in
    none yet (an uncalled one goes back, A-16). Else one pot, bets included."""
    to_act: int | None
    """The seat whose decision it is (a bet, a draw, or show or muck)."""
    turn: str
    """Names this moment of the hand; an ``act`` may echo it (a stale one is refused)."""
    clock: ClockFrame | None
    log: list[str]
    """What happened, as this viewer saw it; winners' lines name their hands."""


class RaiseFrame(TypedDict):
    word: str
    """``bet``, ``raise`` or ``complete``: the ``action`` to send."""
    min: int
    max: int
    sizes: list[int]
    """When only some totals are allowed (Stud open pair, V-6), those; else empty."""
    step: int
    """T-18: the bet unit; every total in the range but ``max`` is a multiple of it."""


class PresetFrame(TypedDict):
    name: str
    amount: int


class ActionsFrame(TypedDict):
    fold: bool
    check: bool
    call: int | None
    """The total a call reaches (A-7)."""
    bring_in: int | None
    raise_to: RaiseFrame | None
    presets: list[PresetFrame]
    options: list[str]
    """The same in words: "fold", "call 2", "raise to 4-200"."""


class YouFrame(TypedDict):
    user: int | None
    seat: int | None
    host: bool
    decision: str | None
    """``act``, ``draw`` or ``show`` when the table waits for you; else None."""
    actions: ActionsFrame | None
    may_muck: bool
    preaction: str | None
    preactions: list[str]
    """The pre-actions you may choose now (X-3)."""
    notice: str | None
    cash: NotRequired[CashYouFrame]
    """Cash tables only: what you may do with your seat now."""
    moved_to: NotRequired[str]
    """Tournament tables only: the floor moved you to this room (T-6 … T-8): follow it."""
    straddle: NotRequired[StraddleYouFrame]
    """Cash and home tables whose host allows straddles, to a seated player: his choice."""


class StraddleYouFrame(TypedDict):
    mode: str
    """``utg`` (under the gun) or ``button``: whose seat the straddle comes to."""
    on: bool
    """You straddle whenever the straddle comes to your seat (``straddle`` message)."""


class CashYouFrame(TypedDict):
    state: str | None
    """Your seat's ``state`` (see the seats), None when you have no seat."""
    top_up: int
    """The most you may add now (0: not now — in a hand, or at the maximum buy-in)."""
    may_post: bool
    """You wait for the big blind and may post one to play the next hand instead."""


class CashRakeFrame(TypedDict):
    percent: str
    cap: int


class CashFrame(TypedDict):
    """Cash tables only: the buy-in range and the rake (P-9), None when there is none."""

    min_buy_in: int
    max_buy_in: int
    rake: CashRakeFrame | None


class WinnerFrame(TypedDict):
    seat: int
    name: str
    amount: int
    pot: int
    share: str
    board: int
    hand: str | None
    """The winning hand in words; None when won without a showdown (A-15)."""


class ChangeFrame(TypedDict):
    seat: int
    change: int


class ResultFrame(TypedDict):
    number: int
    winners: list[WinnerFrame]
    changes: list[ChangeFrame]
    eliminated: list[int]
    rake: NotRequired[int]
    """Cash tables with a rake only: what the house took from this hand (P-9)."""


class StandingFrame(TypedDict):
    place: int
    seat: int
    name: str
    chips: int


class TableFrame(TypedDict):
    type: Literal["table"]
    v: int
    room: str
    kind: str
    status: str
    """``waiting`` (seating; a cash table: fewer than two players ready), ``playing``,
    ``pause`` (between hands), ``held`` (fewer than two players present) or ``over``."""
    host: int | None
    game: GameFrame
    seats: list[SeatFrame]
    hand: HandFrame | None
    you: YouFrame
    results: list[ResultFrame]
    """The last hands, newest first."""
    standings: list[StandingFrame]
    hands_played: int
    next_hand_at: float | None
    cash: NotRequired[CashFrame]
    tournament: NotRequired[TournamentHeaderFrame]
    """Tournament tables only: the tournament header as this viewer sees it."""
    broadcast: NotRequired[BroadcastFrame]
    """A tournament's broadcast table only (T-23): its hole cards shown hands behind."""
    chat: NotRequired[ChatFrame]
    """The table's chat as this viewer reads it (:mod:`pokerroom.protocol.chat_frames`)."""


class BroadcastSeatFrame(TypedDict):
    seat: int
    name: str
    cards: list[str]
    """Every card dealt to the seat in that hand (Draw: the replacements too)."""


class BroadcastHandFrame(TypedDict):
    number: int
    seats: list[BroadcastSeatFrame]
    boards: list[list[str]]
    result: ResultFrame | None


class BroadcastFrame(TypedDict):
    """T-23: the broadcast ("TV") table's delayed cards."""

    delay_hands: int
    notice: str
    """For a player at the table: that his cards are shown later; else what the panel is."""
    hand: BroadcastHandFrame | None
    """For a spectator (not an entrant still in): the finished hand ``delay_hands`` behind,
    every card dealt in it; None to a player, or before that many hands have ended."""


class LevelFrame(TypedDict):
    number: int
    small_blind: int
    big_blind: int
    ante: int
    big_blind_ante: bool
    bring_in: int
    small_bet: int
    big_bet: int
    words: str
    """The forced bets in words: "blinds 25/50, ante 5"."""


class PayJumpFrame(TypedDict):
    place: int
    prize: int
    busts: int
    """Players still to bust before that place is reached."""


class FinishFrame(TypedDict):
    place: int
    prize: int


class DisputeOfferFrame(TypedDict):
    """T-17: the last hand the viewer may dispute at this table, and the server time his
    right ends (``None``: when the table's next hand starts)."""

    hand: int
    until: float | None


class TournamentHeaderFrame(TypedDict):
    """A tournament table's header: the terminal header's numbers (``lines``: its words)."""

    id: str
    name: str
    url: str
    status: str
    """``registering``, ``running``, ``break``, ``paused`` or ``finished``."""
    level: LevelFrame
    on_break: bool
    seconds_left: float | None
    """In the level (or break) when the frame was built; None once the last level runs on."""
    deadline: float | None
    """When the level (or break) ends on the server clock: ``deadline - now`` is the time
    left. None while the director has paused the clock, or in the last level."""
    next_level: LevelFrame | None
    players_left: int
    entries: int
    average: int
    average_big_blinds: float
    place: int | None
    """Your place by chips among the players still in; None if you are not in."""
    chips: int
    pool: int
    prizes: list[int]
    next_jump: PayJumpFrame | None
    finished: FinishFrame | None
    """Your place and prize once you are out (or have won)."""
    lines: list[str]
    """The header as the terminal table prints it."""
    announcement: NotRequired[str | None]
    """Web tournaments: the director's last announcement, for every table (T-16)."""
    table: NotRequired[int]
    """A tournament table's own number (the floor's, as the move notices name it)."""
    dispute: NotRequired[DisputeOfferFrame | None]
    """A tournament table: the hand the viewer may dispute now (T-17), else None."""


class OfcGameFrame(TypedDict):
    variant: Literal["ofc-pineapple"]
    name: str
    stakes: str
    """One line: "points: 1 a row, 6 a scoop, royalties (O-5, O-6)"."""


class OfcRowsFrame(TypedDict):
    """One OFC board (O-1): the cards set on each row, in the order they were set."""

    top: list[str]
    middle: list[str]
    bottom: list[str]


class OfcSeatFrame(TypedDict):
    seat: int
    name: str | None
    """None: the seat is free."""
    user: int | None
    bot: str | None
    """The OFC bot's style (``sensible``, ``random``) when a bot sits here."""
    bot_account: bool
    """A bot account sits here: a program playing over its own connection (docs/bots.md)."""
    you: bool
    total: int
    """Points over the session so far (they sum to zero)."""
    in_hand: bool
    board: OfcRowsFrame | None
    """The rows as set so far; None while a Fantasyland hand is hidden (O-4) or out of the
    hand."""
    fantasy: bool
    """Plays this hand (or the next, between hands) in Fantasyland (O-4)."""
    surrendered: bool
    discarded: int
    """Cards thrown away face down this hand (O-2): only how many, never which."""
    button: bool
    away: bool
    """Sitting out, or gone past the grace: the room sets his cards (the bot's choice)."""
    out: bool
    connected: bool
    banks: int


class OfcClockFrame(TypedDict):
    seat: int
    deadline: float
    """When the room sets the cards by the bot's choice (A-18)."""
    countdown_from: float
    banks: int
    bank_seconds: int


class OfcHandFrame(TypedDict):
    number: int
    to_act: int | None
    """The seat that sets cards now; None once the hand is over."""
    deal: int | None
    """0: the first five; 1-4: the threes (O-2); -1: Fantasyland's 14 (O-4); None: over."""
    turn: str
    """Names this moment; a ``place`` may echo it (a stale one is refused)."""
    clock: OfcClockFrame | None
    log: list[str]
    """What happened as this viewer saw it: deals, rows, discards (counted), fouls,
    royalties and points."""


class OfcYouFrame(TypedDict):
    user: int | None
    seat: int | None
    host: bool
    decision: str | None
    """``place`` when the table waits for your cards; else None."""
    cards: list[str]
    """Your dealt cards still to set (O-2; 14 in Fantasyland, O-4); empty otherwise."""
    to_place: int
    to_discard: int
    free: dict[str, int]
    """Places still open on each row of your board (``top``, ``middle``, ``bottom``)."""
    discards: list[str]
    """Your own discards this hand; nobody else ever sees them (O-2)."""
    may_surrender: bool
    """You may send ``surrender`` now: in the hand, no card set yet (O-5)."""
    notice: str | None


class OfcPlayerResultFrame(TypedDict):
    seat: int
    name: str
    points: int
    fouled: bool
    royalties: int
    surrendered: bool
    fantasy_next: bool
    board: OfcRowsFrame | None


class OfcPairFrame(TypedDict):
    """One pair's settlement (O-5 … O-7); ``points`` go to ``first``."""

    first: int
    second: int
    rows: int
    scoop: int
    royalties: int
    surrender: int
    points: int


class OfcResultFrame(TypedDict):
    number: int
    players: list[OfcPlayerResultFrame]
    pairs: list[OfcPairFrame]
    lines: list[str]
    """The settlement in words, as the terminal table prints it."""


class OfcStandingFrame(TypedDict):
    place: int
    seat: int
    name: str
    total: int


class OfcTableFrame(TypedDict):
    """An OFC Pineapple table (``kind: "ofc"``) as one viewer may see it (X-4, O-2, O-4)."""

    type: Literal["table"]
    v: int
    room: str
    kind: Literal["ofc"]
    status: str
    """``waiting``, ``playing``, ``pause`` (between hands), ``held`` (nobody here) or
    ``over``."""
    host: int | None
    game: OfcGameFrame
    seats: list[OfcSeatFrame]
    hand: OfcHandFrame | None
    you: OfcYouFrame
    results: list[OfcResultFrame]
    """The last hands, newest first."""
    standings: list[OfcStandingFrame]
    hands_played: int
    next_hand_at: float | None
    chat: NotRequired[ChatFrame]
    """The table's chat as this viewer reads it, as at a poker table."""


class SentTableFrame(TableFrame):
    """A ``table`` frame as it leaves the server: the hub stamps each with its clock."""

    now: float
    """The server's clock when the frame was built: ``deadline - now`` is the time left."""


class SentOfcTableFrame(OfcTableFrame):
    """An OFC ``table`` frame as it leaves the server, stamped with the hub's clock."""

    now: float


class TournamentPlayerFrame(TypedDict):
    name: str
    bot: bool
    chips: int
    table: int | None
    seat: int | None
    place: int | None
    entries: int


class TournamentTableFrame(TypedDict):
    number: int
    room: str
    """The table's room id: ``/ws/tables/<room>``."""
    url: str
    players: int


class TournamentResultFrame(TypedDict):
    place: int | None
    name: str
    prize: int


class TournamentYouFrame(TypedDict):
    registered: bool
    table: str | None
    """The room id of your table while you play."""
    may: list[str]
    """What the registration button offers: ``register``, ``unregister``, ``register late``
    or ``re-enter``."""
    start: bool
    director: bool


class TournamentFrame(TypedDict):
    """A tournament's own lobby (its socket and ``GET /api/tournaments/<id>``)."""

    type: Literal["tournament"]
    v: int
    id: str
    name: str
    game: str
    buy_in: int
    fee: int
    starting_stack: int
    status: str
    start_at: float | None
    registered: int
    max_entries: int | None
    fill_to: int
    """Bots fill the field up to this many entrants (0: none)."""
    player_run: bool
    """Made by a plain account: its director is one of the players' own (T-16)."""
    notice: str | None
    players: list[TournamentPlayerFrame]
    tables: list[TournamentTableFrame]
    results: list[TournamentResultFrame]
    header: TournamentHeaderFrame | None
    you: TournamentYouFrame
    now: NotRequired[float]
    """On the socket only: the server's clock (the hub stamps every frame it sends)."""


class LobbySeatsFrame(TypedDict):
    taken: int
    total: int


class LobbyRoomFrame(TypedDict):
    id: str
    """The room's id for ``/ws/tables/<id>``."""
    name: str
    game: str
    stakes: str
    seats: LobbySeatsFrame
    status: str
    kind: str
    """``home``, ``cash`` or ``tournament``."""
    private: bool
    observers: bool
    """Whether people who do not play there may watch (the host's choice)."""
    url: str
    player_run: NotRequired[bool]
    """A tournament's line only: made by a plain account, so its director is one of the
    players' own (T-16), rather than by a director or an admin of the server."""


class LobbyFrame(TypedDict):
    """``GET /api/lobby``: every public room, and the signed-in user's own."""

    type: Literal["lobby"]
    v: int
    rooms: list[LobbyRoomFrame]
    mine: list[LobbyRoomFrame]


class HttpErrorFrame(TypedDict):
    """A refusal of an HTTP request made with ``Accept: application/json`` (or ``/api/``)."""

    type: Literal["error"]
    v: int
    code: str
    message: str
