"""Every write is rate limited per member link and per client address, tighter for what needs
no link; a table has a quota of events (#28 item 2)."""

from __future__ import annotations

import html
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ecran.web.app import create_app
from toy import registered
from web.tables.tables_support import Table, new_table


def _client(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, migrated_db: Path, **env: str
) -> Iterator[TestClient]:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    app = create_app()
    database = tmp_path / "ecran.sqlite3"
    shutil.copyfile(migrated_db, database)
    app.state.database_url = f"sqlite:///{database}"
    with registered(), TestClient(app) as client:
        yield client


@pytest.fixture
def limited(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, migrated_db: Path
) -> Iterator[TestClient]:
    yield from _client(
        monkeypatch,
        tmp_path,
        migrated_db,
        ECRAN_WRITE_LIMITS="10/second;20/minute",
        ECRAN_ADDRESS_WRITE_LIMITS="1000/second",
        ECRAN_CREATE_LIMITS="5/minute",
    )


def test_a_flood_of_rolls_from_one_link_is_refused_while_another_member_rolls(
    limited: TestClient,
) -> None:
    table = new_table(limited, easy=True)
    body = {"check": "test", "params": {"skill": 1}}
    answers = [table.post(table.alice, "/rolls", body) for _ in range(100)]
    statuses = [a.status_code for a in answers]
    assert set(statuses) == {201, 429}
    assert statuses.count(201) <= 20 and statuses.count(429) >= 80
    refused = next(a for a in answers if a.status_code == 429)
    assert int(refused.headers["Retry-After"]) >= 1
    assert refused.json()["detail"].startswith("trop d'actions d'un coup : réessayez dans")
    assert table.post(table.bob, "/rolls", body).status_code == 201
    events = table.get(table.gm, "/events").json()
    assert sum(1 for e in events if e["kind"] == "roll") == statuses.count(201) + 1


def test_chat_on_a_page_is_refused_in_french_with_retry_after(limited: TestClient) -> None:
    table = new_table(limited, easy=True)
    sent = [
        limited.post(f"/tables/{table.id}/chat", data={"token": table.bob.token, "text": "hop"})
        for _ in range(25)
    ]
    refused = [a for a in sent if a.status_code == 429]
    assert refused and "Retry-After" in refused[0].headers
    assert "trop d'actions d'un coup" in html.unescape(refused[0].text)


def test_creating_tables_from_one_address_is_limited(limited: TestClient) -> None:
    body = {"name": "Jeudi", "system": "toy"}
    statuses = [limited.post("/api/tables", json=body).status_code for _ in range(8)]
    assert statuses[:4] == [201] * 4 and statuses[-1] == 429


def test_reads_and_previews_are_not_counted(limited: TestClient) -> None:
    table = new_table(limited, easy=True)
    for _ in range(30):
        assert table.get(table.alice).status_code == 200
        odds = table.post(table.alice, "/odds", {"check": "test", "params": {"skill": 1}})
        assert odds.status_code == 200


def test_a_table_at_its_quota_of_events_refuses_writes_clearly(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, migrated_db: Path
) -> None:
    for client in _client(monkeypatch, tmp_path, migrated_db, ECRAN_TABLE_EVENTS_MAX="6"):
        table: Table = new_table(client, easy=True)  # created, two joins: 3 events
        seq = table.last_seq()
        for _ in range(6 - seq):
            table.roll(table.alice)
        refused = table.post(table.alice, "/rolls", {"check": "test", "params": {"skill": 1}})
        assert refused.status_code == 403
        assert refused.json()["detail"].startswith("table pleine : elle a atteint son quota de 6")
        assert table.get(table.gm, "/events").status_code == 200


def test_two_workers_share_the_counts_through_redis(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, migrated_db: Path, redis_url: str
) -> None:
    """Two apps on one database and one Redis: a link's writes count once, wherever sent."""
    for name, value in {
        "ECRAN_WRITE_LIMITS": "6/minute",
        "ECRAN_ADDRESS_WRITE_LIMITS": "1000/second",
        "ECRAN_CREATE_LIMITS": "1000/second",
    }.items():
        monkeypatch.setenv(name, value)
    database = tmp_path / "ecran.sqlite3"
    shutil.copyfile(migrated_db, database)
    apps = [create_app(), create_app()]
    for app in apps:
        app.state.database_url = f"sqlite:///{database}"
        app.state.redis_url = redis_url
    with registered(), TestClient(apps[0]) as one, TestClient(apps[1]) as two:
        table = new_table(one, easy=True)
        body = {"check": "test", "params": {"skill": 1}}
        statuses = []
        for i in range(10):
            table.client = (one, two)[i % 2]
            statuses.append(table.post(table.alice, "/rolls", body).status_code)
        assert statuses.count(201) == 6 and statuses.count(429) == 4
