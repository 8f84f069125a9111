"""Worked examples about the sources of advantage, time and manoeuvres (rules/fluid.md §8) that are
not one check on given dice (those are data: examples.toml)."""

from __future__ import annotations

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.systems.fluid import advantages as adv
from ecran.systems.fluid import manoeuvres as man
from ecran.systems.fluid.checks.test import time_taken
from ecran.systems.fluid.encounter import modes as attack_modes
from ecran.systems.fluid.tables import TIME


def rank_of(label_en: str) -> int:
    return next(s.rank for s in TIME.step if s.en == label_en)


def test_e2_average_of_two_characteristics_l328_330() -> None:
    assert adv.average([4, 7]) == 6 and adv.average([4, 7], "down") == 5


def test_e7_trait_points_as_dice_or_points_l630_632() -> None:
    assert adv.split(2, 0) == adv.Split(2, 0)
    assert adv.split(2, 2) == adv.Split(0, 2)
    assert adv.split(2, 1) == adv.Split(1, 1)
    assert adv.split(-3, 1) == adv.Split(-2, -1)


def test_e9_two_traits_l650_654() -> None:
    use = adv.multiple_traits([2, 3])
    assert (use.advantages, use.res_cost) == (4, 1)


def test_e10_third_trait_adds_nothing_but_costs_l658_666() -> None:
    use = adv.multiple_traits([3, 3, 2])
    assert (use.advantages, use.res_cost) == (5, 2)
    assert adv.multiple_traits([3, 3]).advantages == 5  # better left out: same total, 1 RES


def test_e23_dagger_and_acrobatics_l1011_1019() -> None:
    assert adv.multiple_traits([3, 2]) == adv.TraitUse(4, 1, (3, 1))


def test_e25_two_weapons_l1071_1081() -> None:
    use = adv.multiple_traits([3, 2, 3])
    assert use.advantages == 5 and use.advantages - man.two_weapons_dis() == 3
    assert use.res_cost == 2  # the text says 1 RES (reading A13 follows the rule)
    # damage scores added: dagger 1 + sword 2, "like a two-handed weapon"
    sheet = get_system("fluid").random_npc(Roller(1))
    gear = sheet.equipment.model_copy(update={"weapon": 2, "second_weapon": 1})  # type: ignore[attr-defined]
    both = next(
        m
        for m in attack_modes(sheet.model_copy(update={"equipment": gear}))
        if m.key == "two_weapons"
    )
    assert both.weapon == 3


def test_e26_lent_trait_costs_no_res_l1107_1113() -> None:
    use = adv.multiple_traits([2], lent=[3])
    assert use.counted == (2, 2) and use.res_cost == 0


def test_e33_demon_claws_l1259_1265() -> None:
    assert adv.multiple_traits([3, 2]) == adv.TraitUse(4, 1, (3, 1))


def test_e12_e13_taking_time_l726_732() -> None:
    assert rank_of("15 minutes") - rank_of("5 rounds (30 seconds)") == 2
    assert rank_of("5 hours") - rank_of("1 hour") == 1


def test_e20_hurrying_l904_906() -> None:
    assert rank_of("15 minutes") - rank_of("3 minutes") == 1


def test_e14_e15_variable_delay_l754_764() -> None:
    assert time_taken(5, "major_success", True)["time_en"] == "15 minutes"
    assert time_taken(5, "fail", True)["time_en"] == "1 day"
    assert time_taken(5, "fail", False)["time_en"] == "1 hour"


def test_difficulty_ladder_l776_786_l920_930() -> None:
    assert [adv.difficulty_net(d) for d in ("immanquable", "normale", "impossible")] == [5, 0, -5]


def test_e21_each_racer_has_three_disadvantages_l948_950() -> None:
    assert adv.difficulty_net("difficile") == -3


def test_e43_minion_levels_from_the_ladder_l1637_1643() -> None:
    assert adv.difficulty_net("difficile") == -3  # the PCs' difficulty: the minion's +3
    assert adv.difficulty_net("facile") == 2  # the PCs' ease: the minion's −2


def test_retry_l908_912() -> None:
    assert [adv.retry_dis(n) for n in (0, 1, 2)] == [0, 1, 2]


def test_e24_two_attackers_one_advantage_each_l1041_1043() -> None:
    assert man.gang_up_adv(2) == 1 and man.gang_up_adv(3) == 2


def test_e27_sweep_divides_the_score_l1125_1133() -> None:
    assert man.split_score(6 + 3, 3) == [3, 3, 3]


def test_e29_dodge_bonus_is_half_agility_l1147_1153() -> None:
    assert 4 + 2 + man.full_defence_bonus("dodge", 0, 0, 4) == 8


def test_e31_multiple_actions_l1205_1215() -> None:
    assert man.multi_action_dis(2, same_as_previous=True) == 2  # second sword attack
    assert man.multi_action_dis(2, same_as_previous=False) == 1  # a punch instead
    assert man.multi_action_dis(2, same_as_previous=True, initiated=False) == 1


def test_one_against_many_uses_the_lowest_margin_l1031_1037() -> None:
    assert man.one_against_many_damage([2, 1]) == 1


def test_e22_table_hits_two_of_three_l960_966() -> None:
    assert [foe < 12 for foe in (10, 11, 13)] == [True, True, False]


def test_break_off_l1299_1305() -> None:
    assert man.can_break_off(14, [13]) and not man.can_break_off(13, [14])


def test_e37_equipment_handicap_l1417() -> None:
    assert adv.equipment_handicap(1, 2) == 2
