"""An independent reading of `hack_detection`'s odds (L2029-2070), kept as an oracle for the walk:
the admin's presence (1d100 ≤ surveillance) is independent of the opposed tests that follow, so
the odds are P(present) × the walk of the tests alone, plus "unnoticed" for an absent admin."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ecran.dice import Distribution, enumerate_outcomes
from ecran.systems.organique import SYSTEM
from ecran.systems.organique.checks.hacking import Detection


def _by_presence(check: Detection, values: dict[str, Any]) -> Distribution[str]:
    params = check.parse(values)
    present = Fraction(params.surveillance, 100)
    watch = enumerate_outcomes(lambda dice: check._watch(params, dice).outcome)
    presence = Distribution.from_fractions({True: present, False: 1 - present})
    return presence.bind(lambda here: watch if here else Distribution.constant("unnoticed"))


@pytest.mark.parametrize(
    "values",
    [
        {"surveillance": 30, "admin_level": 3, "admin_base": 14, "hacker_base": 18},
        {"surveillance": 30, "admin_level": 2, "admin_base": 12, "hacker_base": 14},
        {
            "surveillance": 7,
            "admin_level": 6,
            "admin_base": 20,
            "hacker_base": 10,
            "stealthy": False,
        },
        {
            "surveillance": 55,
            "admin_level": 2,
            "admin_base": 16,
            "hacker_base": 15,
            "admin_level_bonus": "skill_level",
        },
    ],
)
def test_the_walk_agrees_with_the_admins_presence_times_the_opposition(
    values: dict[str, Any],
) -> None:
    check = SYSTEM.check("hack_detection")
    assert isinstance(check, Detection)
    walked = check.distribution(check.parse(values))
    oracle = _by_presence(check, values)
    for name in check.outcome_names():
        assert walked.probability(name) == oracle.probability(name), name
