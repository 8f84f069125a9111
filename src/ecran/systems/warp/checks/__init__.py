"""The checks of WaRP, one module per family: the core rolls (core), rolls that are not a trait
against a number (group), combat (attack_params, attack, melee, ranged), powers and spells (powers).

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
        "roll": "core.Roll",
        "opposed": "core.Opposed",
        "versus": "core.Versus",
        "related": "core.Related",
        "group": "group.GroupRoll",
        "hand_of_fate": "group.HandOfFate",
        "flaw": "group.FlawTrigger",
        "melee": "melee.Melee",
        "ranged": "ranged.Ranged",
        "special_effect": "melee.SpecialEffect",
        "abbreviated_combat": "group.Abbreviated",
        "power": "powers.Power",
        "cure_disease": "powers.CureDisease",
        "learn_power": "powers.LearnPower",
        "learn_spell": "powers.LearnSpell",
        "resist_spell": "powers.ResistSpell",
    },
)
