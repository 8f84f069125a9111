"""The JSON API mirrors the CLI: same shapes, same values, same one-line errors (HTTP 422)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ecran.engine import all_systems
from ecran.rules import System
from toy import bare


def cli_error(result: Any) -> str:
    """The CLI's one error line without its `ecran: ` prefix."""
    assert result.code == 2, (result.out, result.err)
    line = result.err.strip()
    assert line.startswith("ecran: ")
    return str(line.removeprefix("ecran: "))


# -- the registry -------------------------------------------------------------------------------


def test_systems_list_every_registered_system_and_check(client: TestClient) -> None:
    body = client.get("/api/systems").json()
    assert [s["id"] for s in body] == list(all_systems())
    for entry in body:
        system = all_systems()[entry["id"]]
        assert entry["name"] == system.name.model_dump()
        assert [c["name"] for c in entry["checks"]] == [c.name for c in system.checks]


def test_check_description_carries_schema_outcomes_options_and_example(
    client: TestClient, toy_system: System[Any]
) -> None:
    body = client.get("/api/systems/toy/checks/mixed").json()
    check = toy_system.check("mixed")
    assert body["params_schema"] == check.params.model_json_schema()
    assert body["params_schema"]["required"] == ["skill"]
    assert [o["name"] for o in body["outcomes"]] == ["failure", "success", "triumph"]
    assert body["outcomes"][2]["label"] == {"fr": "triomphe", "en": "triumph"}
    assert body["outcomes"][2]["help"] == {"fr": "10 ou plus", "en": "10 or more"}
    [option] = body["options"]
    assert option["name"] == "lucky"
    assert option["kind"] == "house_rule"
    assert option["kind_label"] == {"fr": "règle maison", "en": "house rule"}
    assert option["source"] == "toy L7-9"
    assert option["default"] is False
    assert body["example"] == {"skill": 3, "bonus": False, "stance": "bold"}
    assert body["sources"][0]["text"] == "toy L1-2 (test fixture)"


def test_system_description_lists_system_options(
    client: TestClient, toy_system: System[Any]
) -> None:
    body = client.get("/api/systems/toy").json()
    assert body["has_character"] is True
    assert body["checks"][1] == client.get("/api/systems/toy/checks/mixed").json()
    assert [c["name"] for c in body["checks"]] == ["test", "mixed"]
    assert [o["name"] for o in body["options"]] == ["easy"]
    assert client.get("/api/systems/demo").json()["has_character"] is True
    with bare():
        assert client.get("/api/systems/bare").json()["has_character"] is False


# -- odds and rolls: the same JSON as the CLI ---------------------------------------------------


def test_odds_equal_the_cli_json_for_the_same_inputs(client: TestClient, cli: Any) -> None:
    expected = cli("odds", "demo", "d6", "--target", "5", "--json").json()
    assert client.post("/api/odds/demo/d6", json={"params": {"target": 5}}).json() == expected
    assert client.get("/api/odds/demo/d6?target=5").json() == expected
    # An independent reason for the numbers: a d6 meets 5 on two faces of six.
    assert [o["probability"] for o in expected["outcomes"]] == ["2/3", "1/3"]


def test_odds_with_defaults_equal_the_cli(client: TestClient, cli: Any) -> None:
    expected = cli("odds", "demo", "d6", "--json").json()
    assert client.post("/api/odds/demo/d6").json() == expected
    assert client.post("/api/odds/demo/d6", json={}).json() == expected


def test_odds_of_a_check_with_every_parameter_kind_equal_the_cli(
    client: TestClient, cli: Any, toy_system: System[Any]
) -> None:
    args = ["--skill", "4", "--no-bonus", "--cap", "9", "--stance", "bold", "--mode", "grim"]
    expected = cli("odds", "toy", "mixed", *args, "--lucky", "--json").json()
    params = {"skill": 4, "bonus": False, "cap": 9, "stance": "bold", "mode": "grim"}
    posted = client.post("/api/odds/toy/mixed", json={"params": {**params, "lucky": True}})
    assert posted.json() == expected
    query = "skill=4&bonus=false&cap=9&stance=bold&mode=grim&lucky=true"
    assert client.get(f"/api/odds/toy/mixed?{query}").json() == expected
    # skill 4 + d6 − 1 (grim) + 1 (bold), a lucky 1 rerolled once: total 4 + die, capped at 9.
    # failure when the final die ≤ 2: P = 1/6·(2/6) [1 then ≤2] + 1/6 [a first 2] = 2/9.
    probabilities = {o["outcome"]: Fraction(o["probability"]) for o in expected["outcomes"]}
    assert probabilities == {"failure": Fraction(2, 9), "success": Fraction(7, 9), "triumph": 0}


