"""Creating a table, its links, joining, members, options; who may call what."""

from __future__ import annotations

from fastapi.testclient import TestClient

from web.tables.tables_support import Table, join, new_table


def test_a_gm_creates_a_table_and_gets_two_secret_links(api: TestClient) -> None:
    made = api.post("/api/tables", json={"name": "  Jeudi   soir ", "system": "toy"})
    assert made.status_code == 201
    body = made.json()
    table_id, gm_token, invite = body["table"]["id"], body["gm_token"], body["invite_token"]
    assert body["table"]["name"] == "Jeudi soir"
    assert body["table"]["options"] == {"easy": False}  # every option, at its default
    assert body["gm"]["role"] == "gm" and body["gm"]["display_name"] == "MJ"
    assert body["gm_link"] == f"http://testserver/tables/{table_id}?token={gm_token}"
    assert body["invite_link"] == f"http://testserver/join/{invite}"
    # the links open the table's pages
    assert api.get(body["gm_link"]).status_code == 200
    assert api.get(body["invite_link"]).status_code == 200
    # 256-bit URL-safe secrets, distinct from each other and from the table id
    assert len(gm_token) >= 43 and len(invite) >= 43 and gm_token != invite
    assert table_id not in (gm_token, invite)


def test_an_invite_shows_the_table_then_a_player_joins(api: TestClient) -> None:
    made = api.post("/api/tables", json={"name": "Jeudi", "system": "toy"}).json()
    shown = api.get(f"/api/tables/invites/{made['invite_token']}").json()
    assert shown == {
        "table_id": made["table"]["id"],
        "name": "Jeudi",
        "system": "toy",
        "system_name": {"fr": "Jouet", "en": "Toy"},
        "members": 1,
    }
    joined = api.post(
        f"/api/tables/invites/{made['invite_token']}/join", json={"display_name": "Alice"}
    )
    assert joined.status_code == 201
    body = joined.json()
    assert body["member"]["role"] == "player" and body["member"]["display_name"] == "Alice"
    assert body["link"].endswith(f"/tables/{made['table']['id']}?token={body['token']}")
    me = api.get(f"/api/tables/{made['table']['id']}/me?token={body['token']}").json()
    assert me == body["member"]


def test_the_gm_link_is_not_an_invite_and_names_are_unique(table: Table) -> None:
    client = table.client
    assert client.get(f"/api/tables/invites/{table.gm.token}").status_code == 404
    refused = client.post(
        f"/api/tables/invites/{table.invite}/join", json={"display_name": "alice"}
    )
    assert refused.status_code == 422
    assert "déjà pris" in refused.json()["detail"]
    names = [m["display_name"] for m in table.get(table.gm, "/members").json()]
    assert names == ["Claire", "Alice", "Bob"]


def test_table_info_gives_the_invite_to_the_gm_only(table: Table) -> None:
    gm_view = table.get(table.gm).json()
    assert gm_view["me"]["role"] == "gm"
    assert gm_view["invite_token"] == table.invite
    assert gm_view["invite_link"].endswith(f"/join/{table.invite}")
    assert gm_view["last_seq"] == 3  # created, Alice joined, Bob joined
    player_view = table.get(table.alice).json()
    assert player_view["invite_token"] is None and player_view["invite_link"] is None
    assert table.invite not in str(player_view)
    assert player_view["system_name"] == {"fr": "Jouet", "en": "Toy"}


def test_every_table_route_needs_the_members_token(table: Table) -> None:
    client = table.client
    missing = client.get(table.url("/characters"))
    assert missing.status_code == 401
    assert missing.json()["detail"].startswith("jeton de membre manquant")
    wrong = client.get(table.url("/characters"), headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 401
    assert wrong.json() == {"detail": "jeton de membre invalide ou expiré pour cette table"}
    english = client.get(table.url("/characters") + "?token=nope&lang=en")
    assert english.json() == {"detail": "invalid or expired member token for this table"}
    assert client.get(table.url("/me") + f"?token={table.alice.token}").status_code == 200


def test_a_token_opens_only_its_own_table(api: TestClient, table: Table) -> None:
    other = new_table(api)
    assert other.get(table.gm, "/characters").status_code == 401
    assert table.get(other.gm, "/log").status_code == 401


def test_options_are_checked_against_the_systems_options(api: TestClient) -> None:
    unknown = api.post(
        "/api/tables?lang=en", json={"name": "T", "system": "toy", "options": {"eazy": True}}
    )
    assert unknown.status_code == 422
    assert unknown.json()["detail"] == "unknown option: 'eazy'. Allowed: easy"
    wrong_type = api.post(
        "/api/tables?lang=fr", json={"name": "T", "system": "toy", "options": {"easy": "yes"}}
    )
    assert wrong_type.status_code == 422
    assert wrong_type.json()["detail"].startswith("Facile : booléen attendu")
    no_system = api.post("/api/tables?lang=en", json={"name": "T", "system": "nope"})
    assert no_system.status_code == 422 and "unknown system" in no_system.json()["detail"]
    no_name = api.post("/api/tables", json={"name": "   ", "system": "toy"})
    assert no_name.status_code == 422
    extra = api.post("/api/tables", json={"name": "T", "system": "toy", "colour": "red"})
    assert extra.status_code == 422 and "colour" in extra.json()["detail"]


def test_real_systems_take_their_options_at_creation(api: TestClient) -> None:
    made = api.post(
        "/api/tables", json={"name": "T", "system": "nephilim", "options": {"armour": 2}}
    )
    assert made.status_code == 201, made.text
    assert made.json()["table"]["options"]["armour"] == 2


def test_the_gm_changes_options_a_player_may_not(table: Table) -> None:
    changed = table.client.patch(
        table.url("/options"), headers=table.gm.auth, json={"options": {"easy": False}}
    )
    assert changed.status_code == 200 and changed.json()["options"] == {"easy": False}
    # the table's option now holds for every roll there
    rolled = table.roll(table.alice, params={"skill": 0, "easy": True})
    assert rolled["payload"]["record"]["params"]["easy"] is False
    refused = table.client.patch(
        table.url("/options"), headers=table.alice.auth, json={"options": {"easy": True}}
    )
    assert refused.status_code == 403
    assert refused.json()["detail"] == "réservé au MJ : changer les options"


def test_a_player_joined_later_reads_the_same_table(api: TestClient, table: Table) -> None:
    carol = join(api, table.invite, "Carol")
    state = table.get(carol, "/state").json()
    assert state["table"]["id"] == table.id
    assert sorted(m["display_name"] for m in state["members"].values()) == [
        "Alice",
        "Bob",
        "Carol",
        "Claire",
    ]
