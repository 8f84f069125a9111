"""Issue #29 leftovers: the encounter API's refusals name their fields in words (the body's
model declares them), and an NPC's sheet refused on the way into an encounter says whose it
is (« la fiche de Bob : … »), as an encounter file's does."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from ecran.typography import faults, typeset
from web.tables.tables_support import new_table

RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\b(?:secret|initiative|rounds|option)\b")


@pytest.mark.parametrize(
    ("lang", "whose", "words"),
    [
        (
            "fr",
            "la fiche de Bob : Compétences : scores, bagarre",
            ["Secret", "Initiative", "Durée"],
        ),
        ("en", "Bob's sheet: Skills: scores, brawl", ["Secret", "Initiative", "Duration"]),
    ],
)
def test_the_encounter_apis_refusals_are_in_words(
    app_client: TestClient, lang: str, whose: str, words: list[str]
) -> None:
    table = new_table(app_client, "artemis")
    headers = {**table.gm.auth, "Accept-Language": lang}
    post = app_client.post
    made = post(table.url("/encounters"), headers=headers, json={"name": "Combat"})
    encounter = made.json()["payload"]["encounter_id"]
    here = table.url(f"/encounters/{encounter}")
    sheet = {"system": "artemis", "name": "Bob", "scores": {"bagarre": "x"}}
    npc = post(f"{here}/participants", headers=headers, json={"random_npc": True, "seed": 1})
    assert npc.status_code == 201, npc.text
    someone = app_client.get(here, headers=headers).json()["participants"]
    first = next(iter(someone))
    refused = [
        post(f"{here}/participants", headers=headers, json={"name": "Bob", "sheet": sheet}),
        post(
            f"{here}/participants",
            headers=headers,
            json={"name": "Bob", "initiative": "x", "secret": 3},
        ),
        post(
            f"{here}/participants/{first}/conditions",
            headers=headers,
            json={"name": "x", "rounds": 0},
        ),
    ]
    details = [r.json()["detail"] for r in refused]
    assert all(r.status_code == 422 for r in refused), details
    assert details[0].startswith(whose), details[0]
    for word in words:
        assert any(d.startswith(word) or f"; {word}" in d for d in details), (word, details)
    for detail in details:
        assert not RAW.search(detail), detail
        if lang == "fr":
            assert not faults(typeset(detail, "fr")), detail


def test_the_trackers_form_names_a_bad_number_in_words(
    app_client: TestClient, toy_system: object
) -> None:
    """The live tracker's form (htmx): « Initiative : nombre entier attendu (« haut ») »,
    never the form's field id (`value`, `a_pick`)."""
    from html import unescape

    from web.table_pages.conftest import create

    gm, _invite = create(app_client, "toy")
    made = gm.post("/encounters", [("name", "Rixe")]).headers["location"]
    eid = made.split("/encounters/")[1].split("?")[0]
    for value, given in (("haut", "(« haut »)"), ("1,5", "(« 1,5 »)")):
        answer = gm.post(
            f"/encounters/{eid}/step",
            [("step", "initiative"), ("participant", "p1"), ("value", value)],
            htmx=True,
        )
        text = unescape(answer.text)
        assert f"Initiative : nombre entier attendu {given}" in text.replace("\u202f", " "), text
