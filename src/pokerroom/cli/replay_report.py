"""What ``pokerroom replay`` does: read each file, replay its hands, report each and sum up.

Apart from the command's signature (:mod:`pokerroom.cli.replay_command`), because it loads
the rules engine and the evaluator, which ``pokerroom replay --help`` does not need.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

import typer

from pokerroom.cards import format_cards
from pokerroom.cli.errors import USER_ERROR_EXIT, error_line
from pokerroom.engine.options import Options
from pokerroom.errors import PokerroomError
from pokerroom.history.ofc.record import (
    VARIANT,
    VARIANT_NAME,
    OfcIllegal,
    OfcRecord,
    OfcReplay,
    is_ofc_text,
    read_records,
    replay_record,
)
from pokerroom.history.phh.documents import PhhHand, read_hands
from pokerroom.history.replay import PotShare, ReplayError, ReplayResult, replay_hand
from pokerroom.i18n import current_language, gettext, ngettext, pgettext
from pokerroom.i18n.marker import N_
from pokerroom.ofc.rows import Board, Row

ILLEGAL_ACTION_EXIT = 1


def _number(amount: Decimal) -> int | float:
    """A JSON number: whole amounts as integers, cents as the shortest exact decimal."""
    return int(amount) if amount == amount.to_integral_value() else float(amount)


def _numbers(amounts: tuple[Decimal, ...] | None) -> list[int | float] | None:
    return None if amounts is None else [_number(a) for a in amounts]


def _label(player: int) -> str:
    return f"p{player + 1}"


_BOARD_NAMES = ("upper board", "lower board")  # machine words: --json; _board_word words them
"""Double-board games (V-4): board 0 is dealt first (as ``--json`` names them)."""
_RUN_NAMES = ("run 1", "run 2")
"""A board run twice (P-10): run 1 is dealt first."""


def _amount(amount: object) -> str:
    """An amount as the reader writes it: ``1,234.5`` in English, ``1 234,5`` (a no-break
    space) in Russian and Ukrainian; the decimals the history gave are kept (``10.70``)."""
    text = f"{amount:,}"
    if current_language() == "en":
        return text
    return text.replace(",", "\u00a0").replace(".", ",")


def _board_word(name: str) -> str:
    """A board's or a run's name in the report's language."""
    words = {
        "upper board": pgettext("replay board", "upper board"),
        "lower board": pgettext("replay board", "lower board"),
        "run 1": pgettext("replay board", "run 1"),
        "run 2": pgettext("replay board", "run 2"),
    }
    return words.get(name, name)


def _share_word(share: str) -> str:
    """The half of a split pot a winner takes (``high``, ``low``)."""
    words = {"high": pgettext("pot share", "high"), "low": pgettext("pot share", "low")}
    return words.get(share, share)


def _row_word(row: Row) -> str:
    words = {
        "top": pgettext("ofc row", "top"),
        "middle": pgettext("ofc row", "middle"),
        "bottom": pgettext("ofc row", "bottom"),
    }
    return words.get(str(row.value), str(row.value))


def _boards(result: ReplayResult) -> tuple[str, ...]:
    """The names of the hand's boards when it has two (none for one board)."""
    game = result.phh.game
    if game.variant is not None and game.variant.boards > 1:
        return _BOARD_NAMES
    return _RUN_NAMES if result.phh.runs > 1 else ()


def _winner(share: PotShare, boards: tuple[str, ...]) -> dict[str, Any]:
    """One share of a pot; ``board`` (0 upper or run 1, 1 lower or run 2) only with two
    boards (P-8, P-10)."""
    winner: dict[str, Any] = {
        "player": _label(share.player),
        "amount": _number(share.amount),
        "share": share.share,
    }
    if boards:
        winner["board"] = share.board
    return winner


def _share_text(share: PotShare, boards: tuple[str, ...]) -> str:
    """``p2 50``, ``p2 25 (low)``, ``p2 25 (lower board, low)``, ``p1 50 (run 2)``."""
    words = [_board_word(boards[share.board])] if boards else []
    if share.share != "all":
        words.append(_share_word(share.share))
    return f"{_label(share.player)} {_amount(share.amount)}" + (
        f" ({', '.join(words)})" if words else ""
    )


