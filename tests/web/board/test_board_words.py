"""Issue #29 leftovers: the board's refusals (scenes, tokens, fog, handouts) and a live message's
name each place in words (`rules.places`), in the reader's language, never a dotted id
(`reveal.0.PolygonIn`, `grid-size`, `scene_id`) nor a Python repr; French in French type."""

from __future__ import annotations

import re
from typing import Any

import pytest

from ecran.typography import faults, typeset
from web.board.board_support import scene, token
from web.tables.tables_support import Table

#: A dotted place, a snake_case or kebab-case id, a class name pydantic puts in a place.
RAW = re.compile(r"\b\w+\.\d+\b|\b[a-z]+[_-][a-z]+\b|PolygonIn|constrained|\[\]")


def _refusals(table: Table, lang: str) -> list[tuple[str, Any]]:
    s = scene(table)
    goblin = token(table, s["id"], 1, 1, name="Gobelin")
    headers = {**table.gm.auth, "Accept-Language": lang}
    c, url = table.client, table.url
    return [
        (
            "scene form",
            c.post(url("/scenes"), headers=headers, data={"name": "X", "grid_size": "x"}),
        ),
        ("scene", c.post(url("/scenes"), headers=headers, json={"name": "", "height": 0})),
        (
            "token",
            c.post(url(f"/scenes/{s['id']}/tokens"), headers=headers, json={"x": "a", "y": 1}),
        ),
        (
            "move",
            c.patch(
                url(f"/scenes/{s['id']}/tokens/{goblin['id']}"), headers=headers, json={"x": -1}
            ),
        ),
        (
            "fog",
            c.post(
                url(f"/scenes/{s['id']}/fog"),
                headers=headers,
                json={"reveal": [[0, 0, "a", 1]], "hide": [{"points": [[1]]}]},
            ),
        ),
        ("shown", c.put(url("/shown"), headers=headers, json={"scene_id": 5})),
        ("handout", c.post(url("/handouts"), headers=headers, json={"title": "", "text": 5})),
    ]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_boards_refusals_name_places_in_words(table: Table, lang: str) -> None:
    found = {}
    for what, answer in _refusals(table, lang):
        assert answer.status_code == 422, (what, answer.text)
        detail = answer.json()["detail"]
        if RAW.search(detail) or (lang == "fr" and faults(typeset(detail, "fr"))):
            found[what] = detail
    assert not found, found


def test_a_fog_refusal_names_the_area_by_its_line(table: Table) -> None:
    s = scene(table)
    answer = table.client.post(
        table.url(f"/scenes/{s['id']}/fog"),
        headers={**table.gm.auth, "Accept-Language": "fr"},
        json={"reveal": [[0, 0, "a", 1]]},
    )
    assert "Zones à révéler, 1ʳᵉ ligne" in answer.json()["detail"], answer.text


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(
    "message", ['{"type": "resume", "after": -1}', '{"type": "resume"', '{"type": "ping", "x": 1}']
)
def test_a_live_messages_refusal_is_in_words(lang: str, message: str) -> None:
    from ecran.rules import EcranError
    from ecran.web.live.messages import parse_after, parse_message

    with pytest.raises(EcranError) as caught:
        parse_message(message)
    said = caught.value.message(lang)
    assert not RAW.search(said) and "Expecting" not in said and "(char" not in said, said
    if lang == "fr":
        assert not faults(typeset(said, "fr")), said
    with pytest.raises(EcranError) as caught:
        parse_after("-3")
    after = caught.value.message(lang)
    quoted = "« -3 »" if lang == "fr" else "'-3'"
    assert "after" not in after and quoted in after, after


#: What each refusal must say, in French then in English (a GM's page shows the first).
WHOLE_BODY = {
    "handout": ("un document a un texte ou une image", "a handout has a text or an image"),
    "fog": ("donnez une zone à révéler ou à cacher", "give an area to reveal or to hide"),
}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_whole_bodys_refusal_is_in_the_readers_language(table: Table, lang: str) -> None:
    """A title with no text nor image (the page's form lets a GM send it), a fog request with
    no area: each said in the reader's language, never in English on a French page
    (« paramètres : a handout has… ») nor with the body's id and repr (« « body » : … ({}) »)."""
    s = scene(table)
    headers = {**table.gm.auth, "Accept-Language": lang}
    c, url = table.client, table.url
    answers = {
        "handout": c.post(url("/handouts"), headers=headers, json={"title": "Lettre"}),
        "fog": c.post(url(f"/scenes/{s['id']}/fog"), headers=headers, json={}),
    }
    for what, answer in answers.items():
        assert answer.status_code == 422, (what, answer.text)
        detail = answer.json()["detail"]
        expected = WHOLE_BODY[what][0 if lang == "fr" else 1]
        assert expected in detail.replace("\u202f", " "), (what, detail)
        for wrong in ("body", "{}", "params", "Value error"):
            assert wrong not in detail, (what, detail)
        if lang == "fr":
            assert not faults(typeset(detail, "fr")), detail
    assert table.get(table.gm, "/handouts").json()["handouts"] == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_union_refusal_names_what_the_value_was_written_as(table: Table, lang: str) -> None:
    """A fog polygon of two corners was refused as « 1 validation error for Polygon », a
    rectangle of a negative width « … for Rect », a measure's point left of the map as
    « Arrivée : texte attendu (-5, 450) ; … »: the value was a polygon, a rectangle, a point,
    so the refusal says what is wrong with it, not that it is no rectangle or no token's id."""
    s = scene(table)
    goblin = token(table, s["id"], 1, 1, name="Gobelin")
    headers = {**table.gm.auth, "Accept-Language": lang}
    c, url = table.client, table.url
    polygon = c.post(
        url(f"/scenes/{s['id']}/fog"),
        headers=headers,
        json={"reveal": [{"points": [[0, 0], [10, 10]]}]},
    )
    point = c.post(
        url(f"/scenes/{s['id']}/measure"),
        headers=headers,
        json={"from": goblin["id"], "to": [-5, 450]},
    )
    rectangle = c.post(
        url(f"/scenes/{s['id']}/fog"),
        headers=headers,
        json={"reveal": [[0, 0, -10, 10]]},  # a width drawn leftwards, sent as it was
    )
    expected = {
        "fr": ("points : trop peu d'éléments (3 au moins)", "doit être ≥ 0 (-5)", "≥ 0 (-10)"),
        "en": ("points: too few items (3 at least)", "must be ≥ 0 (-5)", "≥ 0 (-10)"),
    }[lang]
    for answer, said in zip((polygon, point, rectangle), expected, strict=True):
        assert answer.status_code == 422, answer.text
        detail = answer.json()["detail"]
        assert said in detail.replace("\u202f", " "), detail
        for wrong in ("validation error", "Polygon", "texte attendu", "text expected", "liste"):
            assert wrong not in detail, detail
