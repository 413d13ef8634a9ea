"""``pokerroom tournament run`` saves as it goes; ``--resume`` goes on, ``--abandon`` gives up.

A new run is saved before its first hand: the regulation's TOML text, the field, the bot
kinds and the seed; its events follow in batches at hand boundaries
(:class:`~pokerroom.storage.tournament.log.TournamentLog`). A resumed run takes all of that
from the store: the state from its events, the floor from the state, the simulated time
from the last event; the hands that were being dealt when it stopped are dealt again. Its
randomness comes from the stored seed and the number of events stored, so the same resume
plays the same tournament. Only American runs can be resumed so far.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.bots.tournament_players import BotPlayers, check_kinds
from pokerroom.errors import UsageError
from pokerroom.i18n import gettext, ngettext, number_text
from pokerroom.i18n.marker import N_
from pokerroom.storage import StorageError
from pokerroom.storage.tournament.hands import HandKeeper
from pokerroom.storage.tournament.log import TournamentLog, resume_seed
from pokerroom.storage.tournament.store import SavedTournament, TournamentStore
from pokerroom.tournament.american import (
    AmericanRun,
    DealCheck,
    DeckFor,
    HandPlayer,
    Listener,
    entrant_names,
)
from pokerroom.tournament.events import BustOut, Entered, TournamentEvent
from pokerroom.tournament.olympic_run import OlympicRun
from pokerroom.tournament.regulation import Regulation
from pokerroom.tournament.regulation.model import TournamentFormat


@dataclass
class SavedRun:
    """A run about to play, new or resumed, and where it is saved."""

    store: TournamentStore
    log: TournamentLog
    regulation: Regulation
    players: list[str]
    play: BotPlayers
    rng: random.Random
    events: list[TournamentEvent]
    """The stored log a resume goes on from; empty for a new run."""
    keeper: HandKeeper | None = None
    """``--keep-hands``: plays the hands and keeps each one's PHH for the log to save."""

    @property
    def id(self) -> int:
        return self.log.tournament_id

    @property
    def resumable(self) -> bool:
        return resumable_format(self.regulation.format.value)

    @property
    def busts(self) -> int:
        """Bust-outs already logged, for the progress bar."""
        return sum(isinstance(event, BustOut) for event in self.events)

    def start(
        self,
        listener: Listener,
        *,
        play: HandPlayer | None = None,
        on_deal: DealCheck | None = None,
        deck_for: DeckFor | None = None,
    ) -> AmericanRun:
        """The run, with ``listener`` hearing every new event and the log saving them;
        ``play`` plays the hands instead of the bots (a person's seat among them);
        ``deck_for`` may deal a hand from a saved deck (an American run's only)."""
        keeper = self.keeper

        def listen(event: TournamentEvent) -> None:
            if keeper is not None:
                keeper.heard(event)
            self.log(event)
            listener(event)

        player = keeper if keeper is not None else self.play if play is None else play
        if not self.events and self.regulation.format is TournamentFormat.OLYMPIC:
            return OlympicRun(
                self.regulation,
                self.players,
                player,
                self.rng,
                listener=listen,
                on_deal=on_deal,
                on_hand_end=self.log.hand_ended,
            )
        if not self.events:
            return AmericanRun(
                self.regulation,
                self.players,
                player,
                self.rng,
                listener=listen,
                on_deal=on_deal,
                on_hand_end=self.log.hand_ended,
                deck_for=deck_for,
            )
        return AmericanRun.resume(
            self.regulation,
            self.players,
            self.events,
            player,
            self.rng,
            listener=listen,
            on_deal=on_deal,
            on_hand_end=self.log.hand_ended,
            deck_for=deck_for,
        )


def resumable_format(format_name: str) -> bool:
    """Whether a stopped run of this format can go on: only American runs so far (an
    Olympic run keeps its stage plan and stage clock in memory)."""
    return format_name == TournamentFormat.AMERICAN.value


