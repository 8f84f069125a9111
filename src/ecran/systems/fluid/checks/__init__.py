"""Fluid's checks, one module per family; `CHECKS` is the tuple the system offers, in order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ecran.rules import Check
from ecran.systems.fluid.checks.combat import Attack
from ecran.systems.fluid.checks.health import HitLocation, Medicine, Shock, Survival
from ecran.systems.fluid.checks.magic import Spell
from ecran.systems.fluid.checks.opposed import Chase, MassCombat, Opposed, Vampirism, VerbalJoust
from ecran.systems.fluid.checks.test import ActionCheck, Test

CHECKS: Sequence[Check[Any]] = (
    Test(),
    ActionCheck(),
    Opposed(),
    Attack(),
    Survival(),
    Shock(),
    Medicine(),
    HitLocation(),
    Spell(),
    Vampirism(),
    Chase(),
    VerbalJoust(),
    MassCombat(),
)
