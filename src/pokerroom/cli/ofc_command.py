"""``pokerroom ofc``: Open-Face Chinese Pineapple against bots (O-1 … O-7).

Every finished hand is saved in the embedded database as its TOML record (see
``pokerroom history``). ``--all-bots`` plays unattended; with ``--json`` it prints
one JSON object — players, every hand, the totals, the session id — for scripts
and tests.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated

import typer

from pokerroom.bots.ofc import OFC_BOTS, OfcBot, play_ofc_hand
from pokerroom.cli.errors import user_errors
from pokerroom.cli.history_command import ofc_hand_json, ofc_players_json
from pokerroom.errors import UsageError
from pokerroom.ofc import Session
from pokerroom.storage import OfcLog, OfcStore, SavedOfcHand, positions
from pokerroom.tui.ofc_app import OfcApp

DEFAULT_BOTS = "sensible"
BOT_HANDS = 10
"""Hands an ``--all-bots`` session plays when ``--hands`` is not given."""
PLAYERS = (2, 3)  # OFC Pineapple is for two or three players (O-2)


def _kinds(players: int, bots_option: str, humans: int) -> list[str | None]:
    """The bot kind in each seat, cycled from ``--bots``; ``None`` for the human seats."""
    cycle = [kind.strip() for kind in bots_option.split(",") if kind.strip()]
    unknown = [kind for kind in cycle if kind not in OFC_BOTS]
    if unknown or not cycle:
        raise UsageError(
            f"unknown OFC bot {', '.join(unknown) or '(none)'}; choose from {', '.join(OFC_BOTS)}"
        )
    return [
        None if seat < humans else cycle[(seat - humans) % len(cycle)] for seat in range(players)
    ]


@dataclass(slots=True)
class OfcTable:
    """A new session, saved as it is played, with its bots: by session seat, seat 0 first."""

    store: OfcStore
    session: Session
    log: OfcLog
    names: list[str]
    kinds: list[str | None]
    bots: dict[int, OfcBot]

    def app(self, hands: int | None) -> OfcApp:
        """The terminal table for the human in seat 0; every finished hand is saved."""
        return OfcApp(
            self.session, self.names, self.bots, hands=hands, on_hand=self.log.hand_finished
        )

    def play_unattended(self, hands: int) -> list[SavedOfcHand]:
        """Bots in every seat play ``hands`` hands; each is saved as it ends."""
        saved = []
        for _ in range(hands):
            hand = self.session.start_hand()
            seats = positions(self.session)
            play_ofc_hand(hand, [self.bots[seat] for seat in seats])
            self.session.finish_hand()
            saved.append(self.log.hand_finished(hand, seats))
        return saved

    def close(self) -> None:
        """Mark the session over (it is not resumed) and close the store."""
        self.log.finished()
        self.store.close()


def open_table(
    players: int, bots_option: str, name: str, seed: int | None, *, all_bots: bool
) -> OfcTable:
    """Check the options and save a new session: the human (unless ``all_bots``) in seat 1."""
    if players not in PLAYERS:
        raise UsageError(f"--players must be 2 or 3 for OFC Pineapple (O-2), got {players}")
    if not name.strip():
        raise UsageError("--name must not be empty")
    kinds = _kinds(players, bots_option, 0 if all_bots else 1)
    names = [
        name.strip() if kind is None else f"{kind}-{seat + 1}" for seat, kind in enumerate(kinds)
    ]
    bots = {
        seat: OFC_BOTS[kind](None if seed is None else seed + seat)
        for seat, kind in enumerate(kinds)
        if kind is not None
    }
    store = OfcStore.open()
    session = Session(players, seed=seed)
    log = OfcLog.start(store, session, names, bots=kinds, seed=seed)
    return OfcTable(store, session, log, names, kinds, bots)


def ofc(
    players: Annotated[int, typer.Option("--players", help="Players at the table: 2 or 3.")] = 2,
    bots_option: Annotated[
        str, typer.Option("--bots", help="Bot kinds in seat order, cycled: sensible, random.")
    ] = DEFAULT_BOTS,
    name: Annotated[str, typer.Option("--name", help="Your name at the table.")] = "You",
    hands: Annotated[
        int | None,
        typer.Option(
            "--hands",
            help=f"Hands to play; by default until you quit, {BOT_HANDS} with --all-bots.",
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed for a reproducible session.")
    ] = None,
    all_bots: Annotated[bool, typer.Option("--all-bots", help="Bots in every seat.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object at the end.")] = False,
) -> None:
    """Play Open-Face Chinese Pineapple against bots; every hand is saved (pokerroom history)."""
    with user_errors():
        if hands is not None and hands < 1:
            raise UsageError(f"--hands must be at least 1, got {hands}")
        if as_json and not all_bots:
            raise UsageError("--json is for unattended sessions: add --all-bots")
        table = open_table(players, bots_option, name, seed, all_bots=all_bots)
    try:
        if not all_bots:
            table.app(hands).run()
            return
        saved = table.play_unattended(hands or BOT_HANDS)
    finally:
        table.close()
    if as_json:
        summary = {
            "session": table.log.session_id,
            "seed": seed,
            "players": ofc_players_json(table.names, table.kinds),
            "hands_played": len(saved),
            "hands": [ofc_hand_json(hand) for hand in saved],
            "totals": list(table.session.totals),
        }
        typer.echo(json.dumps(summary, ensure_ascii=False))
        return
    for hand in saved:
        points = ", ".join(
            f"{n} {p:+d}" + (" (fouled)" if f else "")
            for n, p, f in zip(table.names, hand.points, hand.fouled, strict=True)
        )
        typer.echo(f"hand {hand.number}: {points}")
    typer.echo(f"OFC session {table.log.session_id} after {len(saved)} hands:")
    for seat, (n, total) in enumerate(zip(table.names, table.session.totals, strict=True), 1):
        typer.echo(f"  seat {seat}  {n:<14} {total:+d}")
