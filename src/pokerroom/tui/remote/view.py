"""The terminal table drawn from a server's snapshot instead of an engine hand.

Pure functions of one ``table`` frame (``docs/protocol.md``), so what the screen says is
testable without a terminal. The server built the frame for this viewer alone (X-4): the
screen shows nothing but what the frame holds. The drawing itself is the local table's
(:mod:`pokerroom.tui.seats`, :mod:`pokerroom.tui.render`, :mod:`pokerroom.tui.layout`).
"""

from __future__ import annotations

from collections.abc import Collection

from pokerroom.amounts import amount_text
from pokerroom.cards import Card
from pokerroom.engine import VARIANTS, Action, IllegalAction, LegalActions
from pokerroom.engine.actions import steps_refusal
from pokerroom.engine.variants import Variant
from pokerroom.i18n import N_, gettext, ngettext, pgettext
from pokerroom.protocol.frames import ActionsFrame, SeatFrame, TableFrame
from pokerroom.table.presets import preset_totals
from pokerroom.table.run_twice import prompt_words
from pokerroom.table.straddle import where_words
from pokerroom.table.wording import refusal, said_text
from pokerroom.tournament.clock.render import countdown
from pokerroom.tournament.header import ordinal
from pokerroom.tui.remote.seating import may_sit
from pokerroom.tui.render import (
    BOARD_NAMES,
    RUN_NAMES,
    SHOWDOWN_PROMPT,
    centre_lines,
    clock_line,
    draw_line,
    next_hand_line,
    options_line,
)
from pokerroom.tui.seats import SeatLabel, roles_text, seat_cards_text

PREACTION_WORDS = {
    "check_fold": N_("check/fold"),
    "check": N_("check"),
    "call_any": N_("call any"),
    "fold_any": N_("fold to any bet"),
}
"""The pre-actions (X-3) as the table names them (marked; worded with ``gettext``)."""
PREACTION_KEY_WORDS = {
    "check_fold": N_("Check/fold"),
    "check": N_("Check"),
    "call_any": N_("Call any"),
    "fold_any": N_("Fold to any bet"),
}
"""The pre-actions' keys in the footer."""


def seat_name(seat: int) -> str:
    """An empty seat, or one whose player has no name in the frame: ``seat 3``."""
    return gettext("seat {number}").format(number=seat)


def variant_of(frame: TableFrame) -> Variant | None:
    """The engine's game for the frame's ``game.variant`` (None: one this client lacks)."""
    return VARIANTS.get(frame["game"]["variant"])


def cards_of(tokens: list[str | None]) -> list[Card | None]:
    return [None if token is None else Card.parse(token) for token in tokens]


def _up_flags(variant: Variant | None, count: int) -> list[bool]:
    """Stud: which cards, in deal order, are dealt face up (V-5); a frame says so only for
    other players' cards (theirs face down are null), so one's own are read off the game."""
    if variant is None:
        return []
    flags: list[bool] = []
    for street in variant.streets:
        flags += [False] * street.hole + [True] * street.up
    return flags[:count] if len(flags) >= count else []


def to_act(frame: TableFrame) -> int | None:
    """The seat whose decision the table waits for, if any."""
    hand = frame["hand"]
    if hand is None or hand["phase"] == "done" or frame["status"] != "playing":
        return None
    return hand["to_act"]


def seat_labels(frame: TableFrame) -> list[SeatLabel]:
    """Every occupied seat as this viewer sees it, in seat order."""
    variant = variant_of(frame)
    acting = to_act(frame)
    return [
        SeatLabel(
            seat["seat"],
            seat_label_name(seat["name"], seat["bot_account"]),
            roles_text(seat["button"], seat["small_blind"], seat["big_blind"]),
            seat["stack"],
            _seat_action(seat),
            seat_cards_text(
                cards_of(seat["cards"]),
                _up_flags(variant, len(seat["cards"])),
                seat["drew"],
                out=seat["folded"] or seat["mucked"],
            ),
            seat["seat"] == acting,
        )
        for seat in frame["seats"]
        if seat["name"] is not None
    ]


def seat_label_name(name: str | None, bot_account: bool) -> str:
    """The player's name, marked when a bot account plays the seat; empty for a free seat."""
    if name and bot_account:
        return pgettext("seat mark", "{name} (bot)").format(name=name)
    return name or ""


def _seat_action(seat: SeatFrame) -> str:
    """The latest action, else why the seat is not playing (H-9, H-11, H-2)."""
    words = seat["last_action"] or ""
    if seat["out"]:
        words = gettext("out")
    elif seat["away"] and not seat["in_hand"]:
        words = gettext("sitting out")
    state = seat.get("state")
    if state in ("waiting", "posting", "no_chips", "leaving") and not seat["in_hand"]:
        words = gettext(SEAT_STATE_WORDS[state])
    if seat["bot"] is None and not seat["connected"]:
        words = gettext("{action} (offline)").format(action=words).strip()
    return words


