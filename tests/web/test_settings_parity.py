"""``pokerroom play`` and the lobby's forms refuse a bad table setting with the same line
(:mod:`pokerroom.table.settings_check`): seats for the game (V-0), blinds, stack, the
antes a game is dealt with (V-4, V-5), the game, the rules profile."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from pokerroom.cli.app import app
from pokerroom.table.wording import plain
from tests.web.helpers import csrf_of, sign_up

HUGE = str(10**21)
BAD_SETTINGS: list[dict[str, str]] = [
    {"seats": "11"},
    {"seats": "1"},
    {"game": "stud", "seats": "9"},
    {"game": "draw", "seats": "7"},
    {"blinds": "2/1"},
    {"blinds": "0/2"},
    {"blinds": "2-4"},
    {"blinds": f"1/{HUGE}"},
    {"stack": "0"},
    {"stack": HUGE},
    {"ante": HUGE},
    {"game": "stud", "ante": "0"},
    {"game": "bomb-pot-omaha", "ante": "0"},
    {"game": "razz"},
    {"profile": "casino"},
]


def cli_refusal(setting: dict[str, str]) -> str:
    args = ["play", "--all-bots"]
    for name, value in setting.items():
        args += [f"--{name}", value]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and len(result.stderr.splitlines()) == 1
    return result.stderr.removeprefix("error: ").rstrip("\n")


def lobby_refusal(client: TestClient, setting: dict[str, str]) -> str:
    response = client.post(
        "/new/home",
        data={"csrf": csrf_of(client, "/new/home"), **setting},
        headers={"accept": "application/json"},
    )
    assert response.status_code == 400, response.text
    message = response.json()["message"]
    assert isinstance(message, str)
    return message


@pytest.mark.parametrize("setting", BAD_SETTINGS, ids=lambda s: " ".join(s.values()))
def test_the_cli_and_the_lobby_refuse_a_bad_setting_with_one_line(
    client: TestClient, setting: dict[str, str], private_data_dir: Path
) -> None:
    sign_up(client, "Ann")
    said = cli_refusal(setting)
    assert plain(said) == lobby_refusal(client, setting)  # the command line cites the rule IDs
    assert said.startswith(f"{list(setting)[-1]}: "), said  # it names the setting
    assert not private_data_dir.exists()  # the command saved nothing
