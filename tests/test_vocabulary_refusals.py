"""The engine's refusals in the players' words: English as before, Russian and Ukrainian
from the ``N_`` templates with every parameter filled, the player addressed as «вы».

Random hands of every game are played legally; at each decision an illegal action
(a wrong kind, an amount outside the range or off the bet unit, a move out of turn) is
tried, and its refusal must read with no English word in ru and uk.
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.deck import Deck
from pokerroom.engine import Action, Hand, IllegalAction, LegalActions, Limit
from pokerroom.engine.actions import steps_refusal
from pokerroom.engine.variants import VARIANTS
from pokerroom.i18n import N_, use_language
from pokerroom.said import Said
from pokerroom.table.wording import YOU_FORMS, legal_text, refusal, said_text
from tests.engine_helpers import blinded
from tests.english_words import english_words
from tests.test_engine_properties import configs

ENGINE = Path(__file__).parents[1] / "src" / "pokerroom" / "engine"


def _refused(hand: Hand, action: Action, player: int | None = None) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        hand.act(action, player)
    return caught.value


def test_english_refusals_are_unchanged() -> None:
    hand = blinded([100, 100, 100], 1, 2)
    error = _refused(hand, Action.check())
    assert (
        str(error) == "player 2 cannot check: 2 is owed (A-3); legal: fold, call 2, raise to 4-100"
    )
    assert (
        refusal(error, 2) == "You cannot check: 2 is owed. You may: fold, call 2, raise to 4-100."
    )
    error = _refused(hand, Action.raise_to(3))
    assert refusal(error, 2) == (
        "Raise to 3 is outside the legal range 4-100. You may: fold, call 2, raise to 4-100."
    )
    error = _refused(hand, Action.call(), 0)
    assert refusal(error, 0) == (
        "You acted out of turn; player 2 is to act. You may: fold, call 2, raise to 4-100."
    )


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("ru", "Вам нельзя чек: нужно доставить 2. Можно: пас, колл 2, рэйз до 4-100."),
        ("uk", "Вам не можна чек: треба доставити 2. Можна: пас, колл 2, рейз до 4-100."),
    ],
)
def test_a_refusal_addresses_the_player_in_his_language(language: str, expected: str) -> None:
    error = _refused(blinded([100, 100, 100], 1, 2), Action.check())
    with use_language(language):  # type: ignore[arg-type]
        assert refusal(error, 2) == expected


def test_a_refusal_about_another_player_names_him() -> None:
    error = _refused(blinded([100, 100, 100], 1, 2), Action.call(), 0)
    with use_language("ru"):
        assert refusal(error, 0) == (
            "Вы сходили не в свою очередь; ходит игрок 2. Можно: пас, колл 2, рэйз до 4-100."
        )
        assert refusal(error, 1).startswith("Игрок 0 сходил не в свою очередь")


def test_the_home_game_says_fold_and_raise_as_seed_001() -> None:
    error = _refused(blinded([100, 100, 100], 1, 2), Action.raise_to(3))
    with use_language("ru", "home"):
        assert refusal(error, 2) == (
            "Рейз до 3 вне допустимых пределов 4-100. Можно: фолд, колл 2, рейз до 4-100."
        )
    with use_language("ru", "club"):
        assert refusal(error, 2).endswith("Можно: пас, колл 2, рэйз до 4-100.")


def test_amounts_of_a_thousand_or_more_are_grouped_in_each_language() -> None:
    legal = LegalActions(0, True, True, None, 50, 21_559, bet=True, raise_step=25)
    error = IllegalAction(steps_refusal("bet", legal), "T-18", legal.describe())
    assert refusal(error, 0) == (
        "Bets are in steps of 25: from 50 to 21,550, or all-in 21,559. "
        "You may: fold, check, bet 50-21,559 in steps of 25."
    )
    with use_language("ru"):
        assert refusal(error, 0) == (
            "Бет делается с шагом 25: от 50 до 21\u00a0550, или олл-ин 21\u00a0559. "
            "Можно: пас, чек, бет 50-21\u00a0559 с шагом 25."
        )


def test_options_sent_as_plain_english_are_read_back_and_worded() -> None:
    """A client gets the options as text in a frame and words them for its reader."""
    with use_language("uk"):
        assert legal_text(["fold", "call 2", "raise to 4-200", "bet 4 or 8"]) == (
            "пас, колл 2, рейз до 4-200, бет 4 або 8"
        )
        assert said_text("you may not raise now") == "вам зараз не можна рейз"


def test_draw_stud_and_showdown_refusals() -> None:
    draw = Hand(configs_of("draw"), Deck(seed=3))
    while draw.phase == "bet":
        draw.check_or_call()
    assert draw.phase == "draw"
    with pytest.raises(IllegalAction) as caught:
        draw.legal_actions()
    with use_language("ru"):
        said = refusal(caught.value, draw.to_draw or 0)
    assert said == "Сейчас не торгуются: вы меняете карты. Можно: обмен карт."
    stud = Hand(configs_of("stud"), Deck(seed=5))
    error = _refused(stud, Action.fold())
    with use_language("uk"):
        assert refusal(error, stud.to_act or 0).startswith("Поставте бринг-ін або комплит.")


def configs_of(code: str):  # type: ignore[no-untyped-def]
    from pokerroom.engine import HandConfig

    variant = VARIANTS[code]
    limit = Limit.FIXED_LIMIT if variant.stud or code == "draw" else Limit.NO_LIMIT
    return HandConfig(
        variant=variant,
        limit=limit,
        stacks=(100, 100, 100),
        blinds=() if variant.stud else (1, 2, 0),
        antes=(1, 1, 1) if variant.stud else (),
        min_bet=2,
        bring_in=1 if variant.stud else 0,
    )


def _templates() -> list[tuple[str, set[str], set[str], int]]:
    """Every ``N_`` template an ``IllegalAction`` or ``Said`` of the engine is made from,
    with its placeholders and the keyword parameters given with it."""
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = _marked_constants(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id not in ("IllegalAction", "Said") or not node.args:
                continue
            given = {keyword.arg for keyword in node.keywords if keyword.arg}
            if node.func.id == "IllegalAction":
                given -= {"rule", "legal"}
            for template in _strings_of(node.args[0], constants):
                fields = {name for _, name, _, _ in string.Formatter().parse(template) if name}
                found.append((template, fields, given, node.lineno))
    return found


def _marked_constants(tree: ast.Module) -> dict[str, list[str]]:
    """Module-level dicts of ``N_`` templates (``_MAY_NOT``), by name."""
    marked: dict[str, list[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
            target = node.targets[0]
            if isinstance(target, ast.Name):
                marked[target.id] = [
                    text for value in node.value.values for text in _strings_of(value, {})
                ]
    return marked


def _strings_of(node: ast.expr, constants: dict[str, list[str]]) -> list[str]:
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "N_"
        and isinstance(node.args[0], ast.Constant)
    ):
        return [str(node.args[0].value)]
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        return constants.get(node.value.id, [])
    return []


def test_every_engine_template_has_all_its_placeholders_filled() -> None:
    templates = _templates()
    assert len(templates) >= 30, "the engine's refusals and options are N_ templates"
    for template, fields, passed, line in templates:
        assert fields == passed, f"line {line}: {template!r} takes {fields}, is given {passed}"


def test_every_you_form_keeps_the_templates_other_placeholders() -> None:
    for template, you in YOU_FORMS.items():
        fields = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        yours = {name for _, name, _, _ in string.Formatter().parse(you) if name}
        assert yours == fields - {"player"}, template


def test_said_is_the_english_text_in_every_other_way() -> None:
    said = Said(N_("{first} or {second}"), first="4", second=Said(N_("call {amount}"), amount="8"))
    assert said == "4 or call 8"
    assert f"{said}!" == "4 or call 8!"
    import copy
    import json
    import pickle

    assert json.dumps([said]) == '["4 or call 8"]'
    again = pickle.loads(pickle.dumps(said))
    assert again == said and again.template == said.template
    assert copy.deepcopy(said).params == said.params


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_refusals_of_random_illegal_actions_have_no_english_in_ru_and_uk(
    data: st.DataObject,
) -> None:
    variant = data.draw(st.sampled_from(list(VARIANTS.values())), label="variant")
    limit = data.draw(st.sampled_from(list(Limit)), label="limit")
    config = data.draw(configs(variant, limit), label="config")
    hand = Hand(config, Deck(seed=data.draw(st.integers(0, 2**32 - 1), label="seed")))
    refusals: list[tuple[IllegalAction, int]] = []
    for _ in range(200):
        if hand.phase not in ("bet", "draw"):
            break
        if hand.phase == "draw":
            try:
                hand.legal_actions()
            except IllegalAction as error:
                refusals.append((error, data.draw(st.integers(0, hand.players - 1))))
            assert hand.to_draw is not None
            hand.draw([])
            continue
        legal = hand.legal_actions()
        amount = data.draw(st.integers(0, 2 * max(config.stacks)), label="amount")
        tries = [Action.fold(), Action.check(), Action.call(), Action.bring_in()]
        tries.append(Action.raise_to(amount))
        for action in tries:
            if not legal.allows(action):
                refusals.append((_refused(hand, action), legal.player))
        other = (legal.player + 1) % hand.players
        refusals.append((_refused(hand, Action.fold(), other), other))
        if legal.fold and data.draw(st.booleans()):
            hand.act(Action.fold())
        else:
            hand.check_or_call()
    if hand.phase in ("showdown", "done"):
        try:
            hand.muck(0)
        except IllegalAction as refused:
            refusals.append((refused, 0))
    assert refusals
    for found, player in refusals:
        for language in ("ru", "uk"):
            with use_language(language):
                said = refusal(found, player)
            assert not english_words(said), f"{language}: {said!r} (from {found})"
            assert not re.search(r"\{\w+\}", said), said
