"""Finds words for people that are not marked for translation.

Three scanners, one per kind of source, each returning :class:`Finding` (line, text):

- :func:`template_findings`: a Jinja template's literal text outside ``{% trans %}`` (HTML
  tags stripped, the values of the attributes people read kept), and string constants in
  its expressions that read like words (``m.action("penalty", "Give the penalty")``);
- :func:`javascript_findings`: string and template literals that read like words and are no
  argument of ``t(``, ``tn(``, ``tp(``, nor a machine word (a selector, a class, an event, a
  protocol code, a comparison, an object key);
- :func:`python_findings`: string constants and f-string parts that read like words, outside
  docstrings, gettext calls, logging, dict keys, comparisons and machine sinks.

A line may opt out with the comment ``machine words`` (``// machine words`` in JavaScript,
``# machine words`` in Python, ``{# machine words #}`` in a template) when what it holds only
looks like words. These are heuristics made on the real files: they flag what a person
reads, not every English letter.

>>> reads_like_words("Fold to any bet"), reads_like_words("Sit out"), reads_like_words(".seat")
(True, True, False)
>>> reads_like_words("mark mark-d"), reads_like_words("pokerroom.alerts.sound")
(False, False)
"""

from __future__ import annotations

import ast
import bisect
import html
import re
from collections.abc import Iterable, Iterator
from http import HTTPStatus
from typing import NamedTuple

import jinja2
from jinja2 import nodes

from tests.english_words import ALWAYS_ENGLISH

ESCAPE = "machine words"
"""The comment that marks a line's literals as machine words."""

GETTEXT_CALLS = frozenset({"_", "gettext", "ngettext", "pgettext", "npgettext", "N_"})
JS_GETTEXT_CALLS = frozenset({"t", "tn", "tp"})

KEYS_AND_CODES = frozenset({"Enter", "Esc", "Escape", "Tab", "Backspace", "Space"})
"""Key caps: printed on the keyboard in every language."""

ALLOWED = ALWAYS_ENGLISH | KEYS_AND_CODES


class Finding(NamedTuple):
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.line}: {self.text!r}"


# ----------------------------------------------------------------------------- words

_PLACEHOLDERS = re.compile(
    r"\{[A-Za-z_0-9.!:<>^ ,]*\}"  # str.format fields
    r"|%\([a-z_0-9]+\)[sdr]|%[sdr]"  # gettext / printf
    r"|\x00"  # an expression of a template or an f-string
)
_MARKUP = re.compile(r"\[/?(?:[a-z]+(?: [a-z#0-9_]+)*)?\]")
"""Rich markup: ``[bold]``, ``[/]``, ``[dim red]``."""
_MACHINE = re.compile(
    r"https?://\S+|\S+@\S+|(?<!\w)/[\w./{}<>:-]*|\b[0-9a-f]{8,}\b|\b[A-Z]-\d+\b"
    r"|(?<!\S)--?[a-z][a-z-]*"  # command-line options
)
_FILE_NAME = re.compile(r"[^\s\"'`]*\.(?:txt|csv|json|toml|phh|html|css|js|py|md|svg|png|log)\b")
"""A file's name ("seat-cards{suffix}.txt"), not words."""
_WORD = re.compile(
    r"(?:[A-Za-z][a-z]*|[A-Z]+)(?:['’][a-z]+)?(?:-[A-Za-z][a-z]*)*(?:/[A-Za-z][a-z]+)*"
)
_EDGES = "\"'`«»“”‘’()[]{}<>.,;:!?…—–·•|*#+=~^&$%@0123456789½⅔\\ \t\n"


