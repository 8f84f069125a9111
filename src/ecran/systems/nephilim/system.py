"""The `nephilim` System: assembles checks, operations, options and the character sheet."""

from __future__ import annotations

from ecran.rules import System, tr
from ecran.systems.nephilim import options
from ecran.systems.nephilim.checks.combat import Attack, DuelSegments, Initiative, Sprint
from ecran.systems.nephilim.checks.core import Action, CoreTest, KaTest
from ecran.systems.nephilim.checks.health import ExhaustionCheck, IncapacityCheck
from ecran.systems.nephilim.checks.occult import (
    AlchemyControl,
    Concentration,
    Contract,
    Incantation,
    MagicControl,
    StasisRitual,
    Transmutation,
)
from ecran.systems.nephilim.checks.opposed import Opposed
from ecran.systems.nephilim.rolls import SEED


class Nephilim(System):
    id = "nephilim"
    name = tr("Règles pour Nephilim v3", "Rules for Nephilim v3")
    seed = SEED
    checks = (
        CoreTest(),
        Action(),
        KaTest(),
        Opposed(),
        IncapacityCheck(),
        ExhaustionCheck(),
        Initiative(),
        DuelSegments(),
        Sprint(),
        Attack(),
        Concentration(),
        MagicControl(),
        Incantation(),
        Contract(),
        Transmutation(),
        AlchemyControl(),
        StasisRitual(),
    )
    options = options.ALL


SYSTEM = Nephilim()
