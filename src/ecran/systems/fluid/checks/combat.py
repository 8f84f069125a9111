"""Melee and ranged attacks (L995-1049, L1167-1175, L1281-1297, L1307-1353, L1419-1423) and the
wound they leave (L1425-1493): one opposed exchange, read from the attacker's side."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ecran.dice import DiceSource, Distribution
from ecran.rules import Resolution, cite
from ecran.systems.fluid.checks.common import CORE_SOURCES, FluidCheck, explosions
from ecran.systems.fluid.checks.sides import Side, TwoSides, outcome_law, side_of
from ecran.systems.fluid.dice import constant
from ecran.systems.fluid.options import (
    DEFENCELESS_BASELINE,
    EQUIPMENT_DIFFERENCE,
    HIT_LOCATION,
    INCLUDE_WEAPON_DAMAGE,
    NO_BASE_EXPLOSION,
    NO_DOUBLES,
    SURVIVAL_COMBINE,
    TIE_RULE,
)
from ecran.systems.fluid.tables import FIELDS, HEALTH, SEED

Stance = Literal["counter", "parry", "dodge", "defenceless"]


class AttackParams(TwoSides):
    weapon: int = FIELDS("weapon", default=0, ge=0, le=6)
    armour: int = FIELDS("armour", default=0, ge=0, le=6)
    shield: int = FIELDS("shield", default=0, ge=0, le=6)
    opponent_weapon: int = FIELDS("opponent_weapon", default=0, ge=0, le=6)
    opponent_armour: int = FIELDS("opponent_armour", default=0, ge=0, le=6)
    opponent_shield: int = FIELDS("opponent_shield", default=0, ge=0, le=6)
    stance: Stance = FIELDS("stance", default="counter")
    furious: int = FIELDS("furious", default=0, ge=0, le=20)
    feint: int = FIELDS("feint", default=0, ge=0, le=20)
    opponent_res: int = FIELDS("opponent_res", default=10, ge=0, le=60)
    opponent_res_max: int = FIELDS("opponent_res_max", default=10, ge=1, le=60)
    opponent_wounds: int = FIELDS("opponent_wounds", default=0, ge=0, le=200)
    tie_rule: Literal["stand_off", "reroll"] = TIE_RULE.field()
    defenceless_baseline: Literal["ten", "zero", "characteristic"] = DEFENCELESS_BASELINE.field()
    include_weapon_damage: bool = INCLUDE_WEAPON_DAMAGE.field()
    equipment_difference: bool = EQUIPMENT_DIFFERENCE.field()
    hit_location: bool = HIT_LOCATION.field()
    survival_combine: Literal["max", "sum"] = SURVIVAL_COMBINE.field()
    no_base_explosion: bool = NO_BASE_EXPLOSION.field()
    no_doubles: bool = NO_DOUBLES.field()


@dataclass(frozen=True)
class Wound:
    """What `damage` points do to a target with `res` RES left (L1427-1435, L1463-1493)."""

    res_lost: int
    wound: int
    survival_penalty: int  # 0: no survival test
    destroyed: bool


def wound_of(damage: int, res: int, res_max: int, wounds: int, combine: str = "max") -> Wound:
    damage = max(0, damage)  # reading A27: armour never heals
    res_lost = min(damage, res)
    wound = damage - res_lost
    grave = max(0, wound - HEALTH.critical.grave_above)
    total = wounds + wound
    accumulation = max(0, total - res_max) if wound else 0
    penalty = grave + accumulation if combine == "sum" else max(grave, accumulation)
    destroyed = wound > HEALTH.critical.destroyed_above
    return Wound(res_lost, wound, penalty, destroyed)


class Exchange:
    """The numbers of one attack, before the dice."""

    def __init__(self, p: AttackParams) -> None:
        self.p = p
        attacker = side_of(p, "").with_bonus(points=p.feint - p.furious)
        defender = side_of(p, "opponent_")
        if p.equipment_difference:
            mine = p.weapon + p.armour + p.shield
            theirs = p.opponent_weapon + p.opponent_armour + p.opponent_shield
            if mine < theirs:
                attacker = attacker.with_bonus(advantages=1)
            elif theirs < mine:
                defender = defender.with_bonus(advantages=1)
        if p.stance == "parry":
            defender = defender.with_bonus(points=max(p.opponent_weapon, p.opponent_shield))
        elif p.stance == "dodge":
            defender = defender.with_bonus(points=p.opponent_characteristic // 2)
        self.attacker = attacker
        self.defender = defender

    def defender_score(self) -> int | None:
        """A defenceless target rolls nothing (L1045-1049); its score is our reading A9."""
        if self.p.stance != "defenceless":
            return None
        return {"ten": 10, "zero": 0}.get(
            self.p.defenceless_baseline, self.defender.characteristic + self.defender.modifier
        )

    def damage_dealt(self, d: int) -> int:
        p = self.p
        weapon = p.weapon if p.include_weapon_damage else 0
        return d + weapon + 2 * p.furious - p.feint - p.opponent_armour

    def damage_taken(self, d: int) -> int:
        p = self.p
        weapon = p.opponent_weapon if p.include_weapon_damage else 0
        return -d + weapon - p.armour

    def wound(self, d: int) -> Wound:
        p = self.p
        return wound_of(
            self.damage_dealt(d),
            p.opponent_res,
            p.opponent_res_max,
            p.opponent_wounds,
            p.survival_combine,
        )

    def outcome(self, d: int) -> str:
        if d <= 0:
            striking_back = self.p.stance == "counter" and d < 0
            return "countered" if striking_back and self.damage_taken(d) > 0 else "repelled"
        if self.damage_dealt(d) <= 0:
            return "absorbed"
        wound = self.wound(d)
        if wound.survival_penalty or wound.destroyed:
            return "critical"
        return "down" if self.damage_dealt(d) >= self.p.opponent_res else "hit"


class Attack(FluidCheck[AttackParams]):
    """One opposed exchange: the better score deals the difference + weapon − armour, counter
    included (L995-1049, L1343-1353); RES, wound Trait and survival test follow (L1425-1493)."""

    name = "attack"
    params = AttackParams
    sources = (
        cite(SEED, 995, 1049, note="melee engagement"),
        cite(SEED, 1167, 1175, note="furious attack, feint"),
        cite(SEED, 1281, 1289, note="full defence"),
        cite(SEED, 1307, 1335, note="ranged combat"),
        cite(SEED, 1343, 1379, note="damage, weapons, armour, shields"),
        cite(SEED, 1425, 1493, note="RES, wounds, critical wounds"),
        *CORE_SOURCES,
    )
    example = {
        "characteristic": 5,
        "advantage_dice": 3,
        "weapon": 2,
        "opponent_characteristic": 4,
        "opponent_advantage_dice": 2,
        "opponent_weapon": 1,
        "opponent_armour": 1,
        "opponent_res": 8,
    }

    def resolve(self, params: AttackParams, dice: DiceSource) -> Resolution:
        ex = Exchange(params)
        rules = explosions(params)
        fixed = ex.defender_score()
        while True:
            a, a_work = ex.attacker.roll(dice, rules)
            b, b_work = (
                (fixed, {"score": fixed}) if fixed is not None else ex.defender.roll(dice, rules)
            )
            if a != b or params.tie_rule != "reroll":
                break
        d = a - b
        outcome = ex.outcome(d)
        details: dict[str, Any] = {"you": a_work, "opponent": b_work, "difference": d}
        if outcome == "countered":
            details["damage_taken"] = ex.damage_taken(d)
        if outcome in ("hit", "down", "critical"):
            w = ex.wound(d)
            details.update(
                damage=ex.damage_dealt(d),
                res_lost=w.res_lost,
                wound=w.wound,
                survival_penalty=w.survival_penalty,
                destroyed=w.destroyed,
            )
            if params.hit_location and w.wound:
                loc = HEALTH.location_of(dice.d(10))
                details["location"] = loc.id
        return Resolution(outcome, total=d, details=details)

    def distribution(self, params: AttackParams) -> Distribution[str]:
        ex = Exchange(params)
        rules = explosions(params)
        fixed = ex.defender_score()
        b = constant(fixed) if fixed is not None else ex.defender.atoms(rules)
        reroll = params.tie_rule == "reroll"
        return outcome_law(ex.attacker.atoms(rules), b, ex.outcome, reroll)


__all__ = ["Attack", "AttackParams", "Side", "Wound", "wound_of"]
