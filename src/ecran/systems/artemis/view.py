"""The sheet as people read it (`sections`) and the checks a player clicks on it (`actions`),
prefilled from the sheet with the current NIFIMO malus."""

from __future__ import annotations

from typing import Any

from ecran.rules import Action, SheetRow, SheetSection, Text, joined, phrase, tr
from ecran.rules.field import field_rows
from ecran.systems.artemis import encounter, tables, tracks
from ecran.systems.artemis.sheet import ArtemisSheet, Weapon

NORMAL = 6  # "normal" on the difficulty ladder (L13): the prefilled difficulty of a skill test
#: Prefill for the other side of a duel, to be replaced by the GM: a professional NPC's score
#: (L88-91), a fighter who lives by the weapon.
OPPONENT = 6


def _level_label(level: str) -> Text:
    return tables.level(level).label if level else tr("—", "—")


def _skill_rows(sheet: ArtemisSheet, ids: list[tuple[str, Text, str]]) -> list[SheetRow]:
    rows = []
    for skill_id, label, char in ids:
        level, score = sheet.level(skill_id), sheet.score(skill_id)
        rows.append(
            SheetRow(
                Text(fr=f"{label.fr} ({char})", en=f"{label.en} ({char})"),
                _scored(_level_label(level), score),
            )
        )
    return rows


def _scored(level: Text, score: int) -> Text:
    return Text(fr=f"{level.fr} {score}", en=f"{level.en} {score}")


def _skill_label(skill_id: str) -> Text:
    data = tables.skills()
    return next(s.label for s in [*data.innate, *data.acquired] if s.id == skill_id)


def known(sheet: ArtemisSheet) -> list[tuple[str, Text, str]]:
    """Every skill the character has: innate, then acquired and custom ones in use."""
    data = tables.skills()
    found = [(s.id, s.label, s.char) for s in data.innate]
    found += [
        (s.id, s.label, s.char)
        for s in data.acquired
        if sheet.levels.get(s.id) or sheet.scores.get(s.id)
    ]
    found += [(c.name, Text(fr=c.name, en=c.name), c.characteristic) for c in sheet.custom_skills]
    return found


def _weapon_line(w: Weapon) -> Text:
    """Level and score, category, then attack / parry per attitude (prudent, then the others
    the sheet has, L860-880)."""
    category = next(c.label for c in tables.combat().weapon_category if c.id == w.category)
    parts = [
        phrase(
            tr("{level}, {category}", "{level}, {category}"),
            level=_scored(_level_label(w.level), w.score),
            category=category,
        ),
        tr("att. {a} / par. {p}", "att. {a} / parry {p}").format(a=w.attack, p=w.parry),
    ]
    labels = encounter.ATTITUDE_LABELS
    if w.defensive_attack is not None or w.defensive_parry is not None:
        parts.append(_attitude(labels["defensive"], w.defensive_attack, w.defensive_parry))
    if w.aggressive_attack is not None or w.aggressive_parry is not None:
        parts.append(_attitude(labels["agressive"], w.aggressive_attack, w.aggressive_parry))
    return joined(parts, separator=tr(" ; ", "; "))


def _attitude(label: Text, attack: int | None, parry: int | None) -> Text:
    """An attitude's attack / parry; a score the sheet leaves blank prints as a dash."""
    a, p = ("—" if x is None else str(x) for x in (attack, parry))
    return phrase(tr("{label} {a} / {p}", "{label} {a} / {p}"), label=label, a=a, p=p)


#: The identity page's text fields, each shown under the label its sheet field declares.
IDENTITY = (
    "player",
    "career_main",
    "career_secondary",
    "origin",
    "protector",
    "family",
    "advantage",
    "disadvantage",
)


