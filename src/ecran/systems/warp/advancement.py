"""Spending experience and growing: random hit points at creation, a new trait, more hit points
when a trait improves, and learning a special power in play.

The dice these operations roll are returned as a `Resolution` so a table can see them (or the GM
alone, for the secret power roll, L5003-5013)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import field_validator

from ecran.dice import DiceSource
from ecran.rules import Change, EcranError, Operation, Params, Resolution, param, tr
from ecran.systems.warp.common import src
from ecran.systems.warp.operations import _spend
from ecran.systems.warp.options import HP_INCREASE_FIXED, PSI_NULL
from ecran.systems.warp.sheet import Trait, WarpSheet
from ecran.systems.warp.tables import ADVANCEMENT, CORE, category
from ecran.systems.warp.tracks import max_hp


def _refuse(fr: str, en: str) -> EcranError:
    return EcranError(tr(fr, en))


def hp_dice(trait: Trait) -> int:
    """Dice a trait brings to hit points: its score, 2 more when technical (L814-818)."""
    return trait.score + (CORE.hit_points.technical_extra_dice if trait.technical else 0)


# -- random hit points at creation ----------------------------------------------------------


class RollHpParams(Params):
    choices: str = param(
        tr("Fixe ou jet, trait par trait", "Fixed or roll, trait by trait"),
        tr(
            "Pour chaque trait de PV dans l'ordre de la feuille : « fixed » (7 par dé) ou "
            "« roll » (2 × ses dés en d6), décidé avant tout jet (L834-884)",
            "For each HP trait in sheet order: 'fixed' (7 per die) or 'roll' (2 x its dice in "
            "d6), decided before any roll (L834-884)",
        ),
        default="roll",
    )

    @field_validator("choices")
    @classmethod
    def _choices(cls, value: str) -> str:
        parts = [p.strip() for p in value.split(",")]
        if not all(p in ("fixed", "roll") for p in parts) or "roll" not in parts:
            raise ValueError("« fixed » ou « roll » par trait, au moins un « roll »")
        return ",".join(parts)


class RollHitPoints(Operation[WarpSheet, RollHpParams]):
    """Random HP (L820-884): roll twice each trait's dice; with several HP traits, each is rolled
    or fixed as chosen beforehand and the highest counts. The roll is the HP as rolled, even under
    14 (L830-832)."""

    name = "roll_hit_points"
    title = tr("Tirer les points de vie", "Roll hit points")
    params = RollHpParams
    sources = (src(818, 884),)

    def apply(self, sheet: WarpSheet, params: RollHpParams, dice: DiceSource) -> Change[WarpSheet]:
        traits = [t for t in sheet.positive_traits() if t.hit_points]
        choices = params.choices.split(",")
        if not traits or len(choices) != len(traits):
            raise _refuse(
                f"{len(traits)} trait(s) de PV sur la feuille, {len(choices)} choix donnés",
                f"{len(traits)} HP trait(s) on the sheet, {len(choices)} choices given",
            )
        if sheet.damage or sheet.experience_spent:
            raise _refuse("à la création seulement", "at creation only")
        values: list[int] = []
        rolled: dict[str, list[int]] = {}
        for trait, choice in zip(traits, choices, strict=True):
            n = hp_dice(trait)
            if choice == "fixed":
                values.append(max_hp(trait.score, trait.technical))
                continue
            faces = [dice.d(6) for _ in range(CORE.hit_points.random_dice_per_trait_die * n)]
            rolled[trait.name] = faces
            values.append(sum(faces))
        best = max(values)
        new = sheet.model_copy(update={"max_hp": best, "hp_rolled": True})
        return Change(
            new,
            tr(f"points de vie : {best}", f"hit points: {best}"),
            Resolution("rolled", best, {"rolls": rolled, "values": values}),
        )


# -- a new trait ----------------------------------------------------------------------------


class NewTraitParams(Params):
    trait_name: str = param(tr("Nom du trait", "Trait name"), min_length=1, max_length=120)
    sign: str = param(tr("Signe", "Sign"), min_length=1)
    category: Literal["standard", "technical"] = param(
        tr("Catégorie", "Category"),
        tr("technical : score 1 ; standard : score 3", "technical: score 1; standard: score 3"),
        default="standard",
    )
    used_in_play: bool = param(
        tr("Déjà utilisé en jeu", "Already used in play"),
        tr("Requis (L4694-4697)", "Required (L4694-4697)"),
        default=False,
    )
    trained: bool = param(
        tr("Formation suivie", "Training done"),
        tr(
            "Requise pour un trait technique ou spécialisé (L4706-4712)",
            "Required for a technical or specialised trait (L4706-4712)",
        ),
        default=False,
    )
    combat: bool = param(tr("Spécifique au combat", "Combat-specific"), default=False)


class NewTrait(Operation[WarpSheet, NewTraitParams]):
    """5 experience dice and a use in play buy a narrow trait one die above the average person:
    1 if technical, 3 if standard (L4694-4730)."""

    name = "new_trait"
    title = tr("Acquérir un nouveau trait", "Gain a new trait")
    params = NewTraitParams
    sources = (src(4694, 4730),)

    def apply(
        self, sheet: WarpSheet, params: NewTraitParams, dice: DiceSource
    ) -> Change[WarpSheet]:
        rules = ADVANCEMENT.new_trait
        if not params.used_in_play:
            raise _refuse("le trait doit avoir servi en jeu", "the trait must have been used")
        technical = category(params.category).technical
        if technical and not params.trained:
            raise _refuse(
                "un trait technique exige une formation", "a technical trait needs training"
            )
        score = rules.technical_score if technical else rules.standard_score
        trait = Trait(
            name=params.trait_name,
            sign=params.sign,
            category=params.category,
            score=score,
            combat=params.combat,
        )
        update: dict[str, Any] = dict(_spend(sheet, rules.cost))
        update["acquired"] = [*sheet.acquired, trait]
        return Change(
            sheet.model_copy(update=update),
            tr(
                f"nouveau trait : {params.trait_name} {score} ({rules.cost} dés)",
                f"new trait: {params.trait_name} {score} ({rules.cost} dice)",
            ),
        )


# -- more hit points ------------------------------------------------------------------------


class IncreaseHpParams(Params):
    trait: Literal["central", "secondary_1", "secondary_2"] | int = param(
        tr("Trait développé", "Trait developed"),
        tr(
            "central, secondary_1, secondary_2 ou l'index d'un trait acquis, à son nouveau score",
            "central, secondary_1, secondary_2 or an acquired trait's index, at its new score",
        ),
    )
    hp_trait: bool = param(
        tr("C'est le trait des PV actuels", "It is the current HP trait"),
        tr(
            "Oui : + la valeur fixe ou 2d6 ; non : 2 × ses dés, si plus haut, +12 au plus",
            "Yes: + the fixed amount or 2d6; no: 2 x its dice, if higher, +12 at most",
        ),
        default=True,
    )
    roll: bool = param(tr("Lancer 2d6", "Roll 2d6"), default=False)
    hp_increase_fixed: int = HP_INCREASE_FIXED.field(ge=0, le=20)


class IncreaseHp(Operation[WarpSheet, IncreaseHpParams]):
    """Developing an HP trait (L4860-4888, partly lost): the HP trait itself gives +7 (reading
    §9.18) or +2d6; another trait rolls twice its dice, kept if above current HP, capped at +12."""

    name = "increase_hp"
    title = tr("Augmenter les points de vie", "Increase hit points")
    params = IncreaseHpParams
    sources = (src(4860, 4888),)

    def apply(
        self, sheet: WarpSheet, params: IncreaseHpParams, dice: DiceSource
    ) -> Change[WarpSheet]:
        trait = _trait(sheet, params.trait)
        faces: list[int] = []
        if params.hp_trait:
            if params.roll:
                faces = [dice.d(6), dice.d(6)]
            new_max = sheet.max_hp + (sum(faces) if faces else params.hp_increase_fixed)
        else:
            n = CORE.hit_points.random_dice_per_trait_die * hp_dice(trait)
            faces = [dice.d(6) for _ in range(n)]
            cap = sheet.max_hp + ADVANCEMENT.hp_increase.cap
            new_max = max(sheet.max_hp, min(sum(faces), cap))
        new = sheet.model_copy(update={"max_hp": new_max, "hp_advanced": True})
        return Change(
            new,
            tr(f"PV max : {sheet.max_hp} → {new_max}", f"max HP: {sheet.max_hp} -> {new_max}"),
            Resolution("increased", new_max, {"dice": faces}),
        )


def _trait(sheet: WarpSheet, ref: str | int) -> Trait:
    if isinstance(ref, int):
        if not 0 <= ref < len(sheet.acquired):
            raise _refuse("pas de tel trait acquis", "no such acquired trait")
        return sheet.acquired[ref]
    trait: Trait = getattr(sheet, ref)
    return trait


# -- learning a power -----------------------------------------------------------------------


class LearnPowerParams(Params):
    power_name: str = param(tr("Pouvoir", "Power"), min_length=1, max_length=120)
    sign: str = param(tr("Signe", "Sign"), min_length=1)
    experience_dice: int = param(
        tr("Dés d'expérience abandonnés", "Experience dice given up"),
        tr("Perdus dans tous les cas (L5003-5009)", "Lost either way (L5003-5009)"),
        default=1,
        ge=1,
        le=100,
    )
    psi_null: bool = PSI_NULL.field()


class LearnPowerOp(Operation[WarpSheet, LearnPowerParams]):
    """After a month of study with a teacher, the GM secretly rolls the experience dice the
    player gives up: any 6 and the power is learned, at 1 die (reading §9.19); the first power
    learned in play opens a psychic pool of 1 charge (L4955-5013, L5015-5075)."""

    name = "learn_power"
    title = tr("Apprendre un pouvoir", "Learn a power")
    params = LearnPowerParams
    sources = (src(4955, 5013), src(5059, 5075))

    def apply(
        self, sheet: WarpSheet, params: LearnPowerParams, dice: DiceSource
    ) -> Change[WarpSheet]:
        update: dict[str, Any] = dict(_spend(sheet, params.experience_dice))
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
            if not sheet.psychic_pool:
                first = CORE.psychic_pool.first_power_in_play
                update |= {"psychic_pool": first, "psychic_charges": first}
        outcome = "success" if learned else "failure"
        return Change(
            sheet.model_copy(update=update),
            tr(
                f"{params.power_name} : {'acquis' if learned else 'échec'}",
                f"{params.power_name}: {'learned' if learned else 'failed'}",
            ),
            Resolution(outcome, max(rolled, default=0), details),
        )


ADVANCEMENT_OPERATIONS: tuple[Operation[Any, Any], ...] = (
    RollHitPoints(),
    NewTrait(),
    IncreaseHp(),
    LearnPowerOp(),
)
