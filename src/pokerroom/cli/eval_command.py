"""``pokerroom eval``: the best hand a set of cards makes, and its name."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pokerroom.cards import format_cards, parse_cards
from pokerroom.cardset import CardSet
from pokerroom.cli.errors import user_errors
from pokerroom.cli.games import EvalGame
from pokerroom.cli.options import flag
from pokerroom.errors import CardCountError
from pokerroom.i18n import gettext, pgettext
from pokerroom.i18n.marker import N_

if TYPE_CHECKING:
    from pokerroom.evaluate.low import LowHand


def _label(kind: str) -> str:
    """The label of a line ``eval`` prints, by its JSON key: the high hand, the low hand, a
    Stud hand's face-up cards, OFC's top row."""
    labels = {
        "high": pgettext("eval line", "high"),
        "low": pgettext("eval line", "low"),
        "showing": pgettext("eval line", "showing"),
        "top": pgettext("eval line", "top"),
    }
    return labels.get(kind, kind)


def _low_json(low: LowHand | None) -> dict[str, Any] | None:
    if low is None:
        return None
    return {
        "strength": low.strength,
        "description": low.describe(),
        "ranks": "".join(r.char for r in low.ranks),
    }


def _values(game: EvalGame, cards: str, board: str) -> dict[str, Any]:
    from pokerroom.evaluate import (  # builds the lookup tables: only when cards are valued
        best_five,
        evaluate_low,
        evaluate_omaha_high,
        evaluate_omaha_low,
        evaluate_showing,
        evaluate_top_row,
    )

    hole = CardSet.parse(cards)
    table = CardSet.parse(board)
    if not hole.isdisjoint(table):
        problem = gettext(N_("cards and board share {cards}; each card exists once"))
        raise CardCountError(problem.format(cards=hole & table))
    if game in (EvalGame.OMAHA, EvalGame.OMAHA_HILO):
        high = evaluate_omaha_high(hole, table)
        result: dict[str, Any] = {
            "high": {
                "strength": high.strength,
                "category": high.category.label,
                "description": high.describe(),
            }
        }
        if game is EvalGame.OMAHA_HILO:
            result["low"] = _low_json(evaluate_omaha_low(hole, table))
        return result
    if game is EvalGame.SHOWING:
        showing = evaluate_showing(parse_cards(cards + " " + board))
        return {"showing": {"description": showing.describe()}}
    if game is EvalGame.OFC_TOP:
        top = evaluate_top_row(parse_cards(cards + " " + board))
        return {"top": {"category": top.category.label, "description": top.describe()}}
    every = hole | table
    hand, five = best_five(every)
    result = {
        "high": {
            "strength": hand.strength,
            "category": hand.category.label,
            "description": hand.describe(),
            "cards": format_cards(five),
        }
    }
    if game is EvalGame.STUD_HILO:
        result["low"] = _low_json(evaluate_low(every))
    return result


def evaluate(
    cards: Annotated[str, typer.Argument(help="Your cards, e.g. 'AhKh' or 'As Ks Qd 2c'.")],
    board: Annotated[
        str, typer.Option("--board", "-b", metavar="CARDS", help="Community cards.")
    ] = "",
    game: Annotated[
        EvalGame, typer.Option("--game", "-g", help="How to value the cards.")
    ] = EvalGame.HOLDEM,
    as_json: Annotated[bool, flag("--json", help="Print one JSON object.")] = False,
) -> None:
    """Print the best hand the cards make and its description."""
    with user_errors():
        values = _values(game, cards, board)
    if as_json:
        typer.echo(json.dumps({"game": str(game), "cards": cards, "board": board, **values}))
        return
    for kind, value in values.items():
        label = _label(kind)
        if value is None:
            typer.echo(gettext(N_("{kind}: no qualifying low")).format(kind=label))
            continue
        shown = f" ({value['cards']})" if "cards" in value else ""
        typer.echo(f"{label}: {value['description']}{shown}")
