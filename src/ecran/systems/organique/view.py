"""The sheet as a person reads it, in French and English (`sections`), and what a player clicks
on it (`actions`): checks prefilled from the sheet, with the current penalties of the play state
(suffering, conditions, encumbrance, armour, the END reserve)."""

from __future__ import annotations

from typing import Any

from ecran.rules import Action, SheetRow, SheetSection, Text, as_text, joined, number, phrase, tr
from ecran.rules.data import row_where
from ecran.systems.organique.afflictions import STAT_WORDS
from ecran.systems.organique.intrusion import Intrusion
from ecran.systems.organique.sheet import (
    INCAPACITATED,
    SKILL_SITUATIONS,
    CombatSkill,
    OrganiqueSheet,
)
from ecran.systems.organique.skills import (
    best_bonus,
    best_initiative,
    combat_bonus,
    initiative_from,
    simultaneous_bonus,
)
from ecran.systems.organique.tables import COMBAT, CORE, HEALTH, networks
from ecran.systems.organique.tracks import (
    action_penalty,
    effect_label,
    effective,
    encumbrance_penalty,
    encumbrance_threshold,
    exhausted,
    health_rows,
    heat_save_penalty,
    out_of_combat,
    pain_save_bonus,
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
            effect_label(e.name),
            # codes and numbers: the same in both languages
            ", ".join(f"{k} {v:+d}" for k, v in e.stats.items())
            + (" ÷2" if e.halve else "")
            + (f" actions {e.actions}" if e.actions else ""),
            e.note,
        )
        for e in sheet.effects
    ]
    rows += [
        SheetRow(
            _disease_label(d.name),
            phrase(
                tr("niveau {n}{stopped}", "level {n}{stopped}"),
                n=d.level,
                stopped=tr(" (stoppée)", " (stopped)") if d.stopped else "",
            ),
            phrase(
                tr("toutes les {h} h, diff. {d}, +{t}", "every {h} h, diff. {d}, +{t}"),
                h=d.interval_hours,
                d=d.progression,
                t=d.treatment,
            ),
        )
        for d in sheet.diseases
    ]
    rows += [
        SheetRow(
            phrase(
                tr("{drug} ({kind})", "{drug} ({kind})"),
                drug=_drug_label(a.drug),
                kind=DEPENDENCE[a.kind],
            ),
            phrase(
                tr("jour {d} → test jour {t}", "day {d} → test on day {t}"),
                d=number(a.days_clean),
                t=number(a.next_test_day),
            ),
            tr("manque !", "craving!") if a.craving else f"diff. {a.withdrawal}",
        )
        for a in sheet.addictions
    ]
    if sheet.bleeding_bs or sheet.battle_bs or sheet.battle_c:
        rows.append(
            SheetRow(
                tr("Blessures du combat", "Battle wounds"),
                phrase(
                    tr("{bs} bs, {c} c", "{bs} bs, {c} c"),
                    bs=number(sheet.battle_bs),
                    c=number(sheet.battle_c),
                ),
                phrase(tr("saigne : {bs} bs", "bleeding: {bs} bs"), bs=number(sheet.bleeding_bs))
                if sheet.bleeding_bs
                else "",
            )
        )
    if sheet.immunities:
        rows.append(
            SheetRow(tr("Immunités (+10)", "Immunities (+10)"), ", ".join(sheet.immunities))
        )
    return SheetSection(tr("Afflictions", "Afflictions"), rows)


def _intrusion(i: Intrusion) -> SheetSection:
    state = (
        tr("éjecté", "ejected")
        if i.ejected
        else tr("alerte", "alert")
        if i.alert
        else tr("doute", "suspicion")
        if i.suspected
        else tr("discret", "unnoticed")
    )
    rows = [
        SheetRow(
            tr("Réseau", "Network"),
            networks().network_words(i.network),
            tr("paranoïa {n}", "paranoia {n}").format(n=i.paranoia),
        ),
        SheetRow(tr("Sécurité", "Security"), state, f"{i.minutes} min"),
        SheetRow(tr("Informations", "Information"), ", ".join(i.info) or "—"),
        SheetRow(
            tr("Accès", "Access"),
            joined(
                [
                    Text(fr=f"{a.system} : {a.privilege}", en=f"{a.system}: {a.privilege}")
                    for a in i.access
                ]
            ),
            tr("dans le réseau", "inside the network") if i.inside_network else "",
        ),
    ]
    return SheetSection(tr("Piratage en cours", "Intrusion"), rows)


def _identity(sheet: OrganiqueSheet) -> SheetSection:
    rows = [
        SheetRow(tr("Nom", "Name"), sheet.name),
        SheetRow(tr("Type", "Kind"), tr("PJ", "PC") if sheet.kind == "pc" else tr("PNJ", "NPC")),
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
            Text(fr=f"{k} {STAT_WORDS[k].fr}", en=f"{k} {STAT_WORDS[k].en}"),
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
            Text(fr=f"{sheet.load_kg} kg : −{load}", en=f"{sheet.load_kg} kg: −{load}"),
        ),
        SheetRow(
            tr("Course max", "Top running speed"),
            tr("{n} m/tour", "{n} m/round").format(n=c.VIT),
        ),
    ]
    return SheetSection(tr("Caractéristiques", "Characteristics"), rows)


def _health(sheet: OrganiqueSheet) -> SheetSection:
    return SheetSection(tr("Santé", "Health"), health_rows(sheet))