SEAT_STATE_WORDS = {
    "waiting": N_("waits for the BB"),
    "posting": N_("posting"),
    "no_chips": N_("no chips"),
    "leaving": N_("leaving"),
}
"""A cash seat's state on its label, for the others to read."""


def centre(frame: TableFrame, seconds_left: float | None) -> list[str]:
    """The boards and pots (P-1), and the shot clock of whoever is to act (A-18)."""
    hand = frame["hand"]
    if hand is None:
        return [gettext("waiting for the first hand")]
    variant = variant_of(frame)
    has_board = variant is None or any(street.board for street in variant.streets)
    pots = hand["pots"]
    split = [pot["amount"] for pot in pots] if len(pots) > 1 else []
    boards = [cards_of(list(board)) for board in hand["boards"]]
    names = BOARD_NAMES if variant is not None and variant.boards > 1 else RUN_NAMES
    lines = centre_lines(boards, hand["pot"], split, has_board=has_board, names=names)
    clock = hand["clock"]
    if clock is not None and seconds_left is not None and to_act(frame) is not None:
        lines.append(clock_text(frame, clock["seat"], seconds_left, clock["banks"]))
    return lines


def clock_text(frame: TableFrame, seat: int, seconds_left: float, banks: int) -> str:
    """``time 0:23`` on your own decision (with your time banks), ``Bob 0:23`` on another's."""
    if seat == frame["you"]["seat"]:
        bank = ngettext("{count} time bank", "{count} time banks", banks).format(count=banks)
        return clock_line(seconds_left) + (f" · {bank}" if banks else "")
    return clock_line(seconds_left, frame["seats"][seat - 1]["name"] or seat_name(seat))


def info_line(frame: TableFrame) -> str:
    """The game line above the table: a tournament's table number (as the local
    tournament table says it), hand number and stakes."""
    hand, header = frame["hand"], frame.get("tournament")
    parts = []
    if header is not None and "table" in header:
        parts.append(gettext("table {table}").format(table=header["table"]))
    if hand is not None:
        parts.append(gettext("hand {number}").format(number=hand["number"]))
    return " · ".join([*parts, frame["game"]["stakes"]])


def my_cards(frame: TableFrame) -> list[Card | None]:
    seat = frame["you"]["seat"]
    return [] if seat is None else cards_of(frame["seats"][seat - 1]["cards"])


def status_line(frame: TableFrame, marked: Collection[int], pause_left: float | None) -> str:
    """What you may do now (the keys are in the footer), or what the table waits for."""
    you = frame["you"]
    decision = you["decision"]
    if decision == "act" and you["actions"] is not None:
        return options_line([said_text(option) for option in you["actions"]["options"]])
    if decision == "draw":
        return draw_line(my_cards(frame), marked)
    if decision == "show":
        if you["may_muck"]:
            return gettext(SHOWDOWN_PROMPT)
        return gettext("showdown: s to show your hand")
    header = frame.get("tournament")
    if header is not None and header["status"] == "finished":
        return gettext("the tournament is over — q to quit")
    if decision == "run_twice":
        words = prompt_words()
        return gettext("{question} y {agree} · o {decline}").format(
            question=words["question"],
            agree=words["agree"].lower(),
            decline=words["decline"].lower(),
        )
    return _waiting_line(frame, pause_left)


def _waiting_line(frame: TableFrame, pause_left: float | None) -> str:
    you = frame["you"]
    status = frame["status"]
    words = gettext(TABLE_STATUS_WORDS[status]) if status in TABLE_STATUS_WORDS else ""
    if status == "waiting" and you["host"] and frame["kind"] == "home":
        words += " — " + gettext("n: deal the first hand")
    if status == "pause":
        words = next_hand_line(pause_left) if pause_left else gettext("next hand soon")
    acting = to_act(frame)
    if acting is not None:
        name = frame["seats"][acting - 1]["name"]
        words = gettext("{name} to act").format(name=name)
        chosen = you["preaction"]
        if chosen is not None:
            said = gettext(PREACTION_WORDS[chosen]) if chosen in PREACTION_WORDS else chosen
            words += " · " + gettext("pre-action: {preaction}").format(preaction=said)
    if you["seat"] is None:
        words = (
            gettext("watching · {status}").format(status=words) if words else gettext("watching")
        )
        if may_sit(frame):
            words += " · " + gettext("e: take a seat")
    seat = None if you["seat"] is None else frame["seats"][you["seat"] - 1]
    if seat is not None and seat["away"]:
        words += " · " + gettext("you sit out (z: sit in)")
    cash = you.get("cash")
    if cash is not None and cash["state"] in CASH_STATE_WORDS:
        words += f" · {gettext(CASH_STATE_WORDS[cash['state']])}"
    straddle = you.get("straddle")
    if straddle is not None:
        words += f" · {straddle_words(straddle['mode'], straddle['on'])}"
    return words


