"""From a hit to HP lost: damage factor, shotgun spread, tasers, armour and special ammunition.

One pure function, `final_damage`, holds the armour rules (L3026-3114, L4337-4616, L2900-2942) and
serves both the seeded roll and the exact odds. Order: shotgun division, then normal armour
(with iron skin), then bulletproof armour (L3237-3239); armour-piercing rounds subtract every
armour as a flat amount and then halve (L4337-4381).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ecran.dice import DiceSource, Distribution
from ecran.systems.warp.dice import D6
from ecran.systems.warp.rows import BulletproofArmour

Ammo = Literal["normal", "armour_piercing", "hollow_point"]


@dataclass(frozen=True)
class Hit:
    """What the armour sees of an attack."""

    firearm: bool = False
    taser: bool = False
    ammo: Ammo = "normal"
    range_divisor: int = 1


@dataclass(frozen=True)
class Protection:
    normal_dice: int = 0
    normal_points: int = 0
    iron_skin: int = 0
    bulletproof: BulletproofArmour | None = None


@dataclass(frozen=True)
class DamageRules:
    round_half_up: bool = True
    iron_skin_halved: bool = True
    hollow_one_no_effect: bool = True
    #: Armour-piercing rounds: the deducted damage is halved (L4359-4363), bulletproof armour
    #: or not; False follows E27's text, no halving through bulletproof armour (L4375-4381).
    ap_halved_through_bulletproof: bool = True


def divide(x: int, d: int, half_up: bool) -> int:
    """Damage divisions round to nearest, .5 up (6/4 -> 2 L3195-3197, 10/8 -> 1 L4507-4509,
    14.5 -> 15 L4369-4373); the option rounds down instead."""
    return (2 * x + d) // (2 * d) if half_up else x // d


def final_damage(
    raw: int,
    margin: int,
    normal_roll: int,
    bp_roll: int,
    hit: Hit,
    armour: Protection,
    rules: DamageRules,
) -> int:
    """HP lost from `raw` damage, given the normal armour's roll (dice + points) and the
    bulletproof armour's roll (its dice, used only against bullets)."""
    dmg = divide(raw, hit.range_divisor, rules.round_half_up) if hit.range_divisor > 1 else raw
    bp = armour.bulletproof
    if hit.taser:
        # all or nothing against the margin, armour rolled as against a normal attack (L2918-2942)
        stop = normal_roll + armour.iron_skin + (bp.points if bp else 0)
        return 0 if stop >= margin else dmg
    if hit.ammo == "armour_piercing":
        flat = armour.normal_dice + armour.normal_points + armour.iron_skin
        flat += bp.ap_points if bp else 0
        if bp and not rules.ap_halved_through_bulletproof:
            return max(0, dmg - flat)  # E27 as written: 6 − 1 = 5 (L4375-4381)
        return divide(max(0, dmg - flat), 2, rules.round_half_up)
    if not hit.firearm:
        dmg -= normal_roll + armour.iron_skin + (bp.points if bp else 0)
        return max(0, dmg)
    skin = armour.iron_skin // 2 if rules.iron_skin_halved else armour.iron_skin
    if hit.ammo == "hollow_point":
        dmg = max(0, dmg - 2 * normal_roll - 2 * armour.iron_skin)
        if bp and not (bp_roll == 1 and rules.hollow_one_no_effect):
            dmg = divide(dmg, 2 * bp_roll, rules.round_half_up)
        return dmg
    dmg = max(0, dmg - normal_roll // 2 - skin)
    if bp:
        dmg = divide(dmg, bp_roll, rules.round_half_up)  # a roll of 1 divides by 1: no effect
    return dmg


def normal_roll_distribution(armour: Protection) -> Distribution[int]:
    return D6.repeat(armour.normal_dice) + armour.normal_points


def bp_roll_distribution(armour: Protection, hit: Hit) -> Distribution[int]:
    if armour.bulletproof is None or not hit.firearm or hit.taser:
        return Distribution.constant(0)
    return D6.repeat(armour.bulletproof.divide_dice)


def roll_armour(dice: DiceSource, armour: Protection, hit: Hit) -> tuple[int, int]:
    normal = sum(dice.d(6) for _ in range(armour.normal_dice)) + armour.normal_points
    bp = 0
    if armour.bulletproof is not None and hit.firearm and not hit.taser:
        bp = sum(dice.d(6) for _ in range(armour.bulletproof.divide_dice))
    return normal, bp


def state_after(hp: int, max_hp: int, damage: int, temporary: bool = False) -> str:
    """The target's state once `damage` is taken (L3253-3376): thresholds at half, 0, -max.
    Temporary (taser) damage takes a target out of combat at most: tasers do no permanent
    physical damage and all of it comes back (L2900-2914, L2405-2408)."""
    left = hp - damage
    if damage <= 0:
        return "no_damage"
    if left <= -max_hp and not temporary:
        return "dead"
    if left <= 0:
        return "out"
    if 2 * left <= max_hp:
        return "badly_wounded"
    return "wounded"


def worst_state(hit: Hit) -> str:
    """The worst a hit can do: kill, or for a taser put out of combat (L2900-2914)."""
    return "out" if hit.taser else "dead"
