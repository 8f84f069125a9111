"""The encounter's attack chain: initiative, the attacks one sheet can make on another, each
prefilled from both sheets, and what an attack's result does to the defender.

Melee: one attack per melee weapon carried plus bare hands, and a special-effect attack (tackle,
disarm, trip, lock, L3710-3730). Ranged: per ranged weapon, a single shot, the second shot of a
round when the weapon fires twice (penalty die, L4112-4167) and the bursts it can fire
(L4169-4329). The distance is the GM's: it starts at the weapon's short range (2 range dice,
the range of the seed's gunfight, L3127-3129); a weapon whose range row the OCR lost (sling,
throwing axe, §9.2) starts at 2 GM range dice instead. Magazines are not on the sheet: the seed
gives no sizes, so the rounds left are the GM's count (`rounds_loaded`), and each burst's label
says what it needs (L4171, L4253-4257).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ecran.dice import DiceSource
from ecran.rules import Action, Resolution, Text, tr
from ecran.systems.warp.dice import roll_pool
from ecran.systems.warp.rows import RangedWeapon
from ecran.systems.warp.sheet import WarpSheet
from ecran.systems.warp.tables import WEAPONS, range_row
from ecran.systems.warp.tracks import (
    dodge_dice,
    fighting,
    fighting_dice,
    initiative_dice,
    is_out,
    wounds,
)

#: Checks whose result the defender's tracks take, with the outcomes that take nothing.
ATTACK_CHECKS = frozenset({"melee", "ranged", "special_effect"})
NOTHING = frozenset({"fumble", "miss"})
SHORT_RANGE = 2  # range dice at short range (L2679-2727)

MELEE = tr("Contact", "Melee")
RANGED = tr("Distance", "Ranged")


def initiative(sheet: WarpSheet, dice: DiceSource) -> Resolution:
    """Roll an initiative trait once at the start of combat ("agile", "good reflexes",
    "martial artist"), 2 dice without one; the order holds every round (L2520-2596). The
    wound penalty die applies as to any action. Ties: the seed says nothing, so none are
    broken here (no `tie_break`)."""
    n = initiative_dice(sheet)
    penalty = wounds(sheet)
    pool = roll_pool(dice, n, 0, penalty)
    return Resolution("initiative", pool.total, {**pool.details(), "dice": n, "penalty": penalty})


def _shared(attacker: WarpSheet, defender: WarpSheet) -> dict[str, Any]:
    """What every attack on this defender takes from both sheets: the attacker's trait and
    penalty dice, the defender's armour and hit points."""
    return {
        "attack_dice": fighting_dice(attacker),
        "attack_penalty": fighting(attacker),
        "attacker_is_npc": attacker.kind == "npc",
        "armour": ",".join(defender.armour),
        "bulletproof": defender.bulletproof,
        "target_max_hp": defender.max_hp,
        "target_hp": defender.hp(),
    }


def _melee_params(
    shared: dict[str, Any], defence: dict[str, Any], weapon: str, defender_armed: bool
) -> dict[str, Any]:
    return {
        **shared,
        **defence,
        "weapon": weapon,
        # "a club against bare hands": a bonus die for reach and blocking (L3779-3815)
        "better_weapon": weapon != "unarmed" and not defender_armed,
    }


#: The weapon tables by key, read once (attacks() runs for every pair of sheets in a fight).
_MELEE = {w.key: w for w in WEAPONS.melee}
_RANGED = {w.key: w for w in WEAPONS.ranged}
SPECIAL = tr(
    "Effet spécial (plaquage, désarmement, croc-en-jambe, clé)",
    "Special effect (tackle, disarm, trip, lock)",
)


def _melee_weapons(sheet: WarpSheet) -> list[str]:
    return [w for w in sheet.weapons if w in _MELEE]


def _ranged_weapons(sheet: WarpSheet) -> list[RangedWeapon]:
    return [_RANGED[w] for w in sheet.weapons if w in _RANGED]


def short_range(weapon: RangedWeapon) -> dict[str, Any]:
    """The prefilled range: the table's short-range distance, or the GM's range dice when the
    weapon has no row."""
    if weapon.range is None:
        return {"range_dice": SHORT_RANGE}
    limits = range_row(weapon.range).limits
    return {"distance_m": float(limits[min(SHORT_RANGE, len(limits)) - 1])}


