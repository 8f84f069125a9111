"""The character sheet of `organique`: characteristics, health tracks, Endurance reserve,
skills, armour and weapons, pain and conditions; its validation, creation and random NPCs.

The chapter has no creation procedure, point budget or characteristic range (L1-4180; reading
§3.4): the sheet holds what play needs and validation checks what the rules do say.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from ecran.dice import Roller
from ecran.rules import CharacterSheet, RuleViolation, tr
from ecran.systems.organique.afflictions import Addiction, DiseaseState, Effect
from ecran.systems.organique.common import src
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


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Characteristics(Strict):
    """L167-535: the eight characteristics (the examples range from 3 to 18)."""

    AGI: int = Field(10, ge=0, le=40, title="Agilité / Agility")
    PER: int = Field(10, ge=0, le=40, title="Perception")
    CHA: int = Field(10, ge=0, le=40, title="Charisme / Charisma")
    END: int = Field(10, ge=0, le=40, title="Endurance")
    INT: int = Field(10, ge=0, le=40, title="Intelligence")
    VIT: int = Field(10, ge=0, le=40, title="Vitesse / Speed")
    FOR: int = Field(10, ge=0, le=40, title="Force / Strength")
    VOL: int = Field(10, ge=0, le=40, title="Volonté / Will")


class HealthTrack(Strict):
    """L538-640: maxima are given per character (no formula in this chapter); current values
    move in half points."""

    sng_max: int = Field(4, ge=0, le=40, title="SNG (Sang / Blood) max")
    cps_max: int = Field(4, ge=0, le=40, title="CPS (Corps / Body) max")
    inc_max: int = Field(4, ge=0, le=40, title="INC (Incapacité) max")
    sng: float = Field(4, ge=0, le=40, title="SNG")
    cps: float = Field(4, ge=0, le=40, title="CPS")
    inc: float = Field(4, ge=0, le=40, title="INC")

    def current(self) -> Health:
        return Health(sng=self.sng, cps=self.cps, inc=self.inc)


class Skill(Strict):
    name: str = Field(min_length=1, max_length=80)
    characteristic: StatName = "INT"
    level: int = Field(1, title="1 Novice … 6 Maître")


class CombatSkill(Strict):
    """L1244-1291: a combat skill of chapter 1 (absent from this seed: the GM copies its base
    modifiers); each level above the first adds +4 to every listed modifier."""

    name: str = Field(min_length=1, max_length=80)
    level: int = Field(1, title="1 Novice … 6 Maître")
    weapon: str = Field("", max_length=80, title="Arme requise / Weapon needed")
    initiative_per_level: int = Field(0, ge=0, le=10, title="Initiative par niveau")
    modifiers: dict[str, int] = Field(
        default_factory=dict, title="Modificateurs de base par action ou réaction"
    )


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
    endurance: int = Field(10, ge=0, le=40, title="Réserve d'END / END reserve")
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


def _half(x: float) -> bool:
    return float(x * 2).is_integer()


def validate_sheet(sheet: OrganiqueSheet) -> list[RuleViolation]:
    return [
        *_health_violations(sheet),
        *_endurance_violations(sheet),
        *_skill_violations(sheet),
        *_combat_skill_violations(sheet),
        *_armour_violations(sheet),
    ]


def _health_violations(sheet: OrganiqueSheet) -> list[RuleViolation]:
    found = []
    h = sheet.health
    for track in ("sng", "cps", "inc"):
        value, top = getattr(h, track), getattr(h, f"{track}_max")
        if value > top:
            found.append(
                RuleViolation(
                    rule="health.max",
                    source=src(538, 640),
                    message=tr(
                        f"{track.upper()} actuel ({value}) dépasse son maximum ({top})",
                        f"current {track.upper()} ({value}) exceeds its maximum ({top})",
                    ),
                    path=f"health.{track}",
                )
            )
        if not _half(value):
            found.append(
                RuleViolation(
                    rule="health.half_points",
                    source=src(541, 613),
                    message=tr(
                        f"{track.upper()} se compte par demi-points, pas {value}",
                        f"{track.upper()} counts in half points, not {value}",
                    ),
                    path=f"health.{track}",
                )
            )
    return found


def _endurance_violations(sheet: OrganiqueSheet) -> list[RuleViolation]:
    if sheet.endurance <= sheet.characteristics.END:
        return []
    return [
        RuleViolation(
            rule="endurance.reserve",
            source=src(305, 310),
            message=tr(
                f"la réserve d'END ({sheet.endurance}) dépasse le score d'END "
                f"({sheet.characteristics.END})",
                f"the END reserve ({sheet.endurance}) exceeds the END score "
                f"({sheet.characteristics.END})",
            ),
            path="endurance",
        )
    ]


def _level_violation(name: str, level: int, path: str) -> RuleViolation:
    """Skill levels run from 1 to 6 (L1161-1186), combat skills included."""
    return RuleViolation(
        rule="skill.level",
        source=src(1161, 1186),
        message=tr(
            f"{name} : niveau {level} ; les niveaux vont de 1 à 6",
            f"{name}: level {level}; levels run from 1 to 6",
        ),
        path=path,
    )


def _skill_violations(sheet: OrganiqueSheet) -> list[RuleViolation]:
    found = []
    seen: set[str] = set()
    for i, skill in enumerate(sheet.skills):
        if not 1 <= skill.level <= 6:
            found.append(_level_violation(skill.name, skill.level, f"skills.{i}.level"))
        key = skill.name.casefold()
        if key in seen:
            found.append(
                RuleViolation(
                    rule="skill.unique",
                    source=src(1161, 1164),
                    message=tr(
                        f"{skill.name} figure deux fois ; une compétence a un seul niveau",
                        f"{skill.name} is listed twice; a skill has one level",
                    ),
                    path=f"skills.{i}.name",
                )
            )
        seen.add(key)
    return found


def _combat_skill_violations(sheet: OrganiqueSheet) -> list[RuleViolation]:
    known = {a.name for a in COMBAT.action} | {r.name for r in COMBAT.reaction}
    found = []
    for i, skill in enumerate(sheet.combat_skills):
        if not 1 <= skill.level <= 6:
            found.append(_level_violation(skill.name, skill.level, f"combat_skills.{i}.level"))
        found += [
            RuleViolation(
                rule="combat_skill.action",
                source=src(2966, 3480),
                message=tr(
                    f"{skill.name} : « {name} » n'est ni une action ni une réaction de combat",
                    f"{skill.name}: '{name}' is neither a combat action nor a reaction",
                ),
                path=f"combat_skills.{i}.modifiers.{name}",
            )
            for name in skill.modifiers
            if name not in known
        ]
    return found


def _armour_violations(sheet: OrganiqueSheet) -> list[RuleViolation]:
    return [
        RuleViolation(
            rule="armour.coverage",
            source=src(672, 675),
            message=tr(
                f"{piece.name} : couverture {piece.coverage} ; elle va de 0 à 20 (corps entier)",
                f"{piece.name}: coverage {piece.coverage}; it runs from 0 to 20 (whole body)",
            ),
            path=f"armour.{i}.coverage",
        )
        for i, piece in enumerate(sheet.armour)
        if not 0 <= piece.coverage <= 20
    ]


#: Skills this chapter names, with their characteristic (reading §3.3); a full list is in
#: the book's chapter 1, which the seed lacks.
NAMED_SKILLS: tuple[tuple[str, StatName], ...] = (
    ("Physique", "INT"),
    ("Corporation", "INT"),
    ("Médecine d'urgence", "INT"),
    ("Moto", "AGI"),
    ("Natation", "AGI"),
    ("Comédie", "CHA"),
    ("Combat de rue", "AGI"),
    ("Combat au couteau", "AGI"),
    ("Lancer de couteau", "AGI"),
    ("Kickboxing", "AGI"),
    ("Système d'exploitation", "INT"),
    ("Sécurité du Réseau", "INT"),
    ("Discrétion Informatique", "INT"),
    ("Cryptographie", "INT"),
)


def random_npc(roller: Roller, name: str = "") -> OrganiqueSheet:
    """House rule (the seed has no generator): characteristics 3-18 and SNG 2-5, CPS 3-5,
    INC 3-6, the ranges of the chapter's example characters (L3719-3887)."""
    stats = {stat: 2 + roller.d(16) for stat in CHARACTERISTICS}
    sng, cps, inc = 1 + roller.d(4), 2 + roller.d(3), 2 + roller.d(4)
    picks = sorted({roller.d(len(NAMED_SKILLS)) - 1 for _ in range(3)})
    skills = [
        Skill(name=NAMED_SKILLS[i][0], characteristic=NAMED_SKILLS[i][1], level=roller.d(4))
        for i in picks
    ]
    weapon = COMBAT.weapon[roller.d(len(COMBAT.weapon)) - 1]
    armour = COMBAT.armour[roller.d(len(COMBAT.armour) - 1) - 1]  # the tree is cover, not worn
    return OrganiqueSheet(
        name=name or f"PNJ {roller.seed}",
        kind="npc",
        characteristics=Characteristics(**stats),
        health=HealthTrack(sng_max=sng, cps_max=cps, inc_max=inc, sng=sng, cps=cps, inc=inc),
        endurance=stats["END"],
        skills=skills,
        weapons=[
            WeaponItem(
                name=weapon.label_fr, reach=weapon.reach, bs=weapon.bs, c=weapon.c, ap=weapon.ap
            )
        ],
        armour=[
            ArmourPiece(
                name=armour.label_fr,
                coverage=armour.coverage,
                bs=armour.bs,
                c=armour.c,
                agi_penalty=armour.agi,
            )
        ],
    )
