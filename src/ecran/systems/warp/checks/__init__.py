"""The checks of WaRP, one module per family: the core rolls (core), rolls that are not a trait
against a number (group), combat (combat), powers and spells (powers)."""

from __future__ import annotations

from typing import Any

from ecran.rules import Check
from ecran.systems.warp.checks.combat import Melee, Ranged, SpecialEffect
from ecran.systems.warp.checks.core import Opposed, Related, Roll, Versus
from ecran.systems.warp.checks.group import Abbreviated, FlawTrigger, GroupRoll, HandOfFate
from ecran.systems.warp.checks.powers import (
    CureDisease,
    LearnPower,
    LearnSpell,
    Power,
    ResistSpell,
)

CHECKS: tuple[Check[Any], ...] = (
    Roll(),
    Opposed(),
    Versus(),
    Related(),
    GroupRoll(),
    HandOfFate(),
    FlawTrigger(),
    Melee(),
    Ranged(),
    SpecialEffect(),
    Abbreviated(),
    Power(),
    CureDisease(),
    LearnPower(),
    LearnSpell(),
    ResistSpell(),
)
