"""A tournament of the room layer saved as it happens, and built again after a restart
(a web server's tournaments, and ``pokerroom tournament play``'s at the terminal).

A tournament is deterministic: its run deals from its seed, its bots decide from it, and
everything else it does follows from the calls made to it and their server times. So what
is kept (the 0009 tables, a room of kind ``tournament``) is what builds it — the
regulation's TOML, the seed, the creator and the settings (``web_rooms``) — and every call
that entered it through a :func:`~pokerroom.room.tournament.journal.journaled` door, in
order, with its time (``web_room_inputs``): registrations, unregistrations, re-entries,
the start, the director's pause and resume and messages (``handle``), page reads that let
its time act, every table room's messages and connections, and the ticks. A tick (or a
page read, or a connection) that changed nothing and came at a time already kept is left
out: replayed, it would do nothing either. A call refused (or failed) is kept too: it
fails again at the same point.

A restarted server builds each saved tournament from its recipe, replays its calls, moves
every time it keeps by the downtime plus a grace (the
tournament clock stands still while the server is down; the player to act keeps his time
left plus the grace), counts every person as disconnected from then (H-11) and lists it
and its tables again. A finished tournament is resumed too, so its results stay shown.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from pokerroom.errors import PokerroomError, UsageError
from pokerroom.room.failures import describe_failure
from pokerroom.room.seam import User
from pokerroom.room.tournament.event import BOT_KIND, RoomTournament
from pokerroom.room.tournament.table_room import TournamentTableRoom
from pokerroom.storage.codec import StorageError
from pokerroom.storage.rooms.call_journal import CallJournal, decode_arg
from pokerroom.storage.rooms.checkpoint import seal_state, unseal_state
from pokerroom.storage.rooms.store import Checkpoint, RoomInput, StoredRoom
from pokerroom.storage.rooms.tournament_tables import count_gone, replay_tables, run_tables_here
from pokerroom.storage.rooms.writer import RoomWriter
from pokerroom.tournament.regulation.load import parse_regulation

log = logging.getLogger(__name__)


KINDS = {
    "handle": "handle",
    "tick": "tick",
    "presence": "presence",
    "advance": "advance",
    "register": "register",
    "unregister": "unregister",
    "start": "start",
    "pause_clock": "pause",
    "resume_clock": "unpause",
    "mark_broadcast": "broadcast",
    "dispute": "dispute",
    "hand_done": "hand_done",
}
"""Each journaled method and the kind its calls are saved as."""
METHODS = {kind: method for method, kind in KINDS.items()}
TOURNAMENT_KIND = "tournament"
"""The kind of a saved room that is a tournament."""
CHECKPOINT_HANDS = 100
"""Hands (over all its tables) between two checkpoints of a tournament; one more when it
ends, so a finished tournament's results come back without a replay."""


class TournamentJournal(CallJournal):
    """Keeps ``tournament``'s calls with ``saver`` (its tables' too, unless it is played
    apart); ``last_serial`` and ``last_at`` are the serial and time of its last saved input
    (0 and None: none yet)."""

    def __init__(
        self,
        tournament: RoomTournament,
        saver: RoomWriter,
        secret: bytes,
        *,
        last_serial: int = 0,
        last_at: float | None = None,
    ) -> None:
        super().__init__(saver, last_serial=last_serial, last_at=last_at)
        self.tournament = tournament
        self._secret = secret
        self._checkpoint_hands = tournament.log().hands
        self._checkpoints = True
        """False once the tournament could not be pickled: it is then replayed in full."""
        self._finish_kept = False

    def shift(self, now: float, seconds: float) -> None:
        """A restarted server: every time the tournament keeps moves ``seconds`` later."""
        shift_clocks(self.tournament, seconds)
        self._put(RoomInput(0, "shift", now, data={"shift": seconds}))

    def stop(self, now: float) -> None:
        """The server stops now: a restart charges the time from here to nobody."""
        self._put(RoomInput(0, "stop", now))

    def _digest(self) -> tuple[object, ...]:
        tournament, run = self.tournament, self.tournament.run
        tables = tuple(
            (number, room.hand_number, room.status, room.deadline(), len(room.occupants))
            for number, room in tournament.rooms.items()
        )
        timetable = None if run is None else (run.now, run.next_at())
        return tournament.status, tournament.now, len(tournament.log().events), timetable, tables

    def _where(self, target: object) -> dict[str, object]:
        return {"table": target.number if isinstance(target, TournamentTableRoom) else None}

    def _kind(self, method: str) -> str:
        return KINDS[method]

    def _save(self, item: RoomInput) -> None:
        self.saver.put(self.tournament.id, item, self._due_checkpoint())

    def _due_checkpoint(self) -> Checkpoint | None:
        tournament = self.tournament
        hands, over = tournament.log().hands, tournament.status == "finished"
        due = hands >= self._checkpoint_hands + CHECKPOINT_HANDS or (over and not self._finish_kept)
        if not (self._checkpoints and due):
            return None
        try:
            with detached(tournament):
                checkpoint = seal_state(tournament, self._serial, self._secret)
        except Exception as exc:
            self._checkpoints = False
            log.error(
                "tournament %s cannot be checkpointed: %s", tournament.id, describe_failure(exc)
            )
            return None
        self._checkpoint_hands, self._finish_kept = hands, over
        return checkpoint