_CODE = re.compile(
    r"\(\?P<|\(\?:|\\[dsSwWb(.]|\[\^"  # a regular expression
    r"|[#.]?[\w-]+\s*\{[^{}]*:[^{}]*;[^{}]*\}"  # CSS: "#log { height: 1fr; }"
    r"|\buse strict\b|\bwindow\.\w|\bfunction\s*\("  # JavaScript
)
"""Code, not words: a regular expression, CSS, JavaScript."""
_CALL = re.compile(r"[a-z_][\w.]*\(.*\)")
"""An action's call: Textual's ``"preset('½ pot')"``."""
_CATEGORY = re.compile(r"C[cfos]|L[lmotu]|M[cen]|N[dl]|P[cdefios]|S[ckmo]|Z[lps]|Cn")
"""Unicode's general categories ("Cc": control), as ``unicodedata.category`` names them."""
_HTTP_PHRASES = frozenset(status.phrase for status in HTTPStatus)
"""HTTP's reason phrases ("Not Found"): the status line's, for the machine."""
_MARKUP_TAG = re.compile(r"</?[a-zA-Z][\w-]*(?:[^<>\"']|\"[^\"]*\"|'[^']*')*(?:>|$)|^[^<>]*>")
"""An HTML or SVG tag in a Python string (its attributes too; the text between is kept)."""


def _words(text: str, shouting: bool = False) -> list[str]:
    """The tokens of ``text`` that are English words (not codes, names, paths or
    identifiers): ``"Fold to any bet"`` → four, ``"mark mark-d"`` → none."""
    if text.strip() in _HTTP_PHRASES or text.startswith("HTTP/") or _CATEGORY.fullmatch(text):
        return []
    if _CODE.search(text) or _CALL.fullmatch(text.strip()):
        return []
    bare = _MARKUP_TAG.sub(" ", _FILE_NAME.sub(" ", text))
    bare = _PLACEHOLDERS.sub(" ", bare)
    bare = _MACHINE.sub(" ", _MARKUP.sub(" ", bare))
    found = []
    for token in bare.split():
        core = token.strip(_EDGES)
        if not _WORD.fullmatch(core) or core in ALLOWED:
            continue
        if len(core) == 1 and core not in ("a", "A", "I"):
            continue
        if core.isupper() and len(core) > 1 and not (shouting and len(core) > 3):
            continue  # a code: SB, BB, PHH, POST (words in capitals, PAUSED, where shown)
        if re.search(r"-[a-z]$", core):  # a CSS class or a key: mark-d, ctrl-c
            continue
        found.append(core)
    return found


def reads_like_words(text: str) -> bool:
    """Whether ``text`` reads as words for a person: a capitalised word first, or two
    words or more separated by spaces (a lone lowercase word is a code: ``"fold"``)."""
    words = _words(text)
    if not any(len(word) > 1 for word in words):
        return False
    if len(words) >= 2:
        return True
    first = words[0]
    return first[0].isupper() and first[1:2].islower()


def has_words(text: str, shouting: bool = True) -> bool:
    """Whether ``text`` holds any English word (for text that is surely shown)."""
    return any(len(word) > 1 for word in _words(text, shouting))


# ------------------------------------------------------------------------- templates

_ENVIRONMENT = jinja2.Environment(extensions=["jinja2.ext.i18n"], autoescape=True)
_SHOWN_ATTRIBUTES = frozenset(
    {"title", "placeholder", "aria-label", "alt", "label", "data-confirm", "data-words"}
)
"""Attributes a person reads (``data-confirm``: the question the console's script asks)."""
_TAG = re.compile(
    r"<(/?)([A-Za-z][\w-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>|<!--.*?-->|<![^>]*>", re.S
)
_ATTRIBUTE = re.compile(r"([\w:-]+)\s*=\s*(\"[^\"]*\"|'[^']*'|[^\s>]+)")
_RAW = re.compile(r"<(script|style|code|kbd|samp)\b[^>]*>.*?</\1\s*>", re.S | re.I)
"""Not read as words: scripts, styles, and commands or keys quoted as typed."""
_ATTRIBUTES_ONLY = re.compile(r"""\s*(?:[\w:-]+(?:\s*=\s*"[^"]*"|\s*=\s*'[^']*')?\s*)+""")
"""A block that fills in a tag's attributes (``{% block body_attributes %}``)."""
_ASSIGNMENT = re.compile(r"\b[a-z_]+ = ")
"""A key in an example of TOML or code (``name = "Friday freezeout"``): not a word."""
_MACHINE_KEYWORDS = frozenset(
    {"class", "classes", "class_", "id", "name", "type", "kind", "action", "method", "href", "src"}
)


