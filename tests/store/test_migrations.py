"""The schema comes from the migrations, run by themselves at start-up, on a fresh SQLite file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text

from ecran.store import ENV_URL, default_url, open_store, resolve_url
from ecran.store.db import MIGRATIONS, heads, is_current, make_engine, migrate
from ecran.store.models import Base


def test_a_fresh_file_is_migrated_to_head_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "ecran.sqlite3"
    store = open_store(f"sqlite:///{path}")
    assert path.exists()
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(config).get_current_head()
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == head
        assert set(inspect(conn).get_table_names()) >= {
            "game_tables", "members", "characters", "encounters", "events", "alembic_version"
        }  # fmt: skip
    store.engine.dispose()


def test_the_migrations_build_exactly_the_models(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    with store.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
    store.engine.dispose()


def test_opening_twice_keeps_the_data(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    first = open_store(url)
    created = first.create_table("Persistante", "demo")
    first.engine.dispose()
    second = open_store(url)
    assert second.state(created.table.id).table.name == "Persistante"
    second.engine.dispose()


def test_foreign_keys_are_enforced(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    with pytest.raises(Exception, match="FOREIGN KEY"), store.engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO events (table_id, seq, kind, visibility, payload, at) "
                "VALUES ('nope', 1, 'roll', 'public', '{}', '2026-01-01')"
            )
        )
    store.engine.dispose()


def test_the_url_comes_from_the_argument_then_the_environment_then_the_data_dir(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(ENV_URL, raising=False)
    expected = Path(platformdirs.user_data_dir("ecran")) / "ecran.sqlite3"
    assert default_url() == f"sqlite:///{expected}"
    assert resolve_url() == default_url()
    monkeypatch.setenv(ENV_URL, "postgresql+psycopg://u@h/db")
    assert resolve_url() == "postgresql+psycopg://u@h/db"
    assert resolve_url("sqlite://") == "sqlite://"


def test_the_environment_url_is_used_by_open_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "env.sqlite3"
    monkeypatch.setenv(ENV_URL, f"sqlite:///{path}")
    store = open_store()
    assert path.exists()
    store.engine.dispose()


def test_the_head_read_from_the_files_is_alembics_head() -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    assert heads() == frozenset(ScriptDirectory.from_config(config).get_heads())


def test_a_current_database_is_opened_without_loading_alembic(tmp_path: Path) -> None:
    """Start-up speed: Alembic is imported only when there is something to migrate."""
    url = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    open_store(url).engine.dispose()
    script = (
        "import sys; from ecran.store import open_store; "
        f"open_store({url!r}).engine.dispose(); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'alembic'))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_only_a_database_at_the_head_counts_as_current(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    assert not is_current(engine)  # no alembic_version table yet
    migrate(engine)
    assert is_current(engine)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '0001'"))
    assert not is_current(engine)
    engine.dispose()
