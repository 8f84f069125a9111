"""Changes of a WaRP sheet in play, one module per topic: hit points (health), the experience
pool (experience), growth (advancement), powers and spells (psychic).

Each returns a new sheet (never mutates) and a bilingual summary; the rules themselves are the
pure functions of tracks.py."""

from __future__ import annotations

from typing import Any

from ecran.rules import Operation
from ecran.systems.warp.operations.advancement import (
    IncreaseHp,
    NewTrait,
    RaiseTrait,
    RollHitPoints,
)
from ecran.systems.warp.operations.experience import AwardExperience, NewSession, UseExperience
from ecran.systems.warp.operations.health import Heal, Recover, TakeDamage
from ecran.systems.warp.operations.psychic import (
    BuyCharge,
    LearnPowerOp,
    Recharge,
    SpendCharge,
    StudySpell,
)

OPERATIONS: tuple[Operation[Any, Any], ...] = (
    TakeDamage(),
    Recover(),
    Heal(),
    AwardExperience(),
    UseExperience(),
    NewSession(),
    RaiseTrait(),
    BuyCharge(),
    SpendCharge(),
    Recharge(),
    StudySpell(),
    RollHitPoints(),
    NewTrait(),
    IncreaseHp(),
    LearnPowerOp(),
)