def _template_pieces(node: nodes.Node, out: list[tuple[int, str]]) -> None:
    """The template's literal text in order, each expression a ``\\x00`` (so "No {{ x }}
    tables" stays one sentence)."""
    if isinstance(node, nodes.TemplateData):
        out.append((node.lineno, node.data))
        return
    if isinstance(node, nodes.Output):
        for part in node.nodes:
            if isinstance(part, nodes.TemplateData):
                out.append((part.lineno, part.data))
            else:
                out.append((part.lineno, "\x00"))
        return
    for child in node.iter_child_nodes():
        _template_pieces(child, out)


def _template_constants(node: nodes.Node, out: list[Finding]) -> None:
    if (
        isinstance(node, nodes.Call)
        and isinstance(node.node, nodes.Name)
        and node.node.name in GETTEXT_CALLS
    ):
        return
    if isinstance(node, (nodes.Include, nodes.Extends, nodes.Import, nodes.FromImport)):
        return
    if isinstance(node, (nodes.Compare, nodes.Getitem, nodes.Test)):
        return
    if isinstance(node, nodes.Keyword) and node.key in _MACHINE_KEYWORDS:
        return
    if isinstance(node, nodes.Const) and isinstance(node.value, str):
        if reads_like_words(node.value):
            out.append(Finding(node.lineno, node.value))
        return
    for child in node.iter_child_nodes():
        _template_constants(child, out)


def _shown_text(skeleton: str) -> Iterator[tuple[int, str]]:
    """(offset, text) of what a person reads in ``skeleton``: the text between tags and
    the values of the attributes that are shown."""
    skeleton = _RAW.sub(lambda raw: " " * len(raw[0]), skeleton)
    at = 0
    for tag in _TAG.finditer(skeleton):
        yield _text_at(skeleton, at, tag.start())
        at = tag.end()
        if not tag[2]:
            continue
        name = tag[2].lower()
        pairs = list(_ATTRIBUTE.finditer(tag[3]))
        kinds = {pair[1].lower(): pair[2].strip("\"'") for pair in pairs}
        for pair in pairs:
            key = pair[1].lower()
            shown = key in _SHOWN_ATTRIBUTES or (
                key == "value"
                and name == "input"
                and kinds.get("type", "").lower() in ("submit", "button", "reset")
            )  # a <button>'s value is sent, not shown: its content is
            if shown:
                yield tag.start(3) + pair.start(2), pair[2].strip("\"'")
    yield _text_at(skeleton, at, len(skeleton))


def _text_at(skeleton: str, start: int, end: int) -> tuple[int, str]:
    """The text from ``start`` to ``end`` and the offset of its first visible character."""
    text = skeleton[start:end]
    return start + len(text) - len(text.lstrip()), text


def template_findings(source: str) -> list[Finding]:
    """Unmarked words in a Jinja template's source."""
    tree = _ENVIRONMENT.parse(source)
    escaped = {number for number, line in enumerate(source.splitlines(), 1) if ESCAPE in line}
    pieces: list[tuple[int, str]] = []
    _template_pieces(tree, pieces)
    skeleton = ""
    starts: list[tuple[int, int]] = []  # (offset in skeleton, line)
    for line, text in pieces:
        starts.append((len(skeleton), line))
        skeleton += text
    offsets = [start for start, _ in starts]
    found: list[Finding] = []
    for offset, text in _shown_text(skeleton):
        if not has_words(_ASSIGNMENT.sub(" ", html.unescape(text))) or (
            '="' in text and _ATTRIBUTES_ONLY.fullmatch(text)
        ):
            continue
        piece = max(bisect.bisect_right(offsets, offset) - 1, 0)
        line = starts[piece][1] + skeleton[starts[piece][0] : offset].count("\n")
        clean = " ".join(html.unescape(text).replace("\x00", "{…}").split())
        if line not in escaped:
            found.append(Finding(line, clean))
    constants: list[Finding] = []
    _template_constants(tree, constants)
    found.extend(f for f in constants if f.line not in escaped)
    return sorted(found)


# ------------------------------------------------------------------------ JavaScript


