"""The table's WebSocket: every member's frames in log order, each event once, redacted per
member; reconnection and resume without gap or duplicate; bad messages answered, never fatal.

`frames` sends a ping and reads up to the pong: the hub sends in the order things were queued,
so every event published before the ping is among the frames read."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from ecran.play.events import EventDraft
from ecran.web.live import hub
from web.tables.tables_support import Member, Table, join, new_table


def frames(ws: WebSocketTestSession) -> list[dict[str, Any]]:
    """Everything sent before the answer to a ping (the raw text is kept for leak checks)."""
    ws.send_json({"type": "ping"})
    got = []
    while True:
        text = ws.receive_text()
        frame = json.loads(text)
        if frame["type"] == "pong":
            return got
        got.append({**frame, "raw": text})


def events(ws: WebSocketTestSession) -> list[dict[str, Any]]:
    found = frames(ws)
    assert all(f["type"] == "event" for f in found), found
    return [f["event"] for f in found]


@contextmanager
def connect(
    table: Table, who: Member, after: int | None = None
) -> Iterator[tuple[WebSocketTestSession, list[dict[str, Any]]]]:
    """An open socket and the events it sent before `synced`."""
    with table.client.websocket_connect(table.socket_url(who, after)) as ws:
        backlog = []
        while True:
            frame = ws.receive_json()
            if frame["type"] == "synced":
                break
            assert frame["type"] == "event", frame
            backlog.append(frame["event"])
        assert frame["last_seq"] == (backlog[-1]["seq"] if backlog else frame["last_seq"])
        yield ws, backlog


def seqs(found: list[dict[str, Any]]) -> list[int]:
    return [e["seq"] for e in found]


def test_a_new_connection_gets_the_whole_log_then_live_events(table: Table) -> None:
    with connect(table, table.bob) as (ws, backlog):
        assert seqs(backlog) == [1, 2, 3]
        assert [e["kind"] for e in backlog] == ["table_created", "member_joined", "member_joined"]
        view = table.roll(table.alice)
        [live] = events(ws)
        assert live == table.get(table.bob, f"/events/{view['seq']}").json()["event"]


def test_two_clients_see_the_same_events_in_the_same_order(table: Table) -> None:
    start = table.last_seq()
    with (
        connect(table, table.gm, start) as (gm_ws, _),
        connect(table, table.bob, start) as (
            bob_ws,
            _,
        ),
    ):
        made = table.character(table.alice, {"name": "Hector", "might": 2})
        for n in range(5):
            table.roll(table.alice) if n % 2 else table.roll(table.gm, seed=n)
        table.post(table.alice, f"/characters/{made['id']}/operations/hit", {})
        gm_events, bob_events = events(gm_ws), events(bob_ws)
    assert seqs(gm_events) == list(range(start + 1, table.last_seq() + 1))
    assert gm_events == bob_events  # all public: the same frames, byte for byte


def test_a_reconnection_after_n_gets_no_gap_and_no_duplicate(table: Table) -> None:
    with connect(table, table.alice) as (ws, backlog):
        table.roll(table.bob)
        got = backlog + events(ws)
    last_seen = got[-1]["seq"]
    for _ in range(4):  # while Alice is away
        table.roll(table.bob)
    with connect(table, table.alice, last_seen) as (ws, missed):
        table.roll(table.gm, seed=9)
        got += missed + events(ws)
    assert seqs(got) == list(range(1, table.last_seq() + 1))


def test_resume_resends_what_the_client_says_it_missed(table: Table) -> None:
    with connect(table, table.alice) as (ws, backlog):
        assert seqs(backlog) == [1, 2, 3]
        table.roll(table.bob)
        assert seqs(events(ws)) == [4]
        ws.send_json({"type": "resume", "after": 1})
        again = frames(ws)
        assert [f["type"] for f in again] == ["event", "event", "event", "synced"]
        assert seqs([f["event"] for f in again[:3]]) == [2, 3, 4]
        assert again[-1]["last_seq"] == 4
        table.roll(table.bob)
        assert seqs(events(ws)) == [5]  # live again, nothing repeated
        ws.send_json({"type": "resume", "after": 99})  # ahead of the log: back to its end
        assert [f["type"] for f in frames(ws)] == ["synced"]
        table.roll(table.bob)
        assert seqs(events(ws)) == [6]


def test_a_gm_roll_is_absent_from_a_players_frames(table: Table) -> None:
    start = table.last_seq()
    with (
        connect(table, table.bob, start) as (bob_ws, _),
        connect(table, table.gm, start) as (
            gm_ws,
            _,
        ),
    ):
        table.roll(table.alice, "gm")
        [bob_frame] = frames(bob_ws)
        [gm_frame] = frames(gm_ws)
    assert bob_frame["event"]["kind"] == "hidden"
    assert bob_frame["event"]["payload"] == {"secret": "roll"}  # who and when, not what
    assert bob_frame["event"]["actor_id"] == table.alice.id
    seed = gm_frame["event"]["payload"]["record"]["seed"]  # the table's (not Alice's to choose)
    assert str(seed) not in bob_frame["raw"]
    with connect(table, table.bob) as (_, backlog):  # and not in the backlog either
        assert str(seed) not in json.dumps(backlog)


def test_a_blind_roll_is_hidden_from_its_rollers_frames(table: Table) -> None:
    start = table.last_seq()
    with (
        connect(table, table.alice, start) as (alice_ws, _),
        connect(table, table.gm, start) as (gm_ws, _),
    ):
        table.roll(table.alice, "blind")
        [alice_frame] = frames(alice_ws)
        [gm_frame] = frames(gm_ws)
    assert alice_frame["event"]["kind"] == "roll" and alice_frame["event"]["redacted"]
    assert "record" not in alice_frame["event"]["payload"]
    seed = gm_frame["event"]["payload"]["record"]["seed"]
    assert str(seed) not in alice_frame["raw"]


def test_a_join_reaches_connected_members(api: TestClient, table: Table) -> None:
    with connect(table, table.gm, table.last_seq()) as (ws, _):
        carol = join(api, table.invite, "Carol")
        [joined] = events(ws)
    assert joined["kind"] == "member_joined"
    assert joined["payload"]["member"] == {
        "id": carol.id,
        "role": "player",
        "display_name": "Carol",
    }
    assert carol.token not in json.dumps(joined)


@pytest.mark.parametrize(
    ("message", "says"),
    [
        ("not json", "pas du JSON valide"),
        ("[1, 2]", "objet JSON"),
        ('{"after": 3}', "type de message inconnu"),
        ('{"type": "shout"}', "shout"),
        ('{"type": "resume"}', "Dernier événement reçu"),  # `after`, in words
        ('{"type": "resume", "after": "3"}', "Dernier événement reçu"),
        ('{"type": "resume", "after": -1}', "Dernier événement reçu"),
        ('{"type": "resume", "after": true}', "Dernier événement reçu"),
        ('{"type": "resume", "after": 1, "x": 2}', "x"),
        ('{"type": "ping", "padding": "' + "x" * 5000 + '"}', "trop long"),
    ],
)
def test_a_malformed_message_gets_an_error_frame_and_the_socket_lives_on(
    table: Table, message: str, says: str
) -> None:
    with connect(table, table.alice, table.last_seq()) as (ws, _):
        ws.send_text(message)
        error = ws.receive_json()
        assert error["type"] == "error" and says in error["detail"]
        assert "\n" not in error["detail"]
        table.roll(table.bob)
        assert seqs(events(ws)) == [table.last_seq()]


def test_binary_frames_are_refused_in_english_when_asked(table: Table) -> None:
    url = table.socket_url(table.alice, table.last_seq()) + "&lang=en"
    with table.client.websocket_connect(url) as ws:
        assert ws.receive_json()["type"] == "synced"
        ws.send_bytes(b"\x00\x01")
        assert ws.receive_json() == {"type": "error", "detail": "a JSON text message is expected"}
        assert frames(ws) == []


@pytest.mark.parametrize(
    ("query", "code", "says"),
    [
        ("", 4401, "jeton de membre manquant"),
        ("?token=nope", 4404, "lien invalide"),
        ("?token={alice}&after=x", 4422, "Dernier événement reçu"),
        ("?token={alice}&after=-2", 4422, "Dernier événement reçu"),
    ],
)
def test_a_bad_link_gets_an_error_frame_and_is_closed(
    table: Table, query: str, code: int, says: str
) -> None:
    url = f"/ws/tables/{table.id}" + query.format(alice=table.alice.token)
    with table.client.websocket_connect(url) as ws:
        error = ws.receive_json()
        assert error["type"] == "error" and says in error["detail"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == code
    assert table.roll(table.alice)["kind"] == "roll"  # still serving


def test_a_token_of_another_table_opens_nothing(api: TestClient, table: Table) -> None:
    other = new_table(api)
    with table.client.websocket_connect(f"/ws/tables/{table.id}?token={other.gm.token}") as ws:
        assert ws.receive_json()["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


def test_events_published_out_of_order_arrive_in_order_once(app: FastAPI, table: Table) -> None:
    """Two writers may publish in the reverse order of their commits: the connection reads the
    gap from the store, then skips what it already sent."""
    store = app.state.store
    gm = store.authenticate(table.gm.token)
    draft = EventDraft(kind="options_changed", actor_id=gm.member.id, payload={"options": {}})
    with connect(table, table.bob, table.last_seq()) as (ws, _):
        first = store.execute(gm, lambda state, actor: draft)
        second = store.execute(gm, lambda state, actor: draft)
        hub(app).publish_nowait(table.id, second)
        hub(app).publish_nowait(table.id, first)
        hub(app).publish_nowait(table.id, second)
        assert seqs(events(ws)) == [first.seq, second.seq]


def test_concurrent_writers_give_every_client_the_whole_log_in_order(table: Table) -> None:
    start = table.last_seq()
    players = [table.gm, table.alice, table.bob]
    with (
        connect(table, table.gm, start) as (gm_ws, _),
        connect(table, table.alice, start) as (
            alice_ws,
            _,
        ),
    ):

        def rolls(who: Member) -> None:
            for _ in range(6):
                table.roll(who)

        threads = [threading.Thread(target=rolls, args=(who,)) for who in players]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        expected = list(range(start + 1, start + 1 + 6 * len(players)))
        assert table.last_seq() == expected[-1]
        assert seqs(events(gm_ws)) == expected
        assert seqs(events(alice_ws)) == expected


def test_a_client_that_leaves_is_forgotten_and_others_carry_on(app: FastAPI, table: Table) -> None:
    with connect(table, table.gm, table.last_seq()) as (gm_ws, _):
        with connect(table, table.bob, table.last_seq()):
            assert len(hub(app).connections(table.id)) == 2
        table.roll(table.alice)  # Bob is gone: only the GM hears it
        assert seqs(events(gm_ws)) == [table.last_seq()]
        assert len(hub(app).connections(table.id)) == 1
    assert hub(app).connections(table.id) == []


def test_an_event_published_under_the_wrong_table_is_dropped(
    api: TestClient, app: FastAPI, table: Table
) -> None:
    other = new_table(api)
    store = app.state.store
    other_gm = store.authenticate(other.gm.token)
    draft = EventDraft(kind="options_changed", actor_id=other_gm.member.id, payload={"options": {}})
    with connect(table, table.bob, table.last_seq()) as (ws, _):
        foreign = store.execute(other_gm, lambda state, actor: draft)
        hub(app).publish_nowait(table.id, foreign)  # a caller's mistake
        assert frames(ws) == []
        table.roll(table.alice)
        assert seqs(events(ws)) == [table.last_seq()]


def test_board_events_catch_up_exactly_as_each_member_saw_them_live(table: Table) -> None:
    """A board event's frame is the member's own changes (`payload.changes`), or a stub when
    nothing they see changed (a hidden token placed): the same live and on resume."""
    start = table.last_seq()
    with (
        connect(table, table.bob, start) as (bob_ws, _),
        connect(table, table.gm, start) as (gm_ws, _),
    ):
        made = table.post(
            table.gm, "/scenes", {"name": "Crypte", "width": 700, "height": 700, "show": True}
        )
        sid = made.json()["scene"]["id"]
        table.post(
            table.gm, f"/scenes/{sid}/tokens", {"name": "Espion", "x": 35, "y": 35, "hidden": True}
        )
        table.post(table.gm, f"/scenes/{sid}/fog", {"reveal": [[0, 0, 700, 700]]})
        bob_live, gm_live = events(bob_ws), events(gm_ws)
    # created (not shown yet), shown, the hidden token, the fog
    assert [e["kind"] for e in bob_live] == ["hidden", "board", "hidden", "board"]
    assert "Espion" not in json.dumps(bob_live) and "Espion" in json.dumps(gm_live)
    assert all(e["payload"]["event"] for e in gm_live)  # the GM reads the whole change
    with (
        connect(table, table.bob, start) as (_, bob_again),
        connect(table, table.gm, start) as (_, gm_again),
    ):
        assert (bob_again, gm_again) == (bob_live, gm_live)
