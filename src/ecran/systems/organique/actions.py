"""What a player clicks on the sheet: checks prefilled from the sheet, with the current
penalties of the play state (suffering, conditions, encumbrance, armour, the END reserve)."""

from __future__ import annotations

from typing import Any

from ecran.rules import Action, Text, tr
from ecran.systems.organique.sheet import OrganiqueSheet
from ecran.systems.organique.skills import best_bonus
from ecran.systems.organique.tables import COMBAT, CORE
from ecran.systems.organique.tracks import (
    CONDITION_PENALTIES,
    INCAPACITATED,
    encumbrance_penalty,
    exhausted,
    out_of_combat,
)

#: L331-336: an exhausted character fails every test of these.
PHYSICAL = ("AGI", "END", "VIT", "FOR")
#: L520-523: suffering spares the body's own reactions (disease, physical drug resistance).
ORGANIC_SAVES = (
    "disease_contraction",
    "disease_progression",
    "drug_physical",
    "physical_dependence",
)


def effective(sheet: OrganiqueSheet) -> dict[str, int]:
    """Characteristics as they stand: encumbrance (L453-471) and armour (L3868) lower AGI and
    VIT; tests of END use the current reserve (L352-353, L4094-4095); effects in force (sleep
    loss, hunger, radiation: L791-822) add their points, a disease's weakness takes FOR and VIT
    per level (L1096-1110), and cold or shock halve everything (L737-741, L903-904)."""
    stats = sheet.characteristics.model_dump()
    load = encumbrance_penalty(stats["FOR"], sheet.load_kg, sheet.encumbrance_erratum)
    stats["AGI"] += sum(a.agi_penalty for a in sheet.armour) - load
    stats["VIT"] -= load
    stats["END"] = sheet.endurance
    for effect in sheet.effects:
        for stat, points in effect.stats.items():
            stats[stat] += points
    for disease in sheet.diseases:
        stats["FOR"] -= disease.weakness * disease.level
        stats["VIT"] -= disease.weakness * disease.level
    if any(e.halve for e in sheet.effects):
        stats = {k: v // 2 for k, v in stats.items()}
    # The checks accept −10 at the lowest; a character far below 0 fails anyway.
    return {k: max(-10, v) for k, v in stats.items()}


def action_penalty(sheet: OrganiqueSheet) -> int:
    """Suffering (L512-529), conditions (L2869-2960) and effects such as a poison's blurred
    vision (L3861-3867) on conscious actions."""
    conditions = sum(CONDITION_PENALTIES[c][0] for c in sheet.conditions)
    return -sheet.suffering + conditions + sum(e.actions for e in sheet.effects)


def reaction_penalty(sheet: OrganiqueSheet) -> int:
    conditions = sum(CONDITION_PENALTIES[c][1] for c in sheet.conditions)
    return -sheet.suffering + conditions + sum(e.actions for e in sheet.effects)


def pain_save_bonus(sheet: OrganiqueSheet) -> int:
    """A poison's numbness: +7 per dose to saves against pain (L3861-3867)."""
    return sum(e.pain_saves for e in sheet.effects)


def heat_save_penalty(sheet: OrganiqueSheet) -> int:
    """Fever: −(fever) per level to heat saves, with no roll (L1104-1110, reading A27)."""
    return sum(d.fever * d.level for d in sheet.diseases if d.fever_active)


def build_actions(sheet: OrganiqueSheet) -> list[Action]:
    stats = effective(sheet)
    if any(c in INCAPACITATED for c in sheet.conditions):
        return _saves(sheet, stats)
    tired = exhausted(sheet.endurance)
    found = [*_tests(sheet, stats, tired), *_skills(sheet, stats, tired), *_saves(sheet, stats)]
    if not tired and not out_of_combat(sheet.health.current(), sheet.endurance):
        found += _combat(sheet, stats)
    return found


def _tests(sheet: OrganiqueSheet, stats: dict[str, int], tired: bool) -> list[Action]:
    group = tr("Caractéristiques", "Characteristics")
    return [
        Action(
            tr(f"Test de {stat}", f"{stat} test"),
            "test",
            {"characteristic": stats[stat], "difficulty": 20, "modifier": action_penalty(sheet)},
            group,
        )
        for stat in stats
        if not (tired and stat in PHYSICAL)
    ]


def _skills(sheet: OrganiqueSheet, stats: dict[str, int], tired: bool) -> list[Action]:
    group = tr("Compétences", "Skills")
    return [
        Action(
            Text(fr=s.name, en=s.name),
            "skill",
            {
                "characteristic": stats[s.characteristic],
                "level": s.level,
                "difficulty": 20,
                "modifier": action_penalty(sheet),
            },
            group,
        )
        for s in sheet.skills
        if 1 <= s.level <= 6 and not (tired and s.characteristic in PHYSICAL)
    ]


def _saves(sheet: OrganiqueSheet, stats: dict[str, int]) -> list[Action]:
    group = tr("Sauvegardes", "Saves")
    found = []
    for kind in CORE.save:
        values: dict[str, Any] = {"kind": kind.kind, "characteristic": stats[kind.stats[0]]}
        if len(kind.stats) == 2:
            values["second"] = stats[kind.stats[1]]
        # Suffering is a penalty on conscious actions, not on the body's own saves.
        values["modifier"] = 0 if kind.kind in ORGANIC_SAVES else -sheet.suffering
        if kind.kind == "suffering":
            values["modifier"] += pain_save_bonus(sheet)
        if kind.kind == "heat":
            values["modifier"] -= heat_save_penalty(sheet)
        if kind.kind == "disease_contraction":
            values["modifier"] -= sheet.infection_malus
        found.append(Action(kind.label, "save", values, group))
    will = {"characteristic": stats["VOL"], "modifier": pain_save_bonus(sheet) - sheet.suffering}
    found.append(Action(tr("Douleur : choc", "Shock pain"), "shock_pain", will, group))
    found.append(Action(tr("Étourdissement", "Stun"), "stun_save", will, group))
    return found


def _combat(sheet: OrganiqueSheet, stats: dict[str, int]) -> list[Action]:
    group = tr("Combat", "Combat")
    found = []
    for action in COMBAT.action:
        pair = sum(stats[s] for s in action.stats if s in stats)
        skill = best_bonus(sheet.combat_skills, action.name)
        values = {
            "action": action.name,
            "characteristics": pair,
            "modifier": action_penalty(sheet) + skill,
        }
        found.append(Action(action.label, "attack", values, group))
    return found
