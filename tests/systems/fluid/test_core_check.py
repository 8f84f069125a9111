"""The contract's core check `fluid test`: exact odds, CLI contract, rolls. Its worked examples
(rules/fluid.md §8) are data: examples.toml."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ecran.dice import enumerate_outcomes
from ecran.engine import get_system
from support import assert_rolls_match_odds

CHECK = get_system("fluid").check("test")
RANKS = [
    "crit_fail",
    "major_fail",
    "fail",
    "marginal_fail",
    "marginal_success",
    "success",
    "major_success",
    "crit_success",
]


# -- exact odds against independent computations -----------------------------------------------


def rank(score: int) -> str:
    bands = [(0, 0), (1, 5), (6, 9), (10, 10), (11, 11), (12, 15), (16, 20)]
    for name, (lo, hi) in zip(RANKS, bands, strict=False):
        if score <= hi and (name == "crit_fail" or score >= lo):
            return name
    return "crit_success"


def brute_force(char: int, adv: int, dis: int, mod: int) -> dict[str, Fraction]:
    """Walk every dice sequence of the §2.6 procedure, written here independently; a chain
    stops once the score can no longer leave the critical band it reached."""
    net = adv - dis

    def procedure(dice: Any) -> str:
        base = dice.d(10)
        everything = [base] + [dice.d(10) for _ in range(abs(net))]
        start = char + mod
        # the base die's own explosion comes first (L546-550), then the doubles (L518, L868)
        up = base == 10 or (base != 1 and net > 0 and everything.count(10) >= 2)
        down = base == 1 or (base != 10 and net < 0 and everything.count(1) >= 2)
        if up:
            total = start + 10
            while True:
                r = dice.d(10)
                total += r
                if total >= 21 or r != 10:
                    return rank(total)
        if down:
            total = start - 1
            while True:
                r = dice.d(10)
                total -= r
                if total <= 0 or r != 1:
                    return rank(total)
        kept = max(everything) if net > 0 else min(everything) if net < 0 else base
        return rank(start + kept)

    law = enumerate_outcomes(procedure)
    return {name: law.probability(name) for name in RANKS}


def engine(**values: Any) -> dict[str, Fraction]:
    law = CHECK.distribution(CHECK.parse(values))
    return {name: law.probability(name) for name in RANKS}


@pytest.mark.parametrize(
    ("char", "adv", "dis", "mod"),
    [(5, 0, 0, 0), (3, 2, 0, 1), (7, 0, 2, 0), (12, 3, 0, 0), (1, 0, 3, -2), (8, 3, 3, 2)],
)
def test_odds_equal_a_brute_force_walk(char: int, adv: int, dis: int, mod: int) -> None:
    expected = brute_force(char, adv, dis, mod)
    got = engine(characteristic=char, advantage_dice=adv, disadvantage_dice=dis, modifier=mod)
    assert got == expected


def test_characteristic_five_hand_counted() -> None:
    """Counted by hand: base 1 → 5 − 1 − V, P(V=2) = 1/10, P(V=3) = 1/10 + 1/100 (a 1 then a 2);
    base 10 → 15 + U ≥ 21 when the reroll shows 6-10 (1/2)."""
    assert engine(characteristic=5) == {
        "crit_fail": Fraction(79, 1000),
        "major_fail": Fraction(21, 1000),
        "fail": Fraction(3, 10),
        "marginal_fail": Fraction(1, 10),
        "marginal_success": Fraction(1, 10),
        "success": Fraction(3, 10),
        "major_success": Fraction(1, 20),
        "crit_success": Fraction(1, 20),
    }


@pytest.mark.parametrize("char", range(1, 11))
def test_success_is_char_over_ten_without_modifiers(char: int) -> None:
    """Success means a score above 10 (L272): base d in 2..9 gives char + d; base 10 always
    succeeds for char ≥ 1 and base 1 never does, so P = char/10 up to char 9, then 9/10."""
    law = engine(characteristic=char)
    success = sum(law[n] for n in RANKS[4:])
    assert success == Fraction(min(char, 9), 10)


def test_odds_sum_to_one_over_a_grid() -> None:
    for char in (-10, -3, 0, 4, 9, 15, 30):
        for adv, dis in ((0, 0), (10, 0), (0, 10), (4, 7)):
            for mod in (-20, 0, 20):
                law = engine(
                    characteristic=char, advantage_dice=adv, disadvantage_dice=dis, modifier=mod
                )
                assert sum(law.values()) == 1


def test_up_to_ten_dice_each_way_are_whole_distributions() -> None:
    for adv in range(11):
        assert sum(engine(characteristic=5, advantage_dice=adv).values()) == 1
        assert sum(engine(characteristic=5, disadvantage_dice=adv).values()) == 1


# -- CLI contract, rolls, bad input ------------------------------------------------------------


def test_cli_odds_json_is_the_contract(cli: Any) -> None:
    result = cli("odds", "fluid", "test", "--characteristic", "5", "--json")
    assert result.code == 0, result.err
    assert result.json() == {
        "system": "fluid",
        "check": "test",
        "params": {
            "characteristic": 5,
            "advantage_dice": 0,
            "disadvantage_dice": 0,
            "modifier": 0,
            "doubles_over_base": False,  # the reading of L518-522 (issue #31), default kept
        },
        "outcomes": [
            {"outcome": "crit_fail", "probability": "79/1000", "p": 0.079},
            {"outcome": "major_fail", "probability": "21/1000", "p": 0.021},
            {"outcome": "fail", "probability": "3/10", "p": 0.3},
            {"outcome": "marginal_fail", "probability": "1/10", "p": 0.1},
            {"outcome": "marginal_success", "probability": "1/10", "p": 0.1},
            {"outcome": "success", "probability": "3/10", "p": 0.3},
            {"outcome": "major_success", "probability": "1/20", "p": 0.05},
            {"outcome": "crit_success", "probability": "1/20", "p": 0.05},
        ],
    }


def test_cli_roll_json_replays(cli: Any) -> None:
    args = ("roll", "fluid", "test", "--characteristic", "6", "--advantage-dice", "2")
    first = cli(*args, "--seed", "11", "--json")
    assert first.code == 0, first.err
    data = first.json()
    assert data["seed"] == 11 and data["outcome"] in RANKS
    assert len(data["dice"]) >= 3 and data["total"] == data["details"]["score"]
    assert cli(*args, "--seed", "11", "--json").json() == data


@pytest.mark.parametrize(
    "values",
    [
        {"characteristic": 5},
        {"characteristic": 4, "advantage_dice": 3},
        {"characteristic": 8, "disadvantage_dice": 2, "modifier": 1},
        {"characteristic": 12, "advantage_dice": 5},
    ],
)
def test_rolls_agree_with_odds(values: dict[str, Any]) -> None:
    assert_rolls_match_odds("fluid", "test", values)


@pytest.mark.parametrize(
    "args",
    [
        ("--characteristic", "31"),
        ("--characteristic", "5", "--advantage-dice", "11"),
        ("--characteristic", "cinq"),
        (),
        ("--characteristic", "5", "--disadvantage-dice", "-1"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(cli: Any, args: tuple[str, ...]) -> None:
    result = cli("odds", "fluid", "test", *args, "--json")
    assert result.code == 2
    assert result.err.strip() and "\n" not in result.err.strip()
    assert "Traceback" not in result.err