def test_kebab_case_query_names_are_accepted_like_the_cli(
    client: TestClient, toy_system: System[Any]
) -> None:
    a = client.get("/api/odds/toy/mixed?skill=2&stance=bold").json()
    assert a["params"]["stance"] == "bold"
    assert client.get("/api/odds/toy/mixed?skill=2&stance=careful").json() != a


def test_seeded_roll_equals_the_cli_json(client: TestClient, cli: Any) -> None:
    expected = cli("roll", "demo", "d6", "--target", "3", "--seed", "42", "--json").json()
    body = {"params": {"target": 3}, "seed": 42}
    assert client.post("/api/roll/demo/d6", json=body).json() == expected
    assert client.get("/api/roll/demo/d6?target=3&seed=42").json() == expected
    assert set(expected) == {"system", "check", "params", "seed", "dice", "outcome", "total"} | {
        "details"
    }


def test_an_unseeded_roll_prints_its_seed_and_replays(client: TestClient) -> None:
    first = client.post("/api/roll/demo/d6", json={"params": {"target": 2}}).json()
    assert isinstance(first["seed"], int)
    replay = client.post("/api/roll/demo/d6", json={"params": {"target": 2}, "seed": first["seed"]})
    assert replay.json() == first
    die = first["dice"][0]
    assert first["outcome"] == ("success" if die >= 2 else "failure")


# -- errors: 422, one line, in the request's language -------------------------------------------


def test_unknown_system_is_the_cli_message_in_french_by_default(
    client: TestClient, cli: Any
) -> None:
    response = client.get("/api/odds/nope/d6")
    assert response.status_code == 404  # the address names no system
    assert response.json() == {"detail": cli_error(cli("odds", "nope", "d6", "--json"))}
    assert "« nope »" in response.json()["detail"]


def test_english_by_query_or_cookie(client: TestClient) -> None:
    english = client.get("/api/odds/demo/nope?lang=en")
    assert english.status_code == 404
    assert english.json()["detail"] == "unknown check: 'nope'. Allowed: d6"
    # ?lang=en is remembered in a cookie
    assert client.get("/api/odds/demo/nope").json()["detail"].startswith("unknown check")
    client.cookies.set("ecran_lang", "fr")
    assert client.get("/api/odds/demo/nope").json()["detail"].startswith("test inconnu")


def test_out_of_range_value_is_the_cli_message(client: TestClient, cli: Any) -> None:
    expected = cli_error(cli("odds", "demo", "d6", "--target", "9", "--json"))
    assert expected == "--target : doit être ≤ 6 (« 9 »)"  # the option the reader typed
    # The query string carries text, as the command line does: the same line, the field by
    # its label (what a form shows), never its id
    response = client.get("/api/odds/demo/d6?target=9")
    assert response.status_code == 422
    assert response.json()["detail"] == "Seuil : doit être ≤ 6 (« 9 »)"
    # A JSON body carries a number, and the message quotes it as given.
    posted = client.post("/api/odds/demo/d6", json={"params": {"target": 9}})
    assert posted.status_code == 422
    assert posted.json()["detail"] == "Seuil : doit être ≤ 6 (9)"


@pytest.mark.parametrize(
    ("body", "french"),
    [
        ({"params": {"target": "x"}}, "Seuil : nombre entier attendu (« x »)"),
        # a key the writer made up is quoted as typed (issue #29)
        ({"params": {"colour": 1}}, "paramètre inconnu « colour »"),
        ({"params": [1]}, "Paramètres : "),
        ({"params": {}, "speed": 3}, "paramètre inconnu « speed »"),
        ({"params": {}, "seed": -1}, "Graine : doit être ≥ 0 (-1)"),
        ({"params": {}, "seed": "abc"}, "Graine : nombre entier attendu (« abc »)"),
    ],
)
def test_bad_bodies_are_one_line_422(client: TestClient, body: Any, french: str) -> None:
    response = client.post("/api/roll/demo/d6", json=body)
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail
    assert french in detail


def test_malformed_json_is_one_line_422(client: TestClient) -> None:
    response = client.post(
        "/api/odds/demo/d6", content=b"{oops", headers={"content-type": "application/json"}
    )
    assert response.status_code == 422
    assert response.json()["detail"] == (
        "le corps de la requête n'est pas du JSON valide, caractère 2 : "
        'un nom entre guillemets droits doubles ("nom") est attendu'
    )
    english = client.post(
        "/api/odds/demo/d6?lang=en", content=b"[", headers={"content-type": "application/json"}
    )
    assert english.json()["detail"] == (
        "the request body is not valid JSON, character 2: a value is expected"
    )


