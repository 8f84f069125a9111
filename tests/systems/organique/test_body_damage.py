"""Explosions (L768-775), disabled limbs (L742-746), machines' structure (L3528-3535) and the
time a book costs (L1219-1227)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ecran.engine import get_system
from ecran.rules import EcranError, Resolution
from ecran.systems.organique.sheet import ArmourPiece, OrganiqueSheet

SYSTEM = get_system("organique")


def body(**update: Any) -> OrganiqueSheet:
    s = SYSTEM.new_character("Cible")
    assert isinstance(s, OrganiqueSheet)
    health = s.health.model_copy(update={"sng": 5, "cps": 3, "inc": 4})
    return s.model_copy(update={"health": health, **update})


def step(s: OrganiqueSheet, op_name: str, faces: tuple[int, ...], dice: Any, **values: Any) -> Any:
    op = SYSTEM.operation(op_name)
    source = dice(*faces)
    change = op.apply(s, op.params.model_validate(values), source)
    assert source.exhausted
    return change


def test_explosion_blast_and_shrapnel_through_the_tracks_L768_775(dice: Any) -> None:
    """Blast is c (CPS first, then ×2 on SNG, L574-578); shrapnel is bs."""
    change = step(body(), "explosion", (), dice, blast_c=4, shrapnel_bs=1)
    h = change.sheet.health
    assert (h.cps, h.sng) == (0, 5 - 1 - 2)


def test_explosion_burns_roll_the_fire_saves_L726_735(dice: Any) -> None:
    """2 fire points: 2 bs, a suffering save at 20 and a shock save at 10."""
    change = step(body(), "explosion", (20, 20), dice, fire=2)
    details = change.resolution.details
    assert (details["suffering_difficulty"], details["shock_difficulty"]) == (20, 10)
    assert change.sheet.health.sng == 3
    assert change.sheet.infection_malus == 10


def test_explosion_armour_is_the_gms_call(dice: Any) -> None:
    jacket = ArmourPiece(name="blouson", coverage=20, bs=2, c=2)
    bare = step(body(armour=[jacket]), "explosion", (), dice, shrapnel_bs=3)
    covered = step(body(armour=[jacket]), "explosion", (), dice, shrapnel_bs=3, armour=True)
    assert (bare.sheet.health.sng, covered.sheet.health.sng) == (2, 4)


@pytest.mark.parametrize(
    ("part", "bs", "lost"),
    [("hand", 0.5, True), ("foot", 0.5, True), ("arm", 0.5, False), ("leg", 1.0, True)],
)
def test_limb_out_of_use_at_half_or_one_point_L742_746(
    dice: Any, part: str, bs: float, lost: bool
) -> None:
    change = step(body(), "limb_damage", (), dice, part=part, side="left", bs=bs)
    assert (f"left_{part}" in change.sheet.disabled_limbs) is lost
    assert change.sheet.health.sng == 5 - bs


def test_robot_structure_to_zero_is_out_of_order_L3528_3535(dice: Any) -> None:
    robot = body(structure=6)
    hit = step(robot, "structure_damage", (), dice, points=4)
    assert hit.sheet.structure == 2
    wrecked = step(hit.sheet, "structure_damage", (), dice, points=5)
    assert wrecked.sheet.structure == 0 and "out of order" in wrecked.summary.en
    with pytest.raises(EcranError):
        step(body(), "structure_damage", (), dice)


def test_book_multiplies_the_time_by_its_medium_L1222_1227(
    resolve: Callable[..., Resolution],
) -> None:
    plain = resolve("skill", (10,), characteristic=10, level=2, difficulty=20)
    assert plain.details["time_multiplier"] == 1
    for medium, factor in (("mental", 2), ("computer", 3), ("paper", 4)):
        r = resolve(
            "skill",
            (10,),
            characteristic=10,
            level=2,
            difficulty=20,
            book="reference",
            book_medium=medium,
        )
        assert r.details["time_multiplier"] == factor
        assert r.details["level"] == 3


def test_inc_zero_drops_the_reserve_for_24_hours_L377_379(dice: Any) -> None:
    """SNG 5, INC 4: 9 bs leaves INC 0; the reserve falls and does not recover until the GM
    ends the 24 h effect."""
    down = step(body(endurance=8), "take_hit", (), dice, bs=9, ignore_armour=True)
    assert (down.sheet.health.inc, down.sheet.endurance) == (0, 0)
    rested = step(down.sheet, "recover_endurance", (), dice, points=3)
    assert rested.sheet.endurance == 0
    later = step(down.sheet, "end_effect", (), dice, name="inc_zero_24h")
    assert step(later.sheet, "recover_endurance", (), dice, points=3).sheet.endurance == 3
    burnt = step(body(endurance=8), "explosion", (), dice, shrapnel_bs=9)
    assert burnt.sheet.endurance == 0
    grazed = step(body(endurance=8), "take_hit", (), dice, bs=8, ignore_armour=True)
    assert (grazed.sheet.health.inc, grazed.sheet.endurance) == (1, 8)
