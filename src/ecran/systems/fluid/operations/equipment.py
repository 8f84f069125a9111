"""Damaged equipment (L1403-1409): a blow of at least twice the score loses it a point."""

from __future__ import annotations

from typing import Literal

from ecran.rules import Change, FieldMeta, Params, cite, tr
from ecran.systems.fluid.operations.common import operation
from ecran.systems.fluid.sheet import FluidSheet
from ecran.systems.fluid.tables import FIELDS, SEED


class GearDamageParams(Params):
    item: Literal["weapon", "second_weapon", "armour", "shield"] = FIELDS("item")
    points: int = FIELDS("gear_damage_points", ge=1, le=60)


@operation("damage_equipment", cite(SEED, 1403, 1409))
def damage_equipment(sheet: FluidSheet, params: GearDamageParams) -> Change[FluidSheet]:
    """A blow of at least twice an item's score takes a point off it; at 0 it is unusable
    (L1403-1409)."""
    score = getattr(sheet.equipment, params.item)
    if score and params.points >= 2 * score:
        score -= 1
    gear = sheet.equipment.model_copy(update={params.item: score})
    item = FieldMeta.of_model(type(params))["item"].choice_label(params.item)
    note = tr(
        f"{item.fr} {score}" + (" (inutilisable)" if not score else ""),
        f"{item.en} {score}" + (" (unusable)" if not score else ""),
    )
    return Change(sheet.model_copy(update={"equipment": gear}), note)
