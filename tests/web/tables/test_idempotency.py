"""`Idempotency-Key` on every POST that writes (#28 item 4): a repeated POST stores one event
and gets the first answer, across workers; a key is its member's own."""

from __future__ import annotations

import hashlib
from typing import Any

from fastapi.testclient import TestClient

from ecran.store.repository.idempotency import recording
from ecran.web.app import create_app
from ecran.web.deps import app_store
from web.tables.tables_support import Member, Table

ROLL = {"check": "test", "params": {"skill": 1}}


def _post(table: Table, who: Member, path: str, body: Any, key: str) -> Any:
    headers = {**who.auth, "Idempotency-Key": key}
    return table.client.post(table.url(path), json=body, headers=headers)


def _count(table: Table, kind: str) -> int:
    return sum(1 for e in table.get(table.gm, "/events").json() if e["kind"] == kind)


def test_a_repeated_post_stores_one_event_and_gets_the_first_answer(table: Table) -> None:
    first = _post(table, table.alice, "/rolls", ROLL, "k-1")
    again = _post(table, table.alice, "/rolls", ROLL, "k-1")
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert _count(table, "roll") == 1
    assert _post(table, table.alice, "/rolls", ROLL, "k-2").status_code == 201
    assert _count(table, "roll") == 2


def test_a_key_is_its_members_own(table: Table) -> None:
    alice = _post(table, table.alice, "/rolls", ROLL, "same")
    bob = _post(table, table.bob, "/rolls", ROLL, "same")
    assert alice.json()["actor_id"] == table.alice.id and bob.json()["actor_id"] == table.bob.id
    assert _count(table, "roll") == 2


def test_a_refused_request_stores_nothing_and_frees_its_key(table: Table) -> None:
    bad = _post(table, table.alice, "/rolls", {"check": "nope"}, "k-bad")
    assert bad.status_code == 422
    assert _post(table, table.alice, "/rolls", ROLL, "k-bad").status_code == 201
    assert _count(table, "roll") == 1


def test_a_retry_during_the_first_or_after_a_cut_off_one_is_told(table: Table) -> None:
    store = app_store(table.client.app)  # type: ignore[arg-type]
    secret = f"busy|{table.alice.token}"
    key_hash = hashlib.sha256(f"{table.id}|{secret}".encode()).hexdigest()
    assert store.claim_key(table.id, key_hash) is None  # a first request under way
    busy = _post(table, table.alice, "/rolls", ROLL, "busy")
    assert busy.status_code == 409 and busy.headers["Retry-After"] == "1"
    with recording(table.id, key_hash):  # it stores its event, then its worker dies
        table.roll(table.alice)
    cut = _post(table, table.alice, "/rolls", ROLL, "busy")
    assert cut.status_code == 409 and "enregistrée (événement n°" in cut.json()["detail"]
    assert _count(table, "roll") == 1


def test_a_table_created_twice_with_one_key_is_one_table(table: Table) -> None:
    body = {"name": "Jeudi", "system": "toy"}
    headers = {"Idempotency-Key": "new-table"}
    first = table.client.post("/api/tables", json=body, headers=headers)
    again = table.client.post("/api/tables", json=body, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.json()["table"]["id"] == first.json()["table"]["id"]


def test_a_page_form_sent_twice_with_its_key_says_one_thing(table: Table) -> None:
    form = {"token": table.bob.token, "text": "bonsoir", "idempotency_key": "form-1"}
    for _ in range(2):
        assert table.client.post(f"/tables/{table.id}/chat", data=form).status_code == 200
    assert _count(table, "message") == 1


def test_across_workers_a_repeated_post_stores_one_event(table: Table) -> None:
    """Two apps (two workers) on one database: the retry reaching the other gets the answer."""
    app = table.client.app
    other = create_app()
    other.state.database_url = app.state.database_url  # type: ignore[attr-defined]
    with TestClient(other) as second:
        first = _post(table, table.alice, "/rolls", ROLL, "w-1")
        headers = {**table.alice.auth, "Idempotency-Key": "w-1"}
        again = second.post(table.url("/rolls"), json=ROLL, headers=headers)
        assert again.status_code == 201 and again.json() == first.json()
    assert _count(table, "roll") == 1
