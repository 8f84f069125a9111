"""The character sheet of `organique`: characteristics, health tracks, Endurance reserve,
skills, armour and weapons, pain and conditions (its validation is `validation.py`, its
creation and random NPCs `creation.py`).

The chapter has no creation procedure, point budget or characteristic range (L1-4180; reading
§3.4): the sheet holds what play needs and validation checks what the rules do say.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ecran.rules import CharacterSheet
from ecran.systems.organique.afflictions import Addiction, DiseaseState, Effect
from ecran.systems.organique.intrusion import Intrusion
from ecran.systems.organique.options import (
    BLUNT_AFTER_SNG0,
    ENCUMBRANCE_EXAMPLE,
    HALF_ROUNDING,
    INC_ZERO,
)
from ecran.systems.organique.tables import CHARACTERISTICS, COMBAT
from ecran.systems.organique.tracks import CONDITION_PENALTIES, Health

if TYPE_CHECKING:
    StatName = str
    ConditionName = str
else:
    StatName = Literal[CHARACTERISTICS]
    ConditionName = Literal[tuple(CONDITION_PENALTIES)]


#: L742-745: a hand or a foot is lost to 0.5 damage, an arm or a leg to 1.
LimbName = Literal[
    "left_hand",
    "right_hand",
    "left_foot",
    "right_foot",
    "left_arm",
    "right_arm",
    "left_leg",
    "right_leg",
]


#: The model's bound only keeps every size finite: the 0-40 range people expect is a house rule
#: checked by validation (`validation.SCORE_MAX`), so a sheet beyond it still loads and shows all
#: its problems at once.
SCORE_BOUND = 100


def _score(title: str, default: int = 10) -> Any:
    """A characteristic or a health track (the examples range from 3 to 18)."""
    return Field(default, ge=0, le=SCORE_BOUND, title=title)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Characteristics(Strict):
    """L167-535: the eight characteristics (the examples range from 3 to 18)."""

    AGI: int = _score("Agilité / Agility")
    PER: int = _score("Perception")
    CHA: int = _score("Charisme / Charisma")
    END: int = _score("Endurance")
    INT: int = _score("Intelligence")
    VIT: int = _score("Vitesse / Speed")
    FOR: int = _score("Force / Strength")
    VOL: int = _score("Volonté / Will")


class HealthTrack(Strict):
    """L538-640: maxima are given per character (no formula in this chapter); current values
    move in half points."""

    sng_max: int = _score("SNG (Sang / Blood) max", 4)
    cps_max: int = _score("CPS (Corps / Body) max", 4)
    inc_max: int = _score("INC (Incapacité) max", 4)
    sng: float = _score("SNG", 4)
    cps: float = _score("CPS", 4)
    inc: float = _score("INC", 4)

    def current(self) -> Health:
        return Health(sng=self.sng, cps=self.cps, inc=self.inc)


class Skill(Strict):
    name: str = Field(min_length=1, max_length=80)
    characteristic: StatName = "INT"
    level: int = Field(1, title="1 Novice … 6 Maître")


class CombatSkill(Strict):
    """L1244-1291: a combat skill; each level above the first adds +4 to every listed base
    modifier. A skill of the chapter's catalogue (`COMBAT.combat_skill`: knife throwing,
    kickboxing, street fighting…) written by name alone takes the catalogue's modifiers,
    initiative and weapon; any other the GM copies from chapter 1 (absent from this seed)."""

    name: str = Field(min_length=1, max_length=80)
    level: int = Field(1, title="1 Novice … 6 Maître")
    weapon: str = Field("", max_length=80, title="Arme requise / Weapon needed")
    initiative_per_level: int = Field(0, ge=0, le=10, title="Initiative par niveau")
    modifiers: dict[str, int] = Field(
        default_factory=dict, title="Modificateurs de base par action ou réaction"
    )

    @model_validator(mode="before")
    @classmethod
    def _from_catalogue(cls, data: Any) -> Any:
        if not isinstance(data, dict) or data.get("modifiers") or data.get("initiative_per_level"):
            return data
        row = COMBAT.combat_skill_named(str(data.get("name", "")))
        if row is None:
            return data
        weapons = [w.label_fr for w in COMBAT.weapon if w.name in row.weapons]
        return {
            **data,
            "modifiers": dict(row.modifiers),
            "initiative_per_level": row.initiative_per_level,
            "weapon": data.get("weapon") or (weapons[0] if weapons else ""),
        }


class ArmourPiece(Strict):
    """L643-698: coverage (IA) and protection (IP) per damage type; listed outermost first."""

    name: str = Field(min_length=1, max_length=80)
    coverage: int = 0
    bs: float = Field(0, ge=0)
    c: float = Field(0, ge=0)
    agi_penalty: int = Field(0, le=0)


class WeaponItem(Strict):
    name: str = Field(min_length=1, max_length=80)
    reach: str = ""
    bs: float = Field(0, ge=0)
    c: float = Field(0, ge=0)
    ap: int = Field(0, ge=0)


class OrganiqueSheet(CharacterSheet):
    system: Literal["organique"] = "organique"
    characteristics: Characteristics = Field(default_factory=Characteristics)
    health: HealthTrack = Field(default_factory=HealthTrack)
    endurance: int = _score("Réserve d'END / END reserve")
    suffering: int = Field(0, ge=0, le=60, title="Souffrance / Suffering penalty")
    conditions: list[ConditionName] = Field(default_factory=list)
    initiative_bonus: int = Field(
        0, ge=0, le=40, title="Autre bonus d'initiative / Other initiative bonus"
    )
    load_kg: float = Field(0, ge=0, le=1000, title="Charge portée (kg)")
    skills: list[Skill] = Field(default_factory=list)
    combat_skills: list[CombatSkill] = Field(default_factory=list)
    armour: list[ArmourPiece] = Field(default_factory=list)
    weapons: list[WeaponItem] = Field(default_factory=list)
    character_class: str = Field("", title="Classe (chapitre 1)")
    effects: list[Effect] = Field(default_factory=list)
    diseases: list[DiseaseState] = Field(default_factory=list)
    immunities: list[str] = Field(default_factory=list, title="Maladies vaincues (+10)")
    addictions: list[Addiction] = Field(default_factory=list)
    battle_bs: float = Field(0, ge=0, le=200, title="Blessures (bs) reçues pendant le combat")
    battle_c: float = Field(0, ge=0, le=200, title="Chocs (c) reçus pendant le combat")
    bleeding_bs: float = Field(0, ge=0, le=200, title="Blessures (bs) qui saignent encore")
    intrusion: Intrusion | None = Field(None, title="Intrusion informatique en cours")
    disabled_limbs: list[LimbName] = Field(
        default_factory=list, title="Membres hors d'usage / Disabled limbs"
    )
    structure: float | None = Field(
        None, ge=0, le=1000, title="Points de structure (machines, MJ) / Structure points"
    )
    suffocation_sng: float = Field(0, ge=0, le=40, title="SNG perdu faute d'air (récupérable)")
    infection_malus: int = Field(
        0, ge=0, le=200, title="Malus aux tests de contraction (plaies sales, feu)"
    )
    # Readings of ambiguous play-state rules this sheet's tracks follow (rules/organique.md §9).
    blunt_after_sng0: Literal["cascade", "direct"] = BLUNT_AFTER_SNG0.field()
    halving: Literal["floor_half", "floor"] = HALF_ROUNDING.field()
    inc_zero: Literal["out_of_combat", "dead"] = INC_ZERO.field()
    encumbrance_erratum: bool = ENCUMBRANCE_EXAMPLE.field()
