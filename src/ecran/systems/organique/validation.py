"""The rules a sheet of `organique` must follow. The chapter has no creation procedure, point
budget or characteristic range (L1-4180; reading §3.4): validation checks what the rules do say."""

from __future__ import annotations

from ecran.rules import RuleViolation, tr
from ecran.rules.data import SheetRules
from ecran.systems.organique.sheet import SKILL_SITUATIONS, OrganiqueSheet
from ecran.systems.organique.tables import COMBAT, PACKAGE, SEED

#: A breach of a rule of `data/violations.toml` at a path, its message filled with values.
_broken = SheetRules(PACKAGE, SEED)


def _half(x: float) -> bool:
    return float(x * 2).is_integer()


#: House rule (reading §3.4: the chapter gives no characteristic range): scores run 0-40, the
#: test scale whose difficulties stop at 35-40 "légendaire" (L30-45, L186-188); the examples use
#: 3 to 18 (L3719-3887).
SCORE_MAX = 40


def validate(sheet: OrganiqueSheet) -> list[RuleViolation]:
    """Every rule the chapter does state that the sheet breaks: health tracks within their
    maxima in half points, the END reserve within END, skill levels 1-6 listed once, combat
    skills naming real actions, armour coverage 0-20; and the house rule's 0-40 scores."""
    return [
        *_score_violations(sheet),
        *_health_violations(sheet),
        *_endurance_violations(sheet),
        *_skill_violations(sheet),
        *_combat_skill_violations(sheet),
        *_armour_violations(sheet),
    ]


def _score_violations(sheet: OrganiqueSheet) -> list[RuleViolation]:
    h = sheet.health
    scores = {
        f"characteristics.{k}": (k, k, v) for k, v in sheet.characteristics.model_dump().items()
    }
    for t in ("sng_max", "cps_max", "inc_max", "sng", "cps", "inc"):
        name = t.upper().replace("_MAX", " max")
        scores[f"health.{t}"] = (name, name, getattr(h, t))
    scores["endurance"] = ("réserve d'END", "END reserve", sheet.endurance)
    return [
        _broken("score.range", path, name=tr(fr, en), value=value, most=SCORE_MAX)
        for path, (fr, en, value) in scores.items()
        if value > SCORE_MAX
    ]


def _health_violations(sheet: OrganiqueSheet) -> list[RuleViolation]:
    found = []
    h = sheet.health
    for track in ("sng", "cps", "inc"):
        value, top = getattr(h, track), getattr(h, f"{track}_max")
        if value > top:
            found.append(
                _broken("health.max", f"health.{track}", track=track.upper(), value=value, top=top)
            )
        if not _half(value):
            found.append(
                _broken("health.half_points", f"health.{track}", track=track.upper(), value=value)
            )
    return found


def _endurance_violations(sheet: OrganiqueSheet) -> list[RuleViolation]:
    if sheet.endurance <= sheet.characteristics.END:
        return []
    return [
        _broken(
            "endurance.reserve",
            "endurance",
            reserve=sheet.endurance,
            score=sheet.characteristics.END,
        )
    ]


def _level_violation(name: str, level: int, path: str) -> RuleViolation:
    """Skill levels run from 1 to 6 (L1161-1186), combat skills included."""
    return _broken("skill.level", path, name=name, level=level)


def _skill_violations(sheet: OrganiqueSheet) -> list[RuleViolation]:
    found = []
    seen: set[str] = set()
    for i, skill in enumerate(sheet.skills):
        if not 1 <= skill.level <= 6:
            found.append(_level_violation(skill.name, skill.level, f"skills.{i}.level"))
        key = skill.name.casefold()
        if key in seen:
            found.append(_broken("skill.unique", f"skills.{i}.name", name=skill.name))
        seen.add(key)
    return found


def _combat_skill_violations(sheet: OrganiqueSheet) -> list[RuleViolation]:
    known = {a.name for a in COMBAT.action} | {r.name for r in COMBAT.reaction}
    known |= set(SKILL_SITUATIONS)
    found = []
    for i, skill in enumerate(sheet.combat_skills):
        if not 1 <= skill.level <= 6:
            found.append(_level_violation(skill.name, skill.level, f"combat_skills.{i}.level"))
        found += [
            _broken(
                "combat_skill.action",
                f"combat_skills.{i}.modifiers.{name}",
                skill=skill.name,
                name=name,
            )
            for name in skill.modifiers
            if name not in known
        ]
    return found


def _armour_violations(sheet: OrganiqueSheet) -> list[RuleViolation]:
    return [
        _broken("armour.coverage", f"armour.{i}.coverage", name=piece.name, coverage=piece.coverage)
        for i, piece in enumerate(sheet.armour)
        if not 0 <= piece.coverage <= 20
    ]


#: Said once in the wizard: the document gives no creation procedure nor points budget
#: (rules/organique.md §3.4); it names a character's "classe" (L1162) without details.
NO_BUDGET = tr(
    "Le document ne donne ni procédure de création ni budget de points ; il nomme la « classe » "
    "du personnage sans la détailler (l. 1162).",
    "The document gives neither a creation procedure nor a points budget; it names the "
    "character's 'classe' without details (l. 1162).",
)
