"""Play state: NIFIMO penalties, recovery tables, aggravation, healing, experience, combat
operations and initiative. Worked examples cite seed lines or artemis-site.md sections."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.rules import Change, EcranError
from ecran.systems.artemis import tables, tracks
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.testing import ScriptedDice

SYSTEM = get_system("artemis")


def character(**changes: Any) -> ArtemisSheet:
    data = SYSTEM.new_character("Julie").model_dump()
    for key, value in changes.items():
        data[key] = {**data[key], **value} if isinstance(data.get(key), dict) else value
    return ArtemisSheet.model_validate(data)


def apply(sheet: ArtemisSheet, name: str, values: dict[str, Any], *faces: int) -> Change[Any]:
    op = SYSTEM.operation(name)
    dice = ScriptedDice(*faces) if faces else Roller(1)
    return op.apply(sheet, op.params.model_validate(values), dice)


# -- gêne, NIFIMO columns -------------------------------------------------------------------------


def test_ex10_pressurised_protection_adds_one_gene_L359_362() -> None:
    """EX10: pressurised safety suit 3 gênes; pressurised reinforced exoskeleton 6."""
    assert tracks.armour_gene("combinaison_securite", True) == 3
    assert tracks.armour_gene("exosquelette_renforce", True) == 6
    assert [tracks.armour_gene(a.id, False) for a in tables.combat().armour] == [0, 1, 2, 3, 4, 5]


@pytest.mark.parametrize(
    ("marks", "malus"), [(0, 0), (3, 0), (4, 1), (6, 1), (7, 2), (9, 2), (10, 4), (40, 4)]
)
def test_nifimo_columns_0_1_2_4_with_three_boxes(marks: int, malus: int) -> None:
    """L688: the columns carry 0, -1, -2, -4; three boxes each is the labelled house rule."""
    assert tracks.column_malus(marks, 3) == malus


def test_nifimo_lines_add_up_or_take_the_worst() -> None:
    hurt = {"blessure": {"light": 4}, "fatigue": {"serious": 7}}
    assert tracks.malus(character(nifimo=hurt)) == 1 + 2
    worst = character(nifimo=hurt, nifimo_aggregate="worst")
    assert tracks.malus(worst) == 2
    exo = character(armour="exosquelette_renforce", pressurised=True)  # 6 gênes
    assert tracks.line_marks(exo)["gene"] == 6 and tracks.malus(exo) == 1


# -- recovery tables -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("minutes", "removed"), [(4, 0), (5, 1), (9, 1), (10, 4), (15, 6), (60, 6)]
)
def test_ex20_rest_with_six_light_fatigues_L326_329(minutes: int, removed: int) -> None:
    """EX20: 5 / 10 / 15 minutes remove 1 / 4 / all light fatigues."""
    tired = character(nifimo={"fatigue": {"light": 6}})
    after = apply(tired, "rest", {"duration": minutes}).sheet
    assert after.nifimo.fatigue.light == 6 - removed


@pytest.mark.parametrize(("hours", "removed"), [(1, 0), (2, 1), (4, 2), (6, 4), (8, 6), (10, 8)])
def test_ex21_sleep_with_eight_serious_fatigues_L333_338(hours: int, removed: int) -> None:
    """EX21: 2 / 4 / 6 / 8 / 10 consecutive hours remove 1 / 2 / 4 / 6 / all."""
    tired = character(nifimo={"fatigue": {"serious": 8}})
    assert apply(tired, "sleep", {"duration": hours}).sheet.nifimo.fatigue.serious == 8 - removed


def test_sleep_lockout_and_holiday_L339_347() -> None:
    assert tracks.sleep_lockout_hours(6) == 3 and tracks.sleep_lockout_hours(5) == 0
    worn = character(nifimo={"fatigue": {"permanent": 3}})
    assert apply(worn, "holiday", {"duration": 50}).sheet.nifimo.fatigue.permanent == 1


def test_site_s9_natural_fatigue() -> None:
    """Site §2.5 rule text: serious fatigue at 8 h and 12 h awake, then every 2 h."""
    assert [tracks.natural_fatigue(h) for h in (7, 8, 11, 12, 14, 16)] == [0, 1, 1, 2, 3, 4]


# -- aggravation and healing -------------------------------------------------------------------


@pytest.mark.parametrize(("force", "minutes"), [(1, 10), (2, 15), (3, 20), (4, 30), (5, 60)])
def test_ex11_aggravation_time_by_force_L382_384(force: int, minutes: int) -> None:
    """EX11."""
    assert tables.aggravation_time(force) == minutes


def test_ex12_catalepsy_counts_hours_L375_384() -> None:
    """EX12: Force 3 in catalepsy or hibernation -> 20 hours."""
    step = tracks.aggravation(3, 45, True, serious=1, light=0)
    assert (step.interval, step.unit, step.new_serious) == (20, "hours", 2)


@pytest.mark.parametrize(("force", "serious", "minutes", "after"), [(3, 2, 45, 4), (1, 1, 25, 3)])
def test_site_s5_s6_aggravation(force: int, serious: int, minutes: int, after: int) -> None:
    """Site S5 (Force 3, 2 serious, 45 min -> 4) and S6 (Force 1, 25 min -> +2)."""
    hurt = character(characteristics={"force": force}, nifimo={"blessure": {"serious": serious}})
    assert apply(hurt, "aggravate", {"elapsed": minutes}).sheet.nifimo.blessure.serious == after


def test_stabilised_or_light_only_wounds_do_not_aggravate() -> None:
    light = character(nifimo={"blessure": {"light": 2}})
    assert apply(light, "aggravate", {"elapsed": 100}).sheet.nifimo.blessure.serious == 0
    reading = apply(light, "aggravate", {"elapsed": 100, "needs_serious": False}).sheet
    assert reading.nifimo.blessure.serious == 10
    treated = apply(character(nifimo={"blessure": {"serious": 2}}), "stabilise", {}).sheet
    assert apply(treated, "aggravate", {"elapsed": 600}).sheet.nifimo.blessure.serious == 2


def test_site_s12_pod_convalescence() -> None:
    """Site S12: 3 stabilised wounds, 24 h in a pod on convalescence -> all gone."""
    hurt = character(nifimo={"blessure": {"light": 1, "serious": 2, "stabilised": True}})
    healed = apply(hurt, "convalesce", {"pod_hours": 24}).sheet.nifimo.blessure
    assert (healed.light, healed.serious) == (0, 0)
    slow = apply(hurt, "convalesce", {"days": 40}).sheet.nifimo.blessure
    assert (slow.light, slow.serious) == (1, 1)
    with pytest.raises(EcranError):
        apply(character(nifimo={"blessure": {"serious": 1}}), "convalesce", {"days": 90})


# -- combat operations -------------------------------------------------------------------------


def test_hit_applies_ex5_to_the_sheet_L714_725() -> None:
    """EX5 as an operation: combat suit, Résistance 5, Flamberge, die 4 -> // on the NIFIMO."""
    suited = character(armour="combinaison_combat", scores={"resistance": 5})
    change = apply(suited, "hit", {"category": 5}, 4)
    assert (change.sheet.nifimo.blessure.light, change.sheet.nifimo.blessure.serious) == (2, 0)
    assert suited.nifimo.blessure.light == 0  # the input sheet is not changed