def _error_json(error: ReplayError | OfcIllegal | None) -> dict[str, Any] | None:
    """The first illegal action of a hand, as ``--json`` gives it (PHH ones list what was legal)."""
    if error is None:
        return None
    found: dict[str, Any] = {
        "action_index": error.action_index,
        "action": error.action,
        "rule": error.rule,
        "message": error.message,
    }
    if isinstance(error, ReplayError):
        found["legal"] = list(error.legal)
    return found


def _as_json(path: Path, hand_number: int, result: ReplayResult) -> dict[str, Any]:
    phh = result.phh
    error = result.error
    boards = _boards(result)
    return {
        "file": str(path),
        "hand": hand_number,
        "variant": phh.variant,
        "unsupported": result.unsupported,
        "players": list(phh.players) if phh.players is not None else None,
        "complete": result.complete,
        "finishing_stacks": _numbers(result.finishing_stacks),
        "winnings": _numbers(result.winnings),
        "pots": [
            {
                "amount": _number(pot.amount),
                "eligible": [_label(p) for p in pot.eligible],
                "winners": [_winner(w, boards) for w in pot.winners],
                "settled": pot.settled,
            }
            for pot in result.pots
        ],
        "recorded_finishing_stacks": _numbers(phh.finishing_stacks),
        "matches_recorded": result.matches_recorded,
        "error": _error_json(error),
        "notes": list(result.notes),
    }


def _name(phh: PhhHand, player: int) -> str:
    names = phh.players
    return f"{_label(player)} {names[player]}" if names and names[player] else _label(player)


def _report(path: Path, hand_number: int, result: ReplayResult) -> list[str]:
    phh = result.phh
    game = phh.game
    lines = [
        _title(path, hand_number, f"{game.code} ({game.name})", phh.player_count),
    ]
    if result.unsupported:
        return [*lines, "  " + gettext(N_("not replayed: pokerroom does not play this game yet"))]
    error = result.error
    for number, pot in enumerate(result.pots if error is None else (), start=1):
        eligible = " ".join(_label(p) for p in pot.eligible)
        if pot.settled:
            won = ", ".join(_share_text(w, _boards(result)) for w in pot.winners)
            line = N_("pot {number}: {amount} won by {won} (eligible {eligible})")
        else:
            won = ""
            line = N_("pot {number}: {amount} not settled (eligible {eligible})")
        lines.append(
            "  "
            + gettext(line).format(
                number=number, amount=_amount(pot.amount), won=won, eligible=eligible
            )
        )
    if result.unsettled:
        lines.append(
            "  "
            + gettext(
                N_("unsettled: a contender's cards are unknown (????), so no winner is named")
            )
        )
    stacks = result.finishing_stacks
    if stacks is not None:
        shown = ", ".join(f"{_name(phh, p)} {_amount(s)}" for p, s in enumerate(stacks))
        if error is None:
            where = N_("finishing stacks: {stacks}")
        else:
            where = N_("stacks where the replay stopped: {stacks}")
        lines.append("  " + gettext(where).format(stacks=shown))
    differences = result.differences
    if differences is not None and error is None:
        if differences:
            differs = N_("differs from the record: {name} recorded {recorded}, replayed {replayed}")
            lines += [
                "  "
                + gettext(differs).format(
                    name=_name(phh, d.player),
                    recorded=_amount(d.recorded),
                    replayed=_amount(d.replayed),
                )
                for d in differences
            ]
        else:
            lines.append("  " + gettext(N_("matches the recorded finishing stacks")))
    lines += [
        "  " + gettext(N_("note: {note}")).format(note=gettext(note)) for note in result.notes
    ]
    if error is not None:
        if error.action_index is not None:
            where = gettext(N_("action {number} '{action}'")).format(
                number=error.action_index + 1, action=error.action
            )
        else:
            where = gettext(N_("set-up"))
        rule = f" [{error.rule}]" if error.rule else ""
        illegal = gettext(N_("ILLEGAL {where}: {message}{rule}"))
        lines.append("  " + illegal.format(where=where, message=gettext(error.message), rule=rule))
        if error.legal:
            legal = gettext(N_("legal: {actions}")).format(actions=", ".join(error.legal))
            lines.append(f"    {legal}")
    elif not result.complete:
        lines.append("  " + gettext(N_("the history stops before the hand is over")))
    return lines


