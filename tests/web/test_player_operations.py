"""A player applies the system's operations from the tracker to their own character, on its turn
(`rights.require_turn`), through the API and the encounter page; the GM on anyone at any time.
Another player's character, another turn, a player's seed: refused in one line, nothing changes.

Toy (tests/toy.py): `hit` adds 1d6 + extra wounds; `heal` sets them to 0.
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from fastapi.testclient import TestClient

from web.table_pages.conftest import Seat, create, join
from web.tables.tables_support import Table, new_table


def _started(table: Table) -> tuple[str, dict[str, Any]]:
    """Alice's Hector (p1, initiative 9), Bob's Brutus (p2, 5): started, Hector acts."""
    hector = table.character(table.alice, {"name": "Hector", "might": 3, "agility": 2})
    brutus = table.character(table.bob, {"name": "Brutus", "might": 1, "agility": 3})
    enc = table.post(table.gm, "/encounters", {"name": "Rixe"}).json()["payload"]["encounter_id"]
    for character, init in ((hector, 9), (brutus, 5)):
        body = {"character_id": character["id"], "initiative": init}
        assert table.post(table.gm, f"/encounters/{enc}/participants", body).status_code == 201
    assert table.post(table.gm, f"/encounters/{enc}/start").status_code == 200
    return enc, hector


def _op(table: Table, who: Any, enc: str, pid: str, name: str, **body: Any) -> Any:
    return table.post(who, f"/encounters/{enc}/participants/{pid}/operations/{name}", body)


def _refused(answer: Any, words: str) -> None:
    assert answer.status_code == 403, answer.text
    detail = answer.json()["detail"]
    assert words in detail and "\n" not in detail


def test_a_player_operates_on_their_own_character_on_its_turn_through_the_api(
    app_client: TestClient, toy_system: Any
) -> None:
    table = new_table(app_client, easy=True)
    enc, hector = _started(table)
    before = table.last_seq()
    _refused(_op(table, table.alice, enc, "p2", "hit"), "seuls le joueur de Brutus")
    _refused(_op(table, table.bob, enc, "p2", "hit"), "ce n'est pas le tour de Brutus")
    _refused(_op(table, table.alice, enc, "p1", "hit", seed=5), "seul le serveur tire les dés")
    assert table.last_seq() == before  # nothing changed

    done = _op(table, table.alice, enc, "p1", "hit", params={"extra": 2})
    assert done.status_code == 200, done.text
    event = done.json()
    assert event["actor_id"] == table.alice.id  # credited to her, not the GM
    assert event["payload"]["summary"]["fr"].startswith("Hector : ")
    saved = table.get(table.alice, f"/characters/{hector['id']}").json()
    wounds = saved["sheet"]["wounds"]
    assert saved["version"] == hector["version"] + 1 and 3 <= wounds <= 8  # 1d6 + 2

    # the turn passes to Brutus: now Bob may, Alice no longer
    assert table.post(table.alice, f"/encounters/{enc}/next").status_code == 200
    _refused(_op(table, table.alice, enc, "p1", "heal"), "ce n'est pas le tour d'Hector")
    assert _op(table, table.bob, enc, "p2", "heal").status_code == 200
    # the GM acts for anyone at any time
    assert _op(table, table.gm, enc, "p1", "heal").status_code == 200
    healed = table.get(table.gm, f"/characters/{hector['id']}").json()["sheet"]["wounds"]
    assert healed == 0


def _character(seat: Seat, sheet: dict[str, Any]) -> str:
    made = seat.client.post(
        f"/api/tables/{seat.table_id}/characters",
        json={"sheet": sheet},
        headers={"Authorization": f"Bearer {seat.token}"},
    )
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


def _step(seat: Seat, eid: str, *pairs: tuple[str, str]) -> Any:
    return seat.post(f"/encounters/{eid}/step", pairs, htmx=True)


def test_a_player_operates_from_the_tracker_on_their_turn(
    app_client: TestClient, toy_system: Any
) -> None:
    gm, invite = create(app_client, "toy")
    lou, max_ = join(app_client, invite, "Lou"), join(app_client, invite, "Max")
    ids = [
        _character(lou, {"name": "Hector", "might": 3, "agility": 2}),
        _character(max_, {"name": "Brutus", "might": 1, "agility": 3}),
    ]
    eid = gm.post("/encounters", [("name", "Rixe")]).headers["location"]
    eid = eid.split("/encounters/")[1].split("?")[0]
    for number, (cid, init) in enumerate(zip(ids, ("9", "5"), strict=True), start=1):
        _step(gm, eid, ("step", "add"), ("character_id", cid))
        _step(gm, eid, ("step", "initiative"), ("participant", f"p{number}"), ("value", init))
    _step(gm, eid, ("step", "start"))

    page = unescape(lou.get(f"/encounters/{eid}").text)
    mine = re.search(
        r'<details class="p-tools my-operations" id="my-operations">(.*?)</details>\s*</li>',
        page,
        re.S,
    )
    assert mine is not None and 'data-operation="hit"' in mine.group(1)
    assert 'name="participant" value="p1"' in mine.group(1)
    assert 'value="p2"' not in mine.group(1)  # Brutus is not hers
    assert 'id="my-operations"' not in max_.get(f"/encounters/{eid}").text  # not his turn

    version = re.search(r'data-version="(\d+)"', page)
    assert version is not None
    applied = _step(
        lou, eid, ("step", "operation"), ("participant", "p1"), ("operation", "hit"),
        ("version", version.group(1)), ("extra", "1"),
    )  # fmt: skip
    assert applied.status_code == 200, applied.text
    assert 'id="step-error"' not in applied.text
    log = unescape(gm.get().text)
    assert re.search(
        r'<span class="who">Lou</span>\s*<span class="what">[^<]*Hector\u202f: \d+ blessures', log
    )

    refused = _step(
        max_, eid, ("step", "operation"), ("participant", "p1"), ("operation", "heal"),
    )  # fmt: skip
    assert "seuls le joueur d'Hector" in unescape(refused.text)
