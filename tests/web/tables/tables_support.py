"""Helpers of the table API tests: a table with its members, and calls made as one of them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi.testclient import TestClient


@dataclass
class Member:
    id: str
    token: str

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


@dataclass
class Table:
    """A toy table (option `easy` on) with its GM and players Alice and Bob."""

    client: TestClient
    id: str
    invite: str
    gm: Member
    alice: Member
    bob: Member

    def url(self, path: str = "") -> str:
        return f"/api/tables/{self.id}{path}"

    def get(self, who: Member, path: str = "", **kw: Any) -> Any:
        return self.client.get(self.url(path), headers=who.auth, **kw)

    def post(self, who: Member, path: str, body: Any = None, **kw: Any) -> Any:
        return self.client.post(self.url(path), headers=who.auth, json=body, **kw)

    def put(self, who: Member, path: str, body: Any, **kw: Any) -> Any:
        return self.client.put(self.url(path), headers=who.auth, json=body, **kw)

    def delete(self, who: Member, path: str, **kw: Any) -> Any:
        return self.client.delete(self.url(path), headers=who.auth, **kw)

    def last_seq(self) -> int:
        return int(self.get(self.gm).json()["last_seq"])

    def character(self, who: Member, sheet: dict[str, Any], **extra: Any) -> dict[str, Any]:
        made = self.post(who, "/characters", {"sheet": sheet, **extra})
        assert made.status_code == 201, made.text
        return dict(made.json())

    def roll(self, who: Member, visibility: str = "public", **extra: Any) -> dict[str, Any]:
        body = {"check": "test", "params": {"skill": 1}, "visibility": visibility, **extra}
        made = self.post(who, "/rolls", body)
        assert made.status_code == 201, made.text
        return dict(made.json())

    def socket_url(self, who: Member, after: int | None = None) -> str:
        query = f"?token={who.token}" + ("" if after is None else f"&after={after}")
        return f"/ws/tables/{self.id}{query}"


def join(client: TestClient, invite: str, name: str) -> Member:
    joined = client.post(f"/api/tables/invites/{invite}/join", json={"display_name": name})
    assert joined.status_code == 201, joined.text
    body = joined.json()
    return Member(body["member"]["id"], body["token"])


def new_table(client: TestClient, system: str = "toy", **options: Any) -> Table:
    made = client.post(
        "/api/tables",
        json={"name": "Jeudi soir", "system": system, "options": options, "gm_name": "Claire"},
    )
    assert made.status_code == 201, made.text
    body = made.json()
    gm = Member(body["gm"]["id"], body["gm_token"])
    invite = body["invite_token"]
    alice, bob = join(client, invite, "Alice"), join(client, invite, "Bob")
    return Table(client, body["table"]["id"], invite, gm, alice, bob)
