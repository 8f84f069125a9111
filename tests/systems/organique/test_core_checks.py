"""Two characteristics, skills, saves, opposed actions: worked examples and exact odds."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ecran.engine import get_system
from support import assert_rolls_match_odds

SYSTEM = get_system("organique")


def faces_where(pred: Any) -> Fraction:
    return Fraction(sum(1 for f in range(1, 21) if pred(f)), 20)


def test_unconsciousness_save_needs_second_characteristic(cli) -> None:
    result = cli("odds", "organique", "save", "--kind", "unconsciousness", "--characteristic", "3")
    assert result.code == 2
    assert "--second" in result.err


@pytest.mark.parametrize(
    ("level", "book", "teamwork", "bonus"),
    [
        (1, "none", False, 0),
        (6, "none", False, 20),
        (0, "intro", False, 0),
        (0, "reference", False, 0),
        (2, "reference", False, 8),
        (6, "both", False, 20),
        (2, "none", True, 8),
    ],
)
def test_skill_levels_books_and_teamwork_L1164_1241(
    resolve, level: int, book: str, teamwork: bool, bonus: int
) -> None:
    """L1164-1186 (+4 per level), L1209-1216 (+4 working together), L1219-1241 (books)."""
    result = resolve(
        "skill", (10,), characteristic=5, level=level, difficulty=20, book=book, teamwork=teamwork
    )
    assert result.details["skill_bonus"] == bonus
    assert result.total == 5 + bonus + 10


def test_opposed_larger_margin_wins_L58_80(odds) -> None:
    got = odds(
        "opposed",
        characteristic=10,
        difficulty=20,
        opponent_characteristic=10,
        opponent_difficulty=25,
    )
    expected = {"loss": 0, "neither": 0, "tie": 0, "win": 0}
    for a in range(1, 21):
        for b in range(1, 21):
            ma, mb = 10 + a - 20, 10 + b - 25
            if ma < 0 and mb < 0:
                expected["neither"] += 1
            elif mb < 0 or (ma >= 0 and ma > mb):
                expected["win"] += 1
            elif ma < 0 or ma < mb:
                expected["loss"] += 1
            else:
                expected["tie"] += 1
    assert got == {k: Fraction(v, 400) for k, v in expected.items()}


@pytest.mark.parametrize(
    ("check", "values"),
    [
        ("two_characteristics", {"first": 3, "second": 12, "difficulty": 20}),
        ("skill", {"characteristic": 12, "level": 4, "difficulty": 35, "luck": True}),
        ("save", {"kind": "fear", "characteristic": 9, "difficulty": 20, "opponent_margin": 3}),
        (
            "opposed",
            {
                "characteristic": 12,
                "difficulty": 20,
                "opponent_characteristic": 10,
                "opponent_difficulty": 20,
            },
        ),
    ],
)
def test_rolls_agree_with_odds(check: str, values: dict[str, Any]) -> None:
    assert_rolls_match_odds("organique", check, values, n=3000)
