"""The tournament in Russian and Ukrainian: the clock, the director's console, the tables,
seat cards and printouts, the penalty table; and the regulation's ``language`` field."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.app import App

from pokerroom.cli.tournament.run_view import results_text, stage_text
from pokerroom.cli.tournament.view import check_text, default_fields, payouts_for
from pokerroom.errors import UsageError
from pokerroom.i18n import Language, current_language, use_language
from pokerroom.tournament.clock import SimulatedTime
from pokerroom.tournament.clockface.feed import StandaloneFeed
from pokerroom.tournament.clockface.field import Field, chips_bought
from pokerroom.tournament.clockface.lines import big_blinds, prize_lines
from pokerroom.tournament.clockface.snapshot import PrizeFigures
from pokerroom.tournament.director import Tournament
from pokerroom.tournament.events import HandPlayed, Seated
from pokerroom.tournament.header import header_lines
from pokerroom.tournament.live.cards import seat_cards, table_list
from pokerroom.tournament.live.desk import LiveDesk
from pokerroom.tournament.live.printouts import write_printouts
from pokerroom.tournament.lobby import Lobby, PayJump
from pokerroom.tournament.money.payouts import Entries
from pokerroom.tournament.penalties.desk import Desk
from pokerroom.tournament.penalties.log import PenaltyLog, render_log
from pokerroom.tournament.penalties.menu import offence_lines
from pokerroom.tournament.penalties.table import Offence, Penalty
from pokerroom.tournament.regulation import (
    Regulation,
    example_text,
    in_regulation_language,
    load_example,
    parse_regulation,
)
from pokerroom.tournament.regulation.fields import RegulationError
from pokerroom.tournament.seating.moves import Move, MoveReason, Seat
from pokerroom.tournament.structure import Level
from pokerroom.tui.clock.app import ClockApp
from pokerroom.tui.director.app import DirectorApp
from tests.english_words import english_words
from tests.test_tournament_discipline import make_run

LANGUAGES = ("ru", "uk")


def speaking(language: str, example: str = "club-freezeout") -> Regulation:
    """An example regulation whose papers speak ``language``."""
    return parse_regulation(f'language = "{language}"\n' + example_text(example))


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_a_regulation_may_fix_its_language(language: str) -> None:
    assert speaking(language).language == language


def test_without_a_language_the_regulation_speaks_its_readers() -> None:
    club = load_example("club-freezeout")
    assert club.language is None
    with use_language("uk"), in_regulation_language(club):
        assert current_language() == "uk"


def test_an_unknown_language_is_one_error_naming_the_allowed_ones() -> None:
    with pytest.raises(RegulationError) as caught:
        parse_regulation('language = "de"\n' + example_text("club-freezeout"), source="x.toml")
    assert str(caught.value) == "x.toml: language must be one of 'en', 'ru', 'uk', got 'de'"
    with pytest.raises(RegulationError, match="language must be one of 'en', 'ru', 'uk'"):
        parse_regulation("language = 7\n" + example_text("club-freezeout"))


def test_the_regulations_language_wins_over_the_process() -> None:
    with use_language("uk"), in_regulation_language(speaking("ru")):
        assert current_language() == "ru"
    with use_language("ru"), in_regulation_language(speaking("en")):
        assert current_language() == "en"


# ----- the clock screen


def clock_picture(regulation: Regulation, size: tuple[int, int] = (80, 24)) -> str:
    """The README's clock moment (level 6, 3:27 left, 23 of 40 left) for ``regulation``."""
    time = SimulatedTime(0)
    entries = Entries(40, re_entries=6)
    field = Field(entries, players_left=23, chips_in_play=chips_bought(regulation, entries))
    feed = StandaloneFeed.starting(regulation, 0, time, field)
    app = ClockApp(feed, feed.clock)
    picture: list[str] = []

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            time.advance_to(6 * 8 * 60 - 207)
            app.tick()
            await pilot.pause()
            strips = app.screen._compositor.render_strips()
            picture.append("\n".join(strip.text.rstrip() for strip in strips))

    asyncio.run(main())
    return picture[0]


