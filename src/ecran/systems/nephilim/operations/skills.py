"""Skills and languages in play (seed L92-120, L378-446, L455): buying a skill step, pairing a
skill with the characteristic the GM picks for it, learning a language."""

from __future__ import annotations

from ecran.rules import Change, EcranError, Params, Text, cite, tr
from ecran.systems.nephilim.operations.common import operation
from ecran.systems.nephilim.sheet import CharacteristicId, NephilimSheet
from ecran.systems.nephilim.skills import (
    RANGES,
    SKILL_NODES,
    UNBOUGHT,
    SkillProblem,
    language_problems,
    level_of,
    skill_problems,
)
from ecran.systems.nephilim.tables import CHARACTERISTIC_WORDS, FIELDS, SEED


class SkillStepParams(Params):
    path: str = FIELDS("path", min_length=1)


@operation("buy_skill_step", cite(SEED, 108, 112), cite(SEED, 92, 104))
def buy_skill_step(sheet: NephilimSheet, params: SkillStepParams) -> Change[NephilimSheet]:
    """A step buys the next score of a skill, within the scores of its level (L92-104): an
    unbought skill starts at its level's first paid score; a skill past its level's top is
    refused, and so is one whose parent skills are not yet high enough (L108-112)."""
    level = level_of(params.path) or "M"
    low, high = RANGES[level]
    current = sheet.skills.get(params.path, UNBOUGHT)
    nxt = (low + 1 if level == "P" else low) if current == UNBOUGHT else current + 1
    if nxt > high:
        raise EcranError(
            tr(f"{params.path} est au sommet de son niveau ({high:+d})", "top of its level")
        )
    skills = {**sheet.skills, params.path: nxt}
    _refuse_any(skill_problems(skills), params.path)
    new = sheet.model_copy(update={"skills": skills})
    return Change(new, tr(f"{params.path} {nxt:+d}", f"{params.path} {nxt:+d}"))


class PairParams(Params):
    path: str = FIELDS("path", min_length=1)
    characteristic: CharacteristicId | None = FIELDS(
        "characteristic_pair", default=None, choices=CHARACTERISTIC_WORDS
    )


@operation("pair_skill", cite(SEED, 455, note="the GM picks the characteristic and the skill"))
def pair_skill(sheet: NephilimSheet, params: PairParams) -> Change[NephilimSheet]:
    """The GM picks the characteristic a skill is tested with (L455); no characteristic
    clears the pairing."""
    if params.path not in SKILL_NODES and params.path not in sheet.skills:
        raise EcranError(
            tr(f"compétence inconnue : {params.path}", f"unknown skill: {params.path}")
        )
    pairs = {k: v for k, v in sheet.skill_characteristics.items() if k != params.path}
    if params.characteristic is not None:
        pairs[params.path] = params.characteristic
    new = sheet.model_copy(update={"skill_characteristics": pairs})
    chosen = params.characteristic or "—"
    return Change(new, tr(f"{params.path} : {chosen}", f"{params.path}: {chosen}"))


class LanguageParams(Params):
    path: str = FIELDS("path_language", min_length=1)


@operation("learn_language", cite(SEED, 114, 120), cite(SEED, 378, 446))
def learn_language(sheet: NephilimSheet, params: LanguageParams) -> Change[NephilimSheet]:
    """A language is learnt rank by rank, group before branch before tongue (L114-120,
    list L378-446); one already held is refused, and so is one whose parent is
    missing when the prerequisites option holds."""
    if params.path in sheet.languages:
        raise EcranError(tr(f"déjà tenue : {params.path}", f"already held: {params.path}"))
    held = [*sheet.languages, params.path]
    problems = [
        p for p in language_problems(held, sheet.language_prerequisites) if p.path == params.path
    ]
    if problems:
        raise EcranError(Text(fr=problems[0].fr, en=problems[0].en))
    new = sheet.model_copy(update={"languages": held})
    rank = level_of(params.path) or "M"
    return Change(new, tr(f"{params.path} ({rank})", f"{params.path} ({rank})"))


def _refuse_any(problems: list[SkillProblem], path: str) -> None:
    """Refuse the change with the first problem it gives the skill or language it is about."""
    for problem in problems:
        if problem.path == path:
            raise EcranError(Text(fr=problem.fr, en=problem.en))
