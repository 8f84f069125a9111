"""The `nephilim` System: assembles checks, operations, options and the character sheet."""

from __future__ import annotations

from typing import Any

from ecran.dice import DiceSource, Roller
from ecran.rules import (
    Action,
    CharacterSheet,
    Resolution,
    RuleViolation,
    SheetSection,
    System,
    tr,
)
from ecran.systems.nephilim import combat, creation, operations, options, view
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
from ecran.systems.nephilim.rolls import SEED
from ecran.systems.nephilim.sheet import NephilimSheet


class Nephilim(System):
    id = "nephilim"
    name = tr("Règles pour Nephilim v3", "Rules for Nephilim v3")
    seed = SEED
    checks = (
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
    options = options.ALL
    operations = operations.ALL
    character = NephilimSheet

    def validate(self, sheet: CharacterSheet) -> list[RuleViolation]:
        return creation.validate(_nephilim(sheet))

    def new_character(self, name: str) -> CharacterSheet:
        return creation.new_character(name)

    def random_npc(self, roller: Roller, **choices: Any) -> CharacterSheet:
        nature = choices.get("nature")
        return creation.random_npc(roller, nature=None if nature is None else str(nature))

    def sections(self, sheet: CharacterSheet) -> list[SheetSection]:
        return view.sections(_nephilim(sheet))

    def actions(self, sheet: CharacterSheet) -> list[Action]:
        return view.actions(_nephilim(sheet))

    def initiative(self, sheet: CharacterSheet, dice: DiceSource) -> Resolution:
        """Rapidité + Réaction + 1D − 1D (L491), with the fatigue malus and the wound malus on
        Rapidité; details carry the tie-break keys (dice category, ratings)."""
        return combat.roll_initiative(_nephilim(sheet), dice)


def _nephilim(sheet: CharacterSheet) -> NephilimSheet:
    if isinstance(sheet, NephilimSheet):
        return sheet
    return NephilimSheet.model_validate(sheet.model_dump())


SYSTEM = Nephilim()
