"""The table's pages through HTTP: creating and joining, the generated sheet form (round trip
for every system), live validation, conflicts, import/export, rolls and what each member sees,
operations, the encounter tracker, the log's pages."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ecran.dice import Roller
from ecran.engine import all_systems, get_system
from ecran.web.forms import Schema, build, edit, read

from .conftest import Seat, create, flatten, join

SHEET_SYSTEMS = sorted(sid for sid, s in all_systems().items() if s.character is not None)


def _form_of(sheet: dict[str, Any], system_id: str) -> list[tuple[str, str]]:
    """The form a browser would post for this sheet: no system, no table options."""
    model = get_system(system_id).sheet_model()
    options = {
        name for name, prop in model.model_json_schema()["properties"].items() if "x-option" in prop
    }
    data = {k: v for k, v in sheet.items() if k != "system" and k not in options}
    return flatten(data)


@pytest.mark.parametrize("system_id", SHEET_SYSTEMS)
def test_the_generated_form_reads_back_the_sheet_it_shows(system_id: str) -> None:
    """Generic over the schema: a random NPC, posted as its form, is the same sheet again."""
    system = get_system(system_id)
    sheet = system.random_npc(Roller(7)).model_dump(mode="json")
    schema = Schema(system.sheet_model().model_json_schema())
    assert build(schema, sheet)  # every property kind renders
    form: dict[str, list[str]] = {}
    for key, value in _form_of(sheet, system_id):
        form.setdefault(key, []).append(value)
    back = read(schema, form)
    options = {k: sheet[k] for k in sheet if k not in back and k != "system"}
    again = system.sheet_model().model_validate({**back, **options, "system": system_id})
    assert again.model_dump(mode="json") == sheet


def test_list_add_and_remove_edit_the_value_in_place() -> None:
    system = get_system("warp")
    schema = Schema(system.sheet_model().model_json_schema())
    value: dict[str, Any] = {"acquired": [], "spell_study": {"feu": 2, "eau": 1}}
    value = edit(schema, value, "add:acquired")
    assert len(value["acquired"]) == 1 and isinstance(value["acquired"][0], dict)
    value = edit(schema, value, "remove:acquired/0")
    value = edit(schema, value, "remove:spell_study/feu")
    assert value == {"acquired": [], "spell_study": {"eau": 1}}
    assert edit(schema, value, "remove:acquired/9") == value  # a stale button changes nothing


def test_creating_a_table_with_typed_options_and_the_links(web: TestClient) -> None:
    system = get_system("nephilim")
    option = next(o for o in system.table_options() if isinstance(o.default, bool))
    flipped = "false" if option.default else "true"
    gm, invite = create(web, "nephilim", [(f"option:{option.name}", flipped)])
    state = gm.get().text
    assert "Lien d&#39;invitation des joueurs" in state or "invitation" in unescape(state)
    player = join(web, invite, "Lou")
    page = player.get().text
    assert 'id="link-invite"' not in page and invite not in page  # the invite is the GM's
    assert gm.token not in page
    store = web.app.state.store  # type: ignore[attr-defined]
    assert store.state(gm.table_id).table.options[option.name] is (flipped == "true")


def test_a_bad_option_value_is_refused_with_one_line(web: TestClient) -> None:
    system = get_system("warp")
    number = (
        next(
            o
            for o in system.table_options()
            if isinstance(o.default, int) and not isinstance(o.default, bool)
        )
        if any(
            isinstance(o.default, int) and not isinstance(o.default, bool)
            for o in system.table_options()
        )
        else None
    )
    if number is None:
        pytest.skip("warp has no numeric option")
    answer = web.post(
        "/tables",
        data={"name": "T", "system": "warp", f"option:{number.name}": "beaucoup"},
        follow_redirects=False,
    )
    assert answer.status_code == 422
    assert f"{number.label.fr}\u00a0: " in unescape(answer.text)  # its label, not its id


def test_live_validation_names_the_problem_in_the_page_language(web: TestClient) -> None:
    _gm, invite = create(web, "warp")
    player = join(web, invite, "Lou")
    sheet = get_system("warp").random_npc(Roller(3)).model_dump(mode="json")
    pairs = [(k, "-4" if k == "max_hp" else v) for k, v in _form_of(sheet, "warp")]
    french = player.post("/characters/check", pairs, htmx=True)
    assert "Points de vie max. : doit être ≥ 1" in unescape(french.text)  # its label
    english = player.client.post(
        player.url("/characters/check") + "?lang=en",
        data=dict(pairs),
        headers={"X-Ecran-Token": player.token, "HX-Request": "true"},
    )
    assert "must be ≥ 1" in unescape(english.text)
    fine = player.post("/characters/check", _form_of(sheet, "warp"), htmx=True)
    assert 'data-count="0"' in fine.text


def _new_character(seat: Seat, system_id: str, name: str = "Zoé") -> str:
    sheet = get_system(system_id).random_npc(Roller(5)).model_dump(mode="json")
    sheet["name"] = name  # a random NPC is legal as it is
    saved = seat.post("/characters", _form_of(sheet, system_id))
    assert saved.status_code == 303, saved.text
    return str(saved.headers["location"].split("/characters/")[1].split("?")[0])


def test_a_stale_save_shows_both_versions_and_loses_nothing(web: TestClient) -> None:
    gm, invite = create(web, "warp")
    player = join(web, invite, "Lou")
    cid = _new_character(player, "warp")
    sheet = web.app.state.store.state(gm.table_id).characters[cid].sheet  # type: ignore[attr-defined]
    mine = _form_of({**sheet, "concept": "Version du joueur"}, "warp")
    theirs = _form_of({**sheet, "concept": "Version du MJ"}, "warp")
    assert gm.post(f"/characters/{cid}", [*theirs, ("version", "1")]).status_code == 303
    stale = player.post(f"/characters/{cid}", [*mine, ("version", "1")])
    assert stale.status_code == 409
    text = unescape(stale.text)
    assert "Version du MJ" in text and "Version du joueur" in text  # both shown
    assert 'name="version" value="2"' in stale.text  # saving again is a deliberate overwrite
    again = player.post(f"/characters/{cid}", [*mine, ("version", "2")])
    assert again.status_code == 303
    stored = web.app.state.store.state(gm.table_id).characters[cid]  # type: ignore[attr-defined]
    assert stored.sheet["concept"] == "Version du joueur" and stored.version == 3


def test_import_refuses_an_invalid_sheet_and_stores_nothing(web: TestClient) -> None:
    gm, invite = create(web, "artemis")
    player = join(web, invite, "Lou")
    store = web.app.state.store  # type: ignore[attr-defined]
    before = store.state(gm.table_id).last_seq
    refused = player.upload("/characters/import", b'{"system": "artemis", "name": ""}')
    assert refused.status_code == 422
    assert "Nom : texte trop court" in unescape(refused.text)
    assert player.upload("/characters/import", b"{oops").status_code == 422
    for not_a_sheet in (b"[1, 2]", b'"x"', b"1", b"null"):
        refused = player.upload("/characters/import", not_a_sheet)
        assert refused.status_code == 422
        assert "n'est pas une feuille de personnage" in unescape(refused.text)
    assert store.state(gm.table_id).last_seq == before
    cid = _new_character(player, "artemis")
    exported = player.get(f"/characters/{cid}.json")
    assert exported.headers["content-disposition"].startswith("attachment")
    imported = player.upload("/characters/import", exported.content)
    assert imported.status_code == 303
    characters = store.state(gm.table_id).characters
    assert len(characters) == 2
    assert all(c.sheet == json.loads(exported.content) for c in characters.values())


def test_hidden_rolls_never_reach_a_player_page(web: TestClient) -> None:
    gm, invite = create(web, "warp")
    player = join(web, invite, "Lou")
    roll = [("check", "roll"), ("dice", "3"), ("difficulty", "7")]
    secret = gm.post("/roll", [*roll, ("visibility", "gm"), ("label", "SECRET-LABEL")], htmx=True)
    seq = re.search(r'data-seq="(\d+)"', secret.text)
    assert secret.status_code == 200 and seq is not None
    for page in (player.get(), player.get("/events", after=0), player.get(f"/events/{seq[1]}")):
        assert "SECRET-LABEL" not in page.text
    assert "SECRET-LABEL" in gm.get().text
    store = web.app.state.store  # type: ignore[attr-defined]
    before = store.state(gm.table_id).last_seq
    mistyped = player.post("/roll", [*roll, ("visibility", "mj"), ("label", "TYPO")], htmx=True)
    assert mistyped.status_code == 422  # never made public instead
    assert "visibilité inconnue" in unescape(mistyped.text)
    assert store.state(gm.table_id).last_seq == before
    blind = player.post("/roll", [*roll, ("visibility", "blind"), ("label", "aveugle")], htmx=True)
    assert "seul le MJ voit le résultat" in unescape(blind.text)
    assert "data-outcome" not in blind.text  # the roller does not learn the outcome
    assert 'data-outcome="' in gm.get("/events", after=0).text


def test_an_action_prefills_the_roll_and_the_replay_agrees(web: TestClient) -> None:
    gm, invite = create(web, "nephilim")
    player = join(web, invite, "Lou")
    cid = _new_character(player, "nephilim")
    sheet_page = player.get(f"/characters/{cid}").text
    link = re.search(r'hx-get="([^"]*roll-panel[^"]*)"', sheet_page)
    assert link is not None
    panel = player.client.get(unescape(link[1]), headers={"HX-Request": "true"}).text
    probabilities = re.findall(r'data-probability="([^"]+)"', panel)
    from fractions import Fraction

    assert sum(Fraction(p) for p in probabilities) == 1
    assert f'<option value="{cid}" selected>' in panel
    rolled = player.post(
        "/roll", [("check", "action"), ("character", cid), ("characteristic", "3")], htmx=True
    )
    seq = re.search(r'data-seq="(\d+)"', rolled.text)
    assert seq is not None
    opened = gm.get(f"/events/{seq[1]}").text
    assert 'data-same="true"' in opened


@pytest.mark.parametrize("system_id", SHEET_SYSTEMS)
def test_every_action_opens_the_roll_panel_at_its_own_exact_odds(
    web: TestClient, system_id: str
) -> None:
    """A click on a sheet's action shows the odds of that action, nothing added: a parameter
    the action leaves out is the check's default, never the check's example (a WaRP bonus
    die, a Nephilim skill the character does not have)."""
    from fractions import Fraction

    def odds(pairs: Any) -> dict[str, Fraction]:
        return {k: Fraction(v) for k, v in pairs if Fraction(v)}

    _gm, invite = create(web, system_id)
    player = join(web, invite, "Lou")
    cid = _new_character(player, system_id)
    sheet_page = player.get(f"/characters/{cid}").text
    links = re.findall(r'data-action="(\d+)" hx-get="([^"]*roll-panel[^"]*)"', sheet_page)
    api = player.client.get(
        f"/api/tables/{player.table_id}/characters/{cid}/actions",
        params={"odds": "true"},
        headers={"X-Ecran-Token": player.token},
    ).json()
    compared = 0
    for index, link in links:
        expected = api[int(index)]["odds"]
        if expected is None:  # waits for the GM's values (Fluid's opponent)
            continue
        panel = player.client.get(unescape(link), headers={"HX-Request": "true"}).text
        shown = re.findall(r'data-outcome="([^"]+)" data-probability="([^"]+)"', panel)
        wanted = [(o["outcome"], o["probability"]) for o in expected["outcomes"]]
        assert odds(shown) == odds(wanted), (api[int(index)]["label"], link)
        compared += 1
    assert compared >= 1


def test_operations_make_a_new_version_and_refuse_a_stale_one(web: TestClient) -> None:
    gm, invite = create(web, "warp")
    player = join(web, invite, "Lou")
    cid = _new_character(player, "warp")
    hit = [("operation", "take_damage"), ("damage", "3")]
    done = player.post(f"/characters/{cid}/operate", [*hit, ("version", "1")], htmx=True)
    assert done.status_code == 204 and "HX-Redirect" in done.headers
    stale = player.post(f"/characters/{cid}/operate", [*hit, ("version", "1")], htmx=True)
    assert stale.status_code == 422 and "version 2" in unescape(stale.text)
    other = join(web, "/join/" + _invite(gm), "Max")
    refused = other.post(f"/characters/{cid}/operate", [*hit, ("version", "2")], htmx=True)
    assert refused.status_code == 422 and "propres personnages" in unescape(refused.text)
    store = web.app.state.store  # type: ignore[attr-defined]
    assert store.state(gm.table_id).characters[cid].sheet["damage"] == 3


def _invite(gm: Seat) -> str:
    found = re.search(r'data-path="/join/([^"]+)"', gm.get("/links").text)
    assert found is not None
    return found[1]


def test_encounter_steps_for_the_gm_and_a_view_for_players(web: TestClient) -> None:
    gm, invite = create(web, "organique")
    player = join(web, invite, "Lou")
    made = gm.post("/encounters", [("name", "Embuscade")])
    eid = made.headers["location"].split("/encounters/")[1].split("?")[0]

    def step(seat: Seat, *pairs: tuple[str, str]) -> str:
        return seat.post(f"/encounters/{eid}/step", pairs, htmx=True).text

    step(gm, ("step", "add"), ("name", "Garde"), ("random", "true"), ("secret", "true"))
    step(gm, ("step", "add"), ("name", "Passant"), ("random", "false"), ("secret", "false"))
    step(gm, ("step", "initiative"))
    step(gm, ("step", "initiative"), ("participant", "p2"), ("value", "3"))
    step(gm, ("step", "start"))
    panel = step(
        gm, ("step", "condition"), ("participant", "p2"), ("name", "Sonné"), ("rounds", "1")
    )
    assert "Sonné" in unescape(panel)
    assert 'data-round="1"' in step(gm, ("step", "next"))
    refused = step(player, ("step", "next"))
    assert "réservé au MJ" in unescape(refused)
    seen = player.get(f"/encounters/{eid}").text
    assert "Garde" in seen and "Outils du MJ" not in seen
    assert 'data-round="1"' in step(gm, ("step", "undo"))


def test_the_log_pages_backwards(web: TestClient) -> None:
    gm, _invite_path = create(web, "warp")
    for i in range(35):
        gm.post(
            "/roll", [("check", "roll"), ("dice", "2"), ("difficulty", "7"), ("label", f"n{i}")]
        )
    first = gm.get().text
    assert first.count('class="entry kind-roll"') == 30
    older = re.search(r'hx-get="([^"]*/log[^"]*)"', first)
    assert older is not None
    rest = gm.client.get(unescape(older[1]), headers={"HX-Request": "true"}).text
    assert rest.count('class="entry kind-roll"') == 5 and "kind-table_created" in rest
    assert "/log" not in rest  # the start of the log: no older page


def test_a_token_of_another_table_is_refused(web: TestClient) -> None:
    one, _ = create(web, "warp")
    two, _ = create(web, "warp")
    crossed = web.get(f"/tables/{two.table_id}", params={"token": one.token})
    assert crossed.status_code == 404
    # this browser sits at table two (it made it): its session opens it without the link
    assert web.get(f"/tables/{two.table_id}").status_code == 200
    web.cookies.clear()  # a browser that never opened it: no link, no session, no table
    assert web.get(f"/tables/{two.table_id}").status_code == 404


def test_printable_sheet(web: TestClient) -> None:
    gm, _invite_path = create(web, "fluid")
    cid = _new_character(gm, "fluid")
    pdf = gm.get(f"/characters/{cid}.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_a_roll_as_a_character_one_may_not_play_is_refused_not_rolled_without_it(
    web: TestClient,
) -> None:
    """A roll sent with a character the roller cannot play (another's, deleted, mistyped) was
    rolled without it: its sheet's shifts and conditions silently left out."""
    gm, invite = create(web, "nephilim")
    player = join(web, invite, "Lou")
    other = join(web, invite, "Max")
    theirs = _new_character(other, "nephilim")
    store = web.app.state.store  # type: ignore[attr-defined]
    before = store.state(gm.table_id).last_seq
    roll = [("check", "action"), ("characteristic", "3")]
    for character in (theirs, "nope"):
        refused = player.post("/roll", [*roll, ("character", character)], htmx=True)
        assert refused.status_code in (403, 404, 422), refused.status_code
        assert "personnage" in unescape(refused.text)
    assert store.state(gm.table_id).last_seq == before
    assert player.post("/roll", roll, htmx=True).status_code == 200


def test_the_chat_help_lists_the_roll20_secret_roll_and_whisper_to_the_gm(web: TestClient) -> None:
    gm, _invite = create(web, "warp")
    french = unescape(gm.get().text)
    assert "/gmroll 1d20 lance pour le MJ et vous seuls" in french and "/w mj" in french
    english = unescape(gm.get(lang="en").text)
    assert "/gmroll 1d20 rolls for the GM and you alone" in english and "/w gm" in english
