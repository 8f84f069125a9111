"""The WaRP system object: checks, options, sheet, operations, initiative."""

from __future__ import annotations

from ecran.rules import System, tr
from ecran.systems.warp.checks.combat import Melee, Ranged
from ecran.systems.warp.checks.core import Opposed, Roll, Versus
from ecran.systems.warp.common import SEED
from ecran.systems.warp.options import ALL_OPTIONS


class Warp(System):
    id = "warp"
    name = tr("WaRP (moteur d'Over the Edge)", "WaRP (Over the Edge engine)")
    seed = SEED
    checks = (Roll(), Opposed(), Versus(), Melee(), Ranged())
    options = ALL_OPTIONS


SYSTEM = Warp()
