"""Links and seats: the GM renews the invite link and renews or revokes a member's link; an old
link stops working at once (API, page, WebSocket) and its open socket is closed; presence says
who is connected; only the GM may manage links."""

from __future__ import annotations

import json

import pytest
from starlette.websockets import WebSocketDisconnect

from web.tables.tables_support import Member, Table, join


def test_revoked_link_is_refused_everywhere_and_its_socket_closed(table: Table) -> None:
    with table.client.websocket_connect(table.socket_url(table.alice)) as ws:
        while ws.receive_json()["type"] != "synced":
            pass
        revoked = table.delete(table.gm, f"/members/{table.alice.id}/link")
        assert revoked.status_code == 200, revoked.text
        assert revoked.json()["token"] is None
        seen = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                seen.append(ws.receive_json())
        assert closed.value.code == 4404
        assert seen[-1] == {"type": "error", "detail": "lien invalide ou expiré"}
    assert table.get(table.alice).status_code == 401  # the API: wrong credentials
    page = table.client.get(f"/tables/{table.id}?token={table.alice.token}")
    assert page.status_code == 404
    with table.client.websocket_connect(table.socket_url(table.alice)) as ws:
        assert ws.receive_json()["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as refused:
            ws.receive_json()
        assert refused.value.code == 4404
    assert table.get(table.bob).status_code == 200  # the others keep their seats


def test_renewed_link_works_and_the_old_one_does_not(table: Table) -> None:
    renewed = table.post(table.gm, f"/members/{table.bob.id}/link")
    assert renewed.status_code == 200, renewed.text
    token = renewed.json()["token"]
    assert token and token != table.bob.token
    assert renewed.json()["link"].endswith(f"/tables/{table.id}?token={token}")
    assert table.get(table.bob).status_code == 401
    me = table.get(Member(table.bob.id, token), "/me")
    assert me.status_code == 200 and me.json()["display_name"] == "Bob"


def test_a_revoked_seat_gets_a_new_link(table: Table) -> None:
    table.delete(table.gm, f"/members/{table.alice.id}/link")
    again = table.post(table.gm, f"/members/{table.alice.id}/link").json()["token"]
    assert table.get(Member(table.alice.id, again), "/me").json()["display_name"] == "Alice"


def test_renewed_invite_link(table: Table) -> None:
    renewed = table.post(table.gm, "/invite")
    assert renewed.status_code == 200, renewed.text
    new = renewed.json()["invite_token"]
    assert new != table.invite
    old = table.client.post(
        f"/api/tables/invites/{table.invite}/join", json={"display_name": "Zoé"}
    )
    assert old.status_code == 404
    zoe = join(table.client, new, "Zoé")
    assert table.get(zoe, "/me").json()["display_name"] == "Zoé"
    assert table.get(table.alice).status_code == 200  # seats already taken keep their links
    assert table.get(table.gm).json()["invite_token"] == new


@pytest.mark.parametrize(
    ("method", "path"),
    [("post", "/invite"), ("post", "/members/{bob}/link"), ("delete", "/members/{bob}/link")],
)
def test_only_the_gm_manages_links(table: Table, method: str, path: str) -> None:
    url = table.url(path.format(bob=table.bob.id))
    answer = table.client.request(method, url, headers=table.alice.auth)
    assert answer.status_code == 403
    assert "\n" not in answer.json()["detail"]
    assert table.get(table.bob).status_code == 200


def test_the_gm_cannot_revoke_their_own_link(table: Table) -> None:
    answer = table.delete(table.gm, f"/members/{table.gm.id}/link")
    assert 400 <= answer.status_code < 500
    assert table.get(table.gm).status_code == 200


def test_unknown_member_is_404(table: Table) -> None:
    assert table.post(table.gm, "/members/nobody/link").status_code == 404


def test_links_events_fold_and_name_no_token(table: Table) -> None:
    renewed = table.post(table.gm, f"/members/{table.bob.id}/link").json()["token"]
    table.post(table.gm, "/invite")
    events = table.get(table.alice, "/events").json()
    kinds = [e["kind"] for e in events]
    assert kinds[-2:] == ["link_renewed", "invite_renewed"]
    assert renewed not in json.dumps(events)
    store = table.client.app.state.store  # type: ignore[attr-defined]
    assert store.rebuild(table.id) == store.state(table.id)


def test_presence_says_who_is_connected(table: Table) -> None:
    url = table.socket_url(table.gm) + "&presence=1"
    with table.client.websocket_connect(url) as gm:
        assert gm.receive_json()["type"] == "event"
        while (frame := gm.receive_json())["type"] != "presence":
            pass
        assert frame["connected"] == [table.gm.id]
        with table.client.websocket_connect(table.socket_url(table.bob)):
            frame = gm.receive_json()
            assert frame == {"type": "presence", "connected": sorted([table.gm.id, table.bob.id])}
            assert sorted(table.get(table.alice, "/presence").json()) == frame["connected"]
        assert gm.receive_json() == {"type": "presence", "connected": [table.gm.id]}


def test_members_list_updates_live_on_join(table: Table) -> None:
    with table.client.websocket_connect(table.socket_url(table.gm)) as gm:
        while gm.receive_json()["type"] != "synced":
            pass
        zoe = join(table.client, table.invite, "Zoé")
        frame = gm.receive_json()
        assert frame["type"] == "event" and frame["event"]["kind"] == "member_joined"
        assert frame["event"]["payload"]["member"] == {
            "id": zoe.id,
            "role": "player",
            "display_name": "Zoé",
        }


def test_removed_member_is_gone_live_and_their_characters_pass_to_the_gm(table: Table) -> None:
    hector = table.character(table.alice, {"name": "Hector"})
    with table.client.websocket_connect(table.socket_url(table.gm)) as gm:
        while gm.receive_json()["type"] != "synced":
            pass
        with table.client.websocket_connect(table.socket_url(table.alice)) as alice:
            while alice.receive_json()["type"] != "synced":
                pass
            removed = table.delete(table.gm, f"/members/{table.alice.id}")
            assert removed.status_code == 200, removed.text
            frame = gm.receive_json()
            assert frame["event"]["kind"] == "member_removed"
            assert frame["event"]["payload"]["member_id"] == table.alice.id
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    alice.receive_json()
            assert closed.value.code == 4404
    assert table.get(table.alice).status_code == 401
    names = [m["display_name"] for m in table.get(table.gm).json()["members"]]
    assert "Alice" not in names
    owner = table.get(table.gm, f"/characters/{hector['id']}").json()["owner_id"]
    assert owner == table.gm.id
    join(table.client, table.invite, "Alice")  # the name is free again
    store = table.client.app.state.store  # type: ignore[attr-defined]
    assert store.rebuild(table.id) == store.state(table.id)


def test_only_the_gm_removes_and_the_gm_seat_stays(table: Table) -> None:
    assert table.delete(table.bob, f"/members/{table.alice.id}").status_code == 403
    assert table.delete(table.gm, f"/members/{table.gm.id}").status_code == 422
    assert table.get(table.alice).status_code == 200


def test_archive_makes_the_table_read_only(table: Table) -> None:
    assert table.post(table.alice, "/archive", {}).status_code == 403
    assert table.post(table.gm, "/archive", {}).status_code == 200
    assert table.get(table.gm, "/state").json()["archived"] is True
    refused = table.post(table.alice, "/rolls", {"check": "test", "params": {"skill": 1}})
    assert refused.status_code == 403 and "archivée" in refused.json()["detail"]
    joining = table.client.post(
        f"/api/tables/invites/{table.invite}/join", json={"display_name": "Zoé"}
    )
    assert joining.status_code == 403
    assert table.get(table.alice, "/log").status_code == 200  # still readable
    assert table.post(table.gm, "/archive", {"archived": False}).status_code == 200
    table.roll(table.alice)
    store = table.client.app.state.store  # type: ignore[attr-defined]
    assert store.rebuild(table.id) == store.state(table.id)


def test_delete_needs_the_gm_and_the_name(table: Table) -> None:
    with table.client.websocket_connect(table.socket_url(table.bob)) as bob:
        while bob.receive_json()["type"] != "synced":
            pass
        assert table.delete(table.alice, "", params={"confirm": "Jeudi soir"}).status_code == 403
        wrong = table.delete(table.gm, "", params={"confirm": "oops"})
        assert wrong.status_code == 403 and "Jeudi soir" in wrong.json()["detail"]
        assert table.get(table.gm).status_code == 200
        assert table.delete(table.gm, "", params={"confirm": "jeudi soir"}).status_code == 204
        with pytest.raises(WebSocketDisconnect):
            while True:
                bob.receive_json()
    assert table.get(table.gm).status_code == 401
    assert table.client.get(f"/api/tables/invites/{table.invite}").status_code == 404


def test_rename_is_live_unique_and_the_gm_may_rename_anyone(table: Table) -> None:
    with table.client.websocket_connect(table.socket_url(table.gm)) as gm:
        while gm.receive_json()["type"] != "synced":
            pass
        renamed = table.client.patch(
            table.url(f"/members/{table.alice.id}"),
            headers=table.alice.auth,
            json={"display_name": "Alix"},
        )
        assert renamed.status_code == 200 and renamed.json()["display_name"] == "Alix"
        frame = gm.receive_json()
        assert frame["event"]["kind"] == "member_renamed"
        assert frame["event"]["payload"]["display_name"] == "Alix"
    taken = table.client.patch(
        table.url(f"/members/{table.alice.id}"),
        headers=table.alice.auth,
        json={"display_name": "bob"},
    )
    assert taken.status_code == 422
    other = table.client.patch(
        table.url(f"/members/{table.bob.id}"), headers=table.alice.auth, json={"display_name": "B"}
    )
    assert other.status_code == 403
    names = [m["display_name"] for m in table.get(table.gm, "/members").json()]
    assert "Alix" in names and "Alice" not in names
    store = table.client.app.state.store  # type: ignore[attr-defined]
    assert store.rebuild(table.id) == store.state(table.id)


def test_a_revocation_racing_the_connection_still_closes_it(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The link is checked, then revoked before the socket is registered: the second check,
    made once it is registered, closes it."""
    from ecran.web.deps import bad_link
    from ecran.web.live import socket as live_socket

    real = live_socket.authenticate
    calls: list[int] = []

    def revoked_after_first_check(*args: object) -> object:
        calls.append(1)
        if len(calls) == 1:
            return real(*args)  # type: ignore[arg-type]
        raise bad_link()

    monkeypatch.setattr(live_socket, "authenticate", revoked_after_first_check)
    with table.client.websocket_connect(table.socket_url(table.alice)) as ws:
        ws.send_json({"type": "ping"})  # an open socket would answer it (no hang on failure)
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                assert ws.receive_json()["type"] != "pong"
        assert closed.value.code == 4404
    assert len(calls) == 2


def test_a_seat_the_database_disagrees_on_is_a_404_never_a_500(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store once asserted that a member's row matched the log (`python -O` strips asserts;
    an AssertionError is a 500): now every seat route answers in one line, 4xx."""
    from sqlalchemy import text

    from ecran.store import Store
    from ecran.web.deps import app_store

    monkeypatch.setattr(Store, "check_folded", False)  # the kept state is stale on purpose
    store = app_store(table.client.app)  # type: ignore[arg-type]
    other = store.create_table("Ailleurs", "toy")
    with store.engine.begin() as conn:
        conn.execute(
            text("UPDATE members SET table_id = :other WHERE id = :alice"),
            {"other": other.table.id, "alice": table.alice.id},
        )
    for answer in (
        table.post(table.gm, f"/members/{table.alice.id}/link"),
        table.delete(table.gm, f"/members/{table.alice.id}/link"),
        table.delete(table.gm, f"/members/{table.alice.id}"),
    ):
        assert answer.status_code == 404, answer.text
        assert answer.json()["detail"].startswith("membre")
