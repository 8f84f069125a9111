"""The WaRP system object: checks, options, sheet, operations, initiative."""

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
from ecran.systems.warp import creation, validation, view
from ecran.systems.warp.advancement import ADVANCEMENT_OPERATIONS
from ecran.systems.warp.checks.combat import Melee, Ranged, SpecialEffect
from ecran.systems.warp.checks.core import Opposed, Related, Roll, Versus
from ecran.systems.warp.checks.group import (
    Abbreviated,
    FlawTrigger,
    GroupRoll,
    HandOfFate,
)
from ecran.systems.warp.checks.powers import CureDisease, LearnPower, LearnSpell, Power, ResistSpell
from ecran.systems.warp.common import SEED
from ecran.systems.warp.operations import ALL_OPERATIONS
from ecran.systems.warp.options import ALL_OPTIONS
from ecran.systems.warp.pool import roll_pool
from ecran.systems.warp.sheet import WarpSheet
from ecran.systems.warp.tracks import wound_penalty


def _warp(sheet: CharacterSheet) -> WarpSheet:
    if not isinstance(sheet, WarpSheet):
        raise EcranError(tr("ce n'est pas une feuille WaRP", "not a WaRP sheet"))
    return sheet


class Warp(System):
    id = "warp"
    name = tr("WaRP (moteur d'Over the Edge)", "WaRP (Over the Edge engine)")
    seed = SEED
    checks = (
        Roll(),
        Opposed(),
        Versus(),
        Related(),
        GroupRoll(),
        HandOfFate(),
        FlawTrigger(),
        Melee(),
        Ranged(),
        SpecialEffect(),
        Abbreviated(),
        Power(),
        CureDisease(),
        LearnPower(),
        LearnSpell(),
        ResistSpell(),
    )
    operations = (*ALL_OPERATIONS, *ADVANCEMENT_OPERATIONS)
    options = ALL_OPTIONS
    character = WarpSheet

    def validate(self, sheet: CharacterSheet) -> list[RuleViolation]:
        return validation.validate(_warp(sheet))

    def new_character(self, name: str) -> CharacterSheet:
        return creation.new_character(name)

    def random_npc(self, roller: Roller, **choices: Any) -> CharacterSheet:
        return creation.random_npc(roller)

    def sections(self, sheet: CharacterSheet) -> list[SheetSection]:
        return view.sections(_warp(sheet))

    def actions(self, sheet: CharacterSheet) -> list[Action]:
        return view.actions(_warp(sheet))

    def initiative(self, sheet: CharacterSheet, dice: DiceSource) -> Resolution:
        """Roll an initiative trait once at the start of combat, 2 dice by default; the order
        holds every round (L2524-2596). Reading: the best combat trait, else 2 dice; the wound
        penalty die applies as to any action."""
        warp = _warp(sheet)
        combat = [t.score for t in warp.positive_traits() if t.combat]
        n = max(combat, default=2)
        penalty = wound_penalty(warp.hp(), warp.max_hp)
        pool = roll_pool(dice, n, 0, penalty)
        return Resolution(
            "initiative", pool.total, {**pool.details(), "dice": n, "penalty": penalty}
        )


SYSTEM = Warp()
