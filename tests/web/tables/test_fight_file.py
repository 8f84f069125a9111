"""An encounter of the table simulated from the command line: the GM downloads it as the file
`ecran encounter simulate` reads (`GET …/encounters/{id}/fight`, the tracker's link), or the
command reads the table's export and picks the encounter by name (issue 15: "from an encounter
file … as the table exports them"). The three readings are one fight: the same seed gives the
same report as the tracker's own file."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.engine.fight import simulate_encounter
from web.tables.tables_support import Table, new_table


def _npc(seed: int) -> dict[str, Any]:
    sheet: dict[str, Any] = get_system("organique").random_npc(Roller(seed)).model_dump(mode="json")
    return sheet


def _fight(api: TestClient) -> tuple[Table, str]:
    """An Organique table: Alice's character and two NPCs in "Embuscade à l'orée", and an
    ended second encounter."""
    table = new_table(api, system="organique")
    hero = table.character(table.alice, _npc(1))
    made = table.post(table.gm, "/encounters", {"name": "Embuscade à l'orée"})
    enc = str(made.json()["payload"]["encounter_id"])
    table.post(table.gm, f"/encounters/{enc}/participants", {"character_id": hero["id"]})
    for seed in (2, 3):
        added = table.post(table.gm, f"/encounters/{enc}/participants", {"sheet": _npc(seed)})
        assert added.status_code == 201, added.text
    other = table.post(table.gm, "/encounters", {"name": "Duel"}).json()["payload"]
    ended = table.post(table.gm, f"/encounters/{other['encounter_id']}/end")
    assert ended.status_code == 200, ended.text
    return table, enc


def _downloaded(api: TestClient, tmp_path: Path) -> tuple[Path, Path, str]:
    """The GM's two downloads, as files: the table's export and the encounter's fight file."""
    table, enc = _fight(api)
    export, fight = tmp_path / "table.json", tmp_path / "fight.json"
    export.write_text(table.get(table.gm, "/export").text, encoding="utf-8")
    fight.write_text(table.get(table.gm, f"/encounters/{enc}/fight").text, encoding="utf-8")
    return export, fight, enc


def test_the_gm_downloads_the_fight_the_tracker_simulates(api: TestClient) -> None:
    table, enc = _fight(api)
    got = table.get(table.gm, f"/encounters/{enc}/fight")
    assert got.status_code == 200, got.text
    assert got.headers["content-disposition"] == 'attachment; filename="Embuscade-a-l-oree.json"'
    data = got.json()
    assert data["system"] == "organique"
    # sides in words, as the terminal prints them: never the tracker's ids
    assert [p["side"] for p in data["participants"]].count("PJ") == 1
    assert [p["side"] for p in data["participants"]].count("PNJ") == 2
    names = [p["name"] for p in data["participants"]]
    assert len(set(names)) == 3  # two NPCs of the same name are told apart
    english = table.get(table.gm, f"/encounters/{enc}/fight", params={"lang": "en"}).json()
    assert {p["side"] for p in english["participants"]} == {"PCs", "NPCs"}
    report = simulate_encounter(data, 200, seed=4)
    assert {s.side for s in report.sides} == {"PJ", "PNJ"}
    # a sheetless participant: one line saying who, nothing to download
    table.post(table.gm, f"/encounters/{enc}/participants", {"name": "Ombre"})
    refused = table.get(table.gm, f"/encounters/{enc}/fight", params={"lang": "fr"})
    assert refused.status_code == 422
    assert refused.json()["detail"] == "Ombre n'a pas de feuille : pas de simulation"
    # the players may not read the NPCs' sheets
    assert table.get(table.alice, f"/encounters/{enc}/fight").status_code == 403
    assert table.get(table.gm, "/encounters/nope/fight").status_code == 404


def test_the_tracker_links_the_file_for_the_gm(api: TestClient) -> None:
    table, enc = _fight(api)
    params = {"token": table.gm.token}
    html = api.get(f"/tables/{table.id}/encounters/{enc}/victory", params=params).text
    link = re.search(r'id="fight-file" href="([^"]+)"', html)
    assert link is not None and "token" not in link.group(1)
    assert link.group(1).startswith(f"/tables/{table.id}/encounters/{enc}/fight?")
    assert "Ce combat en fichier" in html
    # the link opens with the session the page left (no token in it)
    got = api.get(link.group(1).replace("&amp;", "&"))
    assert got.status_code == 200 and got.json()["system"] == "organique"


def test_the_command_line_simulates_an_encounter_of_the_export(
    api: TestClient, cli: Any, tmp_path: Path
) -> None:
    export, fight, enc = _downloaded(api, tmp_path)
    run = ("encounter", "simulate", "--trials", "300", "--seed", "7", "--json")
    from_file = cli(*run, str(fight))
    assert from_file.code == 0, from_file.err
    # the only encounter still running, or named in any case and without accents
    for extra in ((), ("--encounter", "EMBUSCADE A L'OREE"), ("--encounter", enc)):
        from_export = cli(*run, str(export), *extra)
        assert from_export.code == 0, from_export.err
        same = {k: v for k, v in json.loads(from_export.out).items() if k != "seconds"}
        assert same == {k: v for k, v in json.loads(from_file.out).items() if k != "seconds"}
    ana = json.loads(fight.read_text(encoding="utf-8"))["participants"]
    attack = ("encounter", "attack", str(export), "--json")
    planned = cli(*attack, "--attacker", ana[0]["name"], "--target", ana[1]["name"])
    assert planned.code == 0, planned.err
    assert 0 <= json.loads(planned.out)["p_out"] <= 1


def test_a_wrong_encounter_is_one_line_naming_those_there(
    api: TestClient, cli: Any, tmp_path: Path
) -> None:
    export, fight, _ = _downloaded(api, tmp_path)
    run = ("encounter", "simulate", "--trials", "10")
    wrong = cli(*run, str(export), "--encounter", "Bataille")
    assert wrong.code == 2 and wrong.out == ""
    assert wrong.err.count("\n") == 1
    assert "aucune rencontre « Bataille »" in wrong.err
    assert "« Embuscade à l'orée », « Duel »" in wrong.err
    misplaced = cli(*run, str(fight), "--encounter", "Duel")
    assert misplaced.code == 2 and "l'export d'une table" in misplaced.err
    # the ended duel has no NPC: one line, not a traceback
    duel = cli(*run, str(export), "--encounter", "duel")
    assert duel.code == 2 and duel.err.count("\n") == 1
