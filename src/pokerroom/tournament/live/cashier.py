"""The money at the end (T-2, T-12): a deal among the players left, and the payouts.

A deal (ICM or chip chop, beyond the seed; :mod:`pokerroom.tournament.money.deal`) shares
the prizes of the places still open by the stacks the director counts. Play may go on for
the title and what was left to play; at the finish every dealt player is paid his deal
(the winner also what was left to play) and the earlier places their table prize.
"""

from __future__ import annotations

from collections.abc import Mapping

from pokerroom.errors import UsageError
from pokerroom.i18n import N_
from pokerroom.said import Said
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import Paid, TournamentEvent, Won
from pokerroom.tournament.live.events import DealAgreed
from pokerroom.tournament.money.deal import Deal, DealMethod, chip_chop, icm_deal
from pokerroom.tournament.money.payouts import payout
from pokerroom.tournament.places import place_prize


def agreed_deal(tournament: Tournament) -> DealAgreed | None:
    return next((e for e in reversed(tournament.events) if isinstance(e, DealAgreed)), None)


def pool_and_prizes(tournament: Tournament) -> tuple[int, tuple[int, ...]]:
    """The prize pool and the prizes by place (T-2); nothing before the first entry."""
    entries = tournament.entries()
    if not entries.entrants:
        return 0, ()
    result = payout(tournament.regulation, entries)
    return result.pool.total, result.prizes


def prizes_open(tournament: Tournament) -> list[int]:
    """The prizes of places 1 … players left (0 for places out of the money)."""
    prizes = list(payout(tournament.regulation, tournament.entries()).prizes)
    left = tournament.players_left
    return (prizes + [0] * left)[:left]


def deal_offer(
    tournament: Tournament, method: DealMethod, stacks: Mapping[str, int], left_to_play: int = 0
) -> Deal:
    """What each player left gets by ``method`` with these chip counts (nothing recorded)."""
    if agreed_deal(tournament) is not None:
        raise UsageError(Said(N_("a deal was agreed already; undo it to make another")))
    alive = sorted(tournament.still_in())
    if sorted(stacks) != alive:
        raise UsageError(
            Said(
                N_("a deal needs the chip count of every player left: {players}"),
                players=", ".join(alive),
            )
        )
    players = sorted(alive, key=lambda p: -stacks[p])
    counts = [stacks[p] for p in players]
    if any(count <= 0 for count in counts):
        raise UsageError(Said(N_("every chip count in a deal is a whole number above 0")))
    make = icm_deal if method is DealMethod.ICM else chip_chop
    unit = tournament.regulation.payouts.unit
    return make(players, counts, prizes_open(tournament), unit=unit, left_to_play=left_to_play)


def deal_event(deal: Deal, at: float) -> DealAgreed:
    return DealAgreed(
        at, deal.method.value, deal.players, deal.stacks, deal.amounts, deal.left_to_play
    )


def finish_events(tournament: Tournament, at: float) -> list[TournamentEvent]:
    """T-12, T-2: the last player wins; every place is paid (a deal's amounts if agreed)."""
    alive = tournament.still_in()
    if len(alive) != 1:
        raise UsageError(
            Said(
                N_("{count} players are still in; bust them out to one winner first"),
                count=len(alive),
            )
        )
    deal = agreed_deal(tournament)
    dealt = {} if deal is None else dict(zip(deal.players, deal.amounts, strict=True))
    if deal is not None:
        dealt[alive[0]] += deal.left_to_play
    prizes = payout(tournament.regulation, tournament.entries()).prizes
    unit = tournament.regulation.payouts.unit
    done: list[TournamentEvent] = [Won(at, alive[0])]
    ranked = sorted(tournament.players.values(), key=lambda r: r.place or 1)
    for record in ranked:
        place, tied_from, tied = (record.place, record.tied_from, record.tied)
        if place is None:
            place, tied_from, tied = 1, 1, 1
        prize = dealt.get(record.player)
        if prize is None:
            prize = place_prize(prizes, place=place, tied_from=tied_from, tied=tied, unit=unit)
        if prize:
            done.append(Paid(at, record.player, place, prize))
    return done