TABLE_STATUS_WORDS = {
    "waiting": N_("waiting for players"),
    "held": N_("fewer than two players here: the next hand waits"),
    "over": N_("the series is over — q to quit"),
    "closed": N_("this table has closed"),
}
"""What the table waits for, by its ``status``."""


def straddle_words(mode: str, on: bool) -> str:
    """The player's straddle choice, with the key that changes it."""
    where = where_words(mode)
    if on:
        return gettext("you straddle {where} (v: stop)").format(where=where)
    return gettext("v: straddle {where}").format(where=where)


CASH_STATE_WORDS = {
    "waiting": N_("you wait for the big blind (w: post one now)"),
    "posting": N_("you post a big blind to come in (w: wait instead)"),
    "no_chips": N_("you have no chips: u tops up"),
    "leaving": N_("you leave when this hand ends"),
}
"""A cash seat's state (``you.cash.state``) as the status line says it, with its key."""


def header_lines(frame: TableFrame, level_left: float | None) -> list[str]:
    """The tournament header (its ``lines``), its level time counting down."""
    header = frame.get("tournament")
    if header is None:
        return []
    lines = list(header["lines"])
    built = header["seconds_left"]
    if lines and built is not None and level_left is not None:
        for said in {"{time} left", gettext("{time} left")}:  # as the server words it
            lines[0] = lines[0].replace(
                said.format(time=countdown(built)),
                said.format(time=countdown(max(0.0, level_left))),
            )
    if header["finished"] is not None:
        place, prize = header["finished"]["place"], header["finished"]["prize"]
        if prize:
            finished = gettext("you finished {place}, prize {prize}").format(
                place=ordinal(place), prize=amount_text(prize)
            )
        else:
            finished = gettext("you finished {place}").format(place=ordinal(place))
        lines.append(finished)
    return lines


def key_presets(frame: TableFrame) -> dict[str, int]:
    """The totals the keys m, h, t, p, a bet: the local table's presets, worked out from
    the snapshot's numbers; in fixed-limit only the one size (and all-in when it is that)."""
    you = frame["you"]
    actions = you["actions"]
    hand = frame["hand"]
    if actions is None or hand is None or you["seat"] is None:
        return {}
    sized = actions["raise_to"]
    if sized is None:
        return {}
    mine = frame["seats"][you["seat"] - 1]
    totals = preset_totals(
        hand["pot"],
        [seat["bet"] for seat in frame["seats"]],
        mine["bet"],
        actions["call"],
        (sized["min"], sized["max"]),
        sized["sizes"],
        sized["step"],
    )
    if frame["game"]["limit"] != "fixed-limit":
        return totals
    keep = {"min": totals["min"]}
    if sized["max"] == mine["stack"] + mine["bet"]:
        keep["all-in"] = totals["all-in"]
    return keep


_OUTSIDE = {
    "bet": N_("bet to {amount} is outside the legal range {low}-{high}"),
    "raise": N_("raise to {amount} is outside the legal range {low}-{high}"),
    "complete": N_("complete to {amount} is outside the legal range {low}-{high}"),
}
"""The engine's refusal of a total outside the range, by the word the table offers (V-5)."""


def raise_refusal(actions: ActionsFrame, amount: int) -> str | None:
    """Why the server would refuse a bet to ``amount``, in its own words (A-8), or None."""
    sized = actions["raise_to"]
    if sized is None:
        refused = IllegalAction(N_("you may not raise now"), "A-8", actions["options"])
        return refusal(refused, 0)
    low, high, sizes, step = sized["min"], sized["max"], sized["sizes"], sized["step"]
    legal = LegalActions(0, True, False, None, low, high, raise_sizes=tuple(sizes), raise_step=step)
    if legal.allows(Action.raise_to(amount)):
        return None
    options = actions["options"]
    word = sized["word"]  # the code, as it offers (V-5: Stud's completion is no raise)
    if not sizes and low < amount < high:  # T-18: inside the range, but not whole units
        return refusal(IllegalAction(steps_refusal(word, legal), "T-18", options), 0)
    refused = IllegalAction(
        _OUTSIDE[word], "A-8", options, amount=str(amount), low=str(low), high=str(high)
    )
    return refusal(refused, 0)
