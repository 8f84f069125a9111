"""No roll at a table without a dice key in force, whatever the route. An imported table (the
export never carries the key in force) has none until something rolls there: the first roll
through any route — the API's check, the pages' roll panel, an operation on a character, an NPC
drawn by the GM, a tracker step, a chat roll (`/r`, `[[…]]`) — publishes a new key's commitment
first (numbered on from the export's last key), and the roll is seeded by it. `ecran verify` on
the copy's export then meets no "legacy" event, and fails once a die is changed."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest
from fastapi.testclient import TestClient

from ecran.store import Store
from web.tables.tables_support import Member, Table

#: The export's keys: 1 at creation, 2 after the reveal; the copy's first roll starts the third.
COPY_KEY = 3


@dataclass
class Copy:
    """The imported table on the other server: its GM's and Alice's new links, Hector's id."""

    client: TestClient
    id: str
    gm: Member
    alice: Member
    hector: str

    def api(self, who: Member, method: str, path: str, body: Any = None) -> httpx.Response:
        url = f"/api/tables/{self.id}{path}"
        return self.client.request(method, url, headers=who.auth, json=body)

    def page(self, who: Member, path: str, pairs: list[tuple[str, str]]) -> httpx.Response:
        headers = {
            "X-Ecran-Token": who.token,
            "Content-Type": "application/x-www-form-urlencoded",
            "HX-Request": "true",
        }
        return self.client.post(
            f"/tables/{self.id}{path}",
            content=urlencode(pairs),
            headers=headers,
            follow_redirects=False,
        )

    def commitment(self) -> Any:
        return self.api(self.gm, "GET", "/dice").json()

    def events(self) -> list[dict[str, Any]]:
        found = self.api(self.gm, "GET", "/events?limit=500")
        assert found.status_code == 200, found.text
        return list(found.json())

    def version(self) -> int:
        return int(self.api(self.gm, "GET", f"/characters/{self.hector}").json()["version"])


def _copied(table: Table, other: TestClient) -> Copy:
    """A played table (a roll, the key revealed, a roll under the next key) exported by its GM
    and imported on the other server."""
    hector = table.character(table.alice, {"name": "Hector", "might": 3, "agility": 2})
    table.roll(table.alice, character_id=hector["id"])
    assert table.post(table.gm, "/dice/reveal", None).status_code == 201
    table.roll(table.bob)
    export = table.get(table.gm, "/export").json()
    moved = other.post("/api/tables/import", json=export)
    assert moved.status_code == 201, moved.text
    body = moved.json()
    alice = next(m["token"] for m in body["members"] if m["display_name"] == "Alice")
    return Copy(
        other,
        table.id,
        Member(table.gm.id, body["gm_token"]),
        Member(table.alice.id, alice),
        hector["id"],
    )


def _encounter(copy: Copy) -> tuple[str, str]:
    """An encounter with Hector in it (nothing rolled): its id and Hector's participant id."""
    made = copy.api(copy.gm, "POST", "/encounters", {"name": "Embuscade"})
    assert made.status_code == 201, made.text
    eid = made.json()["payload"]["encounter_id"]
    added = copy.api(
        copy.gm, "POST", f"/encounters/{eid}/participants", {"character_id": copy.hector}
    )
    assert added.status_code == 201, added.text
    [pid] = added.json()["payload"]["encounter"]["participants"]
    return eid, pid


# Each route rolls once at the copy; it answers 2xx (pages: 200 or a redirect).
Route = Callable[[Copy], httpx.Response]


def _page_roll(c: Copy) -> httpx.Response:
    return c.page(c.alice, "/roll", [("check", "test"), ("skill", "2"), ("visibility", "public")])


def _page_operation(c: Copy) -> httpx.Response:
    pairs = [("operation", "hit"), ("version", str(c.version()))]
    return c.page(c.alice, f"/characters/{c.hector}/operate", pairs)


def _page_npc(c: Copy) -> httpx.Response:
    return c.page(c.gm, "/npc", [("secret", "true")])


def _page_step_npc(c: Copy) -> httpx.Response:
    eid, _ = _encounter(c)
    return c.page(c.gm, f"/encounters/{eid}/step", [("step", "add"), ("random", "true")])


def _page_step_operation(c: Copy) -> httpx.Response:
    eid, pid = _encounter(c)
    pairs = [("step", "operation"), ("operation", "hit"), ("participant", pid)]
    return c.page(c.gm, f"/encounters/{eid}/step", pairs)


def _page_step_initiative(c: Copy) -> httpx.Response:
    eid, _ = _encounter(c)
    return c.page(c.gm, f"/encounters/{eid}/step", [("step", "initiative")])


def _page_chat_roll(c: Copy) -> httpx.Response:
    return c.page(c.alice, "/chat", [("text", "/r 2d6+1 dégâts")])


