"""The clubs store: joining by code waits for approval, roles, a renewed code, seasons."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from decimal import Decimal

import pytest

from pokerroom.club.points import ByPlace, SquareRoot
from pokerroom.club.season import Season
from pokerroom.storage.accounts import AccountStore
from pokerroom.storage.clubs.store import ClubError, ClubStore


@pytest.fixture
def stores() -> Iterator[tuple[AccountStore, ClubStore]]:
    with AccountStore.open("sqlite://") as accounts:
        yield accounts, ClubStore(accounts.database)


def test_a_player_joins_by_code_and_waits_for_the_owner(
    stores: tuple[AccountStore, ClubStore],
) -> None:
    accounts, clubs = stores
    ann = accounts.create_account("Ann", "$argon2id$x", ["player"])
    bob = accounts.create_account("Bob", "$argon2id$x", ["player"])
    club = clubs.create_club(ann.id, "  Friday club ")
    assert club.name == "Friday club" and clubs.is_member(club.id, ann.id)
    with pytest.raises(ClubError, match="no club has the code"):
        clubs.join("wrong", bob.id)
    clubs.join(club.code, bob.id)
    assert not clubs.is_member(club.id, bob.id)
    assert [(m.name, m.role, m.state) for m in clubs.members(club.id)] == [
        ("Ann", "owner", "approved"),
        ("Bob", "member", "pending"),
    ]
    with pytest.raises(ClubError, match="owner or a director"):
        clubs.approve(club.id, bob.id, bob.id)
    clubs.approve(club.id, ann.id, bob.id)
    assert clubs.is_member(club.id, bob.id)
    with pytest.raises(ClubError, match="already a member"):
        clubs.join(club.code, bob.id)
    assert [c.name for c, _ in clubs.memberships(bob.id)] == ["Friday club"]


def test_roles_decide_who_directs_and_a_removed_member_loses_the_club(
    stores: tuple[AccountStore, ClubStore],
) -> None:
    accounts, clubs = stores
    ann, bob, cid = (
        accounts.create_account(n, "$argon2id$x", ["player"]) for n in ("Ann", "Bob", "Cid")
    )
    club = clubs.create_club(ann.id, "Club")
    for player in (bob, cid):
        clubs.join(club.code, player.id)
        clubs.approve(club.id, ann.id, player.id)
    assert clubs.directors(club.id) == {ann.id}
    with pytest.raises(ClubError, match="only the club's owner"):
        clubs.set_role(club.id, bob.id, cid.id, "director")
    with pytest.raises(ClubError, match="director or member, not 'owner'"):
        clubs.set_role(club.id, ann.id, bob.id, "owner")
    clubs.set_role(club.id, ann.id, bob.id, "director")
    assert clubs.directors(club.id) == {ann.id, bob.id}
    with pytest.raises(ClubError, match="does not change"):
        clubs.set_role(club.id, ann.id, ann.id, "member")
    clubs.remove(club.id, ann.id, bob.id)
    assert clubs.directors(club.id) == {ann.id}
    assert not clubs.is_member(club.id, bob.id)
    assert clubs.memberships(bob.id) == []


def test_a_renewed_code_stops_the_old_one(stores: tuple[AccountStore, ClubStore]) -> None:
    accounts, clubs = stores
    ann = accounts.create_account("Ann", "$argon2id$x", ["player"])
    bob = accounts.create_account("Bob", "$argon2id$x", ["player"])
    club = clubs.create_club(ann.id, "Club")
    with pytest.raises(ClubError, match="only the club's owner"):
        clubs.renew_code(club.id, bob.id)
    code = clubs.renew_code(club.id, ann.id)
    assert code != club.code
    with pytest.raises(ClubError, match="no club has the code"):
        clubs.join(club.code, bob.id)
    clubs.join(code, bob.id)
    clubs.decline(club.id, ann.id, bob.id)
    assert clubs.member(club.id, bob.id) is not None
    assert not clubs.is_member(club.id, bob.id)


def test_seasons_come_back_as_they_were_defined(stores: tuple[AccountStore, ClubStore]) -> None:
    accounts, clubs = stores
    ann = accounts.create_account("Ann", "$argon2id$x", ["player"])
    club = clubs.create_club(ann.id, "Club")
    winter = Season("Winter", date(2027, 1, 1), date(2027, 3, 31), SquareRoot(Decimal(5)),
                    Decimal("2.5"), 4, 8)  # fmt: skip
    spring = Season("Spring", date(2027, 4, 1), date(2027, 6, 30),
                    ByPlace((Decimal(10), Decimal(6)), Decimal(1)))  # fmt: skip
    assert clubs.add_season(club.id, ann.id, winter) == 1
    assert clubs.add_season(club.id, ann.id, spring) == 2
    assert clubs.seasons(club.id) == [(1, winter), (2, spring)]
