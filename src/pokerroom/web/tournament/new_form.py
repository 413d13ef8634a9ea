"""The "new tournament" form: which regulations it offers, reading it, and showing it again.

A regulation comes from one of three places: a shipped example (American or Olympic,
T-9), a TOML file uploaded, or TOML pasted. Each is checked by the same checker as
``pokerroom tournament check`` (:func:`parse_regulation`), so a bad one is refused with the
same one line. A refused form is shown again with everything typed kept and that line above it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException
from starlette.requests import Request
from starlette.responses import Response

from pokerroom.errors import PokerroomError
from pokerroom.i18n import N_, gettext, number_text
from pokerroom.tournament.regulation import example_names, example_text
from pokerroom.tournament.regulation.load import parse_regulation
from pokerroom.tournament.regulation.model import Regulation
from pokerroom.web.auth.csrf import MALFORMED
from pokerroom.web.templating import page
from pokerroom.web.tournament.common_fields import COMMON, common_given, with_common_fields

MAX_REGULATION_CHARS = 20_000
MAX_START_MINUTES = 7 * 24 * 60
TEXT_FIELDS = ("example", "regulation", "name", "bots", "start_in", "club", *COMMON)
CHECKBOXES = ("when_full", "recurs")
UPLOAD = "upload"

WORDS = {
    "both": N_("give one regulation: an example, an uploaded file or pasted TOML, not two"),
    "none": N_("choose an example ({examples}), upload a TOML file or paste one"),
    "too_long": N_("a regulation is at most {limit} characters"),
    "not_utf8": N_("{source}: not UTF-8 text, so not a TOML regulation"),
}
"""The form's own sentences, in one place (said in the visitor's language)."""


@dataclass(frozen=True, slots=True)
class NewTournamentForm:
    """What was typed (every text field as a string, the boxes ticked or not) and the
    uploaded file's name and text, if one was sent."""

    fields: dict[str, str]
    when_full: bool = False
    recurs: bool = False
    upload_name: str = ""
    upload_text: str | None = None

    @property
    def pasted_or_uploaded(self) -> str:
        """The TOML given (uploaded or pasted); empty for an example."""
        if self.upload_text is not None:
            return self.upload_text
        return self.fields["regulation"].strip()

    def regulation(self) -> tuple[Regulation, str]:
        """The regulation chosen, with the common fields set on it (:mod:`.common_fields`),
        checked, and its TOML; one line (:class:`PokerroomError`) otherwise."""
        example = self.fields["example"].strip()
        given = [
            bool(example),
            self.upload_text is not None,
            bool(self.fields["regulation"].strip()),
        ]
        if sum(given) > 1:
            raise PokerroomError(gettext(WORDS["both"]))
        source = self.upload_name or gettext("the regulation")
        text = self.pasted_or_uploaded
        if text:
            if len(text) > MAX_REGULATION_CHARS:
                raise PokerroomError(
                    gettext(WORDS["too_long"]).format(limit=number_text(MAX_REGULATION_CHARS))
                )
        elif example:
            text, source = example_text(example), f"{example}.toml"
        else:
            raise PokerroomError(gettext(WORDS["none"]).format(examples=", ".join(example_names())))
        regulation = parse_regulation(text, source=source)
        if not common_given(self.fields):
            return regulation, text
        text = with_common_fields(text, self.fields)
        fields_set = gettext("{source} with the fields set").format(source=source)
        return parse_regulation(text, source=fields_set), text

    def minutes(self) -> int:
        what = gettext("start_in (minutes)")
        return whole_number(self.fields["start_in"], what, 0, MAX_START_MINUTES)


def whole_number(text: str, what: str, low: int, high: int) -> int:
    text = text.strip() or "0"
    if not text.isdigit() or not low <= int(text) <= high:
        raise PokerroomError(
            gettext("{what} is a whole number from {low} to {high}, got {given}").format(
                what=what, low=low, high=high, given=repr(text[:20])
            )
        )
    return int(text)


async def read_form(request: Request) -> NewTournamentForm:
    """The posted form; an upload that is not UTF-8 text is one line, kept for the page."""
    try:
        async with request.form(max_files=1) as form:
            fields = {name: form.get(name) for name in TEXT_FIELDS}
            boxes = {name: form.get(name) is not None for name in CHECKBOXES}
            upload = form.get(UPLOAD)
            name, data = "", None
            if isinstance(upload, UploadFile) and upload.filename:
                name = upload.filename[:80]
                data = await upload.read(MAX_REGULATION_CHARS * 4 + 1)
    except MultiPartException:
        raise HTTPException(400, MALFORMED) from None
    texts = {key: value if isinstance(value, str) else "" for key, value in fields.items()}
    text = None
    if data is not None:
        try:
            text = data.decode("utf-8").strip()
        except UnicodeDecodeError:
            said = gettext(WORDS["not_utf8"]).format(source=name)
            raise UploadError(said, texts, boxes) from None
    return NewTournamentForm(
        texts, boxes["when_full"], boxes["recurs"], upload_name=name, upload_text=text
    )


class UploadError(PokerroomError):
    """An uploaded file that cannot be read as text; carries what was typed beside it."""

    def __init__(self, message: str, fields: dict[str, str], boxes: dict[str, bool]) -> None:
        super().__init__(message)
        self.form = NewTournamentForm(fields, boxes["when_full"], boxes["recurs"])


def blank_form() -> NewTournamentForm:
    return NewTournamentForm(dict.fromkeys(TEXT_FIELDS, "") | {"bots": "0", "start_in": "0"})


def form_page(
    request: Request,
    form: NewTournamentForm,
    error: str | None = None,
    status: int = 200,
    clubs: Sequence[tuple[int, str]] = (),
) -> Response:
    """The form with what was typed, the clubs the creator directs, and the one line that
    refused it."""
    context = {
        "clubs": clubs,
        "examples": example_names(),
        "form": form,
        "error": error,
        "common": [
            (name, gettext(words).capitalize()) for name, (_path, words, _low) in COMMON.items()
        ],
    }
    return page(request, "tournament_new.html", context, status_code=status)
