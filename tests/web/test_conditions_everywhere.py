"""#30 item 5, conditions that act everywhere a roll is made: a Fluid manoeuvre (L1381-1401)
that blinds a character with 2 disadvantages weighs on the roll its player makes in the chat
(`/r Force (FOR)`: two disadvantages among its circumstances) while the fight runs, as on its
sheet page and in the attacks; and the same from the command line, where the operation writes
the condition into the sheet file (`ecran op … -o`) and `odds-sheet`, `odds --sheet` and
`roll --sheet` apply it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from ecran.dice import Roller
from ecran.engine import get_system
from web.tables.tables_support import new_table

SYSTEM = "fluid"
BLIND = "aveuglé : 2 désavantages"
ATTACK = "Attaquer (AGI)"
FORCE = "Force (FOR)"


def test_a_blinded_characters_chat_roll_carries_the_disadvantages(
    app_client: TestClient,
) -> None:
    game = get_system(SYSTEM)
    table = new_table(app_client, SYSTEM)
    mine = {**game.random_npc(Roller(1)).model_dump(mode="json"), "name": "Ana"}
    ana = table.character(table.alice, mine)
    eid = table.post(table.gm, "/encounters", {"name": "Rixe"}).json()["payload"]
    eid = str(eid["encounter_id"])
    table.post(table.gm, f"/encounters/{eid}/participants", {"character_id": ana["id"]})

    def rolled() -> dict[str, Any]:
        said = table.post(table.alice, "/messages", {"text": f"/r {FORCE}"})
        assert said.status_code in (200, 201), said.text
        (roll,) = said.json()["payload"]["rolls"]
        return dict(roll)

    before = rolled()
    assert before["check"]["params"]["circumstances"] == 0
    params = {"effect": "blind", "disadvantages": 2, "rounds": 1}
    path = f"/encounters/{eid}/participants/p1/operations/suffer_manoeuvre"
    assert table.post(table.gm, path, {"params": params}).status_code == 200
    blinded = rolled()
    assert blinded["check"]["params"]["circumstances"] == -2
    assert BLIND in blinded["label"]["fr"]
    table.post(table.gm, f"/encounters/{eid}/end")
    assert rolled()["check"]["params"]["circumstances"] == 0


def _blinded_file(cli: Any, tmp_path: Path) -> Path:
    made = cli("npc", SYSTEM, "--seed", "1", "--json")
    assert made.code == 0, made.err
    sheet, out = tmp_path / "ana.json", tmp_path / "blind.json"
    sheet.write_text(made.out, encoding="utf-8")
    args = ["--effect", "blind", "--disadvantages", "2", "--rounds", "2", "-o", str(out)]
    done = cli("op", SYSTEM, "suffer-manoeuvre", str(sheet), *args)
    assert done.code == 0, done.err
    return out


def test_the_command_line_writes_the_condition_and_its_odds_apply_it(
    cli: Any, tmp_path: Path
) -> None:
    out = _blinded_file(cli, tmp_path)
    (cond,) = json.loads(out.read_text(encoding="utf-8"))["ongoing"]
    assert cond["label"]["fr"] == BLIND and cond["rounds"] == 2
    assert cond["effect"] == {"disadvantage_dice": 2, "circumstances": -2}
    report = cli("odds-sheet", str(out), "--json")
    assert report.code == 0, report.err
    attack = next(a for a in report.json()["actions"] if a["label"].startswith(ATTACK))
    assert attack["params"]["disadvantage_dice"] == 2 and BLIND in attack["label"]
    # `odds --sheet`: the parameters typed, and the sheet's conditions on top, labelled
    typed = ["--characteristic", "5", "--opponent-characteristic", "5"]
    plain = cli("odds", SYSTEM, "attack", *typed, "--json")
    shifted = cli("odds", SYSTEM, "attack", *typed, "--sheet", str(out), "--json")
    assert shifted.code == 0, shifted.err
    assert plain.json()["params"]["disadvantage_dice"] == 0
    assert shifted.json()["params"]["disadvantage_dice"] == 2
    assert shifted.json()["outcomes"] != plain.json()["outcomes"]
    rolled = cli("roll", SYSTEM, "attack", *typed, "--feuille", str(out), "--seed", "3", "--json")
    assert rolled.code == 0, rolled.err
    assert rolled.json()["params"]["disadvantage_dice"] == 2


def test_a_sheet_of_another_game_is_one_line(cli: Any, tmp_path: Path) -> None:
    out = _blinded_file(cli, tmp_path)
    refused = cli("odds", "warp", "roll", "--dice", "3", "--difficulty", "10", "--sheet", str(out))
    assert refused.code == 2 and "Traceback" not in refused.err
    assert len(refused.err.strip().splitlines()) == 1


def test_the_sheet_shows_the_conditions_in_force(cli: Any, tmp_path: Path) -> None:
    out = _blinded_file(cli, tmp_path)
    shown = cli("sheet", str(out))
    assert shown.code == 0, shown.err
    text = " ".join(shown.out.split())
    assert "États en cours" in text and BLIND in text.replace("\u202f", " ")
    assert "2 rounds" in text
