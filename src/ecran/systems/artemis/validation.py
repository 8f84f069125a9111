"""Every rule a sheet can break, each with its rule id, its seed lines and a bilingual message."""

from __future__ import annotations

from collections.abc import Iterator

from ecran.rules import FieldMeta, RuleViolation, Text, tr
from ecran.rules.data import SheetRules
from ecran.systems.artemis import tables
from ecran.systems.artemis.sheet import SKILL_WORDS, ArtemisSheet, Characteristics

Found = Iterator[RuleViolation]


#: A breach of a rule of `data/violations.toml` at a path, its message filled with values.
violation = SheetRules(tables.PACKAGE, tables.SEED)


def _words(key: str) -> Text:
    """A skill row's key as the reader names it: a book skill by its name, a custom skill or
    a weapon by the name the sheet gives it (`custom:…`, `weapon:…`); an unknown id as is."""
    kind, _, name = key.partition(":")
    if kind == "weapon" and name:
        return tr(f"arme {name}", f"weapon {name}")
    if kind == "custom" and name:
        return tr(name, name)
    return SKILL_WORDS.get(key) or tr(key, key)


def _characteristic(name: str) -> Text:
    meta = FieldMeta.of_model(Characteristics).get(name)
    return meta.label if meta is not None else tr(name, name)


def known_skills() -> set[str]:
    data = tables.skills()
    return {s.id for s in data.innate} | {s.id for s in data.acquired}


def characteristics(sheet: ArtemisSheet) -> Found:
    for name, value in sheet.characteristics.model_dump().items():
        if not 1 <= value <= 5:
            yield violation(
                "characteristic_range",
                f"characteristics.{name}",
                name=_characteristic(name),
                value=value,
            )


def skills(sheet: ArtemisSheet) -> Found:
    known = known_skills()
    for key in sorted(set(sheet.levels) | set(sheet.scores)):
        if key not in known:
            yield violation("skill_unknown", f"levels.{key}", key=key)
    for skill in tables.skills().innate:
        # An NPC's random score of 7 has no level (A10): its score alone shows the skill.
        held = sheet.scores.get(skill.id) if sheet.kind == "npc" else None
        if not sheet.levels.get(skill.id) and not held:
            yield violation("innate_debutant", f"levels.{skill.id}", skill=skill.label)
    for key, level in sheet.levels.items():
        if level and key not in sheet.scores:
            yield violation("skill_score_missing", f"scores.{key}", skill=_words(key))
    if sheet.kind == "pc":
        for key, score in sheet.scores.items():
            if score and not sheet.levels.get(key):
                yield violation("skill_level_missing", f"levels.{key}", skill=_words(key))


def npc_scores(sheet: ArtemisSheet) -> Found:
    """An NPC's score follows from its level (L79-93); without a level, it is the random score
    (L94-96), 7 included (it matches no level, A10)."""
    if sheet.kind != "npc":
        return
    # each row: its key (its words), the score's place on the sheet, its level and score
    rows: list[tuple[str, str, str, int]] = [
        (k, f"scores.{k}", sheet.levels.get(k, ""), s) for k, s in sheet.scores.items()
    ]
    rows += [
        (f"custom:{c.name}", f"custom_skills.{i}.score", c.level, c.score)
        for i, c in enumerate(sheet.custom_skills)
    ]
    rows += [
        (f"weapon:{w.name}", f"weapons.{i}.score", w.level, w.score)
        for i, w in enumerate(sheet.weapons)
    ]
    random_rule = tables.core().npc_random
    low, high = 1 + random_rule.add, 6 + random_rule.add
    for key, place, level, score in rows:
        expected = tables.level(level).npc_score if level else None
        if level and expected is not None and score != expected:
            yield violation(
                "npc_level_score",
                place,
                skill=_words(key),
                level=tables.level(level).label,
                expected=expected,
                score=score,
            )
        if not level and score and not low <= score <= high:
            yield violation("npc_random_score", place, skill=_words(key), low=low, high=high)


def custom_skills(sheet: ArtemisSheet) -> Found:
    groups = {g.id for g in tables.skills().group}
    data = tables.skills()
    names = {s.fr.casefold() for s in data.innate + data.acquired} | known_skills()
    for i, skill in enumerate(sheet.custom_skills):
        if skill.name.casefold() in names:
            yield violation("custom_skill_name", f"custom_skills.{i}.name", name=skill.name)
        names.add(skill.name.casefold())
        if skill.group not in groups:
            yield violation(
                "custom_skill_group",
                f"custom_skills.{i}.group",
                group=skill.group,
                groups=", ".join(sorted(groups)),
            )


def equipment(sheet: ArtemisSheet) -> Found:
    items = {e.id for e in tables.skills().equipment}
    for key in sheet.equipment:
        if key not in items:
            yield violation("equipment_unknown", f"equipment.{key}", key=key)
    milieux = {m.id for m in tables.skills().milieu}
    for key in set(sheet.milieux) | set(sheet.milieux_gene):
        if key not in milieux:
            yield violation("milieu_unknown", f"milieux.{key}", key=key)
    if sheet.pressurised and tables.armour(sheet.armour).protection == 0:
        yield violation("pressurised_armour", "pressurised")


def experience(sheet: ArtemisSheet) -> Found:
    xp = sheet.experience
    if xp.used > xp.total:
        yield violation("experience_used", "experience.used", used=xp.used, total=xp.total)
    limit = tables.core().experience_force.per_scenario
    if xp.forced_this_scenario > limit:
        yield violation("xp_force_limit", "experience.forced_this_scenario", limit=limit)


def attitudes(sheet: ArtemisSheet) -> Found:
    """An attitude line of a weapon block holds an attack and a parry (L733-737): with only one of
    them the attitude cannot be fought in, and the encounter would silently leave it out."""
    for i, w in enumerate(sheet.weapons):
        for field, attitude, att, par in (
            ("defensive", tr("défensive", "defensive"), w.defensive_attack, w.defensive_parry),
            ("aggressive", tr("agressive", "aggressive"), w.aggressive_attack, w.aggressive_parry),
        ):
            if (att is None) != (par is None):
                missing = "parry" if par is None else "attack"
                path = f"weapons.{i}.{field}_{missing}"
                yield violation("attitude_pair", path, weapon=w.name, attitude=attitude)


RULES = (characteristics, skills, npc_scores, custom_skills, equipment, experience, attitudes)


def validate(sheet: ArtemisSheet) -> list[RuleViolation]:
    return [v for rule in RULES for v in rule(sheet)]


#: Said once in the wizard: the summary gives creation no points budget (rules/artemis.md §3.9:
#: careers, origin, advantage, power and equipment, no procedure and no points).
NO_BUDGET = tr(
    "Le résumé ne donne ni méthode de création ni budget de points (l. 385-457) : les "
    "valeurs se choisissent avec le MJ.",
    "The summary gives creation neither a method nor a points budget (l. 385-457): the values "
    "are chosen with the GM.",
)