@contextmanager
def detached(tournament: RoomTournament) -> Iterator[None]:
    """The tournament without what ties it to this server (its journal, the lobby's, the
    recurrence's and the hand archive's listeners), for a checkpoint; a restart ties them again."""
    journal, on_change, on_start = tournament.journal, tournament.on_change, tournament.on_start
    hooks = tournament.on_offer, tournament.on_finished, tournament.on_table
    listeners = {number: room.on_hand_finished for number, room in tournament.rooms.items()}
    tournament.journal = tournament.on_change = tournament.on_start = None
    tournament.on_offer = tournament.on_finished = tournament.on_table = None
    for room in tournament.rooms.values():
        room.on_hand_finished = None
    try:
        yield
    finally:
        tournament.journal, tournament.on_change = journal, on_change
        tournament.on_start = on_start
        tournament.on_offer, tournament.on_finished, tournament.on_table = hooks
        for number, listener in listeners.items():
            tournament.rooms[number].on_hand_finished = listener


# ------------------------------------------------------------------ recipes


def recipe_of(tournament: RoomTournament, regulation_text: str) -> dict[str, Any]:
    """The settings that build ``tournament`` again (its regulation as ``regulation_text``),
    for a tournament nobody has entered yet."""
    if tournament.run is not None or tournament.registration.players:
        raise ValueError(
            f"tournament {tournament.id!r} already has entries: "  # machine words: an invariant
            "save it as soon as it is made"  # machine words
        )
    if parse_regulation(regulation_text) != tournament.regulation:
        other = f"the regulation text given is not tournament {tournament.id!r}'s"  # machine words
        raise ValueError(other)
    return {
        "regulation": regulation_text,
        "name": tournament.name,
        "creator": tournament.creator,
        "fill_to": tournament.fill_to,
        "start_at": tournament.start_at,
        "grace": tournament.grace,
        "pause": tournament.pause,
        "player_run": tournament.player_run,
        "start_when_full": tournament.start_when_full,
        "recurs": tournament.recurs,
        "bot_kinds": list(tournament.bot_kinds),
        "speed": tournament.speed,
        "decision_seconds": tournament.decision_seconds,
        "auto_muck": tournament.auto_muck,
        "apart": tournament.apart,
    }


def build_tournament(tournament_id: str, settings: Mapping[str, Any], seed: int) -> RoomTournament:
    """The tournament a recipe describes; a damaged recipe is one :class:`StorageError`."""
    try:
        start_at = settings["start_at"]
        return RoomTournament(
            tournament_id,
            parse_regulation(str(settings["regulation"]), source=f"tournament {tournament_id}"),
            creator=User(int(settings["creator"]), "creator"),
            name=str(settings["name"]),
            fill_to=int(settings["fill_to"]),
            start_at=None if start_at is None else float(start_at),
            seed=int(seed),
            grace=float(settings["grace"]),
            pause=float(settings["pause"]),
            player_run=bool(settings.get("player_run", False)),
            start_when_full=bool(settings.get("start_when_full", False)),
            recurs=bool(settings.get("recurs", False)),
            bot_kinds=[str(kind) for kind in settings.get("bot_kinds", [BOT_KIND])],
            speed=float(settings.get("speed", 1.0)),
            decision_seconds=settings.get("decision_seconds"),
            auto_muck=bool(settings.get("auto_muck", False)),
            apart=bool(settings.get("apart", False)),
        )
    except (KeyError, TypeError, ValueError, PokerroomError) as error:
        raise StorageError(
            f"the saved tournament {tournament_id!r} cannot be built: {error!r}"  # machine words
        ) from None


def save_new(
    saver: RoomWriter,
    secret: bytes,
    tournament: RoomTournament,
    regulation_text: str,
    entry: dict[str, Any],
) -> RoomTournament:
    """Save a new ``tournament`` (a room of kind :data:`TOURNAMENT_KIND`, with its lobby
    line ``entry``); use the one given back (built again from what was saved, and journaled
    from now on)."""
    settings = recipe_of(tournament, regulation_text)
    saver.create(
        tournament.id, TOURNAMENT_KIND, entry=entry, settings=settings, seed=tournament.seed
    )
    saved = build_tournament(tournament.id, settings, tournament.seed)
    saved.journal = TournamentJournal(saved, saver, secret)
    return saved


