"""The settled OFC hand in words, for every table that shows it (terminal and web).

Pure text from a :class:`~pokerroom.ofc.game.HandResult`: the result is public once the
round ends (O-4: fantasy rows shown then; O-2: discards stay face down and are not named).
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.i18n import N_, current_language, gettext, pgettext
from pokerroom.ofc.errors import OfcError
from pokerroom.ofc.game import HandResult
from pokerroom.table.wording import plain, said_text

YOU_FORMS = {
    N_("player {player} has set every card this deal allows; discard one of {cards} instead"): N_(
        "you have set every card this deal allows; discard one of {cards} instead"
    ),
    N_(
        "player {player} has already discarded this deal; only one discard is allowed, "
        "so set {cards}"
    ): N_("you have already discarded this deal; only one discard is allowed, so set {cards}"),
    N_("player {player} has already surrendered"): N_("you have already surrendered"),
    N_(
        "player {player} has set cards; surrender is allowed only before setting the first "
        "card (O-5)"
    ): N_("you have set cards; surrender is allowed only before setting the first card"),
    N_("player {player} cannot set a card now: it is player {to_act}'s turn (O-2, O-3)"): N_(
        "you cannot set a card now: it is player {to_act}'s turn"
    ),
    N_("player {player} cannot discard now: it is player {to_act}'s turn (O-2, O-3)"): N_(
        "you cannot discard now: it is player {to_act}'s turn"
    ),
    N_("{card} is not among player {player}'s unset cards; choose from {cards}"): N_(
        "{card} is not among your unset cards; choose from {cards}"
    ),
}
"""The OFC refusals about "player {player}" as the player himself reads them."""


def row_name(code: str) -> str:
    """An OFC row as people read it: "bottom", «нижний»."""
    names = {
        "bottom": pgettext("OFC row", "bottom"),
        "middle": pgettext("OFC row", "middle"),
        "top": pgettext("OFC row", "top"),
    }
    return names.get(code, code)


def _rows(text: str) -> str:
    return ", ".join(row_name(code) for code in text.split(", "))


def refusal_text(error: OfcError, player: int) -> str:
    """Why an OFC move was refused, for ``player`` in his language, without rule IDs.

    >>> from pokerroom.ofc.errors import SurrenderError
    >>> error = SurrenderError(N_("player {player} has already surrendered"), player=1)
    >>> refusal_text(error, 1)
    'player 1 has already surrendered'
    >>> from pokerroom.i18n import use_language
    >>> with use_language("ru"):
    ...     refusal_text(error, 1)
    'Вы уже сдались'
    """
    if current_language() == "en":
        return plain(str(error))
    return your_refusal(error, player)


def your_refusal(error: OfcError, player: int) -> str:
    """Why ``player``'s own move was refused, in his language and in every language as
    "you": a table's seats show names, never the hand's position numbers.

    >>> from pokerroom.ofc.errors import SurrenderError
    >>> your_refusal(SurrenderError(N_("player {player} has already surrendered"), player=0), 0)
    'You have already surrendered'
    """
    said = said_text(error.said, you=player, forms=YOU_FORMS, words={"rows": _rows})
    said = plain(said)
    return said[:1].upper() + said[1:]


def result_lines(
    result: HandResult, names: Sequence[str], totals: Sequence[int], number: int
) -> list[str]:
    """The settled hand: each player's points, fouls and royalties, every pair, the totals."""
    lines = [gettext(N_("hand {number} over:")).format(number=number)]
    for position, name in enumerate(names):
        if result.boards[position] is None:
            what = gettext(N_("surrendered"))  # O-5
        elif result.fouled[position]:
            what = gettext(N_("fouled: loses every row, no royalties"))  # O-1
        else:
            what = gettext(N_("royalties {points}")).format(points=result.royalties[position])
        lines.append(f"  {name}: {result.points[position]:+d}, {what}")
    for pair in result.pairs:  # O-7 order
        parts = [gettext(N_("rows {points}")).format(points=f"{pair.rows:+d}")]
        if pair.scoop:
            parts.append(gettext(N_("scoop {points}")).format(points=f"{pair.scoop:+d}"))
        if pair.royalties:
            parts.append(gettext(N_("royalties {points}")).format(points=f"{pair.royalties:+d}"))
        if pair.surrender:
            parts.append(gettext(N_("surrender {points}")).format(points=f"{pair.surrender:+d}"))
        line = gettext(N_("{first} vs {second}: {parts} = {points} for {first}")).format(
            first=names[pair.first],
            second=names[pair.second],
            parts=", ".join(parts),
            points=f"{pair.points:+d}",
        )
        lines.append(f"  {line}")
    scores = ", ".join(f"{n} {t:+d}" for n, t in zip(names, totals, strict=True))
    lines.append("  " + gettext(N_("totals: {scores}")).format(scores=scores))
    fantasy = [name for name, earned in zip(names, result.fantasy_next, strict=True) if earned]
    if fantasy:  # O-4
        lines.append(
            "  " + gettext(N_("Fantasyland next hand: {names}")).format(names=", ".join(fantasy))
        )
    return lines
