"""A live tournament's desk, opened from the store for each request.

The database is the one truth: every page is built from the stored log, and every action
is appended to it at once by the same :class:`LiveSaver` the terminal console uses. So
``pokerroom director --resume ID`` and the browser work on one tournament; if both act at
the same moment, the store's compare-and-set keeps the first and refuses the second in one
line (nothing changes). One lock makes this console's own actions take turns.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from pokerroom.errors import PokerroomError, UsageError
from pokerroom.i18n import gettext
from pokerroom.storage.codec import StorageError
from pokerroom.storage.live_saving import LiveSaver, create_live
from pokerroom.storage.tournament.store import (
    SavedTournament,
    StaleTournamentError,
    TournamentStore,
)
from pokerroom.tournament.clock.timesource import TimeSource
from pokerroom.tournament.live.desk import LiveDesk
from pokerroom.tournament.regulation import parse_regulation

MAX_ID = 2**31 - 1
Done = TypeVar("Done")


class NotFoundError(PokerroomError):
    """No such tournament (a 404 page, one line)."""


@dataclass(frozen=True, slots=True)
class OpenDesk:
    saved: SavedTournament
    desk: LiveDesk


def saved_tournament(store: TournamentStore, tournament_id: int) -> SavedTournament:
    """The stored tournament, or :class:`NotFoundError` in one line."""
    if not 1 <= tournament_id <= MAX_ID:
        raise NotFoundError(gettext("no tournament {id}: ids run from 1").format(id=tournament_id))
    try:
        return store.get_tournament(tournament_id)
    except StorageError as error:
        raise NotFoundError(str(error)) from None


class Desks:
    """Opens, creates and acts on the live tournaments of one store."""

    def __init__(self, store: TournamentStore, time: TimeSource) -> None:
        self.store = store
        self.time = time
        self._acting = threading.Lock()

    def open(self, tournament_id: int) -> OpenDesk:
        saved = saved_tournament(self.store, tournament_id)
        if not saved.live:
            raise NotFoundError(
                gettext(
                    "tournament {id} is a simulated run, not a live tournament; "
                    "the director's console runs live ones"
                ).format(id=tournament_id)
            )
        events = self.store.events(tournament_id)
        assert saved.seed is not None  # a live tournament always has its seed
        saver = LiveSaver(self.store, tournament_id, len(events))
        desk = LiveDesk(saved.regulation(), self.time, seed=saved.seed, events=events, saver=saver)
        return OpenDesk(saved, desk)

    def act(self, tournament_id: int, action: Callable[[LiveDesk], Done]) -> Done:
        """``action`` on the desk as stored now, saved at once; a refusal changes nothing."""
        with self._acting:
            opened = self.open(tournament_id)
            if opened.saved.abandoned:
                raise UsageError(
                    gettext("tournament {id} was abandoned; nothing more is taken").format(
                        id=tournament_id
                    )
                )
            try:
                return action(opened.desk)
            except StaleTournamentError:
                raise UsageError(
                    gettext(
                        "tournament {id} changed at another console just now; "
                        "nothing was done here: look at the page again and repeat"
                    ).format(id=tournament_id)
                ) from None

    def create(self, regulation_text: str) -> int:
        """A new live tournament of this regulation (checked first); its id."""
        parse_regulation(regulation_text)
        return create_live(self.store, regulation_text, secrets.randbits(32))

    def live(self) -> list[SavedTournament]:
        """The live tournaments, the most recently played first."""
        return [saved for saved in self.store.list_tournaments() if saved.live]
