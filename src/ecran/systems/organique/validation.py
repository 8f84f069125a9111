"""The rules a sheet of `organique` must follow. The chapter has no creation procedure, point
budget or characteristic range (L1-4180; reading §3.4): validation checks what the rules do say."""

from __future__ import annotations

from ecran.rules import RuleViolation, tr
from ecran.systems.organique.sheet import OrganiqueSheet
from ecran.systems.organique.tables import COMBAT, src


def _half(x: float) -> bool:
    return float(x * 2).is_integer()


def validate(sheet: OrganiqueSheet) -> list[RuleViolation]:
    """Every rule the chapter does state that the sheet breaks: health tracks within their
    maxima in half points, the END reserve within END, skill levels 1-6 listed once, combat
    skills naming real actions, armour coverage 0-20."""
    return [
        *_health_violations(sheet),
        *_endurance_violations(sheet),
        *_skill_violations(sheet),
        *_combat_skill_violations(sheet),
        *_armour_violations(sheet),
    ]


def _health_violations(sheet: OrganiqueSheet) -> list[RuleViolation]:
    found = []
    h = sheet.health
    for track in ("sng", "cps", "inc"):
        value, top = getattr(h, track), getattr(h, f"{track}_max")
        if value > top:
            found.append(
                RuleViolation(
                    rule="health.max",
                    source=src(538, 640),
                    message=tr(
                        f"{track.upper()} actuel ({value}) dépasse son maximum ({top})",
                        f"current {track.upper()} ({value}) exceeds its maximum ({top})",
                    ),
                    path=f"health.{track}",
                )
            )
        if not _half(value):
            found.append(
                RuleViolation(
                    rule="health.half_points",
                    source=src(541, 613),
                    message=tr(
                        f"{track.upper()} se compte par demi-points, pas {value}",
                        f"{track.upper()} counts in half points, not {value}",
                    ),
                    path=f"health.{track}",
                )
            )
    return found


def _endurance_violations(sheet: OrganiqueSheet) -> list[RuleViolation]:
    if sheet.endurance <= sheet.characteristics.END:
        return []
    return [
        RuleViolation(
            rule="endurance.reserve",
            source=src(305, 310),
            message=tr(
                f"la réserve d'END ({sheet.endurance}) dépasse le score d'END "
                f"({sheet.characteristics.END})",
                f"the END reserve ({sheet.endurance}) exceeds the END score "
                f"({sheet.characteristics.END})",
            ),
            path="endurance",
        )
    ]


def _level_violation(name: str, level: int, path: str) -> RuleViolation:
    """Skill levels run from 1 to 6 (L1161-1186), combat skills included."""
    return RuleViolation(
        rule="skill.level",
        source=src(1161, 1186),
        message=tr(
            f"{name} : niveau {level} ; les niveaux vont de 1 à 6",
            f"{name}: level {level}; levels run from 1 to 6",
        ),
        path=path,
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
                RuleViolation(
                    rule="skill.unique",
                    source=src(1161, 1164),
                    message=tr(
                        f"{skill.name} figure deux fois ; une compétence a un seul niveau",
                        f"{skill.name} is listed twice; a skill has one level",
                    ),
                    path=f"skills.{i}.name",
                )
            )
        seen.add(key)
    return found


def _combat_skill_violations(sheet: OrganiqueSheet) -> list[RuleViolation]:
    known = {a.name for a in COMBAT.action} | {r.name for r in COMBAT.reaction}
    found = []
    for i, skill in enumerate(sheet.combat_skills):
        if not 1 <= skill.level <= 6:
            found.append(_level_violation(skill.name, skill.level, f"combat_skills.{i}.level"))
        found += [
            RuleViolation(
                rule="combat_skill.action",
                source=src(2966, 3480),
                message=tr(
                    f"{skill.name} : « {name} » n'est ni une action ni une réaction de combat",
                    f"{skill.name}: '{name}' is neither a combat action nor a reaction",
                ),
                path=f"combat_skills.{i}.modifiers.{name}",
            )
            for name in skill.modifiers
            if name not in known
        ]
    return found


def _armour_violations(sheet: OrganiqueSheet) -> list[RuleViolation]:
    return [
        RuleViolation(
            rule="armour.coverage",
            source=src(672, 675),
            message=tr(
                f"{piece.name} : couverture {piece.coverage} ; elle va de 0 à 20 (corps entier)",
                f"{piece.name}: coverage {piece.coverage}; it runs from 0 to 20 (whole body)",
            ),
            path=f"armour.{i}.coverage",
        )
        for i, piece in enumerate(sheet.armour)
        if not 0 <= piece.coverage <= 20
    ]
