"""The exact laws the encounter simulator draws Fluid's fights from: a die's value listed up to
LISTED_REPEATS rerolls of its chain (L364-374, L518-522, L868-870), the attack's result law
built from it, and the survival test drawn from its exact odds (L1495-1529)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ecran.dice import Distribution, Roller
from ecran.dice.enumerate import walk_frontier
from ecran.engine import get_system
from ecran.rules import Resolution
from ecran.systems.fluid import tracks
from ecran.systems.fluid.checks.combat import Attack
from ecran.systems.fluid.checks.health import Survival, survival_draw
from ecran.systems.fluid.dice import (
    LISTED_REPEATS,
    DieLaw,
    ExactDraw,
    Explosions,
    die_atoms,
    die_law,
    difference_law,
    score_law,
)
from ecran.systems.fluid.operations.wounds import (
    take_hit_law,
)
from ecran.systems.fluid.sheet import FluidSheet

ATTACK = Attack()
SYSTEM = get_system("fluid")


def _reach(law: DieLaw) -> tuple[int, int]:
    """The die values a long chain can reach: above the highest listed upward value, below
    the lowest listed downward value's start of overlap."""
    repeats = LISTED_REPEATS + 1
    return -1 - repeats - 2, 10 + 10 * repeats + 1


@pytest.mark.parametrize("net", [-3, -1, 0, 1, 2, 5])
@pytest.mark.parametrize("rules", [Explosions(), Explosions(base=False), Explosions(doubles=False)])
def test_a_die_law_is_the_die_where_no_long_chain_reaches(net: int, rules: Explosions) -> None:
    """Listed values carry the die's exact probability wherever no chain longer than
    LISTED_REPEATS can land; the long chains carry the rest, (up + down) / 10^(repeats + 1)."""
    law = die_law(net, rules)
    listed = dict(law.listed)
    assert sum(listed.values(), Fraction(0)) + law.long == 1
    down_reach, up_reach = _reach(law)
    exact = score_law(die_atoms(net, rules), -60, 60)
    for value in range(down_reach + 1, up_reach):
        assert listed.get(value, Fraction(0)) == exact.probability(value), value
    assert law.up == die_atoms(net, rules).probability(("up", 10))


def test_a_long_chain_draw_lands_past_the_listed_values() -> None:
    law = die_law(2, Explosions())
    roller = Roller(5)
    down_reach, up_reach = _reach(law)
    for _ in range(300):
        value = law.roll_long(roller)
        assert value <= down_reach or value >= up_reach


def test_a_difference_law_is_whole() -> None:
    law = difference_law(3, -1, Explosions())
    total = sum((p for _, p in law.listed), Fraction(0)) + law.tail
    assert total == 1
    assert 0 < law.tail < Fraction(1, 1000)
    assert law.at(0) >= dict(law.listed)[0]


def _mass(params: dict[str, Any]) -> tuple[dict[str, Fraction], Fraction]:
    law = ATTACK.result_law(ATTACK.parse(params))
    by_outcome: dict[str, Fraction] = {}
    for result, p in law.results:
        by_outcome[result.outcome] = by_outcome.get(result.outcome, Fraction(0)) + p
    return by_outcome, sum((t.weight for t in law.tails), Fraction(0))


def test_the_attack_law_carries_little_mass_in_its_tail() -> None:
    """The benchmark's fights meet nets of dice from -10 to +10: the tail stays under 0.5 %."""
    for mine, theirs in [(0, 0), (3, 2), (10, 0), (0, 10)]:
        _, tail = _mass(
            {**ATTACK.example, "advantage_dice": mine, "opponent_advantage_dice": theirs}
        )
        assert tail < Fraction(5, 1000)


def test_a_rerolled_tie_never_comes_out() -> None:
    params = {**ATTACK.example, "tie_rule": "reroll"}
    law = ATTACK.result_law(ATTACK.parse(params))
    assert all(r.total != 0 for r, _ in law.results)
    roller = Roller(3)
    (tail,) = law.tails
    assert all(tail.draw(roller).total != 0 for _ in range(200))


def test_the_same_dice_shifted_share_the_difference_law() -> None:
    """Two parameter sets with the same dice but other characteristics: one difference law,
    each result's difference shifted by the scores' offsets."""
    low = ATTACK.result_law(ATTACK.parse(ATTACK.example))
    high = ATTACK.result_law(ATTACK.parse({**ATTACK.example, "characteristic": 8}))
    assert [p for _, p in low.results] == [p for _, p in high.results]
    assert [r.total for r, _ in high.results] == [(r.total or 0) + 3 for r, _ in low.results]


