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
from ecran.systems.nephilim import attacks, combat, creation, operations, options, view
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

#: Sheet fields that change in play (tracks L72-88, the stasis bonus L630, the round L508-518).
PLAY_STATE = frozenset(
    {"wounds", "fatigue", "stasis_bonus", "round_actions", "delayed_segments", "delayed_rounds"}
)


class Nephilim(System[Any]):
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
    # Guided creation asks for the character, not for the state of a fight in progress.
    creation_fields = tuple(f for f in NephilimSheet.model_fields if f not in PLAY_STATE)

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

    def attacks(self, attacker: CharacterSheet, defender: CharacterSheet) -> list[Action]:
        """Each combat skill the attacker can use (tree L175-182), against the defender's best
        parry or dodge (L493) and without reaction; both sides' penalties (L86, L510), the
        defender's armour (house rule: the text has none, L541)."""
        return attacks.attack_actions(_nephilim(attacker), _nephilim(defender))

    def damage(
        self,
        check: str,
        params: dict[str, Any],
        result: Resolution,
        defender: CharacterSheet,
    ) -> tuple[str, dict[str, Any]] | None:
        """A blow that lands checks wound boxes (L72-84): the weapon's (GM) plus the margin
        (house rule), less armour, already counted in the attack's result."""
        return attacks.damage_of(check, params, result)


def _nephilim(sheet: CharacterSheet) -> NephilimSheet:
    if isinstance(sheet, NephilimSheet):
        return sheet
    return NephilimSheet.model_validate(sheet.model_dump())


SYSTEM = Nephilim()
