"""The checks of `organique`, one module per family.

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
        "test": "core.ActionTest",
        "two_characteristics": "core.TwoCharacteristicTest",
        "skill": "core.SkillTest",
        "save": "core.Save",
        "opposed": "core.Opposed",
        "attack": "combat.Attack",
        "stun_save": "combat.StunSave",
        "shock_pain": "combat.ShockPain",
        "fall": "combat.FallSave",
        "psychic": "psychic.Manipulation",
        "psychic_perception": "psychic.Perception",
        "manoeuvre": "vehicle.Manoeuvre",
        "vehicle_attack": "vehicle.VehicleAttack",
        "hack_preliminary": "hacking.Preliminary",
        "hack_firewall": "hacking.Firewall",
        "hack_social": "hacking.SocialPassword",
        "hack_detection": "hacking.Detection",
        "decrypt": "hacking.Decrypt",
        "encrypt": "hacking.Encrypt",
        "dependence": "drugs.Dependence",
        "disease_progression": "medical.DiseaseProgression",
    },
)
