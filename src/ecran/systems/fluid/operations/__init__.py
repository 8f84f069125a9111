"""Changes of play state (L788-806, L1403-1409, L1425-1597, L1930-1955), one module per topic.
Sheets are never changed in place: each operation returns a copy and a bilingual summary."""

from __future__ import annotations

from typing import Any

from ecran.rules import Operation
from ecran.systems.fluid.operations.equipment import damage_equipment
from ecran.systems.fluid.operations.experience import advance, award_xp
from ecran.systems.fluid.operations.manoeuvres import suffer_manoeuvre
from ecran.systems.fluid.operations.recovery import medicine, night_rest, short_pause
from ecran.systems.fluid.operations.resources import spend
from ecran.systems.fluid.operations.sanity import lose_sanity
from ecran.systems.fluid.operations.traits import add_trait
from ecran.systems.fluid.operations.wounds import (
    bleed,
    survive,
    take_damage,
    take_hit,
    will_or_coma,
)

OPERATIONS: tuple[Operation[Any, Any], ...] = (
    take_damage,
    spend,
    lose_sanity,
    night_rest,
    short_pause,
    medicine,
    survive,
    bleed,
    will_or_coma,
    award_xp,
    advance,
    add_trait,
    damage_equipment,
    take_hit,
    suffer_manoeuvre,
)