def test_resolve_and_the_law_write_the_result_once() -> None:
    """A rolled result, its dice work left out, is one of the law's results (or a tail's)."""
    params = ATTACK.parse({**ATTACK.example, "hit_location": True, "opponent_res": 2})
    law = ATTACK.result_law(params)
    listed = {repr(r): r for r, _ in law.results}
    roller = Roller(11)
    for _ in range(300):
        result = ATTACK.summary(ATTACK.resolve(params, roller))
        assert "you" not in result.details
        if repr(result) not in listed:  # a difference only a long chain reaches
            assert abs(result.total or 0) > 20


# -- the survival test drawn from its odds ------------------------------------------------------


def test_an_exact_draw_walks_to_its_law() -> None:
    law = Distribution.from_fractions(
        {"a": Fraction(7, 1000), "b": Fraction(123457, 10**6), "c": Fraction(869543, 10**6)}
    )
    draw = ExactDraw(law)
    assert walk_frontier(draw.draw, 2000).distribution() == law


def test_an_exact_draw_refuses_a_law_past_the_decimals() -> None:
    with pytest.raises(ValueError):
        ExactDraw(Distribution.from_fractions({"a": Fraction(1, 3), "b": Fraction(2, 3)}))


@pytest.mark.parametrize(("con", "penalty"), [(4, 1), (6, 5), (3, 15)])
def test_the_survival_draw_is_the_survival_tests_odds_l1495_1529(con: int, penalty: int) -> None:
    """Walked whole, in a few hundred sequences at most where the test's own dice (a base die,
    `penalty` others, their chains) are beyond any walk."""
    check = Survival()
    odds = check.distribution(check.parse({"characteristic": con, "penalty": penalty}))
    walked = walk_frontier(survival_draw(con, penalty).draw, 2000)
    assert not walked.frontier
    assert walked.distribution() == odds


def test_take_hit_by_odds_walks_where_by_dice_it_does_not() -> None:
    sheet = SYSTEM.random_npc(Roller(3))
    assert isinstance(sheet, FluidSheet)
    op = SYSTEM.operation("take_hit")
    by_odds = op.params.model_validate({"damage": 30, "survival_roll": "odds"})
    walked_odds = walk_frontier(
        lambda dice: _outcome(op.run(sheet, by_odds, dice).resolution), 2000
    )
    assert not walked_odds.frontier
    outcomes = walked_odds.distribution()
    check = Survival()
    odds = check.distribution(check.parse(_survival_values(sheet, op, by_odds)))
    assert outcomes == odds
    by_dice = op.params.model_validate({"damage": 30})
    walked = walk_frontier(lambda dice: _outcome(op.run(sheet, by_dice, dice).resolution), 2000)
    assert walked.frontier  # a CON test with the wound's many disadvantage dice


def _outcome(result: Resolution | None) -> str:
    assert result is not None
    return result.outcome


def _survival_values(sheet: FluidSheet, op: Any, params: Any) -> dict[str, int]:
    result = op.run(sheet, params, Roller(1)).resolution
    assert result is not None
    return {
        "characteristic": result.details["characteristic"],
        "penalty": result.details["penalty"],
    }


@pytest.mark.parametrize("wound", [0, 6, 9])
def test_take_hit_law_is_the_walk_of_take_hit_by_odds(wound: int) -> None:
    """The operation's law of changes, result by result, equals walking it with the survival
    test drawn from its odds (no test: one change, certain)."""
    sheet = SYSTEM.random_npc(Roller(3))
    assert isinstance(sheet, FluidSheet)
    op = SYSTEM.operation("take_hit")
    damage = tracks.current(sheet, "RES") + wound
    params = op.params.model_validate({"damage": damage, "survival_roll": "odds"})
    law: dict[str, Fraction] = {}
    for change, p in take_hit_law(sheet, params):
        key = repr(tracks.fight_state(change.sheet))
        law[key] = law.get(key, Fraction(0)) + p
    walked = walk_frontier(
        lambda dice: repr(tracks.fight_state(op.run(sheet, params, dice).sheet)), 2000
    )
    assert not walked.frontier
    assert dict(walked.distribution().items()) == law
    assert (len(law) == 1) == (wound == 0)
    declared = op.law(sheet, params)  # the law the simulator's steps read
    assert declared is not None
    sheets: dict[str, Fraction] = {}
    for after, p in declared:
        key = repr(tracks.fight_state(after))
        sheets[key] = sheets.get(key, Fraction(0)) + p
    assert sheets == law