class _Token(NamedTuple):
    kind: str  # "id", "punct", "str", "tpl", "num", "regex"
    text: str
    line: int


_JS_PUNCT = sorted(
    ("=== !== ** ... => == != <= >= && || ?? ?. ++ -- += -= *= /= %= &= |= ^= << >> "  # noqa: SIM905
     "{ } ( ) [ ] ; , < > + - * / % & | ^ ! ~ ? : = . @ #").split(),
    key=len,
    reverse=True,
)  # fmt: skip
_REGEX_AFTER = frozenset(
    ("( , = : [ ! & | ? { } ; + - * % < > ~ ^ => == === != !== && || ?? return typeof "  # noqa: SIM905
     "case do else in of new delete void throw").split()
)  # fmt: skip


class _JsLexer:
    """Just enough of a JavaScript lexer for literals: strings, template literals (their
    ``${…}`` expressions lexed as streams of their own), regular expressions, comments."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.pos = 0
        self.line = 1
        self.streams: list[list[_Token]] = []

    def run(self) -> list[list[_Token]]:
        self.streams.append(self._stream(stop_at_brace=False))
        return self.streams

    def _advance(self, count: int) -> str:
        text = self.source[self.pos : self.pos + count]
        self.line += text.count("\n")
        self.pos += count
        return text

    def _stream(self, stop_at_brace: bool) -> list[_Token]:
        tokens: list[_Token] = []
        depth = 0
        src = self.source
        while self.pos < len(src):
            char = src[self.pos]
            if char in " \t\r\n":
                self._advance(1)
            elif src.startswith("//", self.pos):
                end = src.find("\n", self.pos)
                self._advance((end if end >= 0 else len(src)) - self.pos)
            elif src.startswith("/*", self.pos):
                end = src.find("*/", self.pos + 2)
                self._advance((end + 2 if end >= 0 else len(src)) - self.pos)
            elif char in "\"'":
                line = self.line
                tokens.append(_Token("str", self._quoted(char), line))
            elif char == "`":
                line = self.line
                tokens.append(_Token("tpl", self._template(), line))
            elif char.isalpha() or char in "_$":
                word = re.match(r"[\w$]+", src[self.pos :])
                assert word
                tokens.append(_Token("id", self._advance(len(word[0])), self.line))
            elif char.isdigit():
                number = re.match(r"[\w.]+", src[self.pos :])
                assert number
                tokens.append(_Token("num", self._advance(len(number[0])), self.line))
            elif char == "/" and (not tokens or tokens[-1].text in _REGEX_AFTER):
                tokens.append(_Token("regex", self._regex(), self.line))
            else:
                punct = next(p for p in [*_JS_PUNCT, char] if src.startswith(p, self.pos))
                if punct == "{":
                    depth += 1
                elif punct == "}":
                    if stop_at_brace and depth == 0:
                        self._advance(1)
                        return tokens
                    depth -= 1
                tokens.append(_Token("punct", self._advance(len(punct)), self.line))
        return tokens

    def _quoted(self, quote: str) -> str:
        self._advance(1)
        out = []
        while self.pos < len(self.source) and self.source[self.pos] != quote:
            char = self._advance(1)
            out.append(self._advance(1) if char == "\\" else char)
        self._advance(1)
        return "".join(out)

    def _template(self) -> str:
        self._advance(1)
        out = []
        while self.pos < len(self.source) and self.source[self.pos] != "`":
            if self.source.startswith("${", self.pos):
                self._advance(2)
                self.streams.append(self._stream(stop_at_brace=True))
                out.append("\x00")
                continue
            char = self._advance(1)
            out.append(self._advance(1) if char == "\\" else char)
        self._advance(1)
        return "".join(out)

    def _regex(self) -> str:
        start = self.pos
        self._advance(1)
        in_class = False
        while self.pos < len(self.source):
            char = self._advance(1)
            if char == "\\":
                self._advance(1)
            elif char == "[":
                in_class = True
            elif char == "]":
                in_class = False
            elif (char == "/" and not in_class) or char == "\n":
                break
        flags = re.match(r"\w*", self.source[self.pos :])
        self._advance(len(flags[0]) if flags else 0)
        return self.source[start : self.pos]


_JS_MACHINE_CALLS: dict[str, frozenset[int] | None] = {
    # callee: the argument positions that are machine words (None: all of them)
    "getElementById": None, "byId": None, "querySelector": None, "querySelectorAll": None,
    "closest": None, "matches": None, "createElement": None, "addEventListener": frozenset({0}),
    "removeEventListener": frozenset({0}), "add": None, "remove": None, "toggle": frozenset({0}),
    "contains": None, "setAttribute": frozenset({0}), "getAttribute": None,
    "removeAttribute": None, "hasAttribute": None, "setProperty": None, "getPropertyValue": None,
    "send": frozenset({0}), "el": frozenset({0, 1}), "getItem": None, "setItem": None,
    "removeItem": None, "fetch": None, "WebSocket": None, "parse": None, "stringify": None,
    "startsWith": None, "endsWith": None, "includes": None, "split": None, "join": None,
    "replace": None, "replaceAll": None, "padStart": None, "padEnd": None, "indexOf": None,
    "test": None, "RegExp": None, "toLocaleString": None, "NumberFormat": None,
    "PluralRules": None, "DateTimeFormat": None, "postMessage": None, "dispatchEvent": None,
    "CustomEvent": None, "Event": None, "replaceState": None, "pushState": None,
    "append": frozenset(), "has": None, "get": None, "set": frozenset({0}), "delete": None,
    "animate": None, "getContext": None, "assign": None, "requestPermission": None,
    "log": None, "warn": None, "error": None, "debug": None, "info": None, "Error": None,
    "TypeError": None, "vibrate": None, "attachShadow": None,
}  # fmt: skip
"""Calls whose string arguments are for the machine: selectors, ids, classes, events,
storage keys, protocol messages, formats; ``el(tag, class, text)`` words its third."""
_JS_MACHINE_PROPERTIES = frozenset({
    "className", "id", "type", "name", "href", "src", "rel", "key", "code", "kind", "role",
    "value", "inputMode", "autocomplete", "cssText", "display", "protocol", "binaryType",
    "dir", "lang", "hash", "search", "pathname", "location", "action", "method",
})  # fmt: skip
"""``node.className = "…"`` and the like: properties that hold machine words."""
_JS_SHOWN_PROPERTIES = frozenset(
    {"textContent", "innerText", "title", "placeholder", "ariaLabel", "alt"}
)
_JS_SHOWN_ATTRIBUTES = frozenset({"aria-label", "title", "placeholder", "alt", "aria-description"})
_JS_COMPARE = frozenset({"===", "!==", "==", "!=", "in", "case"})


def javascript_findings(source: str) -> list[Finding]:
    """Unmarked words for people in a JavaScript file."""
    escaped = {number for number, line in enumerate(source.splitlines(), 1) if ESCAPE in line}
    found: list[Finding] = []
    for stream in _JsLexer(source).run():
        found.extend(_stream_findings(stream))
    return sorted(f for f in found if f.line not in escaped)


def _stream_findings(tokens: list[_Token]) -> Iterator[Finding]:
    # Each open bracket: [bracket, callee or "", argument index, index of the bracket].
    stack: list[list[str | int]] = []
    marked_depth: int | None = None  # inside t( / tn( / tp(: everything is marked
    for index, token in enumerate(tokens):
        before = tokens[index - 1] if index else None
        after = tokens[index + 1] if index + 1 < len(tokens) else None
        if token.kind == "punct" and token.text in "([{":
            callee = ""
            if token.text == "(" and before is not None and before.kind == "id":
                callee = before.text
            stack.append([token.text, callee, 0, index])
            if callee in JS_GETTEXT_CALLS and marked_depth is None:
                marked_depth = len(stack)
            continue
        if token.kind == "punct" and token.text in ")]}":
            if marked_depth is not None and len(stack) == marked_depth:
                marked_depth = None
            if stack:
                stack.pop()
            continue
        if token.kind == "punct" and token.text == "," and stack:
            stack[-1][2] = int(stack[-1][2]) + 1
            continue
        if token.kind not in ("str", "tpl") or marked_depth is not None:
            continue
        text = token.text
        if before is not None and before.text in _JS_COMPARE:
            continue
        if after is not None and after.text in _JS_COMPARE:
            continue
        if (
            stack
            and stack[-1][0] == "{"
            and after is not None
            and after.text == ":"
            and before is not None
            and before.text in ("{", ",")
        ):
            continue  # an object's key
        if stack and stack[-1][0] == "[" and before is not None and before.kind != "punct":
            continue  # frame["type"]
        shown = False
        if stack and stack[-1][0] == "(":
            callee, position = str(stack[-1][1]), int(stack[-1][2])
            machine = _JS_MACHINE_CALLS.get(callee, frozenset())
            if machine is None or position in machine:
                continue
            shown = callee in (
                "el",
                "banner",
                "showError",
                "button",
                "Notification",
                "alert",
                "confirm",
            )
            shown = shown or (callee == "push" and _callee_object(tokens, index) == "notes")
            shown = shown or (
                callee == "setAttribute"
                and position == 1
                and tokens[int(stack[-1][3]) + 1].text in _JS_SHOWN_ATTRIBUTES
            )
            if callee == "setAttribute" and not shown:
                continue
        if before is not None and before.text in ("=", "+=", "?", ":", "||", "??"):
            target = _assigned_property(tokens, index)
            if target in _JS_MACHINE_PROPERTIES or (target or "").startswith("data"):
                continue
            if target in ("dataset",):
                continue
            shown = shown or target in _JS_SHOWN_PROPERTIES
        if text.strip() == "use strict":
            continue
        sentence = (
            token.kind == "tpl"
            and "\x00" in text
            and " " in text.strip()
            and has_words(text, False)
        )
        if reads_like_words(text) or sentence or (shown and has_words(text)):
            yield Finding(token.line, " ".join(text.replace("\x00", "${…}").split()))


def _assigned_property(tokens: list[_Token], index: int) -> str | None:
    """For ``a.b.c = "…"`` (or a conditional value of it), ``c``; for ``x.dataset.y =``,
    ``dataset``."""
    depth = 0
    at = index - 1
    while at >= 0:
        token = tokens[at]
        if token.text in (")", "]", "}"):
            depth += 1
        elif token.text in ("(", "[", "{"):
            if depth == 0:
                return None
            depth -= 1
        elif depth == 0 and token.text in (";",):
            return None
        elif depth == 0 and token.text in ("=", "+="):
            names = []
            back = at - 1
            while back >= 1 and tokens[back].kind == "id" and tokens[back - 1].text == ".":
                names.append(tokens[back].text)
                back -= 2
            if names:
                return "dataset" if "dataset" in names[1:] else names[0]
            return None
        at -= 1
    return None


def _callee_object(tokens: list[_Token], index: int) -> str:
    """``notes`` for ``notes.push("…")``: the name before ``.push``."""
    depth = 0
    at = index - 1
    while at >= 0:
        token = tokens[at]
        if token.text in (")", "]", "}"):
            depth += 1
        elif token.text in ("(", "[", "{"):
            if depth == 0:
                return tokens[at - 3].text if at >= 3 and tokens[at - 2].text == "." else ""
            depth -= 1
        at -= 1
    return ""


# ---------------------------------------------------------------------------- Python

_LOGGERS = re.compile(r"^(log|logger|_log|_logger|LOG|LOGGER|logging|log_\w+|\w+_log(ger)?)$")
_LOG_METHODS = frozenset(
    {"debug", "info", "warning", "warn", "error", "exception", "critical", "log"}
)
_PY_MACHINE_CALLS = frozenset({
    # regular expressions, JSON, SQL, routes, headers, environment, files, types, strings
    "compile", "sub", "subn", "match", "fullmatch", "search", "findall", "finditer", "escape",
    "dumps", "loads", "dump", "load", "text", "execute", "exec_driver_sql", "Route", "Mount",
    "WebSocketRoute", "Header", "set_cookie", "delete_cookie", "getenv", "get", "pop",
    "setdefault", "getattr", "setattr", "hasattr", "delattr", "isinstance", "cast", "TypeVar",
    "NewType", "namedtuple", "NamedTuple", "TypedDict", "open", "Path", "strftime", "strptime",
    "encode", "decode", "startswith", "endswith", "split", "rsplit", "partition", "rpartition",
    "replace", "strip", "lstrip", "rstrip", "removeprefix", "removesuffix", "count", "index",
    "find", "rfind", "getLogger", "warn", "filterwarnings", "import_module", "attrgetter",
    "itemgetter", "Literal", "field", "url_for", "url_path_for", "RedirectResponse",
    "Style", "parse", "Color", "Index", "ForeignKey",
    "UniqueConstraint", "CheckConstraint", "String", "Enum", "enum", "md5", "sha256", "pack",
    "unpack", "create_table", "drop_table", "op", "sessionmaker",
    "create_engine", "create_async_engine", "query_one", "query", "mount", "route", "websocket",
    "add_route", "add_websocket_route", "websocket_route", "add_middleware", "locale",
    "setlocale", "Locale", "format_decimal", "format_number", "entry_points", "version",
    "which", "run", "Popen", "check_output", "environ", "update_style", "add_class",
    "remove_class", "toggle_class", "has_class", "set_class", "styles", "query_exactly_one",
    "get_child_by_id", "get_widget_by_id",
})  # fmt: skip
"""Calls whose string arguments are for the machine: their arguments are not scanned."""
_PROGRAMMER_ERRORS = frozenset({
    "TypeError", "AssertionError", "NotImplementedError", "RuntimeError", "KeyError",
    "AttributeError", "IndexError", "LookupError",
})  # fmt: skip
"""Errors that tell a programmer he called something wrongly: no person at a table or a
terminal reads them (a ``ValueError`` may be an answer to a person: it is scanned)."""
_PY_MACHINE_KEYWORDS = re.compile(
    r"^(.*style|media_type|headers|methods|name|path|encoding|errors|sep|end|key|id|classes"
    r"|format|mode|align|justify|overflow|vertical|dtype|metavar|envvar|rich_help_panel"
    r"|cls|type|kind|code|event|action|target|url|href|suffix|prefix|delimiter|quotechar"
    r"|lineterminator|dialect|fillchar|box|css|variant|group|tag|ratio|width|height"
    r"|exit_code|status_code|samesite|domain|charset|content_type|table_name|schema"
    r"|tablename|server_default|column|index|state|phase|status|street|role|profile)$"
)
_HEADER = re.compile(
    r"cache-control|content-[a-z-]+|retry-after|x-[a-z-]+|set-cookie|referrer-policy"
    r"|permissions-policy|strict-transport-security|cross-origin-[a-z-]+|if-[a-z-]+"
    r"|accept(?:-[a-z]+)?|location|etag|vary|allow|last-modified|expires|pragma",
    re.IGNORECASE,
)
"""An HTTP header's name (a dict key whose value is the header's)."""
_PY_MACHINE_NAMES = re.compile(
    r"^(__\w+__|DEFAULT_CSS|CSS|CSS_PATH|SCOPED_CSS|COMPONENT_CLASSES|BINDINGS_CSS|[A-Z_]*"
    r"(PATTERN|REGEX|RE|SQL|QUERY|HEADER|HEADERS|CSS|COLUMNS|FIELDS|KEYS|CODES|ENV|STYLE|STYLES"
    r"|FORMAT|ROUTE|ROUTES|PATH|URL|SUFFIX|PREFIX|TABLE|COOKIE|TOKEN|ALPHABET)|_[a-z_]*re)$"
)


class _PythonScanner(ast.NodeVisitor):
    def __init__(self, lines: list[str]) -> None:
        self.found: list[Finding] = []
        self.lines = lines

    def raw(self, node: ast.expr) -> bool:
        """Whether ``node`` is written as a raw string (``r"clock (?P<what>\\w+)"``): a
        regular expression's pattern, whatever call it goes to later."""
        line = self.lines[node.lineno - 1].encode() if 0 < node.lineno <= len(self.lines) else b""
        prefix = line[node.col_offset : node.col_offset + 2].lower()
        return prefix[:1] == b"r" or prefix in (b"fr", b"br")

    def visit_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return  # a docstring (of a module, class, function or attribute)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        name = _call_name(node.func)
        if name in GETTEXT_CALLS or name in _PY_MACHINE_CALLS or name in _PROGRAMMER_ERRORS:
            return
        if name in _LOG_METHODS and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            owner_name = owner.id if isinstance(owner, ast.Name) else _call_name(owner)
            if owner_name and _LOGGERS.match(owner_name):
                return
        self.visit(node.func)
        for argument in node.args:
            self.visit(argument)
        for keyword in node.keywords:
            if keyword.arg is None or not _PY_MACHINE_KEYWORDS.match(keyword.arg):
                self.visit(keyword.value)

    def visit_Compare(self, node: ast.Compare) -> None:
        for part in (node.left, *node.comparators):
            if not isinstance(part, (ast.Constant, ast.Tuple, ast.Set, ast.List, ast.JoinedStr)):
                self.visit(part)

    def visit_Dict(self, node: ast.Dict) -> None:
        for key, value in zip(node.keys, node.values, strict=True):
            if (
                isinstance(key, ast.Constant)
                and isinstance(key.value, str)
                and (_PY_MACHINE_KEYWORDS.match(key.value) or _HEADER.fullmatch(key.value))
            ):
                continue  # {"cache-control": "public, max-age=60"}, {"code": "…"}
            self.visit(value)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self.visit(node.value)
        if not isinstance(node.slice, (ast.Constant, ast.Tuple)):
            self.visit(node.slice)

    def visit_Assert(self, node: ast.Assert) -> None:
        return

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if isinstance(node.target, ast.Name) and _PY_MACHINE_NAMES.match(node.target.id):
            return
        if node.value is not None:
            self.visit(node.value)

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            name = target.id if isinstance(target, ast.Name) else getattr(target, "attr", "")
            if _PY_MACHINE_NAMES.match(name):
                return
            if (
                isinstance(target, ast.Subscript)
                and isinstance(target.slice, ast.Constant)
                and _PY_MACHINE_KEYWORDS.match(str(target.slice.value))
            ):
                return  # morsel["samesite"] = "Lax"
        self.visit(node.value)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        for default in [*node.args.defaults, *node.args.kw_defaults]:
            if default is not None:
                self.visit(default)
        for statement in node.body:
            self.visit(statement)

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]  # noqa: N815

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        bases = {_call_name(base) for base in node.bases}
        enumeration = any(base.endswith(("Enum", "Flag")) for base in bases)
        for decorator in node.decorator_list:
            self.visit(decorator)
        for statement in node.body:
            if enumeration and isinstance(statement, (ast.Assign, ast.AnnAssign)):
                continue  # an enumeration's values are codes: NOT_STARTED = "not started"
            self.visit(statement)

    def visit_match_case(self, node: ast.match_case) -> None:
        if node.guard is not None:
            self.visit(node.guard)
        for statement in node.body:
            self.visit(statement)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        text = "".join(
            str(part.value) if isinstance(part, ast.Constant) else "\x00" for part in node.values
        )
        if not self.raw(node) and reads_like_words(text):
            self.found.append(Finding(node.lineno, " ".join(text.replace("\x00", "{…}").split())))
        for part in node.values:
            if isinstance(part, ast.FormattedValue):
                self.visit(part.value)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str) and not self.raw(node) and reads_like_words(node.value):
            self.found.append(Finding(node.lineno, " ".join(node.value.split())))


def _call_name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def python_findings(source: str) -> list[Finding]:
    """Unmarked words for people in a Python module."""
    lines = source.splitlines()
    scanner = _PythonScanner(lines)
    scanner.visit(ast.parse(source))
    return sorted(
        f for f in scanner.found if not (0 < f.line <= len(lines) and ESCAPE in lines[f.line - 1])
    )


def summary(findings: Iterable[tuple[str, list[Finding]]]) -> str:
    """One line per finding, ``file:line: 'text'``, for an assertion message."""
    return "\n".join(f"{name}:{finding}" for name, found in findings for finding in found)
