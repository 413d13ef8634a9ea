"""Poker Hand History (PHH) documents: the variant codes, and reading them into typed values.

PHH (Kim 2024, https://github.com/uoftcprg/phh-std) records one hand as a TOML
document; a ``.phhs`` file holds many as tables ``[1]``, ``[2]``, …. Amounts stay
:class:`~decimal.Decimal` here, exactly as written (HandHQ writes dollars such as
``0.25``); :mod:`pokerroom.history.replay` scales them to whole chips.

Players ``p1`` … ``pn`` are stored 0-based: index ``i`` is ``p{i+1}``, which is
also the engine's position ``i`` (``p1`` is left of the button, ``pn`` the button;
heads-up ``p1`` is the big blind, see :mod:`pokerroom.history.replay`).

Variant codes. The PHH spec defines eleven; the engine plays six of them. The
other games the engine plays have no code in the spec, so pokerroom defines its
own in the spec's style: limit letter ``F``/``P``/``N``, then the game, then
``/8`` for eight-or-better high/low. The game part is ``T`` (hold'em), ``O``
(Omaha, followed by the hole-card count when it is not four), ``7S`` (seven-card
stud, as in the spec), ``5D`` (five-card draw: five cards, one draw; the spec's
draw codes name the draws after the game, ``2L1D``, and five-card draw has only
one, so the card count names it like ``7S``) and ``O2B`` (Omaha on two boards:
the double-board bomb pot). They are **pokerroom extensions**: other PHH tools
will not know them; none clashes with a spec or PokerKit code.

========== ========== ===================================================================
Code       Origin     Game
========== ========== ===================================================================
``NT``     PHH spec   No-limit Texas hold 'em
``FT``     PHH spec   Fixed-limit Texas hold 'em
``PT``     pokerroom  Pot-limit Texas hold 'em
``PO``     PHH spec   Pot-limit Omaha hold 'em
``NO``     pokerroom  No-limit Omaha hold 'em
``FO``     pokerroom  Fixed-limit Omaha hold 'em
``FO/8``   PHH spec   Fixed-limit Omaha hold 'em high/low-split eight or better
``PO/8``   pokerroom  Pot-limit Omaha hold 'em high/low-split eight or better
``NO/8``   pokerroom  No-limit Omaha hold 'em high/low-split eight or better
``PO5``    pokerroom  Pot-limit 5-card Omaha (likewise ``NO5``, ``FO5``, ``PO5/8``, …)
``PO6``    pokerroom  Pot-limit 6-card Omaha (likewise ``NO6``, ``FO6``, ``PO6/8``, …)
``F7S``    PHH spec   Fixed-limit seven card stud
``F7S/8``  PHH spec   Fixed-limit seven card stud high/low-split eight or better
``P7S``    pokerroom  Pot-limit seven card stud (likewise ``N7S``, ``P7S/8``, ``N7S/8``)
``N5D``    pokerroom  No-limit five-card draw (likewise ``P5D``, ``F5D``)
``PO2B``   pokerroom  Pot-limit double-board bomb-pot Omaha (likewise ``NO2B``, ``FO2B``)
========== ========== ===================================================================

``NS``, ``FR``, ``N2L1D``, ``F2L3D`` and ``FB`` are read but not played yet
(:attr:`PhhGame.variant` is ``None``).

Stud games have ``bring_in`` and no ``blinds_or_straddles``; pot-limit and
no-limit stud give the small bet (the completion) as ``min_bet``. The bomb pot
writes ``blinds_or_straddles`` as zeros and its two boards as two ``d db``
actions per street, the upper board first (V-4).

Run it twice. PHH has no notation for the number of runs; pokerroom writes its own
field ``_runs = 2`` for a board run twice. The ``d db`` actions then deal run 1 to
the river, then run 2 from the street where the players went all-in (each run's
cards, not the ones they share). A hand run once has no ``_runs``.

``FO/8`` is fixed-limit, as its name says. PokerKit 0.7 (the spec's reference
implementation) builds it with pot-limit betting, but every ``FO/8`` hand of the
2023 WSOP Event #43 files bets in exact small-bet/big-bet units (raises to 400k,
600k, 800k with a 200k/400k limit), so the files are fixed-limit and so is the
replay.

>>> hand = parse_phh('''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [0.25, 0.50]  # heads-up: applied in reverse
... min_bet = 0.50
... starting_stacks = [44.05, 52.20]
... actions = ["d dh p1 ????", "d dh p2 AcKd", "p2 cbr 1.50 # a raise", "p1 f"]
... ''')
>>> hand.game.name, hand.starting_stacks, hand.actions[2].amount
("No-limit Texas hold 'em", (Decimal('44.05'), Decimal('52.20')), Decimal('1.50'))
"""