def sections(sheet: ArtemisSheet) -> list[SheetSection]:
    identity = [
        *field_rows(sheet, IDENTITY),
        SheetRow(tr("Pouvoir", "Power"), sheet.power.text),
    ]
    described = [
        SheetRow(Text(fr=str(f.title), en=str(f.description)), str(getattr(sheet.description, k)))
        for k, f in type(sheet.description).model_fields.items()
        if getattr(sheet.description, k)
    ]
    chars = [
        SheetRow(c.label, str(getattr(sheet.characteristics, c.id)), c.code)
        for c in tables.skills().characteristic
    ]
    innate = [(s.id, s.label, s.char) for s in tables.skills().innate]
    acquired = [k for k in known(sheet) if k not in innate]
    found = [
        SheetSection(tr("Identité", "Identity"), [r for r in identity if not r.blank] + described),
        SheetSection(tr("Caractéristiques", "Characteristics"), chars),
        SheetSection(tr("Compétences innées", "Innate skills"), _skill_rows(sheet, innate)),
        SheetSection(tr("Compétences acquises", "Acquired skills"), _skill_rows(sheet, acquired)),
        SheetSection(tr("Combat", "Combat"), _combat_rows(sheet)),
        SheetSection(tr("NIFIMO", "NIFIMO"), tracks.tracks(sheet)),
        SheetSection(
            tr("Expérience et équilibre", "Experience and balance"), _progress_rows(sheet)
        ),
        SheetSection(tr("Matériel et milieux", "Equipment and milieux"), _equipment_rows(sheet)),
        SheetSection(
            tr("Notes", "Notes"),
            [SheetRow(tr("Notes", "Notes"), sheet.notes)] if sheet.notes else [],
        ),
    ]
    return [section for section in found if section.rows]


def _combat_rows(sheet: ArtemisSheet) -> list[SheetRow]:
    armour = tables.armour(sheet.armour)
    rows = [
        SheetRow(
            tr("Initiative (Acrobatie + Réaction)", "Initiative (Acrobatics + Reaction)"),
            str(encounter.initiative_score(sheet)),
            tr("+1d6 / tour", "+1d6 / round"),
        ),
        SheetRow(
            tr("Protection", "Protection"),
            Text(fr=f"{armour.fr} : {armour.protection}", en=f"{armour.en}: {armour.protection}"),
            tr("pressurisée", "pressurised") if sheet.pressurised else "",
        ),
        SheetRow(
            tr("Temps d'aggravation", "Aggravation time"),
            f"{tables.aggravation_time(sheet.characteristics.force)} min"
            if 1 <= sheet.characteristics.force <= 5
            else "—",
            tr("heures en catalepsie / hibernation", "hours in catalepsy / hibernation"),
        ),
    ]
    rows += [SheetRow(Text(fr=w.name, en=w.name), _weapon_line(w), "(F)") for w in sheet.weapons]
    return rows


def _progress_rows(sheet: ArtemisSheet) -> list[SheetRow]:
    xp = sheet.experience
    limit = tables.core().experience_force.per_scenario
    rows = [
        SheetRow(
            tr("Expérience totale / utilisée", "Experience total / used"), f"{xp.total} / {xp.used}"
        ),
        SheetRow(
            tr("Hasard forcé ce scénario", "Luck forced this scenario"),
            f"{xp.forced_this_scenario} / {limit}",
        ),
        SheetRow(tr("Équilibre mental (total)", "Mental balance (total)"), str(sheet.balance)),
    ]
    rows += [SheetRow(Text(fr=e.label, en=e.label), f"{e.points:+d}") for e in sheet.mental_balance]
    if sheet.score("voyage") >= tables.psy().rendezvous.empath_voyage:
        rows.append(SheetRow(tr("Empathe", "Empath"), tr("oui", "yes"), "Voyage ≥ 6"))
    return rows


def _equipment_rows(sheet: ArtemisSheet) -> list[SheetRow]:
    rows = [SheetRow(e.label, "✓") for e in tables.skills().equipment if sheet.equipment.get(e.id)]
    if sheet.other_equipment:
        rows.append(SheetRow(tr("Autre", "Other"), sheet.other_equipment))
    rows += [
        SheetRow(
            m.label,
            _level_label(sheet.milieux.get(m.id, "")),
            tr("gêne {n}", "encumbrance {n}").format(n=sheet.milieux_gene[m.id])
            if m.id in sheet.milieux_gene
            else "",
        )
        for m in tables.skills().milieu
    ]
    return rows


# -- actions ------------------------------------------------------------------------------------


def _professional(sheet: ArtemisSheet, skill: str) -> bool:
    privilege = tables.core().privilege.min_level
    return tables.level_rank(sheet.level(skill) or None) >= tables.level_rank(privilege)


def actions(sheet: ArtemisSheet) -> list[Action]:
    malus = tracks.malus(sheet)
    skills_group, pro_group = tr("Compétences", "Skills"), tr("Privilège", "Privilege")
    xp_group = tr("Forcer le hasard (1 XP)", "Forcing luck (1 XP)")
    found: list[Action] = []
    xp = sheet.experience
    can_force = xp.total - xp.used >= 1 and (
        xp.forced_this_scenario < tables.core().experience_force.per_scenario
    )
    for skill_id, label, _ in known(sheet):
        base: dict[str, Any] = {
            "skill": sheet.score(skill_id),
            "difficulty": NORMAL,
            "malus": malus,
        }
        found.append(Action(label, "test", {**base, "professional": False}, skills_group))
        if _professional(sheet, skill_id):
            found.append(Action(label, "test", {**base, "professional": True}, pro_group))
        if can_force:
            found.append(Action(label, "test_xp", {**base, "spend_on": "failure"}, xp_group))
    return (
        found
        + _state_actions(sheet, malus)
        + _combat_actions(sheet, malus)
        + _psy_actions(sheet, malus)
    )


