"""The members panel and the GM's link buttons in the table pages: the panel lists who joined
(reloaded live), the GM revokes or renews a link after a confirmation step, a player sees no
such button and is refused (403) if they post one."""

from __future__ import annotations

import re
from html import unescape

from fastapi.testclient import TestClient

from web.tables.tables_support import new_table


def test_members_panel_lists_a_new_member(app_client: TestClient, toy_system: object) -> None:
    table = new_table(app_client)
    panel = app_client.get(f"/tables/{table.id}/members?token={table.gm.token}")
    assert panel.status_code == 200
    assert "Alice" in panel.text and "Bob" in panel.text and "Zoé" not in panel.text
    app_client.post(f"/join/{table.invite}", data={"display_name": "Zoé"})
    panel = app_client.get(f"/tables/{table.id}/members?token={table.gm.token}")
    assert "Zoé" in panel.text
    page = app_client.get(f"/tables/{table.id}?token={table.gm.token}")
    refresh = 'data-live-refresh="member_joined member_renamed link_renewed member_removed"'
    assert refresh in page.text


def test_gm_revokes_a_link_from_the_page(app_client: TestClient, toy_system: object) -> None:
    table = new_table(app_client)
    page = app_client.get(f"/tables/{table.id}?token={table.gm.token}")
    assert f"/members/{table.alice.id}/revoke" in page.text
    assert "Confirm: revoke" in page.text or "Confirmer" in page.text
    # French elides before a vowel: "le lien d'Alice", "de Bob"
    said = unescape(page.text)
    assert "Révoquer le lien d'Alice" in said and "Révoquer le lien de Bob" in said
    english = unescape(app_client.get(f"/tables/{table.id}?token={table.gm.token}&lang=en").text)
    assert "Revoke Alice's link" in english
    done = app_client.post(
        f"/tables/{table.id}/members/{table.alice.id}/revoke?token={table.gm.token}&lang=fr",
        data={"confirm": "1"},
    )
    assert done.status_code == 200, done.text
    assert "Le lien d'Alice est révoqué." in unescape(done.text)
    assert app_client.get(f"/tables/{table.id}?token={table.alice.token}").status_code == 404


def test_gm_renews_a_link_from_the_page(app_client: TestClient, toy_system: object) -> None:
    table = new_table(app_client)
    done = app_client.post(
        f"/tables/{table.id}/members/{table.bob.id}/link?token={table.gm.token}",
        data={"confirm": "1"},
    )
    assert done.status_code == 200, done.text
    token = re.search(r"token=([A-Za-z0-9_-]+)", done.text)
    assert token is not None and token.group(1) != table.bob.token
    assert app_client.get(f"/tables/{table.id}?token={token.group(1)}").status_code == 200
    assert app_client.get(f"/tables/{table.id}?token={table.bob.token}").status_code == 404


def test_gm_renews_the_invite_from_the_page(app_client: TestClient, toy_system: object) -> None:
    table = new_table(app_client)
    done = app_client.post(f"/tables/{table.id}/invite?token={table.gm.token}", data={})
    assert done.status_code == 200  # followed to the table page, which shows the new link
    assert f"/join/{table.invite}" not in done.text
    assert app_client.get(f"/join/{table.invite}").status_code == 404


def test_a_player_has_no_link_buttons_and_is_refused(
    app_client: TestClient, toy_system: object
) -> None:
    table = new_table(app_client)
    page = app_client.get(f"/tables/{table.id}?token={table.alice.token}")
    assert "/revoke" not in page.text and "/invite" not in page.text
    refused = app_client.post(
        f"/tables/{table.id}/members/{table.bob.id}/revoke?token={table.alice.token}",
        data={"confirm": "1"},
    )
    assert refused.status_code == 403
    assert app_client.get(f"/tables/{table.id}?token={table.bob.token}").status_code == 200


def test_gm_removes_a_member_from_the_page(app_client: TestClient, toy_system: object) -> None:
    table = new_table(app_client)
    done = app_client.post(
        f"/tables/{table.id}/members/{table.bob.id}/remove?token={table.gm.token}",
        data={"confirm": "1"},
    )
    assert done.status_code == 200  # back on the table page
    assert app_client.get(f"/tables/{table.id}?token={table.bob.token}").status_code == 404
    panel = app_client.get(f"/tables/{table.id}/members?token={table.gm.token}").text
    assert "Bob" not in panel
    log = unescape(app_client.get(f"/tables/{table.id}?token={table.alice.token}").text)
    # issue #29: the log says whom, and the removed member's join keeps their name
    assert "a retiré Bob de la table" in log
    assert re.search(r'class="who">Bob</span>\s*<span class="what">a rejoint la table', log), log
    assert 'class="who">?</span>' not in log


def test_the_pages_speak_french_without_ids(app_client: TestClient, toy_system: object) -> None:
    """Issue #29: the home page names each game without its id beside it; the file pickers are
    labels in the page's language, not the browser's "Choose File / No file chosen"."""
    home = unescape(app_client.get("/").text)
    assert "Espace Artémis" in home and '<small class="muted">artemis</small>' not in home
    new = unescape(app_client.get("/tables/new").text)
    assert "Choisir un fichier" in new and "Aucun fichier choisi" in new
    assert 'class="file-input"' in new


def test_archive_and_delete_from_the_page(app_client: TestClient, toy_system: object) -> None:
    table = new_table(app_client)
    url = f"/tables/{table.id}"
    archived = app_client.post(f"{url}/archive?token={table.gm.token}", data={"archived": "1"})
    assert archived.status_code == 200 and 'id="archived"' in archived.text
    refused = app_client.post(f"{url}/delete?token={table.alice.token}", data={"confirm": "x"})
    assert refused.status_code == 403
    wrong = app_client.post(f"{url}/delete?token={table.gm.token}", data={"confirm": "x"})
    assert wrong.status_code == 403 and "Jeudi soir" in wrong.text
    assert app_client.get(f"{url}?token={table.gm.token}").status_code == 200
    gone = app_client.post(
        f"{url}/delete?token={table.gm.token}",
        data={"confirm": "Jeudi soir"},
        follow_redirects=False,
    )
    assert gone.status_code == 303 and gone.headers["location"] == "/"
    assert app_client.get(f"{url}?token={table.gm.token}").status_code == 404
