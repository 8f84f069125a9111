"""The browser tests' set-up through the API, as a script would: a table, its members (their
tokens from the API's answers, never from a page's address) and calls made as one of them."""

from __future__ import annotations

from typing import Any

import httpx


class Api:
    def __init__(self, server: str, table: str) -> None:
        self.server, self.table = server, table

    def call(self, method: str, token: str, path: str, body: Any = None) -> Any:
        got = httpx.request(
            method,
            f"{self.server}/api/tables/{self.table}{path}",
            json=body,
            headers={"Authorization": f"Bearer {token}"},
            timeout=30,
        )
        assert got.status_code < 300, got.text
        return got.json() if got.content else None


def new_table(server: str, system: str) -> tuple[Api, str, str]:
    made = httpx.post(
        f"{server}/api/tables",
        json={"name": "Soirée", "system": system, "gm_name": "Camille"},
        timeout=30,
    )
    assert made.status_code == 201, made.text
    body = made.json()
    return Api(server, body["table"]["id"]), body["gm_token"], body["invite_token"]


def join(api: Api, invite: str, name: str) -> tuple[str, str]:
    joined = httpx.post(
        f"{api.server}/api/tables/invites/{invite}/join", json={"display_name": name}, timeout=30
    )
    assert joined.status_code == 201, joined.text
    return joined.json()["member"]["id"], joined.json()["token"]


def started_fight(server: str, system: str) -> tuple[Api, dict[str, str], str]:
    """A table of `system` with Ana and Bruno (each a random NPC sheet of the game, named after
    them), in an encounter started on Ana's turn. Returns the API, every member's token by name
    ("MJ" the GM's) and the encounter's id."""
    from ecran.dice import Roller
    from ecran.engine import get_system

    api, gm, invite = new_table(server, system)
    tokens = {"MJ": gm, **{name: join(api, invite, name)[1] for name in ("Ana", "Bruno")}}
    game = get_system(system)
    eid = api.call("POST", gm, "/encounters", {"name": "Embuscade"})["payload"]["encounter_id"]
    for seed, name in enumerate(("Ana", "Bruno"), start=1):
        sheet = {**game.random_npc(Roller(seed)).model_dump(mode="json"), "name": name}
        made = api.call("POST", tokens[name], "/characters", {"sheet": sheet})
        api.call("POST", gm, f"/encounters/{eid}/participants", {"character_id": made["id"]})
    for pid, value in (("p1", 9), ("p2", 4)):  # Ana p1 acts first
        api.call("PUT", gm, f"/encounters/{eid}/participants/{pid}/initiative", {"value": value})
    api.call("POST", gm, f"/encounters/{eid}/start")
    return api, tokens, str(eid)
