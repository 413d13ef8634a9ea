"""A server's frames as plain lines, for the text mode of ``pokerroom connect --watch``.

Each table frame prints the table as it is (the seats, the board, the pot, whose turn and
what he may do, the clock), the hand's log lines that are new since the last frame, and a
hand's result once; a refusal prints as one ``refused:`` line, the link's own notices
with ``*``. Only what the frame holds is shown: it is the viewer's own (X-4).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pokerroom.amounts import amount_text
from pokerroom.cards import Card
from pokerroom.i18n import N_, gettext, ngettext
from pokerroom.table.story import faces_text
from pokerroom.table.straddle import where_words
from pokerroom.table.wording import legal_text
from pokerroom.tui.render import BOARD_NAMES, RUN_NAMES

STATUS_WORDS = {
    "waiting": N_("waiting"),
    "playing": N_("playing"),
    "pause": N_("between hands"),
    "held": N_("held"),
    "over": N_("over"),
    "closed": N_("closed"),
    "registering": N_("registering"),
    "running": N_("running"),
    "break": N_("on a break"),
    "paused": N_("paused"),
    "finished": N_("finished"),
}
"""A table's or a tournament's ``status`` as people read it (the code stays in frames)."""
KIND_WORDS = {
    "home": N_("home game"),
    "cash": N_("cash"),
    "tournament": N_("tournament"),
    "ofc": N_("OFC"),
}
"""A room's ``kind`` in the lobby."""
STREET_WORDS = {
    "preflop": N_("preflop"),
    "flop": N_("flop"),
    "turn": N_("turn"),
    "river": N_("river"),
    "third": N_("third street"),
    "fourth": N_("fourth street"),
    "fifth": N_("fifth street"),
    "sixth": N_("sixth street"),
    "seventh": N_("seventh street"),
    "predraw": N_("before the draw"),
    "postdraw": N_("after the draw"),
    "deal": N_("the deal"),
    "showdown": N_("showdown"),
    "done": N_("over"),
}
"""The street a hand is on, by the engine's name for it."""
MARK_WORDS = {
    "button": N_("D"),
    "small_blind": N_("SB"),
    "big_blind": N_("BB"),
    "all_in": N_("all-in"),
    "folded": N_("folded"),
    "away": N_("away"),
    "out": N_("out"),
}
PREACTION_WORDS = {
    "check_fold": N_("check/fold"),
    "check": N_("check"),
    "call_any": N_("call any"),
    "fold_any": N_("fold to any bet"),
}
"""The pre-actions (X-3), as the terminal table names them."""
SEAT_STATE_WORDS = {
    "waiting": N_("waits for the BB"),
    "posting": N_("posting"),
    "no_chips": N_("no chips"),
    "leaving": N_("leaving"),
}


def word_for(words: Mapping[str, str], code: object) -> str:
    """``code`` in people's words when it is one of ``words``; else the code itself."""
    text = str(code)
    return gettext(words[text]) if text in words else text


Frame = Mapping[str, Any]


def _cards(cards: list[str | None]) -> str:
    """The cards as every screen shows them (``A♥ T♠``), a card back as ``##``."""
    return faces_text([None if card is None else Card.parse(card) for card in cards])


def _marks(seat: Frame) -> str:
    marks = [gettext(word) for key, word in MARK_WORDS.items() if seat.get(key)]
    if not seat.get("connected", True):
        marks.append(gettext("offline"))
    if seat.get("state") not in (None, "playing"):
        marks.append(word_for(SEAT_STATE_WORDS, seat["state"]))
    return " ".join(marks)


def seat_line(seat: Frame) -> str:
    if seat["name"] is None:
        return f"  {seat['seat']:>2}  ({gettext('free')})"
    name = seat["name"] + (" " + gettext("(you)") if seat["you"] else "")
    bet = (
        " " + gettext("bet {amount}").format(amount=amount_text(seat["bet"])) if seat["bet"] else ""
    )
    cards = f"  [{_cards(seat['cards'])}]" if seat["cards"] else ""
    marks = _marks(seat)
    tail = f"  {marks}" if marks else ""
    return f"  {seat['seat']:>2}  {name:<16} {amount_text(seat['stack']):>7}{bet}{cards}{tail}"


def table_lines(frame: Frame) -> list[str]:
    """The table as it stands in ``frame``."""
    game, hand = frame["game"], frame["hand"]
    parts = [
        gettext("table {table}").format(table=frame["room"]),
        game["stakes"],
        word_for(STATUS_WORDS, frame["status"]),
    ]
    if hand is not None:
        street = word_for(STREET_WORDS, hand["street"])
        parts.append(gettext("hand {number} {street}").format(number=hand["number"], street=street))
        parts.append(gettext("pot {amount}").format(amount=amount_text(hand["pot"])))
    lines = [" · ".join(parts)]
    tournament = frame.get("tournament")
    if tournament is not None:
        lines += [f"  {line}" for line in tournament["lines"]]
        finished = tournament["finished"]
        if finished is not None:
            lines.append("  " + _finished(finished["place"], finished["prize"]))
    lines += [seat_line(seat) for seat in frame["seats"]]
    if hand is not None:
        boards = [board for board in hand["boards"] if board]
        names = ["board"] * len(boards)
        if len(boards) == 2:  # the bomb pot's two boards, or a board run twice
            bomb = frame["game"]["variant"].startswith("bomb-pot")
            names = list(BOARD_NAMES if bomb else RUN_NAMES)
        lines += [
            "  " + gettext("{board}: {cards}").format(board=gettext(name), cards=_cards(board))
            for name, board in zip(names, boards, strict=True)
        ]
        if len(hand["pots"]) > 1:
            pots = ", ".join(amount_text(pot["amount"]) for pot in hand["pots"])
            lines.append("  " + gettext("pots: {pots}").format(pots=pots))
    lines += _you_lines(frame)
    return lines


