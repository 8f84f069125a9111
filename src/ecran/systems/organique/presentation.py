"""The sheet as a person reads it, in French and English."""

from __future__ import annotations

from ecran.rules import SheetRow, SheetSection, Text, tr
from ecran.systems.organique.actions import action_penalty, effective
from ecran.systems.organique.intrusion import Intrusion
from ecran.systems.organique.sheet import OrganiqueSheet
from ecran.systems.organique.skills import best_initiative, combat_bonus
from ecran.systems.organique.tracks import (
    death_timer,
    encumbrance_penalty,
    encumbrance_threshold,
    exhausted,
    mortally_wounded,
    out_of_combat,
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


def build_sections(sheet: OrganiqueSheet) -> list[SheetSection]:
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
    h = sheet.health
    state = tr("valide", "fit")
    if sheet.inc_zero == "dead" and h.inc <= 0:
        state = tr("mort (lecture : INC 0 = mort)", "dead (reading: INC 0 = dead)")
    elif out_of_combat(h.current(), sheet.endurance):
        t = death_timer(h.current(), sheet.endurance)
        state = tr(
            f"hors de combat : {t} tours pour les premiers soins",
            f"out of the fight: {t} rounds to get first aid",
        )
    elif mortally_wounded(h.current()):
        state = tr("mortellement blessé (−1 END/tour)", "mortally wounded (−1 END/round)")
    elif exhausted(sheet.endurance):
        state = tr("épuisé", "exhausted")
    rows = [
        SheetRow(tr("SNG (Sang)", "SNG (Blood)"), f"{h.sng} / {h.sng_max}"),
        SheetRow(tr("CPS (Corps)", "CPS (Body)"), f"{h.cps} / {h.cps_max}"),
        SheetRow(tr("INC (Incapacité)", "INC (Incapacity)"), f"{h.inc} / {h.inc_max}"),
        SheetRow(
            tr("Réserve d'END", "END reserve"), f"{sheet.endurance} / {sheet.characteristics.END}"
        ),
        SheetRow(tr("Souffrance", "Suffering"), f"−{sheet.suffering}"),
        SheetRow(tr("États", "Conditions"), ", ".join(sheet.conditions) or "—"),
        SheetRow(tr("Malus aux actions", "Action penalty"), str(action_penalty(sheet))),
        SheetRow(tr("État", "State"), f"{state.fr} / {state.en}"),
    ]
    return SheetSection(tr("Santé", "Health"), rows)


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
            ", ".join(f"{k} +{combat_bonus(v, s.level)}" for k, v in s.modifiers.items()),
        )
        for s in sheet.combat_skills
    ]
    return SheetSection(tr("Compétences", "Skills"), rows)


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
