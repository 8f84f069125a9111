"""The sheet as a person reads it, in French and English (`sections`), and what a player clicks
on it (`actions`): checks prefilled from the sheet, with the current penalties of the play state
(suffering, conditions, encumbrance, armour, the END reserve)."""

from __future__ import annotations

from typing import Any

from ecran.rules import Action, SheetRow, SheetSection, Text, tr
from ecran.systems.organique.intrusion import Intrusion
from ecran.systems.organique.sheet import CombatSkill, OrganiqueSheet
from ecran.systems.organique.skills import (
    best_bonus,
    best_initiative,
    combat_bonus,
    initiative_from,
)
from ecran.systems.organique.tables import COMBAT, CORE
from ecran.systems.organique.tracks import (
    INCAPACITATED,
    action_penalty,
    effective,
    encumbrance_penalty,
    encumbrance_threshold,
    exhausted,
    health_rows,
    heat_save_penalty,
    out_of_combat,
    pain_save_bonus,
)

NAMES = {
    "AGI": tr("Agilité", "Agility"),
    "PER": tr("Perception", "Perception"),
    "CHA": tr("Charisme", "Charisma"),
    "END": tr("Endurance", "Endurance"),
    "INT": tr("Intelligence", "Intelligence"),
    "VIT": tr("Vitesse", "Speed"),
    "FOR": tr("Force", "Strength"),
    "VOL": tr("Volonté", "Will"),
}

#: L331-336: an exhausted character fails every test of these.
PHYSICAL = ("AGI", "END", "VIT", "FOR")
#: L520-523: suffering spares the body's own reactions (disease, physical drug resistance).
ORGANIC_SAVES = (
    "disease_contraction",
    "disease_progression",
    "drug_physical",
    "physical_dependence",
)


def sections(sheet: OrganiqueSheet) -> list[SheetSection]:
    """Identity, characteristics (as they stand), health, skills, gear, afflictions and any
    intrusion in progress."""
    found = [_identity(sheet), _characteristics(sheet), _health(sheet), _skills(sheet)]
    found += [_gear(sheet), _afflictions(sheet)]
    if sheet.intrusion is not None:
        found.append(_intrusion(sheet.intrusion))
    return found


def _afflictions(sheet: OrganiqueSheet) -> SheetSection:
    """Effects, diseases, dependences and wounds still open (L724-1129, L3669-3711)."""
    rows = [
        SheetRow(
            Text(fr=e.name, en=e.name),
            ", ".join(f"{k} {v:+d}" for k, v in e.stats.items())
            + (" ÷2" if e.halve else "")
            + (f" actions {e.actions}" if e.actions else ""),
            e.note,
        )
        for e in sheet.effects
    ]
    rows += [
        SheetRow(
            Text(fr=d.name, en=d.name),
            f"niveau {d.level}" + (" (stoppée)" if d.stopped else ""),
            f"/{d.interval_hours} h, diff. {d.progression}, +{d.treatment}",
        )
        for d in sheet.diseases
    ]
    rows += [
        SheetRow(
            Text(fr=f"{a.drug} ({a.kind})", en=f"{a.drug} ({a.kind})"),
            f"jour {a.days_clean:g} → test jour {a.next_test_day:g}",
            "manque !" if a.craving else f"diff. {a.withdrawal}",
        )
        for a in sheet.addictions
    ]
    if sheet.bleeding_bs or sheet.battle_bs or sheet.battle_c:
        rows.append(
            SheetRow(
                tr("Blessures du combat", "Battle wounds"),
                f"{sheet.battle_bs} bs, {sheet.battle_c} c",
                f"saigne : {sheet.bleeding_bs} bs" if sheet.bleeding_bs else "",
            )
        )
    if sheet.immunities:
        rows.append(
            SheetRow(tr("Immunités (+10)", "Immunities (+10)"), ", ".join(sheet.immunities))
        )
    return SheetSection(tr("Afflictions", "Afflictions"), rows)


def _intrusion(i: Intrusion) -> SheetSection:
    state = (
        "éjecté" if i.ejected else "alerte" if i.alert else "doute" if i.suspected else "discret"
    )
    rows = [
        SheetRow(tr("Réseau", "Network"), i.network, f"paranoïa {i.paranoia}"),
        SheetRow(tr("Sécurité", "Security"), state, f"{i.minutes} min"),
        SheetRow(tr("Informations", "Information"), ", ".join(i.info) or "—"),
        SheetRow(
            tr("Accès", "Access"),
            ", ".join(f"{a.system}: {a.privilege}" for a in i.access) or "—",
            "dans le réseau" if i.inside_network else "",
        ),
    ]
    return SheetSection(tr("Piratage en cours", "Intrusion"), rows)


