"""The table's chat at the terminal: the lines not yet written to the log, and what a
typed line becomes. Chat is only text its authors typed (the server writes no cards into
it); Rich markup is off in the log, so ``[bold]`` shows as typed."""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.i18n import N_, gettext
from pokerroom.protocol.chat_frames import ChatFrame, ChatLineFrame

FIRST_LINES = 5
"""Lines written when a table is opened: the conversation so far, briefly."""
PROMPT = N_("say something to the table, Enter sends it")


def unwritten(chat: ChatFrame | None, written: int | None) -> tuple[list[str], int | None]:
    """The lines after line number ``written`` (None: none written yet, so the last few),
    each as the log shows it, and the newest line number now written."""
    if chat is None:
        return [], written
    lines: Sequence[ChatLineFrame] = chat["lines"]
    fresh = lines[-FIRST_LINES:] if written is None else [x for x in lines if x["n"] > written]
    newest = max((line["n"] for line in lines), default=written or 0)
    return [shown(line) for line in fresh], max(newest, written or 0)


def shown(line: ChatLineFrame) -> str:
    if line["channel"] == "observers":
        said = gettext("chat · {name} (watching): {text}")
    else:
        said = gettext("chat · {name}: {text}")
    return said.format(name=line["name"], text=line["text"])


def may_chat(chat: ChatFrame | None) -> bool:
    """Whether the viewer may write: signed in (muted or not: the server says how long)."""
    return chat is not None and chat["channel"] is not None