def _title(path: Path, hand_number: int, game: str, players: int) -> str:
    """A hand's first line: the file, the hand's place in it, the game, the players."""
    return ngettext(
        "{path} hand {number}: {game}, {count} player",
        "{path} hand {number}: {game}, {count} players",
        players,
    ).format(path=path, number=hand_number, game=game, count=players)


def _is_ofc_file(path: Path) -> bool:
    """An OFC record by its name (``.ofc.toml``) or by its variant code; PHH otherwise."""
    if path.name.endswith(".ofc.toml"):
        return True
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False  # read_hands reports it
    return VARIANT in text and is_ofc_text(text)  # a cheap look before parsing


def _read(path: Path) -> Sequence[PhhHand | OfcRecord]:
    return read_records(path) if _is_ofc_file(path) else read_hands(path)


# --------------------------------------------------------------------- OFC records


def _ofc_name(record: OfcRecord, player: int) -> str:
    names = record.players
    return f"{_label(player)} {names[player]}" if names and names[player] else _label(player)


def _rows_text(board: Board) -> str:
    return " / ".join(f"{_row_word(row)} {format_cards(board.row(row)) or '-'}" for row in Row)


def _ofc_player_line(replay: OfcReplay, player: int) -> str:
    hand, result = replay.hand, replay.result
    name = _ofc_name(replay.record, player)
    if replay.record.fantasy[player]:
        name += gettext(N_(" (Fantasyland)"))
    if hand.surrendered(player):
        return "  " + gettext(N_("{name}: surrendered")).format(name=name)
    line = f"  {name}: {_rows_text(hand.board(player))}"
    if result is None:
        return line
    if result.fouled[player]:
        return f"{line}; " + gettext(N_("fouled (dead hand, O-1)"))
    words = [gettext(N_("royalties {points}")).format(points=result.royalties[player])]
    if result.fantasy_next[player]:
        words.append(gettext(N_("Fantasyland next hand (O-4)")))
    return f"{line}; {', '.join(words)}"


def _ofc_report(path: Path, hand_number: int, replay: OfcReplay) -> list[str]:
    record = replay.record
    title = _title(path, hand_number, f"{VARIANT} ({gettext(VARIANT_NAME)})", record.player_count)
    if record.table is not None:
        title += gettext(N_(", table {table}")).format(table=record.table)
    if record.hand is not None:
        title += gettext(N_(", hand #{number}")).format(number=record.hand)
    lines = [title]
    lines += [_ofc_player_line(replay, p) for p in range(record.player_count)]
    points, recorded, error = replay.points, record.points, replay.error
    if points is not None:
        shown = ", ".join(f"{_ofc_name(record, p)} {n:+}" for p, n in enumerate(points))
        lines.append("  " + gettext(N_("points: {points}")).format(points=shown))
    if replay.matches_recorded is True:
        lines.append("  " + gettext(N_("matches the recorded points")))
    elif points is not None and recorded is not None:
        differs = N_("differs from the record: {name} recorded {recorded}, re-scored {scored}")
        lines += [
            "  "
            + gettext(differs).format(
                name=_ofc_name(record, p), recorded=f"{want:+}", scored=f"{got:+}"
            )
            for p, (want, got) in enumerate(zip(recorded, points, strict=True))
            if want != got
        ]
    if error is not None:
        where = gettext(N_("action {number} '{action}'")).format(
            number=error.action_index + 1, action=error.action
        )
        illegal = gettext(N_("ILLEGAL {where}: {message}{rule}"))
        lines.append(
            "  "
            + illegal.format(where=where, message=gettext(error.message), rule=f" [{error.rule}]")
        )
    elif not replay.complete:
        lines.append("  " + gettext(N_("the record stops before the hand is over")))
    return lines


