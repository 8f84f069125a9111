"""Link tokens are kept hashed: a copy of the database holds no token, every link still opens its
seat, and the migration converts a database of plain tokens without locking anyone out."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import Engine, create_engine, inspect, text
from sqlalchemy.engine import make_url

from ecran.play.errors import NotFound
from ecran.store import Store, make_engine, migrate
from ecran.store.db import MIGRATIONS
from ecran.store.models import Base
from ecran.store.tokens import seal, token_hash, unseal


def _everything_stored(store: Store) -> str:
    """Every value of every row of the tables holding links, as one text."""
    with store.engine.connect() as conn:
        rows = [
            *conn.execute(text("SELECT * FROM game_tables")),
            *conn.execute(text("SELECT * FROM members")),
        ]
    return " ".join(str(value) for row in rows for value in row)


def test_no_token_is_stored_only_its_hash(store: Store) -> None:
    created = store.create_table("Jeudi", "demo")
    _, alice_token = store.join(created.invite_token, "Alice")
    stored = _everything_stored(store)
    for token in (created.gm_token, created.invite_token, alice_token):
        assert token not in stored
        assert token_hash(token) in stored


def test_every_link_still_opens_its_seat(store: Store) -> None:
    created = store.create_table("Jeudi", "demo")
    gm = store.authenticate(created.gm_token)
    assert gm.member.is_gm and gm.table_id == created.table.id
    assert store.table_for_invite(created.invite_token).name == "Jeudi"
    alice, token = store.join(created.invite_token, "Alice")
    assert store.authenticate(token).member == alice.member
    # the GM's page shows the invite link again (opened with the GM's own token)
    assert store.invite_token(gm) == created.invite_token
    assert created.gm_token not in repr(gm)  # an access written to a log carries no token
    with pytest.raises(NotFound):
        store.authenticate(token_hash(created.gm_token))  # the hash is not a key


def test_renewals_give_the_new_token_once_and_keep_the_invite_readable(store: Store) -> None:
    created = store.create_table("Jeudi", "demo")
    gm = store.authenticate(created.gm_token)
    _, invite = store.renew_invite(gm)
    assert store.invite_token(gm) == invite
    with pytest.raises(NotFound):
        store.table_for_invite(created.invite_token)
    _, new_gm_token = store.renew_link(gm, gm.member.id, revoke=False)
    assert new_gm_token is not None and new_gm_token not in _everything_stored(store)
    with pytest.raises(NotFound):
        store.authenticate(created.gm_token)
    renewed = store.authenticate(new_gm_token)
    assert store.invite_token(renewed) == invite  # the GM's new link still shows the invite


def test_a_sealed_invite_opens_only_with_the_gm_token() -> None:
    sealed = seal("invite-secret", "gm-token")
    assert "invite-secret" not in sealed
    assert unseal(sealed, token_hash("invite-secret"), "gm-token") == "invite-secret"
    assert unseal(sealed, token_hash("invite-secret"), "player-token") is None
    assert unseal("not base64 !", token_hash("invite-secret"), "gm-token") is None


# -- the migration from plain tokens ---------------------------------------------------------------


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


@pytest.fixture
def empty_engine(db_url: str, tmp_path: Path) -> Iterator[Engine]:
    """An empty database of the parametrised kind (PostgreSQL: a database of its own)."""
    url = make_url(db_url)
    if url.get_backend_name() == "sqlite":
        engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
        yield engine
        engine.dispose()
        return
    name = f"migrate_{uuid.uuid4().hex}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine = make_engine(url.set(database=name).render_as_string(hide_password=False))
    yield engine
    engine.dispose()
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE "{name}"'))
    admin.dispose()


def _old_database(engine: Engine) -> None:
    """The schema of revision 0001 with a table of plain tokens: a GM, a player, a character."""
    config = _config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
    now = datetime(2026, 1, 1, tzinfo=UTC)
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO game_tables (id, name, system_id, options, invite_token, last_seq, "
                "created_at) VALUES ('t1', 'Ancienne', 'demo', '{}', 'old-invite', 0, :now)"
            ),
            {"now": now},
        )
        conn.execute(
            text(
                "INSERT INTO members (id, table_id, role, display_name, token, joined_at) VALUES "
                "('m1', 't1', 'gm', 'MJ', 'old-gm', :now), "
                "('m2', 't1', 'player', 'Alice', 'old-alice', :later)"
            ),
            {"now": now, "later": now.replace(hour=1)},
        )
        conn.execute(
            text(
                "INSERT INTO characters (id, table_id, owner_id, version, secret, deleted, sheet) "
                "VALUES ('c1', 't1', 'm2', 1, false, false, '{}')"
            )
        )


def test_the_migration_hashes_existing_tokens_and_links_keep_working(
    empty_engine: Engine,
) -> None:
    _old_database(empty_engine)
    migrate(empty_engine)
    with empty_engine.connect() as conn:
        columns = {
            table: {c["name"] for c in inspect(conn).get_columns(table)}
            for table in ("members", "game_tables")
        }
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
        assert conn.execute(text("SELECT count(*) FROM characters")).scalar() == 1
    assert "token" not in columns["members"] and "token_hash" in columns["members"]
    assert "invite_token" not in columns["game_tables"]
    store = Store(empty_engine)
    assert "old-gm" not in _everything_stored(store)
    assert "old-invite" not in _everything_stored(store)
    gm = store.authenticate("old-gm")
    assert gm.member.is_gm and gm.table_id == "t1"
    assert store.authenticate("old-alice").member.display_name == "Alice"
    assert store.table_for_invite("old-invite").name == "Ancienne"
    assert store.invite_token(gm) == "old-invite"


def test_a_stale_gm_link_never_leaves_an_invite_the_gm_cannot_read(store: Store) -> None:
    """A request that authenticated with the GM's link just before it was renewed (another tab)
    would seal the invite under a token no one holds: it is refused, the invite stays readable."""
    created = store.create_table("Jeudi", "demo")
    stale = store.authenticate(created.gm_token)
    _, new_gm_token = store.renew_link(stale, stale.member.id, revoke=False)
    assert new_gm_token is not None
    with pytest.raises(NotFound):
        store.renew_invite(stale)
    with pytest.raises(NotFound):
        store.renew_link(stale, stale.member.id, revoke=False)
    gm = store.authenticate(new_gm_token)
    assert store.invite_token(gm) == created.invite_token
    _, invite = store.renew_invite(gm)
    assert store.invite_token(gm) == invite
