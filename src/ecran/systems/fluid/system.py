"""The Fluid system object: checks, operations, options and the character model together."""

from __future__ import annotations

from ecran.rules import System, tr
from ecran.systems.fluid.checks.combat import Attack
from ecran.systems.fluid.checks.health import HitLocation, Medicine, Shock, Survival
from ecran.systems.fluid.checks.magic import Spell
from ecran.systems.fluid.checks.opposed import Chase, MassCombat, Opposed, Vampirism, VerbalJoust
from ecran.systems.fluid.checks.test import Action, Test
from ecran.systems.fluid.options import CHECK_OPTIONS
from ecran.systems.fluid.tables import SEED

CHECKS = (
    Test(),
    Action(),
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


class Fluid(System):
    id = "fluid"
    name = tr("Fluid", "Fluid")
    seed = SEED
    checks = CHECKS
    options = tuple(
        o for o in CHECK_OPTIONS if any(o.name in c.params.model_fields for c in CHECKS)
    )


SYSTEM = Fluid()
