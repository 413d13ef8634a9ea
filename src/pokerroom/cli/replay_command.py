"""``pokerroom replay``: check real hand histories (PHH) against the rules, hand by hand.

Open-Face Chinese Pineapple hands come in pokerroom's own PHH-style records
(:mod:`pokerroom.history.ofc.record`): a file named ``*.ofc.toml``, or any file
whose TOML says ``variant = "OFCP"``. Their report shows the final rows, fouls,
royalties and the points re-scored against the recorded ones.

The text report counts from 1 — hands in each file (as ``history`` and PHH
tables number them), pots (1 is the main pot) and actions; JSON's ``hand`` is
that number and ``action_index`` the 0-based index into ``actions``.

A file that cannot be read (missing, not PHH, a hostile value) does not stop
the others: every readable file is replayed, then each unreadable one is named
in one line on stderr and the exit code is 2. An illegal action stops only its
own hand; the command still replays the rest and then exits with code 1.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pokerroom.cli.options import flag
from pokerroom.game_choices import PROFILE_NAMES, Profile


def replay(
    files: Annotated[
        list[Path],
        typer.Argument(
            help=".phh or .phhs hand histories, or OFC records (.ofc.toml).",
            show_default=False,
        ),
    ],
    profile: Annotated[
        Profile,
        typer.Option(
            "--profile",
            metavar="|".join(PROFILE_NAMES),
            help="Rule profile where the sources disagree.",
        ),
    ] = Profile.HOME,
    as_json: Annotated[
        bool, flag("--json", help="One JSON object per hand, one per line.")
    ] = False,
) -> None:
    """Replay hand histories through the rules engine; exit 1 if any action is illegal.

    An illegal action names the rule it breaks (A-2, A-8, ...): docs/rules.md explains each.
    """
    from pokerroom.cli.replay_report import replay_files

    replay_files(files, profile, as_json=as_json)
