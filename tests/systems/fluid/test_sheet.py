"""The Fluid sheet: creation rules and their violations, NPCs, the CLI commands, actions fed by
the play state, the operations that change it, initiative."""

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
from ecran.engine.records import odds_report
from ecran.rules import EcranError
from ecran.systems.fluid import tracks
from ecran.systems.fluid.sheet import FluidSheet
from ecran.testing import ScriptedDice
from support import Helpers

SYSTEM = get_system("fluid")


sheet = partial(Helpers(SYSTEM).created, "Jok")


def rules_broken(s: FluidSheet) -> list[str]:
    return [v.rule for v in SYSTEM.validate(s)]


def apply(op_name: str, s: FluidSheet, dice: Any = None, **values: Any) -> Any:
    op = SYSTEM.operation(op_name)
    return op.apply(s, op.params.model_validate(values), dice or Roller(1))


# -- creation ----------------------------------------------------------------------------------


def test_new_character_is_legal_and_average() -> None:
    s = SYSTEM.new_character("Jok")
    assert isinstance(s, FluidSheet) and SYSTEM.validate(s) == []
    assert tracks.attribute(s, "RES") == 10 and tracks.attribute(s, "INI") == 10


def test_forty_points_one_to_seven_l91_101() -> None:
    s = sheet(characteristics={"force": 8, "constitution": 5, "agilite": 2})
    broken = SYSTEM.validate(s)
    assert {v.rule for v in broken} == {"fluid.char.range"}  # 8+5+2+5*5 = 40, FOR 8 too high
    v = broken[0]
    assert v.path == "characteristics.force" and v.source.lines == (93, 95)
    assert "7" in v.message.fr and "7" in v.message.en
    assert "fluid.char.points" in rules_broken(sheet(characteristics={"force": 6}))


def test_magic_spreads_forty_points_over_nine_l97_101() -> None:
    assert "fluid.char.points" in rules_broken(sheet(characteristics={"magie": 3}))
    legal = {"force": 4, "constitution": 4, "agilite": 5, "magie": 2}
    assert rules_broken(sheet(characteristics=legal)) == []


def test_derived_attributes_l103_133() -> None:
    s = sheet(characteristics={"force": 6, "agilite": 4, "constitution": 3, "volonte": 7})
    assert [tracks.attribute(s, a) for a in ("RES", "AUR", "SAN", "INI")] == [10, 10, 10, 10]


def test_trait_budget_and_cap_l213() -> None:
    traits = [
        {"name": "Épée", "value": 3},
        {"name": "Esquive", "value": 3},
        {"name": "Acrobatie", "value": 3},
    ]
    assert rules_broken(sheet(traits=traits)) == ["fluid.traits.budget"]
    assert rules_broken(sheet(traits=[{"name": "Épée", "value": 4}])) == ["fluid.traits.max"]


def test_negative_traits_buy_more_points_l227_233() -> None:
    traits = [
        {"name": "Épée", "value": 3},
        {"name": "Esquive", "value": 3},
        {"name": "Acrobatie", "value": 3},
        {"name": "Borgne", "value": 1, "kind": "negative", "hinders": ["PER"]},
    ]
    assert rules_broken(sheet(traits=traits)) == []


def test_pools_and_prepared_spells_are_bounded() -> None:
    assert rules_broken(sheet(res=11)) == ["fluid.pool.res"]
    assert rules_broken(sheet(prepared_spells=["a"] * 6)) == ["fluid.magic.prepared"]
    assert rules_broken(sheet(spent={"AGI": 6})) == ["fluid.spend.range"]


def test_minions_skip_the_creation_budget_l1625_1643() -> None:
    minion = sheet(minion=True, minion_level=3, characteristics={"force": 7, "agilite": 7})
    assert SYSTEM.validate(minion) == []
    action = next(a for a in SYSTEM.actions(minion) if a.check == "action")
    assert action.params["circumstances"] == 3  # E43: "difficult to beat" = 3 advantages


def test_json_schema_is_published() -> None:
    schema = FluidSheet.model_json_schema()
    assert {"characteristics", "traits", "equipment", "res", "advances"} <= set(
        schema["properties"]
    )


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**40))
def test_random_npcs_always_pass_validation(seed: int) -> None:
    npc = SYSTEM.random_npc(Roller(seed))
    assert SYSTEM.validate(npc) == []


# -- command line ------------------------------------------------------------------------------


