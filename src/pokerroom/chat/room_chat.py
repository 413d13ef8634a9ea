"""One room's chat: its lines, limits, mutes, ignore lists, reports and moderation log.

Two channels share a table: ``table`` (the seated players, the host, the director) and
``observers`` (everyone signed in who watches). As in online cardrooms, observers read the
players' chat, and players never read the observers' (nothing an observer sees can reach a
hand that way); moderators read both. A lobby keeps a chat with only the ``table`` channel.

Everything is told the time by the room's clock (``now``), so a replayed room ends where
it was, and :meth:`RoomChat.shift` moves its mutes with the room's clock after a restart.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Literal, TypeVar

from pokerroom.chat import words
from pokerroom.chat.rules import ChatRules
from pokerroom.chat.text import clean
from pokerroom.chat.words import ChatRefusal

Channel = Literal["table", "observers"]
Action = Literal["mute", "unmute", "report", "switch"]
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Speaker:
    """Who asks: a signed-in user, whether he plays here and whether he moderates here."""

    id: int
    name: str
    seated: bool = False
    moderator: bool = False

    @property
    def channel(self) -> Channel:
        """Where his lines go: players and moderators speak at the table."""
        return "table" if self.seated or self.moderator else "observers"


@dataclass(frozen=True, slots=True)
class Line:
    """One line said: its number in this chat (1, 2, …), when, where, by whom, the hand
    being played (0: none yet)."""

    number: int
    at: float
    channel: Channel
    user: int
    name: str
    text: str
    hand: int


@dataclass(frozen=True, slots=True)
class Report:
    """A player reported ``line`` to the moderators."""

    at: float
    reporter: int
    reporter_name: str
    line: Line


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One moderation: who did what to whom (``target``; a switch has none) and how."""

    at: float
    moderator: str
    action: Action
    target: str | None
    detail: str


@dataclass(slots=True)
class Mute:
    """A user muted until ``until``; ``times`` he has been muted here (the ladder's step)."""

    name: str
    until: float
    times: int


@dataclass(slots=True)
class Switches:
    """A table's chat switches, set by its moderator."""

    quiet_all_in: bool = False
    """No players' chat while a player is all-in (collusion, 002 §7)."""
    observers: bool = True
    """The observers' chat is open."""


