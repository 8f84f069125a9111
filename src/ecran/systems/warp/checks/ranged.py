"""Ranged attacks (L2700-2827): the attack pool against the defender's dice, with the dice the
weapon's range gives (L2900-2942), its burst and its ammunition."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import field_validator, model_validator

from ecran.rules import (
    tr,
)
from ecran.rules.wording import agreed
from ecran.systems.warp.checks.attack import AttackCheck
from ecran.systems.warp.checks.attack_params import (
    NONE,
    AttackBase,
    Pools,
    with_actions,
)
from ecran.systems.warp.checks.base import (
    MAX_EXTRA,
    Named,
    penalty_field,
)
from ecran.systems.warp.damage import (
    Ammo,
    DamageRules,
    Hit,
)
from ecran.systems.warp.options import OPTIONS
from ecran.systems.warp.rows import RangedWeapon
from ecran.systems.warp.tables import (
    FIELDS,
    WEAPONS,
    by_key,
    range_row,
    src,
)

RANGED = Named(WEAPONS.ranged)
BURST = Named(WEAPONS.burst, NONE)
RANGED_KEYS, BURST_KEYS = RANGED.keys, BURST.keys


class RangedParams(AttackBase):
    weapon: str = RANGED.field("weapon", "handgun_small")
    distance_m: float = FIELDS("distance_m", default=10, ge=0)
    range_dice: int | None = OPTIONS["range_dice"].field(ge=1, le=5)
    cover: bool = FIELDS("cover", default=False)
    target_moving: bool = FIELDS("target_moving", default=False)
    attacker_moving: bool = FIELDS("attacker_moving", default=False)
    darkness: bool = FIELDS("darkness", default=False)
    dodge_dice: int = FIELDS("dodge_dice", default=0, ge=0, le=MAX_EXTRA)
    defence_penalty: int = penalty_field("ranged_defence_penalty")
    second_shot: bool = FIELDS("second_shot", default=False)
    burst: str = FIELDS("burst", default="none", choices=BURST.words)
    rounds_loaded: int | None = OPTIONS["rounds_loaded"].field(ge=0)
    ammo: Literal["normal", "armour_piercing", "hollow_point"] = FIELDS("ammo", default="normal")
    half_range_die: bool = OPTIONS["half_range_die"].field()
    cover_dice: int = OPTIONS["cover_dice"].field(ge=0, le=6)
    attacker_moving_dice: int = OPTIONS["attacker_moving_dice"].field(ge=0, le=6)
    darkness_dice: int = OPTIONS["darkness_dice"].field(ge=0, le=6)
    hollow_point_one_no_effect: bool = OPTIONS["hollow_point_one_no_effect"].field()
    ap_vest_as_example: bool = OPTIONS["ap_vest_as_example"].field()

    _weapon = field_validator("weapon")(lambda cls, v: RANGED(v))

    _burst = field_validator("burst")(lambda cls, v: BURST(v))

    @model_validator(mode="after")
    def _fire_rules(self) -> RangedParams:
        weapon = by_key(WEAPONS.ranged, self.weapon, tr("arme", "weapon"))
        if self.second_shot and weapon.shots < 2:
            raise ValueError(
                f"{self.weapon} : un tir par round / {self.weapon}: one shot per round"
            )
        if self.burst != "none":
            burst = by_key(WEAPONS.burst, self.burst, tr("rafale", "burst"))
            if not (weapon.full_auto if burst.full_auto else weapon.burst):
                raise ValueError(
                    f"{self.weapon} : pas de {self.burst} / {self.weapon}: no {self.burst}"
                )
            if self.second_shot:
                raise ValueError(
                    "rafale ou second tir, pas les deux / burst or second shot, not both"
                )
        if self.ammo != "normal" and not weapon.firearm:
            raise ValueError(f"{self.ammo} : armes à feu seulement / {self.ammo}: firearms only")
        self._check_rounds()
        self._check_range(weapon)
        return self

    def rounds_needed(self) -> int:
        """Rounds this attack needs loaded: one a shot, three a short burst, ten for full auto
        (L4171, L4253-4257)."""
        if self.burst == "none":
            return 1
        return by_key(WEAPONS.burst, self.burst, tr("rafale", "burst")).rounds

    def _check_rounds(self) -> None:
        needed = self.rounds_needed()
        if self.rounds_loaded is not None and self.rounds_loaded < needed:
            raise ValueError(
                f"{self.rounds_loaded} {agreed(self.rounds_loaded, 'balle', 'balles')} au "
                f"chargeur, il en faut {needed} / {self.rounds_loaded} "
                f"{agreed(self.rounds_loaded, 'round', 'rounds', 'en')} loaded, {needed} needed"
            )

    def _check_range(self, weapon: RangedWeapon) -> None:
        if self.range_dice is not None:
            columns = len(range_row(weapon.range).limits) if weapon.range else 5
            if self.range_dice > columns:
                raise ValueError(
                    f"{self.weapon} : {columns} dés de distance au plus / "
                    f"{self.weapon}: at most {columns} range dice"
                )
        elif weapon.range is None:
            raise ValueError(
                f"{self.weapon} : portée perdue à l'OCR, donnez range_dice (MJ) / "
                f"{self.weapon}: range row lost in the OCR, give range_dice (GM)"
            )
        elif range_dice(self.weapon, self.distance_m) is None:
            limit = range_row(weapon.range).limits[-1]
            raise ValueError(
                f"{self.distance_m} m > {limit} m : hors de portée / "
                f"{self.distance_m} m > {limit} m: out of range"
            )

    def band(self) -> int:
        """The range dice: the GM's, else the range table's (checked by the validator)."""
        dice = self.range_dice or range_dice(self.weapon, self.distance_m)
        assert dice is not None
        return dice

    def rules(self) -> DamageRules:
        return DamageRules(
            round_half_up=self.round_half_up,
            iron_skin_halved=self.iron_skin_as_normal_armour,
            hollow_one_no_effect=self.hollow_point_one_no_effect,
            ap_halved_through_bulletproof=not self.ap_vest_as_example,
        )


def range_dice(weapon_key: str, distance: float) -> int | None:
    """Smallest listed distance >= the target's distance; its column is the range dice
    (L2729-2784). None beyond the last column (not given by the table) and for a weapon whose
    row the OCR lost (the GM gives its range dice)."""
    weapon = by_key(WEAPONS.ranged, weapon_key, tr("arme", "weapon"))
    if weapon.range is None:
        return None
    for column, limit in enumerate(range_row(weapon.range).limits, start=1):
        if distance <= limit:
            return column
    return None


class Ranged(AttackCheck):
    params = RangedParams
    sources = (
        src(2700, 2827),
        src(2900, 2942),
        src(2944, 2977),
        src(3087, 3114),
        src(4112, 4616),
    )
    example = {
        "attack_dice": 4,
        "weapon": "handgun_small",
        "distance_m": 8,
        "armour": "armoured_jacket",
    }
    #: Beyond the walk: 4 attack dice against the range dice: over 6**7 sequences.
    beyond_walk = {"attack_dice": 4, "weapon": "handgun_small", "distance_m": 30}
    #: Result laws held to `resolve`: a taser, bulletproof armour, armour-piercing and
    #: hollow-point rounds, a burst, a shotgun, open-ended rolls, fumbles, alternative damage.
    law_examples: ClassVar[list[dict[str, Any]]] = [
        {
            "attack_dice": 3,
            "weapon": "taser",
            "range_dice": 1,
            "armour": "armoured_jacket",
            "bulletproof": "vest",
            "open_ended": True,
        },
        {
            "attack_dice": 3,
            "weapon": "handgun_medium",
            "range_dice": 2,
            "armour": "leather",
            "bulletproof": "suit",
            "open_ended": True,
        },
        {
            "attack_dice": 2,
            "weapon": "rifle",
            "range_dice": 2,
            "ammo": "armour_piercing",
            "bulletproof": "military",
            "fumbles": True,
        },
        {
            "attack_dice": 2,
            "weapon": "handgun_small",
            "range_dice": 1,
            "ammo": "hollow_point",
            "bulletproof": "vest",
            "alternative_damage": True,
            "fumbles": True,
        },
        {
            "attack_dice": 3,
            "weapon": "smg_small",
            "range_dice": 2,
            "burst": "three_round",
            "dodge_dice": 1,
            "open_ended": True,
        },
        {"attack_dice": 3, "weapon": "shotgun", "range_dice": 3, "target_hp": 5},
        {
            "attack_dice": 2,
            "weapon": "taser",
            "range_dice": 1,
            "armour": "leather",
            "alternative_damage": True,
            "open_ended": True,
        },
    ]
    walkable_law_examples: ClassVar[list[dict[str, Any]]] = [
        {"attack_dice": 1, "weapon": "taser", "range_dice": 1, "armour": "leather"},
        {"attack_dice": 1, "weapon": "handgun_small", "range_dice": 1, "bulletproof": "vest"},
        {
            "attack_dice": 1,
            "weapon": "handgun_small",
            "range_dice": 1,
            "ammo": "hollow_point",
            "armour": "leather",
            "fumbles": True,
        },
    ]

    def _band(self, p: RangedParams) -> int:
        return p.band()

    def pools(self, params: Any) -> Pools:
        p: RangedParams = params
        band = self._band(p)
        defence = band + (p.cover_dice if p.cover else 0) + int(p.target_moving)
        defence += p.attacker_moving_dice if p.attacker_moving else 0
        defence += p.darkness_dice if p.darkness else 0
        defence_bonus = p.dodge_dice
        if p.half_range_die and band > 1:
            defence, defence_bonus = defence - 1, defence_bonus + 1
        more, less = p.advantage_dice()
        bonus, penalty = p.attack_bonus + more, p.attack_penalty + less + int(p.second_shot)
        if p.burst != "none":
            burst = by_key(WEAPONS.burst, p.burst, tr("rafale", "burst"))
            bonus += burst.bonus[band - 1]
            penalty += burst.penalty[band - 1]
        an, ab, ap = with_actions(
            p.attack_dice, bonus, penalty, p.extra_actions, p.multi_action_dice_replace_penalty
        )
        # the defender's own penalty dice (wounds L3253-3261, heavy armour on defence rolls
        # L3049-3055) act on this roll like on a melee defence
        return an, ab, ap, defence, defence_bonus, p.defence_penalty

    def factor(self, params: Any) -> int:
        p: RangedParams = params
        weapon = by_key(WEAPONS.ranged, p.weapon, tr("arme", "weapon"))
        factor = weapon.factor + (2 if p.ammo == "hollow_point" else 0)
        if p.burst != "none":
            factor += by_key(WEAPONS.burst, p.burst, tr("rafale", "burst")).factor[
                self._band(p) - 1
            ]
        return factor

    def hit(self, params: Any) -> Hit:
        p: RangedParams = params
        weapon = by_key(WEAPONS.ranged, p.weapon, tr("arme", "weapon"))
        ammo: Ammo = p.ammo
        return Hit(
            firearm=weapon.firearm,
            taser=weapon.taser,
            ammo=ammo,
            range_divisor=self._band(p) if weapon.divide_by_range else 1,
        )