def test_character_validate_on_the_command_line(cli: Any, tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(sheet().model_dump_json(), encoding="utf-8")
    assert cli("character", "validate", str(good)).code == 0
    bad = tmp_path / "bad.json"
    bad.write_text(sheet(characteristics={"force": 9}, res=30).model_dump_json(), encoding="utf-8")
    result = cli("character", "validate", "--json", str(bad))
    assert result.code == 2  # ids and seed lines: in JSON, not for players
    assert "fluid.char.points" in result.out and "fluid.pool.res" in result.out
    assert "002_865f6a3dca48f38d.txt L91-101" in result.out


def test_character_new_from_file(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "jok.json"
    path.write_text(sheet().model_dump_json(), encoding="utf-8")
    result = cli("character", "new", "fluid", "--from", str(path))
    assert result.code == 0 and json.loads(result.out)["system"] == "fluid"


def test_npc_is_deterministic(cli: Any) -> None:
    first = cli("npc", "fluid", "--seed", "1", "--json")
    assert first.code == 0 and first.out == cli("npc", "fluid", "--seed", "1", "--json").out
    assert SYSTEM.validate(FluidSheet.model_validate_json(first.out)) == []


def test_sheet_command_shows_the_sheet(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "jok.json"
    path.write_text(sheet(res=4).model_dump_json(), encoding="utf-8")
    result = cli("sheet", str(path))
    assert result.code == 0 and "Résistance (RES)" in result.out and "4 / 10" in result.out


# -- penalties feed the actions and their odds ---------------------------------------------------


def _action(s: FluidSheet, label_start: str) -> dict[str, Any]:
    return next(a.params for a in SYSTEM.actions(s) if a.label.en.startswith(label_start))


def _success(check: str, params: dict[str, Any]) -> float:
    report = odds_report("fluid", check, params)
    names = {"marginal_success", "success", "major_success", "crit_success"}
    return sum(o.p for o in report.outcomes if o.outcome in names)


def test_spent_points_and_wounds_lower_the_odds() -> None:
    fresh = sheet()
    hurt = sheet(
        spent={"AGI": 2},
        traits=[
            {
                "name": "Genou déboîté",
                "value": 2,
                "kind": "negative",
                "origin": "wound",
                "hinders": ["AGI"],
            }
        ],
    )
    before, after = _action(fresh, "Agility"), _action(hurt, "Agility")
    assert after["characteristic"] == 3 and after["negative_traits"] == 2
    assert _success("action", after) < _success("action", before)
    assert _action(hurt, "Strength")["negative_traits"] == 0
    attack = next(a.params for a in SYSTEM.actions(hurt) if a.check == "attack")
    assert attack["disadvantage_dice"] == 2 and attack["characteristic"] == 3


def test_e37_equipment_handicap_out_of_combat_l1413_1417() -> None:
    s = sheet(equipment={"weapon": 1, "armour": 2})
    assert _action(s, "Perception")["equipment"] == -2


def test_every_action_is_a_valid_check_call() -> None:
    s = sheet(
        traits=[
            {"name": "Plaie", "value": 3, "kind": "negative", "origin": "wound", "hinders": ["*"]}
        ],
        san=3,
        aur=2,
    )
    for action in SYSTEM.actions(s):
        fields = SYSTEM.check(action.check).params.model_fields
        # the opponent's side is the only thing the player still has to fill in
        other = {"opponent_characteristic": 5} if "opponent_characteristic" in fields else {}
        report = odds_report("fluid", action.check, {**action.params, **other})
        assert report.outcomes


# -- operations --------------------------------------------------------------------------------


def test_damage_past_res_becomes_a_wound_trait_l1427_1435() -> None:
    change = apply(
        "take_damage", sheet(res=3), damage=5, wound_name="Plaie à la hanche", hinders="AGI,FOR"
    )
    s = change.sheet
    assert s.res == 0 and s.traits[-1].value == 2 and s.traits[-1].origin == "wound"
    assert s.traits[-1].hinders == ["AGI", "FOR"]


def test_a_wound_of_the_same_values_is_one_trait_shared_and_its_name_stays_unique() -> None:
    """The simulator makes a wound per blow (#32): the same wound on two sheets is one Trait,
    made once, as a copied sheet shares its Traits; a second wound of the same name on one
    sheet is still named apart (L1427-1431)."""
    one = apply("take_damage", sheet(res=3), damage=5, wound_name="Plaie").sheet
    two = apply("take_damage", sheet(res=3, notes="autre"), damage=5, wound_name="Plaie").sheet
    assert one.traits[-1] is two.traits[-1] and one.traits[-1].hinders == ["*"]
    again = apply("take_damage", one, damage=5, wound_name="Plaie").sheet
    assert [t.name for t in again.traits[-2:]] == ["Plaie", "Plaie 2"]
    assert again.traits[-1].value == 5


def test_e39_accumulation_through_the_operation_l1471_1477() -> None:
    wounds = [
        {"name": "Œil poché", "value": 2, "kind": "negative", "origin": "wound"},
        {"name": "Cheville foulée", "value": 4, "kind": "negative", "origin": "wound"},
    ]
    ilya = sheet(
        characteristics={"constitution": 3, "volonte": 4, "force": 7, "agilite": 6},
        res=0,
        traits=wounds,
    )
    assert tracks.attribute(ilya, "RES") == 7
    change = apply("take_damage", ilya, damage=3, wound_name="Côte cassée")
    assert "2 désavantage" in change.summary.fr


def test_minion_is_out_at_res_zero_l1645_1649() -> None:
    change = apply("take_damage", sheet(minion=True), damage=12)
    assert change.sheet.res == 0 and not change.sheet.traits
    assert "hors-jeu" in change.summary.fr


def test_joust_damage_comes_off_aura() -> None:
    assert apply("take_damage", sheet(), damage=4, target="AUR").sheet.aur == 6


def test_spend_res_and_characteristic_points_l790_800() -> None:
    s = apply("spend", sheet(), pool="RES", points=4).sheet
    s = apply("spend", s, pool="AGI", points=2).sheet
    assert s.res == 6 and tracks.effective(s, "AGI") == 3
    with pytest.raises(EcranError):
        apply("spend", s, pool="AGI", points=4)


def test_night_rest_l1569_1573() -> None:
    wound = {"name": "Plaie", "value": 2, "kind": "negative", "origin": "wound"}
    s = sheet(res=1, san=2, spent={"AGI": 2}, traits=[wound])
    rested = apply("night_rest", s, characteristic="AGI").sheet
    assert rested.res is None and rested.san is None and rested.spent == {"AGI": 1}
    assert tracks.current(rested, "RES") == 10
    healed = apply("night_rest", s, wound="Plaie").sheet
    assert healed.traits[0].value == 1
    with pytest.raises(EcranError):
        apply("night_rest", s, characteristic="AGI", wound="Plaie")
    both = apply(
        "night_rest", s, characteristic="AGI", wound="Plaie", daily_recovery="one_of_each"
    ).sheet
    assert both.spent == {"AGI": 1} and both.traits[0].value == 1


def test_short_pauses_give_at_most_con_a_day_l1575_1581() -> None:
    s = sheet(res=0, characteristics={"constitution": 2, "volonte": 8})
    for _ in range(3):
        s = apply("short_pause", s, res=2).sheet
    assert s.res == 2 and s.pause_res_today == 2


def test_medicine_once_a_day_l1585_1597() -> None:
    wound = {"name": "Plaie", "value": 3, "kind": "negative", "origin": "wound"}
    s = apply("medicine", sheet(traits=[wound]), wound="Plaie", points=2).sheet
    assert s.traits[0].value == 1 and s.medicine_today
    with pytest.raises(EcranError):
        apply("medicine", s, wound="Plaie", points=1)


def test_survival_operation_records_a_coma_l1509_1511() -> None:
    change = apply(
        "survive",
        sheet(characteristics={"constitution": 4, "force": 6}),
        ScriptedDice(5, 6, 7),
        penalty=2,
    )
    assert change.resolution.outcome == "coma" and change.sheet.condition.coma_days == 2


def test_e41_shock_excess_becomes_a_trait_l1543_1559() -> None:
    s = apply("lose_sanity", sheet(san=0), loss=6, trait_name="Trahi par Jomba").sheet
    assert s.traits[-1].name == "Trahi par Jomba" and s.traits[-1].value == 6


def test_experience_costs_l1947_1955() -> None:
    s = apply("award_xp", sheet(xp=10), xp=3).sheet
    s = apply("advance", s, kind="characteristic", target="FOR").sheet
    assert s.characteristics.force == 6 and s.advances[-1].xp == 12  # 5 → 6 costs 12
    assert SYSTEM.validate(s) == []  # creation values are still 40 points
    with pytest.raises(EcranError):
        apply("advance", s, kind="characteristic", target="FOR")
    t = sheet(xp=3, traits=[{"name": "Épée", "value": 2}])
    t = apply("advance", t, kind="trait", target="Épée").sheet
    assert t.traits[0].value == 3 and t.advances[-1].xp == 3
    assert rules_broken(t) == []


def test_e55_temporary_trait_l237_241() -> None:
    s = apply(
        "add_trait", sheet(), name="Moral d'acier", value=3, kind="positive", duration="3 jours"
    ).sheet
    assert s.traits[-1].origin == "temporary" and s.traits[-1].duration == "3 jours"
    assert rules_broken(s) == []


def test_equipment_wears_at_twice_its_score_l1403_1409() -> None:
    s = sheet(equipment={"armour": 2})
    assert apply("damage_equipment", s, item="armour", points=3).sheet.equipment.armour == 2
    assert apply("damage_equipment", s, item="armour", points=4).sheet.equipment.armour == 1


def test_initiative_less_gear_l975_979() -> None:
    s = sheet(equipment={"weapon": 2, "armour": 1, "shield": 1})
    result = SYSTEM.initiative(s, Roller(1))
    assert result.total == 10 - 2 - 1 - 1 and result.details["movement"] == 6
