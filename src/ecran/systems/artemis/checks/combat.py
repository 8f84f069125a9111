"""Action scenes: attack against parry, the defenceless target, dodge, and damage."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar, Literal, Self

from pydantic import model_validator

from ecran.dice import DiceSource
from ecran.rules import Outcome, Params, Resolution, ResultLaw
from ecran.rules.memo import Kept
from ecran.systems.artemis import dice as ad
from ecran.systems.artemis import tables, tracks
from ecran.systems.artemis.checks.base import (
    SkillParams,
    ZoneCheck,
    die_details,
    malus_field,
    reading,
    skill_field,
)
from ecran.systems.artemis.checks.core import CANCELLED
from ecran.systems.artemis.options import OPTIONS
from ecran.systems.artemis.tables import FIELDS, seed, site

#: The attack's outcome from its zone: against a static parry the attacker's total is read
#: (a success hits); in the duel the parry's total against the attack's (a success parries).
STATIC = {"success": "hit", "uncertainty": "uncertain", "failure": "miss"}
DUEL = {"success": "miss", "uncertainty": "uncertain", "failure": "hit"}


class BlowParams(Params):
    """What the blow does if it lands, read by `System.damage` for the defender's `hit` (the
    attack's odds do not depend on it)."""

    category: int = FIELDS("blow_category", default=3, ge=0, le=7)
    total_attack: bool = OPTIONS["total_attack"].field()
    total_attack_cost: Literal["gm", "no_defence"] = OPTIONS["total_attack_cost"].field()
    short_circuit: bool = FIELDS("blow_short_circuit", default=False)


class ForcibleParams(Params):
    """The defender's choice in the uncertainty zone (L156-161, L756-759)."""

    on_uncertain: Literal["auto", "force", "take"] = FIELDS("on_uncertain", default="auto")


class AttackCore(Params):
    attack: int = skill_field("attack", 6)
    parry: int = skill_field("parry", 6)
    attack_malus: int = malus_field()
    parry_malus: int = malus_field()
    precise: bool = OPTIONS["precise"].field()
    weapon_too_big: bool = OPTIONS["weapon_too_big"].field()
    attacker_professional: bool = FIELDS("professional", default=False)
    defender_professional: bool = FIELDS("professional", default=False)
    privilege_criticals: Literal["kept_die", "each_die"] = OPTIONS["privilege_criticals"].field()
    attack_resolution: Literal["duel", "static_parry"] = OPTIONS["attack_resolution"].field()
    head: bool = OPTIONS["head"].field()
    knockout: bool = OPTIONS["knockout"].field()
    disarm: bool = OPTIONS["disarm"].field()

    @model_validator(mode="after")
    def _aimed(self) -> Self:
        """Knocking out and disarming both need a precise attack, one on the head, the other on
        the weapon arm (L188-197)."""
        if (self.knockout or self.disarm) and not self.precise:
            raise ValueError(
                "assommer ou désarmer demande une attaque précise (L188-197) / "
                "knocking out or disarming needs a precise attack"
            )
        if self.disarm and (self.knockout or self.head):
            raise ValueError(
                "désarmer vise le bras armé, pas la tête (L188-191) / "
                "disarming aims at the weapon arm, not the head"
            )
        return self


class AttackParams(ForcibleParams, BlowParams, AttackCore):
    """The duel's own fields first (forms and `--help` list them in this order)."""


#: The duel's result laws by what they read of the parameters (`Attack.result_law`).
LAWS: Kept[ResultLaw] = Kept()


