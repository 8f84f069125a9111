"""The `organique` System: "Systèmes de règles organiques" (cyberpunk, Manhattan 2080)."""

from __future__ import annotations

from typing import Any

from ecran.dice import DiceSource, Roller
from ecran.rules import (
    Action,
    CharacterSheet,
    EcranError,
    Resolution,
    RuleViolation,
    SheetSection,
    System,
    tr,
)
from ecran.systems.organique.actions import build_actions
from ecran.systems.organique.attack_chain import build_attacks, damage_of
from ecran.systems.organique.checks.combat import COMBAT_CHECKS
from ecran.systems.organique.checks.core import CORE_CHECKS
from ecran.systems.organique.checks.drugs import DRUG_CHECKS
from ecran.systems.organique.checks.hacking import HACKING_CHECKS
from ecran.systems.organique.checks.medical import MEDICAL_CHECKS
from ecran.systems.organique.checks.psychic import PSYCHIC_CHECKS
from ecran.systems.organique.checks.vehicle import VEHICLE_CHECKS
from ecran.systems.organique.common import SEED
from ecran.systems.organique.operations import OPERATIONS
from ecran.systems.organique.ops_advance import ADVANCE_OPERATIONS
from ecran.systems.organique.ops_aftermath import AFTERMATH_OPERATIONS
from ecran.systems.organique.ops_body import BODY_OPERATIONS
from ecran.systems.organique.ops_combat import COMBAT_EFFECT_OPERATIONS
from ecran.systems.organique.ops_drugs import DRUG_OPERATIONS
from ecran.systems.organique.ops_entry import ENTRY_OPERATIONS
from ecran.systems.organique.ops_environment import ENVIRONMENT_OPERATIONS
from ecran.systems.organique.ops_hacking import HACKING_OPERATIONS
from ecran.systems.organique.ops_injury import INJURY_OPERATIONS
from ecran.systems.organique.ops_medical import MEDICAL_OPERATIONS
from ecran.systems.organique.options import ALL_OPTIONS
from ecran.systems.organique.presentation import build_sections
from ecran.systems.organique.sheet import OrganiqueSheet, random_npc, validate_sheet
from ecran.systems.organique.skills import best_initiative


def _ours(sheet: CharacterSheet) -> OrganiqueSheet:
    if not isinstance(sheet, OrganiqueSheet):
        raise EcranError(tr("feuille d'un autre système", "sheet of another system"))
    return sheet


class Organique(System[Any]):
    id = "organique"
    name = tr("Systèmes de règles organiques (2080)", "Organic Rule Components (2080)")
    seed = SEED
    checks = (
        *CORE_CHECKS,
        *COMBAT_CHECKS,
        *PSYCHIC_CHECKS,
        *VEHICLE_CHECKS,
        *HACKING_CHECKS,
        *DRUG_CHECKS,
        *MEDICAL_CHECKS,
    )
    operations = (
        *OPERATIONS,
        *COMBAT_EFFECT_OPERATIONS,
        *ENVIRONMENT_OPERATIONS,
        *INJURY_OPERATIONS,
        *BODY_OPERATIONS,
        *AFTERMATH_OPERATIONS,
        *MEDICAL_OPERATIONS,
        *DRUG_OPERATIONS,
        *HACKING_OPERATIONS,
        *ENTRY_OPERATIONS,
        *ADVANCE_OPERATIONS,
    )
    options = ALL_OPTIONS
    character = OrganiqueSheet
    #: What a GM writes down for a new character (the seed has no creation procedure, reading
    #: §3.4); wounds, pain, afflictions, a hack in progress and the §9 readings start at their
    #: defaults. The END reserve is asked after END so it can be set to it (L305-310).
    creation_fields = (
        "kind",
        "player",
        "notes",
        "characteristics",
        "health",
        "endurance",
        "initiative_bonus",
        "load_kg",
        "skills",
        "combat_skills",
        "armour",
        "weapons",
        "character_class",
    )

    def validate(self, sheet: CharacterSheet) -> list[RuleViolation]:
        return validate_sheet(_ours(sheet))

    def new_character(self, name: str) -> CharacterSheet:
        """Every characteristic 10, the reserve full and the tracks at their maxima: a legal
        sheet before the GM changes anything."""
        sheet = OrganiqueSheet(name=name)
        return sheet.model_copy(update={"endurance": sheet.characteristics.END})

    def random_npc(self, roller: Roller, **choices: Any) -> CharacterSheet:
        return random_npc(roller, str(choices.get("name", "")))

    def sections(self, sheet: CharacterSheet) -> list[SheetSection]:
        return build_sections(_ours(sheet))

    def actions(self, sheet: CharacterSheet) -> list[Action]:
        return build_actions(_ours(sheet))

    def initiative(self, sheet: CharacterSheet, dice: DiceSource) -> Resolution:
        """L2722-2736: PER + INT + 1D20 + skill bonuses (the best combat skill's per-level
        bonus, L1267-1291, plus any other bonus the sheet holds); highest acts first."""
        s = _ours(sheet)
        die = dice.d(20)
        bonus = s.initiative_bonus + best_initiative(s.combat_skills)
        base = s.characteristics.PER + s.characteristics.INT + bonus
        return Resolution("rolled", base + die, {"die": die, "base": base})

    def attacks(self, attacker: CharacterSheet, defender: CharacterSheet) -> list[Action]:
        """Per weapon: strike, easy hit, vital attacks, slash, knock-out, push and stun (or shoot
        for a ranged weapon); with the body: sweep and tackle (L2966-3381)."""
        return build_attacks(_ours(attacker), _ours(defender))

    def damage(
        self,
        check: str,
        params: dict[str, Any],
        result: Resolution,
        defender: CharacterSheet,
    ) -> tuple[str, dict[str, Any]] | None:
        """Damage through the defender's armour (`take_hit`, L541-698), or the landed action's
        own effect (stun, slash, knock-out, tackle, push, sweep: L3158-3320)."""
        _ours(defender)
        return damage_of(check, params, result)


SYSTEM = Organique()
