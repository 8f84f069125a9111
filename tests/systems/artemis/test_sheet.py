"""The artemis character sheet: model vs data, validation rules, NPCs, sections, actions, CLI."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.rules.sheet import npc_names
from ecran.systems.artemis import tables
from ecran.systems.artemis.sheet import ArmourId, ArtemisSheet, WeaponCategoryId
from support import Helpers

SYSTEM = get_system("artemis")


sheet = partial(Helpers(SYSTEM).created, "Julie Chang")


def rules(s: ArtemisSheet) -> set[str]:
    return {v.rule for v in SYSTEM.validate(s)}


def test_sheet_literals_match_the_data() -> None:
    assert set(ArmourId.__args__) == {a.id for a in tables.combat().armour}
    assert set(WeaponCategoryId.__args__) == {w.id for w in tables.combat().weapon_category}


def test_the_seed_sheet_holds_26_innate_and_31_acquired_skills_and_8_characteristics() -> None:
    """L458-517 (26 innate, two wrapped names), L562-685 (31 named acquired), L548-560."""
    data = tables.skills()
    assert len(data.innate) == 26 and len(data.acquired) == 31
    assert len(data.characteristic) == 8
    assert {s.id for s in data.innate}.isdisjoint({s.id for s in data.acquired})
    assert {s.char for s in data.innate + data.acquired} <= {c.code for c in data.characteristic}
    assert {s.group for s in data.acquired} <= {g.id for g in data.group}


def test_new_character_is_valid_and_has_every_innate_skill_at_debutant() -> None:
    """Website §8: from creation every character has all innate skills at Débutant."""
    new = SYSTEM.new_character("Julie Chang")
    assert SYSTEM.validate(new) == []
    assert set(new.levels) == {s.id for s in tables.skills().innate}
    assert set(new.levels.values()) == {"debutant"}


@pytest.mark.parametrize(
    ("changes", "rule"),
    [
        ({"characteristics": {"force": 6}}, "characteristic_range"),
        ({"levels": {"acrobaties": ""}}, "innate_debutant"),
        ({"levels": {"pilotage_rapide": "amateur"}}, "skill_unknown"),
        ({"experience": {"total": 2, "used": 3}}, "experience_used"),
        ({"experience": {"total": 9, "used": 4, "forced_this_scenario": 4}}, "xp_force_limit"),
        ({"pressurised": True}, "pressurised_armour"),
        ({"equipment": {"sabre_laser": True}}, "equipment_unknown"),
        ({"milieux": {"aquatique": "amateur"}}, "milieu_unknown"),
        ({"custom_skills": [{"name": "Tir", "characteristic": "M"}]}, "custom_skill_name"),
        (
            {"custom_skills": [{"name": "Jonglage", "characteristic": "M", "group": "cirque"}]},
            "custom_skill_group",
        ),
    ],
)
def test_each_rule_is_reported(changes: dict[str, Any], rule: str) -> None:
    base = SYSTEM.new_character("X").model_dump()
    for key, value in changes.items():
        base[key] = {**base[key], **value} if isinstance(value, dict) else value
    violations = SYSTEM.validate(ArtemisSheet.model_validate(base))
    assert rule in {v.rule for v in violations}
    found = next(v for v in violations if v.rule == rule)
    assert found.message.fr and found.message.en and found.source.lines[0] >= 1


def test_npc_score_follows_its_level_L79_93() -> None:
    npc = SYSTEM.random_npc(Roller(3))
    assert SYSTEM.validate(npc) == []
    data = npc.model_dump()
    data["levels"]["bagarre"], data["scores"]["bagarre"] = "expert", 6
    assert "npc_level_score" in rules(ArtemisSheet.model_validate(data))
    data["levels"]["bagarre"], data["scores"]["bagarre"] = "", 9
    assert "npc_random_score" in rules(ArtemisSheet.model_validate(data))
    data["scores"]["bagarre"] = 7  # A10: a raw 7 with no level is legal
    assert rules(ArtemisSheet.model_validate(data)) == set()


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**63 - 1))
def test_random_npcs_always_pass_validation(seed: int) -> None:
    npc = SYSTEM.random_npc(Roller(seed))
    assert npc.kind == "npc"
    assert SYSTEM.validate(npc) == []
    for score in npc.scores.values():
        assert 3 <= score <= 8


def test_actions_carry_the_nifimo_malus_and_the_privilege() -> None:
    wounded = sheet(
        levels={**SYSTEM.new_character("X").levels, "bagarre": "professionnel"},
        scores={**SYSTEM.new_character("X").scores, "bagarre": 6},
        nifimo={"blessure": {"light": 2, "serious": 2}, "fatigue": {"light": 3}},
        experience={"total": 5, "used": 0},
    )
    actions = SYSTEM.actions(wounded)
    # 4 wound marks: second column (-1) with the house rule of 3 boxes; 3 fatigue: column 0.
    tests = [a for a in actions if a.check == "test"]
    assert tests and all(a.params["malus"] == 1 for a in tests)
    privileged = [a for a in tests if a.params["professional"]]
    assert [a.params["skill"] for a in privileged] == [6]
    assert any(a.check == "test_xp" for a in actions)
    for action in actions:
        check = SYSTEM.check(action.check)
        check.distribution(check.parse(action.params))  # every prefilled action is valid


def test_malus_changes_the_odds_of_an_action() -> None:
    fresh = next(a for a in SYSTEM.actions(sheet()) if a.check == "dodge")
    tired = next(
        a for a in SYSTEM.actions(sheet(nifimo={"fatigue": {"serious": 7}})) if a.check == "dodge"
    )
    dodge = SYSTEM.check("dodge")
    assert tired.params["malus"] == 2
    p_fresh = dodge.distribution(dodge.parse(fresh.params)).probability("avoided")
    p_tired = dodge.distribution(dodge.parse(tired.params)).probability("avoided")
    assert p_tired < p_fresh


def test_sections_are_bilingual_and_show_the_sheet() -> None:
    s = sheet(
        weapons=[
            {
                "name": "Épée vibrante",
                "level": "confirme",
                "score": 5,
                "category": "courte",
                "attack": 5,
                "parry": 4,
            }
        ]
    )
    sections = SYSTEM.sections(s)
    titles = [sec.title.fr for sec in sections]
    assert "Caractéristiques" in titles and "NIFIMO" in titles
    rows = [row for sec in sections for row in sec.rows]
    assert any(row.label.fr == "Épée vibrante" for row in rows)
    assert all(sec.title.en for sec in sections)


def write(tmp_path: Path, data: dict[str, Any]) -> str:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_cli_character_validate(cli, tmp_path: Path) -> None:
    good = SYSTEM.new_character("Julie").model_dump(mode="json")
    result = cli("character", "validate", write(tmp_path, good))
    assert result.code == 0, result.err
    result = cli("character", "validate", "--json", write(tmp_path, bad_sheet(good)))
    assert "characteristic_range" in result.out and "experience_used" in result.out
    assert "000_98594f78af1b43da.txt L403-407" in result.out  # in JSON, not for players


def bad_sheet(good: dict[str, Any]) -> dict[str, Any]:
    return {
        **good,
        "characteristics": {**good["characteristics"], "force": 9},
        "experience": {"total": 0, "used": 2, "forced_this_scenario": 0},
    }


def test_cli_character_validate_invalid_exits_2(cli, tmp_path: Path) -> None:
    good = SYSTEM.new_character("Julie").model_dump(mode="json")
    assert cli("character", "validate", write(tmp_path, bad_sheet(good))).code == 2


def test_cli_character_new_from_file(cli, tmp_path: Path) -> None:
    good = SYSTEM.new_character("Julie").model_dump(mode="json")
    result = cli("character", "new", "artemis", "--from", write(tmp_path, good))
    assert result.code == 0, result.err
    assert json.loads(result.out)["name"] == "Julie"


def test_cli_npc_is_deterministic(cli) -> None:
    first = cli("npc", "artemis", "--seed", "1", "--json")
    assert first.code == 0, first.err
    assert first.out == cli("npc", "artemis", "--seed", "1", "--json").out
    assert first.out != cli("npc", "artemis", "--seed", "2", "--json").out
    assert ArtemisSheet.model_validate_json(first.out).kind == "npc"


def test_cli_sheet_shows_the_character(cli, tmp_path: Path) -> None:
    npc = cli("npc", "artemis", "--seed", "5", "--json").json()
    result = cli("sheet", write(tmp_path, npc))
    assert result.code == 0, result.err
    assert "Caractéristiques" in result.out and "NIFIMO" in result.out


def test_sheet_json_schema_is_published() -> None:
    schema = ArtemisSheet.model_json_schema()
    assert {"characteristics", "levels", "scores", "weapons", "nifimo"} <= set(schema["properties"])


def test_identity_shows_only_what_the_player_filled_in() -> None:
    """An empty career or origin is no row: a blank "Carrière principale" says nothing."""
    npc = SYSTEM.random_npc(Roller(2))
    assert "Identité" not in {s.title.fr for s in SYSTEM.sections(npc)}
    filled = npc.model_copy(update={"origin": "Mars"})
    identity = next(s for s in SYSTEM.sections(filled) if s.title.fr == "Identité")
    assert [(r.label.fr, r.value.fr) for r in identity.rows] == [("Origine", "Mars")]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_random_npc_is_written_in_its_readers_language(lang: str) -> None:
    """Name, weapon and the generator's note in the language of whoever drew the NPC."""
    npc = SYSTEM.draw_npc(Roller(1), lang)
    assert npc.name in npc_names("ecran.systems.artemis")  # a name: the same in both
    assert npc.notes.startswith({"fr": "Généré au hasard", "en": "Drawn at random"}[lang])
    shown = {r.label.fr: r for s in SYSTEM.sections(npc) for r in s.rows}
    assert (
        shown["Protection"].value(lang)
        == {"fr": "vêtements légers : 0", "en": "light clothes: 0"}[lang]
    )
