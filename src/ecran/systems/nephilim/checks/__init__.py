"""The game's checks, in the order the System lists them: the action test and its variants
(`core`), opposed tests, the critical states' round tests (`health`), combat, the occult
sciences and the astrological conjunction."""

from __future__ import annotations

from ecran.systems.nephilim.checks.astro import ConjunctionCheck
from ecran.systems.nephilim.checks.combat import (
    Attack,
    Declaration,
    DuelSegments,
    Initiative,
    Sprint,
)
from ecran.systems.nephilim.checks.core import ActionCheck, CoreTest, KaTest, Knowledge
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

CHECKS = (
    CoreTest(),
    ActionCheck(),
    KaTest(),
    Knowledge(),
    Opposed(),
    IncapacityCheck(),
    ExhaustionCheck(),
    Initiative(),
    DuelSegments(),
    Declaration(),
    Sprint(),
    Attack(),
    Concentration(),
    MagicControl(),
    Incantation(),
    Contract(),
    Transmutation(),
    AlchemyControl(),
    StasisRitual(),
    ConjunctionCheck(),
)
