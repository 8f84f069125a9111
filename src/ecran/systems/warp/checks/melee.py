"""Melee attacks (L2602-2698): both sides roll their combat dice and the weapon gives the damage
factor (L2944-2977); a special effect (L3710-3730) is a melee attack whose margin buys an
effect, not damage."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import field_validator, model_validator

from ecran.rules import (
    Source,
    tr,
)
from ecran.rules.wording import agreed
from ecran.systems.warp.checks.attack import AttackCheck
from ecran.systems.warp.checks.attack_params import (
    AttackBase,
    Pools,
    with_actions,
)
from ecran.systems.warp.checks.base import (
    MAX_DICE,
    MAX_EXTRA,
    Named,
    bonus_field,
    penalty_field,
)
from ecran.systems.warp.damage import (
    divide,
)
from ecran.systems.warp.exchange import Exchange
from ecran.systems.warp.options import OPTIONS
from ecran.systems.warp.tables import (
    FIELDS,
    WEAPONS,
    by_key,
    src,
)

# -- melee ----------------------------------------------------------------------------------

#: A melee weapon the factor table does not name ("etc.", L2944-2977): the GM gives its factor.
OTHER = "other"
MELEE = Named(WEAPONS.melee, {OTHER: tr("autre", "other")})
MELEE_KEYS = MELEE.keys


class MeleeParams(AttackBase):
    defence_dice: int = FIELDS("defence_dice", default=2, ge=1, le=MAX_DICE)
    defence_bonus: int = bonus_field("defence_bonus")
    defence_penalty: int = penalty_field("defence_penalty")
    defender_extra_actions: int = FIELDS("defender_extra_actions", default=0, ge=0, le=MAX_EXTRA)
    weapon: str = MELEE.field("weapon", "unarmed")
    damage_factor: int | None = OPTIONS["damage_factor"].field(ge=1, le=20)
    better_weapon: bool = FIELDS("better_weapon", default=False)
    attackers: int = FIELDS("attackers", default=1, ge=1, le=100)
    unguarded: bool = FIELDS("unguarded", default=False)
    desperate_defence: bool = OPTIONS["desperate_defence"].field()

    _weapon = field_validator("weapon")(lambda cls, v: MELEE(v))

    @model_validator(mode="after")
    def _factor_given(self) -> MeleeParams:
        if self.weapon == OTHER and self.damage_factor is None:
            raise ValueError(
                "arme « other » : donnez damage_factor (MJ) / weapon 'other': give "
                "damage_factor (GM)"
            )
        return self

    @model_validator(mode="after")
    def _ganging_up(self) -> MeleeParams:
        if self.unguarded and gang_bonus_attackers(self.attackers, self.defence_dice) == 0:
            raise ValueError(
                f"{self.attackers} {agreed(self.attackers, 'attaquant', 'attaquants')} contre "
                f"{self.defence_dice} {agreed(self.defence_dice, 'dé', 'dés')} de défense : "
                f"tous gardés / {self.attackers} attackers against {self.defence_dice} defence "
                f"dice: all guarded"
            )
        return self


def gang_bonus_attackers(attackers: int, combat_dice: int) -> int:
    """How many attackers get a bonus die: those beyond one per combat die (L3743-3763)."""
    return max(0, attackers - combat_dice)


class Melee(AttackCheck):
    params = MeleeParams
    sources: ClassVar[Sequence[Source]] = (
        src(2294, 2324),
        src(2602, 2698),
        src(2944, 2977),
        src(3026, 3114),
        src(3253, 3376),
    )
    example = {"attack_dice": 3, "defence_dice": 2, "weapon": "knife", "armour": "leather"}
    #: Beyond the walk: 4 attack and 3 defence dice: 6**7 sequences, then damage dice.
    beyond_walk = {"attack_dice": 4, "defence_dice": 3, "weapon": "knife"}
    #: Result laws held to `resolve` (tests/rules/test_result_law.py): open-ended rolls,
    #: fumbles, the alternative damage, bonus and penalty dice on both sides, iron skin.
    law_examples: ClassVar[list[dict[str, Any]]] = [
        {"attack_dice": 3, "defence_dice": 2, "weapon": "knife", "open_ended": True},
        {"attack_dice": 2, "defence_dice": 2, "fumbles": True, "attack_penalty": 1},
        {
            "attack_dice": 3,
            "defence_dice": 3,
            "weapon": "sword",
            "armour": "leather",
            "alternative_damage": True,
            "open_ended": True,
            "fumbles": True,
        },
        {
            "attack_dice": 2,
            "attack_bonus": 2,
            "defence_dice": 3,
            "defence_penalty": 1,
            "armour": "leather,chain_mail",
            "iron_skin": 1,
            "target_hp": 6,
        },
        {"attack_dice": 1, "attack_bonus": 3, "defence_dice": 1, "open_ended": True},
    ]
    #: Small pools without explosion: the law is the walk's, result by result.
    walkable_law_examples: ClassVar[list[dict[str, Any]]] = [
        {"attack_dice": 1, "defence_dice": 1, "weapon": "knife", "armour": "leather"},
        {"attack_dice": 2, "defence_dice": 1, "fumbles": True, "target_hp": 3},
        {"attack_dice": 1, "defence_dice": 1, "alternative_damage": True, "weapon": "knife"},
        {
            "attack_dice": 1,
            "attack_bonus": 1,
            "defence_dice": 1,
            "defence_penalty": 1,
            "fumbles": True,
            "armour": "leather",
        },
    ]

    def pools(self, params: Any) -> Pools:
        p: MeleeParams = params
        replaces = p.multi_action_dice_replace_penalty
        more, less = p.advantage_dice()
        more += int(p.better_weapon) + int(p.unguarded)
        an, ab, ap = with_actions(
            p.attack_dice, p.attack_bonus + more, p.attack_penalty + less, p.extra_actions, replaces
        )
        dn, db, dp = with_actions(
            p.defence_dice,
            p.defence_bonus + int(p.desperate_defence),
            p.defence_penalty,
            p.defender_extra_actions,
            replaces,
        )
        return an, ab, ap, dn, db, dp

    def factor(self, params: Any) -> int:
        """The table's factor (L2944-2977), or the GM's for a weapon it does not name."""
        if params.damage_factor is not None:
            return int(params.damage_factor)
        return by_key(WEAPONS.melee, params.weapon, tr("arme", "weapon")).factor


class SpecialEffectParams(MeleeParams):
    effect_margin: int = FIELDS("effect_margin", default=1, ge=1)


class SpecialEffect(Melee):
    """Tackle, disarm, trip, limb lock, headlock: the attack is rolled as usual but deals half
    the normal damage, and the effect works only past a margin the GM deems enough
    (L3710-3730). Half damage rounds like the other divisions (reading §9.8)."""

    params = SpecialEffectParams
    sources = (src(3710, 3730), src(2602, 2698))
    example = {"attack_dice": 3, "defence_dice": 2, "effect_margin": 3}
    law_examples: ClassVar[list[dict[str, Any]]] = [
        {"attack_dice": 3, "defence_dice": 2, "effect_margin": 4, "open_ended": True},
        {"attack_dice": 2, "defence_dice": 3, "round_half_up": False, "fumbles": True},
    ]
    walkable_law_examples: ClassVar[list[dict[str, Any]]] = [
        {"attack_dice": 1, "defence_dice": 1, "effect_margin": 2, "armour": "leather"},
    ]

    def scale(self, params: Any, raw: int) -> int:
        return divide(raw, 2, params.round_half_up)

    def classify(self, params: Any, ex: Exchange, state: str) -> str:
        return "effect" if ex.margin >= params.effect_margin else "no_effect"

    def cap(self, params: Any) -> int:
        return int(params.effect_margin)
