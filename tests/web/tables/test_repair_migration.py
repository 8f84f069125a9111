"""A table poisoned by the code before #28 (a lone surrogate stored in a roll's label, a bidi
override in a member's name) answers 500 everywhere; the `0004` migration repairs it: the bad
characters replaced by U+FFFD, the log, pages and export readable again."""

from __future__ import annotations

import shutil
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from ecran.web.app import create_app
from web.tables.tables_support import new_table


def _client(url: str) -> TestClient:
    app = create_app()
    app.state.database_url = url
    return TestClient(app, raise_server_exceptions=False)


def test_the_migration_repairs_a_poisoned_table(tmp_path: Path, migrated_db: Path) -> None:
    database = tmp_path / "ecran.sqlite3"
    shutil.copyfile(migrated_db, database)
    url = f"sqlite:///{database}"
    with _client(url) as client:
        table = new_table(client, easy=True)
        table.roll(table.alice, label="Attaque")
        seq = table.last_seq()
    # what today's code let through, written as SQLite stored it (JSON text, escapes kept)
    engine = create_engine(url)
    with engine.begin() as db:
        db.execute(
            text(
                "UPDATE events SET payload = json_set(payload, '$.label', :label) "
                "WHERE table_id = :t AND seq = :seq"
            ),
            {"label": "Att\\ud800aque", "t": table.id, "seq": seq},
        )
        escaped = "UPDATE events SET payload = replace(payload, 'Att\\\\ud800', 'Att\\ud800')"
        db.execute(text(escaped))
        db.execute(
            text("UPDATE members SET display_name = :n WHERE id = :id"),
            {"n": "Bob\u202e", "id": table.bob.id},
        )
        raw = db.execute(
            text("SELECT payload FROM events WHERE table_id = :t AND seq = :seq"),
            {"t": table.id, "seq": seq},
        ).scalar_one()
    assert "\\ud800" in raw
    with _client(url) as client:
        table.client = client
        assert table.get(table.gm, "/events").status_code == 500  # poisoned for every member
    with engine.begin() as db:  # as a database last migrated before 0004
        db.execute(text("UPDATE alembic_version SET version_num = '0003'"))
        db.execute(text("DROP TABLE idempotency_keys"))  # made by 0005, after the repair
        db.execute(text("ALTER TABLE game_tables DROP COLUMN events_bytes"))  # made by 0006
    engine.dispose()
    with _client(url) as client:
        table.client = client
        for path in ("", "/events", "/log", "/export"):
            answer = table.get(table.gm, path)
            assert answer.status_code == 200, (path, answer.text[:200])
        labels = [e["payload"].get("label") for e in table.get(table.gm, "/events").json()]
        assert "Att\ufffdaque" in labels
        assert client.get(f"/tables/{table.id}?token={table.gm.token}").status_code == 200
        members = {m["id"]: m["display_name"] for m in table.get(table.gm).json()["members"]}
        assert members[table.bob.id] == "Bob\ufffd"
