"""``pokerroom replay`` of hostile files: every bad file is one named line, exit 2, at once.

The fuzz test mutates the real hand histories of ``tests/data/phh`` (as
:mod:`tests.test_replay_real_data` replays them), a bounded and seeded number
of times; each outcome must be a replay report (exit 0 or 1) or one line naming
the file and what is wrong (exit 2) — never a traceback, never a long run.
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerroom.cli.app import app
from pokerroom.history import PhhError, parse_hands, read_hands
from tests.real_hands import real_hand_files

runner = CliRunner()

SECONDS = 2.0
"""The longest a single file may take, report or error."""
MUTANTS = 150

GOOD = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 2c7d", "d dh p2 AsAd", "d dh p3 KcKh", "p3 cbr 6", "p1 f", "p2 f"]
finishing_stacks = [99, 98, 103]
"""


def replay_one(path: Path) -> tuple[int, str, str, float]:
    """Replay one file in process: exit code, stdout, stderr, seconds taken."""
    started = time.perf_counter()
    result = runner.invoke(app, ["replay", str(path)])
    elapsed = time.perf_counter() - started
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{path.name}: {result.exception!r}"
    )
    return result.exit_code, result.stdout, result.stderr, elapsed


def assert_named_error(path: Path, field: str) -> None:
    code, out, err, elapsed = replay_one(path)
    assert (code, out) == (2, "")
    (line,) = err.splitlines()
    assert line.startswith(f"error: {path}: ") and field in line, line
    assert elapsed < SECONDS


@pytest.mark.parametrize(
    ("name", "text", "field"),
    [
        (
            "finishing.phh",
            GOOD.replace("finishing_stacks = [99", "finishing_stacks = [1e+999999"),
            "finishing_stacks: 1E+999999 is too large; amounts go up to 10^15",
        ),
        (
            "antes.phh",
            GOOD.replace("antes = [0,", "antes = [inf,"),
            "antes must be a finite number",
        ),
        ("nan.phh", GOOD.replace("min_bet = 2", "min_bet = nan"), "min_bet must not be negative"),
        (
            "cbr.phh",
            GOOD.replace('"p3 cbr 6"', '"p3 cbr 1e999999999"'),
            "action 'p3 cbr 1e999999999': 1E+999999999 is too large",
        ),
        (
            "places.phh",
            GOOD.replace("min_bet = 2", "min_bet = 1e-999999"),
            "min_bet: 1E-999999 has more than 9 decimal places",
        ),
        (
            "digits.phh",
            GOOD.replace("min_bet = 2", "min_bet = " + "9" * 5000),
            "a number with too many digits",
        ),
        (
            "nested.phh",
            GOOD + "x = " + "[" * 100_000 + "]" * 100_000 + "\n",
            "nested too deeply",
        ),
        (
            "tables.phh",
            GOOD + "y = " + "{a = " * 50_000 + "1" + "}" * 50_000 + "\n",
            "nested too deeply",
        ),
        ("empty.phh", "", "no hand in it"),
        ("comment.phhs", "# nothing but a comment\n", "no hand in it"),
    ],
)
def test_each_hostile_value_is_one_named_line(
    tmp_path: Path, name: str, text: str, field: str
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    assert_named_error(path, field)


def test_bounds_still_read_real_amounts() -> None:
    """10^15 and nine decimal places are within bounds; one more is not."""
    (hand,) = parse_hands(GOOD.replace("starting_stacks = [100", "starting_stacks = [1e15"))
    assert hand.starting_stacks[0] == 10**15
    (hand,) = parse_hands(GOOD.replace("min_bet = 2", "min_bet = 0.000000001"))
    assert str(hand.min_bet) == "1E-9"
    with pytest.raises(PhhError, match="starting_stacks: 1000000000000001 is too large"):
        parse_hands(GOOD.replace("starting_stacks = [100", "starting_stacks = [1000000000000001"))


def test_read_hands_takes_a_str_path(tmp_path: Path) -> None:
    path = tmp_path / "good.phh"
    path.write_text(GOOD, encoding="utf-8")
    assert read_hands(str(path)) == read_hands(path) == parse_hands(GOOD)
    with pytest.raises(PhhError, match=r"nope\.phh: cannot read the file"):
        read_hands(str(tmp_path / "nope.phh"))


# ------------------------------------------------------------------ fuzzing the real files

HOSTILE_NUMBERS = (
    "1e+999999",
    "inf",
    "-inf",
    "nan",
    "-1",
    "0",
    "1e999999999",
    "1e-999999",
    "9" * 5000,
    "0.0000000001",
    "10000000000000000000",
    "1.5",
    "2",
)
HOSTILE_WORDS = ("cbr 1e999999999", "cbr inf", "sm", "f", "????", "p99", "dh", "db", "sd", "pb")
NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")


def _replace_number(rng: random.Random, text: str) -> str:
    numbers = list(NUMBER.finditer(text))
    if not numbers:
        return text
    match = rng.choice(numbers)
    return text[: match.start()] + rng.choice(HOSTILE_NUMBERS) + text[match.end() :]


def _edit_lines(rng: random.Random, text: str) -> str:
    lines = text.splitlines()
    if len(lines) < 2:
        return text
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    match rng.randrange(3):
        case 0:
            del lines[i]
        case 1:
            lines.insert(j, lines[i])
        case _:
            lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines) + "\n"


