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
from ecran.systems.warp import attacks, creation, penalties, validation, view
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


def _warp(sheet: CharacterSheet) -> WarpSheet:
    if not isinstance(sheet, WarpSheet):
        raise EcranError(tr("ce n'est pas une feuille WaRP", "not a WaRP sheet"))
    return sheet


class Warp(System[Any]):
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
    #: The creation steps (L99-1281): play state (damage, pools spent, studies) starts empty.
    creation_fields = (
        "kind",
        "player",
        "concept",
        "central",
        "secondary_1",
        "secondary_2",
        "flaw",
        "motivation",
        "secret",
        "important_person",
        "background",
        "equipment",
        "weapons",
        "armour",
        "bulletproof",
        "finances",
        "hp_name",
        "max_hp",
        "hp_rolled",
        "psychic_pool",
        "psychic_charges",
        "restricted_traits",
        "unknown_traits",
        "notes",
    )

    def validate(self, sheet: CharacterSheet) -> list[RuleViolation]:
        return validation.validate(_warp(sheet))

    def new_character(self, name: str) -> CharacterSheet:
        return creation.new_character(name)

    def random_npc(self, roller: Roller, **choices: Any) -> CharacterSheet:
        def keys(name: str) -> list[str]:
            value = choices.get(name) or []
            return [value] if isinstance(value, str) else [str(v) for v in value]

        return creation.random_npc(
            roller,
            weapons=keys("weapons"),
            armour=keys("armour"),
            bulletproof=str(choices.get("bulletproof") or "none"),
        )

    def sections(self, sheet: CharacterSheet) -> list[SheetSection]:
        return view.sections(_warp(sheet))

    def actions(self, sheet: CharacterSheet) -> list[Action]:
        return view.actions(_warp(sheet))

    def initiative(self, sheet: CharacterSheet, dice: DiceSource) -> Resolution:
        """Roll an initiative trait once at the start of combat ("agile", "good reflexes",
        "martial artist"), 2 dice without one; the order holds every round (L2520-2596). The
        wound penalty die applies as to any action. Ties: the seed says nothing, so none are
        broken here (no `tie_break`)."""
        warp = _warp(sheet)
        n = penalties.initiative_dice(warp)
        penalty = penalties.wounds(warp)
        pool = roll_pool(dice, n, 0, penalty)
        return Resolution(
            "initiative", pool.total, {**pool.details(), "dice": n, "penalty": penalty}
        )

    def attacks(self, attacker: CharacterSheet, defender: CharacterSheet) -> list[Action]:
        return attacks.attack_actions(_warp(attacker), _warp(defender))

    def damage(
        self,
        check: str,
        params: dict[str, Any],
        result: Resolution,
        defender: CharacterSheet,
    ) -> tuple[str, dict[str, Any]] | None:
        return attacks.damage_operation(check, params, result, _warp(defender))


SYSTEM = Warp()
