"""What every Artémis test shares: skill + die - malus read in three zones against a difficulty.

A `ZoneCheck` names its difficulty and how zones map to its outcomes; rolling and exact odds then
come from the same die rules (`artemis.dice`), so no check re-implements criticals or the privilege.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, TypeVar

from ecran.dice import DiceSource, Distribution
from ecran.rules import Check, Outcome, Params, Resolution, Text, param, tr
from ecran.systems.artemis import dice as ad
from ecran.systems.artemis.checks import labels
from ecran.systems.artemis.options import PRIVILEGE_CRITICALS

P = TypeVar("P", bound=Params)

ZONE_OUTCOMES = (
    Outcome(
        "failure", tr("échec", "failure"), tr("total ≤ difficulté − 2", "total ≤ difficulty − 2")
    ),
    Outcome(
        "uncertainty",
        tr("incertitude", "uncertainty"),
        tr("le MJ tranche ; on peut réessayer", "the GM decides; a retry is allowed"),
    ),
    Outcome(
        "success", tr("réussite", "success"), tr("total ≥ difficulté + 2", "total ≥ difficulty + 2")
    ),
)


def skill_field(
    default: int = 5, label: str = "Score de compétence", en: str = "Skill score"
) -> Any:
    return param(tr(label, en), default=default, ge=0, le=30)


def malus_field() -> Any:
    return param(
        tr("Malus", "Malus"),
        tr(
            "retranché du total (NIFIMO, règles optionnelles…)",
            "subtracted from the total (NIFIMO, optional rules...)",
        ),
        default=0,
        ge=0,
        le=40,
    )


def professional_field() -> Any:
    return param(
        tr("Privilège du professionnel", "Professional's privilege"),
        tr(
            "niveau Professionnel ou plus : une fatigue grave, deux dés, on garde le meilleur",
            "Professionnel level or above: one serious fatigue, two dice, keep the better",
        ),
        default=False,
    )


class SkillParams(Params):
    """A skill test's common parameters (criticals reading included)."""

    skill: int = skill_field()
    malus: int = malus_field()
    professional: bool = professional_field()
    privilege_criticals: Literal["kept_die", "each_die"] = PRIVILEGE_CRITICALS.field()


def reading(params: Params) -> ad.PrivilegeReading:
    value: ad.PrivilegeReading = getattr(params, "privilege_criticals", "kept_die")
    return value


def die_details(die: ad.DieRoll) -> dict[str, Any]:
    details: dict[str, Any] = {"die": die.value, "raw_dice": die.raw}
    if die.critical:
        details["critical"] = die.critical
    return details


class ZoneCheck(Check[P]):
    """skill + die - malus against `difficulty(params)`; outcome = `zone_map[zone]`."""

    zone_map: ClassVar[dict[str, str]] = {z: z for z in ad.ZONES}
    detail_labels: ClassVar[dict[str, Text]] = labels.ZONE

    def difficulty(self, params: P) -> int:
        return int(params.difficulty)  # type: ignore[attr-defined]

    def skill(self, params: P) -> int:
        return int(params.skill)  # type: ignore[attr-defined]

    def malus(self, params: P) -> int:
        return int(getattr(params, "malus", 0))

    def professional(self, params: P) -> bool:
        return bool(getattr(params, "professional", False))

    def more_details(self, params: P, die: ad.DieRoll, zone: ad.Zone) -> dict[str, Any]:
        return {}

    def resolve(self, params: P, dice: DiceSource) -> Resolution:
        die = ad.roll_die(dice, self.professional(params), reading(params))
        difficulty = self.difficulty(params)
        total = self.skill(params) + die.value - self.malus(params)
        zone = ad.zone(total, difficulty)
        details = {
            **die_details(die),
            "difficulty": difficulty,
            "margin": total - difficulty,
            "zone": zone,
            **self.more_details(params, die, zone),
        }
        return Resolution(self.zone_map[zone], total=total, details=details)

    def distribution(self, params: P) -> Distribution[str]:
        zones = ad.zone_distribution(
            self.skill(params),
            self.difficulty(params),
            self.malus(params),
            self.professional(params),
            reading(params),
        )
        return zones.map(lambda z: self.zone_map[z])
