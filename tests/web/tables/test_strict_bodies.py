"""What the OpenAPI document says is what the API takes (#28 item 7): a JSON body is read
strictly (`true` is no integer, `1` no yes-or-no, `"5"` no number), whether FastAPI reads it or a
route reads it itself (`api.board.checked`); a form's text is read as its field's JSON type (a
number, `true` or `false`), nothing looser; a query parameter the operation does not document is
refused; a file part that is no image is a body that does not validate (422), not a type of body
the route does not take (415)."""

from __future__ import annotations

from typing import Any

import pytest

from web.board.board_support import picture, scene
from web.tables.tables_support import Table


def _refused(answer: Any, field: str) -> None:
    """A 422 in one line naming the field by its words (or, without words, as sent)."""
    assert answer.status_code == 422, answer.text
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail, detail
    assert field in detail, detail


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/rolls", {"check": "test", "params": {"skill": 1}, "seed": True}, "Graine"),
        ("/rolls", {"check": "test", "params": {"skill": 1}, "seed": "5"}, "Graine"),
        ("/archive", {"archived": 1}, "archived"),
        ("/archive", {"archived": "true"}, "archived"),
        ("/scenes", {"name": "Crypte", "width": True}, "Largeur"),
        ("/scenes", {"name": "Crypte", "grid_size": False}, "Taille d'une case"),
        ("/scenes", {"name": "Crypte", "show": 1}, "Montrer aux joueurs"),
        ("/scenes", {"name": "Crypte", "width": "700"}, "Largeur"),
    ],
)
def test_a_json_body_is_read_strictly(
    table: Table, path: str, body: dict[str, Any], field: str
) -> None:
    before = table.last_seq()
    _refused(table.post(table.gm, path, body), field)
    assert table.last_seq() == before  # nothing stored


def test_a_strict_body_still_takes_what_json_cannot_say_otherwise(table: Table) -> None:
    """Enumerations come as JSON strings: strictness leaves them readable (an import's dates
    too: test_table_export_api.py)."""
    made = table.post(table.gm, "/rolls", {"check": "test", "params": {"skill": 1}, "seed": 5})
    assert made.status_code == 201, made.text
    hidden = table.post(
        table.gm, "/rolls", {"check": "test", "params": {"skill": 1}, "visibility": "gm"}
    )
    assert hidden.status_code == 201, hidden.text
    assert hidden.json()["visibility"] == "gm"


def test_fields_of_a_board_change_are_read_strictly(table: Table) -> None:
    s = scene(table)
    _refused(
        table.client.patch(
            table.url(f"/scenes/{s['id']}"), headers=table.gm.auth, json={"grid_size": True}
        ),
        "Taille d'une case",
    )
    _refused(table.put(table.gm, "/free-movement", {"free": 0}), "Déplacement libre")
    _refused(
        table.post(table.gm, f"/scenes/{s['id']}/tokens", {"name": "Gob", "x": True, "y": 1}),
        "Position horizontale",
    )


def _form(table: Table, fields: dict[str, str], image: bytes | None = None) -> Any:
    files = {"image": ("map.png", image, "image/png")} if image is not None else None
    return table.client.post(table.url("/scenes"), headers=table.gm.auth, data=fields, files=files)


def test_a_forms_text_is_read_as_its_fields_json_type(table: Table) -> None:
    map_ = picture(140, 140)
    _refused(_form(table, {"name": "Crypte", "show": "0"}, map_), "Montrer aux joueurs")
    _refused(_form(table, {"name": "Crypte", "show": "yes"}, map_), "Montrer aux joueurs")
    _refused(_form(table, {"name": "Crypte", "grid_size": "true"}, map_), "Taille d'une case")
    made = _form(table, {"name": "Crypte", "show": "true", "grid_size": "70.5", "width": "300"})
    assert made.status_code == 201, made.text
    assert made.json()["scene"]["grid_size"] == 70.5
    shown = table.get(table.alice, "/scenes").json()["shown"]
    assert shown == made.json()["scene"]["id"]


def test_a_file_part_that_is_no_image_does_not_validate(table: Table) -> None:
    before = table.last_seq()
    answer = _form(table, {"name": "Crypte"}, b";")
    assert answer.status_code == 422, answer.text
    assert table.last_seq() == before


def test_a_query_parameter_the_operation_does_not_name_is_refused(table: Table) -> None:
    _refused(table.get(table.gm, "/characters/new", params={"name": "Ana", "bogus": "1"}), "bogus")
    assert table.get(table.gm, "/characters/new", params={"name": "Ana"}).status_code == 200
    # the language of the answer is every operation's (documented) choice
    english = table.get(table.gm, "/characters/new", params={"name": "Ana", "lang": "en"})
    assert english.status_code == 200
    # pages are no API: a link's tracking parameter is left alone
    assert table.client.get("/", params={"utm_source": "x"}).status_code == 200


def test_who_asks_is_checked_before_how_strictly_they_ask(table: Table) -> None:
    """No token: 401, whatever the body or the query (the document says so)."""
    bare = table.client.post(table.url("/rolls"), json={"check": "test", "seed": True})
    assert bare.status_code == 401, bare.text
    unknown = table.client.get(table.url("/characters/new"), params={"name": "A", "bogus": "1"})
    assert unknown.status_code == 401, unknown.text


def test_a_token_on_a_scene_no_id_can_name_is_not_found(table: Table) -> None:
    """Found by the fuzz (seed 20261206): the token was made before its scene was looked up,
    and an address no id can be answered 500."""
    answer = table.post(table.gm, "/scenes/%20or%20/tokens", {"x": 2.0, "y": 2.0, "name": "Gob"})
    assert answer.status_code == 404, answer.text


def test_the_document_names_the_query_parameters_an_operation_takes(table: Table) -> None:
    document = table.client.get("/api/openapi.json").json()
    operation = document["paths"]["/api/tables/{table_id}/characters/new"]["get"]
    query = {p["name"] for p in operation["parameters"] if p["in"] == "query"}
    assert query == {"name", "lang"}
    image = document["paths"]["/api/tables/{table_id}/scenes/{scene_id}/image"]["get"]
    assert {p["name"] for p in image["parameters"] if p["in"] == "query"} == {"max", "v", "lang"}
