"""A check whose walk cannot end (Fluid's attack re-rolls ties and explodes: an infinite tree)
is drawn from its partial walk: the results reached, then the frontier's prefixes resumed on
fresh dice. The drawn outcomes must follow the game's own analytic law (`distribution`, written
apart from `resolve`): a chi-square test, from a frontier alone and from a mix of both. The
attack's own `result_law` (listed results, then tails drawn on fresh dice) is held to the same
test: the simulator's table for it comes from the law, not from a walk."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import numpy as np
import pytest

from ecran.dice import Roller
from ecran.engine import get_system
from ecran.engine.fight.arrays import FlatDistributions
from ecran.engine.fight.check_tables import _walked_table, check_table


def chi_square_p(observed: dict[str, int], expected: dict[str, float]) -> float:
    """The chi-square test's p-value (Wilson-Hilferty's normal approximation: no scipy)."""
    n = sum(observed.values())
    stat = sum((observed.get(k, 0) - n * p) ** 2 / (n * p) for k, p in expected.items())
    dof = len(expected) - 1
    z = ((stat / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))
    return 0.5 * math.erfc(z / math.sqrt(2))


def drawn(
    check: Any, params: Any, paths: int, n: int, seed: int, walk: bool = True
) -> tuple[Counter[str], Any]:
    """`n` outcomes drawn as the simulator draws them: one integer per trial over the table's
    segment, a walked result read off, a frontier prefix resumed on one seeded Roller (with
    `walk` false: the table the simulator builds, from the check's result law)."""
    table = _walked_table(check, params, paths) if walk else check_table(check, params, paths)
    segments = FlatDistributions()
    index = segments.add(range(len(table.weights)), table.weights, table.denominator)
    at = segments.draw(np.random.default_rng(seed), np.full(n, index, dtype=np.int64))
    dice = Roller(seed)
    found: Counter[str] = Counter()
    for position in at.tolist():
        if position < len(table.keys):
            found[table.seen[table.keys[position]].outcome] += 1
        else:
            found[table.resume(position - len(table.keys), dice)[1].outcome] += 1
    return found, table


@pytest.mark.parametrize(
    ("dice", "reached"),
    [({"advantage_dice": 0, "opponent_advantage_dice": 0}, True), ({}, False)],
    ids=["one die a side", "pools"],
)
def test_a_fluid_attack_with_ties_rerolled_follows_its_exact_law(
    dice: dict[str, int], reached: bool
) -> None:
    check = get_system("fluid").check("attack")
    params = check.parse({**check.example, "tie_rule": "reroll", **dice})
    law = check.distribution(params)
    expected = {str(o): float(p) for o, p in law.items()}
    observed, table = drawn(check, params, 300, 20_000, seed=7)
    assert table.frontier  # the tree has no end
    assert bool(table.keys) == reached
    assert set(observed) <= set(expected)
    assert chi_square_p(dict(observed), expected) > 1e-4, (observed, expected)


@pytest.mark.parametrize("tie_rule", ["reroll", "stand_off"])
def test_the_attacks_result_law_table_follows_its_exact_law(tie_rule: str) -> None:
    check = get_system("fluid").check("attack")
    params = check.parse({**check.example, "tie_rule": tie_rule})
    law = check.distribution(params)
    expected = {str(o): float(p) for o, p in law.items() if p}
    observed, table = drawn(check, params, 300, 20_000, seed=7, walk=False)
    assert table.keys and table.frontier  # listed results, then the long chains' tail
    assert set(observed) <= set(expected)
    assert chi_square_p(dict(observed), expected) > 1e-4, (observed, expected)


def test_a_wrong_law_fails_the_same_test() -> None:
    """The test has teeth: the same draws against the law without the re-roll (ties stand)."""
    check = get_system("fluid").check("attack")
    base = {**check.example, "advantage_dice": 0, "opponent_advantage_dice": 0}
    params = check.parse({**base, "tie_rule": "reroll"})
    other = check.distribution(check.parse({**base, "tie_rule": "stand_off"}))
    observed, _ = drawn(check, params, 300, 20_000, seed=7)
    expected = {str(o): float(p) for o, p in other.items()}
    assert chi_square_p(dict(observed), expected) < 1e-6
