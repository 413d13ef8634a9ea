"""The accounts store: sessions and invites expire, a guest's arrival is all or nothing."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.naming.account_names import AccountNameError, checked_name
from pokerroom.storage.accounts import (
    SESSIONS_PER_QUERY,
    AccountError,
    AccountStore,
    token_digest,
)

NOW = datetime(2027, 1, 1, 20, 0)
DAY = timedelta(days=1)


@pytest.fixture
def store() -> Iterator[AccountStore]:
    with AccountStore.open("sqlite://") as opened:
        yield opened


def test_a_session_signs_in_until_it_expires(store: AccountStore) -> None:
    ann = store.create_account("Ann", "$argon2id$x", ["player"])
    store.open_session(ann.id, "tok", DAY, now=NOW)
    assert store.session_account("tok", now=NOW + DAY / 2) == ann
    assert store.session_account("tok", now=NOW + DAY) is None
    assert store.session_account("other", now=NOW) is None
    assert store.close_expired_sessions(now=NOW + DAY) == 1


def test_sessions_are_looked_up_together_past_one_querys_share(store: AccountStore) -> None:
    ann = store.create_account("Ann", "$argon2id$x", ["player"])
    bob = store.create_account("Bob", "$argon2id$x", ["player", "host"])
    tokens = [f"tok{n}" for n in range(SESSIONS_PER_QUERY + 2)]
    for n, token in enumerate(tokens):
        store.open_session((ann if n % 2 else bob).id, token, DAY if n else DAY / 4, now=NOW)
    store.close_session(tokens[1])
    found = store.session_accounts([*tokens, "unknown"], now=NOW + DAY / 2)
    assert set(found) == set(tokens) - {tokens[0], tokens[1]}  # expired, closed, unknown
    assert all(found[t] == (ann if n % 2 else bob) for n, t in enumerate(tokens) if n > 1)
    assert store.session_accounts([], now=NOW) == {}


def test_an_invite_made_guest_is_all_or_nothing(store: AccountStore) -> None:
    host = store.create_account("Ann", "$argon2id$x", ["player", "host"])
    store.create_invite("h1", host.id, "inv", DAY, now=NOW)
    with pytest.raises(AccountNameError, match="taken"):
        store.join_as_guest("inv", "ann", "sess", DAY, now=NOW)
    invite = store.find_invite("inv", now=NOW)
    assert invite is not None and invite.uses == 0
    assert store.session_account("sess", now=NOW) is None
    bob, invite = store.join_as_guest("inv", "Bob", "sess", DAY, now=NOW)
    assert bob.roles == {"guest"} and bob.invited_to == "h1" and invite.uses == 1
    assert store.session_account("sess", now=NOW) == bob
    assert store.has_pass("h1", bob.id) and not store.has_pass("h2", bob.id)


def test_an_expired_invite_makes_no_guest(store: AccountStore) -> None:
    host = store.create_account("Ann", "$argon2id$x", ["player", "host"])
    store.create_invite("h1", host.id, "inv", DAY, now=NOW)
    assert store.find_invite("inv", now=NOW + DAY) is None
    with pytest.raises(AccountError, match="not valid any more"):
        store.join_as_guest("inv", "Bob", "sess", DAY, now=NOW + DAY)
    with pytest.raises(AccountError, match="not valid any more"):
        store.follow_invite("inv", host.id, now=NOW + DAY)
    assert [account.name for account in store.accounts()] == ["Ann"]


def test_following_a_link_twice_counts_once(store: AccountStore) -> None:
    host = store.create_account("Ann", "$argon2id$x", ["player", "host"])
    cleo = store.create_account("Cleo", "$argon2id$x", ["player", "host"])
    store.create_invite("h1", host.id, "inv", DAY)
    store.follow_invite("inv", cleo.id)
    assert store.follow_invite("inv", cleo.id).uses == 1


def test_roles_are_checked(store: AccountStore) -> None:
    with pytest.raises(AccountError, match="no role 'king'"):
        store.create_account("Ann", None, ["king"])
    store.create_account("Ann", None, ["player"])
    with pytest.raises(AccountError, match="the roles are host, director, admin"):
        store.grant("Ann", "player")


def test_the_token_digest_is_sha256() -> None:
    assert token_digest("abc") == (
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    )


@settings(max_examples=60)
@given(st.text(max_size=30))
def test_a_checked_name_is_trimmed_allowed_and_checks_again_the_same(text: str) -> None:
    try:
        name = checked_name(text)
    except AccountNameError as error:
        assert str(error)
        return
    assert 3 <= len(name) <= 20 and name == name.strip()
    assert name[0].isalnum() and name[-1].isalnum()
    assert checked_name(name) == name


def test_an_account_keeps_its_language_and_migration_0011_adds_it(database_url: str) -> None:
    """Issue 23: the web's language menu is remembered on the account; an account made before
    migration 0011 has none (its pages follow the browser), on SQLite and PostgreSQL."""
    from alembic import command

    from pokerroom.storage.database import alembic_config, open_database

    with open_database(database_url) as database:
        store = AccountStore(database)
        ann = store.create_account("Ann", "hash", ["player"])
        assert ann.language is None
        store.set_language(ann.id, "uk")
        assert store.get_account(ann.id).language == "uk"  # type: ignore[union-attr]
    command.downgrade(alembic_config(database_url), "0010")
    with open_database(database_url) as database:
        assert database.revision() == "0016"
        again = AccountStore(database).find_account("ann")
        assert again is not None and again.id == ann.id and again.language is None
