"""The WaRP character sheet: free-form traits, hit points, experience and psychic pools.

A character is a concept, one central trait, two secondary traits (one of the three superior), a
flaw, a sign for each, hit points, an experience pool, motivation, secret and important person
(L99-123). Traits learned in play are kept apart (`acquired`). Play state (damage, pools used)
lives on the sheet too, so the same file is a character in play.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, field_validator
from pydantic.fields import FieldInfo

from ecran.rules import CharacterSheet, Text, param, tr
from ecran.rules.errors import unknown
from ecran.systems.warp.options import OPTIONS
from ecran.systems.warp.rows import Row
from ecran.systems.warp.tables import ARMOUR, CORE, FIELDS, MAGIC, WEAPONS, category

Category = Literal["standard", "technical", "restricted", "restricted_technical"]

#: Weapons a sheet may carry: the damage-factor tables' rows (bare hands need no entry).
WEAPON_KEYS = [w.key for w in WEAPONS.melee if w.key != "unarmed"] + [w.key for w in WEAPONS.ranged]
NORMAL_ARMOUR_KEYS = [a.key for a in ARMOUR.normal]
BULLETPROOF_KEYS = ["none", *(a.key for a in ARMOUR.bulletproof)]


def max_hp(trait_dice: int | None, technical: bool = False) -> int:
    """Fixed HP (L778-832): 7 per die of the best toughness trait, 14 without one (a 'weak' trait
    does not lower it); a technical trait counts 2 dice more."""
    rules = CORE.hit_points
    if trait_dice is None:
        return rules.without_trait
    dice = trait_dice + (rules.technical_extra_dice if technical else 0)
    return max(rules.without_trait, rules.per_die * dice)


def current_hp(max_points: int, damage: int, temporary: int, temporary_counts: bool = True) -> int:
    """HP left; taser damage counts toward the thresholds by default (reading §9.29)."""
    return max_points - damage - (temporary if temporary_counts else 0)


def _words(rows: list[Row]) -> dict[str, Text]:
    """The words of table rows by their key (weapons, armours, categories)."""
    return {row.key: row.label for row in rows}


WEAPON_WORDS = _words([*WEAPONS.melee, *WEAPONS.ranged])
NORMAL_ARMOUR_WORDS = _words(list(ARMOUR.normal))
BULLETPROOF_WORDS = {"none": tr("Aucune", "No armour"), **_words(list(ARMOUR.bulletproof))}
CATEGORY_WORDS = _words(list(CORE.category))


def _pick(label: Text, keys: list[str], words: dict[str, Text], **kwargs: Any) -> Any:
    """A field whose values are table keys: the schema lists them (`enum`, for a list its
    `items`), so forms offer them as a choice, each by its name in the table."""
    field: FieldInfo = param(label, choices={k: words[k] for k in keys}, **kwargs)
    extra = field.json_schema_extra
    assert isinstance(extra, dict)
    enum: dict[str, Any] = {"type": "string", "enum": list(keys)}
    if "default_factory" in kwargs:
        extra["items"] = enum
    else:
        extra.update(enum)
    return field


def _text(fr: str, en: str) -> str:
    """A free-text box of the sheet, by its label."""
    return param(tr(fr, en), default="")  # type: ignore[no-any-return]


def _flag(fr: str, en: str) -> bool:
    return param(tr(fr, en), default=False)  # type: ignore[no-any-return]


def _count(fr: str, en: str, default: int = 0, **kwargs: Any) -> int:
    return param(tr(fr, en), default=default, ge=0, **kwargs)  # type: ignore[no-any-return]


def _known(values: list[str], keys: list[str], kind: Text) -> list[str]:
    """The values a table names, refused in the reader's words when one is not in it."""
    wrong = [v for v in values if v not in keys]
    if wrong:
        raise unknown(kind, ", ".join(wrong), keys)
    return values