from __future__ import annotations

import enum
import itertools
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from pokerroom.cards import Card
from pokerroom.engine.options import Options
from pokerroom.engine.variants import (
    BOMB_POT,
    FIVE_CARD_DRAW,
    HOLDEM,
    STUD,
    STUD_HILO,
    Limit,
    Variant,
    omaha,
)
from pokerroom.errors import CardError, PokerroomError, UsageError
from pokerroom.history.phh.options import FIELD as OPTIONS_FIELD
from pokerroom.history.phh.options import read_options

RAKE_FIELD = "_rake"
RUNS_FIELD = "_runs"
"""P-9: the rake each player paid, pokerroom's own field (PHH has none for it)."""

# --------------------------------------------------------------------- variant codes


@dataclass(frozen=True, slots=True)
class PhhGame:
    """What a PHH variant code means, and the engine game that plays it (if any)."""

    code: str
    name: str
    variant: Variant | None
    """The engine's variant, or ``None`` for a game pokerroom does not play yet."""
    limit: Limit
    standard: bool
    """True for a code of the PHH spec, False for a pokerroom extension."""
    stud: bool = False
    """Stud games post a ``bring_in`` instead of blinds."""

    @property
    def supported(self) -> bool:
        return self.variant is not None


_LIMIT_LETTERS = {"F": Limit.FIXED_LIMIT, "P": Limit.POT_LIMIT, "N": Limit.NO_LIMIT}
_LIMIT_WORDS = {Limit.FIXED_LIMIT: "Fixed", Limit.POT_LIMIT: "Pot", Limit.NO_LIMIT: "No"}
_STANDARD_PLAYED = {"NT", "FT", "PO", "FO/8", "F7S", "F7S/8"}
_NOT_PLAYED = {
    "NS": "No-limit short-deck hold 'em",
    "FR": "Fixed-limit razz",
    "N2L1D": "No-limit deuce-to-seven lowball single draw",
    "F2L3D": "Fixed-limit deuce-to-seven lowball triple draw",
    "FB": "Fixed-limit badugi",
}
_STUD = {"FR"}
_SPLIT = " high/low-split eight or better"


def _played_games() -> list[PhhGame]:
    """Every engine game in every structure: (code after the limit letter, name, variant)."""
    games: list[tuple[str, str, Variant]] = [("T", "Texas hold 'em", HOLDEM)]
    for hole, hi_lo in itertools.product((4, 5, 6), (False, True)):
        code = f"O{'' if hole == 4 else hole}{'/8' if hi_lo else ''}"
        cards = "" if hole == 4 else f"{hole}-card "
        games.append(
            (code, f"{cards}Omaha hold 'em{_SPLIT if hi_lo else ''}", omaha(hole, hi_lo=hi_lo))
        )
    games += [
        ("7S", "seven card stud", STUD),
        ("7S/8", f"seven card stud{_SPLIT}", STUD_HILO),
        ("5D", "five-card draw", FIVE_CARD_DRAW),
        ("O2B", "double-board bomb-pot Omaha", BOMB_POT),
    ]
    return [
        PhhGame(
            f"{letter}{code}",
            f"{_LIMIT_WORDS[limit]}-limit {name}",
            variant,
            limit,
            f"{letter}{code}" in _STANDARD_PLAYED,
            variant.stud,
        )
        for letter, limit in _LIMIT_LETTERS.items()
        for code, name, variant in games
    ]


GAMES: dict[str, PhhGame] = {
    game.code: game
    for game in (
        *_played_games(),
        *(
            PhhGame(code, name, None, _LIMIT_LETTERS[code[0]], True, code in _STUD)
            for code, name in _NOT_PLAYED.items()
        ),
    )
}
"""Every variant code pokerroom reads, PHH-spec codes and pokerroom's own."""


def game_code(variant: Variant, limit: Limit) -> str:
    """The PHH code of an engine game, e.g. ``NT`` for no-limit hold'em."""
    for game in GAMES.values():
        if game.variant == variant and game.limit is limit:
            return game.code
    raise PhhError(f"no PHH variant code for {limit} {variant.name}")


# --------------------------------------------------------------------- the typed hand


class PhhError(PokerroomError, ValueError):
    """A PHH file that cannot be read: not TOML, a missing or malformed field or action."""


