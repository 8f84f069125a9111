"""The character sheet of `organique`: characteristics, health tracks, Endurance reserve,
skills, armour and weapons, pain and conditions (its validation is `validation.py`, its
creation and random NPCs `creation.py`).

The chapter has no creation procedure, point budget or characteristic range (L1-4180; reading
§3.4): the sheet holds what play needs and validation checks what the rules do say.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from ecran.rules import CharacterSheet, Text, param, tr
from ecran.rules.data import row_where
from ecran.systems.organique.afflictions import STAT_WORDS, Addiction, DiseaseState, Effect
from ecran.systems.organique.intrusion import Intrusion
from ecran.systems.organique.options import OPTIONS
from ecran.systems.organique.rows import ConditionRow
from ecran.systems.organique.tables import (
    CHARACTERISTICS,
    COMBAT,
    FIELDS,
    HEALTH,
    words,
)

# -- what the sheet's fields hold: conditions and health values (tracks.py reads them here) --


def _conditions() -> dict[str, ConditionRow]:
    """Every condition a sheet can carry: the combat table's (L2869-2960…) and those the
    symptoms put (L859-913), which carry no penalty of their own unless listed there."""
    found = {c.name: c for c in COMBAT.condition}
    for s in HEALTH.symptom:
        if s.puts and s.puts not in found:
            found[s.puts] = ConditionRow(
                name=s.puts,
                label=s.label,
                actions=0,
                reactions=0,
                incapacitating=s.incapacitating,
                source=s.source,
            )
    return found


CONDITIONS = _conditions()
#: Penalties of the conditions a sheet can carry: (actions, reactions).
CONDITION_PENALTIES: dict[str, tuple[int, int]] = {
    name: (c.actions, c.reactions) for name, c in CONDITIONS.items()
}
#: Conditions under which the sheet offers no action (saves only).
INCAPACITATED = tuple(name for name, c in CONDITIONS.items() if c.incapacitating)
#: People's words for each condition (the `condition` parameter takes them).
CONDITION_WORDS = {name: c.label for name, c in CONDITIONS.items()}


@dataclass(frozen=True)
class Health:
    """A health track's current values, in half points (L538-640)."""

    sng: float
    cps: float
    inc: float


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
LIMB_WORDS = {
    "left_hand": tr("Main gauche", "Left hand"),
    "right_hand": tr("Main droite", "Right hand"),
    "left_foot": tr("Pied gauche", "Left foot"),
    "right_foot": tr("Pied droit", "Right foot"),
    "left_arm": tr("Bras gauche", "Left arm"),
    "right_arm": tr("Bras droit", "Right arm"),
    "left_leg": tr("Jambe gauche", "Left leg"),
    "right_leg": tr("Jambe droite", "Right leg"),
}
#: The combat actions and reactions a combat skill's modifiers are keyed by (L1244-1291), and
#: the situations a skill may help (street fighting's simultaneous attack, L3858-3859).
SKILL_SITUATIONS = ("simultaneous",)
ACTION_WORDS = {
    **words(COMBAT.action),
    **words(COMBAT.reaction),
    **{n: row_where(COMBAT.modifier, name=n).label for n in SKILL_SITUATIONS},
}


#: The model's bound only keeps every size finite: the 0-40 range people expect is a house rule
#: checked by validation (`validation.SCORE_MAX`), so a sheet beyond it still loads and shows all
#: its problems at once.
SCORE_BOUND = 100


def _score(label: Text, default: int = 10) -> Any:
    """A characteristic or a health track (the examples range from 3 to 18)."""
    return param(label, default=default, ge=0, le=SCORE_BOUND)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)


class Characteristics(Strict):
    """L167-535: the eight characteristics (the examples range from 3 to 18)."""

    AGI: int = _score(STAT_WORDS["AGI"])
    PER: int = _score(STAT_WORDS["PER"])
    CHA: int = _score(STAT_WORDS["CHA"])
    END: int = _score(STAT_WORDS["END"])
    INT: int = _score(STAT_WORDS["INT"])
    VIT: int = _score(STAT_WORDS["VIT"])
    FOR: int = _score(STAT_WORDS["FOR"])
    VOL: int = _score(STAT_WORDS["VOL"])


class HealthTrack(Strict):
    """L538-640: maxima are given per character (no formula in this chapter); current values
    move in half points."""

    sng_max: int = _score(tr("SNG (Sang) max", "SNG (Blood) max"), 4)
    cps_max: int = _score(tr("CPS (Corps) max", "CPS (Body) max"), 4)
    inc_max: int = _score(tr("INC (Incapacité) max", "INC (Incapacity) max"), 4)
    sng: float = _score(tr("SNG (Sang)", "SNG (Blood)"), 4)
    cps: float = _score(tr("CPS (Corps)", "CPS (Body)"), 4)
    inc: float = _score(tr("INC (Incapacité)", "INC (Incapacity)"), 4)

    def current(self) -> Health:
        return Health(sng=self.sng, cps=self.cps, inc=self.inc)


class Skill(Strict):
    name: str = FIELDS("name.sheet_skill", min_length=1, max_length=80)
    characteristic: StatName = FIELDS(
        "characteristic.sheet_skill", default="INT", choices=STAT_WORDS
    )
    level: int = FIELDS("level.sheet_skill", default=1)