class Trait(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    name: str = param(tr("Nom", "Name"), default="", max_length=120)
    description: str = _text("Description", "Description")
    sign: str = _text("Signe", "Sign")
    category: Category = param(
        tr("Catégorie", "Category"), default="standard", choices=CATEGORY_WORDS
    )
    score: int = param(tr("Dés", "Dice"), default=0, ge=0, le=6)
    superior: bool = _flag("Supérieur", "Superior")
    combat: bool = _flag("Spécifique au combat", "Combat-specific")
    agility: bool = _flag(
        "Agilité, réflexes : esquive, défense, initiative",
        "Agility, reflexes: dodge, defence, initiative",
    )
    hit_points: bool = _flag("Trait de points de vie", "Hit point trait")
    power: bool = _flag("Pouvoir spécial", "Special power")
    unknown: bool = _flag("Inconnu", "Unknown")

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
    model_config = ConfigDict(extra="forbid", defer_build=True)

    kind: Literal["heals_badly", "fatal"] = FIELDS("serious_kind", default="heals_badly")
    daily_loss: int = FIELDS("daily_loss", default=0, ge=0, le=15)
    note: str = _text("Note", "Note")


class WarpSheet(CharacterSheet):
    system: Literal["warp"] = "warp"
    concept: str = _text("Concept", "Concept")
    central: Trait = param(tr("Trait central", "Central trait"), default_factory=Trait)
    secondary_1: Trait = param(tr("Trait secondaire 1", "Secondary trait 1"), default_factory=Trait)
    secondary_2: Trait = param(tr("Trait secondaire 2", "Secondary trait 2"), default_factory=Trait)
    flaw: Trait = param(tr("Défaut", "Flaw"), default_factory=Trait)
    acquired: list[Trait] = param(
        tr("Traits appris en jeu", "Traits learned in play"), default_factory=list
    )
    motivation: str = _text("Motivation", "Motivation")
    secret: str = _text("Secret", "Secret")
    important_person: str = _text("Personne importante", "Important person")
    background: str = _text("Antécédents", "Background")
    equipment: str = _text("Matériel", "Gear")
    finances: str = _text("Finances", "Finances")
    hp_name: str = _text("Nom des points de vie", "Name of the hit points")
    max_hp: int = param(tr("Points de vie max.", "Maximum hit points"), default=14, ge=1)
    hp_rolled: bool = _flag("PV tirés aux dés", "Hit points rolled")
    hp_advanced: bool = _flag("PV accrus en jeu", "Hit points increased in play")
    damage: int = _count("Dégâts", "Damage")
    temporary_damage: int = _count("Dégâts temporaires", "Temporary damage")
    recovery_base: int | None = param(
        tr("PV après la dernière récupération", "Hit points after the last recovery"),
        default=None,
    )
    healing_quarters: int = _count("Quarts de PV de soin en cours", "Quarters of healing", le=3)
    serious_wounds: list[SeriousWound] = param(
        tr("Blessures graves", "Serious wounds"), default_factory=list
    )
    experience_pool: int = _count("Réserve d'expérience", "Experience pool", default=1)
    experience_used: int = _count("Dés d'expérience joués cette séance", "Dice used this session")
    experience_earned: int = _count("Dés d'expérience gagnés", "Experience dice awarded")
    experience_spent: int = _count("Dés d'expérience dépensés", "Experience dice paid")
    psychic_pool: int = _count("Réserve psychique", "Psychic pool")
    psychic_charges: int = _count("Charges disponibles", "Charges left")
    power_attempts: int = _count("Essais d'apprendre un pouvoir", "Attempts at a power")
    psi_null: bool = _flag("Psi-infirme (secret du MJ)", "Psi-null (GM's secret)")
    spells: list[str] = param(tr("Sorts", "Spells"), default_factory=list)
    spell_study: dict[str, int] = param(
        tr("Étude des sorts (semaines)", "Spell study (weeks)"),
        default_factory=dict,
        keys=_words(list(MAGIC.spell)),
    )
    weapons: list[str] = _pick(
        tr("Armes", "Weapons"), WEAPON_KEYS, WEAPON_WORDS, default_factory=list
    )
    armour: list[str] = _pick(
        tr("Armure normale", "Normal armour"),
        NORMAL_ARMOUR_KEYS,
        NORMAL_ARMOUR_WORDS,
        default_factory=list,
    )
    bulletproof: str = _pick(
        tr("Armure pare-balles", "Bulletproof armour"),
        BULLETPROOF_KEYS,
        BULLETPROOF_WORDS,
        default="none",
    )
    # the table's choices of optional rules and readings that act on the sheet in play
    restricted_traits: bool = OPTIONS["restricted_traits"].field()
    unknown_traits: bool = OPTIONS["unknown_traits"].field()
    multiple_experience_dice: bool = OPTIONS["multiple_experience_dice"].field()
    serious_wounds_rule: bool = OPTIONS["serious_wounds_rule"].field()
    taser_damage_counts: bool = OPTIONS["taser_damage_counts"].field()
    healed_level_is_recovery_base: bool = OPTIONS["healed_level_is_recovery_base"].field()
    gm_approved: bool = _flag("Approuvé par le MJ", "Approved by the GM")

    @field_validator("weapons")
    @classmethod
    def _weapons(cls, value: list[str]) -> list[str]:
        return _known(value, WEAPON_KEYS, Text(fr="arme", en="weapon"))

    @field_validator("armour")
    @classmethod
    def _armour(cls, value: list[str]) -> list[str]:
        return _known(value, NORMAL_ARMOUR_KEYS, Text(fr="armure", en="armour"))

    @field_validator("bulletproof")
    @classmethod
    def _bulletproof(cls, value: str) -> str:
        _known([value], BULLETPROOF_KEYS, Text(fr="gilet pare-balles", en="bulletproof vest"))
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


#: The game's sheet class (`System.character`, found here on first use).
SHEET = WarpSheet
