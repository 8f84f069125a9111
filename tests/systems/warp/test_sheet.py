"""The sheet: validation with cited rules, NPCs that always validate, actions with penalties."""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.systems.warp import validation
from ecran.systems.warp.sheet import Trait, WarpSheet
from ecran.systems.warp.tables import SHEET_RULES

WARP = get_system("warp")


def legal() -> WarpSheet:
    """The seed's own examples: military background 3/4 (L298-312), tough 3/4 (L435-441)."""
    return WarpSheet(
        name="Sam",
        concept="Commando évadé du programme de la CIA",
        central=Trait(
            name="Antécédents militaires", sign="Cicatrices", score=4, superior=True, combat=True
        ),
        secondary_1=Trait(name="Coriace", sign="Ossature lourde", score=3, hit_points=True),
        secondary_2=Trait(name="Médecine", sign="Trousse", category="technical", score=1),
        flaw=Trait(name="Enclin à la violence", sign="Air maussade"),
        max_hp=21,
    )


def rules_broken(sheet: WarpSheet) -> set[str]:
    return {v.rule for v in WARP.validate(sheet)}


def test_the_seed_examples_make_a_legal_sheet() -> None:
    assert WARP.validate(legal()) == []


def test_each_broken_rule_is_named_and_cited() -> None:
    sheet = legal()
    two_superiors = sheet.model_copy(
        update={"secondary_1": sheet.secondary_1.model_copy(update={"superior": True})}
    )
    assert "warp.trait.superior" in rules_broken(two_superiors)
    assert "warp.trait.score" in rules_broken(two_superiors)  # 3 is not a superior score
    no_sign = sheet.model_copy(update={"flaw": sheet.flaw.model_copy(update={"sign": ""})})
    violation = WARP.validate(no_sign)[0]
    assert violation.rule == "warp.trait.sign"
    assert violation.source.lines == (751, 776)
    assert violation.message.fr and violation.message.en
    assert "warp.hit_points" in rules_broken(sheet.model_copy(update={"max_hp": 28}))
    restricted = sheet.model_copy(
        update={"central": sheet.central.model_copy(update={"category": "restricted", "score": 6})}
    )
    assert {"warp.trait.restricted", "warp.trait.restricted_combat"} <= rules_broken(restricted)
    assert "warp.experience.pool" in rules_broken(sheet.model_copy(update={"experience_pool": 3}))


def test_every_sheet_rule_in_data_is_checked() -> None:
    """Each rule of data/violations.toml is named by validation.py, and each message fills."""
    code = inspect.getsource(validation)
    for rule, row in SHEET_RULES.rows.items():
        assert f'"{rule}"' in code, rule
        assert row.message.fr.count("{") == row.message.en.count("{"), rule


def test_technical_superior_scores_two_l593_601() -> None:
    sheet = legal()
    tech = sheet.secondary_2.model_copy(update={"superior": True, "score": 2})
    central = sheet.central.model_copy(update={"superior": False, "score": 3})
    assert WARP.validate(sheet.model_copy(update={"secondary_2": tech, "central": central})) == []


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**40))
def test_every_random_npc_validates(seed: int) -> None:
    npc = WARP.random_npc(Roller(seed))
    assert WARP.validate(npc) == []


def test_npc_cli_is_deterministic(cli) -> None:
    first = cli("npc", "warp", "--seed", "1", "--json")
    assert first.code == 0, first.err
    assert first.json() == cli("npc", "warp", "--seed", "1", "--json").json()
    assert first.json()["system"] == "warp"


def _bad_file(tmp_path: Path) -> Path:
    bad_data: dict[str, Any] = json.loads(legal().model_dump_json())
    bad_data["max_hp"] = 40
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(bad_data))
    return bad


def test_character_validate_cli(cli, tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(legal().model_dump_json())
    assert cli("character", "validate", str(good)).code == 0
    assert cli("character", "new", "warp", "--from", str(good)).code == 0
    result = cli("character", "validate", "--json", str(_bad_file(tmp_path)))
    assert "warp.hit_points" in result.out  # ids and seed lines: in JSON, not for players
    assert "L778-884" in result.out


def test_invalid_sheet_exits_2(cli, tmp_path: Path) -> None:
    assert cli("character", "validate", str(_bad_file(tmp_path))).code == 2


def test_sheet_cli_shows_the_traits(cli, tmp_path: Path) -> None:
    path = tmp_path / "sam.json"
    path.write_text(legal().model_dump_json())
    result = cli("sheet", str(path))
    assert result.code == 0, result.err
    # the trait's name may wrap in an 80-column table (its kind "[standard]" is shown too,
    # literally, no longer swallowed as Rich markup): its words, in order
    traits = result.out[result.out.index("Traits") :]
    assert re.search(r"central\u202f: Antécédents(?: |.*\n.*)militaires", traits), result.out
    assert "[standard]" in traits
    assert "1* dé " in traits and "4 dés (supérieur)" in traits  # agreed with the count
    assert "21 / 21" in result.out


def test_actions_carry_the_wound_penalty_into_the_odds() -> None:
    """HP <= half: a penalty die on all actions (L3253-3261), so the prefilled odds drop."""
    fresh = legal()
    hurt = fresh.model_copy(update={"damage": 11})  # 10 / 21
    fresh_roll = next(a for a in WARP.actions(fresh) if a.label.fr == "Coriace")
    hurt_roll = next(a for a in WARP.actions(hurt) if a.label.fr == "Coriace")
    assert fresh_roll.params["penalty"] == 0
    assert hurt_roll.params == {**fresh_roll.params, "penalty": 1}
    check = WARP.check("roll")
    p_fresh = check.distribution(check.parse(fresh_roll.params)).probability("success")
    p_hurt = check.distribution(check.parse(hurt_roll.params)).probability("success")
    assert p_hurt < p_fresh
    for action in WARP.actions(hurt):
        WARP.check(action.check).parse(action.params)  # every action is a valid check call


def test_new_character_is_a_fillable_sheet() -> None:
    """A legal start made of the seed's examples, for the player to overwrite."""
    sheet = WARP.new_character("Zoé")
    assert isinstance(sheet, WarpSheet)
    assert WARP.validate(sheet) == []
    assert sheet.central.name == "Antécédents militaires" and sheet.central.superior  # L298-312
    assert sheet.max_hp == 28  # its 4 dice at 7 HP each (L806-818)


def test_json_schema_exists() -> None:
    schema = WarpSheet.model_json_schema()
    assert "central" in schema["properties"]
