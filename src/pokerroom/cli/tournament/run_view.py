"""How ``pokerroom tournament run`` shows a tournament: a results table, or JSON lines.

JSON lines are the run's audit trail, every kind documented with an example in
``docs/tournament-log.md``: a ``header`` (version, regulation as given, seed, bots, table
sizes), then one object per event with its ``type`` — ``entry`` (first entries too),
``draw``, ``move``, ``wait`` (why a table waited or a move was deferred), ``level``,
``break``, ``hand`` (each seat's forced bets, put in and won), ``bust`` (a re-entrant's
too, unplaced), hand-for-hand lines, ``chip race``, Olympic ``stage`` and ``restart``, the
director's discipline (``soft_play`` marked ``"director_only": true`` for any
player-facing consumer to leave out, X-4), ``winner``, ``payout`` — and last ``results``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TextIO

from rich.console import Console
from rich.progress import Progress

from pokerroom import __version__
from pokerroom.i18n import N_, _, ngettext, number_text
from pokerroom.tournament.clock.events import BreakStarted, LevelStarted
from pokerroom.tournament.director import PlayerRecord, Tournament
from pokerroom.tournament.events import (
    BustOut,
    ChipsRaced,
    Entered,
    EntryKind,
    HandForHandEnded,
    HandForHandRound,
    HandForHandStarted,
    HandPlayed,
    Paid,
    Seated,
    StacksRestarted,
    StageStarted,
    TableWaited,
    TournamentEvent,
    Won,
)
from pokerroom.tournament.header import one_decimal
from pokerroom.tournament.money.payouts import PrizePool, prize_pool
from pokerroom.tournament.penalties.log import (
    HandServed,
    PenaltyGiven,
    ProtestDecided,
    ProtestFiled,
    SoftPlayFlagged,
    render_log,
)
from pokerroom.tournament.seating.moves import MoveReason, Seat

if TYPE_CHECKING:
    from pokerroom.storage.tournament.saving import SavedRun


def _seat(seat: Seat | None) -> dict[str, int] | None:
    return None if seat is None else {"table": seat.table, "seat": seat.seat}


def event_json(event: TournamentEvent) -> dict[str, Any]:
    """One event as a JSON object with its ``type``."""
    if isinstance(event, Seated):
        move = event.move
        return {
            "type": "move",
            "at": event.at,
            "player": move.player,
            "reason": move.reason.value,
            "from": _seat(move.source),
            "to": _seat(move.target),
        }
    if isinstance(event, HandPlayed):
        return {
            "type": "hand",
            "at": event.at,
            "started": event.started,
            "number": event.number,
            "table": event.table,
            "level": event.level,
            "button": event.button,
            "small_blind": event.small_blind,
            "big_blind": event.big_blind,
            "seats": [
                {
                    "seat": s.seat,
                    "player": s.player,
                    "before": s.before,
                    "after": s.after,
                    "ante": s.ante,
                    "blind": s.blind,
                    "bring_in": s.bring_in,
                    "put_in": s.before - s.after + s.won,
                    "won": s.won,
                }
                for s in event.seats
            ],
        }
    if isinstance(event, LevelStarted):
        level = event.level
        return {
            "type": "level",
            "at": event.at,
            "level": level.number,
            "minutes": level.minutes,
            "small_blind": level.small_blind,
            "big_blind": level.big_blind,
            "ante": level.ante,
            "big_blind_ante": level.big_blind_ante,
            "bring_in": level.bring_in,
            "small_bet": level.small_bet,
            "big_bet": level.big_bet,
        }
    if isinstance(event, BreakStarted):
        pause = event.pause
        return {
            "type": "break",
            "at": event.at,
            "after_level": pause.after_level,
            "minutes": pause.minutes,
            "color_up": pause.color_up,
        }
    if isinstance(event, Entered):
        return {
            "type": "entry",
            "at": event.at,
            "player": event.player,
            "kind": event.kind.value,
            "chips": event.chips,
        }
    if isinstance(event, BustOut):
        return {
            "type": "bust",
            "at": event.at,
            "player": event.player,
            "place": event.place,
            "hand": event.hand,
            "level": event.level,
            "shares_places": [event.tied_from, event.tied_from + event.tied - 1],
            "re_enters": False,
        }
    if isinstance(event, Won):
        return {"type": "winner", "at": event.at, "player": event.player}
    if isinstance(event, StageStarted):
        return {
            "type": "stage",
            "at": event.at,
            "number": event.number,
            "name": event.name,
            "tables": list(event.tables),
            "byes": list(event.byes),
        }
    if isinstance(event, StacksRestarted):
        return {
            "type": "restart",
            "at": event.at,
            "stage": event.stage,
            "stacks": [
                {"player": s.player, "before": s.before, "after": s.after} for s in event.stacks
            ],
        }
    if isinstance(event, TableWaited):
        return {
            "type": "wait",
            "at": event.at,
            "table": event.table,
            "reason": event.reason,
            "counts": [{"table": table, "players": count} for table, count in event.counts],
        }
    if isinstance(event, HandForHandStarted | HandForHandEnded | HandForHandRound | ChipsRaced):
        return _bubble_or_race_json(event)
    if isinstance(
        event, PenaltyGiven | HandServed | ProtestFiled | ProtestDecided | SoftPlayFlagged
    ):
        return discipline_json(event)
    assert isinstance(event, Paid)
    return {
        "type": "payout",
        "at": event.at,
        "player": event.player,
        "place": event.place,
        "prize": event.prize,
    }


def _bubble_or_race_json(
    event: HandForHandStarted | HandForHandEnded | HandForHandRound | ChipsRaced,
) -> dict[str, Any]:
    if isinstance(event, HandForHandStarted):
        return {
            "type": "hand-for-hand",
            "at": event.at,
            "state": "started",
            "players_left": event.players_left,
            "places_paid": event.places_paid,
        }
    if isinstance(event, HandForHandEnded):
        return {
            "type": "hand-for-hand",
            "at": event.at,
            "state": "ended",
            "players_left": event.players_left,
            "places_paid": None,
        }
    if isinstance(event, HandForHandRound):
        return {
            "type": "round",
            "at": event.at,
            "round": event.round,
            "started": event.started,
            "hands": list(event.hands),
        }
    return {
        "type": "chip race",
        "at": event.at,
        "table": event.table,
        "retired": event.retired,
        "smallest": event.smallest,
        "stacks": [
            {
                "player": s.player,
                "before": s.before,
                "after": s.after,
                "cards": s.cards,
                "won": s.won,
                "kept_in": s.kept_in,
            }
            for s in event.stacks
        ],
    }


def discipline_json(
    event: PenaltyGiven | HandServed | ProtestFiled | ProtestDecided | SoftPlayFlagged,
) -> dict[str, Any]:
    """A penalty, a served hand, a protest, a ruling or a soft-play flag as JSON."""
    if isinstance(event, PenaltyGiven):
        return {
            "type": "penalty",
            "at": event.at,
            "number": event.number,
            "player": event.player,
            "offence": event.offence.value,
            "penalty": str(event.penalty),
            "kind": event.penalty.kind.value,
            "hands": event.hands,
            "players_at_table": event.players_at_table,
            "repeat": event.repeat,
            "override": event.override,
            "place": event.place or None,
            "chips_removed": event.chips_removed,
            "note": event.note,
        }
    if isinstance(event, HandServed):
        return {
            "type": "served",
            "at": event.at,
            "player": event.player,
            "penalty": event.penalty,
            "hand": event.hand,
        }
    if isinstance(event, ProtestFiled):
        return {
            "type": "protest",
            "at": event.at,
            "number": event.number,
            "penalty": event.penalty,
            "player": event.player,
            "text": event.text,
        }
    if isinstance(event, ProtestDecided):
        return {
            "type": "ruling",
            "at": event.at,
            "protest": event.protest,
            "ruling": event.ruling.value,
            "note": event.note,
        }
    return {
        "type": "soft_play",
        "director_only": event.director_only,
        "at": event.at,
        "player": event.player,
        "hand": event.hand,
        "table": event.table,
        "action": event.action,
        "reason": event.reason,
        "hole": event.hole,
        "board": event.board,
    }


class JsonLines:
    """Writes events as they happen; the starting draw's seats go out as one ``draw`` object.
    A busted player who re-enters gets a ``bust`` line (no place) before his ``entry``."""

    def __init__(self, out: TextIO) -> None:
        self._out = out
        self._draw: list[dict[str, Any]] = []
        self._busted: dict[str, HandPlayed] = {}
        """Players left without chips by a hand, until placed or back in."""

    def _write(self, value: dict[str, Any]) -> None:
        self._out.write(json.dumps(value, ensure_ascii=False) + "\n")

    def header(self, header: dict[str, Any]) -> None:
        """The first line: what the run is (version, regulation, seed, bots, sizes)."""
        self._write({"type": "header", **header})

    def __call__(self, event: TournamentEvent) -> None:
        if isinstance(event, Seated) and event.move.reason is MoveReason.DRAW:
            target = event.move.target
            self._draw.append({"player": event.move.player, **(_seat(target) or {})})
            return
        if self._draw:
            self._write({"type": "draw", "seats": self._draw})
            self._draw = []
        if isinstance(event, HandPlayed):
            self._busted.update((s.player, event) for s in event.seats if not s.after)
        elif isinstance(event, BustOut):
            self._busted.pop(event.player, None)
        elif isinstance(event, Entered):
            hand = self._busted.pop(event.player, None)
            if event.kind is EntryKind.RE_ENTRY:
                self._re_entry_bust(event, hand)
        self._write(event_json(event))

    def _re_entry_bust(self, entry: Entered, hand: HandPlayed | None) -> None:
        """T-11, T-19: the bust a re-entry follows, which places nobody."""
        self._write(
            {
                "type": "bust",
                "at": entry.at,
                "player": entry.player,
                "place": None,
                "hand": None if hand is None else hand.number,
                "level": None if hand is None else hand.level,
                "shares_places": None,
                "re_enters": True,
            }
        )

    def results(
        self,
        tournament: Tournament,
        kind_of: Callable[[str], str],
        *,
        saved_as: int | None = None,
    ) -> None:
        """The last line; ``saved_as`` is the tournament's id in the store."""
        results = results_json(tournament, kind_of)
        self._write(results if saved_as is None else {**results, "tournament_id": saved_as})


