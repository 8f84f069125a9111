"""Fixtures of the table pages' tests: the app on a throw-away SQLite file and a helper that
plays a GM and players through the pages (each request carries its member's token; creating
or joining leaves the session cookie, read here)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest
from fastapi.testclient import TestClient

Pairs = Sequence[tuple[str, str]]


@pytest.fixture
def web(app_client: TestClient) -> TestClient:
    return app_client


@dataclass
class Seat:
    """One member's browser: their token goes with every request."""

    client: TestClient
    table_id: str
    token: str

    def url(self, path: str = "") -> str:
        return f"/tables/{self.table_id}{path}"

    def get(self, path: str = "", **params: Any) -> httpx.Response:
        return self.client.get(self.url(path), params={"token": self.token, **params})

    def post(self, path: str, pairs: Pairs = (), htmx: bool = False) -> httpx.Response:
        headers = {
            "X-Ecran-Token": self.token,
            "Content-Type": "application/x-www-form-urlencoded",
        }
        if htmx:
            headers["HX-Request"] = "true"
        return self.client.post(
            self.url(path), content=urlencode(list(pairs)), headers=headers, follow_redirects=False
        )

    def upload(self, path: str, content: bytes) -> httpx.Response:
        files = {"file": ("sheet.json", content, "application/json")}
        return self.client.post(
            self.url(path),
            files=files,
            headers={"X-Ecran-Token": self.token},
            follow_redirects=False,
        )


def token_of(location: str) -> str:
    found = re.search(r"token=([^&]+)", location)
    assert found is not None, location
    return found.group(1)


def seated(client: TestClient, answer: httpx.Response) -> Seat:
    """The member a creation or a join seated: the clean table address it leads to, and the
    session cookie it leaves (`ecran.web.sessions`)."""
    location = answer.headers["location"]
    assert "token=" not in location, location
    table_id = location.split("/tables/")[1].split("?")[0]
    token = answer.cookies.get(f"ecran_{table_id}")
    assert token, answer.headers
    return Seat(client, table_id, token)


def create(client: TestClient, system: str, pairs: Pairs = ()) -> tuple[Seat, str]:
    """A table made through the creation form: the GM's seat and the invite path."""
    form = [("name", "La table"), ("system", system), ("gm_name", "Camille"), *pairs]
    made = client.post(
        "/tables",
        content=urlencode(form),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        follow_redirects=False,
    )
    assert made.status_code == 303, made.text
    gm = seated(client, made)
    invite = re.search(r'data-path="(/join/[^"]+)"', gm.get("/links").text)  # asked for
    assert invite is not None
    return gm, invite.group(1)


def with_encounter(client: TestClient, system: str) -> tuple[Seat, str, str]:
    """A table (GM Camille) with a random NPC of `system` as a character, added to a new
    encounter "Embuscade" through the page: the GM's seat, the encounter's and the NPC's ids."""
    from ecran.dice import Roller
    from ecran.engine import all_systems

    gm, _invite = create(client, system, [("name", "Ma table"), ("gm_name", "Camille")])
    npc = all_systems()[system].random_npc(Roller(1), lang="fr")
    made = client.post(
        f"/api/tables/{gm.table_id}/characters",
        json={"sheet": npc.model_dump(mode="json")},
        headers={"Authorization": f"Bearer {gm.token}"},
    )
    cid = made.json()["id"]
    encounter = gm.post("/encounters", [("name", "Embuscade")]).headers["location"]
    eid = encounter.split("/encounters/")[1].split("?")[0]
    gm.post(f"/encounters/{eid}/step", [("step", "add"), ("character_id", cid)], htmx=True)
    return gm, eid, cid


def join(client: TestClient, invite: str, name: str) -> Seat:
    joined = client.post(
        invite,
        content=urlencode({"display_name": name}),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        follow_redirects=False,
    )
    assert joined.status_code == 303, joined.text
    return seated(client, joined)


def flatten(value: Any, path: str = "") -> list[tuple[str, str]]:
    """A sheet as the generated form posts it (JSON-pointer names, containers marked)."""
    pairs: list[tuple[str, str]] = []
    if isinstance(value, dict):
        if path:
            pairs.append((path + "#", ""))
        for key, item in value.items():
            piece = str(key).replace("~", "~0").replace("/", "~1")
            pairs += flatten(item, f"{path}/{piece}" if path else piece)
    elif isinstance(value, list):
        pairs.append((path + "#", ""))
        if value and not isinstance(value[0], dict | list):
            pairs += [(f"{path}/{i}", _text(v)) for i, v in enumerate(value)]
        else:
            for i, item in enumerate(value):
                pairs += flatten(item, f"{path}/{i}")
    else:
        pairs.append((path, _text(value)))
    return pairs


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