def _you_lines(frame: Frame) -> list[str]:
    you, hand = frame["you"], frame["hand"]
    lines = []
    clock = None if hand is None else hand["clock"]
    left = ""
    if clock is not None:
        seconds = round(max(0, clock["deadline"] - frame["now"]))
        left = " " + gettext("({seconds} s)").format(seconds=seconds)
    if you["decision"] == "act" and you["actions"] is not None:
        options = legal_text(you["actions"]["options"])
        lines.append(
            "  " + gettext("your turn{left}: {options}").format(left=left, options=options)
        )
    elif you["decision"] == "draw":
        lines.append(
            "  "
            + gettext(
                "your draw{left}: draw CARDS to throw away, or just draw to stand pat"
            ).format(left=left)
        )
    elif you["decision"] == "show":
        said = gettext("show or muck{left}") if you["may_muck"] else gettext("show{left}")
        lines.append("  " + said.format(left=left))
    elif you["decision"] == "run_twice":
        lines.append("  " + gettext("run it twice?{left} twice, or once").format(left=left))
    elif hand is not None and hand["to_act"] is not None:
        seat = frame["seats"][hand["to_act"] - 1]
        lines.append(
            "  " + gettext("waiting for {name}{left}").format(name=seat["name"], left=left)
        )
    if you["preaction"] is not None:
        chosen = word_for(PREACTION_WORDS, you["preaction"])
        lines.append("  " + gettext("pre-action: {preaction}").format(preaction=chosen))
    if you["notice"]:
        lines.append("  " + gettext("notice: {notice}").format(notice=you["notice"]))
    if you.get("moved_to"):
        lines.append("  " + gettext("you move to table {table}").format(table=you["moved_to"]))
    straddle = you.get("straddle")
    if straddle is not None:
        where = where_words(straddle["mode"])
        if straddle["on"]:
            said = gettext("straddle {where}: on (nostraddle: stop)")
        else:
            said = gettext("straddle {where}: off (straddle: start)")
        lines.append("  " + said.format(where=where))
    return lines


def _finished(place: int, prize: int) -> str:
    """Where the player finished a tournament, and his prize if he won one."""
    if prize:
        return gettext("you finished {place}, prize {prize}").format(
            place=place, prize=amount_text(prize)
        )
    return gettext("you finished {place}").format(place=place)


def result_lines(result: Frame) -> list[str]:
    lines = []
    for winner in result["winners"]:
        won = amount_text(winner["amount"])
        if winner["hand"]:
            said = gettext("hand {number}: {name} wins {amount} with {hand}")
        else:
            said = gettext("hand {number}: {name} wins {amount}")
        lines.append(
            "  "
            + said.format(
                number=result["number"], name=winner["name"], amount=won, hand=winner["hand"]
            )
        )
    return lines


def tournament_lines(frame: Frame) -> list[str]:
    registered = frame["registered"]
    lines = [
        " · ".join(
            [
                gettext("tournament {name}").format(name=frame["name"]),
                frame["game"],
                gettext("buy-in {amount}").format(amount=amount_text(frame["buy_in"])),
                word_for(STATUS_WORDS, frame["status"]),
                ngettext("{count} registered", "{count} registered", registered).format(
                    count=registered
                ),
            ]
        )
    ]
    if frame["header"] is not None:
        lines += [f"  {line}" for line in frame["header"]["lines"]]
    if frame["notice"]:
        lines.append(f"  {frame['notice']}")
    if frame["you"]["table"]:
        lines.append("  " + gettext("your table: {table}").format(table=frame["you"]["table"]))
    return lines


@dataclass
class View:
    """Turns the frames of one link into the lines to print, each new thing once."""

    last: list[str] = field(default_factory=list)
    log: tuple[int, int] = (0, 0)
    """The hand number and how many of its log lines were printed."""
    results: set[int] = field(default_factory=set)

    def lines(self, frame: Frame) -> list[str]:
        match frame["type"]:
            case "link":
                return [f"* {frame['message']}"]
            case "error":
                return [gettext("refused: {message}").format(message=frame["message"])]
            case "tournament":
                return self._fresh(tournament_lines(frame))
            case "table":
                return self._table(frame)
        return []

    def _table(self, frame: Frame) -> list[str]:
        out = []
        hand = frame["hand"]
        if hand is not None:
            number, printed = self.log
            start = printed if number == hand["number"] else 0
            out += [f"  · {line}" for line in hand["log"][start:]]
            self.log = (hand["number"], len(hand["log"]))
        for result in frame["results"]:
            if result["number"] not in self.results:
                self.results.add(result["number"])
                out += result_lines(result)
        return out + self._fresh(table_lines(frame))

    def _fresh(self, lines: list[str]) -> list[str]:
        """``lines`` unless they are what was printed last (nothing changed that shows)."""
        if lines == self.last:
            return []
        self.last = lines
        return lines
