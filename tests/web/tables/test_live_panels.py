"""#30 item 1, what the pages serve: the table page's Encounters card (its fragment, reloaded
live) shows a running fight to the players in it, with their place in the order and the turn
cue on their turn only; the whisper menu's fragment follows members joining and leaving."""

from __future__ import annotations

from html import unescape

from web.tables.tables_support import Member, Table, join


def _card(table: Table, who: Member) -> str:
    got = table.client.get(f"/tables/{table.id}/encounters-card", params={"token": who.token})
    assert got.status_code == 200, got.text
    return unescape(got.text)


def _fight(table: Table) -> str:
    """Alice's Hector acts second (initiative 3 after the goblin's 5); Bob has no one in it."""
    hector = table.character(table.alice, {"name": "Hector", "might": 2, "agility": 3})
    enc = table.post(table.gm, "/encounters", {"name": "Embuscade"}).json()["payload"]
    eid = enc["encounter_id"]
    table.post(table.gm, f"/encounters/{eid}/participants", {"character_id": hector["id"]})
    goblin = {"name": "Gobelin", "agility": 2, "wounds": 0}
    table.post(table.gm, f"/encounters/{eid}/participants", {"sheet": goblin})
    for pid, value in (("p1", 3), ("p2", 5)):
        set_ = table.put(
            table.gm, f"/encounters/{eid}/participants/{pid}/initiative", {"value": value}
        )
        assert set_.status_code == 200, set_.text
    return str(eid)


def test_a_started_fight_reaches_its_players_with_their_place_and_turn(table: Table) -> None:
    eid = _fight(table)
    assert "Embuscade" in _card(table, table.alice)  # listed before it starts, no banner
    assert "Le combat commence" not in _card(table, table.alice)
    assert table.post(table.gm, f"/encounters/{eid}/start").status_code == 200
    alice, bob, gm = (_card(table, m) for m in (table.alice, table.bob, table.gm))
    assert "Le combat commence — vous agissez en 2ᵉ" in alice
    assert f"/encounters/{eid}" in alice
    assert 'data-my-turn="true"' not in alice  # the goblin acts first
    assert "Le combat commence" not in bob and "Le combat commence" not in gm
    table.post(table.gm, f"/encounters/{eid}/next")  # Hector's turn
    alice, bob = _card(table, table.alice), _card(table, table.bob)
    assert 'data-my-turn="true"' in alice and "À vous de jouer" in alice
    assert 'data-my-turn="true"' not in bob
    # the table page itself, and its log line links to the encounter
    got = table.client.get(f"/tables/{table.id}", params={"token": table.alice.token})
    page = unescape(got.text)
    assert 'data-my-turn="true"' in page and 'data-live-refresh="encounter' in page
    assert "enc-link" in page
    table.post(table.gm, f"/encounters/{eid}/end")
    assert "vous agissez" not in _card(table, table.alice)
    assert 'data-my-turn="true"' not in _card(table, table.alice)


def test_the_whisper_menu_follows_members_joining_and_leaving(table: Table) -> None:
    def menu(who: Member, to: str = "") -> str:
        got = table.client.get(f"/tables/{table.id}/chat-to", params={"token": who.token, "to": to})
        assert got.status_code == 200, got.text
        return got.text

    assert "Chloé" not in menu(table.alice)
    chloe = join(table.client, table.invite, "Chloé")
    shown = menu(table.alice, to=table.bob.id)
    assert f'value="{chloe.id}"' in shown and "Chloé" in shown
    assert f'value="{table.bob.id}" selected' in shown  # the choice kept
    assert f'value="{table.alice.id}"' not in shown  # never oneself
    removed = table.delete(table.gm, f"/members/{chloe.id}")
    assert removed.status_code < 300, removed.text
    assert f'value="{chloe.id}"' not in menu(table.alice, to=chloe.id)
    assert "selected" not in menu(table.alice, to=chloe.id)
