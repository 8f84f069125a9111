"""Fluid's checks, one module per family; `CHECKS` is the list the system offers, in order.

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
        "test": "test.Test",
        "action": "test.ActionCheck",
        "opposed": "opposed.Opposed",
        "attack": "combat.Attack",
        "survival": "health.Survival",
        "shock": "health.Shock",
        "medicine": "health.Medicine",
        "hit_location": "health.HitLocation",
        "spell": "magic.Spell",
        "vampirism": "opposed.Vampirism",
        "chase": "opposed.Chase",
        "verbal_joust": "opposed.VerbalJoust",
        "mass_combat": "opposed.MassCombat",
    },
)
