"""Play state as pure functions: hit points and their thresholds, penalties, recovery, healing,
the experience pool and the psychic pool. Operations (operations.py) call these; so do the sheet's
actions, which is how wounds reach every roll and its odds."""

from __future__ import annotations

from fractions import Fraction
from math import ceil

from ecran.systems.warp.tables import CORE, HEALTH


def multiple_actions(extra: int, replaces: bool = True) -> tuple[int, int]:
    """(penalty dice, dice fewer) on every action of a round with `extra` extra actions
    (L1937-1958): 1 -> a penalty die; n >= 2 -> n-1 dice fewer (reading §9.9: replaces it)."""
    if extra <= 0:
        return 0, 0
    if extra == 1:
        return 1, 0
    return (0 if replaces else 1), extra - 1


def max_hp(trait_dice: int | None, technical: bool = False) -> int:
    """Fixed HP (L778-832): 7 per die of the best toughness trait, 14 without one (a 'weak' trait
    does not lower it); a technical trait counts 2 dice more."""
    rules = CORE.hit_points
    if trait_dice is None:
        return rules.without_trait
    dice = trait_dice + (rules.technical_extra_dice if technical else 0)
    return max(rules.without_trait, rules.per_die * dice)


def current_hp(max_points: int, damage: int, temporary: int, temporary_counts: bool = True) -> int:
    """HP left; taser damage counts toward the thresholds by default (reading §9.29)."""
    return max_points - damage - (temporary if temporary_counts else 0)


def wound_penalty(hp: int, max_points: int) -> int:
    """One penalty die on all actions while HP <= half the maximum (L3253-3261)."""
    return 1 if 2 * hp <= max_points else 0


def is_out(hp: int) -> bool:
    return hp <= 0  # L41-45, L3273-3361


def is_dying(hp: int, max_points: int) -> bool:
    return hp <= -max_points  # L3363-3376


def recovered_hp(hp: int, base: int, share: Fraction | None = None) -> int:
    """Short-term recovery (L3462-3591): regain `share` (1/2) of the HP lost since `base`, the
    level after the last recovery (max HP if the fight began unwounded), rounded up."""
    share = HEALTH.recovery.share if share is None else share
    if hp >= base:
        return hp
    return hp + ceil((base - hp) * share)


def daily_healing(activity: str, state: str) -> Fraction | None:
    """HP regained per day (L3593-3661); None when the table gives a loss set by the GM."""
    for row in HEALTH.healing:
        if row.activity == activity:
            rate = {
                "ambulatory": row.ambulatory,
                "bedridden": row.bedridden,
                "critical": row.critical,
            }[state]
            if rate in ("loss", "none"):
                return None
            return Fraction(rate)
    raise KeyError(activity)


def health_state(hp: int, critical: bool = False) -> str:
    """ambulatory (HP >= 1), bedridden (HP <= 0), or critical (GM's call)."""
    if critical:
        return "critical"
    return "ambulatory" if hp >= 1 else "bedridden"


def recharge_hours(pool: int) -> Fraction:
    """A psychic pool refills evenly over 24 h: one charge every 24/pool hours (L5202-5206)."""
    return Fraction(CORE.psychic_pool.recharge_hours, pool)
