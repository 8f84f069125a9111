"""Skills and languages in play (seed L92-120, L378-446, L455): buying a skill step, pairing a
skill with the characteristic the GM picks for it, learning a language."""

from __future__ import annotations

from typing import Any

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, Operation, Params, Text, cite, tr
from ecran.systems.nephilim.sheet import CharacteristicId, NephilimSheet
from ecran.systems.nephilim.skills import (
    RANGES,
    SKILL_NODES,
    UNBOUGHT,
    language_problems,
    level_of,
    skill_problems,
)
from ecran.systems.nephilim.tables import FIELDS, SEED


class SkillStepParams(Params):
    path: str = FIELDS("path", min_length=1)


class BuySkillStep(Operation[NephilimSheet, SkillStepParams]):
    name = "buy_skill_step"
    title = tr("Acheter un pas de compétence", "Buy a skill step")
    params = SkillStepParams
    sources = (cite(SEED, 108, 112), cite(SEED, 92, 104))

    def apply(self, sheet: NephilimSheet, params: SkillStepParams, dice: DiceSource) -> Change[Any]:
        level = level_of(params.path) or "M"
        low, high = RANGES[level]
        current = sheet.skills.get(params.path, UNBOUGHT)
        nxt = (low + 1 if level == "P" else low) if current == UNBOUGHT else current + 1
        if nxt > high:
            raise EcranError(
                tr(f"{params.path} est au sommet de son niveau ({high:+d})", "top of its level")
            )
        skills = {**sheet.skills, params.path: nxt}
        problems = [p for p in skill_problems(skills) if p.path == params.path]
        if problems:
            raise EcranError(Text(fr=problems[0].fr, en=problems[0].en))
        new = sheet.model_copy(update={"skills": skills})
        return Change(new, tr(f"{params.path} {nxt:+d}", f"{params.path} {nxt:+d}"))


class PairParams(Params):
    path: str = FIELDS("path", min_length=1)
    characteristic: CharacteristicId | None = FIELDS("characteristic_pair", default=None)


class PairSkill(Operation[NephilimSheet, PairParams]):
    name = "pair_skill"
    title = tr("Caractéristique d'une compétence", "Characteristic of a skill")
    params = PairParams
    sources = (cite(SEED, 455, note="the GM picks the characteristic and the skill"),)

    def apply(self, sheet: NephilimSheet, params: PairParams, dice: DiceSource) -> Change[Any]:
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


class LearnLanguage(Operation[NephilimSheet, LanguageParams]):
    name = "learn_language"
    title = tr("Apprendre une langue", "Learn a language")
    params = LanguageParams
    sources = (cite(SEED, 114, 120), cite(SEED, 378, 446))

    def apply(self, sheet: NephilimSheet, params: LanguageParams, dice: DiceSource) -> Change[Any]:
        if params.path in sheet.languages:
            raise EcranError(tr(f"déjà tenue : {params.path}", f"already held: {params.path}"))
        held = [*sheet.languages, params.path]
        problems = [
            p
            for p in language_problems(held, sheet.language_prerequisites)
            if p.path == params.path
        ]
        if problems:
            raise EcranError(Text(fr=problems[0].fr, en=problems[0].en))
        new = sheet.model_copy(update={"languages": held})
        rank = level_of(params.path) or "M"
        return Change(new, tr(f"{params.path} ({rank})", f"{params.path} ({rank})"))
