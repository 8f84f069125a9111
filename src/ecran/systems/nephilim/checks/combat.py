"""Combat checks (seed L489-529): initiative, the chance to act before a duel opponent, sprint,
and attack against defence (an opposed test; the text lists no manoeuvres or damage)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar, Literal

from ecran.dice import DiceSource, Distribution
from ecran.rules import Params, Resolution, ResultLaw, cite
from ecran.rules.memo import Kept
from ecran.systems.nephilim.checks.base import AgainstZero, DiceOptions, NephilimCheck
from ecran.systems.nephilim.checks.core import CHARACTERISTIC, SKILL, base_score
from ecran.systems.nephilim.checks.opposed import OpposedCheck
from ecran.systems.nephilim.dice import (
    DiceVariant,
    modifier_distribution,
    roll_modifier,
    variant,
)
from ecran.systems.nephilim.options import OPTIONS
from ecran.systems.nephilim.round import speeds
from ecran.systems.nephilim.tables import COMBAT, FIELDS, SEED
from ecran.systems.nephilim.tracks import clamp


class InitiativeParams(Params):
    rapidite: int = FIELDS("rapidite", ge=-4, le=20)
    reaction: int = FIELDS("reaction", ge=-4, le=20)
    malus: int = FIELDS("malus", default=0, ge=0)
    delayed_rounds: int = FIELDS("delayed_rounds", default=0, ge=0, le=10)
    dice: DiceVariant = OPTIONS["dice"].field()


class Initiative(NephilimCheck[InitiativeParams]):
    sources = (cite(SEED, 491), cite(SEED, 518))
    example = {"rapidite": 1, "reaction": 0}

    def base(self, params: InitiativeParams) -> int:
        bonus = COMBAT.delay.initiative_per_round * params.delayed_rounds
        return params.rapidite + params.reaction - params.malus + bonus

    def resolve(self, params: InitiativeParams, dice: DiceSource) -> Resolution:
        first, second, r = roll_modifier(dice, params.dice)
        total = self.base(params) + r
        details = {"dice": [first, second], "modifier": r, "rating": self.base(params)}
        return Resolution(_category(r, params.dice), total=total, details=details)


def _category(r: int, dice: str) -> str:
    crit = variant(dice).critical
    return "critical_success" if r == crit else "critical_failure" if r == -crit else "normal"


class DuelParams(Params):
    initiative: int = FIELDS("initiative", ge=-20, le=40)
    opponent_initiative: int = FIELDS("opponent_initiative", ge=-20, le=40)
    anticipation: int = FIELDS("anticipation", default=0, ge=-20, le=60)
    opponent_anticipation: int = FIELDS("opponent_anticipation", default=0, ge=-20, le=60)
    round_structure: Literal["segments", "no_segments", "declare_and_resolve"] = OPTIONS[
        "round_structure"
    ].field()
    dice: DiceVariant = OPTIONS["dice"].field()


class DuelSegments(NephilimCheck[DuelParams]):
    sources = (cite(SEED, 493, 495), cite(SEED, 499, 506))
    example = {"initiative": 3, "opponent_initiative": -2}

    def resolve(self, params: DuelParams, dice: DiceSource) -> Resolution:
        a1, a2, ra = roll_modifier(dice, params.dice)
        b1, b2, rb = roll_modifier(dice, params.dice)
        mine, theirs = params.initiative + ra, params.opponent_initiative + rb
        details = {"dice": [a1, a2], "opponent_dice": [b1, b2], "opponent_total": theirs}
        return Resolution(_order(params, mine - theirs), total=mine, details=details)


def _order(params: DuelParams, difference: int) -> str:
    """Who acts first. Segments: a lead of a whole segment (L493). Without segments (L495)
    everything interacts; or actions resolve at once by Initiative + Anticipation."""
    if params.round_structure == "no_segments":
        return "same_segment"
    if params.round_structure == "declare_and_resolve":
        lead = difference + params.anticipation - params.opponent_anticipation
        return "first" if lead > 0 else "opponent_first" if lead < 0 else "same_segment"
    width = COMBAT.initiative.segment_width
    if difference >= width:
        return "first"
    return "opponent_first" if difference <= -width else "same_segment"


class SprintParams(DiceOptions):
    rapidite: int = FIELDS("rapidite", ge=-4, le=20)
    skill: int = FIELDS("skill", ge=-4, le=10)
    wound_malus: int = FIELDS("wound_malus", default=0, ge=0, le=4)
    malus: int = FIELDS("malus_sprint", default=0, ge=0)


class Sprint(AgainstZero[SprintParams]):
    sources = (cite(SEED, 524, 529),)
    example = {"rapidite": 1, "skill": -1}

    def score(self, params: SprintParams) -> int:
        return params.rapidite + params.skill - params.wound_malus - params.malus

    def resolve(self, params: SprintParams, dice: DiceSource) -> Resolution:
        test = super().resolve(params, dice)
        run = speeds(params.rapidite - params.wound_malus)["run"]
        margin = test.details["margin"] if test.outcome.endswith("success") else 0
        details = {**test.details, "run": run}
        return Resolution(test.outcome, total=run + max(0, margin), details=details)


class AttackParams(Params):
    characteristic: int = CHARACTERISTIC
    skill: int | None = SKILL
    malus: int = FIELDS("malus_attack", default=0, ge=0)
    defender_reacts: bool = FIELDS("defender_reacts", default=True)
    defence_characteristic: int = FIELDS("defence_characteristic", default=0, ge=-4, le=10)
    defence_skill: int | None = FIELDS("defence_skill", default=None, ge=-4, le=10)
    defence_malus: int = FIELDS("defence_malus", default=0, ge=0)
    armour: int = OPTIONS["armour"].field(ge=0, le=10)
    weapon_boxes: int = OPTIONS["weapon_boxes"].field(ge=0, le=10)
    margin_wounds: bool = OPTIONS["margin_wounds"].field()
    difficulty: int = FIELDS("difficulty", default=0, ge=-15, le=15)
    dice: DiceVariant = OPTIONS["dice"].field()


#: The attack's result laws by what they read of the parameters (`Attack.result_law`).
LAWS: Kept[ResultLaw] = Kept()


class Attack(OpposedCheck[AttackParams]):
    sources = (cite(SEED, 479, 481), cite(SEED, 493), cite(SEED, 539, 541, note="headings only"))
    example = {"characteristic": 1, "skill": 0, "defence_characteristic": 0, "defence_skill": 0}

    def sides(self, params: AttackParams) -> tuple[int, bool, int, bool]:
        own = base_score(params.characteristic, params.skill) - params.malus
        if not params.defender_reacts:
            return own, True, params.difficulty, False
        defence = base_score(params.defence_characteristic, params.defence_skill)
        return own, True, defence - params.defence_malus, True

    def verdict(self, params: AttackParams, difference: int) -> str:
        if params.defender_reacts:
            return super().verdict(params, difference)
        return "win" if difference >= 0 else "loss"  # reaching the difficulty hits (L458)

    def explain(self, params: AttackParams) -> dict[str, Any]:
        return {"defender_reacts": params.defender_reacts}

    #: The two modifiers' dice (L457-458): what they add is in the totals and the margin.
    work_details = frozenset({"dice", "opponent_dice"})
    law_examples: ClassVar[list[dict[str, Any]]] = [
        {**example, "defender_reacts": False, "difficulty": 2, "malus": 1},
        {**example, "dice": "d6", "margin_wounds": True, "weapon_boxes": 2, "armour": 1},
        {**example, "dice": "d4", "defence_malus": 2, "skill": None},
    ]
    walkable_law_examples = law_examples

    def resolve(self, params: AttackParams, dice: DiceSource) -> Resolution:
        result = super().resolve(params, dice)
        boxes = wound_boxes(params, result.outcome, int(result.details["margin"]))
        details = {**result.details, "wound_boxes": boxes}
        return Resolution(result.outcome, total=result.total, details=details)

    def result_law(self, params: AttackParams) -> ResultLaw:
        """The whole result's law, the dice left out (`work_details`): the attacker's modifier
        R and, when the defender reacts, the defender's, each the exact difference of two dice
        (L457-458, `modifier_distribution`), give the totals and the margin; the verdict and
        the wound boxes (L72-84) follow as `resolve` reads them. The encounter simulator draws
        an attack from it instead of walking the four dice for every parameter set. The
        details in `resolve`'s order (a result's key reads them in order)."""
        own, own_rolls, other, other_rolls = self.sides(params)
        # what the law reads of the parameters: attack parameters that differ elsewhere (the
        # same score made of another characteristic and skill) share one law
        key: tuple[Any, ...] = (own, own_rolls, other, other_rolls, params.dice)
        key += (params.defender_reacts, params.weapon_boxes, params.margin_wounds, params.armour)
        return LAWS.get(key, lambda: self._law(params, own, own_rolls, other, other_rolls))

    def _law(
        self, params: AttackParams, own: int, own_rolls: bool, other: int, other_rolls: bool
    ) -> ResultLaw:
        modifier = modifier_distribution(params.dice)
        none = Distribution.constant(0)
        results = []
        for r, p in (modifier if own_rolls else none).items():
            for s, q in (modifier if other_rolls else none).items():
                total, opponent_total = own + r, other + s
                margin = total - opponent_total
                outcome = self.verdict(params, margin)
                details = {
                    "score": own,
                    "opponent_score": other,
                    "opponent_total": opponent_total,
                    "margin": margin,
                    **self.explain(params),
                    "wound_boxes": wound_boxes(params, outcome, margin),
                }
                results.append((Resolution(outcome, total=total, details=details), p * q))
        return ResultLaw(results)


def wound_boxes(params: AttackParams, outcome: str, margin: int) -> int:
    """Boxes a blow checks on the defender's wound track (L72-84): none unless it lands; the
    weapon's boxes (GM, L541 is empty), plus the margin under the house rule, minus armour."""
    if outcome != "win":
        return 0
    boxes = params.weapon_boxes + (margin if params.margin_wounds else 0) - params.armour
    return clamp(boxes)


