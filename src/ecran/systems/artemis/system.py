"""The Espace Artémis system: assembles checks, operations, options and the character sheet."""

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
from ecran.systems.artemis import chain, npc, operations, options, tracks, validation, view
from ecran.systems.artemis import dice as ad
from ecran.systems.artemis.checks import combat, core, misc, psy
from ecran.systems.artemis.sheet import ArtemisSheet
from ecran.systems.artemis.tables import SEED


def as_artemis(sheet: CharacterSheet) -> ArtemisSheet:
    if not isinstance(sheet, ArtemisSheet):
        raise EcranError(
            tr(
                f"la feuille est pour « {sheet.system} », pas pour artemis",
                f"the sheet is for '{sheet.system}', not artemis",
            )
        )
    return sheet


class Artemis(System[Any]):
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
    operations = operations.ALL
    character = ArtemisSheet
    # What the sheet's identity and skills pages hold (L385-685); NIFIMO, XP and the mental
    # balance are play state and start empty.
    creation_fields = (
        "kind",
        "player",
        "career_main",
        "career_secondary",
        "description",
        "origin",
        "protector",
        "family",
        "advantage",
        "disadvantage",
        "power",
        "relations",
        "characteristics",
        "levels",
        "scores",
        "custom_skills",
        "weapons",
        "armour",
        "pressurised",
        "equipment",
        "other_equipment",
        "milieux",
        "notes",
    )

    def validate(self, sheet: CharacterSheet) -> list[RuleViolation]:
        return validation.validate(as_artemis(sheet))

    def new_character(self, name: str) -> ArtemisSheet:
        return ArtemisSheet(name=name)

    def random_npc(self, roller: Roller, **choices: Any) -> ArtemisSheet:
        return npc.random_npc(roller, choices.get("name"), choices.get("characteristic"))

    def sections(self, sheet: CharacterSheet) -> list[SheetSection]:
        return view.sections(as_artemis(sheet))

    def actions(self, sheet: CharacterSheet) -> list[Action]:
        return view.actions(as_artemis(sheet))

    def initiative(self, sheet: CharacterSheet, dice: DiceSource) -> Resolution:
        """Rolled by everyone at the start of each turn, highest first (website §3.1): Acrobatie +
        Réaction (L729) + the die with criticals, minus the NIFIMO malus. Ties: the GM's call."""
        character = as_artemis(sheet)
        score, malus = view.initiative_score(character), tracks.malus(character)
        die = ad.roll_die(dice, False, "kept_die")
        total = score + die.value - malus
        details = {"score": score, "die": die.value, "raw_dice": die.raw, "malus": malus}
        return Resolution("initiative", total=total, details=details)

    def attacks(self, attacker: CharacterSheet, defender: CharacterSheet) -> list[Action]:
        return chain.attacks(as_artemis(attacker), as_artemis(defender))

    def damage(
        self,
        check: str,
        params: dict[str, Any],
        result: Resolution,
        defender: CharacterSheet,
    ) -> tuple[str, dict[str, Any]] | None:
        return chain.damage(check, params, result, as_artemis(defender))


SYSTEM = Artemis()