TURBO_NAME = {"Turbo", "re", "entry"}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_the_clock_screen_speaks_russian_and_ukrainian_and_fits(
    language: Language, size: tuple[int, int]
) -> None:
    turbo = load_example("turbo-reentry")
    with use_language(language):
        picture = clock_picture(turbo, size)
    assert english_words(picture, allowed=TURBO_NAME | {"PLO"}) == [], picture
    words = {
        "ru": ("Уровень 6", "Блайнды 200/400, анте 50", "Перерыв через 3:27", "Игроки 23 из 40",
               "Входы 46 (6 ре-энтри)", "Средний стек 20\u00a0000 · 50 ББ",
               "Призовой фонд 19\u00a0550",
               "Чип-ап в перерыв: фишки 25 уходят из игры", "q Выход"),
        "uk": ("Рівень 6", "Блайнди 200/400, анте 50", "Перерва через 3:27", "Гравці 23 з 40",
               "Середній стек 20\u00a0000 · 50 ВБ", "Призовий фонд 19\u00a0550", "q Вихід"),
    }[language]  # fmt: skip
    for word in words:
        assert word in picture, (word, picture)
    assert all(len(row) <= size[0] for row in picture.splitlines())


def test_the_clock_screen_speaks_its_regulations_language_while_the_keys_speak_the_directors() -> (
    None
):
    with use_language("uk"):
        picture = clock_picture(speaking("ru", "turbo-reentry"))
    assert "Уровень 6" in picture and "Призовой фонд" in picture
    assert "q Вихід" in picture  # the footer is the director's: his keys, his language


def test_prize_places_and_big_blinds_in_russian_plurals() -> None:
    prizes = PrizeFigures(1000, tuple([100] * 10), "", 0)
    with use_language("ru"):
        assert prize_lines(prizes, 4)[-1] == "… 10 призовых мест"
        assert prize_lines(PrizeFigures(10, (4, 3, 3), "", 0), 3)[-1] == "… 3 призовых места"
        assert prize_lines(PrizeFigures(10, (6, 4), "", 0), 5)[1:] == ["1 место  6", "2 место  4"]
        assert big_blinds(7.5) == "7,5 ББ"
        assert big_blinds(12345.2) == "12\u00a0345 ББ"
    with use_language("uk"):
        assert prize_lines(PrizeFigures(10, (4, 3, 3), "", 0), 2)[-1] == "… 3 призові місця"


# ----- seat cards and printouts


def seated(regulation: Regulation) -> Tournament:
    """Ann on seat 4 and Bob on seat 1 of table 1."""
    tournament = Tournament(regulation)
    for name, seat in (("Ann", 4), ("Bob", 1)):
        tournament.enter(name, at=0)
        tournament.record(Seated(0, Move(name, None, Seat(1, seat), MoveReason.DRAW)))
    return tournament


