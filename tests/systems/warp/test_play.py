"""Play state: recovery, healing, experience, charges, and the other checks' odds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.rules import EcranError
from ecran.systems.warp.sheet import SeriousWound, WarpSheet
from ecran.systems.warp.tracks import recharge_hours, recovered_hp
from support import assert_rolls_match_odds

WARP = get_system("warp")


def apply(sheet: WarpSheet, op: str, **params: object) -> WarpSheet:
    operation = WARP.operation(op)
    change = operation.apply(sheet, operation.params.model_validate(params), Roller(1))
    assert isinstance(change.sheet, WarpSheet)
    return change.sheet


def pc(max_hp: int = 22) -> WarpSheet:
    return WarpSheet(name="X", max_hp=max_hp)


def test_e22_recovery_midpoint_with_the_last_recovered_level_l3519_3537() -> None:
    """E22: 22 HP; -10 -> 12; recover -> 17; -10 -> 7; recover -> 12 (not 22's midpoint)."""
    sheet = apply(pc(), "take_damage", damage=10)
    assert sheet.hp() == 12
    sheet = apply(sheet, "recover")
    assert sheet.hp() == 17
    sheet = apply(apply(sheet, "take_damage", damage=10), "recover")
    assert sheet.hp() == 12


def test_e23_two_small_wounds_versus_one_big_l3539_3555() -> None:
    """E23: 22 -> 15 -> 19 -> 12 -> 16 (two 7s) vs 22 -> 8 -> 15 (one 14)."""
    sheet = pc()
    for _ in range(2):
        sheet = apply(apply(sheet, "take_damage", damage=7), "recover")
    assert sheet.hp() == 16
    assert apply(apply(pc(), "take_damage", damage=14), "recover").hp() == 15
    assert recovered_hp(8, 22, Fraction(2, 3)) == 18  # the GM's 2/3 (L3575-3591)


def test_taser_damage_counts_then_all_returns() -> None:
    sheet = apply(pc(), "take_damage", damage=15, temporary=True)
    assert sheet.hp() == 7
    assert apply(sheet, "recover").hp() == 22
    assert sheet.model_copy(update={"taser_damage_counts": False}).hp() == 22


def test_healing_table_and_serious_wounds() -> None:
    sheet = apply(pc(), "take_damage", damage=10)
    assert apply(sheet, "heal", activity="medical", days=3).hp() == 18  # 2 a day
    assert apply(sheet, "heal", activity="rest", days=3).hp() == 15  # 1 a day
    down = apply(pc(), "take_damage", damage=24)  # HP -2: bedridden
    assert apply(down, "heal", activity="rest", days=4).hp() == 0  # 1/2 a day
    badly = sheet.model_copy(update={"serious_wounds": [SeriousWound()]})
    assert apply(badly, "heal", activity="rest", days=4).hp() == 14  # half speed
    fatal = sheet.model_copy(update={"serious_wounds": [SeriousWound(kind="fatal", daily_loss=3)]})
    assert apply(fatal, "heal", activity="rest", days=2).hp() == 6


def test_serious_wound_option_records_big_hits() -> None:
    rule = pc().model_copy(update={"serious_wounds_rule": True})
    assert apply(rule, "take_damage", damage=20).serious_wounds
    assert not apply(pc(), "take_damage", damage=20).serious_wounds
    assert not apply(rule, "take_damage", damage=19).serious_wounds


def test_experience_dice_once_per_session_one_per_roll() -> None:
    sheet = pc().model_copy(update={"experience_pool": 2, "experience_earned": 1})
    with pytest.raises(EcranError):
        apply(sheet, "use_experience", dice=2)
    multiple = sheet.model_copy(update={"multiple_experience_dice": True})
    assert apply(multiple, "use_experience", dice=2).experience_used == 2
    once = apply(apply(sheet, "use_experience"), "use_experience")
    with pytest.raises(EcranError):
        apply(once, "use_experience")
    assert apply(once, "new_session").experience_used == 0


def test_e33_four_dice_buy_two_charges_l5117_5127() -> None:
    sheet = pc().model_copy(update={"experience_pool": 5, "experience_earned": 4, "spells": ["x"]})
    sheet = apply(apply(sheet, "buy_charge"), "buy_charge")
    assert (sheet.psychic_pool, sheet.experience_pool, sheet.experience_spent) == (2, 1, 4)


def test_e35_six_charges_one_every_four_hours_l5202_5206() -> None:
    assert recharge_hours(6) == 4
    sheet = pc().model_copy(update={"psychic_pool": 6, "psychic_charges": 0, "spells": ["x"]})
    assert apply(sheet, "recharge", hours=8).psychic_charges == 2


def test_e37_spell_study_costs_twenty_dice_then_a_charge_l6004_6058() -> None:
    """E37: four weeks at 5 dice, success in week 4, a free charge, one bought: 22 dice."""
    sheet = pc().model_copy(update={"experience_pool": 23, "experience_earned": 22})
    for week in range(3):
        sheet = apply(sheet, "study_spell", spell="stone_grip")
        assert sheet.spell_study["stone_grip"] == week + 1
    sheet = apply(sheet, "study_spell", spell="stone_grip", learned=True)
    assert sheet.psychic_pool == 1
    sheet = apply(sheet, "buy_charge")
    assert sheet.experience_spent == 22
    assert sheet.psychic_pool == 2


def test_raise_trait_costs() -> None:
    from ecran.systems.warp.sheet import Trait

    sheet = pc().model_copy(
        update={
            "experience_pool": 30,
            "secondary_1": Trait(name="a", sign="b", score=3),
            "central": Trait(name="c", sign="d", score=3),
        }
    )
    with pytest.raises(EcranError):
        apply(sheet, "raise_trait", trait="secondary_1")  # 4 needs training
    assert apply(sheet, "raise_trait", trait="secondary_1", trained=True).experience_pool == 20
    assert apply(sheet, "raise_trait", trait="central", trained=True).experience_pool == 10


def odds(check: str, **params: object) -> dict[str, Fraction]:
    c = WARP.check(check)
    dist = c.distribution(c.parse(params))
    assert dist.total == 1
    return {n: dist.probability(n) for n in c.outcome_names()}


def test_learning_a_power_needs_a_six_l4961_4975() -> None:
    assert odds("learn_power", experience_dice=2)["success"] == 1 - Fraction(25, 36)
    with_null = odds("learn_power", experience_dice=1, psi_null=True)
    assert with_null["psi_null"] == Fraction(1, 6)
    assert with_null["success"] == Fraction(5, 36)


def test_e11_combined_dice_keep_the_best_four_of_six_l2051_2067() -> None:
    from ecran.dice import Distribution, keep_highest

    expected = keep_highest(Distribution.die(6), 6, 4).probability_where(lambda t: t > 14)
    assert (
        odds("group", participants="4,2", method="combined", difficulty=14)["success"] == expected
    )


def test_e10_additive_l2011_2029() -> None:
    """Two people with 2 dice each need 13 (beat 12)."""
    from ecran.dice import Distribution

    four = Distribution.die(6).repeat(4)
    assert odds("group", participants="2,2", method="additive", difficulty=12)[
        "success"
    ] == four.probability_where(lambda t: t > 12)


def test_worst_and_either_or_hand_counted() -> None:
    """Worst of two single dice beats 3: both above 3 = 1/4; either/or of 1 die and 2 dice."""
    assert odds("group", participants="1,1", method="worst", difficulty=3)["success"] == Fraction(
        1, 4
    )
    either = odds("group", participants="1,2", method="either_or", difficulty=6)["success"]
    assert either == Fraction(1, 2) * 0 + Fraction(1, 2) * Fraction(21, 36)  # 2d6 > 6: 21 of 36


def test_e34_counter_power_and_charge_bonus_l5184_5200() -> None:
    """A 2-die telepath resisting a scan rolls 4 dice; a pyrokinetic 2 + 2 bonus dice."""
    telepath = WARP.check("power").parse({"dice": 2, "counter_power_dice": 2})
    assert WARP.check("power")._nets(telepath) == (0, 4, 0)
    pyro = WARP.check("power").parse({"dice": 2, "resistance_bonus": 2})
    assert WARP.check("power")._nets(pyro) == (0, 2, 2)


def test_e32_pushed_power_rolls_four_keeps_two_l5141_5147() -> None:
    from ecran.testing import ScriptedDice

    power = WARP.check("power")
    dice = ScriptedDice([1, 6, 2, 5, 1, 1])
    result = power.resolve(power.parse({"dice": 2, "pushed": True}), dice)
    assert result.details["kept"] == [6, 5]
    assert result.outcome == "overwhelming"


def test_e39_disease_difficulties_l5450_5458() -> None:
    from ecran.systems.warp.tables import MAGIC

    assert [d.difficulty for d in MAGIC.disease] == [5, 10, 15]
    assert odds("cure_disease", dice=1, disease="minor")["contagion"] == Fraction(1, 6)


def test_learn_spell_threshold_reading() -> None:
    """§9.14: 'at least the level' (L5966-5968); week 1 with 1 die vs level 3."""
    assert odds("learn_spell", week=1, level=3)["success"] == Fraction(4, 6)
    assert odds("learn_spell", week=1, level=3, spell_learning_at_least_level=False)[
        "success"
    ] == Fraction(3, 6)


def test_stone_grip_resists_the_level() -> None:
    assert odds("resist_spell", dice=2, spell="stone_grip")["resisted"] == Fraction(1, 36)


@pytest.mark.parametrize(
    ("check", "params"),
    [
        ("group", {"participants": "3,2,2", "method": "worst", "difficulty": 6}),
        ("group", {"participants": "3,1", "method": "either_or", "difficulty": 7}),
        ("power", {"dice": 2, "pushed": True, "resistance_dice": 2}),
        ("hand_of_fate", {"bad_up_to": 5, "good_from": 9}),
        ("flaw", {}),
        ("learn_power", {"experience_dice": 2, "psi_null": True}),
        ("resist_spell", {"dice": 4, "spell": "serpents_tongue"}),
        ("cure_disease", {"dice": 2, "disease": "serious", "pushed": True}),
        ("learn_spell", {"week": 3, "level": 9}),
    ],
)
def test_rolls_agree_with_odds(check: str, params: dict[str, object]) -> None:
    assert_rolls_match_odds("warp", check, params, n=2000)


def test_every_check_has_a_valid_example_and_sources() -> None:
    for check in WARP.checks:
        params = check.parse(check.example)
        assert check.distribution(params).total == 1, check.name
        assert check.sources and check.title.fr and check.description.en


def test_initiative_default_two_dice_l2524_2596() -> None:
    result = WARP.initiative(pc(), Roller(3))
    assert result.details["dice"] == 2
    assert 2 <= (result.total or 0) <= 12
