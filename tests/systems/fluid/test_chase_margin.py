"""The chase margin, reading A26 (L1659-1661: « la marge de réussite du gagnant »): the score
difference (default) or the winner's MR above 10. Odds against hand counts and brute-force walks
written here independently, seeded rolls against odds, the default unchanged; and every option
of the options module listed by the system and settable somewhere."""

from __future__ import annotations

from fractions import Fraction
from functools import partial
from typing import Any

import pytest

from ecran.dice import enumerate_outcomes
from ecran.engine import get_system
from ecran.systems.fluid import options
from ecran.systems.fluid.checks.opposed import exchange_law
from ecran.testing import ScriptedDice
from support import Helpers, assert_rolls_match_odds

SYSTEM = get_system("fluid")
CHASE = SYSTEM.check("chase")
MR = {"chase_margin": "winner_mr"}
FLAT = {"no_base_explosion": True, "no_doubles": True}  # no chains: a finite walk is exact


odds = partial(Helpers(SYSTEM).odds, "chase")


def resolve(dice: ScriptedDice, **values: Any) -> Any:
    result = CHASE.resolve(CHASE.parse(values), dice)
    assert dice.exhausted
    return result


# -- worked cases --------------------------------------------------------------------------------

SAME = {"characteristic": 5, "opponent_characteristic": 5, "gap": 5, "escape_at": 20}


def test_winner_mr_moves_the_gap_by_the_winners_mr_l1659_1661() -> None:
    """11 against 8: the difference closes 3 metres, the winner's MR only 1; 14 against 7
    catches the fugitive on the difference (7 >= 5) but closes 4 on the MR."""
    diff = resolve(ScriptedDice(6, 3), **SAME)
    mr = resolve(ScriptedDice(6, 3), **SAME, **MR)
    assert (diff.details["new_gap"], mr.details["new_gap"]) == (2, 4)
    assert mr.outcome == "closer" and mr.details["margin"] == 1
    assert resolve(ScriptedDice(9, 2), **SAME).outcome == "caught"
    far = resolve(ScriptedDice(9, 2), **SAME, **MR)
    assert far.outcome == "closer" and far.details["new_gap"] == 1


def test_a_winner_who_fails_has_no_mr_and_the_gap_stays() -> None:
    """9 against 7: the pursuer wins, but a score of 10 or less has no MR (L352-356)."""
    result = resolve(ScriptedDice(4, 2), **SAME, **MR)
    assert result.outcome == "no_change" and result.details["new_gap"] == 5
    assert result.total == 0


def test_fugitive_mr_widens_the_gap_times_ten_in_vehicles_l1661() -> None:
    result = resolve(ScriptedDice(2, 8), **SAME, **MR, vehicles=True)  # 7 against 13: MR 3
    assert result.details["new_gap"] == 35 and result.outcome == "escaped"


def test_hand_counted_flat_dice() -> None:
    """5 + d10 each, no explosions, gap 1, escape at 2: the pursuer catches when it wins with
    11 or more, i.e. its die a in 6..10 beats the other: sum (a-1)/100 = 35/100; the fugitive
    escapes likewise; the rest (ties 10/100, winners at 10 or less 2·10/100) changes nothing."""
    law = odds(characteristic=5, opponent_characteristic=5, gap=1, escape_at=2, **MR, **FLAT)
    assert law["caught"] == law["escaped"] == Fraction(35, 100)
    assert law["no_change"] == Fraction(30, 100)
    assert law["closer"] == law["further"] == 0


# -- odds ------------------------------------------------------------------------------------------

GRID = [
    {"characteristic": 6, "opponent_characteristic": 5, "gap": 5, "escape_at": 20},
    {"characteristic": 5, "opponent_characteristic": 5, "gap": 1, "escape_at": 2},
    {"characteristic": 3, "opponent_characteristic": 8, "advantage_dice": 2, "gap": 12},
    {"characteristic": 7, "opponent_characteristic": 4, "opponent_disadvantage_dice": 3},
    {"characteristic": 0, "opponent_characteristic": -10, "modifier": -5, "gap": 3},
    {"characteristic": 30, "opponent_characteristic": 25, "modifier": 60, "gap": 150},
    {"characteristic": 5, "opponent_characteristic": 6, "vehicles": True, "gap": 15},
    {"characteristic": 5, "opponent_characteristic": 6, "gap": 40, "escape_at": 30},
]


@pytest.mark.parametrize("values", GRID)
@pytest.mark.parametrize("tie_rule", ["stand_off", "reroll"])
@pytest.mark.parametrize("explode", [True, False])
def test_odds_sum_to_one(values: dict[str, Any], tie_rule: str, explode: bool) -> None:
    extra = {} if explode else FLAT
    law = odds(**values, **MR, **extra, tie_rule=tie_rule)
    assert sum(law.values()) == 1 and all(p >= 0 for p in law.values())


def die(dice: Any, net: int, explode: bool, depth: int) -> int | None:
    """One side's die by the §2.6 procedure (L360-374, L412-424, L518-522, L852-870), written
    again here; None once a chain passes `depth` rerolls (the walk must end)."""
    base = dice.d(10)
    everything = [base] + [dice.d(10) for _ in range(abs(net))]
    up = base == 10 or (base != 1 and net > 0 and everything.count(10) >= 2)
    down = base == 1 or (base != 10 and net < 0 and everything.count(1) >= 2)
    if explode and (up or down):
        total, again = (10, 10) if up else (-1, 1)
        for _ in range(depth):
            r = dice.d(10)
            total += r if up else -r
            if r != again:
                return total
        return None
    return max(everything) if net > 0 else min(everything) if net < 0 else base


