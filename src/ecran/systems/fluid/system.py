"""The Fluid system object: checks, operations, options and the character model together."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ecran.dice import DiceSource, Roller
from ecran.rules import (
    Action,
    CharacterSheet,
    Check,
    EcranError,
    Resolution,
    RuleViolation,
    SheetSection,
    System,
    tr,
)
from ecran.systems.fluid import attacks, creation, hit, tracks, view
from ecran.systems.fluid.checks.combat import Attack
from ecran.systems.fluid.checks.health import HitLocation, Medicine, Shock, Survival
from ecran.systems.fluid.checks.magic import Spell
from ecran.systems.fluid.checks.opposed import Chase, MassCombat, Opposed, Vampirism, VerbalJoust
from ecran.systems.fluid.checks.test import ActionCheck, Test
from ecran.systems.fluid.operations import OPERATIONS
from ecran.systems.fluid.options import CHECK_OPTIONS
from ecran.systems.fluid.sheet import FluidSheet
from ecran.systems.fluid.tables import SEED

CHECKS: Sequence[Check[Any]] = (
    Test(),
    ActionCheck(),
    Opposed(),
    Attack(),
    Survival(),
    Shock(),
    Medicine(),
    HitLocation(),
    Spell(),
    Vampirism(),
    Chase(),
    VerbalJoust(),
    MassCombat(),
)


class Fluid(System[Any]):
    id = "fluid"
    name = tr("Fluid", "Fluid")
    seed = SEED
    checks = CHECKS
    options = CHECK_OPTIONS
    operations = (*OPERATIONS, hit.TakeHit())
    character = FluidSheet
    # Creation: the 40 points (L29-101) and the Traits; pools and wounds start full or empty.
    creation_fields = ("kind", "player", "characteristics", "traits", "equipment", "notes")

    def validate(self, sheet: CharacterSheet) -> list[RuleViolation]:
        return creation.validate(_fluid(sheet))

    def new_character(self, name: str) -> CharacterSheet:
        return creation.new_character(name)

    def random_npc(self, roller: Roller, **choices: Any) -> CharacterSheet:
        return creation.random_npc(roller)

    def sections(self, sheet: CharacterSheet) -> list[SheetSection]:
        return view.sections(_fluid(sheet))

    def actions(self, sheet: CharacterSheet) -> list[Action]:
        return view.actions(_fluid(sheet))

    def initiative(self, sheet: CharacterSheet, dice: DiceSource) -> Resolution:
        """No dice: combatants out of contact act by INI less their gear (L975-983)."""
        fluid = _fluid(sheet)
        details = {"ini": tracks.attribute(fluid, "INI"), "movement": tracks.movement(fluid)}
        return Resolution("ready", total=tracks.initiative(fluid), details=details)

    def attacks(self, attacker: CharacterSheet, defender: CharacterSheet) -> list[Action]:
        return attacks.attacks(_fluid(attacker), _fluid(defender))

    def damage(
        self,
        check: str,
        params: dict[str, Any],
        result: Resolution,
        defender: CharacterSheet,
    ) -> tuple[str, dict[str, Any]] | None:
        return hit.damage(check, params, result, _fluid(defender))

    def counter_damage(
        self,
        check: str,
        params: dict[str, Any],
        result: Resolution,
        attacker: CharacterSheet,
    ) -> tuple[str, dict[str, Any]] | None:
        """The counter that hurts the attacker (L999-1003), applied by the encounter tracker."""
        return hit.counter(check, params, result, _fluid(attacker))


def _fluid(sheet: CharacterSheet) -> FluidSheet:
    if not isinstance(sheet, FluidSheet):
        raise EcranError(tr("ce n'est pas une feuille Fluid", "not a Fluid sheet"))
    return sheet


SYSTEM = Fluid()
