"""The rules a Nephilim sheet must follow (seed L5-7, L30-35, L92-120, L455, L547-558, L630):
every one it breaks, each with its source."""

from __future__ import annotations

from ecran.rules import RuleViolation, Source, Text, cite, tr
from ecran.rules.budget import PointBudget
from ecran.systems.nephilim.sheet import OCCULT_SKILLS, NephilimSheet, total_steps
from ecran.systems.nephilim.skills import (
    SKILL_NODES,
    SkillProblem,
    language_problems,
    skill_problems,
)
from ecran.systems.nephilim.tables import CHARACTERISTICS, KA, SEED

SOURCES: dict[str, Source] = {
    "characteristics.range": cite(SEED, 5, 7),
    "ka.minimum": cite(SEED, 30, 35, note="0 = no Ka, §9 A20"),
    "ka.human_elements": cite(SEED, 30),
    "stasis.nephilim_only": cite(SEED, 630),
    "occult.range": cite(SEED, 558, note="occult skills may exceed +3, §9 A7"),
    "occult.unknown": cite(SEED, 547, 552),
    "skills.unknown": cite(SEED, 110),
    "skills.range": cite(SEED, 92, 104),
    "skills.prerequisite": cite(SEED, 108, 112),
    "skills.budget": cite(SEED, 108, note="house rule: the text gives no budget"),
    "skills.characteristic": cite(SEED, 455),
    "languages.unknown": cite(SEED, 378, 446),
    "languages.prerequisite": cite(SEED, 114, 120, note="implied"),
}


def violation(rule: str, path: str, fr: str, en: str) -> RuleViolation:
    return RuleViolation(rule=rule, source=SOURCES[rule], message=Text(fr=fr, en=en), path=path)


def _from_problem(p: SkillProblem, root: str) -> RuleViolation:
    return violation(p.rule, f"{root}.{p.path}", p.fr, p.en)


def validate(sheet: NephilimSheet) -> list[RuleViolation]:
    found = _characteristics(sheet) + _ka(sheet) + _occult(sheet)
    found += [_from_problem(p, "skills") for p in skill_problems(sheet.skills)]
    found += _budget(sheet) + _pairings(sheet)
    prereq = sheet.language_prerequisites
    found += [_from_problem(p, "languages") for p in language_problems(sheet.languages, prereq)]
    return found


def _characteristics(sheet: NephilimSheet) -> list[RuleViolation]:
    low, high = CHARACTERISTICS.human_min, CHARACTERISTICS.human_max
    return [
        violation(
            "characteristics.range",
            f"characteristics.{c}",
            f"caractéristique naturelle entre {low} et {high}, pas {v}",
            f"natural characteristic between {low} and {high}, not {v}",
        )
        for c, v in sheet.characteristics.model_dump().items()
        if not low <= v <= high
    ]


def _ka(sheet: NephilimSheet) -> list[RuleViolation]:
    found = [
        violation("ka.minimum", f"ka.{e}", f"Ka négatif : {v}", f"negative Ka: {v}")
        for e, v in sheet.ka.items()
        if v < 0
    ]
    if sheet.nature == "human":
        found += [
            violation(
                "ka.human_elements",
                f"ka.{e}",
                "un humain n'a que du Ka-Soleil",
                "a human has only Ka-Soleil",
            )
            for e, v in sheet.ka.items()
            if e not in KA.human_elements and v > 0
        ]
        if any(sheet.stasis.values()):
            found.append(
                violation(
                    "stasis.nephilim_only",
                    "stasis",
                    "seul un Nephilim a une stase",
                    "only a Nephilim has a stasis",
                )
            )
    return found


def _occult(sheet: NephilimSheet) -> list[RuleViolation]:
    found = []
    for name, score in sheet.occult_skills.items():
        if name not in OCCULT_SKILLS:
            found.append(
                violation(
                    "occult.unknown",
                    f"occult_skills.{name}",
                    f"compétence occulte inconnue ; possibles : {', '.join(OCCULT_SKILLS)}",
                    f"unknown occult skill; allowed: {', '.join(OCCULT_SKILLS)}",
                )
            )
        elif score < -4:
            found.append(
                violation(
                    "occult.range",
                    f"occult_skills.{name}",
                    f"score au moins -4, pas {score}",
                    f"score at least -4, not {score}",
                )
            )
    return found


def _budget(sheet: NephilimSheet) -> list[RuleViolation]:
    budget, paid = sheet.skill_step_budget, total_steps(sheet)
    if budget == 0 or paid <= budget:
        return []
    return [
        violation(
            "skills.budget",
            "skills",
            f"{paid} pas de compétence payés pour un budget de {budget}",
            f"{paid} skill steps paid for a budget of {budget}",
        )
    ]


def _pairings(sheet: NephilimSheet) -> list[RuleViolation]:
    return [
        violation(
            "skills.characteristic",
            f"skill_characteristics.{path}",
            "caractéristique choisie pour une compétence hors de l'arbre et de la feuille",
            "characteristic chosen for a skill neither in the tree nor on the sheet",
        )
        for path in sheet.skill_characteristics
        if path not in SKILL_NODES and path not in sheet.skills
    ]


def creation_budgets(sheet: NephilimSheet) -> list[PointBudget]:
    """The skill steps against the table's house-rule budget (the text gives none, L108), where
    the table sets one."""
    budget = sheet.skill_step_budget
    if budget == 0:
        return []
    label = tr("Pas de compétence (règle maison)", "Skill steps (house rule)")
    return [PointBudget(label, total_steps(sheet), budget, "skills", SOURCES["skills.budget"])]


#: Said once in the wizard when no house-rule budget is set.
NO_BUDGET = tr(
    "Le texte ne donne pas de budget de création (L108) : une règle maison de la table peut "
    "en fixer un pour les pas de compétence.",
    "The text gives creation no budget (L108): a house rule of the table may set one for the "
    "skill steps.",
)
