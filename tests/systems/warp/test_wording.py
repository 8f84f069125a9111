"""Counted words agree with their count and an unknown name with its noun's gender."""

from __future__ import annotations

import pytest

from ecran.engine import get_system
from ecran.rules import EcranError, tr
from ecran.systems.warp.sheet import Trait, WarpSheet
from ecran.systems.warp.tables import WEAPONS, by_key
from ecran.testing import ScriptedDice

WARP = get_system("warp")


def sam() -> WarpSheet:
    return WarpSheet(
        name="Sam",
        central=Trait(name="Militaire", sign="s", score=4, superior=True, combat=True),
        secondary_1=Trait(name="Coriace", sign="s", score=3, hit_points=True),
        secondary_2=Trait(name="Discret", sign="s", score=3),
        flaw=Trait(name="Violent", sign="s"),
        max_hp=21,
    )


def summary(op: str, **params: int) -> tuple[str, str]:
    operation = WARP.operation(op)
    change = operation.apply(sam(), operation.params.model_validate(params), ScriptedDice([]))
    return change.summary.fr, change.summary.en


def test_experience_dice_agree_with_their_count() -> None:
    assert summary("award_experience", dice=1) == (
        "+1 dé d'expérience",
        "+1 experience die",
    )
    assert summary("award_experience", dice=3) == (
        "+3 dés d'expérience",
        "+3 experience dice",
    )


def test_an_unknown_weapon_is_feminine() -> None:
    with pytest.raises(EcranError) as refused:
        by_key(WEAPONS.melee, "nope", tr("arme", "weapon"))
    assert refused.value.message("fr").startswith("arme inconnue : « nope »")
    with pytest.raises(EcranError) as refused:
        by_key(WEAPONS.melee, "nope", tr("sort", "spell"))
    assert refused.value.message("fr").startswith("sort inconnu : « nope »")


@pytest.mark.parametrize(
    ("category", "score", "fr", "en"),
    [("technical", 0, "au moins 1 dé,", "at least 1 die,"), ("standard", 2, "3 dés,", "3 dice,")],
)
def test_an_acquired_traits_least_dice_agree_with_their_count(
    category: str, score: int, fr: str, en: str
) -> None:
    low = Trait(name="Appris", sign="s", category=category, score=score)
    broken = sam().model_copy(update={"acquired": [low]})
    [violation] = [v for v in WARP.validate(broken) if v.rule == "warp.trait.acquired"]
    assert fr in violation.message.fr and en in violation.message.en
