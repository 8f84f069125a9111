"""#28: a table's stored events take at most `ECRAN_TABLE_EVENTS_MB` (their JSON payloads'
bytes, counted beside the log); a write past it is refused 413 in one line and stores nothing
(the log, its count and the table's byte count unchanged). The `0006` migration counts the
tables already stored."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from ecran.web.app import create_app
from web.tables.tables_support import new_table


def _stored(url: str, table_id: str) -> tuple[int, int, int]:
    """The table's byte count, its events' payload bytes counted again, its events' number."""
    engine = create_engine(url)
    with engine.connect() as db:
        kept = db.execute(
            text("SELECT events_bytes FROM game_tables WHERE id = :t"), {"t": table_id}
        ).scalar_one()
        payloads = db.execute(
            text("SELECT payload FROM events WHERE table_id = :t"), {"t": table_id}
        ).scalars()
        sizes = [len(json.dumps(json.loads(p), ensure_ascii=False).encode()) for p in payloads]
    engine.dispose()
    return kept, sum(sizes), len(sizes)


def _app(url: str) -> TestClient:
    app = create_app()
    app.state.database_url = url
    return TestClient(app)


def test_a_write_past_the_tables_room_is_refused_and_stores_nothing(
    tmp_path: Path, migrated_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = tmp_path / "ecran.sqlite3"
    shutil.copyfile(migrated_db, database)
    url = f"sqlite:///{database}"
    monkeypatch.setenv("ECRAN_TABLE_EVENTS_MB", "0.01")  # 10 KiB
    monkeypatch.setenv("ECRAN_WRITE_LIMITS", "1000/second")
    with _app(url) as client:
        table = new_table(client, easy=True)
        said = {"text": "é" * 900}
        answers = [table.post(table.gm, "/messages", said) for _ in range(12)]
        statuses = [a.status_code for a in answers]
        assert 201 in statuses and 413 in statuses, statuses
        refused = answers[statuses.index(413)]
        assert refused.json()["detail"].startswith("table pleine : ses événements prendraient")
        assert "\n" not in refused.json()["detail"]
        before = _stored(url, table.id)
        assert table.post(table.gm, "/messages", said).status_code == 413
        assert _stored(url, table.id) == before  # nothing half stored
        kept, counted, _ = before
        assert kept == counted <= 0.01 * 1024 * 1024
        assert table.get(table.gm, "/events").status_code == 200  # still readable


def test_the_migration_counts_the_tables_already_stored(tmp_path: Path, migrated_db: Path) -> None:
    database = tmp_path / "ecran.sqlite3"
    shutil.copyfile(migrated_db, database)
    url = f"sqlite:///{database}"
    with _app(url) as client:
        table = new_table(client, easy=True)
        table.roll(table.alice, label="Attaque")
    engine = create_engine(url)
    with engine.begin() as db:  # as a database last migrated before 0006
        db.execute(text("UPDATE alembic_version SET version_num = '0005'"))
        db.execute(text("ALTER TABLE game_tables DROP COLUMN events_bytes"))
    engine.dispose()
    with _app(url) as client:
        assert client.get("/readyz").status_code == 200  # opens the store: migrates
    kept, counted, events = _stored(url, table.id)
    assert events > 3 and kept == counted > 0
