"""The character sheet: Ka scales, skill tree, validation, NPCs, the generic commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.systems.nephilim import sheet as reading
from ecran.systems.nephilim.ka import associated_ka, meta_bonus, normalize
from ecran.systems.nephilim.sheet import NephilimSheet, total_steps
from ecran.systems.nephilim.skills import SKILL_NODES, effective, steps_paid
from ecran.systems.nephilim.tables import KA, LANGUAGES, SKILLS
from support import Helpers

SYSTEM = get_system("nephilim")


sheet = Helpers(SYSTEM).sheet


def rules(s: NephilimSheet) -> list[str]:
    return [v.rule for v in SYSTEM.validate(s)]


# -- Ka (L28-70) ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ka", "expected"),
    [
        (0, -4),
        (1, -3),
        (5, -3),
        (6, -2),
        (10, -2),
        (11, -1),
        (15, -1),
        (16, 0),
        (20, 0),
        (21, 1),
        (25, 1),
        (26, 2),
        (30, 2),
        (31, 3),
        (35, 3),
        (36, 4),
        (40, 4),
        (41, 5),
        (45, 5),
    ],
)
def test_ka_normalization_E1_L34_45(ka: int, expected: int) -> None:
    assert normalize(ka) == expected


def test_ka_normalization_continues_past_the_table_A19() -> None:
    assert [normalize(k) for k in (46, 50, 51)] == [6, 6, 7]


@pytest.mark.parametrize(
    ("ka", "expected"),
    [
        (0, 0),
        (5, 0),
        (6, 1),
        (15, 1),
        (16, 2),
        (30, 2),
        (31, 3),
        (50, 3),
        (51, 4),
        (75, 4),
        (76, 5),
        (105, 5),
    ],
)
def test_meta_bonus_E2_L63_70(ka: int, expected: int) -> None:
    assert meta_bonus(ka) == expected


def test_meta_bonus_extrapolation_A19() -> None:
    assert [meta_bonus(k) for k in (106, 140, 141, 180, 181)] == [6, 6, 7, 7, 8]


def test_two_elements_mean_rounded_up_D2_L62() -> None:
    kas = {"feu": 20, "air": 25}
    assert associated_ka("rapidite", kas) == 23
    nephilim = sheet(nature="nephilim", ka=kas)
    meta = reading.meta(nephilim)
    assert (meta["rapidite"], meta["force"], meta["intelligence"]) == (2, 2, 2)


def test_a_human_has_no_meta_bonus() -> None:
    assert reading.meta(sheet(ka={"soleil": 40})) == reading.natural(sheet())


def test_meta_table_covers_the_ten_characteristics_L55_60() -> None:
    assert len(KA.meta_map()) == 10


# -- skills (L106-112) ------------------------------------------------------------------------


def test_skill_purchase_example_E6_L108() -> None:
    skills = {
        "PHYSIQUE": -3,
        "PHYSIQUE > Athlétisme": -1,
        "PHYSIQUE > Combat à distance": -2,
    }
    assert effective(skills, "PHYSIQUE > Athlétisme") == -1
    assert effective(skills, "PHYSIQUE > Combat à distance") == -2
    assert effective(skills, "PHYSIQUE > Sport") == -3
    assert effective(skills, "PHYSIQUE > Natation") == -3
    assert effective(skills, "PHYSIQUE > Athlétisme > Course") == -1
    assert sum(steps_paid(p, s) for p, s in skills.items()) == 4
    assert rules(sheet(skills=skills)) == []


def test_figure_skating_needs_both_parents_E7_L112() -> None:
    base = {
        "PHYSIQUE": -3,
        "PHYSIQUE > Équilibre": -1,
        "PHYSIQUE > Équilibre > Patin": 1,
        "PHYSIQUE > Expression corporelle": -1,
        "PHYSIQUE > Expression corporelle > Danse": 0,
        "PHYSIQUE > Équilibre > Patin > Patinage artistique": 2,
    }
    assert rules(sheet(skills=base)) == ["skills.prerequisite"]
    both = {**base, "PHYSIQUE > Expression corporelle > Danse": 1}
    assert rules(sheet(skills=both)) == []


def test_an_unopened_parent_blocks_the_node_L108() -> None:
    found = SYSTEM.validate(sheet(skills={"PHYSIQUE > Athlétisme": -2}))
    assert [v.rule for v in found] == ["skills.prerequisite"]
    assert found[0].path == "skills.PHYSIQUE > Athlétisme"
    assert found[0].source.lines == (108, 112)
    assert found[0].message.fr and found[0].message.en


def test_score_outside_the_level_range_L92_104() -> None:
    skills = {"PHYSIQUE": -3, "PHYSIQUE > Athlétisme": 1}
    assert rules(sheet(skills=skills)) == ["skills.range"]


def test_gm_may_add_a_skill_under_an_existing_node_L110() -> None:
    skills = {"PHYSIQUE": -3, "PHYSIQUE > Sport": -1, "PHYSIQUE > Sport > Escrime": 0}
    assert rules(sheet(skills=skills)) == []
    assert rules(sheet(skills={"MAGIE": -3})) == ["skills.unknown"]


def test_the_tree_has_the_counted_nodes() -> None:
    levels = [n.level for n in SKILLS.node]
    assert (levels.count("P"), levels.count("A"), levels.count("C"), levels.count("M")) == (
        6,
        48,
        140,
        58,
    )
    assert len(LANGUAGES.node) == 65
    assert all(n.path.count(" > ") == "PACM".index(n.level) for n in SKILLS.node)
    assert all(n.path.count(" > ") == "PACM".index(n.level) for n in LANGUAGES.node)
    assert SKILL_NODES["SAVOIR > Psychologie > Psychologie clinique > Psychiatrie"].same_as


def test_budget_is_a_house_rule() -> None:
    skills = {"PHYSIQUE": -3, "PHYSIQUE > Athlétisme": -1}
    assert total_steps(sheet(skills=skills)) == 3
    assert rules(sheet(skills=skills, skill_step_budget=2)) == ["skills.budget"]
    assert rules(sheet(skills=skills, skill_step_budget=3)) == []


# -- languages, Ka, characteristics -----------------------------------------------------------


def test_language_prerequisites_are_an_option() -> None:
    langs = ["Langues germaniques > Langues germaniques occidentales > Allemand"]
    assert rules(sheet(languages=langs)) == ["languages.prerequisite"]
    assert rules(sheet(languages=langs, language_prerequisites=False)) == []
    assert rules(sheet(languages=["Klingon"])) == ["languages.unknown"]


def test_human_characteristics_range_L5_7() -> None:
    found = SYSTEM.validate(sheet(characteristics={"force": 4}))
    assert [v.rule for v in found] == ["characteristics.range"]
    assert found[0].path == "characteristics.force"


def test_a_human_has_only_ka_soleil_L30() -> None:
    assert rules(sheet(ka={"soleil": 10, "feu": 5})) == ["ka.human_elements"]
    assert rules(sheet(nature="nephilim", ka={"feu": 20, "lune": 30})) == []
    assert rules(sheet(stasis={"feu": 3})) == ["stasis.nephilim_only"]


def test_sheet_json_schema_is_published() -> None:
    schema = NephilimSheet.model_json_schema()
    assert {"characteristics", "ka", "skills", "wounds", "fatigue", "track_boxes"} <= set(
        schema["properties"]
    )


# -- NPCs and commands ------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_every_random_npc_is_valid(seed: int) -> None:
    npc = SYSTEM.random_npc(Roller(seed))
    assert SYSTEM.validate(npc) == []
    for action in SYSTEM.actions(npc):
        SYSTEM.check(action.check).parse(action.params)


def test_npc_is_deterministic(cli) -> None:
    first = cli("npc", "nephilim", "--seed", "1", "--json")
    second = cli("npc", "nephilim", "--seed", "1", "--json")
    assert first.code == 0 and first.out == second.out
    assert json.loads(first.out)["system"] == "nephilim"


def _bad_sheet(cli, tmp_path: Path) -> Path:
    data = json.loads(cli("npc", "nephilim", "--seed", "3", "--json").out)
    data["characteristics"]["force"] = 5
    data["skills"] = {"PHYSIQUE > Athlétisme": -2}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    return bad


def test_validate_command_lists_the_violations(cli, tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(cli("npc", "nephilim", "--seed", "3", "--json").out, encoding="utf-8")
    ok = cli("character", "validate", str(good))
    assert ok.code == 0 and ok.err == ""
    result = cli("character", "validate", "--json", str(_bad_sheet(cli, tmp_path)))
    assert "characteristics.range" in result.out and "skills.prerequisite" in result.out
    assert "003_f1fb14c3cd618c96.txt L108-112" in result.out  # in JSON, not for players


def test_validate_command_exits_2_when_invalid(cli, tmp_path: Path) -> None:
    assert cli("character", "validate", str(_bad_sheet(cli, tmp_path))).code == 2


def test_sheet_command_shows_the_sheet(cli, tmp_path: Path) -> None:
    path = tmp_path / "pc.json"
    pc = sheet(wounds=6, skills={"PHYSIQUE": -3})
    path.write_text(pc.model_dump_json(), encoding="utf-8")
    result = cli("sheet", str(path))
    assert result.code == 0
    assert "Gravement blessé" in result.out and "Force" in result.out


def test_new_character_from_file(cli, tmp_path: Path) -> None:
    path = tmp_path / "pc.json"
    path.write_text(SYSTEM.new_character("Ana").model_dump_json(), encoding="utf-8")
    result = cli("character", "new", "nephilim", "--from", str(path))
    assert result.code == 0 and json.loads(result.out)["name"] == "Ana"
