"""The Espace Artémis system: assembles checks, operations, options and the character sheet."""

from __future__ import annotations

from ecran.rules import System, tr
from ecran.systems.artemis import options
from ecran.systems.artemis.checks import combat, core, misc, psy
from ecran.systems.artemis.tables import SEED


class Artemis(System):
    id = "artemis"
    name = tr("Espace Artémis", "Espace Artémis")
    seed = SEED
    checks = (
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
    options = options.ALL


SYSTEM = Artemis()
