"""Every refusal of the board's routes: its status and one line (403 a player's GM step or
another's token, 404 unknown or unseen, 413 over a size or the table's quota, 415 a body type the
route does not take, 422 bad input, a file that is no PNG, JPEG or WebP too)."""

from __future__ import annotations

import io

import pytest
from httpx import Response
from PIL import Image

from web.board.board_support import hero, patch, picture, scene, token
from web.tables.tables_support import Table


def _one_line(response: Response, status: int) -> None:
    assert response.status_code == status, response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and detail and "\n" not in detail


def _upload(table: Table, data: bytes, kind: str = "image/png", path: str = "/scenes") -> Response:
    return table.client.post(
        table.url(path),
        headers=table.gm.auth,
        data={"name": "Carte"} if path == "/scenes" else {"title": "Carte"},
        files={"image": ("x", data, kind)},
    )


def test_a_player_may_not_do_the_gms_steps(table: Table) -> None:
    s = scene(table)
    goblin = token(table, s["id"], 1, 1, name="Gobelin")
    table.post(table.gm, f"/scenes/{s['id']}/fog", {"reveal": [[0, 0, 700, 700]]})
    for refused in (
        table.post(table.alice, "/scenes", {"name": "X", "width": 100, "height": 100}),
        table.post(table.alice, f"/scenes/{s['id']}/tokens", {"name": "X", "x": 1, "y": 1}),
        table.post(table.alice, f"/scenes/{s['id']}/fog", {"reveal": [[0, 0, 10, 10]]}),
        table.post(table.alice, "/handouts", {"title": "X", "text": "y"}),
        table.put(table.alice, "/shown", {"scene_id": None}),
        patch(table, table.alice, f"/scenes/{s['id']}/tokens/{goblin['id']}", {"x": 9, "y": 9}),
        patch(table, table.alice, f"/scenes/{s['id']}/tokens/{goblin['id']}", {"hidden": True}),
        table.delete(table.alice, f"/scenes/{s['id']}/tokens/{goblin['id']}"),
    ):
        _one_line(refused, 403)


def test_unknown_or_unseen_is_not_found(table: Table) -> None:
    hidden = scene(table, show=False)
    shown = scene(table)
    npc = token(table, shown["id"], 1, 1, name="Espion", hidden=True)
    mine = token(table, shown["id"], 2, 2, character_id=hero(table, table.alice, "Ana"))
    for refused in (
        table.get(table.gm, "/scenes/nope"),
        table.get(table.alice, f"/scenes/{hidden['id']}"),
        table.get(table.alice, f"/scenes/{hidden['id']}/image"),
        table.get(table.gm, f"/scenes/{shown['id']}/image"),  # a plain grid has none
        patch(table, table.alice, f"/scenes/{shown['id']}/tokens/{npc['id']}", {"x": 9, "y": 9}),
        table.get(
            table.alice,
            f"/scenes/{shown['id']}/distance",
            params={"from": mine["id"], "to": npc["id"]},
        ),
        table.get(table.alice, "/handouts/nope"),
        table.post(table.gm, "/handouts", {"title": "X", "text": "y", "to": ["stranger"]}),
    ):
        _one_line(refused, 404)


def test_too_large_is_413(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ECRAN_MAX_UPLOAD", "2000")
    _one_line(_upload(table, picture(300, 300, secret=(0, 0, 150, 150)) + b"\0" * 2000), 413)
    monkeypatch.setenv("ECRAN_MAX_UPLOAD", str(10 * 1024 * 1024))
    monkeypatch.setenv("ECRAN_TABLE_IMAGES_MB", "0.001")  # about 1 KiB
    noisy = Image.effect_noise((200, 200), 80).convert("RGB")
    out = io.BytesIO()
    noisy.save(out, format="PNG")
    _one_line(_upload(table, out.getvalue()), 413)
    assert table.get(table.gm, "/scenes").json()["scenes"] == []  # nothing stored


def test_a_body_type_not_taken_is_415_a_file_not_taken_422(table: Table) -> None:
    gif = io.BytesIO()
    Image.new("RGB", (10, 10)).save(gif, format="GIF")
    _one_line(_upload(table, gif.getvalue(), "image/gif"), 422)
    _one_line(_upload(table, b"<svg xmlns='http://www.w3.org/2000/svg'/>", "image/svg+xml"), 422)
    plain = table.client.post(
        table.url("/scenes"), headers={**table.gm.auth, "Content-Type": "text/plain"}, content=b"x"
    )
    _one_line(plain, 415)


def test_bad_input_is_422(table: Table) -> None:
    s = scene(table)
    for refused in (
        table.post(table.gm, "/scenes", {"name": "X", "grid_size": 2}),
        table.post(table.gm, "/scenes", {"name": ""}),
        table.post(table.gm, f"/scenes/{s['id']}/fog", {}),
        table.post(table.gm, f"/scenes/{s['id']}/fog", {"reveal": [[0, 0, 1]]}),
        table.post(table.gm, f"/scenes/{s['id']}/fog", {"hide": [{"points": [[0, 0], [1, 1]]}]}),
        table.post(table.gm, f"/scenes/{s['id']}/tokens", {"x": 10, "y": 10}),  # no name
        table.post(table.gm, f"/scenes/{s['id']}/tokens", {"name": "X", "x": 900, "y": 10}),
        table.post(table.gm, "/handouts", {"title": "Vide"}),
        _upload(table, picture()[:60]),  # a PNG cut short
    ):
        _one_line(refused, 422)


def test_a_players_upload_is_refused_before_it_is_read(table: Table) -> None:
    for path in ("/scenes", "/handouts"):
        sent = table.client.post(
            table.url(path),
            headers=table.alice.auth,
            data={"name": "X", "title": "X"},
            files={"image": ("x.png", picture(), "image/png")},
        )
        _one_line(sent, 403)


@pytest.mark.parametrize(
    ("lang", "said"),
    [("fr", "fichier trop gros (au plus 10 Mio)"), ("en", "file too large (at most 10 MiB)")],
)
def test_a_map_far_over_the_upload_limit_is_said_as_a_file(
    table: Table, lang: str, said: str
) -> None:
    """A GM's 12 MiB map was refused as « corps de requête trop gros : au plus 10 551 296
    octets » (the edge's words for any body: its bytes, the form's room counted in), where a
    map just over 10 MiB is « fichier trop gros (au plus 10 Mio) », as the form's label says."""
    big = picture(8, 8) + b"\0" * (12 * 1024 * 1024)
    for path in ("/scenes", "/handouts"):
        answer = table.client.post(
            table.url(path),
            headers={**table.gm.auth, "Accept-Language": lang},
            data={"name": "Carte"} if path == "/scenes" else {"title": "Carte"},
            files={"image": ("carte.png", big, "image/png")},
        )
        assert answer.status_code == 413, answer.text
        assert answer.json()["detail"] == said
