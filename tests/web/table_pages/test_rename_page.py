"""A member renames themselves from the members panel (the GM may rename anyone): the panel
comes back with the new name, the log says it; another player's name is not theirs to change."""

from __future__ import annotations

from fastapi.testclient import TestClient

from web.table_pages.conftest import create, join


def _member_id(page: str, name: str) -> str:
    marker = f'data-name="{name}"'
    before = page[: page.index(marker)]
    return before[before.rindex('data-member="') + len('data-member="') :].split('"')[0]


def test_a_player_renames_themselves_from_the_panel(web: TestClient) -> None:
    gm, invite = create(web, "demo")
    alice = join(web, invite, "Alice")
    bob = join(web, invite, "Bob")
    page = alice.get().text
    assert 'class="member-tools rename-me"' in page and page.count("rename-me") == 1
    bob_id, alice_id = _member_id(page, "Bob"), _member_id(page, "Alice")
    panel = alice.post(f"/members/{alice_id}/rename", [("display_name", "Alix")], htmx=True)
    assert panel.status_code == 200 and 'data-name="Alix"' in panel.text
    assert 'data-name="Alix"' in gm.get("/members").text
    refused = alice.post(f"/members/{bob_id}/rename", [("display_name", "Zorro")], htmx=True)
    assert refused.status_code == 422  # to htmx, every refusal is the error fragment
    assert 'data-name="Zorro"' not in gm.get("/members").text
    empty = bob.post(f"/members/{bob_id}/rename", [("display_name", "  ")], htmx=True)
    assert empty.status_code == 422
    assert gm.post(f"/members/{bob_id}/rename", [("display_name", "Roberto")]).status_code == 303
    assert 'data-name="Roberto"' in bob.get().text
