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
from pokerroom.table.story import faces_text
from pokerroom.table.straddle import WHERE_WORDS

Frame = Mapping[str, Any]


def _cards(cards: list[str | None]) -> str:
    """The cards as every screen shows them (``A♥ T♠``), a card back as ``##``."""
    return faces_text([None if card is None else Card.parse(card) for card in cards])


def _marks(seat: Frame) -> str:
    marks = [
        word
        for key, word in (
            ("button", "D"),
            ("small_blind", "SB"),
            ("big_blind", "BB"),
            ("all_in", "all-in"),
            ("folded", "folded"),
            ("away", "away"),
            ("out", "out"),
        )
        if seat.get(key)
    ]
    if not seat.get("connected", True):
        marks.append("offline")
    if seat.get("state") not in (None, "playing"):
        marks.append(str(seat["state"]).replace("_", " "))
    return " ".join(marks)


def seat_line(seat: Frame) -> str:
    if seat["name"] is None:
        return f"  {seat['seat']:>2}  (free)"
    name = f"{seat['name']}{' (you)' if seat['you'] else ''}"
    bet = f" bet {amount_text(seat['bet'])}" if seat["bet"] else ""
    cards = f"  [{_cards(seat['cards'])}]" if seat["cards"] else ""
    marks = _marks(seat)
    tail = f"  {marks}" if marks else ""
    return f"  {seat['seat']:>2}  {name:<16} {amount_text(seat['stack']):>7}{bet}{cards}{tail}"


def table_lines(frame: Frame) -> list[str]:
    """The table as it stands in ``frame``."""
    game, hand = frame["game"], frame["hand"]
    head = f"table {frame['room']} · {game['stakes']} · {frame['status']}"
    if hand is not None:
        head += f" · hand {hand['number']} {hand['street']} · pot {amount_text(hand['pot'])}"
    lines = [head]
    tournament = frame.get("tournament")
    if tournament is not None:
        lines += [f"  {line}" for line in tournament["lines"]]
        finished = tournament["finished"]
        if finished is not None:
            prize = f", prize {amount_text(finished['prize'])}" if finished["prize"] else ""
            lines.append(f"  you finished {finished['place']}{prize}")
    lines += [seat_line(seat) for seat in frame["seats"]]
    if hand is not None:
        boards = [board for board in hand["boards"] if board]
        names = ["board"] * len(boards)
        if len(boards) == 2 and not frame["game"]["variant"].startswith("bomb-pot"):
            names = ["run 1", "run 2"]  # a board run twice
        lines += [f"  {name}: {_cards(board)}" for name, board in zip(names, boards, strict=True)]
        if len(hand["pots"]) > 1:
            pots = (amount_text(pot["amount"]) for pot in hand["pots"])
            lines.append("  pots: " + ", ".join(pots))
    lines += _you_lines(frame)
    return lines


def _you_lines(frame: Frame) -> list[str]:
    you, hand = frame["you"], frame["hand"]
    lines = []
    clock = None if hand is None else hand["clock"]
    left = "" if clock is None else f" ({max(0, clock['deadline'] - frame['now']):.0f} s)"
    if you["decision"] == "act" and you["actions"] is not None:
        lines.append(f"  your turn{left}: {', '.join(you['actions']['options'])}")
    elif you["decision"] == "draw":
        lines.append(f"  your draw{left}: draw CARDS to throw away, or just draw to stand pat")
    elif you["decision"] == "show":
        lines.append(f"  show{' or muck' if you['may_muck'] else ''}{left}")
    elif you["decision"] == "run_twice":
        lines.append(f"  run it twice?{left} twice, or once")
    elif hand is not None and hand["to_act"] is not None:
        seat = frame["seats"][hand["to_act"] - 1]
        lines.append(f"  waiting for {seat['name']}{left}")
    if you["preaction"] is not None:
        lines.append(f"  pre-action: {you['preaction']}")
    if you["notice"]:
        lines.append(f"  notice: {you['notice']}")
    if you.get("moved_to"):
        lines.append(f"  you move to table {you['moved_to']}")
    straddle = you.get("straddle")
    if straddle is not None:
        where = WHERE_WORDS[straddle["mode"]]
        choice = "on (nostraddle: stop)" if straddle["on"] else "off (straddle: start)"
        lines.append(f"  straddle {where}: {choice}")
    return lines


def result_lines(result: Frame) -> list[str]:
    lines = []
    for winner in result["winners"]:
        hand = f" with {winner['hand']}" if winner["hand"] else ""
        won = amount_text(winner["amount"])
        lines.append(f"  hand {result['number']}: {winner['name']} wins {won}{hand}")
    return lines


def tournament_lines(frame: Frame) -> list[str]:
    lines = [
        f"tournament {frame['name']} · {frame['game']} · buy-in {amount_text(frame['buy_in'])} · "
        f"{frame['status']} · {frame['registered']} registered"
    ]
    if frame["header"] is not None:
        lines += [f"  {line}" for line in frame["header"]["lines"]]
    if frame["notice"]:
        lines.append(f"  {frame['notice']}")
    if frame["you"]["table"]:
        lines.append(f"  your table: {frame['you']['table']}")
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
                return [f"refused: {frame['message']}"]
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
