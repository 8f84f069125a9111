"""The core checks of shared/CONTRACTS.md ("Core checks of the five systems"): names,
parameters with their defaults, and outcomes worst to best. Outsiders script against these."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic_core import PydanticUndefined

from ecran.engine import get_system
from ecran.rules import FieldMeta

REQUIRED = PydanticUndefined
CORE: list[tuple[str, str, dict[str, Any], list[str]]] = [
    (
        "artemis",
        "test",
        {"skill": REQUIRED, "difficulty": REQUIRED, "professional": False, "malus": 0},
        ["failure", "uncertainty", "success"],
    ),
    (
        "warp",
        "roll",
        {
            "dice": REQUIRED,
            "bonus": 0,
            "penalty": 0,
            "difficulty": REQUIRED,
            "open_ended": False,
            "fumbles": False,
        },
        ["fumble", "failure", "tie", "success"],
    ),
    (
        "warp",
        "opposed",
        {
            "dice": REQUIRED,
            "bonus": 0,
            "penalty": 0,
            "opponent_dice": REQUIRED,
            "opponent_bonus": 0,
            "opponent_penalty": 0,
        },
        ["loss", "tie", "win"],
    ),
    (
        "fluid",
        "test",
        {"characteristic": REQUIRED, "advantage_dice": 0, "disadvantage_dice": 0, "modifier": 0},
        [
            "crit_fail",
            "major_fail",
            "fail",
            "marginal_fail",
            "marginal_success",
            "success",
            "major_success",
            "crit_success",
        ],
    ),
    (
        "nephilim",
        "test",
        {"characteristic": REQUIRED, "skill": None, "difficulty": REQUIRED, "malus": 0},
        ["critical_failure", "failure", "success", "critical_success"],
    ),
    (
        "organique",
        "test",
        {"characteristic": REQUIRED, "difficulty": REQUIRED, "modifier": 0, "luck": False},
        ["failure", "success"],
    ),
]


@pytest.mark.parametrize(
    ("system_id", "check_name", "params", "outcomes"),
    CORE,
    ids=[f"{s}.{c}" for s, c, _, _ in CORE],
)
def test_core_check_matches_the_contract(
    system_id: str, check_name: str, params: dict[str, Any], outcomes: list[str]
) -> None:
    check = get_system(system_id).check(check_name)
    fields = check.params.model_fields
    contract = list(fields)[: len(params)]
    assert contract == list(params), "the contract's parameters, in the contract's order"
    # Added after them (CONTRACTS.md: "add freely"): only readings of the book, each a named
    # option whose default keeps the contract's odds (Fluid's double 10, issue #31).
    for name in list(fields)[len(params) :]:
        meta = FieldMeta.of(name, fields[name])
        assert meta.option == "reading" and not fields[name].is_required(), name
    for name, default in params.items():
        assert fields[name].default == default or (
            default is REQUIRED and fields[name].is_required()
        ), name
    assert check.outcome_names() == outcomes