# ------------------------------------------------------------------ restarts


def starting_point(stored: StoredRoom, secret: bytes | None) -> tuple[RoomTournament, int]:
    """``stored`` as of its checkpoint when ``secret`` opens it, else as its recipe builds
    it; and the serial of the last input that holds (its inputs after it are to replay)."""
    point = stored.checkpoint
    if point is not None and secret is not None:
        kept = unseal_state(point, secret, f"tournament {stored.id}")
        if isinstance(kept, RoomTournament) and kept.id == stored.id:
            return kept, point.serial
    return build_tournament(stored.id, stored.settings, stored.seed), 0


def resume_saved(
    stored: StoredRoom,
    saver: RoomWriter,
    secret: bytes,
    now: float,
    grace: float,
    plain: Callable[[int], bool],
) -> RoomTournament:
    """``stored`` built again (from its checkpoint, else its recipe), replayed, and resumed
    at ``now`` with its clocks made fair (the time left at its last input, plus ``grace``).
    ``plain`` tells whether a creator saved before ``player_run`` was kept is a plain account."""
    tournament, _serial, _at = rebuilt(stored, saver, secret, plain)
    run_journaled(tournament, saver, secret, stored.last_serial, stored.last_at, now, grace)
    if tournament.apart:
        run_tables_here(tournament, saver, now, grace)
    return tournament


def rebuilt(
    stored: StoredRoom, saver: RoomWriter, secret: bytes, plain: Callable[[int], bool]
) -> tuple[RoomTournament, int, float | None]:
    """``stored`` built again and replayed, not run (no journal): the tournament, and the
    serial and time of the last input it holds (a cluster's follower copy starts there)."""
    tournament, after = starting_point(stored, secret)
    inputs = saver.store.inputs(stored.id, after)
    replay(tournament, inputs)
    if tournament.apart:
        replay_tables(tournament, saver.store)
    known = stored.settings.get("player_run")
    tournament.player_run = bool(known) if known is not None else plain(tournament.creator)
    if not inputs:
        return tournament, after, stored.last_at if after == stored.last_serial else None
    return tournament, inputs[-1].serial, inputs[-1].at


def run_journaled(
    tournament: RoomTournament,
    saver: RoomWriter,
    secret: bytes,
    last_serial: int,
    last_at: float | None,
    now: float,
    grace: float,
) -> None:
    """Run a tournament rebuilt up to its input ``last_serial`` (made at ``last_at``) here
    from ``now``: journaled from then on, its clocks made fair (the time left at its last
    input, plus ``grace``), every person counted gone until his socket says otherwise."""
    journal = TournamentJournal(tournament, saver, secret, last_serial=last_serial, last_at=last_at)
    tournament.journal = journal
    if last_at is not None:
        journal.shift(now, now + grace - last_at)
    if tournament.apart:
        return  # each table's own owner counts who is there (:mod:`.tournament_tables`)
    for room in tournament.rooms.values():
        count_gone(room, now)


def replay(tournament: RoomTournament, inputs: Iterable[RoomInput]) -> None:
    """Make ``tournament``'s saved calls again, in order; a refusal is refused again, and
    a saved input that is not one of ours is a :class:`StorageError`."""
    for item in inputs:
        data = item.data or {}
        if item.kind == "stop":
            continue
        if item.kind == "shift":
            shift_clocks(tournament, float(data["shift"]))
            continue
        method = METHODS.get(item.kind)
        table = data.get("table")
        target: object = tournament if table is None else tournament.rooms.get(int(table))
        if method is None or target is None or not isinstance(data.get("args"), list):
            kind = f"{item.serial} ({item.kind!r})"
            where = f"tournament {tournament.id}: saved input {kind}"  # machine words
            raise StorageError(f"{where} is not one it can replay")  # machine words: a log line
        try:
            getattr(target, method)(*[decode_arg(arg) for arg in data["args"]])
        except UsageError:
            pass  # refused then, refused now
        except Exception as exc:
            item.failed_again(log, f"tournament {tournament.id}", exc)


def shift_clocks(tournament: RoomTournament, seconds: float) -> None:
    """Every time ``tournament`` and its tables keep moves ``seconds`` later: the
    tournament clock (its levels and breaks), the set start, the shot clocks and time
    banks (A-18), the graces of dropped connections (H-11)."""
    tournament.now += seconds
    if tournament.started_at is not None:
        tournament.started_at += seconds
    if tournament.paused_at is not None:
        tournament.paused_at += seconds
    if tournament.start_at is not None:
        tournament.start_at += seconds
    if tournament.apart:
        return  # each table's clock is its own journal's (:mod:`.tournament_tables`)
    for room in tournament.rooms.values():
        room.shift_clock(seconds)