class ActionCode(enum.StrEnum):
    """The PHH action notations (spec: "Actions")."""

    DEAL_HOLE = "dh"
    DEAL_BOARD = "db"
    FOLD = "f"
    CHECK_CALL = "cc"
    COMPLETE_BET_RAISE = "cbr"
    BRING_IN = "pb"
    STAND_PAT_DISCARD = "sd"
    SHOW_MUCK = "sm"
    NO_OP = ""
    """An empty string or a standalone ``# commentary``."""


Cards = tuple[Card | None, ...]
"""Cards as written; ``None`` is an unknown card ``??``."""


KILLED = "killed"
"""The commentary of a fold that is the dealer killing an away player's hand (H-9): it may
come out of turn, so a reader kills the hand instead of folding it in turn."""


@dataclass(frozen=True, slots=True)
class PhhAction:
    """One entry of ``actions``, parsed; ``text`` is the entry as written.

    ``player`` is 0-based: the actor, or for ``d dh`` the player dealt to.
    For ``sm``, ``cards`` is ``None`` for a muck and ``()`` for ``-`` (the cards
    already dealt).
    """

    text: str
    code: ActionCode
    player: int | None = None
    cards: Cards | None = None
    amount: Decimal | None = None
    commentary: str = ""


@dataclass(frozen=True, slots=True)
class PhhHand:
    """One hand history; list fields hold one entry per player in ``p1`` … ``pn`` order."""

    variant: str
    antes: tuple[Decimal, ...]
    starting_stacks: tuple[Decimal, ...]
    actions: tuple[PhhAction, ...]
    ante_trimming_status: bool = False
    blinds_or_straddles: tuple[Decimal, ...] | None = None
    """Negative entries are *posts* (HandHQ), see :mod:`pokerroom.history.replay`."""
    bring_in: Decimal | None = None
    min_bet: Decimal | None = None
    small_bet: Decimal | None = None
    big_bet: Decimal | None = None
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[Decimal, ...] | None = None
    winnings: tuple[Decimal, ...] | None = None
    options: Options | None = None
    """The rule options the hand was played under (``_options``, pokerroom's own field)."""
    rake: tuple[Decimal, ...] | None = None
    """P-9: what each player paid the house from his winnings (``_rake``, pokerroom's own
    field); ``finishing_stacks`` and ``winnings`` are net of it, as the spec asks."""
    runs: int = 1
    """How many times the board was run out (``_runs``, pokerroom's own field): 2 for run
    it twice."""
    extra: Mapping[str, object] = field(default_factory=dict)
    """Every other field (``author``, ``event``, ``time``, ``seats``, ``hand``, …) as read."""

    @property
    def game(self) -> PhhGame:
        return GAMES[self.variant]

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)


# --------------------------------------------------------------------- reading


def parse_cards_text(text: str) -> Cards:
    """Cards written together, two characters each: ``AcKd``, ``????``, ``??Ad``."""
    if len(text) % 2:
        raise PhhError(f"cards {_shown(text)} are not two characters each")
    cards: list[Card | None] = []
    for i in range(0, len(text), 2):
        token = text[i : i + 2]
        if token == "??":
            cards.append(None)
            continue
        try:
            cards.append(Card.parse(token))
        except CardError:
            raise PhhError(f"unknown card {_shown(token)} in {_shown(text)}") from None
    return tuple(cards)


def _player(token: str, players: int) -> int:
    number = token[1:]
    if token[:1] != "p" or not number.isdigit() or not 1 <= int(number) <= players:
        raise PhhError(f"{_shown(token)} is not a player: expected p1 … p{players}")
    return int(number) - 1


MAX_AMOUNT = Decimal(10) ** 15
"""The largest amount a history may hold: far above any real stack, and cheap to count in."""
MAX_PLACES = 9
"""The most decimal places an amount may have (HandHQ writes cents: 2)."""


def _shown(value: object) -> str:
    """A value for an error message: its repr, cut short so the message stays one line."""
    text = str(value) if isinstance(value, Decimal) else repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def _bounded(value: Decimal, name: str) -> Decimal:
    """A finite amount of at most :data:`MAX_AMOUNT`, with at most :data:`MAX_PLACES` places."""
    if not value.is_finite():
        raise PhhError(f"{name} must be a finite number, got {value}")
    if value.copy_abs() > MAX_AMOUNT:  # copy_abs: no context, so no overflow
        raise PhhError(f"{name}: {_shown(value)} is too large; amounts go up to 10^15")
    if value != value.quantize(Decimal(1).scaleb(-MAX_PLACES)):
        raise PhhError(f"{name}: {value} has more than {MAX_PLACES} decimal places")
    return value