def _identity(sheet: OrganiqueSheet) -> SheetSection:
    rows = [
        SheetRow(tr("Nom", "Name"), sheet.name),
        SheetRow(tr("Type", "Kind"), "PJ" if sheet.kind == "pc" else "PNJ"),
    ]
    if sheet.player:
        rows.append(SheetRow(tr("Joueur", "Player"), sheet.player))
    if sheet.character_class:
        rows.append(SheetRow(tr("Classe", "Class"), sheet.character_class))
    return SheetSection(tr("Personnage", "Character"), rows)


def _characteristics(sheet: OrganiqueSheet) -> SheetSection:
    now = effective(sheet)
    base = sheet.characteristics.model_dump()
    rows = [
        SheetRow(
            Text(fr=f"{k} {NAMES[k].fr}", en=f"{k} {NAMES[k].en}"),
            str(base[k]),
            f"→ {now[k]}" if now[k] != base[k] else "",
        )
        for k in base
    ]
    c = sheet.characteristics
    load = encumbrance_penalty(c.FOR, sheet.load_kg, sheet.encumbrance_erratum)
    rows += [
        SheetRow(
            tr("Initiative (PER+INT)", "Initiative (PER+INT)"),
            str(c.PER + c.INT + sheet.initiative_bonus + best_initiative(sheet.combat_skills)),
            "+1D20",
        ),
        SheetRow(
            tr("Seuil d'encombrement", "Encumbrance threshold"),
            f"{encumbrance_threshold(c.FOR)} kg",
            f"{sheet.load_kg} kg : −{load}",
        ),
        SheetRow(tr("Course max", "Top running speed"), f"{c.VIT} m/tour"),
    ]
    return SheetSection(tr("Caractéristiques", "Characteristics"), rows)


def _health(sheet: OrganiqueSheet) -> SheetSection:
    return SheetSection(tr("Santé", "Health"), health_rows(sheet))


def _skills(sheet: OrganiqueSheet) -> SheetSection:
    rows = [
        SheetRow(
            Text(fr=s.name, en=s.name),
            f"{s.characteristic} niv. {s.level}",
            f"+{4 * (s.level - 1)}",
        )
        for s in sheet.skills
    ]
    rows += [
        SheetRow(
            Text(fr=s.name, en=s.name),
            f"niv. {s.level}" + (f" ({s.weapon})" if s.weapon else ""),
            _combat_bonuses(s),
        )
        for s in sheet.combat_skills
    ]
    return SheetSection(tr("Compétences", "Skills"), rows)


def _combat_bonuses(skill: CombatSkill) -> str:
    """Each action's or reaction's bonus at the skill's level, by its French name (L1267-1284:
    Fenn's knife throwing 4 reads initiative +8, frapper +16…)."""
    names = {a.name: a.label_fr for a in COMBAT.action}
    names.update({r.name: r.label_fr for r in COMBAT.reaction})
    found = [f"initiative +{initiative_from(skill)}"] if skill.initiative_per_level else []
    found += [
        f"{names.get(k, k)} +{combat_bonus(v, skill.level)}" for k, v in skill.modifiers.items()
    ]
    return ", ".join(found)


def _gear(sheet: OrganiqueSheet) -> SheetSection:
    rows = [
        SheetRow(Text(fr=a.name, en=a.name), f"IA {a.coverage}", f"{a.bs} bs / {a.c} c")
        for a in sheet.armour
    ]
    rows += [
        SheetRow(
            Text(fr=w.name, en=w.name),
            f"{w.bs} bs / {w.c} c",
            f"portée {w.reach}" + (f", perforant {w.ap}" if w.ap else ""),
        )
        for w in sheet.weapons
    ]
    return SheetSection(tr("Équipement", "Equipment"), rows)


# -- actions: checks prefilled from the sheet -------------------------------------------


def actions(sheet: OrganiqueSheet) -> list[Action]:
    """Tests, skills and saves, then the combat actions while the character can fight; an
    incapacitated character is offered its saves only (L2869-2960, L3195-3216)."""
    stats = effective(sheet)
    if any(c in INCAPACITATED for c in sheet.conditions):
        return _save_actions(sheet, stats)
    tired = exhausted(sheet.endurance)
    found = [
        *_test_actions(sheet, stats, tired),
        *_skill_actions(sheet, stats, tired),
        *_save_actions(sheet, stats),
    ]
    if not tired and not out_of_combat(sheet.health.current(), sheet.endurance):
        found += _combat_actions(sheet, stats)
    return found


def _test_actions(sheet: OrganiqueSheet, stats: dict[str, int], tired: bool) -> list[Action]:
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


def _skill_actions(sheet: OrganiqueSheet, stats: dict[str, int], tired: bool) -> list[Action]:
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


def _save_actions(sheet: OrganiqueSheet, stats: dict[str, int]) -> list[Action]:
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


def _combat_actions(sheet: OrganiqueSheet, stats: dict[str, int]) -> list[Action]:
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