def _edit_action(rng: random.Random, text: str) -> str:
    actions = list(re.finditer(r'"(p\d+|d) [^"]*"', text))
    if not actions:
        return text
    match = rng.choice(actions)
    words = match.group(0).strip('"').split()
    words[rng.randrange(len(words))] = rng.choice(HOSTILE_WORDS)
    return text[: match.start()] + '"' + " ".join(words) + '"' + text[match.end() :]


def _nest(rng: random.Random, text: str) -> str:
    depth = rng.choice((10, 1000, 100_000))
    return text + "\nx = " + "[" * depth + "]" * depth + "\n"


def _truncate(rng: random.Random, text: str) -> str:
    return text[: rng.randrange(len(text) + 1)]


def _flip(rng: random.Random, text: str) -> str:
    at = rng.randrange(len(text)) if text else 0
    return text[:at] + rng.choice('[]{}"=#,.-0123456789 \n\\\x00é?') + text[at + 1 :]


def _variant(rng: random.Random, text: str) -> str:
    code = rng.choice(("NT", "FT", "PO", "F7S", "F7S/8", "N5D", "PO2B", "FR", "XX", ""))
    return re.sub(r'variant = "[^"]*"', f'variant = "{code}"', text, count=1)


MUTATIONS = (_replace_number, _edit_lines, _edit_action, _nest, _truncate, _flip, _variant)


def test_mutated_real_files_replay_or_fail_in_one_line(tmp_path: Path) -> None:
    rng = random.Random(10_19)
    sources = real_hand_files("*.phh")
    assert len(sources) > 100
    outcomes = {0: 0, 1: 0, 2: 0}
    for number in range(MUTANTS):
        text = rng.choice(sources).read_text(encoding="utf-8")
        for mutate in rng.sample(MUTATIONS, rng.randint(1, 2)):
            text = mutate(rng, text)
        path = tmp_path / f"mutant-{number}.phh"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        code, out, err, elapsed = replay_one(path)
        assert elapsed < SECONDS, f"{path.name} took {elapsed:.1f} s"
        assert code in outcomes, f"{path.name}: exit {code}"
        outcomes[code] += 1
        if code == 2:
            (line,) = err.splitlines()
            assert line.startswith(f"error: {path}: "), line
            assert len(line) < 400, line
        else:
            assert out.splitlines()[0].startswith(f"{path} hand 1: "), out
            assert err == ""
    assert all(outcomes.values()), outcomes  # the mutants reach every kind of outcome