def _amount(text: str, action: str) -> Decimal:
    """The amount of a ``cbr``; errors name the action."""
    where = f"action {_shown(action)}"
    try:
        value = Decimal(text)
    except ArithmeticError:
        raise PhhError(f"{where}: {_shown(text)} is not an amount") from None
    if value.is_nan() or value <= 0:
        raise PhhError(f"{where}: {_shown(text)} is not a positive amount")
    return _bounded(value, where)


def parse_action(text: str, players: int) -> PhhAction:
    """Parse one action notation: ``[actor action[ arguments…]][ # commentary]`` (spec)."""
    notation, _, commentary = text.partition("#")
    commentary = commentary.strip()
    words = notation.split()
    if not words:
        return PhhAction(text, ActionCode.NO_OP, commentary=commentary)
    try:
        code = ActionCode(words[1]) if len(words) > 1 else None
    except ValueError:
        code = None
    actor = words[0]
    args = words[2:]
    if actor == "d" and code is ActionCode.DEAL_HOLE and len(args) == 2:
        player = _player(args[0], players)
        return PhhAction(text, code, player, parse_cards_text(args[1]), commentary=commentary)
    if actor == "d" and code is ActionCode.DEAL_BOARD and len(args) == 1:
        return PhhAction(text, code, cards=parse_cards_text(args[0]), commentary=commentary)
    if actor != "d" and code is not None:
        player = _player(actor, players)
        simple = (ActionCode.FOLD, ActionCode.CHECK_CALL, ActionCode.BRING_IN)
        if code in simple and not args:
            return PhhAction(text, code, player, commentary=commentary)
        if code is ActionCode.COMPLETE_BET_RAISE and len(args) == 1:
            return PhhAction(
                text, code, player, amount=_amount(args[0], text), commentary=commentary
            )
        if code is ActionCode.STAND_PAT_DISCARD and len(args) <= 1:
            cards = parse_cards_text(args[0]) if args else ()
            return PhhAction(text, code, player, cards, commentary=commentary)
        if code is ActionCode.SHOW_MUCK and len(args) <= 1:
            shown = None if not args else () if args[0] == "-" else parse_cards_text(args[0])
            return PhhAction(text, code, player, shown, commentary=commentary)
    raise PhhError(
        f"cannot read action {_shown(text)}: expected 'd dh pN CARDS', 'd db CARDS', "
        "'pN f', 'pN cc', 'pN cbr AMOUNT', 'pN pb', 'pN sd [CARDS]' or 'pN sm [CARDS]'"
    )


_KNOWN_FIELDS = {
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "min_bet",
    "small_bet",
    "big_bet",
    "starting_stacks",
    "actions",
    "players",
    "finishing_stacks",
    "winnings",
    OPTIONS_FIELD,
    RAKE_FIELD,
    RUNS_FIELD,
}


def _number(
    value: object, name: str, *, allow_negative: bool = False, allow_infinite: bool = False
) -> Decimal:
    """A number field's value, bounded; ``inf`` only where it means unknown (a stack)."""
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise PhhError(f"{name} must be a number, got {_shown(value)}")
    if isinstance(value, int) and abs(value) > MAX_AMOUNT:  # before Decimal: any size of int
        raise PhhError(f"{name}: {_shown(value)} is too large; amounts go up to 10^15")
    number = Decimal(value)
    if number.is_nan() or (number < 0 and not allow_negative):
        raise PhhError(f"{name} must not be negative, got {_shown(value)}")
    if allow_infinite and number.is_infinite():
        return number
    return _bounded(number, name)


def _numbers(
    document: Mapping[str, object],
    name: str,
    players: int,
    *,
    allow_negative: bool = False,
    allow_infinite: bool = False,
) -> tuple[Decimal, ...] | None:
    values = document.get(name)
    if values is None:
        return None
    if not isinstance(values, list):
        raise PhhError(f"{name} must be an array of numbers, got {_shown(values)}")
    if len(values) != players:
        raise PhhError(f"{name} needs one entry per player ({players}), got {len(values)}")
    return tuple(
        _number(v, name, allow_negative=allow_negative, allow_infinite=allow_infinite)
        for v in values
    )


def _optional_number(document: Mapping[str, object], name: str) -> Decimal | None:
    value = document.get(name)
    return None if value is None else _number(value, name)


def _strings(document: Mapping[str, object], name: str) -> tuple[str, ...]:
    values = document.get(name, [])
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise PhhError(f"{name} must be an array of strings")
    return tuple(values)


def _required(game: PhhGame) -> list[str]:
    """The spec's required fields of a variant (besides variant, antes, stacks, actions)."""
    betting = ["small_bet", "big_bet"] if game.limit is Limit.FIXED_LIMIT else ["min_bet"]
    return ["bring_in" if game.stud else "blinds_or_straddles", *betting]


