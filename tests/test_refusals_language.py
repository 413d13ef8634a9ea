"""The refusals a director or a player causes, in Russian and Ukrainian (issue 23): the live
desk's, the tournament director's, the clock's and the cash table's. The pure layers raise
them as :class:`pokerroom.said.Said` (their English ``str`` unchanged); the screens show
:func:`pokerroom.said.error_words` in the reader's language."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pokerroom.i18n import use_language
from pokerroom.i18n.languages import Language
from pokerroom.said import error_words
from pokerroom.table.cash import CashSettings, CashTable
from pokerroom.table.run_twice import RunTwiceVote
from pokerroom.tournament.clock.schedule import Schedule
from pokerroom.tournament.clock.state import Clock
from pokerroom.tournament.clock.timesource import SimulatedTime
from pokerroom.tournament.desk_events import ChipsCorrected
from pokerroom.tournament.live.action_words import action_text
from pokerroom.tournament.live.desk import LiveDesk
from pokerroom.tournament.penalties.table import preset_for
from pokerroom.tournament.regulation import load_example
from pokerroom.tournament.regulation.load import parse_regulation
from pokerroom.tournament.structure import Level
from tests.english_words import english_words

NAMES = {"P00", "P01", "P02", "P03", "Ann", "Bob", "Turbo", "re-entry", "toml", "mine"}
"""Names and data in the messages: players, the regulation's name, a file's name."""


def desk(players: int = 4) -> LiveDesk:
    time = SimulatedTime(1_000_000.0)
    made = LiveDesk(load_example("turbo-reentry"), time, seed=3)
    for number in range(players):
        made.register(f"P{number:02d}")
        time.advance(1)
    return made


def early_clock() -> Clock:
    """A clock an hour before its start."""
    levels = (Level(1, 20, 25, 50), Level(2, 20, 50, 100))
    return Clock(Schedule(levels, (), start_at=1_700_000_000.0), SimulatedTime(1_699_996_400.0))


def seated_table() -> CashTable:
    table = CashTable(CashSettings(small_blind=1, big_blind=2, seats=6))
    table.sit(1, "Ann", 100)
    return table


def refused(act: Callable[[], object]) -> ValueError:
    with pytest.raises(ValueError) as caught:  # PokerroomError's refusals are ValueErrors
        act()
    return caught.value


def undo_of(made: LiveDesk) -> object:
    return made.tournament.undo()


def _started() -> LiveDesk:
    made = desk()
    made.draw()
    made.start_clock()
    return made


REFUSALS: dict[str, tuple[Callable[[], object], str]] = {
    # the live desk (T-19, T-12): a director's entry, bust-out and cashier refusals
    "desk re-entry": (
        lambda: desk().re_enter("P00"),
        "player 'P00' is still in; a re-entry is for a busted player",
    ),
    "desk bust-out": (
        lambda: _started().bust(9, [1]),
        "there is no table 9; tables in play: 1",
    ),
    "desk cashier": (
        lambda: _started().finish(),
        "4 players are still in; bust them out to one winner first",
    ),
    # the tournament director (T-12, T-16)
    "director finish": (
        lambda: desk().tournament.finish(at=1_000_100.0),
        "4 players are still in; the tournament ends with one",
    ),
    "director undo": (
        lambda: undo_of(desk(players=0)),
        "the last event is nothing; only the director's own last action (an entry, a bust-out "
        "he entered, a penalty, a protest or ruling) can be undone",
    ),
    # the clock (T-20): a refusal that names the action refused
    "clock not started": (
        lambda: early_clock().pause(),
        "cannot pause the clock: the tournament has not started yet; delay the start or edit "
        "the levels instead",
    ),
    "clock not paused": (
        lambda: _started().resume(),
        "the clock is not paused; there is nothing to resume",
    ),
    # the cash table's seats (H-2) and a run-it-twice answer
    "cash seat taken": (
        lambda: seated_table().sit(1, "Bob", 100),
        "seat 1 is taken; free seats: 2, 3, 4, 5, 6",
    ),
    "cash seat off the table": (
        lambda: seated_table().sit(9, "Bob", 100),
        "seat 9 is not at this table: seats are 1 to 6",
    ),
    "cash nobody at the seat": (
        lambda: seated_table().leave(4),
        "nobody sits at seat 4; seats taken: 1",
    ),
    "run twice": (
        lambda: RunTwiceVote.ask([0, 1], now=0.0).answer(3, agree=True),
        "only the players still in the hand are asked",
    ),
    # a penalty clause the director types (T-21)
    "penalty clause": (
        lambda: preset_for("9.9"),
        "no offence '9.9' in the penalty table; allowed: ",
    ),
    # the regulation a director uploads
    "regulation TOML": (
        lambda: parse_regulation("name = ", source="mine.toml"),
        "mine.toml: not valid TOML: ",
    ),
}


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_the_english_of_a_refusal_is_unchanged(case: str) -> None:
    act, english = REFUSALS[case]
    error = refused(act)
    assert str(error).startswith(english)
    assert error_words(error) == str(error)


@pytest.mark.parametrize("lang", ["ru", "uk"])
@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_a_refusal_reads_in_russian_and_ukrainian(case: str, lang: Language) -> None:
    act, _ = REFUSALS[case]
    with use_language(lang):
        error = refused(act)
        said = error_words(error)
    assert said != str(error)
    if case == "regulation TOML":  # tomllib's own detail stays as Python words it
        said = said.split(": ")[0] + ": " + said.split(": ")[1]
    if case == "penalty clause":  # the clauses allowed are the rule book's numbers
        said = said.split(";")[0]
    assert english_words(said, allowed=NAMES) == [], said


def test_the_clock_names_the_refused_action_in_the_readers_words() -> None:
    error = refused(lambda: early_clock().pause())
    with use_language("ru"):
        assert error_words(error).startswith("нельзя поставить часы на паузу: турнир ещё не")
    with use_language("uk"):
        assert error_words(error).startswith("не можна поставити годинник на паузу")


def test_numbers_in_a_refusal_are_grouped_the_readers_way() -> None:
    made = desk()
    made.draw()
    tournament = made.tournament
    chips = tournament.players["P00"].chips
    error = refused(
        lambda: tournament.record(ChipsCorrected(1_000_100.0, "P00", chips + 1, 5, "miscount"))
    )
    assert f"{chips:,}" in str(error)
    with use_language("ru"):
        assert f"{chips:,}".replace(",", "\u00a0") in error_words(error)


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_web_cash_table_codes_a_buy_in_refusal_in_every_language(lang: Language) -> None:
    """``buy_in`` (the form's field to mark) whatever language the refusal is worded in."""
    from tests.web.cash_driver import cash_table

    t = cash_table("holdem", 2, users=3)
    with use_language(lang):
        outcome = t.send(t.users[2], "sit", seat=3, buy_in=79)
    assert outcome.code == "buy_in" and outcome.error is not None
    if lang != "en":
        assert english_words(outcome.error) == [], outcome.error


TIMED_DESK_LINES = (
    "5 min added to level 3",
    "2 min removed from the break",
    "level 2 ended now; the break runs",
    "break of 10 min now; the level resumes after it",
    "break of 10 min after level 4",
    "level 5 removed; later levels move down one",
    "table 2 broken: its players moved (T-7)",
    "table 2 breaks when its hand ends (T-7)",
    "late registration and re-entry are closed (T-19)",
)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_web_desks_logged_lines_read_in_the_directors_language(lang: Language) -> None:
    """The web tournament's desk logs its lines in English; the director page words them."""
    for line in TIMED_DESK_LINES:
        assert action_text(line) == line
        with use_language(lang):
            said = action_text(line)
        assert english_words(said) == [], said