class DeclarationParams(Params):
    anticipation: int = FIELDS("anticipation_declaration", ge=-20, le=60)
    intuition: int = FIELDS("intuition", ge=-4, le=30)
    delayed_segments: int = FIELDS("delayed_segments", default=0, ge=0, le=20)
    opponent_anticipation: int = FIELDS("opponent_anticipation", ge=-20, le=60)
    opponent_intuition: int = FIELDS("opponent_intuition", ge=-4, le=30)
    opponent_delayed_segments: int = FIELDS("opponent_delayed_segments", default=0, ge=0, le=20)
    anticipation_tie: Literal["simultaneous", "roll_off"] = OPTIONS["anticipation_tie"].field()
    dice: DiceVariant = OPTIONS["dice"].field()


FIRST, TOGETHER, LAST = "declares_first", "simultaneous", "declares_last"


def declaration_key(p: DeclarationParams) -> tuple[tuple[int, int], tuple[int, int]]:
    """(Anticipation with delay bonuses, Intuition) of both sides: the lower declares first."""
    per = COMBAT.delay.anticipation_per_segment
    own = (p.anticipation + per * p.delayed_segments, p.intuition)
    other = (p.opponent_anticipation + per * p.opponent_delayed_segments, p.opponent_intuition)
    return own, other


