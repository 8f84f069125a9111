"""Every rule a sheet can break, each with its rule id, its seed lines and a bilingual message."""

from __future__ import annotations

from collections.abc import Iterator

from ecran.rules import FieldMeta, RuleViolation, Source, Text, tr
from ecran.systems.artemis import tables
from ecran.systems.artemis.sheet import SKILL_WORDS, ArtemisSheet, Characteristics
from ecran.systems.artemis.tables import seed, site

Found = Iterator[RuleViolation]


def violation(rule: str, source: Source, fr: str, en: str, path: str = "") -> RuleViolation:
    return RuleViolation(rule=rule, source=source, message=tr(fr, en), path=path)


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
                seed(382, 384, "Force 1-5 in the aggravation table; reading of the range"),
                f"{_characteristic(name).fr} vaut {value} : les caractéristiques vont de 1 à 5",
                f"{_characteristic(name).en} is {value}: characteristics range from 1 to 5",
                f"characteristics.{name}",
            )


def skills(sheet: ArtemisSheet) -> Found:
    known = known_skills()
    for key in sorted(set(sheet.levels) | set(sheet.scores)):
        if key not in known:
            yield violation(
                "skill_unknown",
                seed(458, 685),
                f"compétence inconnue « {key} » (ajoutez-la comme compétence libre)",
                f"unknown skill '{key}' (add it as a custom skill)",
                f"levels.{key}",
            )
    for skill in tables.skills().innate:
        # An NPC's random score of 7 has no level (A10): its score alone shows the skill.
        held = sheet.scores.get(skill.id) if sheet.kind == "npc" else None
        if not sheet.levels.get(skill.id) and not held:
            yield violation(
                "innate_debutant",
                site(357, 363, "0105130001"),
                f"{skill.fr} : tout personnage a toutes les compétences innées, au moins Débutant",
                f"{skill.en}: every character has every innate skill, at least Beginner",
                f"levels.{skill.id}",
            )
    for key, level in sheet.levels.items():
        if level and key not in sheet.scores:
            yield violation(
                "skill_score_missing",
                seed(459),
                f"{_words(key).fr} a un niveau mais pas de score",
                f"{_words(key).en} has a level but no score",
                f"scores.{key}",
            )
    if sheet.kind == "pc":
        for key, score in sheet.scores.items():
            if score and not sheet.levels.get(key):
                yield violation(
                    "skill_level_missing",
                    seed(459),
                    f"{_words(key).fr} a un score mais pas de niveau (la feuille note les deux)",
                    f"{_words(key).en} has a score but no level (the sheet records both)",
                    f"levels.{key}",
                )


def npc_scores(sheet: ArtemisSheet) -> Found:
    """An NPC's score follows from its level (L79-93); without a level, it is the random score
    (L94-96), 7 included (it matches no level, A10)."""
    if sheet.kind != "npc":
        return
    rows: list[tuple[str, str, int]] = [
        (k, sheet.levels.get(k, ""), s) for k, s in sheet.scores.items()
    ]
    rows += [(f"custom:{c.name}", c.level, c.score) for c in sheet.custom_skills]
    rows += [(f"weapon:{w.name}", w.level, w.score) for w in sheet.weapons]
    random_rule = tables.core().npc_random
    low, high = 1 + random_rule.add, 6 + random_rule.add
    for key, level, score in rows:
        expected = tables.level(level).npc_score if level else None
        if level and expected is not None and score != expected:
            yield violation(
                "npc_level_score",
                seed(79, 93),
                f"PNJ : {_words(key).fr} est {tables.level(level).fr}, "
                f"son score est {expected} (pas {score})",
                f"NPC: {_words(key).en} is {tables.level(level).en}, "
                f"its score is {expected} (not {score})",
                key,
            )
        if not level and score and not low <= score <= high:
            yield violation(
                "npc_random_score",
                seed(94, 96),
                f"PNJ : {_words(key).fr} sans niveau doit avoir un score tiré de {low} à {high}",
                f"NPC: {_words(key).en} without a level needs a random score from {low} to {high}",
                key,
            )


def custom_skills(sheet: ArtemisSheet) -> Found:
    groups = {g.id for g in tables.skills().group}
    data = tables.skills()
    names = {s.fr.casefold() for s in data.innate + data.acquired} | known_skills()
    for i, skill in enumerate(sheet.custom_skills):
        if skill.name.casefold() in names:
            yield violation(
                "custom_skill_name",
                seed(591),
                f"la compétence libre « {skill.name} » existe déjà",
                f"custom skill '{skill.name}' already exists",
                f"custom_skills.{i}.name",
            )
        names.add(skill.name.casefold())
        if skill.group not in groups:
            yield violation(
                "custom_skill_group",
                seed(593, 609),
                f"groupe inconnu « {skill.group} » : {', '.join(sorted(groups))}",
                f"unknown group '{skill.group}': {', '.join(sorted(groups))}",
                f"custom_skills.{i}.group",
            )


def equipment(sheet: ArtemisSheet) -> Found:
    items = {e.id for e in tables.skills().equipment}
    for key in sheet.equipment:
        if key not in items:
            yield violation(
                "equipment_unknown",
                seed(434, 457),
                f"matériel inconnu « {key} » (notez-le dans « autre matériel »)",
                f"unknown equipment '{key}' (write it under 'other equipment')",
                f"equipment.{key}",
            )
    milieux = {m.id for m in tables.skills().milieu}
    for key in set(sheet.milieux) | set(sheet.milieux_gene):
        if key not in milieux:
            yield violation(
                "milieu_unknown",
                seed(804, 811),
                f"milieu inconnu « {key} » : sauvage, urbain, spatial",
                f"unknown milieu '{key}': sauvage, urbain, spatial",
                f"milieux.{key}",
            )
    if sheet.pressurised and tables.armour(sheet.armour).protection == 0:
        yield violation(
            "pressurised_armour",
            seed(359, 362),
            "seule une protection (combinaison, exosquelette) peut être pressurisée",
            "only a protection (suit, exoskeleton) can be pressurised",
            "pressurised",
        )


def experience(sheet: ArtemisSheet) -> Found:
    xp = sheet.experience
    if xp.used > xp.total:
        yield violation(
            "experience_used",
            seed(403, 407),
            f"expérience utilisée ({xp.used}) supérieure au total ({xp.total})",
            f"experience used ({xp.used}) exceeds the total ({xp.total})",
            "experience.used",
        )
    limit = tables.core().experience_force.per_scenario
    if xp.forced_this_scenario > limit:
        yield violation(
            "xp_force_limit",
            seed(37, 39),
            f"pas plus de {limit} points pour forcer le hasard par scénario",
            f"no more than {limit} points forcing luck per scenario",
            "experience.forced_this_scenario",
        )


def attitudes(sheet: ArtemisSheet) -> Found:
    """An attitude line of a weapon block holds an attack and a parry (L733-737): with only one of
    them the attitude cannot be fought in, and the encounter would silently leave it out."""
    for i, w in enumerate(sheet.weapons):
        for field, fr, en, att, par in (
            ("defensive", "défensive", "defensive", w.defensive_attack, w.defensive_parry),
            ("aggressive", "agressive", "aggressive", w.aggressive_attack, w.aggressive_parry),
        ):
            if (att is None) != (par is None):
                missing = "parry" if par is None else "attack"
                yield violation(
                    "attitude_pair",
                    seed(733, 737),
                    f"{w.name} : l'attitude {fr} a besoin de « att » et de « par »",
                    f"{w.name}: the {en} attitude needs both 'att' and 'par'",
                    f"weapons.{i}.{field}_{missing}",
                )


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
