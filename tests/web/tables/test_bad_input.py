"""Bad input anywhere in the table API: a 4xx with one line in the request's language, nothing
stored, and the server keeps serving. The OpenAPI document describes every route."""

from __future__ import annotations

from fastapi.testclient import TestClient

from web.tables.tables_support import Table


def _write_routes(table: Table, character: str, enc: str) -> list[tuple[str, str]]:
    return [
        ("POST", "/characters"),
        ("POST", "/characters/import"),
        ("PUT", f"/characters/{character}"),
        ("POST", f"/characters/{character}/operations/hit"),
        ("POST", "/rolls"),
        ("POST", "/odds"),
        ("PATCH", "/options"),
        ("POST", "/encounters"),
        ("POST", f"/encounters/{enc}/participants"),
        ("POST", f"/encounters/{enc}/initiative"),
        ("PUT", f"/encounters/{enc}/order"),
        ("POST", f"/encounters/{enc}/start"),
        ("POST", f"/encounters/{enc}/participants/p1/conditions"),
        ("PUT", f"/encounters/{enc}/participants/p1/initiative"),
        ("POST", f"/encounters/{enc}/participants/p1/operations/hit"),
    ]


def test_broken_bodies_are_one_line_4xx_and_store_nothing(table: Table) -> None:
    character = table.character(table.gm, {"name": "Hector"})["id"]
    enc = table.post(table.gm, "/encounters", {"name": "E"}).json()["payload"]["encounter_id"]
    before = table.last_seq()
    bodies: list[bytes] = [b"{", b"[]", b'"x"', b"null", b'{"unexpected": 1}', b"\xff\xfe"]
    for method, path in _write_routes(table, character, enc):
        for body in bodies:
            answer = table.client.request(
                method,
                table.url(path) + "?lang=en",
                headers={**table.gm.auth, "Content-Type": "application/json"},
                content=body,
            )
            assert 400 <= answer.status_code < 500, (method, path, body, answer.text)
            detail = answer.json()["detail"]
            assert isinstance(detail, str) and detail and "\n" not in detail
            assert "Traceback" not in detail and "Internal error" not in detail
    assert table.last_seq() == before
    assert table.roll(table.alice)["kind"] == "roll"


def test_unknown_ids_are_404_in_both_languages(table: Table) -> None:
    french = table.get(table.gm, "/characters/nobody")
    assert french.status_code == 404
    assert french.json() == {"detail": "personnage introuvable : « nobody »"}
    english = table.get(table.gm, "/characters/nobody?lang=en")
    assert english.json() == {"detail": "character not found: 'nobody'"}
    assert table.get(table.gm, "/encounters/nowhere").status_code == 404
    assert table.get(table.gm, "/events/0").status_code == 404
    assert table.client.get("/api/tables/nope/members").status_code == 401


def test_query_values_are_checked(table: Table) -> None:
    for path in ("/events?after=-1", "/events?limit=0", "/log?before=0", "/log?limit=x"):
        answer = table.get(table.gm, path)
        assert answer.status_code == 422, path
        assert "\n" not in answer.json()["detail"]
    deleting = table.delete(table.gm, "/characters/x")  # the version is required
    assert (
        deleting.status_code == 422 and "expected_version" in deleting.json()["detail"]
    )  # as typed


def test_the_openapi_document_describes_the_table_api(api: TestClient) -> None:
    spec = api.get("/api/openapi.json").json()
    paths = spec["paths"]
    for path in (
        "/api/tables",
        "/api/tables/invites/{invite_token}/join",
        "/api/tables/{table_id}/characters/{character_id}",
        "/api/tables/{table_id}/rolls",
        "/api/tables/{table_id}/events",
        "/api/tables/{table_id}/encounters/{encounter_id}/next",
    ):
        assert path in paths, path
    roll = paths["/api/tables/{table_id}/rolls"]["post"]
    schema = roll["responses"]["201"]["content"]["application/json"]["schema"]
    assert schema == {"$ref": "#/components/schemas/EventView"}
    assert "HTTPBearer" in spec["components"]["securitySchemes"]


def test_control_characters_are_refused_by_name_and_store_nothing(table: Table) -> None:
    """A NUL cannot be stored by PostgreSQL and an escape only hides what was written: every
    text people type refuses them in words (the character's code), before anything is stored."""
    before = table.last_seq()
    roll = {"check": "test", "params": {"skill": 1}}
    writes = [
        ("/characters", {"sheet": {"name": "Hec\x00tor"}}),
        ("/messages", {"text": "bonjour\x00"}),
        ("/messages", {"text": "\x1b[31mrouge"}),
        ("/rolls", {**roll, "label": "Attaque\x00"}),
        ("/encounters", {"name": "Embuscade\x00"}),
    ]
    for path, body in writes:
        answer = table.post(table.gm, path, body)
        assert answer.status_code == 422, (path, answer.text)
        assert "caractère de contrôle" in answer.json()["detail"], (path, answer.text)
    renamed = table.client.patch(
        table.url(f"/members/{table.alice.id}"),
        headers=table.gm.auth,
        json={"display_name": "Al\x00ice"},
    )
    assert renamed.status_code == 422, renamed.text
    made = table.client.post("/api/tables", json={"name": "Jeu\x00di", "system": "toy"})
    assert made.status_code == 422 and "U+0000" in made.json()["detail"]
    assert table.last_seq() == before


def test_a_body_nested_too_deeply_says_so(table: Table) -> None:
    """Python's JSON reader gives up past about a thousand levels: FastAPI answers a bare 400;
    the reader is told why, in their language."""
    deep = '{"check": "test", "params": ' + "[" * 5000 + "]" * 5000 + "}"
    for lang, words in (("fr", "imbriqué trop profondément"), ("en", "nested too deeply")):
        answer = table.client.post(
            table.url("/rolls") + f"?lang={lang}",
            headers={**table.gm.auth, "Content-Type": "application/json"},
            content=deep,
        )
        assert answer.status_code == 400 and words in answer.json()["detail"], answer.text
    broken = table.client.post(
        table.url("/rolls"),
        headers={**table.gm.auth, "Content-Type": "application/json"},
        content=b"{",
    )
    assert broken.status_code in (400, 422) and "HTTP" not in broken.json()["detail"]


def test_a_starting_sheet_refuses_a_name_it_cannot_hold_in_words(table: Table) -> None:
    """The guided creation's first sheet, by the API and the pages: a control character or a
    name past the longest text is a 422 naming the field, never a 500."""
    for name in ("\x1f", "Hec\x00tor", "x" * 5000):
        for path in (
            table.url("/characters/new"),
            "/api/systems/toy/character/new",
        ):
            answer = table.client.get(path, params={"name": name}, headers=table.gm.auth)
            assert answer.status_code == 422, (path, answer.text)
            assert answer.json()["detail"].startswith("Nom"), answer.text
        for page in ("/characters/new", "/characters/wizard"):
            shown = table.client.get(
                f"/tables/{table.id}{page}", params={"name": name, "token": table.gm.token}
            )
            assert shown.status_code == 422, (page, shown.text[:200])