CLUB_NAME = {"Club", "freezeout"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_seat_cards_and_the_list_by_table_in_russian_and_ukrainian(language: Language) -> None:
    tournament = seated(load_example("club-freezeout"))
    with use_language(language):
        cards, tables = seat_cards(tournament), table_list(tournament)
    assert english_words(cards + tables, allowed=CLUB_NAME) == []
    table, seat = {"ru": ("Стол", "Место"), "uk": ("Стіл", "Місце")}[language]
    assert f"| {table} 1   {seat} 4" in cards
    assert tables.splitlines()[0] == f"{table} 1"
    assert all(len(row) == 32 for row in cards.splitlines() if row)


def test_seat_cards_are_printed_in_the_regulations_language_while_the_director_speaks_another(
    tmp_path: Path,
) -> None:
    tournament = seated(speaking("ru"))
    with use_language("uk"):
        cards_path, tables_path = write_printouts(tournament, tmp_path, 7)
        with pytest.raises(UsageError, match="вже існує"):  # the director's own language
            write_printouts(tournament, tmp_path, 7)
    cards = cards_path.read_text(encoding="utf-8")
    tables = tables_path.read_text(encoding="utf-8")
    assert "Стол 1   Место 1" in cards and "Стіл" not in cards
    assert tables.startswith("Club freezeout: места по столам\n\nСтол 1\n")
    with use_language("ru"):
        english = seated(speaking("en"))
        assert "Table 1   Seat 4" in seat_cards(english)


# ----- the penalty table (002 §7) and the director's list


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_penalty_table_reads_in_the_regulations_words(language: Language) -> None:
    with use_language(language):
        lines = {line.value: line for line in offence_lines()}
    for line in lines.values():
        assert english_words(f"{line.words} {line.first} {line.repeat}") == [], line
    if language == "ru":  # seed 002 7.1.2, 7.1.3, 7.1.4 in its own sentences
        assert lines["7.1.2"].words == "оставление игроком карт у себя после объявления паса"
        assert lines["7.1.2"].first == "предупреждение"
        assert lines["7.1.2"].repeat == "пропуск от 3 раздач до 1 круга раздач"
        assert lines["7.1.3"].repeat == "пропуск от 3 до 5 раздач"
        assert lines["7.1.4"].first == "пропуск 2 кругов раздач"
        assert lines["7.1.4"].repeat == "дисквалификация"
        assert (
            lines["7.1.16"].first
            == "предупреждение или пропуск от 1 раздачи до 4 кругов раздач или дисквалификация"
        )
    else:
        assert lines["7.1.3"].repeat == "пропуск від 3 до 5 роздач"
        assert lines["7.1.4"].first == "пропуск 2 кіл роздач"


def test_sit_outs_take_the_plural_the_number_asks_for() -> None:
    with use_language("ru"):
        assert [Penalty.hands(n).text() for n in (1, 2, 5, 21)] == [
            "пропуск 1 раздачи", "пропуск 2 раздач", "пропуск 5 раздач", "пропуск 21 раздачи",
        ]  # fmt: skip
        assert Penalty.rounds(1).text() == "пропуск 1 круга раздач"
    with use_language("uk"):
        assert Penalty.rounds(3).text() == "пропуск 3 кіл роздач"
    assert str(Penalty.rounds(3)) == Penalty.rounds(3).text() == "sit out 3 rounds"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_directors_list_of_penalties(language: Language) -> None:
    log = PenaltyLog()
    log.give("Ann", Offence.COLLUSION, Penalty.rounds(2), players_at_table=9)
    log.give("Bob", Offence.ACTION_OUT_OF_TURN, Penalty.warning(), players_at_table=9)
    log.give(
        "Ann", Offence.COLLUSION, Penalty.disqualification(), players_at_table=9, chips_removed=21
    )
    log.protest(2, "Bob", "it was my turn")
    with use_language(language):
        text = render_log(log)
    assert english_words(text) == [], text
    if language == "ru":
        assert "#1 Ann: 7.1.4 — пропуск 2 кругов раздач (18 раздач, пропущено 0)" in text
        assert ", 21 фишка выведена из игры" in text
        assert "; протест №1: на рассмотрении" in text


# ----- the director's console


CONSOLE_NAMES = (
    "Ann Bob Cy Dan Eve Fay Gus Hal Ivy Jo Kim Lev Max Ned Ola Pat Quin Rob Sam Tom Uma Vik"
)
TURBO = "turbo-reentry"


def screen_text(app: App[None]) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


def console_story(language: Language) -> tuple[dict[str, str], list[str], list[str]]:
    """Register, draw, start, a two-player bust, a penalty, a protest; each tab's screen at
    80x24, then every prompt and the list of keys in the status bar."""
    time = SimulatedTime(1_717_786_800.0)
    desk = LiveDesk(parse_regulation(example_text(TURBO)), time, seed=3)
    for name in CONSOLE_NAMES.split():
        desk.register(name)
        time.advance(1)
    tabs: dict[str, str] = {}
    prompts: list[str] = []
    said: list[str] = []

    async def scenario() -> None:
        with use_language(language):
            app = DirectorApp(desk, tournament_id=12)
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.press("d", "s")
                time.advance(9 * 60 + 12)
                await pilot.press("x", *"1 1:4000 2:6000", "enter")
                said.append(app.message)
                await pilot.press("p", *"Cy 7.1.13", "enter")
                said.append(app.message)
                await pilot.press("o", *"1 Cy it was not me", "enter")
                await pilot.press("p", *"Никто 9.9", "enter")
                said.append(app.message)
                for number, tab in enumerate(
                    ("desk", "tables", "clock", "discipline", "money", "log"), 1
                ):
                    await pilot.press(str(number))
                    await pilot.pause()
                    tabs[tab] = screen_text(app)
                for key in [*"rxbklnmpov", "i", "j"]:
                    await pilot.press(key)
                    await pilot.pause()
                    prompts.append(app.message)
                    assert app.message in screen_text(app).splitlines(), app.message
                    await pilot.press("escape")
                await pilot.press("question_mark")
                await pilot.pause()
                said.append(" ".join(line.strip() for line in screen_text(app).splitlines()))
                said.append(app.message)

    asyncio.run(scenario())
    return tabs, prompts, said


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_directors_console_speaks_russian_and_ukrainian_at_80x24(language: Language) -> None:
    tabs, prompts, said = console_story(language)
    names = set(CONSOLE_NAMES.split()) | {"Turbo", "re", "entry", "ICM"}
    for tab, text in tabs.items():
        assert english_words(text, allowed=names) == [], (tab, text)
        assert all(len(row) <= 80 for row in text.splitlines())
    for prompt in prompts:
        assert english_words(prompt, allowed=names | {"enter", "esc"}) == [], prompt
        assert len(prompt) <= 80
    keys, message = said[-2], said[-1]
    assert message in keys  # the whole list of keys is on screen
    for line in said[:-2]:
        assert english_words(line, allowed=names) == [], line
    words = {
        "ru": ("Игроки 20 из 22", "Уровень 2", "Касса", "Журнал", "предупреждение", "(21 место)"),
        "uk": ("Гравці 20 з 22", "Рівень 2", "Каса", "Журнал", "попередження", "(21 місце)"),
    }[language]
    every = "\n".join(tabs.values())
    for word in words:
        assert word in every, word


# ----- tournament play: the header above the table and the tournament's own lines


def lobby(place: int | None = 2, busts: int = 3) -> Lobby:
    return Lobby(
        Level(2, 10, 2_000, 4_000, ante=500),
        None,
        455.0,
        Level(3, 10, 3_000, 6_000),
        1_205,
        1_460,
        place,
        310,
        24_000,
        60,
        (39, 21),
        PayJump(2, 21_000, busts),
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tournament_header_in_russian_and_ukrainian(language: Language) -> None:
    with use_language(language):
        lines = header_lines(lobby())
        out = header_lines(lobby(place=None, busts=1))
    for line in lines + out:
        assert english_words(line) == [], line
        assert len(line) <= 80
    if language == "ru":
        assert lines == [
            "Уровень 2 · блайнды 2\u00a0000/4\u00a0000, анте 500 · осталось 7:35",  # 80 columns
            "осталось 1\u00a0205 из 1\u00a0460 · вы 2-й по фишкам · средний 24\u00a0000 (6,0 ББ)",
            "фонд 60 · следующий призовой шаг: 2 место 21\u00a0000, вылететь ещё 3",
        ]
        assert out[1].split(" · ")[1] == "вы выбыли"


# ----- the results table


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_results_table_in_russian_and_ukrainian(language: Language) -> None:
    def director(desk: Desk, hand: HandPlayed) -> None:
        if hand.number == 1:
            desk.penalize("P2", Offence.SOFT_PLAY)

    run, recorder, _heard = make_run(load_example("home-sit-and-go"), 4, seed=2, director=director)
    tournament = run.run()
    with use_language(language):
        text = results_text(tournament, recorder.bots.kind_of, run.now)
    kinds = {recorder.bots.kind_of(player) for player in tournament.players}
    assert english_words(text, allowed=kinds | {"Home", "sit", "and", "go"}) == [], text
    heading = text.splitlines()[3]
    if language == "ru":
        assert heading.split() == [
            "место",
            "игрок",
            "бот",
            "приз",
            "входы",
            "раздача",
            "вылета",
            "уровень",
        ]
        assert "Журнал директора" in text and "пропуск 3 раздач (3 раздачи, пропущено 3)" in text


# ----- tournament check: the regulation as the director reads it before the start


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("example", ["club-freezeout", "turbo-reentry", "olympic-knockout"])
def test_the_regulation_check_reads_in_russian_and_ukrainian(
    language: Language, example: str
) -> None:
    regulation = load_example(example)
    with use_language(language):
        text = check_text(regulation, payouts_for(regulation, default_fields(regulation)))
    names = set(regulation.name.replace("-", " ").split())
    people = "\n".join(line for line in text.splitlines() if line != regulation.description)
    assert english_words(people, allowed=names) == [], text  # the description is data
    if language == "ru" and example == "club-freezeout":
        assert "Техасский холдем, безлимитный, профиль клубный" in text
        assert "(20 уровней, 3 перерыва)" in text


@pytest.mark.parametrize(
    ("language", "document", "said"),
    [
        (
            "ru",
            'language = "de"\n',
            "language должно быть одним из 'en', 'ru', 'uk', получено 'de'",
        ),
        ("uk", 'language = "de"\n', "language має бути одним із 'en', 'ru', 'uk', отримано 'de'"),
        ("ru", "max_entries = 1\n", "max_entries должно быть целым числом не меньше 2, получено 1"),
        ("ru", "observers = 1\n", "observers должно быть true или false, получено: целым"),
        ("ru", "nmae = 1\n", "nmae — не поле регламента; поля: "),
    ],
)
def test_a_regulations_errors_speak_the_directors_language(
    language: Language, document: str, said: str
) -> None:
    with use_language(language), pytest.raises(RegulationError) as caught:
        parse_regulation(document + example_text("club-freezeout"), source="x.toml")
    assert str(caught.value).startswith(f"x.toml: {said}"), str(caught.value)


def test_olympic_stages_read_in_russian_and_stay_english_in_the_log() -> None:
    with use_language("ru"):
        assert [stage_text(name) for name in ("1/8", "semi-final", "final")] == [
            "1/8",
            "полуфинал",
            "финал",
        ]
    with use_language("uk"):
        assert stage_text("semi-final") == "півфінал"
    assert stage_text("final") == "final"
