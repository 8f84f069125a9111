"""Damage the health tracks alone do not describe: explosions (L768-775), disabled limbs
(L742-746) and machines' structure points (L3528-3535)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, FieldMeta, Params, tr
from ecran.systems.organique.hazards import Report, wound
from ecran.systems.organique.operations.common import operation
from ecran.systems.organique.operations.environment import burn
from ecran.systems.organique.sheet import OrganiqueSheet
from ecran.systems.organique.tables import FIELDS, src
from ecran.systems.organique.tracks import Damage, floor_half, through_armour

if TYPE_CHECKING:
    Part = str
else:
    Part = Literal["hand", "foot", "arm", "leg"]

#: L742-745: the damage that puts a limb out of use.
DISABLING = {"hand": 0.5, "foot": 0.5, "arm": 1.0, "leg": 1.0}


class ExplosionParams(Params):
    fire: int = FIELDS("fire", default=0, ge=0, le=40)
    blast_c: float = FIELDS("blast_c", default=0, ge=0, le=200)
    shrapnel_bs: float = FIELDS("shrapnel_bs", default=0, ge=0, le=200)
    armour: bool = FIELDS("armour.explosion", default=False)


@operation("explosion", src(768, 775), src(726, 735))
def explosion(
    sheet: OrganiqueSheet, params: ExplosionParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """An explosion deals one, two or all of burns (fire damage and its saves), blast (c) and
    shrapnel (bs); the amounts come from the weapon or the GM (L768-775)."""
    r = Report()
    hit = Damage(params.shrapnel_bs, params.blast_c)
    if params.armour:
        hit, _ = through_armour(hit, sheet.armour, None)
    new = wound(sheet, bs=floor_half(hit.bs, sheet.halving), c=floor_half(hit.c, sheet.halving))
    r.say(f"souffle {hit.c} c, shrapnels {hit.bs} bs", f"blast {hit.c} c, shrapnel {hit.bs} bs")
    if params.fire:
        new = burn(new, params.fire, dice, r)
    h = new.health
    r.say(f"SNG {h.sng}, CPS {h.cps}, INC {h.inc}", f"SNG {h.sng}, CPS {h.cps}, INC {h.inc}")
    return Change(new, r.text(), r.resolution("exploded"))


class LimbParams(Params):
    part: Part = FIELDS("part")
    side: Literal["left", "right"] = FIELDS("side", default="right")
    bs: float = FIELDS("bs.limb", default=0, ge=0, le=200)
    c: float = FIELDS("c.limb", default=0, ge=0, le=200)


@operation("limb_damage", src(742, 746))
def limb_damage(sheet: OrganiqueSheet, params: LimbParams) -> Change[OrganiqueSheet]:
    """Disabling damage (L742-746): damage that reaches a limb (after armour) goes through the
    tracks as usual, and 0.5 of it puts a hand or foot, 1 an arm or leg, out of use."""
    new = wound(sheet, bs=params.bs, c=params.c)
    limb = f"{params.side}_{params.part}"
    lost = params.bs + params.c >= DISABLING[params.part]
    if lost and limb not in new.disabled_limbs:
        new = new.model_copy(update={"disabled_limbs": [*new.disabled_limbs, limb]})
    words = FieldMeta.of_model(LimbParams)
    part, side = words["part"].choice_label(params.part), words["side"].choice_label(params.side)
    state = "hors d'usage" if lost else "touché"
    text = tr(
        f"{part.fr} ({side.fr.lower()}) {state}",
        f"{side.en} {part.en.lower()} {'disabled' if lost else 'hit'}",
    )
    return Change(new, text)


class StructureParams(Params):
    points: float = FIELDS("points.structure", default=1, ge=0, le=1000)


@operation("structure_damage", src(3528, 3535))
def structure_damage(sheet: OrganiqueSheet, params: StructureParams) -> Change[OrganiqueSheet]:
    """Machines and robots have no SNG, CPS or INC but structure points, set by the GM; at 0
    they are out of order (L3528-3535)."""
    if sheet.structure is None:
        raise EcranError(
            tr(
                "pas de points de structure sur cette feuille (machines seulement)",
                "no structure points on this sheet (machines only)",
            )
        )
    left = max(0.0, sheet.structure - params.points)
    state = ("hors service", "out of order") if left == 0 else ("", "")
    text = tr(f"structure {left} {state[0]}".strip(), f"structure {left} {state[1]}".strip())
    return Change(sheet.model_copy(update={"structure": left}), text)


BODY_OPERATIONS = (explosion, limb_damage, structure_damage)
