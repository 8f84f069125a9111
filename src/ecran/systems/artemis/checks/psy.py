"""Espace psy: the sketch in three steps, Métamorphose, Invocation, the quest rendezvous, and
Apaiser (the innate Empathie skill that soothes stress)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from ecran.dice import DiceSource
from ecran.rules import EcranError, Resolution, tr
from ecran.systems.artemis import dice as ad
from ecran.systems.artemis import tables
from ecran.systems.artemis.checks.base import (
    SkillParams,
    ZoneCheck,
    skill_field,
)
from ecran.systems.artemis.options import OPTIONS
from ecran.systems.artemis.tables import FIELDS, seed, site

if TYPE_CHECKING:
    from ecran.systems.artemis import rows


def _cost(light: int = 0, permanent: int = 0) -> dict[str, int]:
    return {"light_fatigue": light, "permanent_fatigue": permanent}


class TraceParams(SkillParams):
    skill: int = skill_field("esquisse", 6)


class SketchTrace(ZoneCheck[TraceParams]):
    sources = (seed(197, 203),)
    example = {"skill": 6}

    def difficulty(self, params: TraceParams) -> int:
        return tables.psy().sketch_trace.difficulty

    def more_details(self, params: TraceParams, die: ad.DieRoll, zone: ad.Zone) -> dict[str, Any]:
        return {"cost": _cost(permanent=tables.psy().sketch_trace.permanent_fatigue)}


class AttractParams(SkillParams):
    skill: int = skill_field("esquisse", 6)
    unwilling_spirits: int = FIELDS("unwilling_spirits", default=0, ge=0, le=30)
    strongest_unwilling_will: int = FIELDS("strongest_unwilling_will", default=0, ge=0, le=10)


class SketchAttract(ZoneCheck[AttractParams]):
    sources = (seed(204, 215),)
    example = {"skill": 6, "unwilling_spirits": 1}

    def _check_will(self, params: AttractParams) -> None:
        limit = tables.psy().sketch_attract.strong_will
        if params.strongest_unwilling_will >= limit:
            raise EcranError(
                tr(
                    f"un esprit de volonté {limit} ou plus ne peut être attiré sans son "
                    "consentement (L213-215)",
                    f"a spirit of will {limit} or more cannot be attracted without its consent "
                    "(L213-215)",
                )
            )

    def difficulty(self, params: AttractParams) -> int:
        rule = tables.psy().sketch_attract
        return rule.base + rule.per_unwilling * params.unwilling_spirits

    def more_details(self, params: AttractParams, die: ad.DieRoll, zone: ad.Zone) -> dict[str, Any]:
        cost = tables.psy().sketch_attract.cost[zone]
        return {"cost": _cost(cost.light, cost.permanent), "attracted": True}

    def resolve(self, params: AttractParams, dice: DiceSource) -> Resolution:
        self._check_will(params)
        return super().resolve(params, dice)


class PowerParams(SkillParams):
    count: int = FIELDS("count", default=1, ge=1, le=30)
    psy_uncertainty: Literal["gm", "force"] = OPTIONS["psy_uncertainty"].field()


class _Power(ZoneCheck[PowerParams]):
    """Métamorphose and Invocation: difficulty 7 + 1 per item, costs by zone in the fatigue
    the power marks (`data/psy.toml`)."""

    example = {"skill": 6, "count": 1}
    #: The power's table in `data/psy.toml`.
    power: ClassVar[Literal["metamorphosis", "invocation"]]

    def _rule(self) -> rows.Power:
        rule: rows.Power = getattr(tables.psy(), self.power)
        return rule

    def difficulty(self, params: PowerParams) -> int:
        rule = self._rule()
        return rule.base + rule.per_item * params.count

    def more_details(self, params: PowerParams, die: ad.DieRoll, zone: ad.Zone) -> dict[str, Any]:
        rule = self._rule()
        if zone == "success":
            return {"cost": _cost(**{rule.fatigue: rule.success_per_item * params.count})}
        if zone == "failure":
            return {"cost": _cost(**{rule.fatigue: rule.failure})}
        if params.psy_uncertainty == "force":
            return {"cost": _cost(), "house_rule": "fail_unless_paid"}
        return {"cost": _cost(), "gm": "retry_allowed"}


class Metamorphosis(_Power):
    sources = (seed(263, 286), site(70, 80, "0105030001"))
    power = "metamorphosis"


class Invocation(_Power):
    sources = (seed(288, 312), site(70, 80, "0105030001"))
    power = "invocation"


class RendezvousParams(SkillParams):
    skill: int = skill_field("voyage", 6)
    non_empaths: int = FIELDS("non_empaths", default=0, ge=0, le=30)
    empaths: int = FIELDS("empaths", default=0, ge=0, le=30)
    good_descriptions: int = FIELDS("good_descriptions", default=0, ge=0, le=30)
    count_arpenteur: bool = OPTIONS["count_arpenteur"].field()


class Rendezvous(ZoneCheck[RendezvousParams]):
    sources = (seed(228, 260), site(441, 454, "0108050201"))
    example = {"skill": 6, "non_empaths": 1, "empaths": 2, "good_descriptions": 2}

    def difficulty(self, params: RendezvousParams) -> int:
        rule = tables.psy().rendezvous
        empaths = params.empaths + (1 if params.count_arpenteur else 0)
        return (
            rule.base
            + rule.per_non_empath * params.non_empaths
            + rule.per_empath * empaths
            + rule.per_good_description * params.good_descriptions
        )


class ApaiserParams(SkillParams):
    skill: int = skill_field("apaiser")
    target_light_stress: int = FIELDS("target_light_stress", default=0, ge=0, le=40)
    target_serious_stress: int = FIELDS("target_serious_stress", default=0, ge=0, le=40)
    adjacent: bool = FIELDS("adjacent", default=True)
    apaiser_marks: Literal["all", "light"] = OPTIONS["apaiser_marks"].field()


class Apaiser(ZoneCheck[ApaiserParams]):
    sources = (site(410, 424, "0110010101"),)
    example = {"skill": 5, "target_light_stress": 3}

    def difficulty(self, params: ApaiserParams) -> int:
        rule = tables.psy().apaiser
        marks = params.target_light_stress
        if params.apaiser_marks == "all":
            marks += params.target_serious_stress
        return rule.base + marks + (0 if params.adjacent else rule.not_adjacent)

    def _outcome(self, params: ApaiserParams, die: int) -> str:
        rule = tables.psy().apaiser
        zone = ad.zone(params.skill + die - params.malus, self.difficulty(params))
        if zone == "failure":
            return "no_effect"
        if zone == "success" or die > rule.uncertain_low_die_max:
            return "remove_two"
        return "remove_one"

    def resolve(self, params: ApaiserParams, dice: DiceSource) -> Resolution:
        r = self.roll_zone(params, dice)
        return Resolution(self._outcome(params, r.details["die"]), r.total, r.details)