def walk(values: dict[str, Any], explode: bool, depth: int = 3) -> dict[str, Fraction]:
    """Every dice sequence of one exchange; 'tie' and 'cut' kept apart."""
    c, o = values["characteristic"], values["opponent_characteristic"]
    net, onet = values.get("advantage_dice", 0), -values.get("opponent_disadvantage_dice", 0)
    gap, escape, mult = values["gap"], values["escape_at"], 10 if values.get("vehicles") else 1

    def procedure(dice: Any) -> str:
        x, y = die(dice, net, explode, depth), die(dice, onet, explode, depth)
        if x is None or y is None:
            return "cut"
        a, b = c + x, o + y
        if a == b:
            return "tie"
        moved = gap - mult * (max(a - 10, 0) if a > b else -max(b - 10, 0))
        if moved <= 0:
            return "caught"
        if moved >= escape:
            return "escaped"
        return "no_change" if moved == gap else "closer" if moved < gap else "further"

    law = enumerate_outcomes(procedure)
    return {n: law.probability(n) for n in (*CHASE.outcome_names(), "tie", "cut")}


SMALL = [
    {"characteristic": 5, "opponent_characteristic": 5, "gap": 8, "escape_at": 14},
    {"characteristic": 7, "opponent_characteristic": 4, "advantage_dice": 1, "gap": 2,
     "escape_at": 6},
    {"characteristic": 15, "opponent_characteristic": 13, "opponent_disadvantage_dice": 1,
     "gap": 6, "escape_at": 12},
    {"characteristic": 4, "opponent_characteristic": 6, "opponent_disadvantage_dice": 1,
     "gap": 2, "escape_at": 30, "vehicles": True},
]  # fmt: skip


@pytest.mark.parametrize("values", SMALL)
def test_flat_odds_equal_a_brute_force_walk(values: dict[str, Any]) -> None:
    w = walk(values, explode=False)
    assert w["cut"] == 0
    no_change = w["no_change"] + w["tie"] if values["gap"] < values["escape_at"] else w["no_change"]
    assert odds(**values, **MR, **FLAT)["no_change"] == no_change
    rerolled = odds(**values, **MR, **FLAT, tie_rule="reroll")
    for name in ("caught", "escaped", "closer", "further"):
        assert odds(**values, **MR, **FLAT)[name] == w[name], name
        assert rerolled[name] == w[name] / (1 - w["tie"]), name
    assert rerolled["no_change"] == w["no_change"] / (1 - w["tie"])


@pytest.mark.parametrize("values", SMALL)
def test_exploding_odds_sit_inside_a_cut_brute_force_walk(values: dict[str, Any]) -> None:
    """The walk stops chains after 3 rerolls: each outcome's exact odds lie between what the
    walk saw and that plus the mass it cut (about 2·10^-4)."""
    w = walk(values, explode=True)
    law = odds(**values, **MR)
    w["no_change"] += w["tie"]  # these gaps are below the escape value
    assert 0 < w["cut"] < Fraction(1, 1000)
    for name in CHASE.outcome_names():
        assert w[name] <= law[name] <= w[name] + w["cut"], name


def test_default_is_the_score_difference_as_before() -> None:
    """Omitting the option is the difference reading, the law of A - B (unchanged code path)."""

    def before(d: int) -> str:
        left = SAME["gap"] - d
        if left <= 0:
            return "caught"
        if left >= SAME["escape_at"]:
            return "escaped"
        return "closer" if d > 0 else "further" if d < 0 else "no_change"

    params = CHASE.parse(SAME)
    assert params.chase_margin == "difference"
    law = CHASE.distribution(params)
    assert law.items() == exchange_law(params, before).items()
    explicit = CHASE.parse({**SAME, "chase_margin": "difference"})
    assert law.items() == CHASE.distribution(explicit).items()
    assert odds(**SAME) != odds(**SAME, **MR)


@pytest.mark.parametrize(
    "values",
    [
        {**SAME, **MR},
        {**SAME, **MR, "advantage_dice": 2, "tie_rule": "reroll", "gap": 3},
        {**SAME, **MR, "opponent_characteristic": 7, "vehicles": True, "gap": 20, "escape_at": 60},
    ],
)
def test_rolls_agree_with_odds(values: dict[str, Any]) -> None:
    assert_rolls_match_odds("fluid", "chase", values, n=2500)


# -- the options module ------------------------------------------------------------------------


def test_every_option_is_listed_and_a_field_with_its_default() -> None:
    declared = dict(options.OPTIONS)
    assert set(declared) == {o.name for o in SYSTEM.options}
    fields = [
        (name, f.default)
        for model in [c.params for c in SYSTEM.checks] + [op.params for op in SYSTEM.operations]
        for name, f in model.model_fields.items()
    ]
    for name, option in declared.items():
        defaults = {default for field, default in fields if field == name}
        assert defaults == {option.default}, name
