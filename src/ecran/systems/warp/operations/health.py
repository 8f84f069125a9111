"""Hit points in play: damage taken, recovery after the fight, healing over days (L3253-4009).

Each operation returns a new sheet (never mutates) and a bilingual summary; the rules themselves
are the pure functions of tracks.py."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Literal

from ecran.dice import DiceSource
from ecran.rules import Change, Params, PutCondition, Resolution, refuse, tr
from ecran.rules.wording import agreed
from ecran.systems.warp.dice import roll_pool
from ecran.systems.warp.operations.common import operation
from ecran.systems.warp.sheet import SeriousWound, WarpSheet
from ecran.systems.warp.tables import FIELDS, HEALTH, src
from ecran.systems.warp.tracks import daily_healing, health_state, recovered_hp, state


class DamageParams(Params):
    damage: int = FIELDS("damage", ge=0)
    temporary: bool = FIELDS("temporary", default=False)
    serious_kind: Literal["heals_badly", "fatal"] = FIELDS("serious_kind", default="heals_badly")
    daily_loss: int = FIELDS("daily_loss", default=0, ge=0, le=15)


#: States an encounter marks on the participant when damage brings them there (L3273-3376).
MARKED = ("out", "dead")


@operation("take_damage", src(2336, 2408), src(3253, 3376), src(3936, 4009))
def take_damage(sheet: WarpSheet, params: DamageParams) -> Change[WarpSheet]:
    """Hit points lost (L2336-2349); taser damage is kept apart and comes back at recovery
    (L2405-2408). The summary says the state reached as the sheet does: a penalty die at half
    HP, out of combat at 0, dead or dying at -max (L3253-3376), never dead from temporary
    damage (L2900-2914); reaching out of combat or death puts it on the participant."""
    update: dict[str, Any] = {}
    if sheet.recovery_base is None and sheet.damage == 0 and sheet.temporary_damage == 0:
        update["recovery_base"] = sheet.max_hp  # began the fight unwounded (L3505-3515)
    if params.temporary:
        update["temporary_damage"] = sheet.temporary_damage + params.damage
    else:
        update["damage"] = sheet.damage + params.damage
    threshold = HEALTH.serious_wound.threshold
    if sheet.serious_wounds_rule and not params.temporary and params.damage >= threshold:
        wound = SeriousWound(kind=params.serious_kind, daily_loss=params.daily_loss)
        update["serious_wounds"] = [*sheet.serious_wounds, wound]
    new = sheet.model_copy(update=update)
    before, after = state(sheet), state(new)
    reached = after.key in MARKED and after.key != before.key
    tasered = params.temporary and after.key == "out"
    label = HEALTH.tasered.label if tasered else after.label
    conditions = (PutCondition(label),) if reached else ()
    return Change(
        new,
        tr(
            f"{sheet.name} perd {params.damage} PV{' temporaires' if params.temporary else ''} : "
            f"{new.hp()} / {new.max_hp}, {after.fr} ({after.effect.fr})",
            f"{sheet.name} loses {params.damage}{' temporary' if params.temporary else ''} HP: "
            f"{new.hp()} / {new.max_hp}, {after.en} ({after.effect.en})",
        ),
        conditions=conditions,
    )


class RecoverParams(Params):
    numerator: int = FIELDS("numerator", default=1, ge=0)
    denominator: int = FIELDS("denominator", default=2, ge=1)


@operation("recover", src(2356, 2364), src(3462, 3591))
def recover(sheet: WarpSheet, params: RecoverParams) -> Change[WarpSheet]:
    """Short-term recovery after a fight: half the HP lost since the last recovery, rounded up
    (L3462-3591); all temporary (taser) damage returns (L2405-2408)."""
    share = Fraction(params.numerator, params.denominator)
    if share > 1:
        raise refuse("on ne récupère pas plus que perdu", "cannot recover more than lost")
    hp = sheet.max_hp - sheet.damage
    base = sheet.recovery_base if sheet.recovery_base is not None else sheet.max_hp
    new_hp = recovered_hp(hp, base, share)
    new = sheet.model_copy(
        update={"damage": sheet.max_hp - new_hp, "temporary_damage": 0, "recovery_base": new_hp}
    )
    return Change(
        new, tr(f"{sheet.name} récupère : {new_hp} PV", f"{sheet.name} recovers: {new_hp} HP")
    )


class HealParams(Params):
    activity: Literal["active", "rest", "medical"] = FIELDS("activity", default="rest")
    days: int = FIELDS("days", default=1, ge=1, le=365)
    critical: bool = FIELDS("critical", default=False)
    loss_per_day: int = FIELDS("loss_per_day", default=0, ge=0)


@operation("heal", src(3593, 3661), src(3936, 4009))
def heal(sheet: WarpSheet, params: HealParams) -> Change[WarpSheet]:
    """Long-term healing day by day; serious wounds heal at half speed or lose HP (L3936-4009)."""
    damage, quarters = sheet.damage, sheet.healing_quarters
    slow = any(w.kind == "heals_badly" for w in sheet.serious_wounds)
    fatal = sum(w.daily_loss for w in sheet.serious_wounds if w.kind == "fatal")
    for _ in range(params.days):
        if fatal and params.activity != "medical":
            damage += fatal  # fatal without proper care (L3936-4009)
            continue
        rate = daily_healing(params.activity, health_state(sheet.max_hp - damage, params.critical))
        if rate is None:
            damage += params.loss_per_day
            continue
        # quarter points: 1/2 a day is 2 quarters; a wound that heals badly halves the speed
        gained, quarters = divmod(quarters + int(rate * 4) // (2 if slow else 1), 4)
        damage = max(0, damage - gained)
    update: dict[str, Any] = {"damage": damage, "healing_quarters": quarters}
    if sheet.healed_level_is_recovery_base:
        update["recovery_base"] = sheet.max_hp - damage
    new = sheet.model_copy(update=update)
    return Change(
        new,
        tr(
            f"{params.days} {agreed(params.days, 'jour', 'jours')} : {new.hp()} / {new.max_hp} PV",
            f"{params.days} {agreed(params.days, 'day', 'days', 'en')}: "
            f"{new.hp()} / {new.max_hp} HP",
        ),
    )


class HealingPowerParams(Params):
    dice: int = FIELDS("healing_dice", default=2, ge=1, le=30)
    pushed: bool = FIELDS("pushed", default=False)
    healer_roll: int | None = FIELDS("healer_roll", default=None, ge=0, le=1000)
    before_recovery: bool | None = FIELDS("before_recovery", default=None)


@operation("healing_power", src(5392, 5420), src(5129, 5147))
def healing_power(
    sheet: WarpSheet, params: HealingPowerParams, dice: DiceSource
) -> Change[WarpSheet]:
    """The special power Guérison on a wounded character: the roll is the hit points regained,
    twice that while the patient has not yet had the recovery that gives back half the HP lost
    (L5400-5412); about 30 seconds (5 rounds) of contact (L5416-5420). The healer spends the
    charge (or 2, pushed: twice the dice, the best half kept, L5129-5147) on their own sheet
    (`spend_charge`).

    Readings: "not yet recovered" is read from the sheet as HP below the level of the last
    recovery (L3505-3515) unless the GM says; the points heal lasting damage first, then any
    temporary (taser) damage, never past the maximum; with the option "healed level is the
    recovery base" the new level becomes that base, as for healing over days (§9.30)."""
    details: dict[str, Any] = {}
    if params.healer_roll is None:
        pool = roll_pool(dice, params.dice, params.dice if params.pushed else 0)
        details |= pool.details()
        rolled = pool.total
    else:
        rolled = params.healer_roll
    base = sheet.recovery_base if sheet.recovery_base is not None else sheet.max_hp
    before = params.before_recovery
    if before is None:
        before = sheet.max_hp - sheet.damage < base
    points = rolled * (2 if before else 1)
    lasting = min(points, sheet.damage)
    temporary = min(points - lasting, sheet.temporary_damage)
    update: dict[str, Any] = {
        "damage": sheet.damage - lasting,
        "temporary_damage": sheet.temporary_damage - temporary,
    }
    if sheet.healed_level_is_recovery_base:
        update["recovery_base"] = sheet.max_hp - update["damage"]
    new = sheet.model_copy(update=update)
    now = state(new)
    twice = (" (doublé : " + str(rolled) + " × 2)", " (doubled: " + str(rolled) + " x 2)")
    said = twice if before else ("", "")
    details |= {"roll": rolled, "doubled": before, "healed": lasting + temporary}
    return Change(
        new,
        tr(
            f"{sheet.name} regagne {lasting + temporary} PV{said[0]} : "
            f"{new.hp()} / {new.max_hp}, {now.fr}",
            f"{sheet.name} regains {lasting + temporary} HP{said[1]}: "
            f"{new.hp()} / {new.max_hp}, {now.en}",
        ),
        Resolution("healed", lasting + temporary, details),
    )
