"""Special powers and spells in play: psychic charges bought, spent and recharged, a spell studied
week by week, a power learned (L4955-6058)."""

from __future__ import annotations

from typing import Any, Literal

from ecran.dice import DiceSource
from ecran.rules import Change, NoParams, Params, Resolution, refuse, tr
from ecran.rules.wording import agreed
from ecran.systems.warp.operations.common import operation, spend
from ecran.systems.warp.options import OPTIONS
from ecran.systems.warp.sheet import Trait, WarpSheet
from ecran.systems.warp.tables import ADVANCEMENT, CORE, FIELDS, MAGIC, src


def first_pool(sheet: WarpSheet, charges: int) -> dict[str, int]:
    """The psychic pool opened by a first power or spell gained in play, when there is none."""
    return {} if sheet.psychic_pool else {"psychic_pool": charges, "psychic_charges": charges}


@operation("buy_charge", src(5117, 5127))
def buy_charge(sheet: WarpSheet, params: NoParams) -> Change[WarpSheet]:
    if (
        not sheet.psychic_pool
        and not any(t.power for t in sheet.positive_traits())
        and not sheet.spells
    ):
        raise refuse("pas de pouvoir ni de sort", "no power or spell")
    update = spend(sheet, CORE.psychic_pool.experience_dice_per_charge)
    update |= {"psychic_pool": sheet.psychic_pool + 1, "psychic_charges": sheet.psychic_charges + 1}
    return Change(sheet.model_copy(update=update), tr("+1 charge psychique", "+1 psychic charge"))


class ChargeParams(Params):
    pushed: bool = FIELDS("pushed_charges", default=False)


@operation("spend_charge", src(5129, 5147), src(6066, 6102))
def spend_charge(sheet: WarpSheet, params: ChargeParams) -> Change[WarpSheet]:
    cost = 2 if params.pushed else 1
    if sheet.psychic_charges < cost:
        raise refuse("pas assez de charges", "not enough charges")
    new = sheet.model_copy(update={"psychic_charges": sheet.psychic_charges - cost})
    return Change(
        new,
        tr(
            f"−{cost} {agreed(cost, 'charge', 'charges')}",
            f"-{cost} {agreed(cost, 'charge', 'charges', 'en')}",
        ),
    )


class RechargeParams(Params):
    hours: int = FIELDS("hours", default=24, ge=0)
    rate: Literal["normal", "double", "half"] = FIELDS("rate", default="normal")


@operation("recharge", src(5202, 5226))
def recharge(sheet: WarpSheet, params: RechargeParams) -> Change[WarpSheet]:
    """The pool refills in 24 h, evenly: one charge per 24/pool hours (L5202-5226)."""
    if not sheet.psychic_pool:
        return Change(sheet, tr("pas de réserve psychique", "no psychic pool"))
    speed = {"normal": 1, "double": 2, "half": 0.5}[params.rate]
    regained = int(params.hours * speed * sheet.psychic_pool // CORE.psychic_pool.recharge_hours)
    charges = min(sheet.psychic_pool, sheet.psychic_charges + regained)
    new = sheet.model_copy(update={"psychic_charges": charges})
    count = f"{charges} / {sheet.psychic_pool} charges"
    return Change(new, tr(count, count))


class LearnSpellParams(Params):
    spell: str = FIELDS("spell")
    learned: bool = FIELDS("learned", default=False)


@operation("study_spell", src(5958, 6058))
def study_spell(sheet: WarpSheet, params: LearnSpellParams) -> Change[WarpSheet]:
    """A week of study costs 5 experience dice; the marker counts the weeks; success adds the
    spell and a first charge when there was no pool (L5958-6058)."""
    rules = MAGIC.spell_learning
    update = spend(sheet, rules.experience_dice_per_week)
    week = sheet.spell_study.get(params.spell, 0) + 1
    study = dict(sheet.spell_study)
    if params.learned:
        study.pop(params.spell, None)
        update["spells"] = [*sheet.spells, params.spell]
        update |= first_pool(sheet, rules.charge_if_no_pool)
    else:
        study[params.spell] = week
    update["spell_study"] = study
    return Change(
        sheet.model_copy(update=update),
        tr(f"semaine {week} : {params.spell}", f"week {week}: {params.spell}"),
    )


class LearnPowerParams(Params):
    power_name: str = FIELDS("power_name", min_length=1, max_length=120)
    sign: str = FIELDS("sign", min_length=1)
    experience_dice: int = FIELDS("experience_dice_given_up", default=1, ge=1, le=100)
    psi_null: bool = OPTIONS["psi_null"].field()


@operation("learn_power", src(4955, 5013), src(5059, 5075))
def learn_power(sheet: WarpSheet, params: LearnPowerParams, dice: DiceSource) -> Change[WarpSheet]:
    """After a month of study with a teacher, the GM secretly rolls the experience dice the
    player gives up: any 6 and the power is learned, at 1 die (reading §9.19); the first power
    learned in play opens a psychic pool of 1 charge (L4955-5013, L5015-5075)."""
    update = spend(sheet, params.experience_dice)
    details: dict[str, Any] = {}
    psi_null = sheet.psi_null
    if params.psi_null and not sheet.power_attempts:
        details["psi_null_die"] = die = dice.d(6)
        psi_null = die == 1
    update |= {"power_attempts": sheet.power_attempts + 1, "psi_null": psi_null}
    rolled = [] if psi_null else [dice.d(6) for _ in range(params.experience_dice)]
    details["rolled"] = rolled
    learned = 6 in rolled
    if learned:
        power = Trait(
            name=params.power_name,
            sign=params.sign,
            category="technical",
            score=ADVANCEMENT.new_trait.technical_score,
            power=True,
        )
        update["acquired"] = [*sheet.acquired, power]
        update |= first_pool(sheet, CORE.psychic_pool.first_power_in_play)
    outcome = "success" if learned else "failure"
    return Change(
        sheet.model_copy(update=update),
        tr(
            f"{params.power_name} : {'acquis' if learned else 'échec'}",
            f"{params.power_name}: {'learned' if learned else 'failed'}",
        ),
        Resolution(outcome, max(rolled, default=0), details),
    )