def _state_actions(sheet: ArtemisSheet, malus: int) -> list[Action]:
    group = tr("NIFIMO", "NIFIMO")
    lines = {line.id: line.label for line in tables.nifimo().line}
    found = [
        Action(
            phrase(tr("NIFIMO : {line}", "NIFIMO: {line}"), line=lines[t.track]),
            "nifimo",
            {"skill": sheet.score(t.skill), "malus": malus, "track": t.track},
            group,
        )
        for t in tables.nifimo().test
    ]
    if sheet.kind == "pc":
        found.append(
            Action(
                tr("Test de calme", "Calm test"),
                "calm",
                {"skill": sheet.score("calme"), "malus": malus},
                group,
            )
        )
    return found


def _combat_actions(sheet: ArtemisSheet, malus: int) -> list[Action]:
    group = tr("Combat", "Combat")
    resistance = {"resistance": sheet.score("resistance"), "malus": malus}
    found = [
        Action(
            tr("Esquive", "Dodge"),
            "dodge",
            {"skill": sheet.score("esquive"), "malus": malus, "space": "open", "opponents": 1},
            group,
        ),
        Action(_skill_label("resistance"), "resistance", resistance, group),
        Action(
            tr("Encaisser un coup", "Take a blow"),
            "damage",
            {**resistance, "category": 3, "protection": tracks.protection(sheet)},
            group,
        ),
        Action(
            tr("Cible sans défense (Bagarre)", "Defenceless target (Brawl)"),
            "defenceless",
            {"skill": sheet.score("bagarre"), "malus": malus},
            group,
        ),
        Action(
            tr("Attaque surprise (Furtivité)", "Surprise attack (Stealth)"),
            "opposed",
            {"skill": sheet.score("furtivite"), "malus": malus, "opponent_skill": OPPONENT},
            group,
        ),
    ]
    for weapon in sheet.weapons:
        for attitude, attack, parry in _attitudes(weapon):
            label = Text(fr=f"{weapon.name} ({attitude.fr})", en=f"{weapon.name} ({attitude.en})")
            found.append(
                Action(
                    label,
                    "attack",
                    {
                        "attack": attack,
                        "attack_malus": malus,
                        "parry": OPPONENT,
                        "category": encounter.damage_category(weapon),
                    },
                    group,
                )
            )
            parry_label = Text(fr=f"Parer : {label.fr}", en=f"Parry: {label.en}")
            found.append(
                Action(
                    parry_label,
                    "attack",
                    {"attack": OPPONENT, "parry": parry, "parry_malus": malus},
                    group,
                )
            )
    return found


def _attitudes(w: Weapon) -> list[tuple[Text, int, int]]:
    """The prudent attitude uses the base scores; the others only when the sheet has them."""
    return [(encounter.ATTITUDE_LABELS[a], *encounter.scores(w, a)) for a in encounter.attitudes(w)]


def _psy_actions(sheet: ArtemisSheet, malus: int) -> list[Action]:
    group = tr("Espace psy", "Psy space")
    found = [
        Action(
            tr("Apaiser", "Soothe"),
            "apaiser",
            {"skill": sheet.score("apaiser"), "malus": malus},
            group,
        )
    ]
    powers = [
        ("esquisse", "sketch_trace", tr("Esquisse : tracer", "Sketch: trace"), {}),
        ("esquisse", "sketch_attract", tr("Esquisse : attirer", "Sketch: attract"), {}),
        ("metamorphose", "metamorphosis", tr("Métamorphose", "Metamorphosis"), {"count": 1}),
        ("invocation", "invocation", tr("Invocation", "Invocation"), {"count": 1}),
        ("voyage", "rendezvous", tr("Rendez-vous (Voyage)", "Rendezvous (Travel)"), {}),
    ]
    for skill, check, label, extra in powers:
        if sheet.level(skill) or sheet.score(skill):
            params = {"skill": sheet.score(skill), "malus": malus, **extra}
            found.append(Action(label, check, params, group))
    return found
