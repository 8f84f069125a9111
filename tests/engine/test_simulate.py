"""`ecran simulate`: counts drawn from a check's exact odds agree with `ecran odds` (a chi-square
test, fixed seed) for every core check of CONTRACTS.md, at its example and at other parameters."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from ecran.dice import Distribution
from ecran.engine import odds
from ecran.engine.simulate import Sampler, check_trials, simulate_check
from ecran.rules import EcranError

#: (system, check, parameters): each core check at two settings.
CORE: list[tuple[str, str, dict[str, Any]]] = [
    ("artemis", "test", {"skill": 5, "difficulty": 7}),
    ("artemis", "test", {"skill": 4, "difficulty": 9, "professional": True, "malus": 1}),
    ("warp", "roll", {"dice": 3, "bonus": 1, "difficulty": 11}),
    ("warp", "roll", {"dice": 2, "penalty": 1, "difficulty": 7, "fumbles": True}),
    ("warp", "opposed", {"dice": 3, "opponent_dice": 2, "opponent_bonus": 1}),
    ("fluid", "test", {"characteristic": 5, "advantage_dice": 1}),
    ("fluid", "test", {"characteristic": 3, "disadvantage_dice": 2, "modifier": 1}),
    ("nephilim", "test", {"characteristic": 1, "skill": 0, "difficulty": 0}),
    ("nephilim", "test", {"characteristic": 3, "skill": 2, "difficulty": -2, "malus": 1}),
    ("organique", "test", {"characteristic": 9, "difficulty": 20, "modifier": 8}),
    ("organique", "test", {"characteristic": 6, "difficulty": 25, "luck": True}),
]
#: Upper 0.1 % points of the chi-square law by degrees of freedom (standard tables).
CHI2_999 = {1: 10.83, 2: 13.82, 3: 16.27, 4: 18.47, 5: 20.52, 6: 22.46, 7: 24.32, 8: 26.12}
TRIALS = 200_000


def chi_square(counts: list[int], probabilities: list[Fraction], trials: int) -> tuple[float, int]:
    """Pearson's statistic and its degrees of freedom over the outcomes that can happen."""
    stat, cells = 0.0, 0
    for count, p in zip(counts, probabilities, strict=True):
        if p == 0:
            assert count == 0, "an impossible outcome was drawn"
            continue
        expected = float(p) * trials
        stat += (count - expected) ** 2 / expected
        cells += 1
    return stat, cells - 1


@pytest.mark.parametrize(("system", "check", "params"), CORE, ids=lambda x: str(x))
def test_counts_agree_with_the_exact_odds(system: str, check: str, params: dict[str, Any]) -> None:
    report = simulate_check(system, check, params, TRIALS, seed=2026)
    exact = odds(system, check, **params)
    assert [o.outcome for o in report.outcomes] == [o.outcome for o in exact.outcomes]
    assert sum(o.count for o in report.outcomes) == TRIALS
    stat, df = chi_square(
        [o.count for o in report.outcomes],
        [Fraction(o.probability) for o in exact.outcomes],
        TRIALS,
    )
    assert stat < CHI2_999[df], (stat, df)


def test_a_seed_replays_the_same_counts() -> None:
    params = {"characteristic": 5, "advantage_dice": 1}
    first = simulate_check("fluid", "test", params, 10_000, seed=7)
    again = simulate_check("fluid", "test", params, 10_000, seed=7)
    other = simulate_check("fluid", "test", params, 10_000, seed=8)
    assert first.outcomes == again.outcomes
    assert first.outcomes != other.outcomes


def test_the_sampler_is_exact_on_a_known_law() -> None:
    """1/3, 2/3 over 300,000 draws: the chi-square test catches an off-by-one in the lookup."""
    sampler = Sampler(Distribution({"a": 1, "b": 2}))
    counts = np.bincount(sampler.draw(np.random.default_rng(1), 300_000), minlength=2)
    stat, df = chi_square(list(counts), [Fraction(1, 3), Fraction(2, 3)], 300_000)
    assert stat < CHI2_999[df]


def test_a_small_law_read_from_its_table_draws_what_the_search_draws() -> None:
    """Up to TABLE_LIMIT the outcome of each integer is read from a table, not searched: the
    same integers give the same outcomes, impossible ones (weight 0) never drawn."""
    law = Distribution({"a": 1, "c": 3, "d": 2})
    sampler = Sampler(law, order=["a", "b", "c", "d"])  # "b": weight 0, between two others
    assert sampler._table is not None
    drawn = sampler.draw(np.random.default_rng(5), 60_000)
    picks = np.random.default_rng(5).integers(0, 6, size=60_000, dtype=np.int64)
    searched = np.searchsorted(np.cumsum([1, 0, 3, 2]), picks, side="right")
    assert np.array_equal(drawn, searched)
    assert np.bincount(drawn, minlength=4)[1] == 0
    counted = sampler.count(np.random.default_rng(5), 60_000)
    assert counted.tolist() == np.bincount(drawn, minlength=4).tolist()


def test_bad_trials_and_seeds_are_one_line_errors() -> None:
    for trials, seed in ((0, 1), (10**9, 1), (10, -1)):
        with pytest.raises(EcranError):
            simulate_check("artemis", "test", {"skill": 5, "difficulty": 7}, trials, seed)


def test_a_wrong_number_of_trials_is_said_as_a_reader_counts() -> None:
    with pytest.raises(EcranError) as refused:
        check_trials(10**9)
    assert refused.value.message("fr") == (
        "nombre d'essais invalide : 1\u202f000\u202f000\u202f000 (entre 1 et 100\u202f000\u202f000)"
    )
    assert refused.value.message("en").endswith("(between 1 and 100,000,000)")
