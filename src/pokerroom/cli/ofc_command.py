"""``pokerroom ofc``: Open-Face Chinese Pineapple against bots (O-1 … O-7).

Everything is saved as it is played (see ``pokerroom history``): every finished hand
as its TOML record, and the hand in progress after every action. Quitting leaves
the session open, and ``--resume`` goes on with the latest unfinished one (``--resume
ID`` with the one named), in the middle of a hand too; ``--abandon ID`` gives one up.
A session is finished when it has played all its ``--hands`` or the player ends it
(``e`` between hands). ``--all-bots`` plays unattended; with ``--json`` it prints one
JSON object — players, every hand, the totals, the session id — for scripts and tests.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated

import typer

from pokerroom.cli.errors import user_errors
from pokerroom.cli.history_command import ofc_hand_json, ofc_players_json
from pokerroom.cli.names import player_name
from pokerroom.cli.options import MAX_ID, flag, number, resume_id
from pokerroom.cli.terminal import NO_TERMINAL, at_a_terminal, require_terminal
from pokerroom.errors import PokerroomError, UsageError
from pokerroom.i18n import gettext, ngettext
from pokerroom.i18n.marker import N_
from pokerroom.ofc_choices import MAX_HANDS, MAX_PLAYERS, MIN_PLAYERS

if TYPE_CHECKING:  # the bots, the storage and Textual load when the command runs
    from pokerroom.bots.ofc import OfcBot, OfcDecision
    from pokerroom.ofc import Session
    from pokerroom.ofc.game import PlayerView
    from pokerroom.storage import OfcLog, OfcStore, SavedOfcHand
    from pokerroom.storage.ofc.session_room import OfcSessionRoom
    from pokerroom.tui.local_table import LocalTableApp

DEFAULT_BOTS = "sensible"
BOT_HANDS = 10
"""Hands an ``--all-bots`` session plays when ``--hands`` is not given."""
SESSION_OPTIONS = ("players", "bots_option", "name", "hands", "seed", "all_bots")
"""Options a resumed session takes from the store, not from the command line."""


def _kinds(players: int, bots_option: str, humans: int) -> list[str | None]:
    """The bot kind in each seat, cycled from ``--bots``; ``None`` for the human seats."""
    from pokerroom.bots.ofc import OFC_BOTS

    cycle = [kind.strip() for kind in bots_option.split(",") if kind.strip()]
    unknown = [kind for kind in cycle if kind not in OFC_BOTS]
    if unknown or not cycle:
        problem = N_("unknown OFC bot {kinds}; choose from {known}")
        raise UsageError(
            gettext(problem).format(
                kinds=", ".join(unknown) or gettext(N_("(none)")), known=", ".join(OFC_BOTS)
            )
        )
    return [
        None if seat < humans else cycle[(seat - humans) % len(cycle)] for seat in range(players)
    ]


class TurnSeededBot:
    """A bot of one kind, made afresh for every turn from a seed of that turn alone.

    In a seeded session the seed comes from the session seed, the seat, the hand
    number and how many cards the bot has set (one count per deal, O-2), so no choice
    hangs on turns played before: a session resumed mid-hand plays on exactly as it
    would have. Without a session seed the bot's choices are not seeded either.
    """

    def __init__(self, kind: str, session: Session, seat: int) -> None:
        self.name = kind
        self._session = session
        self._seat = seat

    def decide(self, view: PlayerView) -> OfcDecision:
        from pokerroom.bots.ofc import OFC_BOTS

        if self._session.seed is None:
            return OFC_BOTS[self.name](None).decide(view)
        board = view.boards[view.player]
        assert board is not None  # a player always sees his own board
        turn = f"{self._session.seed} {self._seat} {self._session.hands_played + 1} {len(board)}"
        seed = int.from_bytes(hashlib.blake2b(turn.encode(), digest_size=8).digest())
        return OFC_BOTS[self.name](seed).decide(view)


def _bots(kinds: Sequence[str | None], session: Session) -> dict[int, OfcBot]:
    return {
        seat: TurnSeededBot(kind, session, seat)
        for seat, kind in enumerate(kinds)
        if kind is not None
    }


@dataclass(slots=True)
class OfcTable:
    """A session, new or resumed, saved as it is played, with its bots: by seat, seat 0 first."""

    store: OfcStore
    session: Session
    log: OfcLog
    names: list[str]
    kinds: list[str | None]
    bots: dict[int, OfcBot]
    saving: OfcSessionRoom | None = None
    """The room played at this terminal, saved as it goes (:meth:`local_table`)."""
    ended: bool = False
    """The player ended the session at the table (``e`` between hands)."""

    @property
    def all_bots(self) -> bool:
        return None not in self.kinds

    def play_here(self) -> str | None:
        """Play the session at this terminal until the player quits or ends it (``e``
        between hands). Returns why saving failed (the table stopped there), or None."""
        import asyncio

        table = self.local_table()
        if self.saving is not None and self.saving.failure is None:
            asyncio.run(table.run_local())
        return self.left_table()

    def local_table(self) -> LocalTableApp:
        """The terminal table of ``pokerroom connect`` over an OFC room of this process for
        the human in seat 1: the session goes on at once, saved as it goes."""
        import time

        from pokerroom.room.ofc import OfcRoom
        from pokerroom.room.seam import User
        from pokerroom.storage.ofc.session_room import OfcSessionRoom
        from pokerroom.tui.local_table import LOCAL_ROOM, local_table

        me = User(1, self.names[0])
        room = OfcRoom.playing(
            LOCAL_ROOM,
            self.session,
            {1: me},
            {seat + 1: kind for seat, kind in enumerate(self.kinds) if kind is not None},
            {seat + 1: name for seat, name in enumerate(self.names)},
            max_hands=self.log.hands,
        )
        saving = self.saving = OfcSessionRoom(room, self.log)
        room.go_on(time.monotonic())
        saving.save_progress()
        title = gettext(N_("pokerroom — Open-Face Chinese Pineapple"))
        table = local_table(saving, [me], title=title, saves=saving.writer)

        def end_session() -> None:
            self.ended = True
            table.exit()

        table.on_end_session = end_session
        saving.on_failure = lambda _why: table.exit()
        return table

    def left_table(self) -> str | None:
        """After the terminal table: a session the player ended (``e``) is finished.
        Returns why saving failed (the table stopped there), or None."""
        saving = self.saving
        if saving is not None:
            saving.close()  # every change shown is saved: what is queued is written now
        failure = None if saving is None else saving.failure
        between_hands = saving is None or saving.room.hand_done
        if failure is None and self.ended and between_hands and not self.log.over:
            self.log.finished()
        return failure

    def play_unattended(self) -> None:
        """Bots in every seat play the hands still to play; each is saved as it ends.

        A hand in progress (a resumed session) is played on first; the last hand
        finishes the session.
        """
        from pokerroom.bots.ofc import play_ofc_hand
        from pokerroom.storage import positions

        if self.log.hands is None:
            raise UsageError(N_("an unattended session needs a number of --hands"))
        while not self.log.over:
            hand = self.session.hand or self.session.start_hand()
            seats = positions(self.session)
            play_ofc_hand(hand, [self.bots[seat] for seat in seats])
            self.session.finish_hand()
            self.log.hand_finished(hand, seats)

    def close(self) -> None:
        """Close the store; an unfinished session stays open for ``--resume``."""
        self.store.close()


def open_table(
    players: int,
    bots_option: str,
    name: str,
    seed: int | None,
    *,
    all_bots: bool,
    hands: int | None = None,
    at_the_terminal: bool = False,
) -> OfcTable:
    """Check the options and save a new session: the human (unless ``all_bots``) in seat 1.

    ``hands`` is the ``--hands`` limit: None plays until the player ends the session,
    or :data:`BOT_HANDS` hands with ``all_bots``. ``at_the_terminal``: the session is
    to be played now, so without a terminal it is refused before anything is saved.
    """
    from pokerroom.ofc import Session
    from pokerroom.storage import OfcLog, OfcStore

    if not MIN_PLAYERS <= players <= MAX_PLAYERS:  # O-2
        problem = N_("--players must be {low} or {high} for OFC Pineapple (O-2), got {players}")
        raise UsageError(
            gettext(problem).format(low=MIN_PLAYERS, high=MAX_PLAYERS, players=players)
        )
    name = player_name(name)
    if hands is not None and hands < 1:
        raise UsageError(gettext(N_("--hands must be at least 1, got {hands}")).format(hands=hands))
    if hands is not None and hands > MAX_HANDS:
        problem = gettext(N_("--hands may be at most {most}, got {hands}"))
        raise UsageError(problem.format(most=MAX_HANDS, hands=hands))
    kinds = _kinds(players, bots_option, 0 if all_bots else 1)
    names = [name if kind is None else f"{kind}-{seat + 1}" for seat, kind in enumerate(kinds)]
    if at_the_terminal and not all_bots:
        require_terminal()
    store = OfcStore.open()
    session = Session(players, seed=seed)
    limit = BOT_HANDS if hands is None and all_bots else hands
    log = OfcLog.start(store, session, names, bots=kinds, hands=limit)
    return OfcTable(store, session, log, names, kinds, _bots(kinds, session))


def resume_table(session_id: int | None = None) -> OfcTable:
    """An unfinished session (the latest by default) where it was left, its hand in
    progress dealt again."""
    from pokerroom.bots.ofc import OFC_BOTS
    from pokerroom.storage import OfcStore, StorageError, resume_ofc_session

    store = OfcStore.open()
    try:
        resumed = resume_ofc_session(store, session_id)
        saved = resumed.saved
        kinds = list(saved.bots)
        strangers = [kind for kind in kinds if kind is not None and kind not in OFC_BOTS]
        if strangers or None in kinds[1:]:
            problem = N_(
                "OFC session {id} cannot be resumed here: pokerroom ofc seats one "
                "human in seat 1 and bots of {known}"
            )
            raise StorageError(gettext(problem).format(id=saved.id, known=", ".join(OFC_BOTS)))
    except PokerroomError:
        store.close()
        raise
    session = resumed.session
    return OfcTable(store, session, resumed.log, list(saved.names), kinds, _bots(kinds, session))


def ofc(
    ctx: typer.Context,
    session_id: Annotated[
        int | None,
        resume_id(N_("With --resume: the session to go on with (pokerroom history --list).")),
    ] = None,
    players: Annotated[
        int,
        typer.Option(
            "--players", metavar=f"{MIN_PLAYERS}|{MAX_PLAYERS}", help="Players at the table."
        ),
    ] = 2,
    bots_option: Annotated[
        str,
        typer.Option(
            "--bots", metavar="KINDS", help="Bot kinds in seat order, cycled: sensible, random."
        ),
    ] = DEFAULT_BOTS,
    name: Annotated[
        str, typer.Option("--name", metavar="NAME", help="Your name at the table.")
    ] = "You",  # machine words: the name saved as data; the table says "you" in words
    hands: Annotated[
        int | None,
        typer.Option(
            "--hands",
            metavar=f"1-{MAX_HANDS}",
            help=f"Hands to play; by default until you end it, {BOT_HANDS} with --all-bots.",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", metavar="SEED", help="Seed for a reproducible session."),
    ] = None,
    all_bots: Annotated[bool, flag("--all-bots", help="Bots in every seat.")] = False,
    as_json: Annotated[
        bool, flag("--json", help="With --all-bots: one JSON object at the end.")
    ] = False,
    resume: Annotated[
        bool,
        flag(
            "--resume",
            help="Go on with an unfinished session (the latest, or the one named), mid-hand too.",
        ),
    ] = False,
    abandon: Annotated[
        int | None,
        number(
            "--abandon", low=1, high=MAX_ID, metavar="ID", help="Give up an unfinished session."
        ),
    ] = None,
) -> None:
    """Play Open-Face Chinese Pineapple against bots; all is saved as you go (pokerroom history)."""
    from pokerroom.storage import OfcStore

    with user_errors():
        if abandon is not None:
            if resume or session_id is not None or as_json or _session_options_given(ctx):
                raise UsageError(N_("--abandon takes an OFC session id and nothing else"))
            with OfcStore.open() as store:
                abandoned = store.abandon_session(abandon)
            typer.echo(
                ngettext(
                    "OFC session {id} abandoned after {count} hand",
                    "OFC session {id} abandoned after {count} hands",
                    abandoned.hands_played,
                ).format(id=abandoned.id, count=abandoned.hands_played)
            )
            return
        if session_id is not None and not resume:
            problem = N_("a session id goes with --resume: pokerroom ofc --resume {id}")
            raise UsageError(gettext(problem).format(id=session_id))
        if as_json and not (all_bots or resume):
            raise UsageError(N_("--json is for unattended sessions: add --all-bots"))
        if resume:
            given = _session_options_given(ctx)
            if given:
                problem = N_("--resume goes on with the session as saved: drop {options}")
                raise UsageError(gettext(problem).format(options=given))
            table = resume_table(session_id)
            if as_json and not table.all_bots:
                table.close()
                problem = N_(
                    "--json is for unattended sessions; OFC session {id} is played at the terminal"
                )
                raise UsageError(gettext(problem).format(id=table.log.session_id))
            if not table.all_bots and not at_a_terminal():
                table.close()
                raise UsageError(NO_TERMINAL)
        else:
            if all_bots and _options_given(ctx, ("name",)):
                raise UsageError(N_("--all-bots seats no one at the table: drop --name"))
            table = open_table(
                players,
                bots_option,
                name,
                seed,
                all_bots=all_bots,
                hands=hands,
                at_the_terminal=True,
            )
    try:
        with user_errors():
            if not table.all_bots:
                stopped = table.play_here()
                if stopped is not None:  # a stale terminal, a failed save: one line
                    raise PokerroomError(stopped)
                typer.echo(_leaving_line(table))
                return
            table.play_unattended()
            played = table.store.hands(table.log.session_id)
    finally:
        table.close()
    _report(table, played, as_json=as_json)


def _leaving_line(table: OfcTable) -> str:
    """On leaving the table: how to go on (q), or where an ended session is (e)."""
    saved = table.store.get_session(table.log.session_id)
    if saved.finished:
        return ngettext(
            "OFC session {id} ended after {count} hand: pokerroom history --session {id}",
            "OFC session {id} ended after {count} hands: pokerroom history --session {id}",
            saved.hands_played,
        ).format(id=saved.id, count=saved.hands_played)
    return gettext(N_("Saved. Go on with: pokerroom ofc --resume {id}")).format(id=saved.id)


def _session_options_given(ctx: typer.Context) -> str:
    """The options that make a new session, as typed on the command line ("" if none)."""
    return _options_given(ctx, SESSION_OPTIONS)


def _options_given(ctx: typer.Context, options: Sequence[str]) -> str:
    """Those of ``options`` typed on the command line, as typed ("" if none)."""
    given = [
        option
        for option in options
        if (source := ctx.get_parameter_source(option)) is not None and source.name == "COMMANDLINE"
    ]
    return ", ".join("--" + option.removesuffix("_option").replace("_", "-") for option in given)


def _report(table: OfcTable, hands: list[SavedOfcHand], *, as_json: bool) -> None:
    """An unattended session's every hand and totals, as text or one JSON object."""
    if as_json:
        summary = {
            "session": table.log.session_id,
            "seed": table.session.seed,
            "players": ofc_players_json(table.names, table.kinds),
            "hands_played": len(hands),
            "hands": [ofc_hand_json(hand) for hand in hands],
            "totals": list(table.session.totals),
        }
        typer.echo(json.dumps(summary, ensure_ascii=False))
        return
    for hand in hands:
        fouled = gettext(N_(" (fouled)"))
        points = ", ".join(
            f"{n} {p:+d}" + (fouled if f else "")
            for n, p, f in zip(table.names, hand.points, hand.fouled, strict=True)
        )
        typer.echo(gettext(N_("hand {number}: {points}")).format(number=hand.number, points=points))
    typer.echo(
        ngettext(
            "OFC session {id} after {count} hand:",
            "OFC session {id} after {count} hands:",
            len(hands),
        ).format(id=table.log.session_id, count=len(hands))
    )
    for seat, (n, total) in enumerate(zip(table.names, table.session.totals, strict=True), 1):
        place = gettext(N_("seat {seat}")).format(seat=seat)
        typer.echo(f"  {place}  {n:<14} {total:+d}")
