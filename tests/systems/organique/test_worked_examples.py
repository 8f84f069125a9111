"""The worked examples of rules/organique.md §8 that need a sheet, an operation or a rule
function, each naming its seed lines (those that are a check rolled on the book's dice are data,
in `examples.toml`); and the advancement operation (a GM input: the chapter gives no costs)."""

from __future__ import annotations

from typing import Any

import pytest

from ecran.engine import get_system
from ecran.rules import EcranError
from ecran.systems.organique.sheet import ArmourPiece, OrganiqueSheet
from ecran.systems.organique.tracks import (
    Damage,
    lift_difficulty,
    range_increments,
    through_armour,
)

SYSTEM = get_system("organique")


def fighter(name: str, stats: dict[str, int], **update: Any) -> OrganiqueSheet:
    base = SYSTEM.new_character(name).model_dump()
    base["characteristics"].update(stats)
    base.update(update)
    return OrganiqueSheet.model_validate(base)


def layer(coverage: int, bs: float, c: float) -> ArmourPiece:
    """An armour layer of the sheet (IA, bs and c protection)."""
    return ArmourPiece(name="armour", coverage=coverage, bs=bs, c=c)


def test_lift_100_kg_is_34_by_the_formula_L439_441() -> None:
    """The text says "about 30"; reading A8 keeps the formula ceil(kg / 3)."""
    assert lift_difficulty(100) == 34


def test_ap_bullet_counts_as_its_ap_against_armour_L688_695() -> None:
    """5 bs AP 10 counts as 10 against the armour; never more than its 5 bs get through."""
    assert through_armour(Damage(5, 0), [layer(20, 7, 0)], None, ap=10)[0] == Damage(3, 0)
    assert through_armour(Damage(5, 0), [layer(20, 3, 0)], None, ap=10)[0] == Damage(5, 0)


def test_dagger_increments_L3903_L3959() -> None:
    assert range_increments(5, 0.5) == 10
    assert range_increments(2, 0.5) == 4


@pytest.mark.parametrize(
    ("stats", "bonus", "face", "total"),
    [
        ({"PER": 12, "INT": 10}, None, 6, 28),  # Rusty, L3731
        ({"PER": 8, "INT": 13}, None, 2, 23),  # Juanita, L3733
        ({"PER": 6, "INT": 12}, 3, 10, 34),  # Ying, knife throwing 3 (+6), L3889-3891
        ({"PER": 14, "INT": 16}, None, 2, 32),  # Raul
        ({"PER": 17, "INT": 6}, None, 3, 26),  # Tyra
        ({"PER": 6, "INT": 7}, None, 10, 23),  # Hammerhead
    ],
)
def test_initiatives_of_both_fights_L3729_3735_L3889_3891(
    dice: Any, stats: dict[str, int], bonus: int | None, face: int, total: int
) -> None:
    skills = []
    if bonus:
        skills = [{"name": "Couteaux de lance", "level": bonus, "initiative_per_level": 2}]
    s = fighter("X", stats, combat_skills=skills)
    assert SYSTEM.initiative(s, dice(face)).total == total


def test_end_of_round_one_L3941_3944(dice: Any) -> None:
    """Everyone fought: −1 END (Raul 4 → 3, Tyra 7 → 6, Hammerhead 13 → 12, Ying 8 → 7)."""
    op = SYSTEM.operation("end_of_round")
    for end in (4, 7, 13, 8):
        s = fighter("X", {"END": end}, endurance=end)
        assert op.apply(s, op.params.model_validate({}), dice()).sheet.endurance == end - 1


def test_advance_is_a_gm_input_within_levels_1_to_6(dice: Any) -> None:
    op = SYSTEM.operation("advance")
    s = fighter("X", {}, skills=[{"name": "Moto", "characteristic": "AGI", "level": 5}])
    up = op.apply(s, op.params.model_validate({"skill": "moto", "cost": "20 PX"}), dice()).sheet
    assert [(k.name, k.level) for k in up.skills] == [("Moto", 6)]
    assert "20 PX" in up.notes
    with pytest.raises(EcranError):
        op.apply(up, op.params.model_validate({"skill": "Moto"}), dice())
    new = op.apply(
        s, op.params.model_validate({"skill": "Natation", "characteristic": "AGI"}), dice()
    )
    assert ("Natation", 1) in [(k.name, k.level) for k in new.sheet.skills]
    assert SYSTEM.validate(new.sheet) == []
