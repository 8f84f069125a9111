"""Hit points in play: damage taken."""

from __future__ import annotations

from ecran.rules import Change, Params, PutCondition, tr
from ecran.systems.demo.operations.common import operation
from ecran.systems.demo.sheet import MAX_HIT_POINTS, DemoSheet
from ecran.systems.demo.tables import FIELDS, SOURCE
from ecran.systems.demo.tracks import hit_points_left, status

#: The words of the states an encounter marks on the participant when damage brings them there.
MARKED = {"out": tr("hors de combat", "out of the fight"), "dead": tr("mort", "dead")}


class DamageParams(Params):
    damage: int = FIELDS("damage", ge=0, le=2 * MAX_HIT_POINTS)


@operation("take_damage", SOURCE)
def take_damage(sheet: DemoSheet, params: DamageParams) -> Change[DemoSheet]:
    """Hit points lost, counted no further than death; reaching out of the fight or death puts
    it on the participant."""
    damage = min(sheet.damage + params.damage, 2 * sheet.hit_points)
    new = sheet.model_copy(update={"damage": damage})
    before, after = status(sheet), status(new)
    conditions = (PutCondition(MARKED[after]),) if after in MARKED and after != before else ()
    left = hit_points_left(new)
    return Change(
        new,
        tr(
            f"{sheet.name} perd {params.damage} PV : {left} / {sheet.hit_points}",
            f"{sheet.name} loses {params.damage} HP: {left} / {sheet.hit_points}",
        ),
        conditions=conditions,
    )


HEALTH_OPERATIONS = (take_damage,)