def _ranged_params(
    shared: dict[str, Any], defence: dict[str, Any], weapon: RangedWeapon
) -> dict[str, Any]:
    return {**shared, "weapon": weapon.key, **short_range(weapon), **defence}


@cache
def _ranged_modes(key: str) -> list[tuple[Text, dict[str, Any]]]:
    """A ranged weapon's ways to fire with their labels, worked out once per weapon (read
    only: its callers copy the parameters)."""
    weapon = _RANGED[key]
    modes: list[tuple[Text, dict[str, Any]]] = [(tr("tir", "shot"), {})]
    if weapon.shots >= 2:
        modes.append((tr("2e tir du round", "2nd shot of the round"), {"second_shot": True}))
    for burst in WEAPONS.burst:
        if weapon.full_auto if burst.full_auto else weapon.burst:
            label = tr(
                f"{burst.fr} (≥ {burst.rounds} balles)", f"{burst.en} (>= {burst.rounds} rounds)"
            )
            modes.append((label, {"burst": burst.key}))
    return modes


def attacks(attacker: WarpSheet, defender: WarpSheet) -> list[Action]:
    """Every attack `attacker` can make on `defender`; none once it is out of combat (HP <= 0,
    L3273-3361)."""
    if is_out(attacker.hp()):
        return []
    result: list[Action] = []
    # what every attack reads of both sheets, worked out once for all of them
    shared = _shared(attacker, defender)
    penalty = fighting(defender)
    defence = {"defence_dice": fighting_dice(defender), "defence_penalty": penalty}
    armed = bool(_melee_weapons(defender))
    for key in ["unarmed", *_melee_weapons(attacker)]:
        params = _melee_params(shared, defence, key, armed)
        result.append(Action(_MELEE[key].label, "melee", params, MELEE))
    special = {**_melee_params(shared, defence, "unarmed", armed), "effect_margin": 1}
    result.append(Action(SPECIAL, "special_effect", special, MELEE))
    ranged = _ranged_weapons(attacker)
    # reading: an aware target dodges, with its agility dice as bonus dice (L2714-2727); the
    # GM sets 0 for a target that does not see it coming (the ambush of L3117-3127)
    dodge = {"dodge_dice": dodge_dice(defender), "defence_penalty": penalty} if ranged else {}
    for weapon in ranged:
        base = _ranged_params(shared, dodge, weapon)
        for mode, extra in _ranged_modes(weapon.key):
            label = tr(f"{weapon.fr} : {mode.fr}", f"{weapon.en}: {mode.en}")
            result.append(Action(label, "ranged", {**base, **extra}, RANGED))
    return result


def damage(
    check: str, params: dict[str, Any], result: Resolution, defender: WarpSheet
) -> tuple[str, dict[str, Any]] | None:
    """The hit points the defender loses: the damage the attack check already worked out, dice
    of the armour and of the alternative damage included, so nothing is rolled twice
    (L2664-2679, L3026-3114); taser damage is temporary (L2405-2408). A miss, a fumble or armour
    that stops everything does nothing to the sheet."""
    if check not in ATTACK_CHECKS or result.outcome in NOTHING:
        return None
    amount = int(result.total or 0)
    if amount <= 0:
        return None
    return "take_damage", {"damage": amount, "temporary": bool(result.details.get("temporary"))}


def consequence_reads(check: str, result: Resolution) -> tuple[int, bool] | tuple[()]:
    """What `damage` reads of a result (`System.consequence_reads`; WaRP strikes nothing
    back): the hit points lost and whether they are temporary, nothing for a miss, a fumble or
    armour that stops everything. The dice, the margin and the pools change nothing it does."""
    if check not in ATTACK_CHECKS or result.outcome in NOTHING:
        return ()
    amount = int(result.total or 0)
    return (amount, bool(result.details.get("temporary"))) if amount > 0 else ()


def consequence_sheets(attacker: WarpSheet, defender: WarpSheet) -> tuple[()]:
    """What the consequences read of the sheets (`System.consequence_sheets`): nothing.
    `damage` reads the check and its result (armour and dodge already in the attack's
    parameters and dice); WaRP strikes nothing back (no `counter_damage`)."""
    return ()