def run_header(saved: SavedRun) -> dict[str, Any]:
    """The ``header`` line's fields: what an auditor needs to know which run this is and to
    run it again (the version, the regulation as given, the seed, the bots, the sizes)."""
    stored = saved.store.get_tournament(saved.id)
    regulation = saved.regulation
    return {
        "pokerroom": __version__,
        "tournament_id": saved.id,
        "name": regulation.name,
        "format": regulation.format.value,
        "profile": regulation.profile,
        "regulation": stored.regulation_text,
        "seed": stored.seed,
        "bots": list(stored.bots),
        "entrants": stored.entrants,
        "table_size": regulation.table_size,
        "final_table_size": regulation.final_table_size or regulation.table_size,
        "keep_hands": stored.keeps_hands,
        "resumed_after_events": len(saved.events),
    }


def _pool_json(pool: PrizePool) -> dict[str, int]:
    return {
        "total": pool.total,
        "collected": pool.collected,
        "fees": pool.fees,
        "added": pool.added,
        "overlay": pool.overlay,
    }


def _ranked(tournament: Tournament) -> list[PlayerRecord]:
    return sorted(tournament.players.values(), key=lambda r: r.place or 0)


def _stage_reached(tournament: Tournament, player: str) -> str:
    """T-9: the name of the last stage the player played or had a bye in."""
    return tournament.stages[tournament.stage_reached[player] - 1].name


