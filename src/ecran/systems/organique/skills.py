"""Combat skills (L1244-1291): each lists base modifiers to some actions and reactions; every
level above the first adds +4 to each, a negative base never penalises, per-level entries
(initiative) multiply by the level, and two skills never stack on the same action."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol


class CombatSkillLike(Protocol):
    level: int
    initiative_per_level: int
    modifiers: dict[str, int]


def combat_bonus(base: int, level: int) -> int:
    """L1256-1265: base + 4 per level above the first, never below 0 (−4 → 0, 0, +4 at 3)."""
    return max(0, base + 4 * (level - 1))


def initiative_from(skill: CombatSkillLike) -> int:
    """L1267-1284: '+2/niveau' to initiative is 2 × level (knife throwing 4 → +8)."""
    return skill.initiative_per_level * skill.level


def best_bonus(skills: Iterable[CombatSkillLike], action: str) -> int:
    """L1286-1291: bonuses of different skills to the same action do not add up; the highest
    counts."""
    return max(
        (combat_bonus(s.modifiers[action], s.level) for s in skills if action in s.modifiers),
        default=0,
    )


def simultaneous_bonus(skills: Iterable[CombatSkillLike]) -> dict[str, int]:
    """The attack's `simultaneous_bonus` parameter from the sheet's skills (street fighting's +4
    to a simultaneous attack, L3858-3859), where it is not 0."""
    bonus = best_bonus(skills, "simultaneous")
    return {"simultaneous_bonus": min(bonus, 40)} if bonus else {}


def best_initiative(skills: Iterable[CombatSkillLike]) -> int:
    return max((initiative_from(s) for s in skills), default=0)
