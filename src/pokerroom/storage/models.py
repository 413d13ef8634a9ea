"""The tables of the store, as typed SQLAlchemy 2 ORM classes.

The schema itself is created and upgraded only by the Alembic migrations in
:mod:`pokerroom.storage.migrations`; these classes must describe the same
tables (``tests/test_storage.py`` compares them with the migrated schema).

* ``series`` — one home series: settings, the seed of a reproducible one, its limits
  (``--max-hands`` and the playing time left of ``--minutes``, H-3), when it started,
  ended or was abandoned.
* ``players`` — who sits where in a series: seat, name, human or bot.
* ``hands`` — every finished hand: the :class:`~pokerroom.table.series.HandRecord`
  as JSON, pot and winners for listings, the PHH text, the player decisions and, in
  a seeded series, the deck seed.
* ``hands_in_progress`` — at most one per series: the hand being played, saved
  after every decision so a series can be resumed in the middle of a hand; its deck
  (the order of its cards, or its seed in a seeded series) is secret (X-4, C-3).
* ``ofc_sessions`` — one Open-Face Chinese Pineapple session: names and bot kinds by
  seat, the seed of a reproducible one, ``--hands`` limit, running totals, the button
  and Fantasyland seats of the next hand, and the hand being played (its deck and
  actions so far, saved after every action) — all a resume needs. The hand being played holds every
  player's unset cards, so it is never shown or exported, only dealt again.
* ``ofc_hands`` — every finished OFC hand: its record as TOML text
  (:mod:`pokerroom.history.ofc.record`, the same text ``history --export`` writes),
  and points, fouls, royalties and fantasy by seat for listings.
* ``tournaments`` — one tournament run: its regulation as TOML text (so it never depends on
  the file again), format, entrants, the bot kinds dealt to them and the seed — all a
  resume needs — and, for listings, how far its log goes and who won.
* ``tournament_events`` — the tournament's event log in order, each event as JSON
  (:mod:`pokerroom.storage.tournament.codec`) with its type's name.
* ``tournament_hands`` — a run saved with ``--keep-hands``: each hand's complete PHH text
  (every hole card, X-4: for the director's export only) and its observer's copy, by
  running hand number.
* ``tournament_hands_in_progress`` — at most one per tournament: the hand being dealt to
  the person at the old terminal tournament table, with its secret deck (C-3, X-4). No
  longer written (``tournament play`` saves as the web server does); an abandon still
  clears what an older version left.
* ``accounts`` — the web cardroom's people: name (unique without regard to case), an argon2
  hash of the password (never the password; none for a guest), roles, and for a guest the
  room whose invite link made the account.
* ``web_sessions`` — who is signed in: a SHA-256 digest of each session's random cookie
  token (never the token itself), its account and when it expires.
* ``invites`` — invite links to a room, by the digest of their token: who made them, until
  when they let guests in, how many have come.
* ``room_passes`` — who may enter a private room: its host gives none, an invite link gives
  one to every account that followed it.
* ``web_hands`` — every hand finished at a web table (the hand archive,
  :mod:`pokerroom.storage.hands.archive`): the room's id, kind and name, the game, the
  table's size, the room's hand number, when it finished, the complete PHH document (every
  card: never shown as it is, X-4) and the chips raked (P-9).
* ``web_hand_seats`` — who sat at each engine position of an archived hand: seat, account
  (none for a bot), name, and his result in chips net of the rake.
* ``web_hand_counts`` — each seat's statistics counts of an archived hand, kept as it is
  saved (:mod:`pokerroom.stats.seats`); one of them (``adjusted_own``) uses the seat's own
  hole cards and is read only for that seat's player.
* ``web_rooms`` — each live web table: its kind, lobby line, constructor settings and secret
  seed (C-3, X-4: never shown), and when it was closed.
* ``web_room_inputs`` — everything that changed a web table, in order (a message and its
  sender, a tick of the clock, a connection, a stop, a restart), replayed on a restart.
* ``web_room_checkpoints`` — at most one per web table: its whole state after one input,
  signed with the server's secret, so a long-played table resumes quickly.
* ``web_room_leases`` — which server process owns each live web table now (servers that
  share one database): its node, the fencing epoch every save of the table must still
  hold, and when the lease runs out (seconds on the database's clock).
* ``clubs`` — a club of the web cardroom: its name, its owner and the invitation code a
  player joins by (the owner renews it).
* ``club_members`` — who belongs to a club: his role (owner, director, member) and state
  (pending until approved, approved, removed).
* ``club_seasons`` — a club's seasons by number: dates, points formula and what counts
  (the fields of :class:`pokerroom.club.season.Season`).
"""

