"""Other damage, poisons, diseases, drugs and the aftermath of a battle as operations, replayed
on the seed's examples with chosen dice."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.engine import get_system
from ecran.systems.organique.sheet import OrganiqueSheet
from ecran.systems.organique.tracks import effective, heat_save_penalty

SYSTEM = get_system("organique")


def sheet(stats: dict[str, int] | None = None, **update: Any) -> OrganiqueSheet:
    base = SYSTEM.new_character("Test").model_dump()
    chars = {k: 10 for k in ("AGI", "PER", "CHA", "END", "INT", "VIT", "FOR", "VOL")}
    chars.update(stats or {})
    base.update(characteristics=chars, endurance=chars["END"])
    base.update(update)
    return OrganiqueSheet.model_validate(base)


def run(op_name: str, s: OrganiqueSheet, faces: tuple[int, ...], dice: Any, **values: Any) -> Any:
    op = SYSTEM.operation(op_name)
    source = dice(*faces)
    change = op.apply(s, op.params.model_validate(values), source)
    assert source.exhausted, "every scripted die was used"
    return change


def health(sng: float = 4, cps: float = 4, inc: float = 4) -> dict[str, float]:
    return {"sng_max": 5, "cps_max": 5, "inc_max": 6, "sng": sng, "cps": cps, "inc": inc}


# --- drugs: Lulu and the painkillers (L999-1044) ---------------------------------------------


def test_lulu_dependence_and_withdrawal_schedule_L999_1044(dice: Any) -> None:
    """10 pills: END + 1d20 against 5 + 10 fails, VOL + 1d20 against 1 + 10 fails. Withdrawal
    tests (against 20) on days 1, 3, 7, 15 pass; after 20 days no physical dependence; day 31
    passes and the next test is on day 63. Two weeks before it a forced test fails, she takes a
    dose: a new physical save against 5 + 1 passes, the psychological clock restarts."""
    lulu = sheet({"END": 9, "VOL": 8})
    taken = run("take_drug", lulu, (2, 1), dice, drug="painkillers", doses=10)
    kinds = {a.kind: a for a in taken.sheet.addictions}
    assert set(kinds) == {"physical", "psychological"}
    assert taken.resolution.details["physical_difficulty"] == 15
    assert taken.resolution.details["psychological_difficulty"] == 11

    s = taken.sheet
    for day, faces in ((1, (15, 15)), (3, (15, 15)), (7, (15, 15)), (15, (15, 15))):
        change = run("withdrawal", s, faces, dice, drug="painkillers")
        assert change.resolution.details["physical_difficulty"] == 20
        assert all(a.days_clean == day for a in change.sheet.addictions)
        s = change.sheet
    assert {a.next_test_day for a in s.addictions} == {31}
    s = run("withdrawal", s, (15,), dice, drug="painkillers").sheet  # physical is over
    (psych,) = s.addictions
    assert (psych.kind, psych.days_clean, psych.next_test_day) == ("psychological", 31, 63)

    craving = run("withdrawal", s, (3,), dice, drug="painkillers", forced=True, day=49)
    assert craving.resolution.outcome == "craving"
    relapse = run("take_drug", craving.sheet, (10,), dice, drug="painkillers")
    assert relapse.resolution.details["physical_difficulty"] == 6
    (psych,) = relapse.sheet.addictions
    assert (psych.days_clean, psych.next_test_day, psych.craving) == (0, 1, False)


def test_failed_withdrawal_without_the_drug_retests_within_the_hour_L993_997(dice: Any) -> None:
    s = sheet({"VOL": 0, "END": 0})
    s = run("take_drug", s, (1, 1), dice, drug="painkillers").sheet
    failed = run("withdrawal", s, (2, 2), dice, drug="painkillers")
    assert all(a.next_test_day == pytest.approx(1 + 1 / 24) for a in failed.sheet.addictions)


def test_unknown_drug_needs_gm_numbers(cli: Any, dice: Any) -> None:
    from ecran.rules import EcranError

    with pytest.raises(EcranError):
        run("take_drug", sheet(), (), dice, drug="zoom")


# --- disease: Marcos' infected wound (L1090-1129) -------------------------------------------


def test_marcos_infection_L1090_1129(dice: Any) -> None:
    """Infection: contraction 20, progression 20 every 12 h; END 7. Fails at 12 h (level 1) and
    24 h (level 2): −20 to heat saves, −10 FOR, −10 VIT, 2 bs in all, vomiting at 20. With
    antibiotics (+8) END 7 + 8 + d20 against 20 succeeds: stopped. A later failure does
    nothing; a success takes it to 1, another cures him (immunity +10)."""
    marcos = sheet({"END": 7, "VIT": 8, "FOR": 12}, health=health(sng=5))
    s = run("disease_contract", marcos, (3, 15), dice).sheet
    (d,) = s.diseases
    assert (d.level, s.health.sng) == (1, 4)
    s = run("disease_progress", s, (3, 15), dice).sheet
    (d,) = s.diseases
    assert (d.level, s.health.sng) == (2, 3)
    assert heat_save_penalty(s) == 20
    stats = effective(s)
    assert (stats["FOR"], stats["VIT"]) == (2, -2)  # VIT 8 − 10: he cannot move
    s = run("disease_treat", s, (), dice, bonus=8).sheet
    stopped = run("disease_progress", s, (5,), dice)
    assert stopped.resolution.details["total"] == 7 + 8 + 5
    assert stopped.resolution.outcome == "stopped"
    s = run("disease_progress", stopped.sheet, (1,), dice).sheet
    assert s.diseases[0].level == 2
    s = run("disease_progress", s, (10,), dice).sheet
    assert s.diseases[0].level == 1
    cured = run("disease_progress", s, (10,), dice)
    assert cured.resolution.outcome == "cured"
    assert cured.sheet.diseases == [] and cured.sheet.immunities == ["wound_infection"]


def test_vomiting_save_scales_with_the_level_L1104_1110(dice: Any) -> None:
    s = sheet({"END": 0, "VOL": 5})
    s = run("disease_contract", s, (1, 4), dice).sheet  # VOL 5 + 4 < 10: vomiting
    assert "vomiting" in s.conditions
    change = run("disease_progress", s, (1, 20), dice)
    assert change.resolution.details["vomiting_difficulty"] == 20


def test_fever_save_reading_A27(dice: Any) -> None:
    s = sheet({"END": 15})
    s = run("disease_contract", s, (1, 20, 20), dice, fever_save=True).sheet
    assert heat_save_penalty(s) == 0


def test_disease_progression_odds_by_hand(odds: Any) -> None:
    """Before a first success: failure worsens, success stops; after: failure does nothing,
    success improves or cures at level 1."""
    from fractions import Fraction

    fresh = odds("disease_progression", endurance=7, difficulty=20, level=2)
    p = Fraction(sum(1 for f in range(1, 21) if 7 + f >= 20), 20)
    assert (fresh["stopped"], fresh["worsens"]) == (p, 1 - p)
    last = odds("disease_progression", endurance=7, treatment=8, level=1, stopped=True)
    q = Fraction(sum(1 for f in range(1, 21) if 15 + f >= 20), 20)
    assert (last["cured"], last["unchanged"], last["improves"]) == (q, 1 - q, 0)


# --- poison: Ying and the blade poison (L3861-3867, L3941-3947, L4019-4026) ------------------


def test_ying_poison_one_then_two_doses_L3941_3947_L4019_4026(dice: Any) -> None:
    """One dose: 1 bs, vomiting save VOL 18 against 20 (passes), shock END 7 against 20
    (passes), −7 to actions, +7 to pain saves. Two doses: 2 bs, vomiting at 40 fails, shock
    fails: characteristics halved, −14."""
    ying = sheet({"VOL": 18, "END": 8, "AGI": 14}, endurance=7, health=health(sng=4))
    one = run("poison_round", ying, (10, 15), dice, poison="blade_poison")
    assert one.sheet.health.sng == 3
    assert (
        one.resolution.details["vomiting_difficulty"],
        one.resolution.details["shock_difficulty"],
    ) == (20, 20)
    (effect,) = one.sheet.effects
    assert (effect.actions, effect.pain_saves) == (-7, 7)
    two = run("poison_round", one.sheet, (10, 5), dice, poison="blade_poison", doses=2)
    assert two.resolution.details["vomiting_difficulty"] == 40
    assert two.sheet.health.sng == 1
    assert "vomiting" in two.sheet.conditions
    assert two.sheet.endurance == 0
    assert effective(two.sheet)["AGI"] == 7
    assert next(e for e in two.sheet.effects if e.name == "blade_poison").actions == -14


def test_drake_fungus_quick_version_L4164_4167(dice: Any) -> None:
    s = run("poison_round", sheet(health=health(sng=4)), (), dice, poison="drake_fungus", doses=2)
    assert s.sheet.health.sng == 2
    assert s.sheet.effects[0].actions == -20


# --- after the battle (L3669-3711, L4107-4118) -----------------------------------------------


@pytest.mark.parametrize(("bs", "pain", "infection"), [(3, 15, 30), (4, 20, 30), (1, 5, 10)])
def test_after_battle_pain_and_infection_L3686_3711_L4113_4118(
    dice: Any, bs: float, pain: int, infection: int
) -> None:
    """Hammerhead 3 bs → pain 15; Tyra 4 bs → 20; infection 10 per bs point, at most 30."""
    s = sheet({"VOL": 10, "END": 10}, health=health(sng=5))
    s = run("take_hit", s, (), dice, bs=bs).sheet
    assert s.battle_bs == bs
    change = run("after_battle", s, (20, 20), dice)
    assert change.resolution.details["pain_difficulty"] == pain
    assert change.resolution.details["contraction_difficulty"] == infection
    assert change.sheet.bleeding_bs == bs and change.sheet.battle_bs == 0


def test_clean_care_cancels_the_aftermath_L3672_3679(dice: Any) -> None:
    s = run("take_hit", sheet(health=health(sng=5)), (), dice, bs=3).sheet
    change = run("after_battle", s, (), dice, care="clean")
    assert (change.sheet.bleeding_bs, change.sheet.suffering, change.sheet.diseases) == (0, 0, [])


def test_haemorrhage_half_sng_per_bs_every_15_min_L3681_3684(dice: Any) -> None:
    s = sheet(health=health(sng=5), bleeding_bs=2)
    bled = run("haemorrhage", s, (), dice, minutes=30)
    assert bled.sheet.health.sng == 3
    assert run("close_wounds", bled.sheet, (), dice).sheet.bleeding_bs == 0


def test_dirty_wound_hinders_the_infection_save_L802_806(dice: Any) -> None:
    s = run("take_hit", sheet(health=health(sng=5)), (), dice, bs=2, dirty=True).sheet
    assert s.infection_malus == 10
    change = run("after_battle", s, (20, 5, 20), dice)
    assert change.resolution.details["contraction_total"] == 10 - 10 + 5


# --- other damage (L724-830) -----------------------------------------------------------------


def test_fire_per_point_L726_735(dice: Any) -> None:
    """2 fire points: 2 bs, suffering at 20, shock at 10, −10 to later disease saves."""
    s = sheet({"VOL": 10, "END": 10}, health=health(sng=5))
    change = run("fire", s, (5, 15), dice, points=2)
    d = change.resolution.details
    assert (d["suffering_difficulty"], d["shock_difficulty"]) == (20, 10)
    assert change.sheet.suffering == 5
    assert change.sheet.health.sng == 3 and change.sheet.infection_malus == 10


def test_electricity_per_point_and_burns_L753_762(dice: Any) -> None:
    """4 electric points: paralysis at 80, unconsciousness at 40 (VOL+END), cardiac arrest at
    20 (END), and 1 point of fire."""
    s = sheet({"VOL": 10, "END": 10}, health=health(sng=5))
    change = run("electricity", s, (20, 20, 20, 20, 20), dice, points=4)
    d = change.resolution.details
    assert (d["paralysis_difficulty"], d["unconsciousness_difficulty"]) == (80, 40)
    assert d["cardiac_arrest_difficulty"] == 20
    assert {"paralysed", "unconscious"} <= set(change.sheet.conditions)
    assert change.sheet.health.sng == 4  # the burn
    assert SYSTEM.actions(change.sheet)[0].check == "save"  # nothing but saves


def test_cold_halves_then_wounds_L737_741(dice: Any) -> None:
    s = sheet(health=health(sng=5))
    first = run("cold", s, (1,), dice, difficulty=20).sheet
    assert effective(first)["INT"] == 5
    second = run("cold", first, (1,), dice, difficulty=20).sheet
    assert second.health.sng == 4


def test_heat_failure_wounds_and_fever_counts_L785_789(dice: Any) -> None:
    s = sheet(health=health(sng=5))
    assert run("heat", s, (10,), dice, difficulty=20).sheet.health.sng == 5
    assert run("heat", s, (9,), dice, difficulty=20).sheet.health.sng == 4


def test_radiation_is_permanent_L794_800(dice: Any) -> None:
    s = sheet(health=health(sng=5))
    change = run("radiation", s, (20, 20, 100), dice, points=2)
    assert (change.sheet.health.sng, change.sheet.health.sng_max) == (3, 3)
    stats = effective(change.sheet)
    assert (stats["END"], stats["INT"], stats["PER"]) == (6, 8, 8)
    assert change.resolution.details["vomiting_difficulty"] == 20
    cancer = run("radiation", s, (20, 20, 50), dice, points=2)
    assert any(e.name == "cancer" for e in cancer.sheet.effects)


def test_suffocation_drains_end_then_sng_and_comes_back_L824_829(dice: Any) -> None:
    s = sheet({"END": 3}, health=health(sng=5))
    held = run("suffocate", s, (), dice, rounds=5).sheet
    assert (held.endurance, held.health.sng) == (0, 3)
    back = run("breathe", held, (), dice, rounds=3).sheet
    assert (back.health.sng, back.endurance) == (5, 1)


def test_choke_hold_drains_sng_directly_unless_general_reading_A24(dice: Any) -> None:
    s = sheet({"END": 3}, health=health(sng=5))
    hold = run("suffocate", s, (), dice, rounds=2, cause="choke_hold").sheet
    assert (hold.endurance, hold.health.sng) == (3, 3)
    general = run(
        "suffocate", s, (), dice, rounds=2, cause="choke_hold", choke_drain="general"
    ).sheet
    assert (general.endurance, general.health.sng) == (1, 5)


def test_hunger_thirst_and_sleep_L791_792_L816_830(dice: Any) -> None:
    s = sheet(health=health(sng=5))
    fasting = run("hunger_thirst", s, (), dice, days_without_food=2, days_without_water=1).sheet
    assert fasting.health.sng == 3.5 and effective(fasting)["END"] == 2
    awake = run("sleep_loss", s, (20, 20), dice, days=2)
    assert effective(awake.sheet)["PER"] == 4
    d = awake.resolution.details
    assert (d["hallucination_difficulty"], d["unconsciousness_difficulty"]) == (6, 30)


def test_toxin_on_endurance_then_blood_L777_781(dice: Any) -> None:
    s = sheet({"END": 2}, health=health(sng=5))
    assert run("endurance_damage", s, (), dice, points=3).sheet.health.sng == 4


def test_fall_tumble_object_and_swarm_operations(dice: Any) -> None:
    """Fall 2 floors, AGI 10 + 5 avoids 1 (L190-194); a tumble at 60 is 3 bs + 3 c
    (L812-814); a swarm of 10 against coverage 10: half attack (L3563-3567)."""
    s = sheet(health=health(sng=5, cps=5))
    fell = run("fall", s, (5,), dice, characteristic=10, floors=2)
    assert fell.sheet.health.cps == 2
    tumbled = run("impact", s, (), dice, speed=60).sheet
    assert (tumbled.health.sng, tumbled.health.cps) == (2, 2)
    armoured = sheet(health=health(sng=5), armour=[{"name": "Cuir", "coverage": 10, "bs": 3}])
    stung = run("swarm", armoured, (), dice, creatures=10, bs_each=0.5).sheet
    assert stung.health.sng == 2.5


def test_end_effect_and_unknown_effect(dice: Any) -> None:
    from ecran.rules import EcranError

    s = run("poison_round", sheet(), (), dice, poison="drake_fungus").sheet
    assert run("end_effect", s, (), dice, name="drake_fungus").sheet.effects == []
    with pytest.raises(EcranError):
        run("end_effect", s, (), dice, name="grippe")


def test_effects_feed_the_odds_of_every_action(dice: Any) -> None:
    """A poison's −7 lowers the strike and the pain save gains +7 (L3861-3867)."""
    poisoned = run("poison_round", sheet(), (20, 20), dice, poison="blade_poison").sheet
    strike = next(a for a in SYSTEM.actions(poisoned) if a.params.get("action") == "strike")
    assert strike.params["modifier"] == -7
    pain = next(a for a in SYSTEM.actions(poisoned) if a.params.get("kind") == "suffering")
    assert pain.params["modifier"] == 7