def test_bad_query_seed_is_one_line_422(client: TestClient, cli: Any) -> None:
    response = client.get("/api/roll/demo/d6?seed=abc&lang=en")
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert detail.startswith("Seed: ") and "whole number" in detail and "('abc')" in detail
    french = client.get("/api/roll/demo/d6?seed=abc&lang=fr").json()["detail"]
    assert french == "Graine : nombre entier attendu (« abc »)"


@pytest.mark.parametrize(
    ("body", "french", "english"),
    [
        ({"params": {}, "seed": -1}, "Graine : doit être ≥ 0 (-1)", "Seed: must be ≥ 0 (-1)"),
        ({"params": {"colour": 1}}, "paramètre inconnu « colour »", "unknown parameter 'colour'"),
        ({"params": {}, "speed": 3}, "paramètre inconnu « speed »", "unknown parameter 'speed'"),
    ],
)
def test_a_roll_bodys_fields_are_named_in_words(
    client: TestClient, body: Any, french: str, english: str
) -> None:
    """Issue #29: the body's fields by their words, never their keys; a key the writer made
    up, quoted as typed, after the words (never `« colour » : paramètre inconnu`)."""
    for lang, words in (("fr", french), ("en", english)):
        detail = client.post(f"/api/roll/demo/d6?lang={lang}", json=body).json()["detail"]
        assert detail.startswith(words), detail


@pytest.mark.parametrize(
    ("body", "french"),
    [
        ({"check": 3, "params": {}}, "Test : "),
        ({"check": "test", "params": {}, "visibility": "loud"}, "Visibilité : "),
        ({"check": "test", "params": {}, "label": 3}, "Libellé : "),
        ({"check": "test", "params": {}, "character_id": 3}, "Personnage : "),
        ({"check": "test", "params": 3}, "Paramètres : "),
    ],
)
def test_a_table_rolls_body_names_its_fields_in_words(table: Any, body: Any, french: str) -> None:
    """The table's roll body (`check`, `visibility`…): each refused field by its words."""
    answer = table.post(table.gm, "/rolls", body)
    assert answer.status_code == 422, answer.text
    assert answer.json()["detail"].startswith(french), answer.json()["detail"]
    odds = table.post(table.gm, "/odds", {"check": 3, "params": {}})
    assert odds.json()["detail"].startswith("Test : "), odds.text


# -- characters -----------------------------------------------------------------------------------


def test_sheet_schema_new_and_validation(client: TestClient, toy_system: System[Any]) -> None:
    schema = client.get("/api/systems/toy/character/schema").json()
    assert schema["properties"]["might"]["maximum"] == 5
    sheet = client.get("/api/systems/toy/character/new?name=Ada").json()
    assert sheet["name"] == "Ada" and sheet["system"] == "toy"
    ok = client.post("/api/characters/validate", json=sheet).json()
    assert ok == {"system": "toy", "valid": True, "violations": []}
    strong = {**sheet, "might": 5, "agility": 5}
    broken = client.post("/api/characters/validate", json=strong).json()
    assert broken["valid"] is False
    [violation] = broken["violations"]
    assert violation["rule"] == "budget"
    assert violation["message"] == {"fr": "puissance + agilité ≤ 6", "en": "might + agility <= 6"}
    assert violation["source"]["lines"] == [1, 1]


def test_malformed_sheet_is_422_like_the_cli(client: TestClient, toy_system: System[Any]) -> None:
    response = client.post(
        "/api/characters/validate", json={"system": "toy", "name": "A", "might": 12}
    )
    assert response.status_code == 422
    assert response.json()["detail"] == "might : doit être ≤ 5 (12)"
    no_system = client.post("/api/characters/validate?lang=en", json={"name": "A"})
    assert no_system.json()["detail"] == "a sheet is a JSON object with a 'system' field"


def test_sheet_view_lists_sections_and_violations(
    client: TestClient, toy_system: System[Any]
) -> None:
    sheet = {"system": "toy", "name": "Bo", "might": 5, "agility": 2}
    body = client.post("/api/characters/sheet", json=sheet).json()
    assert body["valid"] is False and body["name"] == "Bo"
    rows = {r["label"]["en"]: r["value"] for r in body["sections"][0]["rows"]}
    assert rows["might"] == {"fr": "5", "en": "5"}  # values in both languages, like labels