def _page_chat_inline(c: Copy) -> httpx.Response:
    return c.page(c.alice, "/chat", [("text", "Je tente [[1d20]] puis [[1d6]]")])


def _api_roll(c: Copy) -> httpx.Response:
    return c.api(c.alice, "POST", "/rolls", {"check": "test", "params": {"skill": 1}})


def _api_operation(c: Copy) -> httpx.Response:
    body = {"params": {}, "expected_version": c.version()}
    return c.api(c.alice, "POST", f"/characters/{c.hector}/operations/hit", body)


def _api_step_initiative(c: Copy) -> httpx.Response:
    eid, _ = _encounter(c)
    return c.api(c.gm, "POST", f"/encounters/{eid}/initiative", {})


def _api_chat(c: Copy) -> httpx.Response:
    return c.api(c.alice, "POST", "/messages", {"text": "/r 1d20"})


ROUTES: dict[str, Route] = {
    "page roll": _page_roll,
    "page operation": _page_operation,
    "page NPC draw": _page_npc,
    "tracker step: random NPC": _page_step_npc,
    "tracker step: operation": _page_step_operation,
    "tracker step: initiative": _page_step_initiative,
    "chat /r": _page_chat_roll,
    "chat [[…]]": _page_chat_inline,
    "API roll": _api_roll,
    "API operation": _api_operation,
    "API tracker step: initiative": _api_step_initiative,
    "API chat": _api_chat,
}


@pytest.mark.parametrize("name", list(ROUTES))
def test_the_first_roll_at_a_copy_starts_a_key_whatever_the_route(
    table: Table, other: TestClient, name: str
) -> None:
    copy = _copied(table, other)
    assert copy.commitment() is None  # the key in force never leaves its server
    before = copy.events()[-1]["seq"]
    answer = ROUTES[name](copy)
    assert answer.status_code < 400, answer.text
    key = copy.commitment()
    assert key["index"] == COPY_KEY
    new = [e for e in copy.events() if e["seq"] > before]
    started = [e for e in new if e["kind"] == "dice_key"]
    assert len(started) == 1 and started[0]["payload"]["next"] == key
    assert "secret" not in started[0]["payload"]  # the key itself is never shown
    rolled = [e for e in new if e["payload"].get("commitment") is not None]
    assert rolled and all(e["seq"] > started[0]["seq"] for e in rolled)
    assert all(e["payload"]["commitment"] == key for e in rolled)


def test_a_chat_message_without_dice_starts_no_key(table: Table, other: TestClient) -> None:
    copy = _copied(table, other)
    before = copy.events()[-1]["seq"]
    said = copy.page(copy.alice, "/chat", [("text", "Bonsoir à tous")])
    assert said.status_code < 400, said.text
    assert copy.commitment() is None
    assert [e["kind"] for e in copy.events() if e["seq"] > before] == ["message"]


def _verify(cli: Any, path: Path, data: dict[str, Any]) -> Any:
    path.write_text(json.dumps(data))
    return cli("--lang", "en", "verify", str(path))


def _counts(out: str) -> dict[str, int]:
    """The verdict's counts by status, from its summary line."""
    summary = out.strip().splitlines()[-1]
    words = {
        "ok": "verified by the revealed key",
        "gm_seed": "with a GM-chosen seed",
        "pending": "under the key in force",
        "legacy": "from before verifiable dice",
        "failed": "failing",
    }
    found = {}
    for status, said in words.items():
        before = summary[: summary.index(said)].rstrip().split(" ")[-1]
        found[status] = int(before)
    return found


def test_every_route_at_a_copy_rolls_under_a_key_and_verifies(
    table: Table, other: TestClient, cli: Any, tmp_path: Path
) -> None:
    copy = _copied(table, other)
    for name, route in ROUTES.items():
        answer = route(copy)
        assert answer.status_code < 400, (name, answer.text)
    # the log and the fairness panel name the key in force, as for any roll
    key = copy.commitment()
    fairness = other.get(f"/tables/{copy.id}/fairness", params={"token": copy.gm.token})
    assert f'data-index="{COPY_KEY}"' in fairness.text and key["commitment"] in fairness.text
    log = other.get(f"/tables/{copy.id}/events", params={"token": copy.gm.token}).text
    shown = f"clé {COPY_KEY} · {key['commitment'][:12]}"
    assert log.count(shown) >= len(ROUTES)
    # the key's own event says what it publishes (the revealed one's number and its hash)
    assert f'dice-key-published" data-index="{COPY_KEY}"' in log
    assert "empreinte de la clé des dés n° 3" in log
    assert copy.api(copy.gm, "POST", "/dice/reveal").status_code == 201
    data = copy.api(copy.gm, "GET", "/export").json()
    result = _verify(cli, tmp_path / "copy.json", data)
    assert result.code == 0, result.out
    counts = _counts(result.out)
    assert counts["legacy"] == 0 and counts["failed"] == 0 and counts["gm_seed"] == 0
    # the copy's rolls verify by the key it revealed; Bob's under key 2 stays pending for good
    assert counts["pending"] == 1 and counts["ok"] >= len(ROUTES) + 1
    # one die changed: exit 1, naming that roll
    said = next(e for e in data["events"] if e["kind"] == "message" and e["payload"]["rolls"])
    rolled = said["payload"]["rolls"][0]
    rolled["dice"] = [rolled["dice"][0] % 6 + 1, *rolled["dice"][1:]]
    result = _verify(cli, tmp_path / "copy.json", data)
    assert result.code == 1
    failing = [line for line in result.out.splitlines() if line.startswith("roll #")]
    assert failing == [line for line in failing if line.startswith(f"roll #{said['seq']} ")]
    assert len(failing) == 1 and _counts(result.out)["failed"] == 1


