"""Server-rendered pages: the list, a check's form, odds and roll fragments, language, errors."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from fastapi.testclient import TestClient

from ecran.engine import all_systems
from ecran.rules import System

HTMX = {"HX-Request": "true"}


def test_index_lists_every_system_and_check_in_french(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert '<html lang="fr">' in page.text
    assert "L'écran du MJ" in unescape(page.text)
    for system_id, system in all_systems().items():
        assert unescape(system.name.fr) in unescape(page.text)
        for check in system.checks:
            assert f'data-check="{system_id}/{check.name}"' in page.text


def test_english_by_query_is_remembered_by_cookie(client: TestClient) -> None:
    english = client.get("/?lang=en")
    assert '<html lang="en">' in english.text
    assert "The GM's screen" in unescape(english.text)
    assert english.cookies.get("ecran_lang") == "en"
    again = client.get("/systems/demo/checks/d6")
    assert '<html lang="en">' in again.text
    assert ">Roll</button>" in again.text
    assert "One d6 against a target" in again.text


def test_switcher_links_keep_the_query(client: TestClient) -> None:
    page = client.get("/systems/demo/checks/d6?target=5")
    assert 'href="/systems/demo/checks/d6?target=5&amp;lang=en"' in page.text


def test_check_page_has_the_form_the_odds_and_no_roll_yet(client: TestClient) -> None:
    page = client.get("/systems/demo/checks/d6").text
    assert '<input type="number" id="p-target" name="target" value="4"' in page
    assert 'min="1"' in page and 'max="6"' in page
    assert 'hx-get="/systems/demo/checks/d6/odds"' in page
    assert 'hx-post="/systems/demo/checks/d6/roll"' in page
    assert 'data-outcome="failure" data-probability="1/2"' in page
    assert "50,00" in page  # French decimal comma for display
    assert "Pas encore de jet." in page


def test_form_for_every_parameter_kind(client: TestClient, toy_system: System[Any]) -> None:
    page = client.get("/systems/toy/checks/mixed").text
    # the example prefills: skill 3, bonus unticked, stance bold
    assert 'name="skill" value="3"' in page
    assert 'id="p-skill"' in page and "required" in page
    assert re.search(r'type="checkbox" id="p-bonus" name="bonus" value="true">', page)
    assert '<input type="hidden" name="bonus" value="false">' in page
    assert '<option value="bold" selected>' in page
    assert '<option value="grim">' in page
    assert 'name="cap" value=""' in page and 'placeholder="aucun"' in page
    # the option is marked as such, with its kind and source
    options = page.split('<fieldset class="options">')[1].split("</fieldset>")[0]
    assert 'data-field="lucky"' in options
    assert "règle maison" in options and "toy, l. 7-9" in options
    assert 'data-field="skill"' not in options


def test_odds_fragment_follows_the_form(client: TestClient, toy_system: System[Any]) -> None:
    query = "skill=4&bonus=false&cap=9&stance=bold&mode=grim&lucky=false&lucky=true"
    fragment = client.get(f"/systems/toy/checks/mixed/odds?{query}", headers=HTMX)
    assert fragment.status_code == 200
    assert "<html" not in fragment.text
    assert 'data-outcome="failure" data-probability="2/9"' in fragment.text
    # an impossible outcome is left out of the page (#30 item 6; the JSON keeps it)
    assert 'data-outcome="triumph"' not in fragment.text
    higher = client.get(f"/systems/toy/checks/mixed/odds?{query.replace('cap=9', 'cap=12')}")
    assert 'title="10 ou plus"' in higher.text  # the outcome's help, where it can happen


def test_bad_value_gives_a_422_fragment_with_the_one_line_message(client: TestClient) -> None:
    fragment = client.get("/systems/demo/checks/d6/odds?target=9", headers=HTMX)
    assert fragment.status_code == 422
    assert fragment.text.strip() == (
        '<p class="error" role="alert">Seuil : doit être ≤ 6 (« 9 »)</p>'
    )  # the field as the form labels it, never its id
    english = client.get("/systems/demo/checks/d6/odds?target=&lang=en", headers=HTMX)
    assert "Target: whole number expected" in unescape(english.text)


def test_rolling_a_bad_value_gives_the_message_where_the_record_would_be(
    client: TestClient, cli: Any
) -> None:
    url = "/systems/demo/checks/d6/roll?lang=en"
    fragment = client.post(url, data={"target": "7"}, headers=HTMX)
    assert fragment.status_code == 422
    result = cli("--lang", "en", "roll", "demo", "d6", "--target", "7", "--json")
    assert result.code == 2
    line = result.err.strip().removeprefix("ecran: ")
    # the same refusal, the field named as each reader knows it: the option typed, the label read
    assert line.startswith("--target: ")
    shown = line.replace("--target: ", "Target: ", 1)
    assert unescape(fragment.text).strip() == f'<p class="error" role="alert">{shown}</p>'


def test_check_page_with_a_bad_value_shows_the_message_in_place(client: TestClient) -> None:
    page = client.get("/systems/demo/checks/d6?target=0")
    assert page.status_code == 200
    assert "Seuil : doit être ≥ 1" in unescape(page.text)
    assert 'value="0"' in page.text  # the user's value is kept to be corrected


def test_unknown_check_page_is_a_404_page(client: TestClient) -> None:
    page = client.get("/systems/demo/checks/d7")
    assert page.status_code == 404
    # the page offers the checks by their titles, never their ids; the API, the ids it takes
    assert "test inconnu : « d7 ». Possibles : Un d6 contre un seuil" in unescape(page.text)
    assert "<html" in page.text
    api = client.get("/api/systems/demo/checks/d7")
    assert api.status_code == 404
    assert api.json()["detail"] == "test inconnu : « d7 ». Possibles : d6"


def _record(html: str) -> dict[str, Any]:
    seed = re.search(r'data-seed="(\d+)"', html)
    dice = re.findall(r'<span class="die">(\d+)</span>', html)
    outcome = re.search(r'class="record" data-outcome="(\w+)"', html)
    assert seed and outcome, html
    return {"seed": int(seed.group(1)), "dice": [int(d) for d in dice], "outcome": outcome.group(1)}


def test_roll_fragment_shows_the_record_and_a_replay_link(client: TestClient) -> None:
    fragment = client.post("/systems/demo/checks/d6/roll", data={"target": "3"}, headers=HTMX)
    assert fragment.status_code == 200
    shown = _record(fragment.text)
    api = client.get(f"/api/roll/demo/d6?target=3&seed={shown['seed']}").json()
    assert shown == {"seed": api["seed"], "dice": api["dice"], "outcome": api["outcome"]}
    replay = re.search(r'class="replay" href="([^"]+)"', fragment.text)
    assert replay is not None
    page = client.get(unescape(replay.group(1)))
    assert _record(page.text) == shown
    assert 'name="target" value="3"' in page.text


def test_roll_with_every_parameter_kind_replays(
    client: TestClient, toy_system: System[Any]
) -> None:
    form = {"skill": "5", "bonus": ["false", "true"], "cap": "", "stance": "careful"}
    fragment = client.post("/systems/toy/checks/mixed/roll", data=form, headers=HTMX)
    shown = _record(fragment.text)
    replay = re.search(r'class="replay" href="([^"]+)"', fragment.text)
    assert replay is not None
    link = unescape(replay.group(1))
    assert "bonus=true" in link and "cap=&" in link
    assert _record(client.get(link).text) == shown


def test_roll_without_javascript_goes_through_the_page(client: TestClient) -> None:
    page = client.get("/systems/demo/checks/d6?target=2&roll=1")
    record = _record(page.text)
    assert len(record["dice"]) == 1


def test_bad_seed_in_a_link_is_a_message_not_a_crash(client: TestClient) -> None:
    page = client.get("/systems/demo/checks/d6?seed=xyz&lang=en")
    assert page.status_code == 200
    assert "invalid seed" in page.text


def test_static_assets_are_served(client: TestClient) -> None:
    for name in ("htmx.min.js", "ecran.css", "ecran.js"):
        assert client.get(f"/static/{name}").status_code == 200


# -- the dice page --------------------------------------------------------------------------------


def test_dice_page_shows_exact_totals_and_a_replayable_roll(client: TestClient, cli: Any) -> None:
    page = client.get("/dice?expr=2d6&seed=5")
    assert page.status_code == 200
    assert 'data-outcome="7" data-probability="1/6"' in page.text  # six ways in 36
    assert 'data-outcome="2" data-probability="1/36"' in page.text
    expected = cli("dice", "2d6", "--seed", "5", "--json").json()
    assert f'data-total="{expected["total"]}" data-seed="5"' in page.text
    dice = [int(d) for d in re.findall(r'<span class="die">(\d+)</span>', page.text)]
    assert dice == expected["dice"]


def test_dice_work_strikes_dropped_dice(client: TestClient) -> None:
    fragment = client.post("/dice/roll", data={"expr": "4d6kh3"}, headers=HTMX)
    work = re.search(r'<code class="work">(.*?)</code>', fragment.text)
    assert work is not None
    assert work.group(1).count("<s>") == 1  # one die of four dropped
    assert client.post("/dice/roll", data={"expr": "<b>"}, headers=HTMX).status_code == 422


def test_dice_odds_fragment_reports_the_residual_of_explosions(client: TestClient) -> None:
    fragment = client.get("/dice/odds?expr=1d6!&lang=en", headers=HTMX)
    assert fragment.status_code == 200
    assert "Beyond the explosion depth" in fragment.text
    bad = client.get("/dice/odds?expr=1d", headers=HTMX)
    assert bad.status_code == 422 and 'class="error"' in bad.text


def test_roll_details_carry_the_checks_labels_in_the_page_language(client: TestClient) -> None:
    fr = client.post("/systems/demo/checks/d6/roll", data={"target": "3"}, headers=HTMX).text
    en = client.post(
        "/systems/demo/checks/d6/roll?lang=en", data={"target": "3"}, headers=HTMX
    ).text
    assert "<dt>marge</dt>" in fr and "<dt>margin</dt>" in en
