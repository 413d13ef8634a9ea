"""Bots by name: the built-in ones and those other packages install (docs/bots.md).

A package adds a bot by declaring an entry point in the group ``pokerroom.bots``: its name
is the bot's name, its object a factory taking a seed (``int | None``) and returning a
bot. They are read once, at the first look-up, so ``play --bots``, ``tournament run
--bots`` and the web room's home-game form all offer them. A plug-in that fails to load
is left out and remembered with what went wrong; only asking for it by name raises that,
so one broken package never stops the built-in bots. A plug-in never replaces a built-in
bot of the same name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib.metadata import EntryPoint, entry_points

from pokerroom.bots import BOTS, Bot
from pokerroom.errors import UsageError
from pokerroom.i18n import N_, gettext

GROUP = "pokerroom.bots"
"""The entry-point group a bot package declares its factories in."""

BotFactory = Callable[[int | None], Bot]


class BotPluginError(UsageError):
    """A bot plug-in that could not be loaded or made: names the entry point and why."""


@dataclass(frozen=True, slots=True)
class _Plugins:
    factories: dict[str, BotFactory]
    broken: dict[str, tuple[str, dict[str, str]]]
    """Entry-point name → what went wrong: a message and its fields, worded when asked for
    (in the asker's language)."""


def _described(point: EntryPoint) -> str:
    return f"{point.name} = {point.value} ({GROUP})"  # machine words: the entry point as declared


@cache
def _plugins() -> _Plugins:
    factories: dict[str, BotFactory] = {}
    broken: dict[str, tuple[str, dict[str, str]]] = {}
    for point in entry_points(group=GROUP):
        if point.name in BOTS:  # a built-in's name stays the built-in bot
            continue
        try:
            factory = point.load()
        except Exception as error:  # a plug-in's own failure, whatever it is, stays its own
            problem = N_("the bot plug-in {entry} could not be loaded: {error}")
            broken[point.name] = problem, {"entry": _described(point), "error": _said(error)}
            continue
        if not callable(factory):
            problem = N_("the bot plug-in {entry} is not a factory: it cannot be called")
            broken[point.name] = problem, {"entry": _described(point)}
            continue
        factories[point.name] = factory
    return _Plugins(factories, broken)


def _said(error: Exception) -> str:
    return f"{type(error).__name__}: {error}"  # machine words: the plug-in's own message


def forget_plugins() -> None:
    """Read the entry points again at the next look-up (after installing a bot package)."""
    _plugins.cache_clear()


def bot_kinds() -> tuple[str, ...]:
    """Every bot that can be asked for by name: the built-in ones first, then the plug-ins."""
    return (*BOTS, *sorted(_plugins().factories))


def make_bot(name: str, seed: int | None) -> Bot:
    """A new bot of the kind ``name``, made from ``seed``; a clear error when it cannot be."""
    built_in = BOTS.get(name)
    if built_in is not None:
        return built_in(seed)
    check_bot(name)
    factory = _plugins().factories.get(name)
    if factory is None:
        known = ", ".join(bot_kinds())
        raise UsageError(
            gettext("unknown bot {name}; choose from {known}").format(name=repr(name), known=known)
        )
    try:
        bot = factory(seed)
    except Exception as error:  # the plug-in's code failed, not ours: say whose it was
        problem = gettext("the bot plug-in {name} failed to make a bot: {error}")
        raise BotPluginError(problem.format(name=name, error=_said(error))) from error
    if not (callable(getattr(bot, "decide", None)) and callable(getattr(bot, "discard", None))):
        problem = gettext("the bot plug-in {name} made {made}, which has no decide and discard")
        raise BotPluginError(problem.format(name=name, made=type(bot).__name__))
    return bot


def check_bot(name: str) -> None:
    """Raise :class:`BotPluginError` for a plug-in that is broken; any other name passes."""
    problem = _plugins().broken.get(name)
    if problem is not None:
        message, fields = problem
        raise BotPluginError(gettext(message).format(**fields))
