"""The person's hand in progress in a tournament (``tournament play``): saved as it is played.

When a hand is dealt to the person at the terminal table, its config and deck are saved
(the deck is the order of its cards: secret, C-3, X-4, never shown and never exported),
then its decisions after each one; the row is deleted when the hand ends. A resume deals
that hand again from the deck and replays the decisions, so the person is back at the
same decision. One row per tournament: only one person sits in a run.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete

from pokerroom.deck import DeckOrder
from pokerroom.engine import Hand, HandConfig
from pokerroom.storage.codec import (
    Decision,
    StorageError,
    config_from_json,
    config_to_json,
    decision_from_json,
    decision_to_json,
    decisions_of,
)
from pokerroom.storage.damage import loading
from pokerroom.storage.dealt import deck_from_json, deck_to_json
from pokerroom.storage.models import TournamentHandInProgressRow
from pokerroom.storage.tournament.store import TournamentStore


@dataclass(frozen=True, slots=True)
class TableHand:
    """A person's hand as saved: enough to deal it again and bring it back to where it was."""

    player: str
    table: int
    config: HandConfig
    deck: DeckOrder
    decisions: tuple[Decision, ...]


def save_table_hand(
    store: TournamentStore, tournament_id: int, player: str, table: int, hand: Hand, deck: DeckOrder
) -> None:
    """Save (or bring up to date) the person's hand being played at ``table``."""
    values = {
        "player": player,
        "table": table,
        "config": config_to_json(hand.config),
        "deck": deck_to_json(deck),
        "decisions": [decision_to_json(d) for d in decisions_of(hand)],
    }
    with store.database.session() as session:
        row = session.get(TournamentHandInProgressRow, tournament_id)
        if row is None:
            session.add(TournamentHandInProgressRow(tournament_id=tournament_id, **values))
        else:
            for key, value in values.items():
                setattr(row, key, value)


def table_hand(store: TournamentStore, tournament_id: int) -> TableHand | None:
    """The person's hand saved in progress, if any."""
    with store.database.session() as session, loading(f"tournament {tournament_id}"):
        row = session.get(TournamentHandInProgressRow, tournament_id)
        if row is None:
            return None
        try:
            return TableHand(
                row.player,
                row.table,
                config_from_json(row.config),
                deck_from_json(row.deck),
                tuple(decision_from_json(d) for d in row.decisions),
            )
        except StorageError as error:
            raise StorageError(f"tournament {tournament_id}: {error}") from None


def drop_table_hand(store: TournamentStore, tournament_id: int) -> None:
    """The hand is over (or given up): its secret deck goes with it (X-4)."""
    with store.database.session() as session:
        session.execute(
            delete(TournamentHandInProgressRow).where(
                TournamentHandInProgressRow.tournament_id == tournament_id
            )
        )
