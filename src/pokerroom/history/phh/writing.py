"""Writing an engine hand as a PHH document, the inverse of :func:`replay_hand`.

Only the inputs are written — deals, player actions, draws, shows and mucks —
and the rule options of the table (``_options``, :mod:`pokerroom.history.phh.options`);
forced bets (the Stud bring-in is a choice, ``pN pb``), returned bets and awards
follow from the rules and are derived again on replay. Burned cards are not part
of PHH and are left out.

Grouping, as PHH writes these games (and :mod:`pokerroom.history.replay` reads
back into the rules' order):

* Stud: one ``d dh`` per player and street, its down cards first — third street
  ``d dh p1 AsKs7c`` is two down cards and the up card, although the dealer
  gives every player his down cards before anyone's up card (V-5).
* Draw: every discard of the draw (``pN sd CARDS``, ``pN sd`` to stand pat)
  comes first, then each drawing player's replacements (``d dh pN CARDS``) in
  the same order, as PokerKit writes a draw.
* Double board: two ``d db`` per street, the upper board first (V-4).
* Run it twice: ``_runs = 2``; run 1's ``d db`` to the river, then run 2's.

>>> from pokerroom.deck import Deck
>>> from pokerroom.engine import Action, Hand, HandConfig
>>> hand = Hand(HandConfig.holdem([200, 200, 200], small_blind=1, big_blind=2), Deck(seed=1))
>>> hand.act(Action.raise_to(6)); hand.act(Action.fold()); hand.act(Action.fold())
>>> print(write_phh(hand))  # doctest: +ELLIPSIS
variant = "NT"
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
_options = { ... }
starting_stacks = [200, 200, 200]
actions = [
  "d dh p1 ...",
  "d dh p2 ...",
  "d dh p3 ...",
  "p3 cbr 6",
  "p1 f",
  "p2 f",
]
finishing_stacks = [199, 198, 203]
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from pokerroom.engine import events as ev
from pokerroom.engine.hand import Hand
from pokerroom.engine.variants import Limit
from pokerroom.engine.views import view_of
from pokerroom.errors import UsageError
from pokerroom.history.phh.documents import KILLED, RUNS_FIELD, format_cards_text, game_code
from pokerroom.history.phh.options import options_field


def _heads_up_order(values: Sequence[int]) -> list[int]:
    """PHH applies forced bets in reverse heads-up (its ``p2`` posts the first entry)."""
    return list(values)[::-1] if len(values) == 2 else list(values)


def _array(values: Sequence[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def _action(event: ev.Event) -> str | None:
    match event:
        case ev.DealHole(player, cards):
            return f"d dh p{player + 1} {format_cards_text(cards)}"
        case ev.DealBoard(cards):
            return f"d db {format_cards_text(cards)}"
        case ev.Fold(player, killed=True):
            return f"p{player + 1} f # {KILLED}"  # H-9: a kill, perhaps out of turn
        case ev.Fold(player):
            return f"p{player + 1} f"
        case ev.Check(player) | ev.Call(player):
            return f"p{player + 1} cc"
        case ev.BetRaise(player, to):
            return f"p{player + 1} cbr {to}"
        case ev.BringIn(player):
            return f"p{player + 1} pb"
        case ev.Discard(player, cards):
            return f"p{player + 1} sd {format_cards_text(cards)}".rstrip()
        case ev.Show(player, cards):
            return f"p{player + 1} sm {format_cards_text(cards)}"
        case ev.Muck(player):
            return f"p{player + 1} sm"
    return None  # forced bets, burns, returns and awards are derived, not recorded


def _in_phh_order(events: Sequence[ev.Event]) -> list[ev.Event]:
    """The events as PHH groups them (module docstring): Stud streets and draws.

    A Stud up card joins its player's down cards of the same street (only other
    deals in between, no burn); a draw's replacements move after all the discards
    of that draw.
    """
    ordered: list[ev.Event] = []
    down_deals: dict[int, int] = {}
    """Players dealt down cards in the current run of deals: where that deal is."""
    replacements: list[ev.Event] = []
    drawing = False
    for event in events:
        if isinstance(event, ev.Discard):
            drawing = True
            ordered.append(event)
            continue
        if drawing and isinstance(event, ev.DealHole):
            replacements.append(event)
            continue
        ordered += replacements
        replacements, drawing = [], False
        if not isinstance(event, ev.DealHole):
            down_deals.clear()
        elif not event.face_up:
            down_deals[event.player] = len(ordered)
        elif (at := down_deals.pop(event.player, None)) is not None:
            down = ordered[at]
            assert isinstance(down, ev.DealHole)
            ordered[at] = ev.DealHole(event.player, down.cards + event.cards)
            continue
        ordered.append(event)
    return ordered + replacements


def write_phh(
    hand: Hand, players: Sequence[str] | None = None, *, rake: Sequence[int] | None = None
) -> str:
    """The hand as a PHH TOML document; ``players`` optionally names the positions.

    This is the complete record, every player's cards included: for the store
    and the host, never for one player's eyes (X-4; :func:`write_phh_seen_by`).
    ``rake`` is what each position paid the house (a cash table's ``RakeTaken``,
    P-9): it is written as ``_rake``, and the stacks and winnings net of it.
    """
    return _document(hand, hand.events, players, rake)


def write_phh_seen_by(
    hand: Hand,
    viewer: int | None,
    players: Sequence[str] | None = None,
    *,
    rake: Sequence[int] | None = None,
) -> str:
    """The hand as position ``viewer`` saw it (X-4): his own cards, the board, Stud up
    cards and hands shown at showdown; every other card is ``??``, other players'
    discards too. ``None`` is an observer, who sees only what was shown to all.

    The document replays like the complete one: shows name the hidden cards that
    decide a pot, and a mucked hand (P-5) never had to be known.
    """
    return _document(hand, events_seen_by(hand, viewer), players, rake)


def events_seen_by(hand: Hand, viewer: int | None) -> list[ev.Event]:
    """The hand's events as position ``viewer`` saw them (X-4): the view's events, where a
    hand turned face up (A-17) discards in sight of all. Every viewer's copy of a hand
    (PHH, PokerStars text, the replayer) is written from these alone."""
    events, view = hand.events, view_of(hand, viewer).events
    face_up: set[int] = set()
    seen: list[ev.Event] = []
    for event, viewed in zip(events, view, strict=True):
        if isinstance(event, ev.Show):
            face_up.add(event.player)
        public = isinstance(event, ev.Discard) and event.player in face_up
        seen.append(event if public else viewed)
    return seen


def _document(
    hand: Hand,
    events: Sequence[ev.Event],
    players: Sequence[str] | None,
    rake: Sequence[int] | None = None,
) -> str:
    """``ante_trimming_status`` is true because the engine builds pots from what each
    player put in (P-1): a short ante wins only what it matched."""
    config = hand.config
    n = config.players
    lines = [
        f"variant = {json.dumps(game_code(config.variant, config.limit))}",
        "ante_trimming_status = true",
        f"antes = {_array(_heads_up_order([config.ante(p) for p in range(n)]))}",
    ]
    if config.variant.stud:  # a bring-in instead of blinds (spec: never both)
        lines.append(f"bring_in = {config.bring_in}")
    else:
        blinds = _heads_up_order([config.blind(p) for p in range(n)])
        lines.append(f"blinds_or_straddles = {_array(blinds)}")
    if config.limit is Limit.FIXED_LIMIT:
        lines += [f"small_bet = {config.min_bet}", f"big_bet = {config.big_bet_size}"]
    else:
        lines.append(f"min_bet = {config.min_bet}")
    lines.append(options_field(config.options))  # A-12, P-3, P-4: the table's rules
    if hand.runs > 1:
        lines.append(f"{RUNS_FIELD} = {hand.runs}")
    lines.append(f"starting_stacks = {_array(config.stacks)}")
    lines.append("actions = [")
    lines += [f"  {json.dumps(text)}," for text in map(_action, _in_phh_order(events)) if text]
    lines.append("]")
    if players is not None:
        names = list(players)
        if len(names) != n:
            raise UsageError(f"players needs one name per position ({n}), got {len(names)}")
        quoted = ", ".join(json.dumps(name, ensure_ascii=False) for name in names)
        lines.append(f"players = [{quoted}]")
    if rake is None or not any(rake):
        lines.append(f"finishing_stacks = {_array(hand.stacks)}")
    else:
        lines += _rake_lines(hand, rake)
    return "\n".join(lines) + "\n"


def _rake_lines(hand: Hand, rake: Sequence[int]) -> list[str]:
    """P-9: ``_rake`` and, net of it, ``winnings`` and ``finishing_stacks`` (the spec's
    winnings are "the post-rake values")."""
    n = hand.players
    paid = list(rake)
    if len(paid) != n or min(paid) < 0:
        raise UsageError(f"rake needs one amount of 0 or more per position ({n}), got {paid}")
    won = [0] * n
    for event in hand.events:
        if isinstance(event, ev.Award):
            won[event.player] += event.amount
    return [
        f"_rake = {_array(paid)}",
        f"winnings = {_array([w - r for w, r in zip(won, paid, strict=True)])}",
        f"finishing_stacks = {_array([s - r for s, r in zip(hand.stacks, paid, strict=True)])}",
    ]