from __future__ import annotations

import enum
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
"""Named constraints, so that later migrations (batch mode on SQLite) can refer to them."""


def utcnow() -> datetime:
    """Now in UTC, without tzinfo: SQLite keeps no time zone, every stored time is UTC."""
    return datetime.now(UTC).replace(tzinfo=None)


class PlayerKind(enum.StrEnum):
    HUMAN = "human"
    BOT = "bot"


SEED_TEXT = String(40).with_variant(Text(), "postgresql")
"""A seed's column: SQLite keeps any length in it; PostgreSQL's ``varchar(40)`` would not."""
TOURNAMENT_NAME_LENGTH = 200
"""The longest tournament name kept: checked before saving, as PostgreSQL checks it."""
CHIPS = BigInteger().with_variant(Integer(), "sqlite")
"""A chip count past 2**31 (a table holds up to 10^12): 64 bits, SQLite's ``INTEGER`` already."""


class Seed(TypeDecorator[int]):
    """A seed of any size as decimal text: SQLite integers stop at 2**63 - 1, seeds do not."""

    impl = SEED_TEXT
    cache_ok = True

    def process_bind_param(self, value: int | None, dialect: Dialect) -> str | None:
        return None if value is None else str(value)

    def process_result_value(self, value: str | None, dialect: Dialect) -> int | None:
        return None if value is None else int(value)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {  # noqa: RUF012 - SQLAlchemy reads this class attribute
        dict[str, Any]: JSON,
        list[Any]: JSON,
    }


class SeriesRow(Base):
    __tablename__ = "series"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, index=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime, default=None)
    """Set when the series is over, or abandoned."""
    abandoned_at: Mapped[datetime | None] = mapped_column(DateTime, default=None)
    settings: Mapped[dict[str, Any]]
    """:class:`~pokerroom.table.series.SeriesSettings` as JSON (variant by code)."""
    seed: Mapped[int | None] = mapped_column(Seed)
    """The series seed (``--seed``); None when every deck is a secure shuffle (C-3)."""
    max_hands: Mapped[int | None] = mapped_column(default=None)
    """``--max-hands`` (H-3); None: no limit."""
    seconds_left: Mapped[float | None] = mapped_column(Float, default=None)
    """``--minutes`` (H-3): the playing time left, saved with every decision."""
    clock: Mapped[int | None] = mapped_column(Integer, default=None)
    """``--clock``: seconds per decision at the terminal table (A-18), 0 none; None: not
    saved (a series of bots only, or saved before revision 0010)."""
    hands_played: Mapped[int] = mapped_column(default=0)
    standings: Mapped[list[Any] | None] = mapped_column(JSON, default=None)
    """The final standings once the series is over: seat, name, place, chips."""

    players: Mapped[list[PlayerRow]] = relationship(
        back_populates="series", cascade="all, delete-orphan", order_by="PlayerRow.seat"
    )
    hands: Mapped[list[HandRow]] = relationship(
        back_populates="series", cascade="all, delete-orphan", order_by="HandRow.number"
    )
    in_progress: Mapped[HandInProgressRow | None] = relationship(
        back_populates="series", cascade="all, delete-orphan"
    )


