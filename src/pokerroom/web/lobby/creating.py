"""Creating a home game (``/new/home``), an OFC home game (``/new/ofc``) or a cash table
(``/new/cash``) from the lobby.

GET shows the form filled with the defaults; POST reads it (:mod:`~pokerroom.web.lobby.
home_form`, :mod:`~pokerroom.web.lobby.ofc_form`, :mod:`~pokerroom.web.lobby.cash_form`),
makes the room (in the creator's club if he chose one: :mod:`pokerroom.web.clubs.choice`)
under a fresh :func:`~pokerroom.room.registry.new_room_id`, lists it with its
:class:`~pokerroom.room.registry.LobbyEntry` (private: by invite link only) and sends the
creator to its table page, ``/tables/<id>`` (303). One account has at most
``tables_per_account`` tables open at once (admins aside; a tournament's tables do not
count); one more is refused (429) until he closes one. A bad field shows the form again with
one line naming what the field may be (400) and nothing is created. A script that asks
for JSON gets ``{"type": "room", "v": 1, ...the lobby listing}`` (201) or the error frame.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, replace

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from pokerroom.bots.ofc import OFC_BOTS
from pokerroom.bots.registry import BotPluginError, bot_kinds
from pokerroom.engine import PROFILES, VARIANTS, Limit
from pokerroom.i18n import N_, gettext, ngettext
from pokerroom.room import CashRoom, HomeRoom
from pokerroom.room.kinds import TableRoom
from pokerroom.room.ofc import OfcRoom
from pokerroom.room.ofc.snapshot import GAME_NAME, ofc_stakes
from pokerroom.room.registry import LobbyEntry, RoomKind, new_room_id, table_path
from pokerroom.room.seam import PROTOCOL_VERSION, User
from pokerroom.table.settings_check import SettingError
from pokerroom.web.auth.visitor import user_of
from pokerroom.web.cardroom import Cardroom, cardroom_of
from pokerroom.web.clubs.choice import chosen_club, club_choices
from pokerroom.web.errors import error_response, wants_json
from pokerroom.web.lobby.cash_form import CASH_DEFAULTS, CASH_FIELDS, read_cash_form
from pokerroom.web.lobby.home_form import HOME_DEFAULTS, HOME_FIELDS, read_home_form
from pokerroom.web.lobby.listing import may_create_cash, may_create_home
from pokerroom.web.lobby.ofc_form import OFC_DEFAULTS, OFC_FIELDS, read_ofc_form
from pokerroom.web.lobby.state import game_words, stakes_words
from pokerroom.web.pages.forms import form_fields
from pokerroom.web.saving.tables import open_room
from pokerroom.web.templating import page

LIMIT_MENU = (("", N_("the game's usual one")), *((limit.value, limit.value) for limit in Limit))
"""The limit menu: each value and its words (translated as the form is shown)."""
GUEST = N_("a guest plays the game he was invited to; sign up to host games of your own")
HOME_HOST = N_("creating a home game needs the host role (pokerroom accounts grant NAME host)")


@dataclass(frozen=True, slots=True)
class Kind:
    """What differs between creating a home game and a cash table."""

    template: str
    fields: tuple[str, ...]
    defaults: Mapping[str, str]
    may_create: Callable[[User | None], bool]
    not_allowed: str
    build: Callable[[Mapping[str, str], str, User], tuple[TableRoom, LobbyEntry]]
    limits: tuple[tuple[str, str], ...]
    """The limit menu: value, words."""

    def context(self, form: Mapping[str, str], error: str | None) -> dict[str, object]:
        """What the form's template shows: the values typed, the menus, the one error."""
        return {
            "form": form,
            "error": error,
            "games": [(code, gettext(variant.name)) for code, variant in VARIANTS.items()],
            "limits": [(value, gettext(words)) for value, words in self.limits],
            "profiles": list(PROFILES),
            "bots": list(bot_kinds()),
            "ofc_bots": list(OFC_BOTS),
        }


def _home(form: Mapping[str, str], room_id: str, host: User) -> tuple[TableRoom, LobbyEntry]:
    game = read_home_form(form)
    settings = game.settings
    try:
        room = HomeRoom(room_id, settings=settings, seats=game.seats, host=host.id, bots=game.bots)
    except BotPluginError as error:  # a plug-in whose factory failed: the form says so
        raise SettingError(str(error)) from None
    stakes = stakes_words(
        settings.variant, settings.limit, settings.small_blind, settings.big_blind, settings.ante
    )
    entry = LobbyEntry(
        game.name,
        game_words(settings.variant, settings.limit, mixed=settings.mixed),
        f"{stakes}, stack {settings.stack}",
        len(game.bots),
        game.seats,
        kind=RoomKind.HOME,
        private=game.private,
        host_id=host.id,
        observers=game.observers,
    )
    return room, entry