@dataclass(slots=True)
class RoomChat:
    """See the module docstring; every method that refuses changes nothing."""

    rules: ChatRules = field(default_factory=ChatRules)
    switches: Switches = field(default_factory=Switches)
    lines: dict[Channel, deque[Line]] = field(default_factory=dict)
    mutes: dict[int, Mute] = field(default_factory=dict)
    ignored: dict[int, set[int]] = field(default_factory=dict)
    """Viewer id → the users whose lines he does not want to read."""
    reports: deque[Report] = field(default_factory=deque)
    log: deque[LogEntry] = field(default_factory=deque)
    names: dict[int, str] = field(default_factory=dict)
    """Everyone who chatted here, by id: whom a moderator may mute, a viewer ignore."""
    _said: dict[int, deque[float]] = field(default_factory=dict)
    _count: int = 0

    # ------------------------------------------------------------ speaking

    def say(
        self, speaker: Speaker, typed: str, now: float, *, hand: int = 0, all_in: bool = False
    ) -> Line | ChatRefusal:
        """Keep one line, or refuse it: empty, too long, flooding, muted, the observers'
        chat off, or (``all_in``: a player is all-in now) the all-in quiet switch on."""
        text = clean(typed)
        if not text:
            return words.empty()
        if len(text) > self.rules.max_chars:
            return words.too_long(len(text), self.rules.max_chars)
        mute = self.mutes.get(speaker.id)
        if mute is not None and mute.until > now:
            return words.muted(mute.until - now)
        channel = speaker.channel
        if channel == "observers" and not self.switches.observers:
            return words.observers_off()
        if all_in and self.switches.quiet_all_in and speaker.seated:
            return words.quiet_all_in()
        said = self._said.setdefault(speaker.id, deque())
        while said and said[0] <= now - self.rules.flood_seconds:
            said.popleft()
        if len(said) >= self.rules.flood_lines:
            wait = said[0] + self.rules.flood_seconds - now
            return words.flooding(self.rules.flood_lines, self.rules.flood_seconds, wait)
        said.append(now)
        self._count += 1
        line = Line(self._count, now, channel, speaker.id, speaker.name, text, hand)
        kept = self.lines.setdefault(channel, deque())
        kept.append(line)
        while len(kept) > self.rules.kept_lines:
            kept.popleft()
        self.names[speaker.id] = speaker.name
        return line

    def visible(self, viewer: int | None, *, seated: bool, moderator: bool) -> list[Line]:
        """The lines this viewer reads, oldest first: the table's always, the observers'
        unless he plays here (a moderator reads both), none of those he ignores."""
        channels: list[Channel] = ["table"]
        if moderator or not seated:
            channels.append("observers")
        ignored = self.ignored.get(viewer, set()) if viewer is not None else set()
        shown = [
            line
            for channel in channels
            for line in self.lines.get(channel, ())
            if line.user not in ignored
        ]
        return sorted(shown, key=lambda line: line.number)

    def muted_until(self, user: int, now: float) -> float | None:
        """When the user's mute ends, on the room's clock; None: he is not muted."""
        mute = self.mutes.get(user)
        return None if mute is None or mute.until <= now else mute.until

    # ------------------------------------------------------------ each viewer's own

    def ignore(self, viewer: Speaker, user: int, on: bool) -> ChatRefusal | None:
        """Hide (``on``) or show again one user's lines for this viewer alone."""
        if user == viewer.id:
            return words.not_yourself()
        if on and user not in self.names:
            return words.no_such_user(user)
        chosen = self.ignored.setdefault(viewer.id, set())
        if on:
            chosen.add(user)
        else:
            chosen.discard(user)
        return None

    def report(self, reporter: Speaker, number: int, now: float) -> Report | ChatRefusal:
        """Send a line the reporter can read to the moderators, with its hand number."""
        line = next(
            (
                line
                for line in self.visible(
                    reporter.id, seated=reporter.seated, moderator=reporter.moderator
                )
                if line.number == number
            ),
            None,
        )
        if line is None:
            return words.no_such_line(number)
        if any(r.reporter == reporter.id and r.line.number == number for r in self.reports):
            return words.already_reported(number)
        report = Report(now, reporter.id, reporter.name, line)
        self._keep(self.reports, report)
        self._note(now, reporter.name, "report", line.name, f"line {number}, hand {line.hand}")
        return report

    # ------------------------------------------------------------ moderation

    def mute(self, moderator: Speaker, user: int, now: float) -> Mute | ChatRefusal:
        """Mute a user for the next step of the ladder: 10 min, then 1 h, then 1 day."""
        if not moderator.moderator:
            return words.not_moderator()
        if user == moderator.id:
            return words.not_yourself()
        name = self.names.get(user)
        if name is None:
            return words.no_such_user(user)
        before = self.mutes.get(user)
        times = 1 if before is None else before.times + 1
        steps = self.rules.mute_steps
        seconds = steps[min(times, len(steps)) - 1]
        mute = self.mutes[user] = Mute(name, now + seconds, times)
        self._note(now, moderator.name, "mute", name, f"{words.for_a_while(seconds)} (#{times})")
        return mute

    def unmute(self, moderator: Speaker, user: int, now: float) -> ChatRefusal | None:
        """Lift a mute early; the ladder remembers it (the next mute is the next step)."""
        if not moderator.moderator:
            return words.not_moderator()
        mute = self.mutes.get(user)
        if mute is None or mute.until <= now:
            return words.not_muted(self.names.get(user, f"user {user}"))
        mute.until = now
        self._note(now, moderator.name, "unmute", mute.name, "lifted")
        return None

    def switch(
        self,
        moderator: Speaker,
        now: float,
        *,
        quiet_all_in: bool | None = None,
        observers: bool | None = None,
    ) -> ChatRefusal | None:
        """Set the all-in quiet switch and the observers' chat."""
        if not moderator.moderator:
            return words.not_moderator()
        if quiet_all_in is None and observers is None:
            return words.no_switch()
        if quiet_all_in is not None:
            self.switches.quiet_all_in = quiet_all_in
        if observers is not None:
            self.switches.observers = observers
        state = self.switches
        detail = (
            f"quiet while all-in {'on' if state.quiet_all_in else 'off'}, "
            f"observers' chat {'on' if state.observers else 'off'}"
        )
        self._note(now, moderator.name, "switch", None, detail)
        return None

    def shift(self, seconds: float) -> None:
        """The room's clock moved ``seconds`` (a restart): mutes keep the time they had left."""
        for mute in self.mutes.values():
            mute.until += seconds
        for said in self._said.values():
            for index, at in enumerate(said):
                said[index] = at + seconds

    def _note(
        self, now: float, moderator: str, action: Action, target: str | None, detail: str
    ) -> None:
        self._keep(self.log, LogEntry(now, moderator, action, target, detail))

    def _keep(self, records: deque[R], record: R) -> None:
        records.append(record)
        while len(records) > self.rules.kept_records:
            records.popleft()