def test_hit_on_exoskeleton_short_circuit_and_death() -> None:
    exo = character(armour="exosquelette", scores={"resistance": 4})
    change = apply(exo, "hit", {"category": 2, "short_circuit": True}, 3)
    assert change.sheet.nifimo.gene_extra == 1
    dead = apply(character(), "hit", {"category": 5, "total_attack": True})
    assert dead.sheet.nifimo.lethal == "dead"


def test_force_defence_costs_one_light_fatigue_L756_759() -> None:
    assert apply(character(), "force_defence", {}).sheet.nifimo.fatigue.light == 1


def test_initiative_is_rolled_each_turn() -> None:
    """L729 + website §3.1: Acrobatie + Réaction + die, minus the NIFIMO malus."""
    fighter = character(scores={"acrobaties": 4, "reaction": 5}, nifimo={"fatigue": {"light": 4}})
    result = SYSTEM.initiative(fighter, ScriptedDice(3))
    assert result.total == 4 + 5 + 3 - 1


# -- tests with costs: privilege, XP, NIFIMO, calm ----------------------------------------------


def test_privilege_needs_professionnel_and_costs_a_serious_fatigue_L46_53() -> None:
    with pytest.raises(EcranError):
        apply(character(), "skill_test", {"skill": "esquive", "professional": True})
    pro = character(levels={"esquive": "professionnel"}, scores={"esquive": 6})
    change = apply(pro, "skill_test", {"skill": "esquive", "professional": True}, 2, 5)
    assert change.sheet.nifimo.fatigue.serious == 1
    assert change.resolution is not None and change.resolution.details["die"] == 5


def test_xp_force_is_spent_recorded_and_limited_L29_39() -> None:
    sheet = character(experience={"total": 10, "used": 0}, scores={"esquive": 3})
    values = {"skill": "esquive", "difficulty": 9, "spend_on": "failure"}
    for spent in (1, 2, 3):
        change = apply(sheet, "skill_test", values, 1, 4, 2)  # 1 then 4: total 4, failure
        sheet = change.sheet
        assert change.resolution is not None and change.resolution.details["xp_spent"]
        assert (sheet.experience.used, sheet.experience.forced_this_scenario) == (spent, spent)
    fourth = apply(sheet, "skill_test", values, 1, 4)
    assert fourth.sheet.experience.used == 3  # the fourth time is refused: a plain test
    assert SYSTEM.validate(fourth.sheet) == []
    reset = apply(fourth.sheet, "new_scenario", {}).sheet
    assert reset.experience.forced_this_scenario == 0