def test_a_system_without_sheet_says_so(client: TestClient) -> None:
    with bare():
        response = client.get("/api/systems/bare/character/schema?lang=en")
    assert response.status_code == 422
    assert response.json()["detail"] == "system bare has no character sheet"


def test_npc_is_seeded_and_valid(client: TestClient, toy_system: System[Any]) -> None:
    first = client.get("/api/npc/toy?seed=7").json()
    assert first == client.get("/api/npc/toy?seed=7").json()
    assert first["seed"] == 7 and first["sheet"]["kind"] == "npc"
    verdict = client.post("/api/characters/validate", json=first["sheet"]).json()
    assert verdict["valid"] is True
    unseeded = client.get("/api/npc/toy").json()
    assert client.get(f"/api/npc/toy?seed={unseeded['seed']}").json() == unseeded


@pytest.mark.parametrize("system", ["artemis", "warp", "fluid", "nephilim", "organique", "demo"])
def test_npc_is_drawn_in_the_readers_language(client: TestClient, system: str) -> None:
    """The same seed gives the same NPC, named and described for whoever asked."""
    french = client.get(f"/api/npc/{system}?seed=3&lang=fr").json()["sheet"]
    english = client.get(f"/api/npc/{system}?seed=3&lang=en").json()["sheet"]
    # a name from the game's list (a name is no word: alike in both), the demo's "PNJ 3"
    named = french["name"] == english["name"] and "3" not in french["name"]
    assert named or (french["name"], english["name"]) == ("PNJ 3", "NPC 3")
    for sheet in (french, english):
        assert client.post("/api/characters/validate", json=sheet).json()["valid"] is True


def test_npc_of_a_system_without_generator_is_422(client: TestClient) -> None:
    with bare():
        response = client.get("/api/npc/bare?lang=en")
    assert response.status_code == 422
    assert response.json()["detail"] == "system bare cannot generate NPCs yet"


# -- the OpenAPI document ------------------------------------------------------------


def test_openapi_document_describes_the_api_only(client: TestClient) -> None:
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    doc = response.json()
    assert doc["openapi"].startswith("3.")
    paths = set(doc["paths"])
    for path in (
        "/api/systems",
        "/api/systems/{system_id}/checks/{check_name}",
        "/api/odds/{system_id}/{check_name}",
        "/api/roll/{system_id}/{check_name}",
        "/api/characters/validate",
        "/api/npc/{system_id}",
    ):
        assert path in paths
    assert all(p.startswith("/api/") for p in paths)
    roll = doc["paths"]["/api/roll/{system_id}/{check_name}"]["post"]
    schema = roll["responses"]["200"]["content"]["application/json"]["schema"]
    assert schema["$ref"].endswith("/RollRecord")
    assert client.get("/api/docs").status_code == 200


# -- dice notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize("expr", ["4d6kh3", "1d20+5", "6d10>=8", "2d6!"])
def test_dice_roll_equals_the_cli_json(client: TestClient, cli: Any, expr: str) -> None:
    expected = cli("dice", expr, "--seed", "9", "--json").json()
    response = client.get("/api/dice", params={"expr": expr, "seed": 9})
    assert response.status_code == 200
    assert response.json() == expected


def test_dice_odds_equal_the_cli_json(client: TestClient, cli: Any) -> None:
    expected = cli("dice", "2d6", "--odds", "--json").json()
    body = client.get("/api/dice", params={"expr": "2d6", "odds": "true"}).json()
    assert body == expected
    # Independently: 7 is the most likely total of 2d6, six ways in 36.
    assert {o["outcome"]: o["probability"] for o in body["outcomes"]}[7] == "1/6"
    assert body["residual"] == "0"


def test_dice_explosion_depth_and_residual(client: TestClient, cli: Any) -> None:
    expected = cli("dice", "1d6!", "--odds", "--depth", "2", "--json").json()
    body = client.get("/api/dice", params={"expr": "1d6!", "odds": "true", "depth": 2}).json()
    assert body == expected
    assert body["residual"] == "1/216"  # three sixes in a row: beyond two extra rolls


def test_bad_notation_is_the_cli_one_line_422(client: TestClient, cli: Any) -> None:
    expected = cli_error(cli("dice", "4d6kq3", "--json"))
    response = client.get("/api/dice", params={"expr": "4d6kq3"})
    assert response.status_code == 422
    assert response.json() == {"detail": expected}
    english = client.get("/api/dice", params={"expr": "1d0", "lang": "en"})
    assert english.status_code == 422 and "\n" not in english.json()["detail"]
    assert client.get("/api/dice", params={"expr": "1d6", "seed": -4}).status_code == 422
