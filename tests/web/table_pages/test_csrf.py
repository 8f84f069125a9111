"""#28: a write the session cookie alone authenticates carries the session's CSRF token (the
pages put it in their forms and in htmx's headers); another site's form, which the browser
sends with the cookie, is refused 403 in one line and changes nothing."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from ecran.web.sessions import csrf_token
from web.table_pages.conftest import create

_FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def test_a_cross_site_post_with_the_cookie_alone_is_refused(web: TestClient) -> None:
    gm, _ = create(web, "demo")
    api = {"Authorization": f"Bearer {gm.token}"}
    before = web.get(f"/api/tables/{gm.table_id}/events", headers=api).json()
    reveal = gm.url("/dice/reveal")
    forged = web.post(reveal, content="", headers=_FORM, follow_redirects=False)
    assert forged.status_code == 403
    assert "CSRF" in forged.text and "Traceback" not in forged.text
    wrong = web.post(reveal, content="csrf_token=nope", headers=_FORM, follow_redirects=False)
    assert wrong.status_code == 403
    assert web.get(f"/api/tables/{gm.table_id}/events", headers=api).json() == before


def test_the_pages_forms_and_htmx_carry_the_sessions_token(web: TestClient) -> None:
    gm, _ = create(web, "demo")
    page = gm.get("/fairness").text
    field = re.search(r'name="csrf_token" value="([0-9a-f]+)"', page)
    assert field is not None and field.group(1) == csrf_token(gm.token)
    assert f'"X-CSRF-Token": "{csrf_token(gm.token)}"' in gm.get().text
    posted = web.post(
        gm.url("/dice/reveal"),
        content=f"csrf_token={field.group(1)}",
        headers=_FORM,
        follow_redirects=False,
    )
    assert posted.status_code in (200, 303), posted.text[:300]
    htmx = web.post(
        gm.url("/dice/reveal"),
        headers={"X-CSRF-Token": csrf_token(gm.token), "HX-Request": "true"},
        follow_redirects=False,
    )
    assert htmx.status_code < 400, htmx.text[:300]
