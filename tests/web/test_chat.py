"""The table's chat on the web (issue 13): sent through the API and the chat box, read in the log
and live; a whisper reaches only its addressee and the GM — in frames, pages and API, as hidden
rolls are checked; a secret roll reads "… a lancé un jet secret" in a player's log."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from html import unescape
from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession

from ecran.play.chat import MESSAGE_MAX
from ecran.rules import tr
from toy import ToyWithActions
from web.tables.tables_support import Member, Table

SECRET = "Le-tresor-est-sous-la-dalle-42"  # distinctive: must not appear where it is hidden


@pytest.fixture
def toy_variant() -> ToyWithActions:
    """`toy` with one sheet action, "Bagarre", that a chat line can roll (`/r Bagarre`)."""
    return ToyWithActions(tr("Bagarre", "Brawl"))


@pytest.fixture(autouse=True)
def _toy_registered(toy_system: object) -> None:
    """Every test here plays with that `toy` (the root conftest's `toy_system`)."""


def say(table: Table, who: Member, text: str, **extra: Any) -> Any:
    return table.post(who, "/messages", {"text": text, **extra})


def page(table: Table, who: Member, path: str = "", **params: Any) -> str:
    got = table.client.get(f"/tables/{table.id}{path}", params={"token": who.token, **params})
    assert got.status_code == 200, got.text
    return unescape(got.text)


def everything(table: Table, who: Member) -> str:
    """All a member can read: the API's log, state and events, the table page, the log
    fragment."""
    api = [table.get(who, p).text for p in ("/events", "/log", "/state")]
    pages = [page(table, who), page(table, who, "/events", after=0)]
    return "\n".join(api + pages)


def frames(ws: WebSocketTestSession) -> list[dict[str, Any]]:
    """Everything sent before the answer to a ping (raw text kept for leak checks)."""
    ws.send_json({"type": "ping"})
    got = []
    while True:
        text = ws.receive_text()
        frame = json.loads(text)
        if frame["type"] == "pong":
            return got
        got.append({**frame, "raw": text})


@contextmanager
def socket(table: Table, who: Member) -> Iterator[WebSocketTestSession]:
    with table.client.websocket_connect(table.socket_url(who, table.last_seq())) as ws:
        assert ws.receive_json()["type"] == "synced"
        yield ws


def test_a_message_is_an_event_every_member_reads_in_the_log(table: Table) -> None:
    sent = say(table, table.alice, "Bonsoir la table [[1d6]]")
    assert sent.status_code == 201, sent.text
    view = sent.json()
    assert view["kind"] == "message" and view["visibility"] == "public"
    assert view["payload"]["rolls"][0]["expression"] == "1d6"
    for who in (table.gm, table.bob):
        assert table.get(who, f"/events/{view['seq']}").json()["event"] == view
        log = page(table, who)
        assert "Bonsoir la table" in log and 'data-kind="message"' in log


def test_a_whisper_reaches_its_addressee_and_the_gm_only_in_api_pages_and_frames(
    table: Table,
) -> None:
    with (
        socket(table, table.gm) as gm_ws,
        socket(table, table.alice) as alice_ws,
        socket(table, table.bob) as bob_ws,
    ):
        sent = say(table, table.alice, f"/w Bob {SECRET} [[1d20]]")
        assert sent.status_code == 201, sent.text
        seq = sent.json()["seq"]
        [gm_frame], [alice_frame], [bob_frame] = (frames(w) for w in (gm_ws, alice_ws, bob_ws))
    assert SECRET in gm_frame["raw"] and SECRET in alice_frame["raw"]
    assert bob_frame["event"]["payload"]["text"] == f"{SECRET} [[1d20]]"
    # a third member (Carol) joins later: no frame, no page, no API answer holds it
    joined = table.client.post(
        f"/api/tables/invites/{table.invite}/join", json={"display_name": "Carol"}
    ).json()
    carol = Member(joined["member"]["id"], joined["token"])
    with table.client.websocket_connect(table.socket_url(carol, 0)) as ws:
        backlog = []
        while (frame := ws.receive_json())["type"] != "synced":
            backlog.append(frame)
    stub = next(f["event"] for f in backlog if f["event"]["seq"] == seq)
    assert (stub["kind"], stub["actor_id"], stub["payload"]) == ("hidden", None, {})
    assert SECRET not in json.dumps(backlog)
    assert SECRET not in everything(table, carol)
    assert SECRET not in page(table, carol, f"/events/{seq}")
    assert table.get(carol, f"/events/{seq}").json()["event"]["kind"] == "hidden"
    for who in (table.gm, table.alice, table.bob):
        assert SECRET in everything(table, who)
    assert "chuchoté à vous" not in page(table, table.gm)
    assert "chuchoté à Bob" in page(table, table.gm)


def test_a_whisper_to_the_gm_is_the_gms_and_its_authors(table: Table) -> None:
    view = say(table, table.alice, SECRET, to=table.gm.id).json()
    assert view["visibility"] == "gm"
    assert SECRET in everything(table, table.gm) and SECRET in everything(table, table.alice)
    assert SECRET not in everything(table, table.bob)
    assert say(table, table.bob, f"/gm {SECRET}").json()["visibility"] == "gm"
    assert "chuchoté au MJ" in page(table, table.bob)


def test_the_chat_box_posts_from_any_table_page(table: Table) -> None:
    headers = {"X-Ecran-Token": table.bob.token}
    form = {"text": "/em ouvre la porte", "to": "", "character": ""}
    htmx = table.client.post(
        f"/tables/{table.id}/chat", data=form, headers={**headers, "HX-Request": "true"}
    )
    assert htmx.status_code == 200 and htmx.headers["HX-Trigger"] == "ecran:sent"
    plain = table.client.post(
        f"/tables/{table.id}/chat",
        data={"text": "Bonjour", "back": "/encounters/x"},
        headers=headers,
        follow_redirects=False,
    )
    assert plain.status_code == 303
    assert plain.headers["location"].startswith(f"/tables/{table.id}/encounters/x?lang=")
    elsewhere = table.client.post(
        f"/tables/{table.id}/chat",
        data={"text": "Bonjour", "back": "//evil.example"},
        headers=headers,
        follow_redirects=False,
    )
    assert elsewhere.headers["location"].startswith(f"/tables/{table.id}?lang=")
    shown = page(table, table.alice)
    assert "ouvre la porte" in shown and 'data-style="emote"' in shown
    assert 'id="chat-form"' in shown and 'id="chat-to"' in shown


def test_speaking_as_a_character_and_rolling_its_action_by_name(table: Table) -> None:
    zoe = table.character(table.alice, {"name": "Zoé", "might": 4})
    view = say(table, table.alice, "/r Bagarre", character_id=zoe["id"]).json()
    [rolled] = view["payload"]["rolls"]
    assert rolled["check"]["params"] == {"skill": 4, "easy": True}  # table option in force
    shown = page(table, table.bob, f"/events/{view['seq']}")
    assert "Zoé" in shown and "Bagarre" in shown
    assert 'id="chat-character"' in page(table, table.alice)
    refused = say(table, table.bob, "c'est moi", character_id=zoe["id"])
    assert refused.status_code == 403 and "\n" not in refused.json()["detail"]


def test_bad_messages_are_one_line_4xx(table: Table) -> None:
    cases = [
        ("", 422),
        ("x" * (MESSAGE_MAX + 1), 422),
        ("/desc il pleut", 403),
        ("/w Personne salut", 404),
        ("/r 1d0", 422),
        ("/nope", 422),
    ]
    for text, status in cases:
        answer = say(table, table.alice, text)
        assert answer.status_code == status, (text, answer.text)
        detail = answer.json()["detail"]
        assert detail and "\n" not in detail and "Traceback" not in detail
    huge = table.post(table.alice, "/messages", {"text": "x" * (MESSAGE_MAX * 5)})
    assert huge.status_code == 422
    fr = table.client.post(
        f"/tables/{table.id}/chat",
        data={"text": "/desc il pleut"},
        headers={"X-Ecran-Token": table.alice.token, "HX-Request": "true"},
    )
    assert fr.status_code == 422 and "seul le MJ raconte" in unescape(fr.text)
    en = say(table, table.alice, "", lang="en")
    assert en.status_code == 422


def test_a_secret_roll_reads_who_rolled_in_a_players_log_not_what(table: Table) -> None:
    body = {"check": "test", "params": {"skill": 1}, "visibility": "gm", "label": SECRET}
    view = table.post(table.gm, "/rolls", body).json()
    bob_page = page(table, table.bob)
    assert "Le MJ (Claire) a lancé un jet secret" in bob_page
    assert SECRET not in bob_page
    table.post(table.alice, "/rolls", {**body, "visibility": "blind"})
    assert "Alice a lancé un jet secret" in page(table, table.bob)
    en = table.client.get(
        f"/tables/{table.id}", params={"token": table.bob.token, "lang": "en"}
    ).text
    assert "The GM (Claire) made a secret roll" in unescape(en)
    assert SECRET in page(table, table.gm, f"/events/{view['seq']}")


def test_dropped_and_counted_dice_are_marked_in_the_log_not_written_as_markdown(
    table: Table,
) -> None:
    """`/r 4d6kh3` keeps its dropped die struck in the log, as the dice page and Roll20 show it;
    the API keeps the plain line (`~~3~~`) its clients read."""
    sent = say(table, table.alice, "/r 4d6kh3 et [[3d6>4]]")
    assert sent.status_code == 201, sent.text
    plain = [r["text"] for r in sent.json()["payload"]["rolls"]]
    assert "~~" in plain[0]  # one of the four dice is dropped
    got = table.client.get(
        f"/tables/{table.id}/events", params={"token": table.bob.token, "after": 0}
    )
    log = got.text
    assert "~~" not in log and "**" not in log
    assert re.search(r"<s>\d</s>", log)