def hand_from_document(document: Mapping[str, object]) -> PhhHand:
    """Build a :class:`PhhHand` from one parsed TOML document, checking the spec's fields."""
    variant = document.get("variant")
    if not isinstance(variant, str) or variant not in GAMES:
        raise PhhError(f"unknown variant {_shown(variant)}; pokerroom reads {', '.join(GAMES)}")
    game = GAMES[variant]
    for name in ("antes", "starting_stacks", "actions", *_required(game)):
        if name not in document:
            raise PhhError(f"a {variant} hand needs the field {name!r}")
    stacks = document["starting_stacks"]
    if not isinstance(stacks, list) or not stacks:
        raise PhhError("starting_stacks must be an array with one stack per player")
    players = len(stacks)
    starting = _numbers(document, "starting_stacks", players, allow_infinite=True)
    antes = _numbers(document, "antes", players)
    assert starting is not None and antes is not None
    trimming = document.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise PhhError(f"ante_trimming_status must be true or false, got {_shown(trimming)}")
    names = _strings(document, "players") if "players" in document else None
    if names is not None and len(names) != players:
        raise PhhError(f"players needs one name per player ({players}), got {len(names)}")
    try:
        options = read_options(document[OPTIONS_FIELD]) if OPTIONS_FIELD in document else None
    except UsageError as error:
        raise PhhError(str(error)) from None
    runs = document.get(RUNS_FIELD, 1)
    if type(runs) is not int or runs not in (1, 2):
        raise PhhError(f"{RUNS_FIELD} is how often the board was run: 1 or 2, got {_shown(runs)}")
    return PhhHand(
        variant=variant,
        antes=antes,
        starting_stacks=starting,
        actions=tuple(parse_action(a, players) for a in _strings(document, "actions")),
        ante_trimming_status=trimming,
        blinds_or_straddles=_numbers(document, "blinds_or_straddles", players, allow_negative=True),
        bring_in=_optional_number(document, "bring_in"),
        min_bet=_optional_number(document, "min_bet"),
        small_bet=_optional_number(document, "small_bet"),
        big_bet=_optional_number(document, "big_bet"),
        players=names,
        finishing_stacks=_numbers(document, "finishing_stacks", players),
        winnings=_numbers(document, "winnings", players),
        options=options,
        rake=_numbers(document, RAKE_FIELD, players),
        runs=runs,
        extra={k: v for k, v in document.items() if k not in _KNOWN_FIELDS},
    )


def _toml(text: str) -> dict[str, object]:
    try:
        return tomllib.loads(text, parse_float=Decimal)  # exact decimals, never float
    except tomllib.TOMLDecodeError as error:
        raise PhhError(f"not valid TOML: {error}") from None
    except RecursionError:
        raise PhhError("not valid PHH: arrays or tables nested too deeply") from None
    except ValueError:  # an integer of thousands of digits
        raise PhhError("not valid PHH: a number with too many digits") from None


def parse_phh(text: str) -> PhhHand:
    """Read one ``.phh`` document."""
    return hand_from_document(_toml(text))


def parse_phhs(text: str) -> list[PhhHand]:
    """Read a ``.phhs`` document: one hand per table ``[1]``, ``[2]``, … in file order."""
    hands = []
    for key, table in _toml(text).items():
        if not isinstance(table, dict):
            raise PhhError(f"a .phhs file holds only tables [1], [2], …; found {_shown(key)}")
        try:
            hands.append(hand_from_document(table))
        except PhhError as error:
            raise PhhError(f"table [{key}]: {error}") from None
    return hands


def parse_hands(text: str) -> list[PhhHand]:
    """Read either form: a document with ``variant`` is one hand, otherwise tables of hands."""
    document = _toml(text)
    if "variant" in document:
        return [hand_from_document(document)]
    hands = parse_phhs(text)
    if not hands:
        raise PhhError("no hand in it: expected a hand (variant = …) or tables [1], [2], …")
    return hands


def read_hands(path: Path | str) -> list[PhhHand]:
    """Read every hand of a ``.phh`` or ``.phhs`` file; errors name the file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise PhhError(f"{path}: cannot read the file: {reason}") from None
    try:
        return parse_hands(text)
    except PhhError as error:
        raise PhhError(f"{path}: {error}") from None


def format_cards_text(cards: Sequence[Card | None]) -> str:
    """Cards in PHH notation: written together, ``??`` for an unknown card."""
    return "".join("??" if card is None else str(card) for card in cards)
