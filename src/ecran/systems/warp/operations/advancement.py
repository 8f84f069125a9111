"""Growing: random hit points at creation, a new trait, a trait raised, more hit points when a
trait improves (L818-884, L4694-4888).

The dice these operations roll are returned as a `Resolution` so a table can see them."""

from __future__ import annotations

from typing import Literal

from pydantic import field_validator

from ecran.dice import DiceSource
from ecran.rules import Change, Params, Resolution, refuse, tr
from ecran.rules.field import folded
from ecran.rules.wording import agreed
from ecran.systems.warp.operations.common import operation, spend
from ecran.systems.warp.options import OPTIONS
from ecran.systems.warp.sheet import Trait, WarpSheet, max_hp
from ecran.systems.warp.tables import ADVANCEMENT, CORE, FIELDS, category, src

#: How a trait is named in a growth operation: a chosen trait of the sheet, or an acquired one.
TraitRef = Literal["central", "secondary_1", "secondary_2"] | int


def hp_dice(trait: Trait) -> int:
    """Dice a trait brings to hit points: its score, 2 more when technical (L814-818)."""
    return trait.score + (CORE.hit_points.technical_extra_dice if trait.technical else 0)


def rolled_hp(trait: Trait, dice: DiceSource) -> list[int]:
    """A trait's hit points rolled: twice its dice in d6 (L820-884)."""
    return [dice.d(6) for _ in range(CORE.hit_points.random_dice_per_trait_die * hp_dice(trait))]


# -- random hit points at creation ----------------------------------------------------------


#: The people's words for "fixed" and "roll" (L834-884).
HP_CHOICES = {"fixed": "fixed", "fixe": "fixed", "roll": "roll", "jet": "roll", "lancer": "roll"}


class RollHpParams(Params):
    choices: str = FIELDS("choices", default="roll")

    @field_validator("choices")
    @classmethod
    def _choices(cls, value: str) -> str:
        parts = [HP_CHOICES.get(folded(p), p.strip()) for p in value.split(",")]
        if not all(p in ("fixed", "roll") for p in parts) or "roll" not in parts:
            raise ValueError(
                "« fixed » ou « roll » par trait, au moins un « roll » / 'fixed' or 'roll' per "
                "trait, at least one 'roll'"
            )
        return ",".join(parts)


@operation("roll_hit_points", src(818, 884))
def roll_hit_points(sheet: WarpSheet, params: RollHpParams, dice: DiceSource) -> Change[WarpSheet]:
    """Random HP (L820-884): roll twice each trait's dice; with several HP traits, each is rolled
    or fixed as chosen beforehand and the highest counts. The roll is the HP as rolled, even under
    14 (L830-832)."""
    traits = [t for t in sheet.positive_traits() if t.hit_points]
    choices = params.choices.split(",")
    if not traits or len(choices) != len(traits):
        raise refuse(
            f"{len(traits)} {agreed(len(traits), 'trait', 'traits')} de PV sur la feuille, "
            f"{len(choices)} choix {agreed(len(choices), 'donné', 'donnés')}",
            f"{len(traits)} HP {agreed(len(traits), 'trait', 'traits', 'en')} on the sheet, "
            f"{len(choices)} {agreed(len(choices), 'choice', 'choices', 'en')} given",
        )
    if sheet.damage or sheet.experience_spent:
        raise refuse("à la création seulement", "at creation only")
    values: list[int] = []
    rolled: dict[str, list[int]] = {}
    for trait, choice in zip(traits, choices, strict=True):
        if choice == "fixed":
            values.append(max_hp(trait.score, trait.technical))
            continue
        rolled[trait.name] = faces = rolled_hp(trait, dice)
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
    trait_name: str = FIELDS("trait_name", min_length=1, max_length=120)
    sign: str = FIELDS("sign", min_length=1)
    category: Literal["standard", "technical"] = FIELDS("category", default="standard")
    used_in_play: bool = FIELDS("used_in_play", default=False)
    trained: bool = FIELDS("trained_new_trait", default=False)
    combat: bool = FIELDS("combat", default=False)