class Attack(ZoneCheck[AttackParams]):
    sources = (seed(729, 759), seed(168, 182), site(166, 189, "0106070401"))
    example = {"attack": 7, "parry": 6}

    def _scores(self, p: AttackParams) -> tuple[int, int]:
        optional = tables.combat().optional
        attack = p.attack - p.attack_malus - (optional.precise_attack if p.precise else 0)
        parry = p.parry - p.parry_malus - (optional.too_big_parry if p.weapon_too_big else 0)
        return attack, parry

    #: The dice each side rolled and the value they came to: the totals hold the value.
    work_details = frozenset({"die", "raw_dice", "parry_die", "parry_raw_dice"})
    law_examples: ClassVar[list[dict[str, Any]]] = [
        {"attack": 7, "parry": 6, "attack_malus": 1, "attacker_professional": True},
        {"attack": 5, "parry": 8, "defender_professional": True, "privilege_criticals": "each_die"},
        {"attack": 7, "parry": 6, "attack_resolution": "static_parry", "precise": True},
    ]
    #: Each of the privilege's dice confirmed apart is past the walk's budget.
    walkable_law_examples: ClassVar[list[dict[str, Any]]] = [
        example,
        law_examples[0],
        law_examples[2],
    ]

    def result_law(self, params: AttackParams) -> ResultLaw:
        """The duel's whole result, the dice left out (`work_details`): each side's die is
        its exact law of value and critical (`dice.die_law`: the confirmation roll, L20-27, the
        privilege's two dice, L46-53), read as `resolve` reads it (zones, L41-44, L729-759).
        The encounter simulator draws an attack from it instead of walking both dice for every
        parameter set. The details in `resolve`'s order (a result's key reads them in
        order)."""
        attack, parry = self._scores(params)
        privilege = reading(params)
        static = params.attack_resolution == "static_parry"
        # what the law reads of the parameters: duels that differ only in what the blow does
        # (category, aim, all-out attack) share one law
        key: tuple[Any, ...] = (attack, parry, privilege, static)
        key += (params.attacker_professional, params.defender_professional)
        return LAWS.get(key, lambda: self._law(attack, parry, params, privilege, static))

    def _law(
        self,
        attack: int,
        parry: int,
        params: AttackParams,
        privilege: ad.PrivilegeReading,
        static: bool,
    ) -> ResultLaw:
        results: list[tuple[Resolution, Fraction]] = []
        theirs = ad.die_law(params.defender_professional, privilege).map(lambda vc: vc[0])
        for (value, critical), p in ad.die_law(params.attacker_professional, privilege).items():
            a_total = attack + value
            head: dict[str, Any] = {"critical": critical} if critical else {}
            head["attack_total"] = a_total
            if static:
                outcome = STATIC[ad.zone(a_total, parry)]
                details = {**head, "difficulty": parry}
                results.append((Resolution(outcome, a_total, details), p))
                continue
            for d, q in theirs.items():
                d_total = parry + d
                outcome = DUEL[ad.zone(d_total, a_total)]
                details = {**head, "parry_total": d_total}
                results.append((Resolution(outcome, a_total, details), p * q))
        return ResultLaw(results)

    def resolve(self, params: AttackParams, dice: DiceSource) -> Resolution:
        attack, parry = self._scores(params)
        a = ad.roll_die(dice, params.attacker_professional, reading(params))
        a_total = attack + a.value
        details: dict[str, Any] = {**die_details(a), "attack_total": a_total}
        if params.attack_resolution == "static_parry":
            outcome = STATIC[ad.zone(a_total, parry)]
            return Resolution(outcome, a_total, {**details, "difficulty": parry})
        d = ad.roll_die(dice, params.defender_professional, reading(params))
        d_total = parry + d.value
        outcome = DUEL[ad.zone(d_total, a_total)]
        details |= {"parry_die": d.value, "parry_raw_dice": d.raw, "parry_total": d_total}
        return Resolution(outcome, a_total, details)


class DefencelessCore(SkillParams):
    skill: int = skill_field("bagarre")
    defenceless_uncertainty_hits: bool = OPTIONS["defenceless_uncertainty_hits"].field()


class DefencelessParams(BlowParams, DefencelessCore):
    """The Bagarre test's fields, then what the blow does if it lands."""


