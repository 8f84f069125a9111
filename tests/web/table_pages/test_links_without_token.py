"""#28: no link of a page carries the member's token — the session cookie opens the table, its
downloads (the export, a fight file) included; the token never reaches an address bar, a
history or a proxy's log from a link followed. (The GM's own link to keep stays shown as text
to copy, not as a link.)"""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from web.table_pages.conftest import create, join

_LINKS = re.compile(r'\b(?:href|src|action|hx-get|hx-post|hx-put|hx-delete|formaction)="([^"]*)"')


def _links(html: str) -> list[str]:
    return _LINKS.findall(html)


def test_no_page_link_carries_the_members_token(web: TestClient) -> None:
    gm, invite = create(web, "demo")
    alice = join(web, invite, "Alice")
    for seat in (gm, alice):
        for path in ("", "/fairness", "/log"):
            page = seat.get(path)
            assert page.status_code == 200, (path, page.text[:200])
            carrying = [link for link in _links(page.text) if seat.token in link]
            assert carrying == [], (path, carrying)


def test_the_export_link_opens_with_the_session(web: TestClient) -> None:
    gm, _ = create(web, "demo")
    link = re.search(r'id="export-table" href="([^"]+)"', gm.get().text)
    assert link is not None and "token" not in link.group(1)
    got = web.get(link.group(1).replace("&amp;", "&"))  # the browser's cookie alone
    assert got.status_code == 200 and got.json()["exported_by"]
