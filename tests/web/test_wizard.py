"""The creation wizard: steps in the order of each system's rules, the running budget and the
derived values recomputed from the rules at each change, a seeded random draw per step, and a
character created through it that the rules accept, for every system."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest
from fastapi.testclient import TestClient

from ecran.engine import creation, get_system
from ecran.rules import RuleViolation, Source, Text
from web.wizard_support import form_pairs, replace

SYSTEMS = ["artemis", "warp", "fluid", "nephilim", "organique"]


class Gm:
    """The GM of a fresh table, through the pages (the token in a header, as htmx sends it)."""

    def __init__(self, client: TestClient, system: str) -> None:
        made = client.post(
            "/api/tables", json={"name": "Jeudi", "system": system, "gm_name": "Claire"}
        )
        assert made.status_code == 201, made.text
        self.client = client
        self.table = made.json()["table"]["id"]
        self.token = made.json()["gm_token"]

    def get(self, path: str) -> httpx.Response:
        return self.client.get(f"/tables/{self.table}{path}", params={"token": self.token})

    def post(self, path: str, pairs: list[tuple[str, str]], htmx: bool = False) -> httpx.Response:
        headers = {
            "X-Ecran-Token": self.token,
            "Content-Type": "application/x-www-form-urlencoded",
        }
        if htmx:
            headers["HX-Request"] = "true"
        return self.client.post(
            f"/tables/{self.table}{path}",
            content=urlencode(pairs),
            headers=headers,
            follow_redirects=False,
        )


def _go(gm: Gm, page: str, go: str, **extra: str) -> httpx.Response:
    pairs = [*form_pairs(page, "wizard-form"), ("go", go), *extra.items()]
    return gm.post("/characters/wizard", pairs)


def _sheet(page: str) -> dict[str, Any]:
    pairs = dict(form_pairs(page, "wizard-form"))
    return dict(json.loads(pairs["_sheet"]))


# -- the steps, read from each system ------------------------------------------------------------


def test_steps_follow_each_systems_rules_order() -> None:
    found = {s: [step.id for step in creation.steps(get_system(s))] for s in SYSTEMS}
    assert found["fluid"] == ["identity", "characteristics", "skills", "equipment", "finishing"]
    assert found["warp"] == ["identity", "skills", "health", "powers", "equipment", "finishing"]
    artemis = {step.id: step.fields for step in creation.steps(get_system("artemis"))}
    assert artemis["skills"] == ("levels", "scores", "custom_skills", "milieux")
    assert artemis["powers"] == ("power",)
    # WaRP's hit points follow from its traits (L778-884): the health step comes after them
    warp = {step.id: step.fields for step in creation.steps(get_system("warp"))}
    assert warp["health"] == ("hp_name", "max_hp", "hp_rolled")


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_creation_field_is_asked_once_and_no_table_option(system_id: str) -> None:
    system = get_system(system_id)
    asked = [f for step in creation.steps(system) for f in step.fields]
    assert len(asked) == len(set(asked))
    assert asked[0] == "name"
    expected = set(creation.asked_fields(system))
    assert set(asked) == expected
    options = {o.name for o in system.table_options()}
    assert not expected & options


def test_a_budget_reads_spent_then_allowed_from_every_budget_rule() -> None:
    fluid = get_system("fluid")
    data = fluid.new_character("Zoé").model_dump(mode="json")
    data["characteristics"]["force"] = 2  # 37 points of the 40 of L91-101
    found = creation.check(fluid, data)
    assert isinstance(found, list)
    [budget] = creation.budgets(found)
    assert (budget.spent, budget.allowed, budget.remaining) == (37, 40, 3)
    assert budget.line("fr") == "37 dépensés sur 40 : il en reste 3"
    # the participle agrees with the points spent: singular below 2 in French
    one = creation.Budget(budget.rule, 1, 40, budget.field)
    assert one.line("fr") == "1 dépensé sur 40 : il en reste 39"
    data["characteristics"]["force"] = 6
    found = creation.check(fluid, data)
    assert isinstance(found, list)
    assert creation.budgets(found)[0].line("en") == "41 spent of 40: 1 too many"


def test_a_rule_that_is_not_a_budget_gives_none() -> None:
    words = Text(fr="PV max 28 : ici 14", en="max HP 28: here 14")
    v = RuleViolation(rule="warp.hit_points", source=Source(seed="x", lines=(1, 1)), message=words)
    assert creation.budgets([v]) == []


def test_a_draw_is_reproducible_and_breaks_no_new_rule() -> None:
    artemis = get_system("artemis")
    data = artemis.new_character("Zoé").model_dump(mode="json")
    skills = creation.step_by_id(artemis, "skills")
    first, seed = creation.draw(artemis, data, skills, 0)
    again, same = creation.draw(artemis, data, skills, 0)
    assert (first, seed) == (again, same)
    assert first["name"] == "Zoé" and first["kind"] == "pc"  # never copied from the NPC
    assert first["levels"] != data["levels"]
    found = creation.check(artemis, first)
    assert found == []  # a random NPC's score of 7 (no level) would break a PC's rules


# -- the pages ------------------------------------------------------------------------------------


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_character_drawn_step_by_step_is_created_and_follows_the_rules(
    app_client: TestClient, system_id: str
) -> None:
    gm = Gm(app_client, system_id)
    page = gm.get("/characters/wizard").text
    titles = re.findall(r'class="wizard-step[^"]*" data-step="(\w+)"', page)
    assert titles == [s.id for s in creation.steps(get_system(system_id))]
    for number, step in enumerate(titles):
        assert f'name="step" value="{step}"' in page
        drawn = _go(gm, page, "random", seed=str(number))
        assert drawn.status_code == 200, drawn.text
        last = step == titles[-1]
        answer = _go(gm, drawn.text, "save" if last else "next")
        if last:
            assert answer.status_code == 303, unescape(answer.text)
            location = answer.headers["location"]
        else:
            assert answer.status_code == 200
            page = answer.text
    character_id = location.split("/characters/")[1].split("?")[0]
    stored = gm.client.get(
        f"/api/tables/{gm.table}/characters/{character_id}",
        headers={"Authorization": f"Bearer {gm.token}"},
    ).json()
    system = get_system(system_id)
    sheet = system.sheet_model().model_validate(stored["sheet"])
    assert system.validate(sheet) == []
    assert sheet.name == "Nouveau personnage"


def test_the_budget_and_derived_values_follow_each_change(app_client: TestClient) -> None:
    gm = Gm(app_client, "fluid")
    page = _go(gm, gm.get("/characters/wizard").text, "next").text  # characteristics
    pairs = form_pairs(page, "wizard-form")
    live = gm.post(
        "/characters/wizard/check",
        replace(pairs, characteristics__force="2", characteristics__constitution="7"),
        htmx=True,
    )
    assert live.status_code == 200
    text = unescape(live.text)
    # the book's budget, running (#30 item 7), with its lines
    assert 'data-remaining="1">Caractéristiques : 39 / 40 points (il en reste 1)' in text
    assert "l. 91-101" in text
    # 2 + 7 + 6 × 5 = 39; Résistance follows Constitution (the system's sections, recomputed)
    assert re.search(r"<dt>Résistance \(RES\)</dt><dd>12 / 12</dd>", text)
    before = gm.post("/characters/wizard/check", pairs, htmx=True).text
    assert re.search(r"<dt>Résistance \(RES\)</dt><dd>10 / 10</dd>", before)
    assert "les caractéristiques de création font 39 points au lieu de 40" in text


def test_only_legal_choices_and_bounds_are_offered(app_client: TestClient) -> None:
    gm = Gm(app_client, "artemis")
    page = gm.get("/characters/wizard").text
    for _ in range(2):  # identity, characteristics, skills
        page = _go(gm, page, "next").text
    levels = re.search(
        r'<select id="f-levels-bagarre" name="levels/bagarre">(.*?)</select>', page, re.S
    )
    assert levels is not None
    offered = [v for v in re.findall(r'value="(\w*)"', levels.group(1)) if v]
    assert offered == [
        "debutant",
        "amateur",
        "confirme",
        "professionnel",
        "expert",
        "maitre",
    ]
    assert 'value="debutant" selected' in levels.group(1)


def test_characteristics_carry_their_bounds(app_client: TestClient) -> None:
    gm = Gm(app_client, "fluid")
    page = _go(gm, gm.get("/characters/wizard").text, "next").text
    assert re.search(r'name="characteristics/force"[^>]*min="\d+"[^>]*max="\d+"', page)


def test_steps_keep_what_was_typed_going_back_and_forth(app_client: TestClient) -> None:
    gm = Gm(app_client, "warp")
    page = gm.get("/characters/wizard").text
    pairs = replace(form_pairs(page, "wizard-form"), name="Zoé", concept="Pilote")
    nxt = gm.post("/characters/wizard", [*pairs, ("go", "next")]).text
    back = _go(gm, nxt, "back").text
    assert 'value="Zoé"' in back and 'value="Pilote"' in back
    assert _sheet(nxt)["concept"] == "Pilote"


def test_a_broken_sheet_is_refused_with_the_long_forms_messages(app_client: TestClient) -> None:
    gm = Gm(app_client, "fluid")
    page = _go(gm, gm.get("/characters/wizard").text, "next").text
    pairs = replace(form_pairs(page, "wizard-form"), characteristics__force="2")
    page = gm.post("/characters/wizard", [*pairs, ("go", "next")]).text
    while 'value="save"' not in page:
        page = _go(gm, page, "next").text
    refused = _go(gm, page, "save")
    assert refused.status_code == 422
    text = unescape(refused.text)
    assert 'id="refused"' in text
    assert "les caractéristiques de création font 37 points au lieu de 40" in text
    listed = gm.client.get(
        f"/api/tables/{gm.table}/characters", headers={"Authorization": f"Bearer {gm.token}"}
    ).json()
    assert listed == [] or listed.get("characters", []) == []


def test_a_list_grows_inside_the_step(app_client: TestClient) -> None:
    gm = Gm(app_client, "fluid")
    page = gm.get("/characters/wizard").text
    for _ in range(2):
        page = _go(gm, page, "next").text  # traits
    pairs = form_pairs(page, "wizard-form")
    grown = gm.post("/characters/wizard/fields", [*pairs, ("_op", "add:traits")], htmx=True)
    assert grown.status_code == 200
    assert 'name="traits/0/name"' in grown.text
    assert "<html" not in grown.text
    assert "/characters/wizard/fields" in grown.text  # its buttons stay the wizard's


@pytest.mark.parametrize(
    ("sheet", "message"),
    [("", "brouillon de feuille manquant"), ("[1]", "brouillon illisible"), ("{", "illisible")],
)
def test_a_bad_draft_is_one_line(app_client: TestClient, sheet: str, message: str) -> None:
    gm = Gm(app_client, "fluid")
    answer = gm.post("/characters/wizard", [("step", "identity"), ("_sheet", sheet)])
    assert answer.status_code == 422
    assert message in unescape(answer.text)


def test_an_unknown_step_is_one_line(app_client: TestClient) -> None:
    gm = Gm(app_client, "fluid")
    answer = gm.post("/characters/wizard", [("step", "nope"), ("_sheet", "{}")])
    assert answer.status_code == 422
    assert "étape inconnue : « nope »" in unescape(answer.text)


def test_the_table_page_offers_the_wizard(app_client: TestClient) -> None:
    gm = Gm(app_client, "organique")
    assert 'id="wizard-character"' in gm.get("").text


def test_every_step_shows_the_running_budget_or_says_once_there_is_none(
    app_client: TestClient,
) -> None:
    """#30 item 7: Fluid's budgets run on every step, kept as well as broken ("40 / 40"); a game
    whose book gives none says so, with its lines, instead of a budget to guess."""
    gm = Gm(app_client, "fluid")
    page = gm.get("/characters/wizard").text
    for _ in range(3):  # identity, characteristics, traits
        text = unescape(page)
        assert "Caractéristiques : 40 / 40 points (il en reste 0)" in text
        assert "Traits positifs : 0 / 8 points (il en reste 8)" in text
        page = _go(gm, page, "next").text
    for system_id, words in (
        ("artemis", "ni méthode de création ni budget de points (l. 385-457)"),
        ("warp", "Pas de budget de points"),
        ("organique", "ni procédure de création ni budget de points"),
        ("nephilim", "ne donne pas de budget de création (L108)"),
    ):
        other = Gm(app_client, system_id)
        text = unescape(other.get("/characters/wizard").text)
        assert words in text, system_id
        assert text.count(words) == 1  # said once