def results_json(tournament: Tournament, kind_of: Callable[[str], str]) -> dict[str, Any]:
    entries = tournament.entries()
    staged = bool(tournament.stages)
    return {
        "type": "results",
        "name": tournament.regulation.name,
        "entrants": entries.entrants,
        "entries": entries.entries,
        "hands": tournament.hands,
        "pool": _pool_json(prize_pool(tournament.regulation, entries)),
        "results": [
            {
                "place": r.place,
                "player": r.player,
                "bot": kind_of(r.player),
                "prize": r.prize,
                "entries": r.entries,
                "bust_hand": r.bust_hand,
                "bust_level": r.bust_level,
                **({"stage": _stage_reached(tournament, r.player)} if staged else {}),
            }
            for r in _ranked(tournament)
        ],
    }


STAGE_WORDS = {"final": N_("final"), "semi-final": N_("semi-final")}
"""T-9: the named stages as people read them (``1/8`` reads the same in every language)."""


def stage_text(name: str) -> str:
    """An Olympic stage's name in the current language (the log keeps it in English)."""
    words = STAGE_WORDS.get(name)
    return _(words) if words else name


def results_text(
    tournament: Tournament, kind_of: Callable[[str], str], took: float, played: str = ""
) -> str:
    """The results table (place, player, prize, entries, bust hand and level, the stage
    reached in an Olympic run) and the pool; ``played`` says how it was played instead of
    the hands in ``took`` simulated seconds (a live tournament deals no hands here)."""
    regulation = tournament.regulation
    staged = bool(tournament.stages)
    entries = tournament.entries()
    pool = prize_pool(regulation, entries)
    currency = f" {regulation.money.currency}" if regulation.money.currency else ""
    if not played:
        played = ngettext(
            "{hands} hand in {hours} simulated hours",
            "{hands} hands in {hours} simulated hours",
            tournament.hands,
        ).format(hands=number_text(tournament.hands), hours=one_decimal(took / 3600))
    field = ngettext(
        "{name}: {players} players, {entries} entries, ",
        "{name}: {players} players, {entries} entries, ",
        entries.entrants,
    ).format(name=regulation.name, players=entries.entrants, entries=entries.entries)
    money = _(
        "Prize pool {pool}{currency}: {collected} collected, {fees} fees, {added} added, "
        "{overlay} overlay"
    ).format(
        pool=number_text(pool.total),
        currency=currency,
        collected=number_text(pool.collected),
        fees=number_text(pool.fees),
        added=number_text(pool.added),
        overlay=number_text(pool.overlay),
    )
    heads = [
        (_("place"), 5),
        (_("player"), 12),
        (_("bot"), 8),
        (_("prize"), 10),
        (_("entries"), 7),
        (_("bust hand"), 9),
        (_("level"), 5),
    ]
    widths = [max(width, len(head)) for head, width in heads]
    place_w, player_w, bot_w, prize_w, entries_w, hand_w, level_w = widths
    heading = (
        f"{heads[0][0]:>{place_w}}  {heads[1][0]:<{player_w}} {heads[2][0]:<{bot_w}} "
        f"{heads[3][0]:>{prize_w}} {heads[4][0]:>{entries_w}} {heads[5][0]:>{hand_w}} "
        f"{heads[6][0]:>{level_w}}"
    )
    lines = [field + played, money, "", heading + ("  " + _("stage") if staged else "")]
    for r in _ranked(tournament):  # players still in (an unfinished run) first, unplaced
        place = "-" if r.place is None else str(r.place)
        shared = "*" if r.tied > 1 else " "
        hand = "-" if r.bust_hand is None else str(r.bust_hand)
        level = "-" if r.bust_level is None else str(r.bust_level)
        stage = f"  {stage_text(_stage_reached(tournament, r.player))}" if staged else ""
        lines.append(
            f"{place:>{place_w}}  {r.player:<{player_w}} {kind_of(r.player):<{bot_w}} "
            f"{number_text(r.prize):>{prize_w - 1}}{shared} "
            f"{r.entries:>{entries_w}} {hand:>{hand_w}} {level:>{level_w}}{stage}"
        )
    if any(r.tied > 1 for r in tournament.players.values()):
        lines.append(
            _("* busted in the same hand with an equal stack: the places' money is shared")
        )
    discipline = render_log(tournament.penalty_log)
    if discipline:  # the one running the room is the director: flags included (T-15)
        lines += ["", _("Director's log (penalties, protests, soft-play flags):"), discipline]
    return "\n".join(lines)


@contextmanager
def progress_bar(busts: int, *, enabled: bool, done: int = 0) -> Iterator[Callable[[], None]]:
    """A bar of bust-outs on stderr while a long run plays (only on a terminal); a resumed
    run starts from the ``done`` bust-outs already logged."""
    if not enabled:
        yield lambda: None
        return
    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("playing", total=busts, completed=done)
        yield lambda: bar.advance(task)
