"""Every artemis check: exact odds against independent enumerations, rolls against odds, bad
input. The worked examples that are a check rolled on given dice (EX5, EX7-EX9, EX13-EX16,
EX18-EX19, site W1-W4, S7, S8, S10, the NPC score, the rendezvous) are data, in examples.toml."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest
from artemis_helpers import brute_die, brute_zone, kernel_duel, kernel_zones

from ecran.dice import enumerate_outcomes
from ecran.engine import get_system
from ecran.rules import EcranError
from ecran.systems.artemis import tracks
from ecran.systems.artemis.options import MOMENT
from ecran.testing import ScriptedDice
from support import Helpers, assert_rolls_match_odds

SYSTEM = get_system("artemis")
CHECKS = [c.name for c in SYSTEM.checks]


def resolve(check: str, values: dict[str, Any], *faces: int) -> Any:
    c = SYSTEM.check(check)
    return c.resolve(c.parse(values), ScriptedDice(*faces))


odds = Helpers(SYSTEM).odds


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
def test_odds_are_the_walk_of_the_roll_procedure(name: str) -> None:
    """No Artémis check writes its own odds: walking its dice is exact and fast."""
    check = SYSTEM.check(name)
    params = check.parse(check.example)
    walked = enumerate_outcomes(lambda dice: check.resolve(params, dice).outcome)
    assert walked == check.distribution(params)


#: Skill tests read as plain zones: parameters, the oracle's skill, difficulty and malus, and
#: what failure, uncertainty and success give (the rules' own words, L41-44 and each check's lines).
ZONE_CHECKS = {
    "test": ({"skill": 4, "difficulty": 7, "malus": 1}, 4, 7, 1, "failure uncertainty success"),
    "nifimo": ({"skill": 7, "professional": True}, 7, 10, 0, "serious light none"),
    "calm": ({"skill": 9, "malus": 2}, 9, 10, 2, "serious light none"),
    "resistance": ({"skill": 6}, 6, 10, 0, "cancel_none cancel_one cancel_two"),
    "dodge": ({"skill": 6, "space": "cluttered", "opponents": 2}, 6, 8, 0, "hit uncertain avoided"),
    "sketch_trace": ({"skill": 6}, 6, 9, 0, "failure uncertainty success"),
    "sketch_attract": (
        {"skill": 6, "unwilling_spirits": 2},
        6,
        9,
        0,
        "permanent_and_light two_light one_light",
    ),
    "metamorphosis": ({"skill": 8, "count": 2}, 8, 9, 0, "failure uncertainty success"),
    "invocation": ({"skill": 5, "count": 1}, 5, 8, 0, "failure uncertainty success"),
    "rendezvous": (
        {"skill": 6, "non_empaths": 1, "empaths": 2, "good_descriptions": 2},
        6,
        7,
        0,
        "failure uncertainty success",
    ),
}


@pytest.mark.parametrize("name", list(ZONE_CHECKS))
@pytest.mark.parametrize("reading", ["kept_die", "each_die"])
def test_zone_checks_match_the_kernel_oracle(name: str, reading: str) -> None:
    values, skill, difficulty, malus, outcomes = ZONE_CHECKS[name]
    values = {**values, "privilege_criticals": reading} if name != "test" else values
    check = SYSTEM.check(name)
    professional = bool(values.get("professional"))
    oracle = kernel_zones(skill, difficulty, malus, professional, reading)
    zone_map = dict(zip(("failure", "uncertainty", "success"), outcomes.split(), strict=True))
    assert check.distribution(check.parse(values)) == oracle.map(lambda z: zone_map[z])


@pytest.mark.parametrize("spend_on", [("failure",), ("failure", "uncertainty")])
@pytest.mark.parametrize("professional", [False, True])
def test_xp_force_matches_the_kernel_oracle(spend_on: tuple[str, ...], professional: bool) -> None:
    values = {"skill": 5, "difficulty": 9, "malus": 1, "professional": professional}
    values["spend_on"] = "failure" if len(spend_on) == 1 else "failure_or_uncertainty"
    oracle = kernel_zones(5, 9, 1, professional, spend_on=spend_on)
    check = SYSTEM.check("test_xp")
    assert check.distribution(check.parse(values)) == oracle


@pytest.mark.parametrize(("a", "b", "a_pro", "b_pro"), [(6, 4, True, False), (5, 7, False, True)])
def test_duels_match_the_kernel_oracle(a: int, b: int, a_pro: bool, b_pro: bool) -> None:
    """The skill duel, and the attack read as the parry's zone against the attack (site §3.1)."""
    opposed = {
        "skill": a,
        "opponent_skill": b,
        "professional": a_pro,
        "opponent_professional": b_pro,
    }
    names = {"failure": "loss", "uncertainty": "uncertainty", "success": "win"}
    duel = kernel_duel(a, b, a_pro, b_pro).map(lambda z: names[z])
    check = SYSTEM.check("opposed")
    assert check.distribution(check.parse(opposed)) == duel
    attack = {
        "attack": a,
        "parry": b,
        "attacker_professional": a_pro,
        "defender_professional": b_pro,
    }
    reads = {"success": "miss", "uncertainty": "uncertain", "failure": "hit"}
    parried = kernel_duel(b, a, b_pro, a_pro).map(lambda z: reads[z])
    check = SYSTEM.check("attack")
    assert check.distribution(check.parse(attack)) == parried


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


def test_ex6_protection_two_steps_down_L718_720() -> None:
    """EX6: Mortellement blessé with protection 2 -> Blessé."""
    assert tracks.final_category(5, 0, 2) == 3


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
        ("dodge", "--space", "dehors"),
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
