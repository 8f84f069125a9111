"""A counted word agrees with its count: French is singular below 2, English only at 1."""

import pytest

from ecran.rules.wording import agreed


@pytest.mark.parametrize(
    ("n", "fr", "en"),
    [
        (0, "blessure grave", "wounds"),
        (1, "blessure grave", "wound"),
        (1.5, "blessure grave", "wounds"),
        (-1, "blessure grave", "wounds"),
        (2, "blessures graves", "wounds"),
        (-2, "blessures graves", "wounds"),
        (17, "blessures graves", "wounds"),
    ],
)
def test_agreed_picks_the_form_of_the_count(n: float, fr: str, en: str) -> None:
    assert agreed(n, "blessure grave", "blessures graves") == fr
    assert agreed(n, "blessure grave", "blessures graves", "fr") == fr
    assert agreed(n, "wound", "wounds", "en") == en


def test_agreed_returns_the_form_not_the_number() -> None:
    assert agreed(3, "point", "points") == "points"
    assert "3" not in agreed(3, "point", "points", "en")


def test_the_work_limit_agrees_with_its_seconds() -> None:
    from ecran.engine.budget import too_costly

    assert too_costly(1.0).message("en").endswith("over the limit of 1 CPU-second")
    assert too_costly(0.5).message("en").endswith("over the limit of 0.5 CPU-seconds")
