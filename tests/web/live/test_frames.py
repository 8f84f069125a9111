"""A worker renders each event once per view and sends the same text to every socket of that
view (`live.frames`): this holds only if `view_for` reads a member through the three facts of
`view_key`. Checked on a real table's log holding every visibility, whispers and a secret NPC's
encounter steps, for every member: the shared frame is exactly the member's own view, and two
members with one key read one view."""

from __future__ import annotations

import json

from fastapi import FastAPI
from fastapi.testclient import TestClient

from ecran.play import view_for
from ecran.web.deps import app_store, authenticate
from ecran.web.live.frames import Fanout, ViewKey, event_frame, view_key
from web.tables.tables_support import Table, new_table


def _scene(client: TestClient) -> Table:
    """Every kind of event a table sees, by everyone: rolls of each visibility, by the GM and
    a player, a whisper each way, an encounter with a secret NPC attacked."""
    table = new_table(client, "artemis")
    for who in (table.gm, table.alice):
        for visibility in ("public", "gm", "blind", "self"):
            body = {"check": "test", "params": {"skill": 3, "difficulty": 6}}
            made = table.post(who, "/rolls", {**body, "visibility": visibility})
            assert made.status_code == 201, made.text
    for who, text in (
        (table.alice, "/w Bob psst"),
        (table.gm, "/w Alice chut"),
        (table.bob, "/gm ?"),
    ):
        assert table.post(who, "/messages", {"text": text}).status_code == 201
    sheet = table.get(table.alice, "/characters/new", params={"name": "Zoé"}).json()
    zoe = table.character(table.alice, sheet)
    eid = table.post(table.gm, "/encounters", {"name": "Abordage"}).json()["payload"][
        "encounter_id"
    ]
    zoe_in = {"character_id": zoe["id"], "initiative": 9}
    assert table.post(table.gm, f"/encounters/{eid}/participants", zoe_in).status_code == 201
    pirate = {"name": "Pirate", "random_npc": True, "seed": 3, "secret": True, "initiative": 1}
    assert table.post(table.gm, f"/encounters/{eid}/participants", pirate).status_code == 201
    assert table.post(table.gm, f"/encounters/{eid}/start").status_code == 200
    path = f"/encounters/{eid}/participants/p1/attacks?target=p2"
    [attack, *_] = table.get(table.alice, path).json()
    step = {"attacker": "p1", "target": "p2", "check": attack["check"], "params": attack["params"]}
    # Alice's own step (a player's: the GM and Bob differ only in being a GM), then the GM's.
    mine = {"attacker": "p1", "target": "p2", "option": 0}
    made = table.post(table.alice, f"/encounters/{eid}/attack", mine)
    assert made.status_code == 200, made.text
    assert table.post(table.gm, f"/encounters/{eid}/attack", {**step, "seed": 1}).status_code == 200
    return table


def test_each_member_gets_exactly_their_own_view_from_the_shared_frames(
    app: FastAPI, app_client: TestClient
) -> None:
    table = _scene(app_client)
    store = app_store(app)
    members = [
        authenticate(store, m.token, table.id).member for m in (table.gm, table.alice, table.bob)
    ]
    events = store.events_since(table.id, 0)
    kinds = {(e.kind, e.visibility) for e in events}
    assert {("roll", v) for v in ("public", "gm", "blind", "self")} <= kinds
    assert ("message", "whisper") in kinds and ("encounter", "public") in kinds
    shown_differently = 0
    for event in events:
        shared = Fanout(event)
        by_key: dict[ViewKey, str] = {}
        for member in members + members[::-1]:  # whoever asks first renders for the view
            own = event_frame(view_for(event, member))
            assert shared.frame_for(member) == own
            assert by_key.setdefault(view_key(event, member), own) == own
            assert json.loads(own) == {
                "type": "event",
                "event": view_for(event, member).model_dump(mode="json"),
            }
        shown_differently += len(set(by_key.values())) > 1
    assert shown_differently >= 8  # the log does show members different things
