"""Changes of play state (L788-806, L1403-1409, L1425-1597, L1930-1955), one module per topic.
Sheets are never changed in place: each operation returns a copy and a bilingual summary."""

from __future__ import annotations

from typing import Any

from ecran.rules import Operation
from ecran.systems.fluid.operations.equipment import DamageEquipment
from ecran.systems.fluid.operations.experience import Advancement, AwardXp
from ecran.systems.fluid.operations.recovery import NightRest, ShortPause, Treat
from ecran.systems.fluid.operations.resources import Spend
from ecran.systems.fluid.operations.sanity import LoseSanity
from ecran.systems.fluid.operations.traits import AddTrait
from ecran.systems.fluid.operations.wounds import Survive, TakeDamage, TakeHit

OPERATIONS: tuple[Operation[Any, Any], ...] = (
    TakeDamage(),
    Spend(),
    LoseSanity(),
    NightRest(),
    ShortPause(),
    Treat(),
    Survive(),
    AwardXp(),
    Advancement(),
    AddTrait(),
    DamageEquipment(),
    TakeHit(),
)
