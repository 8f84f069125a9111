"""Changes of a WaRP sheet in play: wounds, recovery, healing, experience, psychic charges.

Each returns a new sheet (never mutates) and a bilingual summary; the rules themselves are the
pure functions of tracks.py."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Literal

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, Operation, Params, param, tr
from ecran.systems.warp.common import src
from ecran.systems.warp.sheet import SeriousWound, WarpSheet
from ecran.systems.warp.tables import ADVANCEMENT, CORE, HEALTH, MAGIC
from ecran.systems.warp.tracks import daily_healing, health_state, recovered_hp


def _refuse(fr: str, en: str) -> EcranError:
    return EcranError(tr(fr, en))


class DamageParams(Params):
    amount: int = param(tr("Dégâts", "Damage"), ge=0)
    temporary: bool = param(tr("Temporaires (taser)", "Temporary (taser)"), default=False)
    serious_kind: Literal["heals_badly", "fatal"] = param(
        tr("Nature d'une blessure grave", "Kind of serious wound"),
        tr("Choix du MJ", "GM's choice"),
        default="heals_badly",
    )
    daily_loss: int = param(
        tr("Perte par jour (blessure fatale)", "Daily loss (fatal wound)"),
        tr("1 à 15, fixé par le MJ (L3936-4009)", "1 to 15, set by the GM (L3936-4009)"),
        default=0,
        ge=0,
        le=15,
    )


class TakeDamage(Operation[WarpSheet, DamageParams]):
    name = "take_damage"
    title = tr("Subir des dégâts", "Take damage")
    params = DamageParams
    sources = (src(2336, 2408), src(3253, 3376), src(3936, 4009))

    def apply(self, sheet: WarpSheet, params: DamageParams, dice: DiceSource) -> Change[WarpSheet]:
        update: dict[str, Any] = {}
        if sheet.recovery_base is None and sheet.damage == 0 and sheet.temporary_damage == 0:
            update["recovery_base"] = sheet.max_hp  # began the fight unwounded (L3505-3515)
        if params.temporary:
            update["temporary_damage"] = sheet.temporary_damage + params.amount
        else:
            update["damage"] = sheet.damage + params.amount
        threshold = HEALTH.serious_wound.threshold
        if sheet.serious_wounds_rule and not params.temporary and params.amount >= threshold:
            wound = SeriousWound(kind=params.serious_kind, daily_loss=params.daily_loss)
            update["serious_wounds"] = [*sheet.serious_wounds, wound]
        new = sheet.model_copy(update=update)
        return Change(
            new,
            tr(
                f"{sheet.name} perd {params.amount} PV : {new.hp()} / {new.max_hp}",
                f"{sheet.name} loses {params.amount} HP: {new.hp()} / {new.max_hp}",
            ),
        )


class RecoverParams(Params):
    numerator: int = param(
        tr("Fraction récupérée (numérateur)", "Fraction recovered (numerator)"),
        tr(
            "1/2 par défaut ; le MJ peut prendre 2/3 ou 1/3 (L3575-3591)",
            "1/2 by default; the GM may use 2/3 or 1/3 (L3575-3591)",
        ),
        default=1,
        ge=0,
    )
    denominator: int = param(
        tr("Fraction (dénominateur)", "Fraction (denominator)"), default=2, ge=1
    )


class Recover(Operation[WarpSheet, RecoverParams]):
    """Short-term recovery after a fight: half the HP lost since the last recovery, rounded up
    (L3462-3591); all temporary (taser) damage returns (L2405-2408)."""

    name = "recover"
    title = tr("Récupération après le combat", "Recovery after the fight")
    params = RecoverParams
    sources = (src(2356, 2364), src(3462, 3591))

    def apply(self, sheet: WarpSheet, params: RecoverParams, dice: DiceSource) -> Change[WarpSheet]:
        share = Fraction(params.numerator, params.denominator)
        if share > 1:
            raise _refuse("on ne récupère pas plus que perdu", "cannot recover more than lost")
        hp = sheet.max_hp - sheet.damage
        base = sheet.recovery_base if sheet.recovery_base is not None else sheet.max_hp
        new_hp = recovered_hp(hp, base, share)
        new = sheet.model_copy(
            update={
                "damage": sheet.max_hp - new_hp,
                "temporary_damage": 0,
                "recovery_base": new_hp,
            }
        )
        return Change(
            new, tr(f"{sheet.name} récupère : {new_hp} PV", f"{sheet.name} recovers: {new_hp} HP")
        )


class HealParams(Params):
    activity: Literal["active", "rest", "medical"] = param(
        tr("Activité", "Activity"), default="rest"
    )
    days: int = param(tr("Jours", "Days"), default=1, ge=1, le=365)
    critical: bool = param(tr("État critique (MJ)", "Critical (GM)"), default=False)
    loss_per_day: int = param(
        tr("Perte par jour si le tableau l'indique", "Loss per day where the table says so"),
        tr("Fixée par le MJ (†, L3593-3661)", "Set by the GM (†, L3593-3661)"),
        default=0,
        ge=0,
    )


class Heal(Operation[WarpSheet, HealParams]):
    """Long-term healing day by day; serious wounds heal at half speed or lose HP (L3936-4009)."""

    name = "heal"
    title = tr("Guérison au fil des jours", "Healing over days")
    params = HealParams
    sources = (src(3593, 3661), src(3936, 4009))

    def apply(self, sheet: WarpSheet, params: HealParams, dice: DiceSource) -> Change[WarpSheet]:
        damage, quarters = sheet.damage, sheet.healing_quarters
        slow = any(w.kind == "heals_badly" for w in sheet.serious_wounds)
        fatal = sum(w.daily_loss for w in sheet.serious_wounds if w.kind == "fatal")
        for _ in range(params.days):
            if fatal and params.activity != "medical":
                damage += fatal  # fatal without proper care (L3936-4009)
                continue
            rate = daily_healing(
                params.activity, health_state(sheet.max_hp - damage, params.critical)
            )
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
                f"{params.days} jour(s) : {new.hp()} / {new.max_hp} PV",
                f"{params.days} day(s): {new.hp()} / {new.max_hp} HP",
            ),
        )


class AmountParams(Params):
    dice: int = param(tr("Dés", "Dice"), default=1, ge=1, le=100)


class AwardExperience(Operation[WarpSheet, AmountParams]):
    name = "award_experience"
    title = tr("Attribuer des dés d'expérience", "Award experience dice")
    params = AmountParams
    sources = (src(1038, 1138),)

    def apply(self, sheet: WarpSheet, params: AmountParams, dice: DiceSource) -> Change[WarpSheet]:
        new = sheet.model_copy(
            update={
                "experience_pool": sheet.experience_pool + params.dice,
                "experience_earned": sheet.experience_earned + params.dice,
            }
        )
        return Change(
            new, tr(f"+{params.dice} dé(s) d'expérience", f"+{params.dice} experience dice")
        )


class UseExperienceParams(Params):
    dice: int = param(tr("Dés utilisés sur ce jet", "Dice on this roll"), default=1, ge=1, le=30)


class UseExperience(Operation[WarpSheet, UseExperienceParams]):
    """An experience die is a bonus die once per session (or cancels a penalty die), at most one
    per roll unless the optional rule allows more (L955-1036, L1466-1471)."""

    name = "use_experience"
    title = tr("Utiliser un dé d'expérience", "Use an experience die")
    params = UseExperienceParams
    sources = (src(955, 1036), src(1466, 1471))

    def apply(
        self, sheet: WarpSheet, params: UseExperienceParams, dice: DiceSource
    ) -> Change[WarpSheet]:
        if params.dice > CORE.experience.per_roll and not sheet.multiple_experience_dice:
            raise _refuse("un seul dé d'expérience par jet", "only one experience die per roll")
        if sheet.experience_used + params.dice > sheet.experience_pool:
            raise _refuse(
                "plus de dé d'expérience disponible cette session",
                "no experience die left this session",
            )
        new = sheet.model_copy(update={"experience_used": sheet.experience_used + params.dice})
        return Change(
            new,
            tr(f"{params.dice} dé(s) bonus d'expérience", f"{params.dice} experience bonus dice"),
        )


class NoParams(Params):
    pass


class NewSession(Operation[WarpSheet, NoParams]):
    name = "new_session"
    title = tr("Nouvelle session", "New session")
    params = NoParams
    sources = (src(188, 203),)

    def apply(self, sheet: WarpSheet, params: NoParams, dice: DiceSource) -> Change[WarpSheet]:
        new = sheet.model_copy(update={"experience_used": 0})
        return Change(
            new, tr("dés d'expérience de nouveau disponibles", "experience dice available again")
        )


def _spend(sheet: WarpSheet, cost: int) -> dict[str, int]:
    free = sheet.experience_pool - sheet.experience_used
    if cost > free:
        raise _refuse(
            f"il faut {cost} dés d'expérience (disponibles : {free})",
            f"{cost} experience dice needed ({free} available)",
        )
    return {
        "experience_pool": sheet.experience_pool - cost,
        "experience_spent": sheet.experience_spent + cost,
    }


class RaiseParams(Params):
    trait: Literal["central", "secondary_1", "secondary_2"] | int = param(
        tr("Trait", "Trait"),
        tr(
            "central, secondary_1, secondary_2 ou l'index d'un trait acquis",
            "central, secondary_1, secondary_2 or an acquired trait's index",
        ),
    )
    trained: bool = param(
        tr("Entraînement fait", "Training done"),
        tr("Requis pour 4 et 5 (L4790-4840)", "Required for 4 and 5 (L4790-4840)"),
        default=False,
    )


class RaiseTrait(Operation[WarpSheet, RaiseParams]):
    """+1 for 5 dice up to 3, 10 dice and training for 4, 15 dice and costly training for 5; 6 is
    beyond the rules; double for the central trait (L4778-4858)."""

    name = "raise_trait"
    title = tr("Améliorer un trait", "Raise a trait")
    params = RaiseParams
    sources = (src(4778, 4858),)

    def apply(self, sheet: WarpSheet, params: RaiseParams, dice: DiceSource) -> Change[WarpSheet]:
        if isinstance(params.trait, int):
            if not 0 <= params.trait < len(sheet.acquired):
                raise _refuse("pas de tel trait acquis", "no such acquired trait")
            trait = sheet.acquired[params.trait]
        else:
            trait = getattr(sheet, params.trait)
        step = next((r for r in ADVANCEMENT.raises if r.to == trait.score + 1), None)
        if step is None:
            raise _refuse(
                "au-delà de 5 : affaire de récit, pas de règles",
                "beyond 5: a matter of story, not rules",
            )
        if step.training_fr and not params.trained:
            raise _refuse(
                f"entraînement requis : {step.training_fr}",
                f"training required: {step.training_en}",
            )
        cost = step.cost * (
            ADVANCEMENT.central_trait.multiplier if params.trait == "central" else 1
        )
        raised = trait.model_copy(update={"score": trait.score + 1})
        update: dict[str, Any] = dict(_spend(sheet, cost))
        if isinstance(params.trait, int):
            acquired = list(sheet.acquired)
            acquired[params.trait] = raised
            update["acquired"] = acquired
        else:
            update[params.trait] = raised
        new = sheet.model_copy(update=update)
        return Change(
            new,
            tr(
                f"{trait.name} passe à {raised.score} ({cost} dés)",
                f"{trait.name} rises to {raised.score} ({cost} dice)",
            ),
        )


class BuyCharge(Operation[WarpSheet, NoParams]):
    name = "buy_charge"
    title = tr("Acheter une charge psychique", "Buy a psychic charge")
    params = NoParams
    sources = (src(5117, 5127),)

    def apply(self, sheet: WarpSheet, params: NoParams, dice: DiceSource) -> Change[WarpSheet]:
        if (
            not sheet.psychic_pool
            and not any(t.power for t in sheet.positive_traits())
            and not sheet.spells
        ):
            raise _refuse("pas de pouvoir ni de sort", "no power or spell")
        update: dict[str, Any] = dict(_spend(sheet, CORE.psychic_pool.experience_dice_per_charge))
        update |= {
            "psychic_pool": sheet.psychic_pool + 1,
            "psychic_charges": sheet.psychic_charges + 1,
        }
        return Change(
            sheet.model_copy(update=update), tr("+1 charge psychique", "+1 psychic charge")
        )


class ChargeParams(Params):
    pushed: bool = param(tr("Forcé (2 charges)", "Pushed (2 charges)"), default=False)


class SpendCharge(Operation[WarpSheet, ChargeParams]):
    name = "spend_charge"
    title = tr("Utiliser un pouvoir ou un sort", "Use a power or cast a spell")
    params = ChargeParams
    sources = (src(5129, 5147), src(6066, 6102))

    def apply(self, sheet: WarpSheet, params: ChargeParams, dice: DiceSource) -> Change[WarpSheet]:
        cost = 2 if params.pushed else 1
        if sheet.psychic_charges < cost:
            raise _refuse("pas assez de charges", "not enough charges")
        new = sheet.model_copy(update={"psychic_charges": sheet.psychic_charges - cost})
        return Change(new, tr(f"−{cost} charge(s)", f"-{cost} charge(s)"))


class RechargeParams(Params):
    hours: int = param(tr("Heures écoulées", "Hours elapsed"), default=24, ge=0)
    rate: Literal["normal", "double", "half"] = param(
        tr("Vitesse", "Rate"),
        tr(
            "Conditions spéciales de certaines entités (L5208-5226)",
            "Some entities' special conditions (L5208-5226)",
        ),
        default="normal",
    )


class Recharge(Operation[WarpSheet, RechargeParams]):
    """The pool refills in 24 h, evenly: one charge per 24/pool hours (L5202-5226)."""

    name = "recharge"
    title = tr("Recharger la réserve psychique", "Recharge the psychic pool")
    params = RechargeParams
    sources = (src(5202, 5226),)

    def apply(
        self, sheet: WarpSheet, params: RechargeParams, dice: DiceSource
    ) -> Change[WarpSheet]:
        if not sheet.psychic_pool:
            return Change(sheet, tr("pas de réserve psychique", "no psychic pool"))
        speed = {"normal": 1, "double": 2, "half": 0.5}[params.rate]
        regained = int(
            params.hours * speed * sheet.psychic_pool // CORE.psychic_pool.recharge_hours
        )
        charges = min(sheet.psychic_pool, sheet.psychic_charges + regained)
        new = sheet.model_copy(update={"psychic_charges": charges})
        return Change(
            new,
            tr(
                f"{charges} / {sheet.psychic_pool} charges",
                f"{charges} / {sheet.psychic_pool} charges",
            ),
        )


class LearnSpellParams(Params):
    spell: str = param(tr("Sort", "Spell"))
    learned: bool = param(
        tr("Jet réussi cette semaine", "This week's roll succeeded"), default=False
    )


class StudySpell(Operation[WarpSheet, LearnSpellParams]):
    """A week of study costs 5 experience dice; the marker counts the weeks; success adds the
    spell and a first charge when there was no pool (L5958-6058)."""

    name = "study_spell"
    title = tr("Étudier un sort une semaine", "Study a spell for a week")
    params = LearnSpellParams
    sources = (src(5958, 6058),)

    def apply(
        self, sheet: WarpSheet, params: LearnSpellParams, dice: DiceSource
    ) -> Change[WarpSheet]:
        rules = MAGIC.spell_learning
        update: dict[str, Any] = dict(_spend(sheet, rules.experience_dice_per_week))
        week = sheet.spell_study.get(params.spell, 0) + 1
        study = dict(sheet.spell_study)
        if params.learned:
            study.pop(params.spell, None)
            update["spells"] = [*sheet.spells, params.spell]
            if not sheet.psychic_pool:
                update |= {
                    "psychic_pool": rules.charge_if_no_pool,
                    "psychic_charges": rules.charge_if_no_pool,
                }
        else:
            study[params.spell] = week
        update["spell_study"] = study
        return Change(
            sheet.model_copy(update=update),
            tr(f"semaine {week} : {params.spell}", f"week {week}: {params.spell}"),
        )


ALL_OPERATIONS: tuple[Operation[Any, Any], ...] = (
    TakeDamage(),
    Recover(),
    Heal(),
    AwardExperience(),
    UseExperience(),
    NewSession(),
    RaiseTrait(),
    BuyCharge(),
    SpendCharge(),
    Recharge(),
    StudySpell(),
)
