"""What a user sends the board that changes nothing, or nothing they meant: an empty file, an
empty change of a token, fog outside the scene. Each is refused in one line, nothing stored."""

from __future__ import annotations

from httpx import Response

from web.board.board_support import hero, patch, picture, reveal, scene, token
from web.tables.tables_support import Table


def _one_line(response: Response, status: int) -> str:
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and detail and "\n" not in detail
    return detail


def _send(table: Table, method: str, path: str, data: bytes, name: str = "carte.png") -> Response:
    return table.client.request(
        method,
        table.url(path),
        headers={**table.gm.auth, "Accept-Language": "fr"},
        data={"name": "Carte"} if method == "POST" else {},
        files={"image": (name, data, "image/png")},
    )


def test_an_empty_file_makes_no_scene_and_replaces_no_map(table: Table) -> None:
    """A GM chose a map that was empty (a file cut to zero bytes): a plain grid scene was made,
    nothing said; replacing a map with it answered 200 and kept the old map."""
    said = _one_line(_send(table, "POST", "/scenes", b""), 422)
    assert "vide" in said
    assert table.get(table.gm, "/scenes").json()["scenes"] == []
    s = scene(table, image=picture(350, 280))
    before = table.last_seq()
    _one_line(_send(table, "PUT", f"/scenes/{s['id']}/image", b""), 422)
    assert table.last_seq() == before
    handout = table.client.post(
        table.url("/handouts"),
        headers=table.gm.auth,
        data={"title": "Lettre", "text": "Lue"},
        files={"image": ("lettre.png", b"", "image/png")},
    )
    _one_line(handout, 422)


def test_no_file_at_all_still_makes_a_plain_grid(table: Table) -> None:
    """A form sent with no file (or a page's file field left untouched: no name, no bytes)."""
    plain = table.client.post(
        table.url("/scenes"), headers=table.gm.auth, data={"name": "Plaine", "width": "700"}
    )
    assert plain.status_code == 201, plain.text
    # what a browser sends for a file input left empty: a part named image, filename=""
    untouched = table.client.post(
        table.url("/scenes"),
        headers={**table.gm.auth, "Content-Type": "multipart/form-data; boundary=b0"},
        content=(
            b'--b0\r\nContent-Disposition: form-data; name="name"\r\n\r\nPlaine\r\n'
            b'--b0\r\nContent-Disposition: form-data; name="image"; filename=""\r\n'
            b"Content-Type: application/octet-stream\r\n\r\n\r\n--b0--\r\n"
        ),
    )
    assert untouched.status_code == 201, untouched.text
    assert untouched.json()["scene"]["has_image"] is False


def test_a_change_that_changes_nothing_is_refused(table: Table) -> None:
    """A player's PATCH of their token with `{}` answered 200 (and the GM's wrote an empty
    scene change in the log): nothing asked, nothing to do, so one line says what to send."""
    s = scene(table)
    mine = token(table, s["id"], 1, 1, character_id=hero(table, table.alice, "Ana"))
    goblin = token(table, s["id"], 3, 3, name="Gobelin")
    reveal(table, s["id"], [0, 0, 700, 700])
    before = table.last_seq()
    path = f"/scenes/{s['id']}/tokens/"
    for who, tid, body in (
        (table.alice, mine["id"], {}),
        (table.alice, mine["id"], {"drag": "d1"}),  # a drag with no place is no move
        (table.gm, goblin["id"], {}),
    ):
        said = _one_line(patch(table, who, path + tid, body), 422)
        assert "x" not in said.split() and "{" not in said
    _one_line(patch(table, table.gm, f"/scenes/{s['id']}", {}), 422)
    assert table.last_seq() == before


