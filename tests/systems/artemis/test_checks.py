"""Every artemis check: worked examples (seed lines / website sections), exact odds against
independent enumerations, rolls against odds, bad input."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest
from artemis_helpers import Script, brute_die, brute_zone

from ecran.dice import enumerate_outcomes
from ecran.engine import get_system
from ecran.rules import EcranError
from ecran.systems.artemis import wounds
from ecran.systems.artemis.options import MOMENT
from support import assert_rolls_match_odds

SYSTEM = get_system("artemis")
CHECKS = [c.name for c in SYSTEM.checks]


def resolve(check: str, values: dict[str, Any], *faces: int) -> Any:
    c = SYSTEM.check(check)
    return c.resolve(c.parse(values), Script(*faces))


def odds(check: str, values: dict[str, Any]) -> dict[str, Fraction]:
    c = SYSTEM.check(check)
    dist = c.distribution(c.parse(values))
    return {name: dist.probability(name) for name in c.outcome_names()}


# -- the contract of every check ---------------------------------------------------------------


@pytest.mark.parametrize("name", CHECKS)
def test_every_check_is_documented_and_its_example_is_valid(name: str) -> None:
    check = SYSTEM.check(name)
    assert check.title.fr and check.title.en and check.description.fr and check.description.en
    assert check.sources and check.example is not None
    check.parse(check.example)
    for field in check.params.model_fields.values():
        extra = field.json_schema_extra
        assert isinstance(extra, dict) and "x-label" in extra, (name, field)


@pytest.mark.parametrize("name", CHECKS)
def test_odds_sum_to_one(name: str) -> None:
    check = SYSTEM.check(name)
    dist = check.distribution(check.parse(check.example))
    assert dist.total == 1
    assert set(dist.outcomes()) <= set(check.outcome_names())


@pytest.mark.parametrize("name", CHECKS)
def test_odds_equal_the_walk_of_the_roll_procedure(name: str) -> None:
    check = SYSTEM.check(name)
    params = check.parse(check.example)
    walked = enumerate_outcomes(lambda dice: check.resolve(params, dice).outcome)
    assert walked == check.distribution(params)


@pytest.mark.parametrize("name", CHECKS)
def test_rolls_agree_with_odds(name: str) -> None:
    assert_rolls_match_odds("artemis", name, SYSTEM.check(name).example, n=3000)


def test_every_option_of_every_check_is_listed_by_the_system_or_chosen_per_blow() -> None:
    """A listed option is forced by the table on every roll; the optional combat rules chosen
    blow by blow (precise, all-out, head, defenceless, weapon too big) must not be, or the
    encounter's precise and all-out attacks would be pinned to the table's single value."""
    listed = {o.name for o in SYSTEM.options}
    moment = {o.name for o in MOMENT}
    assert not listed & moment
    for check in SYSTEM.checks:
        for field_name, field in check.params.model_fields.items():
            extra = field.json_schema_extra
            if isinstance(extra, dict) and "x-option" in extra:
                assert field_name in listed | moment, (check.name, field_name)


# -- worked examples -----------------------------------------------------------------------------


def test_ex5_flamberge_on_combat_suit_L714_725() -> None:
    """EX5, L714-725: protection 2, Résistance 5, Mortellement blessé, die 4 -> two light wounds."""
    result = resolve("damage", {"skill": 5, "category": 5, "protection": 2}, 4)
    assert result.details["category"] == 3  # Blessé, x//
    assert result.total == 9
    assert result.details["cancelled"] == 1
    assert result.outcome == "s0_l2"
    assert result.details["marks"] == "//"


def test_ex6_protection_two_steps_down_L718_720() -> None:
    """EX6: Mortellement blessé with protection 2 -> Blessé."""
    assert wounds.final_category(5, 0, 2) == 3


@pytest.mark.parametrize(("unwilling", "difficulty"), [(0, 7), (1, 8), (2, 9)])
def test_ex7_sketch_attract_difficulty_L205_207(unwilling: int, difficulty: int) -> None:
    """EX7, L205-207."""
    result = resolve("sketch_attract", {"skill": 5, "unwilling_spirits": unwilling}, 3)
    assert result.details["difficulty"] == difficulty


@pytest.mark.parametrize(
    ("check", "lines"), [("metamorphosis", "L265-266"), ("invocation", "L292-293")]
)
@pytest.mark.parametrize(("count", "difficulty"), [(1, 8), (2, 9)])
def test_ex8_ex9_power_difficulty(check: str, lines: str, count: int, difficulty: int) -> None:
    """EX8 (L265-266) and EX9 (L292-293): 7 + 1 per transformation / object."""
    assert resolve(check, {"skill": 5, "count": count}, 3).details["difficulty"] == difficulty


@pytest.mark.parametrize(
    ("check", "skill", "faces", "outcome"),
    [
        ("calm", 6, (6, 3), "none"),
        ("calm", 6, (4,), "light"),
        ("calm", 6, (2,), "serious"),
        ("nifimo", 6, (6, 3), "none"),
        ("nifimo", 5, (4,), "light"),
        ("nifimo", 5, (3,), "serious"),
    ],
)
def test_ex13_ex14_calm_and_nifimo_thresholds(
    check: str, skill: int, faces: tuple[int, ...], outcome: str
) -> None:
    """EX13 (L62-69): calm totals 12 / 10 / 8; EX14 (L317-322): NIFIMO totals 12 / 9 / 8."""
    assert resolve(check, {"skill": skill}, *faces).outcome == outcome


@pytest.mark.parametrize(
    ("skill", "faces", "outcome"),
    [
        (6, (6, 2), "cancel_two"),
        (6, (5,), "cancel_one"),
        (6, (3,), "cancel_one"),
        (6, (2,), "cancel_none"),
    ],
)
def test_ex15_resistance_thresholds_L121_125(
    skill: int, faces: tuple[int, ...], outcome: str
) -> None:
    """EX15, L121-125: totals 12, 11, 9, 8 cancel 2, 1, 1, 0."""
    assert resolve("resistance", {"skill": skill}, *faces).outcome == outcome


def test_ex16_one_light_wound_always_remains_L126_128() -> None:
    """EX16: Écorché, Résistance total 12 cancels the light wound, the floor gives it back."""
    result = resolve("damage", {"skill": 6, "category": 1}, 6, 2)
    assert (result.total, result.outcome) == (12, "s0_l1")


@pytest.mark.parametrize(
    ("space", "opponents", "difficulty"),
    [
        ("open", 3, 7),
        ("very_cluttered", 5, 14),
        ("open", 1, 5),
        ("confined", 2, 16),
        ("cluttered", 4, 12),
    ],
)
def test_ex18_ex19_dodge_difficulty(space: str, opponents: int, difficulty: int) -> None:
    """EX18 (L137-138, L150-152): open + 3 opponents = 7; EX19 (L141-142, L153-155): 9 + 5."""
    values = {"skill": 5, "space": space, "opponents": opponents}
    assert resolve("dodge", values, 3).details["difficulty"] == difficulty


@pytest.mark.parametrize(
    ("values", "faces", "outcome"),
    [
        ({"skill": 3, "category": 2, "protection": 1}, (2,), "s0_l1"),  # W1
        ({"skill": 3, "category": 3, "protection": 1}, (1, 1), "s0_l2"),  # W2 (total 0)
        ({"skill": 5, "category": 5, "protection": 2}, (3,), "s1_l2"),  # W3 (total 8)
        ({"skill": 5, "category": 7, "protection": 3}, (5,), "s1_l2"),  # W4 (10: cancels one)
    ],
)
def test_site_wound_examples_w1_w4(
    values: dict[str, int], faces: tuple[int, ...], outcome: str
) -> None:
    """artemis-site.md §4.2 (refget 0106060301), W4 cut after 'cancels one': serious first."""
    assert resolve("damage", values, *faces).outcome == outcome


def test_site_s7_s8_apaiser() -> None:
    """Site S7/S8 (§10.2): 3 stress marks, not adjacent -> D 10; uncertainty die 2 / die 5."""
    values = {"target_light_stress": 2, "target_serious_stress": 1, "adjacent": False}
    low = resolve("apaiser", {"skill": 8, **values}, 2)
    assert low.details["difficulty"] == 10
    assert (low.details["zone"], low.outcome) == ("uncertainty", "remove_one")
    high = resolve("apaiser", {"skill": 5, **values}, 5)
    assert (high.details["zone"], high.outcome) == ("uncertainty", "remove_two")


def test_site_s10_crisis_chance() -> None:
    """Site S10 (§7.3): balance -3 -> 20 % a day."""
    assert odds("mental_crisis", {"balance": -3})["crisis"] == Fraction(1, 5)
    assert odds("mental_crisis", {"balance": -9})["crisis"] == Fraction(95, 100)
    assert odds("mental_crisis", {"balance": -9, "mental_crisis": False})["crisis"] == 0


def test_npc_random_score_L94_96() -> None:
    """L94-96, reading §3.3: 3: 11/36, 4: 9/36, 5: 7/36, 6: 5/36, 7: 3/36, 8: 1/36."""
    expected = [11, 9, 7, 5, 3, 1]
    assert list(odds("npc_score", {}).values()) == [Fraction(n, 36) for n in expected]


def test_rendezvous_constructed_example_L237_249() -> None:
    """Reading §8: 2 empaths + 1 non-empath, 2 good descriptions -> D 7; the arpenteur option +1."""
    values = {"skill": 6, "non_empaths": 1, "empaths": 2, "good_descriptions": 2}
    assert resolve("rendezvous", values, 3).details["difficulty"] == 7
    counted = resolve("rendezvous", {**values, "count_arpenteur": True}, 3)
    assert counted.details["difficulty"] == 8


# -- exact odds against independent enumerations -----------------------------------------------


def brute_duel(a_score: int, b_score: int, a_pro: bool, b_pro: bool) -> dict[str, Fraction]:
    """Side A's zone with B's total as difficulty, over both hand-counted die distributions."""
    out: dict[str, Fraction] = {}
    for (va, pa), (vb, pb) in product(brute_die(a_pro).items(), brute_die(b_pro).items()):
        z = brute_zone(a_score + va, b_score + vb)
        out[z] = out.get(z, Fraction(0)) + pa * pb
    return out


@pytest.mark.parametrize(
    ("a", "b", "a_pro", "b_pro"),
    [(5, 5, False, False), (8, 4, True, False), (3, 7, False, True), (6, 6, True, True)],
)
def test_opposed_matches_brute_force(a: int, b: int, a_pro: bool, b_pro: bool) -> None:
    brute = brute_duel(a, b, a_pro, b_pro)
    got = odds(
        "opposed",
        {"skill": a, "opponent_skill": b, "professional": a_pro, "opponent_professional": b_pro},
    )
    names = {"failure": "loss", "uncertainty": "uncertainty", "success": "win"}
    assert got == {names[z]: p for z, p in brute.items()} | {
        n: Fraction(0) for n in names.values() if n not in {names[z] for z in brute}
    }


def test_attack_duel_reads_the_parry_against_the_attack() -> None:
    """Site §3.1: the parry in the success zone against the attack -> miss; failure -> hit."""
    brute = brute_duel(6 - 4, 7, False, False)  # parry 6 - 4 (weapon too big) vs attack 7
    got = odds("attack", {"attack": 7, "parry": 6, "weapon_too_big": True})
    assert got == {
        "miss": brute["success"],
        "uncertain": brute["uncertainty"],
        "hit": brute["failure"],
    }
    precise = odds("attack", {"attack": 9, "parry": 6, "precise": True})
    assert precise == odds("attack", {"attack": 5, "parry": 6})


def test_attack_static_parry_reading() -> None:
    got = odds("attack", {"attack": 5, "parry": 6, "attack_resolution": "static_parry"})
    test = odds("test", {"skill": 5, "difficulty": 6})
    assert got == {
        "miss": test["failure"],
        "uncertain": test["uncertainty"],
        "hit": test["success"],
    }


def test_defenceless_uncertainty_option() -> None:
    test = odds("test", {"skill": 5, "difficulty": 8})
    assert odds("defenceless", {"skill": 5})["hit"] == test["success"] + test["uncertainty"]
    strict = odds("defenceless", {"skill": 5, "defenceless_uncertainty_hits": False})
    assert strict["hit"] == test["success"]


def test_damage_options_cancel_order_floor_and_stacking() -> None:
    base = {"skill": 5, "category": 3}
    assert resolve("damage", base, 5).outcome == "s0_l2"  # x// minus the serious wound
    assert resolve("damage", {**base, "cancel_order": "light_first"}, 5).outcome == "s1_l1"
    scratched = {"skill": 5, "category": 1, "protection": 2}
    assert odds("damage", scratched)["none"] == 1
    assert odds("damage", {**scratched, "floor_on_scratch": True})["s0_l1"] == 1
    lethal = {"skill": 5, "category": 5, "total_attack": True, "head": True}
    assert odds("damage", lethal)["destroyed"] == 1
    assert odds("damage", {**lethal, "protection": 1})["dead"] == 1
    assert odds("damage", {**lethal, "stack_categories": False})["dead"] == 1


def test_damage_odds_follow_the_resistance_odds() -> None:
    res = odds("resistance", {"skill": 4})
    dmg = odds("damage", {"skill": 4, "category": 4})  # xx//
    assert dmg["s2_l2"] == res["cancel_none"]
    assert dmg["s1_l2"] == res["cancel_one"]
    assert dmg["s0_l2"] == res["cancel_two"]


def test_xp_force_odds_L29_39() -> None:
    """Spending on a failure: the die becomes 6 (5/6) or 9 (1/6), counted by hand here."""
    skill, difficulty = 4, 9
    expected = {"failure": Fraction(0), "uncertainty": Fraction(0), "success": Fraction(0)}
    for value, p in brute_die(False).items():
        zone = brute_zone(skill + value, difficulty)
        if zone != "failure":
            expected[zone] += p
            continue
        expected[brute_zone(skill + 6, difficulty)] += p * Fraction(5, 6)
        expected[brute_zone(skill + 9, difficulty)] += p * Fraction(1, 6)
    assert odds("test_xp", {"skill": skill, "difficulty": difficulty}) == expected
    without = odds("test", {"skill": skill, "difficulty": difficulty})
    assert expected["success"] > without["success"]


def test_xp_force_roll_records_the_spend() -> None:
    result = resolve("test_xp", {"skill": 3, "difficulty": 9}, 2, 6)
    assert result.details["xp_spent"] is True
    assert result.details["first_total"] == 5
    assert (result.total, result.outcome) == (12, "success")


def test_privilege_each_die_reading_differs() -> None:
    """A3: confirming each die lets two 1s both be checked; the kept-die reading confirms once."""
    kept = odds("nifimo", {"skill": 5, "professional": True})
    each = odds("nifimo", {"skill": 5, "professional": True, "privilege_criticals": "each_die"})
    assert kept != each and sum(each.values()) == 1


# -- bad input ------------------------------------------------------------------------------------


def test_strong_unwilling_spirit_is_refused(cli) -> None:
    """L213-215: a spirit of will 4 or more cannot be attracted without its consent."""
    with pytest.raises(EcranError):
        odds("sketch_attract", {"skill": 6, "strongest_unwilling_will": 4})
    result = cli("odds", "artemis", "sketch_attract", "--strongest-unwilling-will", "5", "--json")
    assert result.code == 2 and len(result.err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "args",
    [
        ("dodge", "--space", "ouvert"),
        ("dodge", "--opponents", "0"),
        ("damage", "--category", "8"),
        ("metamorphosis", "--count", "0"),
        ("mental_crisis", "--balance", "2"),
        ("attack", "--attack-resolution", "dice"),
    ],
)
def test_bad_input_exits_2(cli, args: tuple[str, ...]) -> None:
    result = cli("odds", "artemis", *args, "--json")
    assert result.code == 2, result.out
    assert len(result.err.strip().splitlines()) == 1 and "Traceback" not in result.err
