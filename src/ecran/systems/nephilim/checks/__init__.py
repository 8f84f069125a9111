"""The game's checks, in the order the System lists them: the action test and its variants
(`core`), opposed tests, the critical states' round tests (`health`), combat, the occult
sciences and the astrological conjunction.

Each check's id names its module and class (`ecran.systems.Listed`): a check's odds import its
own module only, and the web's index lists the ids without importing any (start-up, #16)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ecran.systems import Listed

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ecran.rules import Check

CHECKS: Sequence[Check[Any]] = Listed(
    __name__,
    {
        "test": "core.CoreTest",
        "action": "core.ActionCheck",
        "ka_test": "core.KaTest",
        "knowledge": "core.Knowledge",
        "opposed": "opposed.Opposed",
        "incapacity_check": "health.IncapacityCheck",
        "exhaustion_check": "health.ExhaustionCheck",
        "initiative": "combat.Initiative",
        "duel_segments": "combat.DuelSegments",
        "declaration": "combat.Declaration",
        "sprint": "combat.Sprint",
        "attack": "combat.Attack",
        "concentration": "occult.Concentration",
        "magic_control": "occult.MagicControl",
        "incantation": "occult.Incantation",
        "contract": "occult.Contract",
        "transmutation": "occult.Transmutation",
        "alchemy_control": "occult.AlchemyControl",
        "stasis_ritual": "occult.StasisRitual",
        "conjunction": "astro.ConjunctionCheck",
    },
)
