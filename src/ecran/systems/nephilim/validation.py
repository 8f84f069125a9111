"""The rules a Nephilim sheet must follow (seed L5-7, L30-35, L92-120, L455, L547-558, L630):
every one it breaks, each with its source."""

from __future__ import annotations

from ecran.rules import RuleViolation, Source, Text, tr
from ecran.rules.budget import PointBudget
from ecran.systems.nephilim.sheet import OCCULT_SKILLS, NephilimSheet, total_steps
from ecran.systems.nephilim.skills import (
    SKILL_NODES,
    SkillProblem,
    language_problems,
    skill_problems,
    violation,
)
from ecran.systems.nephilim.tables import CHARACTERISTICS, KA


def source(rule: str) -> Source:
    """The seed lines a rule of `data/violations.toml` cites."""
    row = violation.rows[rule]
    return Source(seed=row.seed or violation.seed, lines=row.lines, note=row.note)


def _from_problem(p: SkillProblem, root: str) -> RuleViolation:
    return RuleViolation(
        rule=p.rule, source=source(p.rule), message=Text(fr=p.fr, en=p.en), path=f"{root}.{p.path}"
    )


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
        violation("characteristics.range", f"characteristics.{c}", low=low, high=high, value=v)
        for c, v in sheet.characteristics.model_dump().items()
        if not low <= v <= high
    ]


def _ka(sheet: NephilimSheet) -> list[RuleViolation]:
    found = [violation("ka.minimum", f"ka.{e}", value=v) for e, v in sheet.ka.items() if v < 0]
    if sheet.nature == "human":
        found += [
            violation("ka.human_elements", f"ka.{e}")
            for e, v in sheet.ka.items()
            if e not in KA.human_elements and v > 0
        ]
        if any(sheet.stasis.values()):
            found.append(violation("stasis.nephilim_only", "stasis"))
    return found


def _occult(sheet: NephilimSheet) -> list[RuleViolation]:
    found = []
    for name, score in sheet.occult_skills.items():
        if name not in OCCULT_SKILLS:
            found.append(
                violation(
                    "occult.unknown", f"occult_skills.{name}", allowed=", ".join(OCCULT_SKILLS)
                )
            )
        elif score < -4:
            found.append(violation("occult.range", f"occult_skills.{name}", score=score))
    return found


def _budget(sheet: NephilimSheet) -> list[RuleViolation]:
    budget, paid = sheet.skill_step_budget, total_steps(sheet)
    if budget == 0 or paid <= budget:
        return []
    return [violation("skills.budget", "skills", paid=paid, budget=budget)]


def _pairings(sheet: NephilimSheet) -> list[RuleViolation]:
    return [
        violation("skills.characteristic", f"skill_characteristics.{path}")
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
    return [PointBudget(label, total_steps(sheet), budget, "skills", source("skills.budget"))]


#: Said once in the wizard when no house-rule budget is set.
NO_BUDGET = tr(
    "Le texte ne donne pas de budget de création (L108) : une règle maison de la table peut "
    "en fixer un pour les pas de compétence.",
    "The text gives creation no budget (L108): a house rule of the table may set one for the "
    "skill steps.",
)
