"""``pokerroom tournament play``: sit in a tournament with bots at the terminal table.

The field is you and ``--entrants`` minus one bots (``P2`` …, the tournament bot by
default), on the home sit-and-go unless a regulation FILE or ``--example`` is given. It is
saved as it goes, like ``tournament run``, and the hand you are dealt with it, decision by
decision (its deck kept secret, C-3, X-4); ``--resume [ID]`` sits you down again in a
tournament you left, from its last whole hand, and deals your hand again from its saved
deck with its decisions replayed: you are back at the same decision (the other tables'
hands in play are dealt again). Without a terminal it stops at once with one line.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from pathlib import Path

from pokerroom.bots.tournament_players import check_kinds
from pokerroom.cli.names import player_name
from pokerroom.cli.options import tournament_id as resumed_id
from pokerroom.cli.terminal import at_a_terminal
from pokerroom.deck import Deck
from pokerroom.engine import Hand, HandConfig
from pokerroom.errors import PokerroomError, UsageError
from pokerroom.i18n import N_, _
from pokerroom.storage import StorageError
from pokerroom.storage.codec import Decision, apply_decisions
from pokerroom.storage.tournament import saving as tournament_saving
from pokerroom.storage.tournament.hand_progress import (
    drop_table_hand,
    save_table_hand,
    table_hand,
)
from pokerroom.storage.tournament.saving import SavedRun
from pokerroom.tournament.american import AmericanRun, entrant_names
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.regulation import example_text, load_example, load_regulation
from pokerroom.tui.tournament.app import TournamentTableApp
from pokerroom.tui.tournament.seat import YourSeat

DEFAULT_EXAMPLE = "home-sit-and-go"
NO_TERMINAL = N_("no terminal: use pokerroom tournament run for a tournament of bots only")


class StoreKeeper:
    """The tournament store behind the table: the rest of the log when it ends, the log up
    to the last whole hand when you leave, and your hand as it is played (C-3)."""

    def __init__(self, saved: SavedRun, human: str) -> None:
        self.saved = saved
        self.human = human
        self.failure: str | None = None
        self._resumed = saved.table_hand
        self._replay: tuple[Decision, ...] = ()
        self._deck: Deck | None = None
        self._table = 0

    def stopped(self) -> None:
        self._guard(self.saved.log.save_to_boundary)

    def finished(self, tournament: Tournament) -> None:
        self._guard(lambda: self.saved.log.finish(tournament))
        self._guard(lambda: drop_table_hand(self.saved.store, self.saved.id))

    def deck_for(self, config: HandConfig, players: Sequence[str], fresh: Deck) -> Deck:
        """Your first hand after a resume comes from its saved deck if it is the same hand
        (the same config: stacks, blinds, button); every other hand from ``fresh``."""
        if self.human not in players:
            return fresh
        resumed, self._resumed = self._resumed, None
        if resumed is not None and resumed.player == self.human and resumed.config == config:
            self._deck, self._replay = Deck.again(resumed.deck), resumed.decisions
        else:
            self._deck, self._replay = fresh, ()
        return self._deck

    def dealt(self, table: int, hand: Hand) -> None:
        """Your hand is dealt: the saved decisions replayed, then it is saved as it stands."""
        replay, self._replay, self._table = self._replay, (), table
        try:
            apply_decisions(hand, replay)
        except PokerroomError as error:
            raise StorageError(
                _("your saved hand no longer replays: {error}").format(error=error)
            ) from None
        self.acted(hand)

    def acted(self, hand: Hand) -> None:
        """After every decision in your hand: saved; at its end, deleted with its deck."""
        deck, saved = self._deck, self.saved
        if deck is None:
            return
        if hand.phase == "done":
            self._deck = None
            self._guard(lambda: drop_table_hand(saved.store, saved.id))
        else:
            order = deck.dealt
            self._guard(
                lambda: save_table_hand(saved.store, saved.id, self.human, self._table, hand, order)
            )

    def _guard(self, save: Callable[[], None]) -> None:
        try:
            save()
        except StorageError as error:
            self.failure = str(error)


def open_table(
    saved: SavedRun, human: str, *, clock: int | None, auto_muck: bool = False
) -> tuple[TournamentTableApp, StoreKeeper]:
    """The table for ``human`` in the saved run, and the keeper saving it as it goes."""
    keeper = StoreKeeper(saved, human)

    def start(seat: YourSeat) -> AmericanRun:
        run = saved.start(seat.hear, play=seat, on_deal=seat.on_deal, deck_for=keeper.deck_for)
        saved.log.save(run.tournament)  # the draw, or the state resumed from
        return run

    table = TournamentTableApp(
        saved.regulation,
        human,
        saved.play,
        start,
        clock=clock,
        auto_muck=auto_muck,
        keeper=keeper,
    )
    return table, keeper


def new_seat(
    file: Path | None, example: str | None, entrants: int, name: str, bots: str, seed: int | None
) -> tuple[SavedRun, str]:
    if file is not None and example is not None:
        raise UsageError(_("give a regulation FILE or --example NAME, not both"))
    if file is not None:
        regulation, text = load_regulation(file), file.read_text(encoding="utf-8")
    else:
        chosen_example = example or DEFAULT_EXAMPLE
        regulation, text = load_example(chosen_example), example_text(chosen_example)
    human = player_name(name)
    field = entrant_names(regulation, entrants)[1:]
    if human in field:
        raise UsageError(
            _("--name {name!r} is a bot's name here; choose another").format(name=human)
        )
    kinds = check_kinds([kind.strip() for kind in bots.split(",") if kind.strip()])
    _require_terminal()
    chosen = secrets.randbits(32) if seed is None else seed
    saved = tournament_saving.new_run(text, regulation, [human, *field], kinds, chosen)
    return saved, human


def resumed_seat(file: Path | None) -> tuple[SavedRun, str]:
    """The saved tournament with your seat in it: you are the entrant who is no bot."""
    tournament_id = resumed_id(file)
    _require_terminal()
    saved = tournament_saving.resumed_run(tournament_id, seated=True)
    people = tournament_saving.people_in(saved.events, saved.players)
    if len(people) != 1:
        saved.store.close()
        raise UsageError(
            _(
                "tournament {id} has no seat of yours (bots only): "
                "go on with pokerroom tournament run --resume {id}"
            ).format(id=saved.id)
        )
    saved.players[0] = people[0]
    try:
        saved.table_hand = table_hand(saved.store, saved.id)
    except StorageError:
        saved.store.close()
        raise
    return saved, people[0]


def _require_terminal() -> None:
    if not at_a_terminal():
        raise UsageError(_(NO_TERMINAL))