def test_two_first_rolls_at_once_start_one_key(
    table: Table, other: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another request starts the key between this one's finding none and starting its own:
    this one's start is refused, and it rolls under the other's key."""
    copy = _copied(table, other)
    before = copy.events()[-1]["seq"]
    store: Store = other.app.state.store  # type: ignore[attr-defined]
    asked = Store.next_dice_index

    def raced(self: Store, table_id: str) -> int:
        index = asked(self, table_id)
        monkeypatch.setattr(Store, "next_dice_index", asked)  # the other request's turn
        first = _api_roll(copy)
        assert first.status_code == 201, first.text
        return index

    monkeypatch.setattr(Store, "next_dice_index", raced)
    second = _page_chat_roll(copy)
    assert second.status_code < 400, second.text
    new = [e for e in copy.events() if e["seq"] > before]
    assert [e["kind"] for e in new] == ["dice_key", "roll", "message"]
    assert store.state(copy.id).dice_key is not None
    assert [e["payload"]["commitment"]["index"] for e in new[1:]] == [COPY_KEY, COPY_KEY]


def test_a_table_from_before_verifiable_dice_gets_its_first_key_at_its_first_roll(
    table: Table, other: TestClient, cli: Any, tmp_path: Path
) -> None:
    """An export of a table made before verifiable dice (no key published, a roll without a
    commitment): its old roll stays "legacy"; the copy's first roll publishes key 1 and every
    roll after it verifies."""
    table.roll(table.alice)
    export = table.get(table.gm, "/export").json()
    del export["events"][0]["payload"]["dice"]
    [old] = [e for e in export["events"] if e["kind"] == "roll"]
    old["payload"]["commitment"] = None
    moved = other.post("/api/tables/import", json=export)
    assert moved.status_code == 201, moved.text
    gm = Member(table.gm.id, moved.json()["gm_token"])
    url = f"/api/tables/{table.id}"
    assert other.get(f"{url}/dice", headers=gm.auth).json() is None
    chat = other.post(f"{url}/messages", headers=gm.auth, json={"text": "[[3d6]]"})
    assert chat.status_code == 201, chat.text
    key = other.get(f"{url}/dice", headers=gm.auth).json()
    assert key["index"] == 1 and chat.json()["payload"]["commitment"] == key
    log = other.get(f"/tables/{table.id}/events", params={"token": gm.token})
    assert log.status_code == 200 and "empreinte de la clé des dés n° 1" in log.text
    assert other.post(f"{url}/dice/reveal", headers=gm.auth).status_code == 201
    result = _verify(cli, tmp_path / "old.json", other.get(f"{url}/export", headers=gm.auth).json())
    assert result.code == 0, result.out
    assert _counts(result.out) == {"ok": 1, "gm_seed": 0, "pending": 0, "legacy": 1, "failed": 0}


def test_a_reveal_at_a_copy_never_reuses_a_key_number(
    table: Table, other: TestClient, cli: Any, tmp_path: Path
) -> None:
    """The GM reveals before anything rolled at the copy (the page's button, then the API): the
    copy's key starts first, numbered on from the export's, and is revealed; the export of the
    copy verifies, the original's rolls under keys 1 and 2 with them."""
    copy = _copied(table, other)
    revealed = copy.page(copy.gm, "/dice/reveal", [])
    assert revealed.status_code < 400, revealed.text
    assert copy.commitment()["index"] == COPY_KEY + 1
    assert copy.api(copy.gm, "POST", "/dice/reveal").status_code == 201
    changes = [e["payload"] for e in copy.events() if e["kind"] == "dice_key"]
    numbers = [(c["revealed"] and c["revealed"]["index"], c["next"]["index"]) for c in changes]
    assert numbers == [(1, 2), (None, 3), (3, 4), (4, 5)]
    result = _verify(cli, tmp_path / "copy.json", copy.api(copy.gm, "GET", "/export").json())
    assert result.code == 0, result.out
    assert _counts(result.out) == {"ok": 1, "gm_seed": 0, "pending": 1, "legacy": 0, "failed": 0}