class Declaration(NephilimCheck[DeclarationParams]):
    sources = (cite(SEED, 493), cite(SEED, 514, 518))
    example = {
        "anticipation": 1,
        "intuition": 1,
        "opponent_anticipation": 1,
        "opponent_intuition": 0,
    }

    def resolve(self, params: DeclarationParams, dice: DiceSource) -> Resolution:
        own, other = declaration_key(params)
        details: dict[str, Any] = {"anticipation": own[0], "opponent_anticipation": other[0]}
        if own != other:
            return Resolution(LAST if own > other else FIRST, total=own[0], details=details)
        if params.anticipation_tie == "simultaneous":
            return Resolution(TOGETHER, total=own[0], details=details)
        rolls: list[list[int]] = []
        while True:  # roll again while the roll-off ties: it exists to separate them (L493)
            mine, theirs = roll_modifier(dice, params.dice), roll_modifier(dice, params.dice)
            rolls.append([mine[2], theirs[2]])
            if mine[2] != theirs[2]:
                outcome = LAST if mine[2] > theirs[2] else FIRST
                return Resolution(outcome, total=own[0], details={**details, "roll_off": rolls})

    #: A full tie settled by roll-off rolls again on every tie (L493): no walk ends.
    beyond_walk: ClassVar[dict[str, Any] | None] = {
        "anticipation": 1,
        "intuition": 1,
        "opponent_anticipation": 1,
        "opponent_intuition": 1,
        "anticipation_tie": "roll_off",
    }

    def distribution(self, params: DeclarationParams) -> Distribution[str]:
        own, other = declaration_key(params)
        if own != other:
            return Distribution.constant(LAST if own > other else FIRST)
        if params.anticipation_tie == "simultaneous":
            return Distribution.constant(TOGETHER)
        # Both roll the same dice: once the ties are rolled again, each side wins half.
        return Distribution.from_fractions({FIRST: Fraction(1, 2), LAST: Fraction(1, 2)})