def new_run(
    regulation_text: str,
    regulation: Regulation,
    players: list[str],
    kinds: tuple[str, ...],
    seed: int,
    *,
    keep_hands: bool = False,
) -> SavedRun:
    """Save a new tournament (nothing played yet) and get its run ready; ``keep_hands``
    saves each hand's PHH too (``--keep-hands``)."""
    store = TournamentStore.open()
    try:
        number = store.create_tournament(
            regulation_text, entrants=len(players), bots=kinds, seed=seed, keep_hands=keep_hands
        )
    except StorageError:
        store.close()
        raise
    play = BotPlayers(kinds, players, seed)
    keeper = HandKeeper(play) if keep_hands else None
    log = TournamentLog(store, number, hands=keeper)
    return SavedRun(store, log, regulation, players, play, random.Random(seed), [], keeper)


def resumed_run(tournament_id: int | None) -> SavedRun:
    """The saved tournament ``tournament_id`` (the latest unfinished one for None), ready to
    go on; a finished, abandoned or Olympic one is one clear error, and so is one with a
    person's seat (played at the terminal before ``tournament play`` kept its own)."""
    store = TournamentStore.open()
    try:
        saved = _resumable(store, tournament_id)
        regulation = saved.regulation()
        events = store.events(saved.id)
        players = entrant_names(regulation, saved.entrants)
        kinds = check_kinds(saved.bots)
        people = people_in(events, players)
        if people:
            problem = N_(
                "tournament {id} has {name}'s seat, played at the terminal table of an "
                "earlier pokerroom: it cannot go on (pokerroom history --tournament {id} shows it)"
            )
            raise UsageError(gettext(problem).format(id=saved.id, name=people[0]))
    except (StorageError, UsageError):
        store.close()
        raise
    assert saved.seed is not None
    seed = resume_seed(saved.seed, len(events)) if events else saved.seed
    play = BotPlayers(kinds, players, seed)
    keeper = HandKeeper(play) if saved.keeps_hands else None
    log = TournamentLog(store, saved.id, len(events), hands=keeper)
    return SavedRun(store, log, regulation, players, play, random.Random(seed), events, keeper)


def people_in(events: Sequence[TournamentEvent], bots: Sequence[str]) -> list[str]:
    """The entrants of a log who are not the field's bots: the people at the table."""
    named = set(bots)
    return sorted({e.player for e in events if isinstance(e, Entered) and e.player not in named})


def _resumable(store: TournamentStore, tournament_id: int | None) -> SavedTournament:
    if tournament_id is None:
        saved = store.latest_unfinished()
        if saved is None:
            raise UsageError(N_("no unfinished tournament to resume (pokerroom history --list)"))
    else:
        saved = store.get_tournament(tournament_id)
    if saved.abandoned:
        problem = N_("tournament {id} was abandoned; it cannot be resumed")
        raise UsageError(gettext(problem).format(id=saved.id))
    if saved.live:
        problem = N_(
            "tournament {id} is a live tournament; reopen it with pokerroom director --resume {id}"
        )
        raise UsageError(gettext(problem).format(id=saved.id))
    if saved.finished:
        problem = N_(
            "tournament {id} is finished ({winner} won); nothing to resume: "
            "pokerroom history --tournament {id}"
        )
        raise UsageError(gettext(problem).format(id=saved.id, winner=saved.winner))
    if not resumable_format(saved.format):
        problem = N_(
            "tournament {id} is an {format} tournament; "
            "only american tournaments can be resumed so far"
        )
        raise UsageError(gettext(problem).format(id=saved.id, format=saved.format))
    if saved.seed is None:
        problem = N_("tournament {id} was saved without a seed; it cannot be resumed")
        raise UsageError(gettext(problem).format(id=saved.id))
    return saved


def abandon(tournament_id: int) -> str:
    """Give up an unfinished tournament for good; the line that says so."""
    with TournamentStore.open() as store:
        saved = store.abandon_tournament(tournament_id)
    hands = ngettext(
        "tournament {id} abandoned after {count} hand",
        "tournament {id} abandoned after {count} hands",
        saved.hands_played,
    ).format(id=saved.id, count=number_text(saved.hands_played))
    left = ngettext("{count} player left", "{count} players left", saved.players_left).format(
        count=number_text(saved.players_left)
    )
    return f"{hands}, {left}"