def test_fog_wholly_outside_the_scene_is_refused(table: Table) -> None:
    """A GM typed a rectangle past a 700 × 700 scene's edge (x 800): it was stored, a fog event
    that hid nothing; a polygon or a brush stroke out there too. A shape partly inside is kept
    (what lies outside covers no point of the scene)."""
    s = scene(table)
    fog = f"/scenes/{s['id']}/fog"
    before = table.last_seq()
    for body in (
        {"reveal": [[800, 0, 100, 100]]},
        {"hide": [[0, 700, 700, 50]]},  # along the bottom edge: no area on the scene
        {"reveal": [[10, 10, 0, 50]]},  # no width
        {"hide": [{"points": [[710, 0], [900, 0], [900, 300]]}]},
        {"brush": {"reveal": True, "radius": 20, "points": [[760, 760], [900, 900]]}},
        # one good area and one outside: nothing stored half-way
        {"reveal": [[0, 0, 100, 100]], "hide": [[800, 800, 10, 10]]},
        {
            "reveal": [[0, 0, 100, 100]],
            "brush": {"reveal": False, "radius": 5, "points": [[800, 5]]},
        },
    ):
        said = _one_line(table.post(table.gm, fog, body), 422)
        assert "hors de la scène" in said, body
    assert table.last_seq() == before
    partly = table.post(table.gm, fog, {"reveal": [[600, 600, 400, 400]]})
    assert partly.status_code == 200, partly.text
    kept = {"shape": "rect", "x": 600.0, "y": 600.0, "w": 400.0, "h": 400.0}
    assert partly.json()["revealed"][-1]["region"] == kept
    stroke = {"reveal": True, "radius": 20, "points": [[690, 10], [900, 10]]}
    assert table.post(table.gm, fog, {"brush": stroke}).status_code == 200


def test_a_smaller_map_brings_its_tokens_onto_it(table: Table) -> None:
    """A GM replaced a 700 × 700 map with a 350 × 280 one: a token at (595, 595) stayed there,
    off the map, where no one could reach it. It comes to the nearest cell inside, in the
    map's own event (a replay puts it there too); a token already inside stays."""
    s = scene(table, image=picture(700, 700))
    far = token(table, s["id"], 8, 8, name="Gobelin")  # (595, 595)
    right = token(table, s["id"], 9, 1, name="Rat", hidden=True)  # (665, 105)
    near = token(table, s["id"], 1, 1, name="Garde")
    before = table.last_seq()
    replaced = _send(table, "PUT", f"/scenes/{s['id']}/image", picture(350, 280))
    assert replaced.status_code == 200, replaced.text
    assert table.last_seq() == before + 1  # one event: the map and its tokens
    places = {t["id"]: (t["x"], t["y"]) for t in replaced.json()["tokens"]}
    assert places[far["id"]] == (315.0, 245.0)  # the last whole cell: column 4, row 3
    assert places[right["id"]] == (315.0, 105.0)
    assert places[near["id"]] == (105.0, 105.0)
    assert replaced.json()["moved"] == [
        {"id": far["id"], "name": "Gobelin"},
        {"id": right["id"], "name": "Rat"},
    ]
    assert replaced.json()["warning"].endswith("la case la plus proche\u202f: Gobelin, Rat")
    bigger = _send(table, "PUT", f"/scenes/{s['id']}/image", picture(700, 700))
    assert bigger.json()["moved"] == [] and bigger.json()["warning"] is None


def test_replacing_a_map_with_no_file_says_what_to_do(table: Table) -> None:
    """« Remplacer la carte » sent with its file field left empty (a part named image with no
    name and no bytes, as a browser sends it) or with no such part: one line in the reader's
    words, no field name (it said « image attendue (champ image) »), the map kept."""
    s = scene(table, image=picture(350, 280))
    before = table.last_seq()
    path = table.url(f"/scenes/{s['id']}/image")
    untouched = table.client.put(
        path,
        headers={
            **table.gm.auth,
            "Accept-Language": "fr",
            "Content-Type": "multipart/form-data; boundary=b0",
        },
        content=(
            b'--b0\r\nContent-Disposition: form-data; name="image"; filename=""\r\n'
            b"Content-Type: application/octet-stream\r\n\r\n\r\n--b0--\r\n"
        ),
    )
    said = _one_line(untouched, 422)
    assert said == "choisissez d'abord l'image de la nouvelle carte"
    none = table.client.put(path, headers={**table.gm.auth, "Accept-Language": "en"}, data={})
    assert _one_line(none, 422) == "choose the new map's picture first"
    assert table.last_seq() == before
