"""#30 item 4: Fluid's choice of advantages, dice or points (L412-424), is the player's on every
roll that takes advantages, not only the plain test: the opposed rolls (advantage dice) and the
health rolls (advantages taken as points) get their advice too, each option's odds exact."""

from __future__ import annotations

import pytest

from ecran.engine.advise import advise


@pytest.mark.parametrize(
    ("check", "params"),
    [
        ("opposed", {"characteristic": 5, "opponent_characteristic": 6, "advantage_dice": 1}),
        ("mass_combat", {"characteristic": 5, "opponent_characteristic": 5, "advantage_dice": 2}),
        ("vampirism", {"characteristic": 6, "opponent_characteristic": 5, "advantage_dice": 1}),
        ("survival", {"characteristic": 5, "penalty": 0, "advantages": 2}),
        ("shock", {"characteristic": 5, "penalty": 0, "san": 8, "advantages": 2}),
        ("medicine", {"characteristic": 6, "advantages": 1}),
    ],
)
def test_every_roll_with_advantages_is_advised_L412_424(check: str, params: dict[str, int]) -> None:
    report = advise("fluid", check, params, lang="fr")
    labels = [c.label for c in report.choices]
    assert "tous les avantages en dés" in labels
    assert any("en points plutôt qu'en dés" in label for label in labels)
    plain = next(c for c in report.choices if c.plain)
    points = [c for c in report.choices if not c.plain]
    # a different split of the same advantages gives different odds (the choice matters)
    assert any(c.p_success != plain.p_success for c in points)
