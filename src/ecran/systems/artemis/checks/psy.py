"""Espace psy: the sketch in three steps, Métamorphose, Invocation, the quest rendezvous, and
Apaiser (the innate Empathie skill that soothes stress)."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from ecran.dice import DiceSource
from ecran.rules import EcranError, Outcome, Resolution, Text, tr
from ecran.systems.artemis import dice as ad
from ecran.systems.artemis import tables
from ecran.systems.artemis.checks import labels
from ecran.systems.artemis.checks.base import (
    ZONE_OUTCOMES,
    SkillParams,
    ZoneCheck,
    skill_field,
)
from ecran.systems.artemis.options import OPTIONS
from ecran.systems.artemis.tables import FIELDS, seed, site


def _cost(light: int = 0, permanent: int = 0) -> dict[str, int]:
    return {"light_fatigue": light, "permanent_fatigue": permanent}


class TraceParams(SkillParams):
    skill: int = skill_field("esquisse", 6)


class SketchTrace(ZoneCheck[TraceParams]):
    name = "sketch_trace"
    title = tr("Esquisse 1 : tracer l'esquisse", "Sketch 1: trace the sketch")
    description = tr(
        "L'empathe ne fait aucune action physique pendant un tour. Test d'Esquisse, difficulté 9 ; "
        "il subit une fatigue permanente (l'effet d'un échec n'est pas donné : le MJ tranche).",
        "The empath takes no physical action for one turn. Esquisse test, difficulty 9; she takes "
        "one permanent fatigue (the effect of a failure is not given: the GM decides).",
    )
    params = TraceParams
    outcomes = ZONE_OUTCOMES
    sources = (seed(197, 203),)
    example = {"skill": 6}
    detail_labels: ClassVar[dict[str, Text]] = labels.ZONE_PSY

    def difficulty(self, params: TraceParams) -> int:
        return tables.psy().sketch_trace.difficulty

    def more_details(self, params: TraceParams, die: ad.DieRoll, zone: ad.Zone) -> dict[str, Any]:
        return {"cost": _cost(permanent=tables.psy().sketch_trace.permanent_fatigue)}


class AttractParams(SkillParams):
    skill: int = skill_field("esquisse", 6)
    unwilling_spirits: int = FIELDS("unwilling_spirits", default=0, ge=0, le=30)
    strongest_unwilling_will: int = FIELDS("strongest_unwilling_will", default=0, ge=0, le=10)


class SketchAttract(ZoneCheck[AttractParams]):
    name = "sketch_attract"
    title = tr("Esquisse 2 : attirer les esprits", "Sketch 2: attract the spirits")
    description = tr(
        "Test d'Esquisse, difficulté 7 + 1 par esprit non consentant. Même un échec réussit : la "
        "zone ne fixe que le coût (réussite 1 fatigue légère, incertitude 2, échec 1 permanente + "
        "1 légère).",
        "Esquisse test, difficulty 7 + 1 per unwilling spirit. Even a failure succeeds: the zone "
        "only sets the cost (success 1 light fatigue, uncertainty 2, failure 1 permanent + 1 "
        "light).",
    )
    params = AttractParams
    outcomes = (
        Outcome("permanent_and_light", tr("1 permanente + 1 légère", "1 permanent + 1 light")),
        Outcome("two_light", tr("2 fatigues légères", "2 light fatigues")),
        Outcome("one_light", tr("1 fatigue légère", "1 light fatigue")),
    )
    sources = (seed(204, 215),)
    example = {"skill": 6, "unwilling_spirits": 1}
    detail_labels: ClassVar[dict[str, Text]] = labels.ZONE_PSY

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
    """Métamorphose and Invocation: difficulty 7 + 1 per item, costs by zone."""

    outcomes = ZONE_OUTCOMES
    example = {"skill": 6, "count": 1}
    detail_labels: ClassVar[dict[str, Text]] = labels.ZONE_PSY

    def _rule(self) -> tables.Metamorphosis | tables.Invocation:
        raise NotImplementedError

    def difficulty(self, params: PowerParams) -> int:
        rule = self._rule()
        return rule.base + rule.per_item * params.count

    def _costs(self, params: PowerParams) -> dict[str, dict[str, int]]:
        raise NotImplementedError

    def more_details(self, params: PowerParams, die: ad.DieRoll, zone: ad.Zone) -> dict[str, Any]:
        if zone != "uncertainty":
            return {"cost": self._costs(params)[zone]}
        if params.psy_uncertainty == "force":
            return {"cost": _cost(), "house_rule": "failure unless 1 more light fatigue is paid"}
        return {"cost": _cost(), "gm": "the GM decides; a retry is allowed"}


class Metamorphosis(_Power):
    name = "metamorphosis"
    title = tr("Test de Métamorphose", "Metamorphosis test")
    description = tr(
        "Difficulté 7 + 1 par transformation. Réussite : une fatigue légère par transformation ; "
        "échec : une fatigue légère. Ce qu'on peut transformer dépend du niveau.",
        "Difficulty 7 + 1 per transformation. Success: one light fatigue per transformation; "
        "failure: one light fatigue. What can be transformed depends on the level.",
    )
    params = PowerParams
    sources = (seed(263, 286), site(70, 80, "0105030001"))

    def _rule(self) -> tables.Metamorphosis:
        return tables.psy().metamorphosis

    def _costs(self, params: PowerParams) -> dict[str, dict[str, int]]:
        rule = tables.psy().metamorphosis
        return {
            "success": _cost(light=rule.success_light_per_item * params.count),
            "failure": _cost(light=rule.failure_light),
        }


class Invocation(_Power):
    name = "invocation"
    title = tr("Test d'Invocation", "Invocation test")
    description = tr(
        "Plusieurs invocations en un seul test. Difficulté 7 + 1 par objet. Réussite : une "
        "fatigue permanente par invocation ; échec : une fatigue permanente.",
        "Several invocations in one test. Difficulty 7 + 1 per object. Success: one permanent "
        "fatigue per invocation; failure: one permanent fatigue.",
    )
    params = PowerParams
    sources = (seed(288, 312), site(70, 80, "0105030001"))

    def _rule(self) -> tables.Invocation:
        return tables.psy().invocation

    def _costs(self, params: PowerParams) -> dict[str, dict[str, int]]:
        rule = tables.psy().invocation
        return {
            "success": _cost(permanent=rule.success_permanent_per_item * params.count),
            "failure": _cost(permanent=rule.failure_permanent),
        }


class RendezvousParams(SkillParams):
    skill: int = skill_field("voyage", 6)
    non_empaths: int = FIELDS("non_empaths", default=0, ge=0, le=30)
    empaths: int = FIELDS("empaths", default=0, ge=0, le=30)
    good_descriptions: int = FIELDS("good_descriptions", default=0, ge=0, le=30)
    count_arpenteur: bool = OPTIONS["count_arpenteur"].field()


class Rendezvous(ZoneCheck[RendezvousParams]):
    name = "rendezvous"
    title = tr("Quête dans l'Inconnu : le rendez-vous", "Quest into the Unknown: the rendezvous")
    description = tr(
        "L'arpenteur teste Voyage, difficulté 5, +2 par non-empathe, +1 par empathe, −1 par "
        "joueur ayant décrit avec talent les émotions de son personnage. L'effet des zones est "
        "laissé au MJ.",
        "The arpenteur tests Voyage, difficulty 5, +2 per non-empath, +1 per empath, −1 per "
        "player who described their character's emotions with talent. The zones' effect is the "
        "GM's.",
    )
    params = RendezvousParams
    outcomes = ZONE_OUTCOMES
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
    name = "apaiser"
    title = tr("Apaiser", "Soothe (Apaiser)")
    description = tr(
        "Difficulté 5 + le nombre de stress de la cible (+2 si elle n'est pas à côté). Réussite : "
        "retire 2 stress légers ; incertitude : 1 si le dé fait 1 à 3, 2 s'il fait 4 à 6 ; échec : "
        "rien. Jamais sur soi-même, 10 minutes par essai.",
        "Difficulty 5 + the target's stress marks (+2 if not next to them). Success: removes 2 "
        "light stress; uncertainty: 1 if the die shows 1-3, 2 if 4-6; failure: nothing. Never on "
        "oneself, 10 minutes per attempt.",
    )
    params = ApaiserParams
    outcomes = (
        Outcome("no_effect", tr("aucun effet", "no effect")),
        Outcome("remove_one", tr("retire 1 stress léger", "removes 1 light stress")),
        Outcome("remove_two", tr("retire 2 stress légers", "removes 2 light stress")),
    )
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