class CombatSkill(Strict):
    """L1244-1291: a combat skill; each level above the first adds +4 to every listed base
    modifier. A skill of the chapter's catalogue (`COMBAT.combat_skill`: knife throwing,
    kickboxing, street fighting…) written by name alone takes the catalogue's modifiers,
    initiative and weapon; any other the GM copies from chapter 1 (absent from this seed)."""

    name: str = FIELDS("name.sheet_combatskill", min_length=1, max_length=80)
    level: int = FIELDS("level.sheet_combatskill", default=1)
    weapon: str = FIELDS("weapon.sheet_combatskill", default="", max_length=80)
    initiative_per_level: int = FIELDS(
        "initiative_per_level.sheet_combatskill", default=0, ge=0, le=10
    )
    modifiers: dict[str, int] = FIELDS(
        "modifiers.sheet_combatskill", default_factory=dict, keys=ACTION_WORDS
    )

    @model_validator(mode="before")
    @classmethod
    def _from_catalogue(cls, data: Any) -> Any:
        if not isinstance(data, dict) or data.get("modifiers") or data.get("initiative_per_level"):
            return data
        row = COMBAT.combat_skill_named(str(data.get("name", "")))
        if row is None:
            return data
        weapons = [w.label.fr for w in COMBAT.weapon if w.name in row.weapons]
        return {
            **data,
            "modifiers": dict(row.modifiers),
            "initiative_per_level": row.initiative_per_level,
            "weapon": data.get("weapon") or (weapons[0] if weapons else ""),
        }


class ArmourPiece(Strict):
    """L643-698: coverage (IA) and protection (IP) per damage type; listed outermost first."""

    name: str = FIELDS("name.sheet_armourpiece", min_length=1, max_length=80)
    coverage: int = FIELDS("coverage.sheet_armourpiece", default=0)
    bs: float = FIELDS("bs.sheet_armourpiece", default=0, ge=0)
    c: float = FIELDS("c.sheet_armourpiece", default=0, ge=0)
    agi_penalty: int = FIELDS("agi_penalty.sheet_armourpiece", default=0, le=0)


class WeaponItem(Strict):
    name: str = FIELDS("name.sheet_weaponitem", min_length=1, max_length=80)
    reach: str = FIELDS("reach.sheet_weaponitem", default="")
    bs: float = FIELDS("bs.sheet_weaponitem", default=0, ge=0)
    c: float = FIELDS("c.sheet_weaponitem", default=0, ge=0)
    ap: int = FIELDS("ap.sheet_weaponitem", default=0, ge=0)


class OrganiqueSheet(CharacterSheet):
    system: Literal["organique"] = "organique"
    characteristics: Characteristics = FIELDS(
        "characteristics.sheet", default_factory=Characteristics
    )
    health: HealthTrack = FIELDS("health.sheet", default_factory=HealthTrack)
    endurance: int = _score(tr("Réserve d'END", "END reserve"))
    suffering: int = FIELDS("suffering.sheet", default=0, ge=0, le=60)
    conditions: list[ConditionName] = FIELDS(
        "conditions.sheet", default_factory=list, choices=CONDITION_WORDS
    )
    initiative_bonus: int = FIELDS("initiative_bonus.sheet", default=0, ge=0, le=40)
    load_kg: float = FIELDS("load_kg.sheet", default=0, ge=0, le=1000)
    skills: list[Skill] = FIELDS("skills.sheet", default_factory=list)
    combat_skills: list[CombatSkill] = FIELDS("combat_skills.sheet", default_factory=list)
    armour: list[ArmourPiece] = FIELDS("armour.sheet", default_factory=list)
    weapons: list[WeaponItem] = FIELDS("weapons.sheet", default_factory=list)
    character_class: str = FIELDS("character_class.sheet", default="")
    effects: list[Effect] = FIELDS("effects.sheet", default_factory=list)
    diseases: list[DiseaseState] = FIELDS("diseases.sheet", default_factory=list)
    immunities: list[str] = FIELDS("immunities.sheet", default_factory=list)
    addictions: list[Addiction] = FIELDS("addictions.sheet", default_factory=list)
    battle_bs: float = FIELDS("battle_bs.sheet", default=0, ge=0, le=200)
    battle_c: float = FIELDS("battle_c.sheet", default=0, ge=0, le=200)
    bleeding_bs: float = FIELDS("bleeding_bs.sheet", default=0, ge=0, le=200)
    intrusion: Intrusion | None = FIELDS("intrusion.sheet", default=None)
    disabled_limbs: list[LimbName] = FIELDS(
        "disabled_limbs.sheet", default_factory=list, choices=LIMB_WORDS
    )
    structure: float | None = FIELDS("structure.sheet", default=None, ge=0, le=1000)
    suffocation_sng: float = FIELDS("suffocation_sng.sheet", default=0, ge=0, le=40)
    first_aid_rounds: int | None = FIELDS("first_aid_rounds.sheet", default=None, ge=0, le=200)
    first_aid: bool = FIELDS("first_aid.sheet", default=False)
    dead: bool = FIELDS("dead.sheet", default=False)
    infection_malus: int = FIELDS("infection_malus.sheet", default=0, ge=0, le=200)
    # Readings of ambiguous play-state rules this sheet's tracks follow (rules/organique.md §9).
    blunt_after_sng0: Literal["cascade", "direct"] = OPTIONS["blunt_after_sng0"].field()
    halving: Literal["floor_half", "floor"] = OPTIONS["halving"].field()
    inc_zero: Literal["out_of_combat", "dead"] = OPTIONS["inc_zero"].field()
    encumbrance_erratum: bool = OPTIONS["encumbrance_erratum"].field()


#: The game's sheet class (`System.character`, found here on first use).
SHEET = OrganiqueSheet