class PlayerRow(Base):
    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("series_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    series_id: Mapped[int] = mapped_column(ForeignKey("series.id", ondelete="CASCADE"))
    seat: Mapped[int]
    name: Mapped[str] = mapped_column(String(100))
    kind: Mapped[str] = mapped_column(String(10))
    """``human`` or ``bot`` (:class:`PlayerKind`)."""
    bot: Mapped[str | None] = mapped_column(String(40))
    """The bot's style (``equity``, ``station``, …) when ``kind`` is ``bot``."""

    series: Mapped[SeriesRow] = relationship(back_populates="players")


class HandRow(Base):
    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("series_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    series_id: Mapped[int] = mapped_column(ForeignKey("series.id", ondelete="CASCADE"))
    number: Mapped[int]
    played_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    button: Mapped[int]
    pot: Mapped[int] = mapped_column(CHIPS)
    """Chips awarded in the hand (every pot, uncalled bets returned)."""
    winners: Mapped[list[Any]]
    """Seats that were awarded chips, in seat order."""
    record: Mapped[dict[str, Any]]
    """The :class:`~pokerroom.table.series.HandRecord` fields; seat keys as strings."""
    seats: Mapped[list[Any]]
    """The seat of each engine position: position 0 first, the button last."""
    deck_seed: Mapped[int | None] = mapped_column(Seed)
    decisions: Mapped[list[Any]]
    """The players' decisions in order (see :mod:`pokerroom.storage.codec`)."""
    phh: Mapped[str] = mapped_column(Text)

    series: Mapped[SeriesRow] = relationship(back_populates="hands")


class HandInProgressRow(Base):
    __tablename__ = "hands_in_progress"

    series_id: Mapped[int] = mapped_column(
        ForeignKey("series.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int]
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, onupdate=utcnow)
    config: Mapped[dict[str, Any]]
    """The :class:`~pokerroom.engine.HandConfig` as JSON."""
    seats: Mapped[list[Any]]
    deck_seed: Mapped[int | None] = mapped_column(Seed)
    """The deck's seed in a seeded series."""
    deck: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    """Otherwise the order of the hand's cards (:func:`~pokerroom.storage.dealt.deck_to_json`)."""
    decisions: Mapped[list[Any]]

    series: Mapped[SeriesRow] = relationship(back_populates="in_progress")


class OfcSessionRow(Base):
    """An OFC session; every list is by seat, seat 1 first."""

    __tablename__ = "ofc_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, index=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime, default=None)
    """Set once every ``--hands`` hand is played, the player ends or abandons the session."""
    abandoned_at: Mapped[datetime | None] = mapped_column(DateTime, default=None)
    seed: Mapped[int | None] = mapped_column(Seed)
    """``--seed``: the seed every hand's deck seed is drawn from; None: secure decks (C-3)."""
    names: Mapped[list[Any]]
    bots: Mapped[list[Any]]
    """The bot kind in each seat (a key of ``OFC_BOTS``), ``None`` for a human."""
    hands_limit: Mapped[int | None] = mapped_column(default=None)
    """``--hands``: the hands to play; None: until the player ends the session."""
    hands_played: Mapped[int] = mapped_column(default=0)
    totals: Mapped[list[Any]]
    """Running points; they sum to zero."""
    button: Mapped[int] = mapped_column(default=1)
    """The seat on the button for the hand being played or the next one (O-3)."""
    fantasy: Mapped[list[Any]]
    """Whether each seat plays the hand being played or the next one in Fantasyland (O-4)."""
    hand_seed: Mapped[int | None] = mapped_column(Seed, default=None)
    """The deck seed of the hand being played (hand ``hands_played + 1``) when seeded."""
    hand_deck: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    """Otherwise the order of its cards; both None between hands."""
    hand_actions: Mapped[list[Any] | None] = mapped_column(JSON, default=None)
    """Its actions so far in record notation, deals included (``d dh p1 …``, ``p1 s …``)."""

    hands: Mapped[list[OfcHandRow]] = relationship(
        back_populates="session", cascade="all, delete-orphan", order_by="OfcHandRow.number"
    )


class OfcHandRow(Base):
    __tablename__ = "ofc_hands"
    __table_args__ = (UniqueConstraint("session_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("ofc_sessions.id", ondelete="CASCADE"))
    number: Mapped[int]
    played_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    button: Mapped[int]
    """The seat on the button (O-3)."""
    seats: Mapped[list[Any]]
    """The seat of each position: position 0 (left of the button) first."""
    points: Mapped[list[Any]]
    fouled: Mapped[list[Any]]
    royalties: Mapped[list[Any]]
    fantasy: Mapped[list[Any]]
    """Whether each seat played this hand in Fantasyland (O-4)."""
    fantasy_next: Mapped[list[Any]]
    record: Mapped[str] = mapped_column(Text)
    """The hand as TOML (:func:`pokerroom.history.ofc.record.dumps`)."""

    session: Mapped[OfcSessionRow] = relationship(back_populates="hands")


class TournamentRow(Base):
    __tablename__ = "tournaments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, index=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime, default=None)
    """Set when it has a winner, or is abandoned."""
    abandoned_at: Mapped[datetime | None] = mapped_column(DateTime, default=None)
    name: Mapped[str] = mapped_column(String(TOURNAMENT_NAME_LENGTH))
    regulation: Mapped[str] = mapped_column(Text)
    """The regulation's TOML text (T-3), as it was when the run began."""
    format: Mapped[str] = mapped_column(String(20))
    """``american`` or ``olympic`` (T-9)."""
    entrants: Mapped[int]
    bots: Mapped[list[Any]]
    """The bot kinds dealt to the entrants in turn (``--bots``)."""
    seed: Mapped[int | None] = mapped_column(Seed)
    """The run's seed; a resume draws its randomness from it and the events stored."""
    event_count: Mapped[int] = mapped_column(default=0)
    """Events stored: the next one is number ``event_count + 1``."""
    hands_played: Mapped[int] = mapped_column(default=0)
    players_left: Mapped[int] = mapped_column(default=0)
    winner: Mapped[str | None] = mapped_column(String(100), default=None)
    keeps_hands: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """``run --keep-hands``: each hand's PHH is kept in ``tournament_hands`` (migration 0005)."""

    events: Mapped[list[TournamentEventRow]] = relationship(
        back_populates="tournament",
        cascade="all, delete-orphan",
        order_by="TournamentEventRow.number",
    )


class TournamentEventRow(Base):
    __tablename__ = "tournament_events"

    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(primary_key=True)
    """The event's place in the log, from 1."""
    type: Mapped[str] = mapped_column(String(40))
    """The event's class name (``HandPlayed``, ``BustOut``, …)."""
    event: Mapped[dict[str, Any]]
    """The event's fields as JSON."""

    tournament: Mapped[TournamentRow] = relationship(back_populates="events")


class TournamentHandRow(Base):
    __tablename__ = "tournament_hands"

    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(primary_key=True)
    """The tournament's running hand number (``HandPlayed.number``)."""
    table: Mapped[int]
    phh: Mapped[str] = mapped_column(Text)
    """The complete PHH document (:func:`pokerroom.history.write_phh`): every hole card."""
    observed: Mapped[str] = mapped_column(Text)
    """The hand as an observer saw it (:func:`pokerroom.history.write_phh_seen_by`)."""


class TournamentHandInProgressRow(Base):
    """The person's hand being played (migration 0006); ``--resume`` deals it again."""

    __tablename__ = "tournament_hands_in_progress"

    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, onupdate=utcnow)
    player: Mapped[str] = mapped_column(String(100))
    table: Mapped[int]
    config: Mapped[dict[str, Any]]
    """The :class:`~pokerroom.engine.HandConfig` as JSON."""
    deck: Mapped[dict[str, Any]]
    """The order of the hand's cards (:func:`~pokerroom.storage.dealt.deck_to_json`): secret."""
    decisions: Mapped[list[Any]]


class AccountRow(Base):
    """A person of the web cardroom (migration 0007)."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    name: Mapped[str] = mapped_column(String(40))
    """The name as its owner typed it (NFC)."""
    name_key: Mapped[str] = mapped_column(String(40), unique=True)
    """The name casefolded: ``Ann`` and ``ann`` are one name."""
    password_hash: Mapped[str | None] = mapped_column(String(200), default=None)
    """The argon2 hash (PHC string); None for a guest, who has no password."""
    roles: Mapped[list[Any]]
    """Role names: ``player``, ``guest``, ``host``, ``director``, ``admin``."""
    invited_to: Mapped[str | None] = mapped_column(String(100), default=None)
    """A guest's room: the one whose invite link made the account."""
    last_login_at: Mapped[datetime | None] = mapped_column(DateTime, default=None)
    language: Mapped[str | None] = mapped_column(String(8), default=None)
    """The language chosen in the web's menu (``en``, ``ru``, ``uk``; migration 0011);
    None until he chooses one."""


class WebSessionRow(Base):
    """A signed-in browser: only the digest of its cookie's token is kept."""

    __tablename__ = "web_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime, index=True)


class InviteRow(Base):
    """An invite link to one room; only the digest of its token is kept."""

    __tablename__ = "invites"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    room_id: Mapped[str] = mapped_column(String(100), index=True)
    created_by: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime)
    uses: Mapped[int] = mapped_column(default=0)
    """Accounts that came in by the link."""


class RoomPassRow(Base):
    """An account may enter a private room: it followed the room's invite link."""

    __tablename__ = "room_passes"

    room_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class WebHandRow(Base):
    """A hand finished at a web table (migration 0008)."""

    __tablename__ = "web_hands"
    __table_args__ = (
        UniqueConstraint("room_id", "number"),
        UniqueConstraint("source", "source_hand"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[str] = mapped_column(String(100))
    room_kind: Mapped[str] = mapped_column(String(20))
    """``home``, ``cash`` or ``tournament``."""
    room_name: Mapped[str] = mapped_column(String(200))
    game: Mapped[str] = mapped_column(String(60))
    """The game as the lobby names it (``NLHE``, ``PLO``)."""
    table_size: Mapped[int]
    """The table's seats (a hand history's "6-max")."""
    number: Mapped[int]
    """The room's own hand number, from 1."""
    finished_at: Mapped[datetime] = mapped_column(DateTime)
    phh: Mapped[str] = mapped_column(Text)
    """The complete PHH document: every hole card, for the server's eyes only (X-4)."""
    rake: Mapped[int] = mapped_column(CHIPS)
    source: Mapped[str | None] = mapped_column(String(20))
    """The room an imported hand was played in (``pokerstars``, ``pokernow``; migration
    0013); None for a hand played here."""
    source_hand: Mapped[str | None] = mapped_column(String(100))
    """The imported hand's id in its room: a file imported twice adds it once."""

    seats: Mapped[list[WebHandSeatRow]] = relationship(
        back_populates="hand", cascade="all, delete-orphan", order_by="WebHandSeatRow.position"
    )


class WebHandSeatRow(Base):
    """Who played one engine position of an archived hand."""

    __tablename__ = "web_hand_seats"

    hand_id: Mapped[int] = mapped_column(
        ForeignKey("web_hands.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(primary_key=True)
    seat: Mapped[int]
    """The room's seat number."""
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey("accounts.id", ondelete="SET NULL"), index=True
    )
    """None for a bot."""
    name: Mapped[str] = mapped_column(String(100))
    result: Mapped[int] = mapped_column(CHIPS)
    """Chips won or lost in the hand, net of the rake."""

    hand: Mapped[WebHandRow] = relationship(back_populates="seats")


class WebHandCountsRow(Base):
    """One seat's statistics counts of an archived hand (migration 0015): kept as the hand
    is saved, so a summary adds them up instead of reading every hand again
    (:mod:`pokerroom.stats.seats`). A hand without them (archived before 0015, or with
    chips in decimals) is counted from its PHH when summarised."""

    __tablename__ = "web_hand_counts"

    hand_id: Mapped[int] = mapped_column(
        ForeignKey("web_hands.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(primary_key=True)
    vpip: Mapped[int]
    pfr: Mapped[int]
    three_bet_chance: Mapped[int]
    three_bet: Mapped[int]
    fold_to_three_bet_chance: Mapped[int]
    fold_to_three_bet: Mapped[int]
    bets_raises: Mapped[int]
    calls: Mapped[int]
    saw_flop: Mapped[int]
    showdown: Mapped[int]
    """He went to showdown after seeing the flop (what WTSD counts)."""
    won_at_showdown: Mapped[int]
    """... and won chips there."""
    winnings: Mapped[int] = mapped_column(CHIPS)
    big_blind: Mapped[int] = mapped_column(CHIPS)
    big_blinds: Mapped[float] = mapped_column(Float)
    adjusted: Mapped[float] = mapped_column(Float)
    """All-in-adjusted chips from public cards only."""
    adjusted_own: Mapped[float] = mapped_column(Float)
    """All-in-adjusted chips with this seat's own hole cards: shown only to its player."""


class WebRoomRow(Base):
    """A live table of the web cardroom (migration 0009): all it takes to build it again."""

    __tablename__ = "web_rooms"

    id: Mapped[str] = mapped_column(String(100), primary_key=True)
    kind: Mapped[str] = mapped_column(String(20))
    """``home`` or ``cash``: which room class the settings build."""
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    entry: Mapped[dict[str, Any]]
    """The lobby line (:class:`pokerroom.room.registry.LobbyEntry`) as JSON."""
    settings: Mapped[dict[str, Any]]
    """The room's constructor arguments as JSON, the seed apart."""
    seed: Mapped[int] = mapped_column(Seed)
    """The secret seed of every deck and bot of the table (C-3, X-4): never shown."""
    closed_at: Mapped[datetime | None] = mapped_column(DateTime, default=None)
    """When the table was closed; a closed table is not resumed."""


class WebRoomInputRow(Base):
    """One thing that changed a live table, in the order they came (``serial`` from 1)."""

    __tablename__ = "web_room_inputs"

    room_id: Mapped[str] = mapped_column(
        ForeignKey("web_rooms.id", ondelete="CASCADE"), primary_key=True
    )
    serial: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))
    """``handle``, ``tick``, ``presence``, ``stop`` or ``resume``."""
    at: Mapped[float] = mapped_column(Float)
    """The server clock's reading given to the room (exact: a replay compares deadlines)."""
    user: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    data: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)


class WebRoomCheckpointRow(Base):
    """At most one per table: the table as it was after input ``serial``, signed with the
    server's secret, so a long-played table resumes without replaying every hand."""

    __tablename__ = "web_room_checkpoints"

    room_id: Mapped[str] = mapped_column(
        ForeignKey("web_rooms.id", ondelete="CASCADE"), primary_key=True
    )
    serial: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, onupdate=utcnow)
    fingerprint: Mapped[str] = mapped_column(String(64))
    """The code that wrote it: another pokerroom replays from the seed instead."""
    state: Mapped[bytes] = mapped_column(LargeBinary)
    signature: Mapped[str] = mapped_column(String(64))


class WebRoomLeaseRow(Base):
    """Which server process owns a live table (migration 0012): one row per table (a web
    tournament's id leases its director and all its tables), kept by its owner's renewals.

    No foreign key to ``web_rooms``: a new table's lease is written in the same transaction
    as its recipe, and the key is the room id either way."""

    __tablename__ = "web_room_leases"

    room_id: Mapped[str] = mapped_column(String(100), primary_key=True)
    node: Mapped[str] = mapped_column(String(200))
    """The owning process: ``host:pid:random``."""
    epoch: Mapped[int] = mapped_column(Integer)
    """Raised by one at every takeover: a save made under an older epoch is refused."""
    expires_at: Mapped[float] = mapped_column(Float)
    """Unix seconds on the database's own clock: after it, another process may take over."""


class WebNodeRow(Base):
    """A live server process sharing the database (migration 0016): its heartbeat, renewed
    with its leases, tells the others how many share the tables (rebalancing)."""

    __tablename__ = "web_nodes"

    node: Mapped[str] = mapped_column(String(200), primary_key=True)
    """The process: ``host:pid:random``, as in its leases."""
    expires_at: Mapped[float] = mapped_column(Float)
    """Unix seconds on the database's own clock: after it, the process counts as gone."""


class ClubRow(Base):
    """A club (migration 0014)."""

    __tablename__ = "clubs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    owner_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    code: Mapped[str] = mapped_column(String(40), unique=True)
    """The invitation code: shown to the club's owner and directors, renewed by the owner."""
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class ClubMemberRow(Base):
    """An account's place in a club (migration 0014)."""

    __tablename__ = "club_members"

    club_id: Mapped[int] = mapped_column(
        ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    role: Mapped[str] = mapped_column(String(20))
    """``owner``, ``director`` or ``member``."""
    state: Mapped[str] = mapped_column(String(20))
    """``pending``, ``approved`` or ``removed``."""
    joined_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class ClubSeasonRow(Base):
    """A club's season (migration 0014): numbered 1, 2, ... within its club."""

    __tablename__ = "club_seasons"

    club_id: Mapped[int] = mapped_column(
        ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    starts: Mapped[date] = mapped_column(Date)
    ends: Mapped[date] = mapped_column(Date)
    formula: Mapped[str] = mapped_column(String(20))
    """``sqrt`` or ``places``."""
    scale: Mapped[str] = mapped_column(String(20))
    """``sqrt``: the points of a lone winner's place (decimal text)."""
    places: Mapped[list[str]] = mapped_column(JSON)
    """``places``: each place's points, the winner's first (decimal texts)."""
    others: Mapped[str] = mapped_column(String(20))
    bounty_points: Mapped[str] = mapped_column(String(20))
    min_entrants: Mapped[int] = mapped_column(Integer)
    best_of: Mapped[int | None] = mapped_column(Integer, nullable=True)
