"""What every WaRP attack asks before the dice: the attack pool and its situation dice, the
target's armour and hit points, the optional rules."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import field_validator, model_validator

from ecran.rules import (
    EcranError,
    Params,
    tr,
)
from ecran.systems.warp.checks.base import (
    MAX_DICE,
    MAX_EXTRA,
    Named,
    bonus_field,
    penalty_field,
)
from ecran.systems.warp.damage import (
    DamageRules,
    Hit,
    Protection,
)
from ecran.systems.warp.options import OPTIONS
from ecran.systems.warp.tables import (
    ARMOUR,
    FIELDS,
    by_key,
)
from ecran.systems.warp.tracks import multiple_actions

NONE = {"none": tr("aucune", "none")}
NORMAL = Named(ARMOUR.normal)
BULLETPROOF = Named(ARMOUR.bulletproof, NONE)
NORMAL_KEYS, BULLETPROOF_KEYS = NORMAL.keys, BULLETPROOF.keys


class AttackBase(Params):
    attack_dice: int = FIELDS("attack_dice", default=2, ge=1, le=MAX_DICE)
    attack_bonus: int = bonus_field("attack_bonus")
    attack_penalty: int = penalty_field("attack_penalty")
    extra_actions: int = FIELDS("extra_actions", default=0, ge=0, le=MAX_EXTRA)
    armour: str = NORMAL.field("armour", "")
    bulletproof: str = BULLETPROOF.field("bulletproof", "none")
    iron_skin: int = FIELDS("iron_skin", default=0, ge=0)
    target_max_hp: int = FIELDS("target_max_hp", default=14, ge=1)
    target_hp: int | None = FIELDS("target_hp", default=None)
    surprise_dice: int = FIELDS("surprise_dice", default=0, ge=0, le=MAX_EXTRA)
    better_position: bool = FIELDS("better_position", default=False)
    psychological_edge: bool = FIELDS("psychological_edge", default=False)
    predictable: bool = FIELDS("predictable", default=False)
    attacker_is_npc: bool = FIELDS("attacker_is_npc", default=False)
    open_ended: bool = OPTIONS["open_ended"].field()
    fumbles: bool = OPTIONS["fumbles"].field()
    multi_action_dice_replace_penalty: bool = OPTIONS["multi_action_dice_replace_penalty"].field()
    alternative_damage: bool = OPTIONS["alternative_damage"].field()
    round_half_up: bool = OPTIONS["round_half_up"].field()
    iron_skin_as_normal_armour: bool = OPTIONS["iron_skin_as_normal_armour"].field()

    _armour = field_validator("armour")(lambda cls, v: NORMAL.many(v))

    @model_validator(mode="after")
    def _npc_not_predictable(self) -> AttackBase:
        if self.predictable and self.attacker_is_npc:
            raise ValueError("attaques prévisibles : jamais pour un PNJ / never for NPCs")
        return self

    def advantage_dice(self) -> tuple[int, int]:
        """(bonus, penalty) dice from the situation, not from traits (L2829-2873, L3732-3845)."""
        bonus = self.surprise_dice + int(self.better_position) + int(self.psychological_edge)
        return bonus, int(self.predictable)

    _bulletproof = field_validator("bulletproof")(lambda cls, v: BULLETPROOF(v))

    def protection(self) -> Protection:
        layers = [by_key(ARMOUR.normal, k, tr("armure", "armour")) for k in _layers(self.armour)]
        bp = (
            None
            if self.bulletproof == "none"
            else by_key(ARMOUR.bulletproof, self.bulletproof, tr("armure", "armour"))
        )
        return Protection(
            normal_dice=sum(a.dice for a in layers),
            normal_points=sum(a.points for a in layers),
            iron_skin=self.iron_skin,
            bulletproof=bp,
        )

    def rules(self) -> DamageRules:
        return DamageRules(
            round_half_up=self.round_half_up,
            iron_skin_halved=self.iron_skin_as_normal_armour,
        )

    def hp(self) -> int:
        return self.target_max_hp if self.target_hp is None else self.target_hp


def _layers(value: str) -> list[str]:
    return [part.strip() for part in value.split(",") if part.strip()]


Pools = tuple[int, int, int, int, int, int]  # attack n, bonus, penalty; defence n, bonus, penalty


def with_actions(
    n: int, bonus: int, penalty: int, extra: int, replaces: bool
) -> tuple[int, int, int]:
    more_penalty, fewer = multiple_actions(extra, replaces)
    if n - fewer < 1:
        raise EcranError(
            tr(
                f"{extra} actions supplémentaires ne laissent aucun dé sur {n}",
                f"{extra} extra actions leave no dice out of {n}",
            )
        )
    return n - fewer, bonus, penalty + more_penalty


@dataclass(frozen=True)
class BeforeDice:
    """What an attack works out from its parameters alone, before the dice."""

    pools: Pools
    factor: int
    hit: Hit
    armour: Protection
    rules: DamageRules
