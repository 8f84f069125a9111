"""No blocking call on the event loop: while one table's page is stuck reading the database,
another table's page and API answer (the handlers run in the thread pool, not on the loop)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from ecran.play import TableState
from ecran.store import Store


async def _table(client: httpx.AsyncClient, name: str) -> tuple[str, str]:
    made = await client.post("/api/tables", json={"name": name, "system": "demo"})
    assert made.status_code == 201, made.text
    body = made.json()
    return body["table"]["id"], body["gm_token"]


def test_a_slow_table_page_does_not_delay_another_tables_requests(
    app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    stuck = threading.Event()  # the slow table's state read has begun
    release = threading.Event()  # ...and may finish
    slow: dict[str, str] = {}
    read = Store.state

    def state(self: Store, table_id: str) -> TableState:
        if table_id == slow.get("id"):
            stuck.set()
            release.wait(timeout=10)  # a slow database, in the thread that asked
        return read(self, table_id)

    monkeypatch.setattr(Store, "state", state)

    async def scenario() -> list[str]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            slow_id, slow_token = await _table(client, "Lente")
            other_id, other_token = await _table(client, "Vive")
            for table_id, token in ((slow_id, slow_token), (other_id, other_token)):
                opened = await client.get(f"/tables/{table_id}?token={token}")  # the link
                assert opened.status_code == 303  # a session cookie, then the clean address
            slow["id"] = slow_id
            done: list[str] = []

            async def get(name: str, url: str) -> httpx.Response:
                response = await client.get(url)
                done.append(name)
                return response

            blocked = asyncio.create_task(get("slow page", f"/tables/{slow_id}"))
            for _ in range(1000):  # the slow request is inside its database read
                if stuck.is_set():
                    break
                await asyncio.sleep(0.01)
            assert stuck.is_set(), "the slow page never reached the database"
            page = await get("other page", f"/tables/{other_id}")
            me = await get("other api", f"/api/tables/{other_id}/me?token={other_token}")
            assert page.status_code == 200 and me.status_code == 200
            assert not blocked.done()
            release.set()
            assert (await blocked).status_code == 200
            return done

    try:
        order: Any = asyncio.run(scenario())
    finally:
        release.set()
    assert order == ["other page", "other api", "slow page"]
