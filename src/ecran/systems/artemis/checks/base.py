"""What every Artémis test shares: skill + die - malus read in three zones against a difficulty.

A `ZoneCheck` names its difficulty and how zones map to its outcomes; rolling comes from the die
rules (`artemis.dice`), so no check re-implements criticals or the privilege, and the exact odds
come from walking every dice sequence of `resolve`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any, ClassVar, Literal, TypeVar

from ecran.dice import DiceSource, Distribution, enumerate_outcomes
from ecran.rules import Check, CheckWords, Params, Resolution, Text
from ecran.rules.check import DIFFICULTY, Recall, no_recall
from ecran.rules.data import load_toml
from ecran.systems.artemis import dice as ad
from ecran.systems.artemis.options import OPTIONS
from ecran.systems.artemis.tables import FIELDS, PACKAGE

P = TypeVar("P", bound=Params)


def skill_field(name: str = "skill", default: int | None = 5) -> Any:
    """A skill score (0-30), worded by `name` in data/fields.toml."""
    if default is None:
        return FIELDS(name, ge=0, le=30)
    return FIELDS(name, default=default, ge=0, le=30)


def malus_field() -> Any:
    return FIELDS("malus", default=0, ge=0, le=40)


class SkillParams(Params):
    """A skill test's common parameters (criticals reading included)."""

    skill: int = skill_field()
    malus: int = malus_field()
    professional: bool = FIELDS("professional", default=False)
    privilege_criticals: Literal["kept_die", "each_die"] = OPTIONS["privilege_criticals"].field()


def reading(params: Params) -> ad.PrivilegeReading:
    value: ad.PrivilegeReading = getattr(params, "privilege_criticals", "kept_die")
    return value


def die_details(die: ad.DieRoll) -> dict[str, Any]:
    details: dict[str, Any] = {"die": die.value, "raw_dice": die.raw}
    if die.critical:
        details["critical"] = die.critical
    return details


class ArtemisCheck(Check[P]):
    """An Artémis check: its title, description and detail labels are data (`data/checks.toml`,
    `data/details.toml`), under its `name`; the values its details name are worded there too, and
    the wound states by the combat table (L71-128)."""

    words = CheckWords.load(PACKAGE)
    #: read from the file's parsed rows, not its models: a check's odds define no combat
    #: table's model (#32; `tables.combat()` validates the same rows where the rules read them)
    value_labels: ClassVar[dict[str, Text]] = {
        c["id"]: Text(fr=c["fr"], en=c["en"]) for c in load_toml(PACKAGE, "combat.toml")["category"]
    }


class ZoneCheck(ArtemisCheck[P]):
    """skill + die - malus against `difficulty(params)`, read in zones. A check lists its three
    outcomes in zone order (failure, uncertainty, success); one whose outcomes are not one per
    zone reads the zone of `roll_zone` in its own `resolve`."""

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

    def outcome_of(self, zone: ad.Zone) -> str:
        return self.outcomes[ad.ZONES.index(zone)].name

    def resolve(self, params: P, dice: DiceSource) -> Resolution:
        rolled = self.roll_zone(params, dice)
        return Resolution(self.outcome_of(rolled.details["zone"]), rolled.total, rolled.details)

    def ladder(
        self, params: P, difficulties: Sequence[int], recall: Recall = no_recall
    ) -> list[Distribution[str]]:
        """The zones are read from total − difficulty (L41-44, `dice.zone`) and the die does not
        depend on the difficulty (L9-27, L46-53): the die is walked once per way of rolling it,
        and each margin is read once for every action that reaches it (`recall`)."""
        own = type(self)
        if own.resolve is not ZoneCheck.resolve or own.roll_zone is not ZoneCheck.roll_zone:
            return super().ladder(params, difficulties, recall)
        professional, privilege = self.professional(params), reading(params)
        die: Distribution[int] = recall(
            ("artemis.die", professional, privilege),
            lambda: enumerate_outcomes(
                lambda dice: ad.roll_die(dice, professional, privilege).value
            ),
        )
        outcomes = tuple(self.outcome_names())

        def rung(margin: int) -> Distribution[str]:
            return die.map(lambda value: self.outcome_of(ad.zone(margin + value, 0)))

        # skill and malus never read the difficulty; the difficulty is the parameter's
        score = self.skill(params) - self.malus(params)
        added = self.difficulty(params) - int(getattr(params, DIFFICULTY))
        rungs = []
        for difficulty in difficulties:
            margin = score - difficulty - added
            key = ("artemis.zone", outcomes, professional, privilege, margin)
            rungs.append(recall(key, partial(rung, margin)))
        return rungs

    def roll_zone(self, params: P, dice: DiceSource) -> Resolution:
        """The test itself; its outcome is the zone."""
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
        return Resolution(zone, total=total, details=details)