def _ofc(form: Mapping[str, str], room_id: str, host: User) -> tuple[TableRoom, LobbyEntry]:
    game = read_ofc_form(form)
    room = OfcRoom(room_id, seats=game.seats, host=host.id, bots=game.bots, max_hands=game.hands)
    entry = LobbyEntry(
        game.name,
        GAME_NAME,
        ofc_stakes(room),
        len(game.bots),
        game.seats,
        kind=RoomKind.HOME,
        private=game.private,
        host_id=host.id,
    )
    return room, entry


def _cash(form: Mapping[str, str], room_id: str, host: User) -> tuple[TableRoom, LobbyEntry]:
    table = read_cash_form(form)
    settings = table.settings
    stakes = stakes_words(
        settings.variant, settings.limit, settings.small_blind, settings.big_blind, settings.ante
    )
    entry = LobbyEntry(
        table.name,
        game_words(settings.variant, settings.limit),
        f"{stakes}, buy-in {settings.min_buy_in}-{settings.max_buy_in}"
        + ("" if settings.rake is None else ", raked"),
        0,
        settings.seats,
        kind=RoomKind.CASH,
        host_id=host.id,
        observers=table.observers,
    )
    return CashRoom(room_id, settings=settings), entry


HOME = Kind(
    "new_home.html",
    HOME_FIELDS,
    HOME_DEFAULTS,
    may_create_home,
    HOME_HOST,
    _home,
    (*LIMIT_MENU, ("mixed", N_("mixed fixed-limit / pot-limit"))),  # B-6
)
OFC = Kind(
    "new_ofc.html",
    OFC_FIELDS,
    OFC_DEFAULTS,
    may_create_home,
    HOME_HOST,
    _ofc,
    (),
)
CASH = Kind(
    "new_cash.html",
    CASH_FIELDS,
    CASH_DEFAULTS,
    may_create_cash,
    N_("opening a cash table needs the host or admin role (pokerroom accounts grant NAME host)"),
    _cash,
    LIMIT_MENU,
)


def _creator(request: Request, kind: Kind) -> User:
    """The signed-in user, if he may create this kind of room; else a 403 that says why."""
    user = user_of(request)
    if user is None:
        raise HTTPException(403, gettext("log in to create a game"))
    if user.has("guest"):
        raise HTTPException(403, gettext(GUEST))
    if not kind.may_create(user):
        raise HTTPException(403, gettext(kind.not_allowed))
    return user


class TooManyTablesError(SettingError):
    """The account has as many tables open as one may."""


def _within_limit(cardroom: Cardroom, user: User) -> None:
    """One account opens a bounded number of tables at once (admins aside): a script
    cannot fill the lobby and the server with them (issue 21 item 30)."""
    most = cardroom.settings.tables_per_account
    hosted = [entry for _id, entry in cardroom.registry.hosted_by(user) if entry.tournament is None]
    if len(hosted) >= most and not user.has("admin"):
        raise TooManyTablesError(
            ngettext(
                "you have {count} table open, the most one account may; "
                "close one before you open another",
                "you have {count} tables open, the most one account may; "
                "close one before you open another",
                len(hosted),
            ).format(count=len(hosted))
        )


def _form_page(kind: Kind) -> Callable[[Request], Awaitable[Response]]:
    async def show(request: Request) -> Response:
        if user_of(request) is None:
            return RedirectResponse(f"/login?next={request.url.path}", status_code=303)
        user = _creator(request, kind)
        clubs = await club_choices(request, user, directing=False)
        return page(request, kind.template, {**kind.context(kind.defaults, None), "clubs": clubs})

    return show


def _create(kind: Kind) -> Callable[[Request], Awaitable[Response]]:
    async def create(request: Request) -> Response:
        user = _creator(request, kind)
        form = await form_fields(request, *kind.fields, "club")
        cardroom = cardroom_of(request)
        room_id = new_room_id()
        try:
            _within_limit(cardroom, user)
            club = await chosen_club(request, user, form["club"], directing=False)
            room, entry = kind.build(form, room_id, user)
        except SettingError as error:
            status = 429 if isinstance(error, TooManyTablesError) else 400
            if wants_json(request.scope):
                return error_response(request.scope, status, str(error))
            said = gettext(str(error))  # a marked message in the visitor's language
            clubs = await club_choices(request, user, directing=False)
            context = {**kind.context(form, said), "clubs": clubs}
            return page(request, kind.template, context, status)
        if club is not None:  # a club's game: its members only, never in the public lobby
            entry = replace(entry, club=club, private=True)
        open_room(cardroom, room, entry)  # saved as it is played: a restart resumes it
        if wants_json(request.scope):
            listing = entry.listing(room_id)
            return JSONResponse({"type": "room", "v": PROTOCOL_VERSION, **listing}, 201)
        return RedirectResponse(table_path(room_id), status_code=303)

    return create


home_form_page = _form_page(HOME)
create_home = _create(HOME)
ofc_form_page = _form_page(OFC)
create_ofc = _create(OFC)
cash_form_page = _form_page(CASH)
create_cash = _create(CASH)
