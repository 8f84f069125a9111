"""Issue #13's bugs, each as the user met it: an empty field of a track form, an error page
inside a table, the favicon, the attack choice a player's encounter page refreshes with, and the
requests htmx aborted (logged as console errors)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from fastapi.testclient import TestClient

from ecran.engine import get_system
from ecran.web.forms import fields_of, values_from_form
from web.test_wizard import Gm

TEMPLATES = Path(__file__).resolve().parents[2] / "src" / "ecran" / "web" / "templates"


def _artemis_character(gm: Gm) -> tuple[str, int]:
    sheet = get_system("artemis").new_character("Zoé").model_dump(mode="json")
    made = gm.client.post(
        f"/api/tables/{gm.table}/characters",
        json={"sheet": sheet},
        headers={"Authorization": f"Bearer {gm.token}"},
    )
    assert made.status_code == 201, made.text
    body = made.json()
    character = body.get("character", body)
    return str(character["id"]), int(character["version"])


def test_an_empty_wound_field_means_none_taken(app_client: TestClient) -> None:
    gm = Gm(app_client, "artemis")
    cid, version = _artemis_character(gm)
    pairs = [
        ("operation", "take_wounds"),
        ("version", str(version)),
        ("light", "2"),
        ("serious", ""),
    ]
    done = gm.post(f"/characters/{cid}/operate", pairs)
    assert done.status_code == 303, unescape(done.text)
    stored = gm.client.get(
        f"/api/tables/{gm.table}/characters/{cid}",
        headers={"Authorization": f"Bearer {gm.token}"},
    ).json()
    assert stored["version"] == version + 1


def test_a_bad_wound_field_is_named_by_its_label(app_client: TestClient) -> None:
    gm = Gm(app_client, "artemis")
    cid, version = _artemis_character(gm)
    label = next(
        f.label
        for f in fields_of(get_system("artemis").operation("take_wounds").params)
        if f.name == "serious"
    )
    pairs = [("operation", "take_wounds"), ("version", str(version)), ("serious", "deux")]
    refused = gm.post(f"/characters/{cid}/operate", pairs)
    assert refused.status_code == 422
    text = unescape(refused.text)
    assert f"{label.fr} : nombre entier attendu (« deux »)" in text
    assert "serious" not in re.sub(r"<[^>]+>", "", text.split("<main>")[1].split("</main>")[0])


def test_a_number_out_of_bounds_is_named_by_its_label_too() -> None:
    fields = fields_of(get_system("artemis").operation("take_wounds").params)
    label = next(f.label for f in fields if f.name == "light")
    try:
        values_from_form(fields, {"light": ["500"]}, strict=True)
    except Exception as exc:
        assert str(exc) == f"{label.en}: must be ≤ 99 ('500')"
    else:
        raise AssertionError("500 light wounds were accepted")


def test_empty_numbers_with_a_zero_default_read_as_zero() -> None:
    fields = fields_of(get_system("artemis").operation("take_wounds").params)
    assert values_from_form(fields, {"light": [""], "serious": [" "]}) == {
        "light": "0",
        "serious": "0",
    }


def test_an_error_page_inside_a_table_links_back_to_the_members_table(
    app_client: TestClient,
) -> None:
    gm = Gm(app_client, "artemis")
    missing = gm.get("/characters/nope")
    assert missing.status_code == 404
    back = re.search(r'<a href="([^"]+)" id="back-to-table">', missing.text)
    assert back is not None
    # the clean address: the member's session cookie seats them (no token in the link)
    assert unescape(back.group(1)).startswith(f"/tables/{gm.table}?lang=")
    # the link really seats the member again
    assert gm.client.get(unescape(back.group(1))).status_code == 200


def test_a_bad_token_gets_no_way_into_the_table(app_client: TestClient) -> None:
    gm = Gm(app_client, "artemis")
    wrong = gm.client.get(f"/tables/{gm.table}/characters/nope", params={"token": "x" * 20})
    assert wrong.status_code == 404
    assert 'id="back-to-table"' not in wrong.text
    assert 'href="/?lang=fr"' in wrong.text


def test_every_page_names_a_favicon_that_is_served(client: TestClient) -> None:
    page = client.get("/").text
    icon = re.search(r'<link rel="icon" href="([^"]+)"', page)
    assert icon is not None
    served = client.get(icon.group(1))
    assert served.status_code == 200
    assert served.headers["content-type"].startswith("image/svg+xml")


def test_a_players_encounter_page_has_the_attack_choice_its_refresh_includes(
    app_client: TestClient,
) -> None:
    gm = Gm(app_client, "artemis")
    invite = gm.client.get(
        f"/api/tables/{gm.table}", headers={"Authorization": f"Bearer {gm.token}"}
    ).json()
    code = invite.get("invite_token") or invite["table"]["invite_token"]
    joined = gm.client.post(f"/api/tables/invites/{code}/join", json={"display_name": "Bob"})
    player = joined.json()["token"]
    made = gm.post("/encounters", [("name", "Embuscade")])
    eid = made.headers["location"].split("/encounters/")[1].split("?")[0]
    page = gm.client.get(f"/tables/{gm.table}/encounters/{eid}", params={"token": player}).text
    assert 'hx-include="#attack-choice"' in page
    assert 'id="attack-choice"' in page


def test_no_template_aborts_a_request_in_flight() -> None:
    """`hx-sync="…:replace"` aborts the request in flight, which htmx reports as a console
    error (`htmx:sendAbort`); `queue last` keeps only the newest without aborting."""
    for template in TEMPLATES.rglob("*.html"):
        assert ":replace" not in template.read_text(encoding="utf-8"), template.name


def test_a_tracker_number_field_is_never_named_by_its_id() -> None:
    """Every number field of the tracker's forms has its words; one added without them is
    called « Valeur », never by the id the page sends (found in review: the id was the
    fallback)."""
    from starlette.datastructures import FormData

    from ecran.rules import EcranError
    from ecran.web.pages import encounters

    for name, words in [("rounds", "Durée"), ("initiative_bonus", "Valeur")]:
        try:
            encounters._int(FormData([(name, "trois")]), name)
        except EcranError as refused:
            said = refused.text.fr
        else:
            raise AssertionError("a word was read as a number")
        assert said.startswith(f"{words} : nombre entier attendu"), said
        assert name not in said
