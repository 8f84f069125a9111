"""The table export and import through the pages: the GM's download button on the table page
(none for players), the import form of the new-table page (the importer lands on the copy as
its GM), a bad file refused in one line with nothing stored."""

from __future__ import annotations

import json
import re

import httpx
from fastapi.testclient import TestClient

from web.table_pages.conftest import Seat, create, join, seated


def _upload(client: TestClient, content: bytes) -> httpx.Response:
    return client.post(
        "/tables/import",
        files={"file": ("table.json", content, "application/json")},
        follow_redirects=False,
    )


def _export(gm: Seat) -> bytes:
    page = gm.get().text
    link = re.search(r'id="export-table" href="([^"]+)"', page)
    assert link is not None
    got = gm.client.get(link.group(1).replace("&amp;", "&"))
    assert got.status_code == 200 and "attachment" in got.headers["content-disposition"]
    return got.content


def test_the_gm_downloads_the_table_and_a_player_does_not_see_the_button(web: TestClient) -> None:
    gm, invite = create(web, "demo")
    alice = join(web, invite, "Alice")
    assert 'id="export-table"' not in alice.get().text
    data = json.loads(_export(gm))
    assert data["version"] == 2 and data["exported_by"]
    assert [m["display_name"] for m in data["members"]] == ["Camille", "Alice"]


def test_an_exported_table_imports_through_the_new_table_page(web: TestClient) -> None:
    gm, invite = create(web, "demo")
    join(web, invite, "Alice")
    content = _export(gm)
    assert 'id="import-table"' in web.get("/tables/new").text
    # the same server still holds the table: refused, one line, nothing stored
    refused = _upload(web, content)
    assert refused.status_code == 422 and "existe déjà" in refused.text
    deleted = gm.post("/delete", [("confirm", "La table")])
    assert deleted.status_code == 303
    moved = _upload(web, content)
    assert moved.status_code == 303
    copy = seated(web, moved)  # the clean address and the GM's session cookie
    assert copy.table_id == gm.table_id
    page = copy.get().text
    assert 'id="links"' in page and "Alice" in page  # its GM, with the members back


def test_a_bad_file_is_one_line(web: TestClient) -> None:
    for content, said in (
        (b"{", "pas du JSON valide, ligne 1"),  # in words, not the JSON parser's English
        (b'{"format": "ecran-table"}', "export de table ecran"),
        (b"[]", "export de table ecran"),
    ):
        refused = _upload(web, content)
        assert refused.status_code == 422
        text = refused.text
        assert said in text and "Traceback" not in text and "Invalid JSON" not in text