def _skills(sheet: OrganiqueSheet) -> SheetSection:
    rows = [
        SheetRow(
            skill_label(s.name),
            tr("{stat} niv. {n}", "{stat} level {n}").format(stat=s.characteristic, n=s.level),
            f"+{4 * (s.level - 1)}",
        )
        for s in sheet.skills
    ]
    rows += [
        SheetRow(
            skill_label(s.name),
            phrase(
                tr("niv. {n}{weapon}", "level {n}{weapon}"),
                n=s.level,
                weapon=phrase(tr(" ({w})", " ({w})"), w=weapon_label(s.weapon)) if s.weapon else "",
            ),
            _combat_bonuses(s),
        )
        for s in sheet.combat_skills
    ]
    return SheetSection(tr("Compétences", "Skills"), rows)


def _combat_bonuses(skill: CombatSkill) -> Text:
    """Each action's or reaction's bonus at the skill's level, by its name (L1267-1284:
    Fenn's knife throwing 4 reads initiative +8, frapper +16…)."""
    names = {a.name: a.label for a in COMBAT.action}
    names.update({r.name: r.label for r in COMBAT.reaction})
    names.update({n: row_where(COMBAT.modifier, name=n).label for n in SKILL_SITUATIONS})
    found: list[Text | str] = []
    if skill.initiative_per_level:
        found.append(f"initiative +{initiative_from(skill)}")
    found += [
        phrase(
            tr("{name} +{n}", "{name} +{n}"), name=names.get(k, k), n=combat_bonus(v, skill.level)
        )
        for k, v in skill.modifiers.items()
    ]
    return joined(found, empty="")


# -- names: the sheet keeps the book's French names; a reader sees them in their language ------

#: The skills this chapter names (creation.NAMED_SKILLS), in English.
SKILLS_EN = {
    "Physique": "Physics",
    "Corporation": "Corporation",
    "Médecine d'urgence": "Emergency medicine",
    "Moto": "Motorcycle",
    "Natation": "Swimming",
    "Comédie": "Acting",
    "Système d'exploitation": "Operating systems",
    "Sécurité du Réseau": "Network security",
    "Discrétion Informatique": "Computer stealth",
    "Cryptographie": "Cryptography",
}

#: The two kinds of dependence (L1067-1129).
DEPENDENCE = {
    "physical": tr("physique", "physical"),
    "psychological": tr("psychologique", "psychological"),
}


def skill_label(name: str) -> Text:
    """A skill by its name in the reader's language: the combat catalogue's, the chapter's
    named skills', else as the player wrote it."""
    row = COMBAT.combat_skill_named(name)
    if row is not None:
        return row.label
    return Text(fr=name, en=SKILLS_EN.get(name, name))


def weapon_label(name: str) -> Text:
    """A weapon of the table (L3577-3604) by its name in the reader's language, else as written."""
    row = next((w for w in COMBAT.weapon if name in (w.label.fr, w.name)), None)
    return row.label if row is not None else as_text(name)


def reach_label(reach: str) -> Text:
    """A reach as the weapon table writes it, in the reader's language where it has words."""
    row = next((w for w in COMBAT.weapon if w.reach == reach and w.reach_en), None)
    return Text(fr=reach, en=row.reach_en) if row is not None else as_text(reach)


def armour_label(name: str) -> Text:
    row = next((a for a in COMBAT.armour if name in (a.label.fr, a.name)), None)
    return row.label if row is not None else as_text(name)


def _disease_label(name: str) -> Text:
    row = HEALTH.disease_named(name)
    return row.label if row is not None else as_text(name)


def _drug_label(name: str) -> Text:
    row = HEALTH.drug_named(name)
    return row.label if row is not None else as_text(name)


def _gear(sheet: OrganiqueSheet) -> SheetSection:
    rows = [
        SheetRow(
            armour_label(a.name),
            tr("IA {n}", "coverage {n}").format(n=a.coverage),
            _damage(a.bs, a.c),
        )
        for a in sheet.armour
    ]
    rows += [
        SheetRow(
            weapon_label(w.name),
            _damage(w.bs, w.c),
            phrase(
                tr("portée {reach}{ap}", "reach {reach}{ap}"),
                reach=reach_label(w.reach),
                ap=tr(", perforant {n}", ", armour-piercing {n}").format(n=w.ap) if w.ap else "",
            ),
        )
        for w in sheet.weapons
    ]
    return SheetSection(tr("Équipement", "Equipment"), rows)


def _damage(bs: float, c: float) -> Text:
    """Serious wounds (bs) and contusions (c), the table's two columns (L3577-3604)."""
    return phrase(tr("{bs} bs / {c} c", "{bs} bs / {c} c"), bs=number(bs), c=number(c))


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
            test_of(stat),
            "test",
            {"characteristic": stats[stat], "difficulty": 20, "modifier": action_penalty(sheet)},
            group,
        )
        for stat in stats
        if not (tired and stat in PHYSICAL)
    ]


def test_of(stat: str) -> Text:
    """ "Test d'AGI", "Test de FOR": French elides before a vowel."""
    article = "d'" if stat[0] in "AEIOUÉ" else "de "
    return Text(fr=f"Test {article}{stat}", en=f"{stat} test")


def _skill_actions(sheet: OrganiqueSheet, stats: dict[str, int], tired: bool) -> list[Action]:
    group = tr("Compétences", "Skills")
    return [
        Action(
            skill_label(s.name),
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
        values.update(simultaneous_bonus(sheet.combat_skills))
        found.append(Action(action.label, "attack", values, group))
    return found
