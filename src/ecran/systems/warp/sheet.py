"""The WaRP character sheet: free-form traits, hit points, experience and psychic pools.

A character is a concept, one central trait, two secondary traits (one of the three superior), a
flaw, a sign for each, hit points, an experience pool, motivation, secret and important person
(L99-123). Traits learned in play are kept apart (`acquired`). Play state (damage, pools used)
lives on the sheet too, so the same file is a character in play.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic.config import JsonDict

from ecran.rules import CharacterSheet, tr
from ecran.systems.warp.options import (
    HEALED_IS_RECOVERY_BASE,
    MULTIPLE_EXPERIENCE,
    RESTRICTED_TRAITS,
    SERIOUS_WOUNDS,
    TASER_COUNTS,
    UNKNOWN_TRAITS,
)
from ecran.systems.warp.tables import ARMOUR, CORE, WEAPONS, category
from ecran.systems.warp.tracks import current_hp, max_hp

Category = Literal["standard", "technical", "restricted", "restricted_technical"]

#: Weapons a sheet may carry: the damage-factor tables' rows (bare hands need no entry).
WEAPON_KEYS = [w.key for w in WEAPONS.melee if w.key != "unarmed"] + [w.key for w in WEAPONS.ranged]
NORMAL_ARMOUR_KEYS = [a.key for a in ARMOUR.normal]
BULLETPROOF_KEYS = ["none", *(a.key for a in ARMOUR.bulletproof)]


def _choices(keys: list[str]) -> JsonDict:
    """JSON Schema of a list of table keys, so forms offer them as a multiple choice."""
    return {"items": {"type": "string", "enum": list(keys)}}


def _known(values: list[str], keys: list[str], kind: str) -> list[str]:
    unknown = [v for v in values if v not in keys]
    if unknown:
        raise ValueError(f"{kind} « {', '.join(unknown)} » ∉ {', '.join(keys)}")
    return values


class Trait(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(default="", max_length=120, title="nom / name")
    description: str = Field(default="", title="description")
    sign: str = Field(default="", title="signe / sign")
    category: Category = Field(default="standard", title="catégorie / category")
    score: int = Field(default=0, ge=0, le=6, title="dés / dice")
    superior: bool = Field(default=False, title="supérieur / superior")
    combat: bool = Field(default=False, title="spécifique au combat / combat-specific")
    agility: bool = Field(
        default=False,
        title="agilité, réflexes : esquive, défense, initiative / agility, reflexes",
    )
    hit_points: bool = Field(default=False, title="trait de points de vie / HP trait")
    power: bool = Field(default=False, title="pouvoir spécial / special power")
    unknown: bool = Field(default=False, title="inconnu / unknown")

    @property
    def technical(self) -> bool:
        return category(self.category).technical

    def creation_score(self) -> int:
        row = category(self.category)
        return row.superior if self.superior else row.good

    def notation(self) -> str:
        """NPC notation marks technical traits with an asterisk (L1701-1711)."""
        return f"{self.score}{'*' if self.technical else ''}"


class SeriousWound(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Literal["heals_badly", "fatal"] = "heals_badly"
    daily_loss: int = Field(default=0, ge=0, le=15)
    note: str = ""


class WarpSheet(CharacterSheet):
    system: Literal["warp"] = "warp"
    concept: str = Field(default="", title="concept")
    central: Trait = Field(default_factory=Trait)
    secondary_1: Trait = Field(default_factory=Trait)
    secondary_2: Trait = Field(default_factory=Trait)
    flaw: Trait = Field(default_factory=Trait)
    acquired: list[Trait] = Field(default_factory=list)
    motivation: str = Field(default="", title="motivation")
    secret: str = Field(default="", title="secret")
    important_person: str = Field(default="", title="personne importante / important person")
    background: str = Field(default="", title="antécédents / background")
    equipment: str = Field(default="", title="équipement / equipment")
    finances: str = Field(default="", title="finances")
    hp_name: str = Field(default="", title="nom des points de vie / name of the HP")
    max_hp: int = Field(default=14, ge=1, title="points de vie max / max HP")
    hp_rolled: bool = Field(default=False, title="PV tirés aux dés / rolled HP")
    hp_advanced: bool = Field(default=False, title="PV accrus en jeu / HP raised in play")
    damage: int = Field(default=0, ge=0, title="dégâts / damage")
    temporary_damage: int = Field(default=0, ge=0, title="dégâts temporaires / temporary damage")
    recovery_base: int | None = Field(default=None, title="PV après la dernière récupération")
    healing_quarters: int = Field(default=0, ge=0, le=3, title="quarts de PV de soin en cours")
    serious_wounds: list[SeriousWound] = Field(default_factory=list)
    experience_pool: int = Field(default=1, ge=0, title="réserve d'expérience / experience pool")
    experience_used: int = Field(default=0, ge=0, title="dés utilisés cette session / used")
    experience_earned: int = Field(default=0, ge=0, title="dés gagnés / dice awarded")
    experience_spent: int = Field(default=0, ge=0, title="dés dépensés / dice spent")
    psychic_pool: int = Field(default=0, ge=0, title="réserve psychique / psychic pool")
    psychic_charges: int = Field(default=0, ge=0, title="charges disponibles / charges left")
    power_attempts: int = Field(default=0, ge=0, title="essais d'apprendre un pouvoir / attempts")
    psi_null: bool = Field(default=False, title="psi-infirme (secret du MJ) / psi-null (GM secret)")
    spells: list[str] = Field(default_factory=list)
    spell_study: dict[str, int] = Field(default_factory=dict)
    weapons: list[str] = Field(
        default_factory=list,
        title="armes / weapons",
        json_schema_extra=_choices(WEAPON_KEYS),
    )
    armour: list[str] = Field(
        default_factory=list,
        title="armure normale / normal armour",
        json_schema_extra=_choices(NORMAL_ARMOUR_KEYS),
    )
    bulletproof: str = Field(default="none", title="armure pare-balles / bulletproof armour")
    # the table's choices of optional rules and readings that act on the sheet in play
    restricted_traits: bool = RESTRICTED_TRAITS.field()
    unknown_traits: bool = UNKNOWN_TRAITS.field()
    multiple_experience_dice: bool = MULTIPLE_EXPERIENCE.field()
    serious_wounds_rule: bool = SERIOUS_WOUNDS.field()
    taser_damage_counts: bool = TASER_COUNTS.field()
    healed_level_is_recovery_base: bool = HEALED_IS_RECOVERY_BASE.field()
    gm_approved: bool = Field(default=False, title="approuvé par le MJ / GM approved")

    @field_validator("weapons")
    @classmethod
    def _weapons(cls, value: list[str]) -> list[str]:
        return _known(value, WEAPON_KEYS, "arme / weapon")

    @field_validator("armour")
    @classmethod
    def _armour(cls, value: list[str]) -> list[str]:
        return _known(value, NORMAL_ARMOUR_KEYS, "armure / armour")

    @field_validator("bulletproof")
    @classmethod
    def _bulletproof(cls, value: str) -> str:
        _known([value], BULLETPROOF_KEYS, "pare-balles / bulletproof")
        return value

    def positive_traits(self) -> list[Trait]:
        return [self.central, self.secondary_1, self.secondary_2, *self.acquired]

    def starting_traits(self) -> list[tuple[str, Trait]]:
        return [
            ("central", self.central),
            ("secondary_1", self.secondary_1),
            ("secondary_2", self.secondary_2),
        ]

    def hp(self) -> int:
        return current_hp(self.max_hp, self.damage, self.temporary_damage, self.taser_damage_counts)

    def fixed_hp(self) -> int:
        """The best HP trait at 7 per die (technical: 2 dice more), else 14 (L778-832)."""
        values = [max_hp(t.score, t.technical) for t in self.positive_traits() if t.hit_points]
        return max(values, default=max_hp(None))

    def best_score(self, *, combat: bool = False) -> int:
        scores = [t.score for t in self.positive_traits() if t.combat or not combat]
        return max(scores, default=CORE.default_dice.no_trait)


def usable_together(attack: Trait, defence: Trait) -> bool:
    """Can these traits attack and defend in the same round? Different traits can; one trait
    serves both only if it is aimed at combat (L2618-2662)."""
    return attack is not defence or attack.combat


def trait_label(trait: Trait) -> str:
    return trait.name or "?"


__all__ = ["SeriousWound", "Trait", "WarpSheet", "tr", "trait_label", "usable_together"]