def test_nifimo_and_calm_tests_mark_their_line() -> None:
    pc = character(scores={"endurance": 5, "calme": 5})
    assert apply(pc, "nifimo_test", {"track": "fatigue"}, 4).sheet.nifimo.fatigue.light == 1
    harsh = apply(pc, "nifimo_test", {"track": "fatigue", "extra_serious": 2}, 2).sheet
    assert harsh.nifimo.fatigue.serious == 3
    assert apply(pc, "calm_test", {}, 2).sheet.nifimo.stress.serious == 1
    with pytest.raises(EcranError):
        apply(SYSTEM.random_npc(Roller(1)), "calm_test", {})


def test_soothe_and_fear_fade() -> None:
    stressed = character(nifimo={"stress": {"light": 3}})
    soothed = apply(stressed, "soothe", {"soother_skill": 8, "adjacent": False}, 2).sheet
    assert soothed.nifimo.stress.light == 2  # D 10, total 10: uncertainty, die 2 -> one
    afraid = character(nifimo={"peur": {"light": 2, "serious": 1}})
    assert apply(afraid, "fear_fades", {"days": 9}).sheet.nifimo.peur.light == 2
    assert apply(afraid, "fear_fades", {"days": 10}).sheet.nifimo.peur.light == 0
    with pytest.raises(EcranError):
        apply(afraid, "fear_fades", {"days": 50, "release_serious": True})
    assert (
        apply(
            afraid, "fear_fades", {"days": 100, "release_serious": True}
        ).sheet.nifimo.peur.serious
        == 0
    )


def test_experience_awards_and_mental_balance() -> None:
    """Site §8 (S13: medium scenario, 2 XP a session over 4 sessions -> 17-18) and §7.1."""
    sheet = character()
    for _ in range(4):
        sheet = apply(sheet, "award_xp", {"session": 2}).sheet
    sheet = apply(sheet, "award_xp", {"scenario": 9, "scenario_length": "medium"}).sheet
    assert sheet.experience.total == 17
    with pytest.raises(EcranError):
        apply(sheet, "award_xp", {"scenario": 12, "scenario_length": "short"})
    sheet = apply(sheet, "balance_event", {"event": "first_death"}).sheet
    sheet = apply(sheet, "balance_event", {"event": "assassination"}).sheet
    assert sheet.balance == -3


def test_every_operation_is_documented() -> None:
    for op in SYSTEM.operations:
        assert op.title.fr and op.title.en and op.sources, op.name


def test_psy_power_pays_its_fatigue_L199_297() -> None:
    """Tracing costs 1 permanent fatigue (L202-203); attracting in the uncertainty zone costs
    2 light (L209-211); a successful invocation of 2 objects costs 2 permanent (L294-295)."""
    empath = character(
        levels={"esquisse": "confirme", "invocation": "expert"},
        scores={"esquisse": 6, "invocation": 8},
    )
    traced = apply(empath, "psy_power", {"power": "sketch_trace"}, 3).sheet
    assert traced.nifimo.fatigue.permanent == 1
    attracted = apply(empath, "psy_power", {"power": "sketch_attract", "count": 1}, 2).sheet
    assert attracted.nifimo.fatigue.light == 2  # 6 + 2 = 8 against 8: uncertainty
    invoked = apply(empath, "psy_power", {"power": "invocation", "count": 2}, 4).sheet
    assert invoked.nifimo.fatigue.permanent == 2  # 8 + 4 = 12 against 9: success


def test_encounter_helpers_feed_the_checks() -> None:
    from ecran.systems.artemis import encounter

    blade = {
        "name": "Épée",
        "level": "confirme",
        "score": 5,
        "category": "moyenne",
        "attack": 5,
        "parry": 4,
        "aggressive_attack": 7,
        "aggressive_parry": 2,
    }
    a = character(weapons=[blade])
    d = character(weapons=[{**blade, "parry": 6}], nifimo={"fatigue": {"light": 4}})
    params = encounter.attack_params(a, d, attacker_attitude="agressive", precise=True)
    assert params == {"attack": 7, "parry": 6, "attack_malus": 0, "parry_malus": 1, "precise": True}
    check = SYSTEM.check("attack")
    assert check.distribution(check.parse(params)).total == 1
    with pytest.raises(EcranError):
        encounter.attack_params(a, d, defender_attitude="defensive")
    assert encounter.hit_params(a, head=True) == {"category": 4, "head": True}
    assert encounter.dodge_params(d, "confined", 2)["malus"] == 1
