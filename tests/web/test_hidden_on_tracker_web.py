"""The GM hides an NPC on the tracker, from the add form's « caché des joueurs » box or the API's
`hidden`, and shows it with « Montrer aux joueurs » (or `PUT …/hidden`): until then a player
finds it in nothing they receive (pages, fragments, API answers, live frames), the step that
added it included; the GM's tracker marks it « caché aux joueurs », and so does the board's
« Qui » list, whose hidden box it ticks."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from fastapi.testclient import TestClient

from web.table_pages.conftest import Seat, create, join
from web.tables.tables_support import new_table
from web.test_hidden_token_encounter import SHADOW, SYSTEM, _reads, _sheet


def test_an_npc_added_hidden_through_the_api_is_in_nothing_a_player_receives(
    app_client: TestClient,
) -> None:
    table = new_table(app_client, SYSTEM)
    eid = table.post(table.gm, "/encounters", {"name": "Embuscade"}).json()["payload"]
    eid = str(eid["encounter_id"])
    base = f"/encounters/{eid}/participants"
    body = {"name": SHADOW, "sheet": _sheet(3, SHADOW), "hidden": True}
    added = table.post(table.gm, base, body)
    assert added.status_code == 201, added.text
    assert SHADOW not in _reads(table, table.alice, eid)
    assert SHADOW in _reads(table, table.gm, eid)

    shown = table.put(table.gm, f"{base}/p1/hidden", {"hidden": False})
    assert shown.status_code == 200, shown.text
    assert shown.json()["payload"]["summary"]["fr"] == f"{SHADOW} apparaît aux joueurs"
    assert SHADOW in table.get(table.alice, f"/encounters/{eid}").text

    again = table.put(table.gm, f"{base}/p1/hidden", {"hidden": False})
    assert again.status_code == 422 and "déjà visible" in again.json()["detail"]
    refused = table.put(table.alice, f"{base}/p1/hidden", {"hidden": True})
    assert refused.status_code == 403
    assert table.put(table.gm, f"{base}/p1/hidden", {"hidden": True}).status_code == 200
    assert SHADOW not in _reads(table, table.alice, eid)


def _step(seat: Seat, eid: str, *pairs: tuple[str, str]) -> Any:
    return seat.post(f"/encounters/{eid}/step", pairs, htmx=True)


def test_the_trackers_box_and_button_hide_and_show_an_npc(app_client: TestClient) -> None:
    gm, invite = create(app_client, SYSTEM)
    lou = join(app_client, invite, "Lou")
    eid = gm.post("/encounters", [("name", "Embuscade")]).headers["location"]
    eid = eid.split("/encounters/")[1].split("?")[0]
    page = unescape(gm.get(f"/encounters/{eid}").text)
    assert 'name="hidden" value="true"> caché aux joueurs' in page  # the add form's box
    added = _step(
        gm, eid, ("step", "add"), ("name", SHADOW), ("random", "false"),
        ("secret", "true"), ("hidden", "false"), ("hidden", "true"),
    )  # fmt: skip
    assert added.status_code == 200 and 'id="step-error"' not in added.text
    mine = unescape(gm.get(f"/encounters/{eid}").text)
    assert re.search(rf"{SHADOW}</strong>.*?data-unseen=\"true\">caché aux joueurs", mine, re.S)
    assert "Montrer aux joueurs" in mine
    assert SHADOW not in unescape(lou.get(f"/encounters/{eid}").text)
    assert SHADOW not in unescape(lou.get().text)  # the table's log
    board = unescape(gm.get("/plateau").text)  # its token is placed hidden unless unticked
    assert f'data-secret="true">{SHADOW} (Embuscade) · secret · caché aux joueurs<' in board

    shown = _step(gm, eid, ("step", "hide"), ("participant", "p1"), ("hidden", "false"))
    assert shown.status_code == 200 and 'id="step-error"' not in shown.text
    assert "Cacher aux joueurs" in unescape(gm.get(f"/encounters/{eid}").text)
    assert SHADOW in unescape(lou.get(f"/encounters/{eid}").text)
