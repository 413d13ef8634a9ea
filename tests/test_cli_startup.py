"""Start-up: ``pokerroom --help``, every command's help and its usage errors load nothing heavy.

The evaluator's lookup tables, numba, SQLAlchemy, the web app and the OFC bot's tables take
seconds to load; a command loads them when it runs (:mod:`pokerroom.cli.lazy_commands`).
"""

from __future__ import annotations

import json
import subprocess
import sys

from typer.testing import CliRunner

from pokerroom.cli.app import PokerroomCommands, app
from pokerroom.cli.lazy_commands import loaded

HEAVY = (
    "pokerroom.web",
    "sqlalchemy",
    "alembic",
    "numba",
    "textual",
    "pokerroom.protocol",
    "pokerroom.evaluate.high",
    "pokerroom.bots.ofc_sensible",
    "pokerroom.storage",
)
"""Modules no help needs. Not pydantic: Typer parses the options with it. ``pokerroom.protocol``
(its models, the WebSocket link) loads when ``connect`` runs."""

STARTS = """
import sys
import pokerroom.cli.app
from pokerroom.cli.entry import main
print(*[name for name in {heavy} if name in sys.modules])
sys.argv = ["pokerroom", *{argv}]
main()
"""


def started(*argv: str) -> subprocess.CompletedProcess[str]:
    """``pokerroom ARGV`` in a new interpreter; its first line names the heavy modules loaded."""
    return subprocess.run(
        [sys.executable, "-c", STARTS.format(heavy=HEAVY, argv=argv)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def after(run: subprocess.CompletedProcess[str]) -> str:
    """What ``pokerroom`` printed, after the line naming the modules loaded at import."""
    return run.stdout.partition("\n")[2]


def test_the_command_list_imports_nothing_heavy() -> None:
    run = started("--help")
    assert run.stdout.startswith("\n")  # no heavy module loaded by ``import pokerroom.cli.app``
    assert (run.returncode, run.stderr) == (0, "")
    assert "connect     Play at a web cardroom's tables from this terminal." in after(run)


def test_a_commands_help_and_its_errors_import_nothing_heavy() -> None:
    """``connect --help``, ``eval --help`` and an unknown option: none loads the heavy parts."""
    script = STARTS.replace("main()", "try:\n    main()\nfinally:\n    print({loaded})")
    for argv, code in ((["connect", "--help"], 0), (["eval", "--help"], 0), (["eval"], 2)):
        probe = script.format(
            heavy=HEAVY,
            argv=argv,
            loaded=f"*[name for name in {HEAVY} if name in sys.modules]",
        )
        run = subprocess.run(
            [sys.executable, "-c", probe],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert run.returncode == code, (argv, run.stderr)
        assert run.stdout.splitlines()[-1] == "", (argv, run.stdout.splitlines()[-1])
        if code == 0:
            assert "Usage: pokerroom " + argv[0] in run.stdout
        else:
            assert run.stderr == "error: missing argument 'cards'; see pokerroom eval --help\n"


EVERY_COMMAND = """
import contextlib, io, json, sys
from pokerroom.cli.app import app
from typer.main import get_command

heavy = {heavy}
def loaded():
    return {{name for name in heavy if name in sys.modules}}

def paths(command, path):
    yield path, command
    for name, sub in getattr(command, "commands", {{}}).items():
        yield from paths(sub, [*path, name])

group = get_command(app)
report = {{}}
for name in list(group.commands):
    ctx = group.make_context("pokerroom", [name, "--help"], resilient_parsing=True)
    command = group.resolve_command(ctx, [name])[1]  # its module imported, as --help does
    for path, each in paths(command, [name]):
        tries = [["--help"], ["--no-such-option"]]
        if any(param.required for param in each.params):
            tries.append([])  # a missing argument: an error before anything runs
        for extra in tries:
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = group.main([*path, *extra], "pokerroom", standalone_mode=False)
            shown = out.getvalue() if extra == ["--help"] else err.getvalue()
            report[" ".join([*path, *extra])] = [code, sorted(loaded()), shown]
print(json.dumps(report))
"""


def test_every_commands_help_and_usage_errors_import_nothing_heavy() -> None:
    """Every command and subcommand: ``--help``, an unknown option and a missing argument show
    their text and load none of the heavy parts; they load when the command runs."""
    run = subprocess.run(
        [sys.executable, "-c", EVERY_COMMAND.format(heavy=HEAVY)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (run.returncode, run.stderr) == (0, "")
    report = json.loads(run.stdout)
    for argv, (code, heavy, shown) in report.items():
        assert heavy == [], argv
        if argv.endswith("--help"):
            assert (code, "Usage: pokerroom " + argv.removesuffix(" --help") in shown) == (0, True)
        else:
            assert (code, shown.count("\n"), shown.startswith("error: ")) == (2, 1, True), argv
    subcommands = {argv.rsplit(" ", 1)[0] for argv in report if argv.count(" ") == 2}
    assert {"tournament play", "tournament export", "accounts grant"} <= subcommands
    assert "accounts revoke" in report  # a missing NAME and ROLE
    assert set(PokerroomCommands.listed) <= {argv.split(" ")[0] for argv in report}


def test_the_listed_summaries_read_as_the_commands_own_help() -> None:
    """The list ``pokerroom --help`` shows without importing equals the one with all imported."""
    lazy = CliRunner().invoke(app, ["--help"])
    for name, listed in PokerroomCommands.listed.items():
        real = loaded(name, listed)
        assert real.help is not None
        assert " ".join(real.help.split("\n\n")[0].split()) == listed.summary, name
    assert lazy.exit_code == 0
    assert "eval        Print the best hand the cards make and its description." in lazy.stdout


def test_the_games_the_help_names_are_the_engines() -> None:
    """The games ``--help`` names without loading the engine are its own, in its order
    (the engine builds each variant with its evaluator; the profiles it keys by
    ``PROFILE_NAMES`` itself)."""
    from pokerroom.engine import VARIANTS
    from pokerroom.game_choices import VARIANT_CODES

    assert tuple(VARIANTS) == VARIANT_CODES