@operation("new_trait", src(4694, 4730))
def new_trait(sheet: WarpSheet, params: NewTraitParams) -> Change[WarpSheet]:
    """5 experience dice and a use in play buy a narrow trait one die above the average person:
    1 if technical, 3 if standard (L4694-4730)."""
    rules = ADVANCEMENT.new_trait
    if not params.used_in_play:
        raise refuse("le trait doit avoir servi en jeu", "the trait must have been used")
    technical = category(params.category).technical
    if technical and not params.trained:
        raise refuse("un trait technique exige une formation", "a technical trait needs training")
    score = rules.technical_score if technical else rules.standard_score
    trait = Trait(
        name=params.trait_name,
        sign=params.sign,
        category=params.category,
        score=score,
        combat=params.combat,
    )
    update = spend(sheet, rules.cost)
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
    trait: TraitRef = FIELDS("trait_developed")
    hp_trait: bool = FIELDS("hp_trait", default=True)
    roll: bool = FIELDS("roll", default=False)
    hp_increase_fixed: int = OPTIONS["hp_increase_fixed"].field(ge=0, le=20)


@operation("increase_hp", src(4860, 4888))
def increase_hp(sheet: WarpSheet, params: IncreaseHpParams, dice: DiceSource) -> Change[WarpSheet]:
    """Developing an HP trait (L4860-4888, partly lost): the HP trait itself gives +7 (reading
    §9.18) or +2d6; another trait rolls twice its dice, kept if above current HP, capped at +12."""
    trait = _trait(sheet, params.trait)
    faces: list[int] = []
    if params.hp_trait:
        if params.roll:
            faces = [dice.d(6), dice.d(6)]
        new_max = sheet.max_hp + (sum(faces) if faces else params.hp_increase_fixed)
    else:
        faces = rolled_hp(trait, dice)
        cap = sheet.max_hp + ADVANCEMENT.hp_increase.cap
        new_max = max(sheet.max_hp, min(sum(faces), cap))
    new = sheet.model_copy(update={"max_hp": new_max, "hp_advanced": True})
    return Change(
        new,
        tr(f"PV max : {sheet.max_hp} → {new_max}", f"max HP: {sheet.max_hp} -> {new_max}"),
        Resolution("increased", new_max, {"dice": faces}),
    )


def _trait(sheet: WarpSheet, ref: TraitRef) -> Trait:
    if isinstance(ref, int):
        if not 0 <= ref < len(sheet.acquired):
            raise refuse("pas de tel trait acquis", "no such acquired trait")
        return sheet.acquired[ref]
    trait: Trait = getattr(sheet, ref)
    return trait


# -- a trait raised -------------------------------------------------------------------------


def raise_cost(trait: Trait, central: bool) -> int | None:
    """Experience dice to raise `trait` one die (L4778-4858): 5 up to 3, 10 for 4, 15 for 5,
    double for the central trait; None beyond 5."""
    step = next((r for r in ADVANCEMENT.raises if r.to == trait.score + 1), None)
    if step is None:
        return None
    return step.cost * (ADVANCEMENT.central_trait.multiplier if central else 1)


class RaiseParams(Params):
    trait: TraitRef = FIELDS("trait")
    trained: bool = FIELDS("trained", default=False)


@operation("raise_trait", src(4778, 4858))
def raise_trait(sheet: WarpSheet, params: RaiseParams) -> Change[WarpSheet]:
    """+1 for 5 dice up to 3, 10 dice and training for 4, 15 dice and costly training for 5; 6 is
    beyond the rules; double for the central trait (L4778-4858)."""
    trait = _trait(sheet, params.trait)
    step = next((r for r in ADVANCEMENT.raises if r.to == trait.score + 1), None)
    cost = raise_cost(trait, params.trait == "central")
    if step is None or cost is None:
        raise refuse(
            "au-delà de 5 : affaire de récit, pas de règles",
            "beyond 5: a matter of story, not rules",
        )
    if step.training_fr and not params.trained:
        raise refuse(
            f"entraînement requis : {step.training_fr}",
            f"training required: {step.training_en}",
        )
    raised = trait.model_copy(update={"score": trait.score + 1})
    update = spend(sheet, cost)
    if isinstance(params.trait, int):
        acquired = list(sheet.acquired)
        acquired[params.trait] = raised
        update["acquired"] = acquired
    else:
        update[params.trait] = raised
    return Change(
        sheet.model_copy(update=update),
        tr(
            f"{trait.name} passe à {raised.score} ({cost} dés)",
            f"{trait.name} rises to {raised.score} ({cost} dice)",
        ),
    )
