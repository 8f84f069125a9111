"""A new character and random NPCs for `organique`. The chapter has no creation procedure
(reading §3.4): a new sheet is legal as it stands and the GM fills it in."""

from __future__ import annotations

from typing import Any

from ecran.dice import Roller
from ecran.rules import Params, drawn_name
from ecran.rules.text import DEFAULT_LANG
from ecran.systems.organique.options import OPTIONS, NpcRole
from ecran.systems.organique.sheet import (
    ArmourPiece,
    Characteristics,
    CombatSkill,
    HealthTrack,
    OrganiqueSheet,
    Skill,
    StatName,
    WeaponItem,
)
from ecran.systems.organique.tables import CHARACTERISTICS, COMBAT


def new_character(name: str) -> OrganiqueSheet:
    """Every characteristic 10, the reserve full and the tracks at their maxima: a legal
    sheet before the GM changes anything."""
    sheet = OrganiqueSheet(name=name)
    return sheet.model_copy(update={"endurance": sheet.characteristics.END})


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


class NpcParams(Params):
    """The choices a random NPC takes: its role, a labelled house rule (option `role`)."""

    role: NpcRole = OPTIONS["role"].field()


#: House rule `role`: (characteristic shift, highest skill level, skill level shift,
#: health maxima shift) per role; standard leaves the generator as it is.
ROLES: dict[str, tuple[int, int, int, int]] = {
    "minion": (-4, 2, 0, -1),
    "standard": (0, 6, 0, 0),
    "elite": (4, 6, 1, 1),
}


def random_npc(roller: Roller, lang: str = DEFAULT_LANG, **choices: Any) -> OrganiqueSheet:
    """House rule (the seed has no generator): characteristics 3-18 and SNG 2-5, CPS 3-5,
    INC 3-6, the ranges of the chapter's example characters (L3719-3887); a role (house rule
    `role`) shifts them after the same rolls."""
    role = NpcParams.model_validate({"role": choices.get("role", "standard")}).role
    return _in_role(_rolled(roller, lang, **choices), role)


def _in_role(sheet: OrganiqueSheet, role: str) -> OrganiqueSheet:
    shift, top, up, health = ROLES[role]
    if (shift, top, up, health) == ROLES["standard"]:
        return sheet
    stats = {k: max(1, v + shift) for k, v in sheet.characteristics.model_dump().items()}
    h = sheet.health
    sng, cps, inc = (max(1, int(x) + health) for x in (h.sng_max, h.cps_max, h.inc_max))
    return sheet.model_copy(
        update={
            "characteristics": Characteristics(**stats),
            "endurance": stats["END"],
            "health": HealthTrack(sng_max=sng, cps_max=cps, inc_max=inc, sng=sng, cps=cps, inc=inc),
            "skills": [
                s.model_copy(update={"level": min(top, s.level + up)}) for s in sheet.skills
            ],
            "combat_skills": [
                s.model_copy(update={"level": min(top, s.level + up)}) for s in sheet.combat_skills
            ],
        }
    )


def _rolled(roller: Roller, lang: str, **choices: Any) -> OrganiqueSheet:
    stats = {stat: 2 + roller.d(16) for stat in CHARACTERISTICS}
    sng, cps, inc = 1 + roller.d(4), 2 + roller.d(3), 2 + roller.d(4)
    picks = sorted({roller.d(len(NAMED_SKILLS)) - 1 for _ in range(3)})
    learnt = [(NAMED_SKILLS[i], roller.d(4)) for i in picks]
    # A skill of the combat catalogue is a combat skill (L1244-1291), with its modifiers.
    skills = [
        Skill(name=name, characteristic=stat, level=level)
        for (name, stat), level in learnt
        if COMBAT.combat_skill_named(name) is None
    ]
    combat = [
        CombatSkill.model_validate({"name": name, "level": level})
        for (name, _), level in learnt
        if COMBAT.combat_skill_named(name) is not None
    ]
    weapon = COMBAT.weapon[roller.d(len(COMBAT.weapon)) - 1]
    armour = COMBAT.armour[roller.d(len(COMBAT.armour) - 1) - 1]  # the tree is cover, not worn
    weapons = [weapon]
    # The weapon a combat skill needs comes with it (knife throwing: the throwing daggers).
    for skill in combat:
        needed = next((w for w in COMBAT.weapon if w.label.fr == skill.weapon), None)
        if needed is not None and needed not in weapons:
            weapons.append(needed)
    return OrganiqueSheet(
        name=str(choices.get("name", "")) or drawn_name("ecran.systems.organique", roller.seed),
        kind="npc",
        characteristics=Characteristics(**stats),
        health=HealthTrack(sng_max=sng, cps_max=cps, inc_max=inc, sng=sng, cps=cps, inc=inc),
        endurance=stats["END"],
        skills=skills,
        combat_skills=combat,
        weapons=[
            WeaponItem(name=w.label.fr, reach=w.reach, bs=w.bs, c=w.c, ap=w.ap) for w in weapons
        ],
        armour=[
            ArmourPiece(
                name=armour.label.fr,
                coverage=armour.coverage,
                bs=armour.bs,
                c=armour.c,
                agi_penalty=armour.agi,
            )
        ],
    )