class Defenceless(ZoneCheck[DefencelessParams]):
    sources = (seed(183, 187),)
    example = {"skill": 5}

    def difficulty(self, params: DefencelessParams) -> int:
        return tables.core().fixed.defenceless

    def resolve(self, params: DefencelessParams, dice: DiceSource) -> Resolution:
        r = self.roll_zone(params, dice)
        return Resolution(self._hit(params, r.outcome), r.total, r.details)

    @staticmethod
    def _hit(params: DefencelessParams, zone: str) -> str:
        if zone == "success" or (zone == "uncertainty" and params.defenceless_uncertainty_hits):
            return "hit"
        return "miss"


class DodgeCore(SkillParams):
    skill: int = skill_field("esquive")
    space: Literal["open", "cluttered", "very_cluttered", "confined"] = FIELDS(
        "space", default="open"
    )
    opponents: int = FIELDS("opponents", default=1, ge=1, le=50)


class DodgeParams(ForcibleParams, BlowParams, DodgeCore):
    """The dodge's fields, then what the dodged blow does if it lands."""


class Dodge(ZoneCheck[DodgeParams]):
    sources = (seed(129, 161), seed(760, 776))
    example = {"skill": 5, "space": "cluttered", "opponents": 2}

    def difficulty(self, params: DodgeParams) -> int:
        return tables.space(params.space).difficulty + tables.opponents_add(params.opponents)


class DamageParams(Params):
    """The wound procedure's Résistance test takes its score as `resistance`, like the
    Résistance test (older name `skill` still read)."""

    resistance: int = skill_field("resistance")
    malus: int = malus_field()
    professional: bool = FIELDS("professional", default=False)
    privilege_criticals: Literal["kept_die", "each_die"] = OPTIONS["privilege_criticals"].field()
    category: int = FIELDS("wound_category", default=3, ge=0, le=7)
    protection: int = FIELDS("protection", default=0, ge=0, le=7)
    total_attack: bool = OPTIONS["total_attack"].field()
    head: bool = OPTIONS["head"].field()
    defenceless: bool = OPTIONS["defenceless"].field()
    stack_categories: bool = OPTIONS["stack_categories"].field()
    cancel_order: Literal["serious_first", "light_first"] = OPTIONS["cancel_order"].field()
    floor_on_scratch: bool = OPTIONS["floor_on_scratch"].field()


def plus_categories(params: DamageParams) -> int:
    optional = tables.combat().optional
    return (
        optional.total_attack_categories * params.total_attack
        + optional.head_categories * params.head
        + optional.defenceless_categories * params.defenceless
    )


class Damage(ZoneCheck[DamageParams]):
    outcomes = tuple(Outcome(n, tracks.outcome_label(n)) for n in tracks.outcome_names())
    sources = (seed(71, 128), seed(701, 725), seed(813, 833), site(231, 263, "0106060101"))
    example = {"resistance": 5, "category": 5, "protection": 2}

    def difficulty(self, params: DamageParams) -> int:
        return tables.core().fixed.resistance

    def skill(self, params: DamageParams) -> int:
        return params.resistance

    def category_after(self, params: DamageParams) -> int:
        return tracks.final_category(
            params.category, plus_categories(params), params.protection, params.stack_categories
        )

    def _after_test(self, params: DamageParams, category: int, zone: str) -> tracks.Wounds:
        return tracks.cancel(tracks.inflicted(category), CANCELLED[zone], params.cancel_order)

    def resolve(self, params: DamageParams, dice: DiceSource) -> Resolution:
        category = self.category_after(params)
        details: dict[str, Any] = {"category": category, "state": tables.category(category).id}
        if not 0 < category < 6:
            result = tracks.without_test(category, params.floor_on_scratch)
            return Resolution(result.outcome, None, {**details, "marks": result.marks})
        test = self.roll_zone(params, dice)
        result = self._after_test(params, category, test.outcome)
        details |= {**test.details, "cancelled": CANCELLED[test.outcome], "marks": result.marks}
        return Resolution(result.outcome, test.total, details)
