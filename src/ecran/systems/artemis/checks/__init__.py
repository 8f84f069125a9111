"""Artémis checks, one module per family: the skill test and the tests built on it (`core`),
action scenes (`combat`), the psy space (`psy`) and the rolls that are not tests (`misc`)."""

from __future__ import annotations

from typing import Any

from ecran.rules import Check
from ecran.systems.artemis.checks import combat, core, misc, psy

CHECKS: tuple[Check[Any], ...] = (
    core.Test(),
    core.TestXp(),
    core.Opposed(),
    core.Nifimo(),
    core.Calm(),
    core.Resistance(),
    combat.Attack(),
    combat.Defenceless(),
    combat.Dodge(),
    combat.Damage(),
    psy.SketchTrace(),
    psy.SketchAttract(),
    psy.Metamorphosis(),
    psy.Invocation(),
    psy.Rendezvous(),
    psy.Apaiser(),
    misc.NpcScore(),
    misc.MentalCrisis(),
)
#: The same checks by name, for the operations that roll one from a sheet.
BY_NAME: dict[str, Check[Any]] = {c.name: c for c in CHECKS}
