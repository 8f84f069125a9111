"""The rules a sheet of `organique` must follow. The chapter has no creation procedure, point
budget or characteristic range (L1-4180; reading §3.4): validation checks what the rules do say."""

from __future__ import annotations

from ecran.rules import RuleViolation, Source, tr
from ecran.systems.organique.sheet import SKILL_SITUATIONS, OrganiqueSheet
from ecran.systems.organique.tables import COMBAT, src


def _broken(rule: str, source: Source, path: str, fr: str, en: str) -> RuleViolation:
    return RuleViolation(rule=rule, source=source, message=tr(fr, en), path=path)


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
        _broken(
            "score.range",
            src(30, 45, "house rule: the chapter gives no range (reading §3.4)"),
            path,
            f"{fr} {value:g} : au-delà de {SCORE_MAX} (règle maison : l'échelle des tests "
            "s'arrête à 40, légendaire)",
            f"{en} {value:g}: above {SCORE_MAX} (house rule: the test scale stops at 40, "
            "legendary)",
        )
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
                _broken(
                    "health.max",
                    src(538, 640),
                    f"health.{track}",
                    f"{track.upper()} actuel ({value}) dépasse son maximum ({top})",
                    f"current {track.upper()} ({value}) exceeds its maximum ({top})",
                )
            )
        if not _half(value):
            found.append(
                _broken(
                    "health.half_points",
                    src(541, 613),
                    f"health.{track}",
                    f"{track.upper()} se compte par demi-points, pas {value}",
                    f"{track.upper()} counts in half points, not {value}",
                )
            )
    return found


def _endurance_violations(sheet: OrganiqueSheet) -> list[RuleViolation]:
    if sheet.endurance <= sheet.characteristics.END:
        return []
    return [
        _broken(
            "endurance.reserve",
            src(305, 310),
            "endurance",
            f"la réserve d'END ({sheet.endurance}) dépasse le score d'END "
            f"({sheet.characteristics.END})",
            f"the END reserve ({sheet.endurance}) exceeds the END score "
            f"({sheet.characteristics.END})",
        )
    ]


def _level_violation(name: str, level: int, path: str) -> RuleViolation:
    """Skill levels run from 1 to 6 (L1161-1186), combat skills included."""
    return _broken(
        "skill.level",
        src(1161, 1186),
        path,
        f"{name} : niveau {level} ; les niveaux vont de 1 à 6",
        f"{name}: level {level}; levels run from 1 to 6",
    )


def _skill_violations(sheet: OrganiqueSheet) -> list[RuleViolation]:
    found = []
    seen: set[str] = set()
    for i, skill in enumerate(sheet.skills):
        if not 1 <= skill.level <= 6:
            found.append(_level_violation(skill.name, skill.level, f"skills.{i}.level"))
        key = skill.name.casefold()
        if key in seen:
            found.append(
                _broken(
                    "skill.unique",
                    src(1161, 1164),
                    f"skills.{i}.name",
                    f"{skill.name} figure deux fois ; une compétence a un seul niveau",
                    f"{skill.name} is listed twice; a skill has one level",
                )
            )
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
                src(2966, 3480),
                f"combat_skills.{i}.modifiers.{name}",
                f"{skill.name} : « {name} » n'est ni une action ni une réaction de combat",
                f"{skill.name}: '{name}' is neither a combat action nor a reaction",
            )
            for name in skill.modifiers
            if name not in known
        ]
    return found


def _armour_violations(sheet: OrganiqueSheet) -> list[RuleViolation]:
    return [
        _broken(
            "armour.coverage",
            src(672, 675),
            f"armour.{i}.coverage",
            f"{piece.name} : couverture {piece.coverage} ; elle va de 0 à 20 (corps entier)",
            f"{piece.name}: coverage {piece.coverage}; it runs from 0 to 20 (whole body)",
        )
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
