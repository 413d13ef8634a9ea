"""Each imported hand replayed by our engine before it is kept: the rules, the chips, the pots.

A history from elsewhere is trusted for nothing: every bet must be legal (the replay
refuses one that is not), the hand must finish, and what the engine pays each player must
be what the file says he collected, the house's rake apart. A hand whose figures do not add
up is refused whole, with the first thing that differs.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal

from pokerroom.errors import PokerroomError
from pokerroom.history.imports.draft import Draft, amount_text
from pokerroom.history.imports.problems import UnreadableError
from pokerroom.history.phh.documents import PhhError, PhhHand, parse_phh
from pokerroom.history.replay import ReplayResult, replay_hand
from pokerroom.i18n import gettext as _


@dataclass(frozen=True, slots=True)
class ImportedHand:
    """A hand read and checked: its PHH document and where it came from."""

    source: str
    """``pokerstars`` or ``pokernow``."""
    source_id: str
    """The hand's id in its room."""
    line: int
    table: str
    table_size: int
    played_at: datetime | None
    seats: tuple[int, ...]
    """Each position's seat number."""
    hero: int | None
    """The position whose own cards the history holds (PokerStars' "Dealt to"), if any."""
    phh: PhhHand
    document: str
    """The PHH document, with the stacks after the hand the replay found."""


def _replayed(document: str) -> tuple[PhhHand, ReplayResult]:
    try:
        phh = parse_phh(document)
    except PhhError as error:
        raise UnreadableError(str(error)) from error
    try:
        result = replay_hand(phh)
    except PokerroomError as error:  # a table the engine cannot set up (a stack of 0 …)
        raise UnreadableError(str(error)) from error
    if result.unsupported:
        raise UnreadableError(_("the engine does not play {game}").format(game=phh.game.name))
    if result.error is not None:
        refused = result.error
        action = f' "{refused.action}"' if refused.action else ""
        raise UnreadableError(
            _("the rules refuse action{action}: {why}").format(action=action, why=refused.message)
        )
    if not result.complete:
        raise UnreadableError(_("the hand stops before it is over (the showdown is missing)"))
    return phh, result


def _rake(draft: Draft, won: tuple[Decimal, ...]) -> list[Decimal]:
    """What each winner left to the house: his award less what he collected."""
    rake = [award - got for award, got in zip(won, draft.collected, strict=True)]
    for seat, award, got in zip(draft.seats, won, draft.collected, strict=True):
        if got > award or (award != got and not draft.rake):
            raise UnreadableError(
                _("the pots pay {name} {award}, the file says he collected {got}").format(
                    name=seat.name, award=amount_text(award), got=amount_text(got)
                )
            )
    if sum(rake, Decimal(0)) != draft.rake:
        raise UnreadableError(
            _("the pots less what was collected leave {left}, the file's rake is {rake}").format(
                left=amount_text(sum(rake, Decimal(0))), rake=amount_text(draft.rake)
            )
        )
    return rake


def checked(draft: Draft) -> ImportedHand:
    """The draft replayed, its pots held against the file; UnreadableError if they differ."""
    document = draft.document()
    phh, result = _replayed(document)
    won = result.winnings
    assert won is not None  # a complete replay has its hand
    rake = _rake(draft, won)
    total = sum(won, Decimal(0))
    if draft.total_pot is not None and total != draft.total_pot:
        raise UnreadableError(
            _("the pots come to {pots}, the file's total pot is {total}").format(
                pots=amount_text(total), total=amount_text(draft.total_pot)
            )
        )
    replayed = result.finishing_stacks
    assert replayed is not None
    stacks = [stack - paid for stack, paid in zip(replayed, rake, strict=True)]
    if sum(stacks, Decimal(0)) + sum(rake, Decimal(0)) != sum(phh.starting_stacks):
        raise UnreadableError(_("the chips after the hand differ from the chips before it"))
    extra = [f"_rake = [{', '.join(amount_text(r) for r in rake)}]"] if any(rake) else []
    document = draft.document(extra)
    document += f"finishing_stacks = [{', '.join(amount_text(s) for s in stacks)}]\n"
    return ImportedHand(
        source=draft.source,
        source_id=draft.hand_id,
        line=draft.line,
        table=draft.table,
        table_size=draft.table_size,
        played_at=draft.played_at,
        seats=tuple(seat.seat for seat in draft.seats),
        hero=next(iter(draft.hole), None),
        phh=replace(phh, finishing_stacks=tuple(stacks), rake=tuple(rake) if any(rake) else None),
        document=document,
    )
