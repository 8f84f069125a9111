"""A table page is rendered once per event and served again until the next one (`pages.kept`):
what a member reads after an event is the page at that event, in their view and language; the
members list, kept by what it shows, follows a join and a rename."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from ecran.web.pages.kept import Kept
from ecran.web.sessions import csrf_token
from web.tables.tables_support import Member, Table, new_table


def _page(table: Table, who: Member, query: str = "") -> str:
    answer = table.client.get(f"/tables/{table.id}?token={who.token}{query}")
    assert answer.status_code == 200, answer.text
    return str(answer.text)


def _last_seq(html: str) -> int:
    found = re.search(r'data-last-seq="(\d+)"', html)
    assert found is not None
    return int(found.group(1))


def test_a_page_loaded_again_after_an_event_shows_the_event(
    app_client: TestClient, toy_system: object
) -> None:
    table = new_table(app_client)
    first = _page(table, table.alice)
    assert _page(table, table.alice) == first  # nothing happened: the same page
    rolled = table.roll(table.bob, label="Crochetage")
    again = _page(table, table.alice)
    assert _last_seq(again) == rolled["seq"] > _last_seq(first)
    assert "Crochetage" in again and "Crochetage" not in first


def _page_by_header(table: Table, who: Member) -> str:
    """The page asked with the token in a header (as htmx sends it): the same address for all."""
    answer = table.client.get(f"/tables/{table.id}", headers={"X-Ecran-Token": who.token})
    assert answer.status_code == 200, answer.text
    return str(answer.text)


def test_each_member_reads_their_own_view_of_the_same_event(
    app_client: TestClient, toy_system: object
) -> None:
    table = new_table(app_client)
    table.roll(table.gm, visibility="gm", label="Embuscade")
    assert "Embuscade" in _page_by_header(table, table.gm)
    alices = _page_by_header(table, table.alice)
    assert "Embuscade" not in alices
    # Alice's own page (her session's CSRF token), and no token at all (#28)
    assert csrf_token(table.alice.token) in alices and csrf_token(table.gm.token) not in alices
    assert table.alice.token not in alices and table.gm.token not in alices


def test_a_page_is_kept_per_language(app_client: TestClient, toy_system: object) -> None:
    table = new_table(app_client)
    french = _page(table, table.alice, "&lang=fr")
    english = _page(table, table.alice, "&lang=en")
    assert '<html lang="fr">' in french and '<html lang="en">' in english
    assert _page(table, table.alice, "&lang=fr") == french


def test_the_members_list_follows_a_join_and_a_rename(
    app_client: TestClient, toy_system: object
) -> None:
    table = new_table(app_client)
    assert "Zoé" not in _page(table, table.gm)
    app_client.post(f"/join/{table.invite}", data={"display_name": "Zoé"})
    page = _page(table, table.gm)
    assert "Zoé" in page and "Remove Zoé from the table" in _page(table, table.gm, "&lang=en")
    renamed = app_client.post(
        f"/tables/{table.id}/members/{table.alice.id}/rename?token={table.alice.token}",
        data={"display_name": "Alicia"},
    )
    assert renamed.status_code == 200
    for who in (table.gm, table.bob):
        assert 'data-name="Alicia"' in _page(table, who)
        panel = app_client.get(f"/tables/{table.id}/members?token={who.token}")
        assert 'data-name="Alicia"' in panel.text and 'data-name="Alice"' not in panel.text


def test_a_player_never_reads_the_gms_member_tools(
    app_client: TestClient, toy_system: object
) -> None:
    table = new_table(app_client)
    assert "/revoke" in _page(table, table.gm)  # the GM's list kept first
    assert "/revoke" not in _page(table, table.alice)
    panel = app_client.get(f"/tables/{table.id}/members?token={table.bob.token}")
    assert "/revoke" not in panel.text and table.gm.token not in panel.text


def test_kept_texts_stay_within_their_bound() -> None:
    kept = Kept(max_chars=10)
    kept.keep("a", 1, "aaaa")
    kept.keep("b", 1, "bbbb")
    assert kept.get("a", 1) == "aaaa"  # a is now the most recently used
    kept.keep("c", 1, "cccc")  # 12 characters: b, the least recently used, goes
    assert kept.get("b", 1) is None
    assert (kept.get("a", 1), kept.get("c", 1)) == ("aaaa", "cccc")
    kept.keep("a", 2, "AAAAAA")  # a new version replaces the old one
    assert kept.get("a", 1) is None and kept.get("a", 2) == "AAAAAA"
    kept.keep("d", 1, "d" * 11)  # larger than the bound: never kept
    assert kept.get("d", 1) is None