def _ofc_json(path: Path, hand_number: int, replay: OfcReplay) -> dict[str, Any]:
    record, hand, result, error = replay.record, replay.hand, replay.result, replay.error
    return {
        "file": str(path),
        "hand": hand_number,
        "variant": VARIANT,
        "hand_number": record.hand,
        "table": record.table,
        "players": list(record.players) if record.players is not None else None,
        "fantasy": list(record.fantasy),
        "complete": replay.complete,
        "rows": [
            None
            if hand.surrendered(p)
            else {row.value: [str(c) for c in hand.board(p).row(row)] for row in Row}
            for p in range(record.player_count)
        ],
        "fouled": None if result is None else list(result.fouled),
        "royalties": None if result is None else list(result.royalties),
        "fantasy_next": None if result is None else list(result.fantasy_next),
        "points": None if replay.points is None else list(replay.points),
        "recorded_points": None if record.points is None else list(record.points),
        "matches_recorded": replay.matches_recorded,
        "error": _error_json(error),
    }


def _summary(counts: dict[str, int]) -> str:
    """The last line; the finishing-stacks clause for PHH hands, the points one for OFC."""
    replayed = counts["hands"] - counts["unsupported"]
    clauses = []
    if counts["hands"] > counts["ofc"] or not counts["ofc"]:
        clauses.append(
            gettext(N_("{matched} of {recorded} recorded finishing stacks matched")).format(
                matched=counts["matched"], recorded=counts["recorded"]
            )
            if counts["recorded"]
            else gettext(N_("no finishing stacks recorded"))
        )
    if counts["ofc"]:
        clauses.append(
            gettext(N_("{matched} of {recorded} recorded OFC points matched")).format(
                matched=counts["ofc_matched"], recorded=counts["ofc_recorded"]
            )
            if counts["ofc_recorded"]
            else gettext(N_("no OFC points recorded"))
        )
    summary = N_(
        "{hands} hands: {replayed} replayed, {unsupported} unsupported, "
        "{illegal} with an illegal action; {clauses}"
    )
    return gettext(summary).format(
        hands=counts["hands"],
        replayed=replayed,
        unsupported=counts["unsupported"],
        illegal=counts["illegal"],
        clauses="; ".join(clauses),
    )


def replay_files(files: Sequence[Path], profile: str, *, as_json: bool) -> None:
    """Replay ``files`` under the rule profile ``profile``: a report per hand, then the summary."""
    loaded: list[tuple[Path, Sequence[PhhHand | OfcRecord]]] = []
    unreadable: list[str] = []
    for path in files:
        try:
            loaded.append((path, _read(path)))
        except PokerroomError as error:
            unreadable.append(str(error))
    options = Options.profile(profile)
    counts = dict.fromkeys(
        (
            "hands",
            "unsupported",
            "illegal",
            "recorded",
            "matched",
            "ofc",
            "ofc_recorded",
            "ofc_matched",
        ),
        0,
    )
    for path, hands in loaded:
        for hand_number, hand in enumerate(hands, start=1):
            counts["hands"] += 1
            if isinstance(hand, OfcRecord):
                ofc = replay_record(hand)
                counts["ofc"] += 1
                counts["illegal"] += ofc.error is not None
                counts["ofc_recorded"] += ofc.matches_recorded is not None and ofc.error is None
                counts["ofc_matched"] += ofc.matches_recorded is True and ofc.error is None
                if as_json:
                    typer.echo(json.dumps(_ofc_json(path, hand_number, ofc), ensure_ascii=False))
                else:
                    typer.echo("\n".join(_ofc_report(path, hand_number, ofc)))
                continue
            result = replay_hand(hand, options)
            counts["unsupported"] += result.unsupported
            counts["illegal"] += result.error is not None
            counts["recorded"] += result.matches_recorded is not None and result.error is None
            counts["matched"] += result.matches_recorded is True and result.error is None
            if as_json:
                typer.echo(json.dumps(_as_json(path, hand_number, result), ensure_ascii=False))
            else:
                typer.echo("\n".join(_report(path, hand_number, result)))
    if not as_json and loaded:
        typer.echo(_summary(counts))
    for problem in unreadable:
        typer.echo(error_line(problem), err=True)
    if unreadable:
        raise typer.Exit(USER_ERROR_EXIT)
    if counts["illegal"]:
        raise typer.Exit(ILLEGAL_ACTION_EXIT)
