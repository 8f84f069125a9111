"""The skill test and the tests built on it: forcing luck, duels, NIFIMO, calm, Résistance."""

from __future__ import annotations

from typing import Any, Literal

from ecran.dice import DiceSource
from ecran.rules import Check, Params, Resolution, tr
from ecran.systems.artemis import dice as ad
from ecran.systems.artemis import tables
from ecran.systems.artemis.checks.base import (
    SkillParams,
    ZoneCheck,
    die_details,
    malus_field,
    reading,
    skill_field,
)
from ecran.systems.artemis.options import OPTIONS
from ecran.systems.artemis.tables import FIELDS, seed, site


def difficulty_field() -> Any:
    """The difficulty, its help the ladder of the data (L11-18)."""
    rungs = tables.core().difficulty
    ladder = tr(
        ", ".join(f"{d.value} {d.fr}" for d in rungs), ", ".join(f"{d.value} {d.en}" for d in rungs)
    )
    return FIELDS("difficulty", fill={"ladder": ladder}, ge=0, le=40)


class TestParams(Params):
    """The contract of the core check: exactly these four parameters."""

    skill: int = skill_field(default=None)
    difficulty: int = difficulty_field()
    professional: bool = FIELDS("test_professional", default=False)
    malus: int = malus_field()


class Test(ZoneCheck[TestParams]):
    sources = (
        seed(9, 27),
        seed(41, 53),
        seed(529, 546),
        site(64, 68, "0105010001"),
    )
    example = {"skill": 5, "difficulty": 6}


class TestXpParams(SkillParams):
    skill: int = skill_field(default=None)
    difficulty: int = difficulty_field()
    spend_on: Literal["failure", "failure_or_uncertainty"] = FIELDS("spend_on", default="failure")


class TestXp(ZoneCheck[TestXpParams]):
    sources = (seed(29, 39), seed(20, 27))
    example = {"skill": 5, "difficulty": 9, "spend_on": "failure"}
    #: the forced die follows the first zone: each difficulty is walked whole
    ladder = Check.ladder

    def _spend_zones(self, params: TestXpParams) -> tuple[ad.Zone, ...]:
        return ("failure",) if params.spend_on == "failure" else ("failure", "uncertainty")

    def resolve(self, params: TestXpParams, dice: DiceSource) -> Resolution:
        first = super().resolve(params, dice)
        if first.details["zone"] not in self._spend_zones(params):
            return Resolution(first.outcome, first.total, {**first.details, "xp_spent": False})
        forced = ad.force_die(dice)
        total = params.skill + forced.value - params.malus
        zone = ad.zone(total, params.difficulty)
        details = {
            **first.details,
            "xp_spent": True,
            "first_total": first.total,
            "forced_die": forced.value,
            "forced_raw": forced.raw,
            "margin": total - params.difficulty,
            "zone": zone,
        }
        return Resolution(zone, total=total, details=details)


class OpposedParams(Params):
    skill: int = skill_field("character_skill")
    opponent_skill: int = skill_field("opponent_skill")
    malus: int = malus_field()
    opponent_malus: int = malus_field()
    professional: bool = FIELDS("professional", default=False)
    opponent_professional: bool = FIELDS("professional", default=False)
    privilege_criticals: Literal["kept_die", "each_die"] = OPTIONS["privilege_criticals"].field()


class Opposed(ZoneCheck[OpposedParams]):
    sources = (seed(177, 178), site(166, 189, "0106070401"))
    example = {"skill": 6, "opponent_skill": 5}

    def resolve(self, params: OpposedParams, dice: DiceSource) -> Resolution:
        mine = ad.roll_die(dice, params.professional, reading(params))
        theirs = ad.roll_die(dice, params.opponent_professional, reading(params))
        total = params.skill + mine.value - params.malus
        opponent = params.opponent_skill + theirs.value - params.opponent_malus
        zone = ad.zone(total, opponent)
        details = {
            **die_details(mine),
            "opponent_die": theirs.value,
            "opponent_raw_dice": theirs.raw,
            "opponent_total": opponent,
            "margin": total - opponent,
        }
        return Resolution(self.outcome_of(zone), total=total, details=details)


class NifimoParams(SkillParams):
    track: Literal["fatigue", "stress", "peur"] = FIELDS("track", default="fatigue")


class Nifimo(ZoneCheck[NifimoParams]):
    sources = (seed(313, 322), site(100, 113, "0105070201"))
    example = {"skill": 5, "track": "fatigue"}

    def difficulty(self, params: NifimoParams) -> int:
        return tables.core().fixed.nifimo

    def more_details(self, params: NifimoParams, die: ad.DieRoll, zone: ad.Zone) -> dict[str, Any]:
        return {"track": params.track}


class Calm(ZoneCheck[SkillParams]):
    sources = (seed(56, 69), site(115, 119, "0106010001"))
    example = {"skill": 5}

    def difficulty(self, params: SkillParams) -> int:
        return tables.core().fixed.nifimo


class ResistanceParams(Params):
    """The Résistance test takes its score as `resistance` (older name `skill` still read)."""

    resistance: int = skill_field("resistance")
    malus: int = malus_field()
    professional: bool = FIELDS("professional", default=False)
    privilege_criticals: Literal["kept_die", "each_die"] = OPTIONS["privilege_criticals"].field()


class Resistance(ZoneCheck[ResistanceParams]):
    sources = (seed(121, 128), seed(701, 712))
    example = {"resistance": 5}

    def difficulty(self, params: ResistanceParams) -> int:
        return tables.core().fixed.resistance

    def skill(self, params: ResistanceParams) -> int:
        return params.resistance


#: Wounds a Résistance test cancels, by zone (L121-125).
CANCELLED = {"failure": 0, "uncertainty": 1, "success": 2}
