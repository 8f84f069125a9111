"""Special powers and spells: using a power against resistance, curing disease, learning a power,
learning a spell week by week, resisting a spell."""

from __future__ import annotations

from pydantic import field_validator

from ecran.dice import DiceSource, Distribution
from ecran.rules import Params, Resolution, tr
from ecran.systems.warp.checks.base import (
    MAX_DICE,
    MAX_EXTRA,
    Named,
    WarpCheck,
    bonus_field,
    dice_field,
    penalty_field,
)
from ecran.systems.warp.dice import kept_sum, roll_pool
from ecran.systems.warp.options import OPTIONS
from ecran.systems.warp.tables import FIELDS, MAGIC, by_key, src

PUSHED = FIELDS("pushed", default=False)


class PowerParams(Params):
    dice: int = dice_field("power_dice")
    bonus: int = bonus_field("bonus")
    penalty: int = penalty_field("penalty")
    pushed: bool = PUSHED
    resistance_dice: int = FIELDS("resistance_dice", default=2, ge=1, le=MAX_DICE)
    resistance_bonus: int = FIELDS("resistance_bonus", default=0, ge=0, le=MAX_EXTRA)
    counter_power_dice: int = FIELDS("counter_power_dice", default=0, ge=0, le=MAX_DICE)
    resistance_penalty: int = penalty_field("resistance_penalty")
    metres_per_point: float = FIELDS("metres_per_point", default=0, ge=0)
    distance_m: float = FIELDS("target_distance_m", default=0, ge=0)

    def reaches(self, total: int) -> bool:
        return not self.metres_per_point or total * self.metres_per_point >= self.distance_m


class Power(WarpCheck[PowerParams]):
    """Power roll against a living target's resistance (L5149-5200): it must beat it; a scan that
    doubles it reads clear memories (L5719-5749)."""

    sources = (src(5129, 5200), src(5719, 5749))
    example = {"dice": 2, "resistance_dice": 2, "pushed": True}
    #: Beyond the walk: a pushed power of 4 rolls 8 dice, with 2 against: 6**10 sequences.
    beyond_walk = {"dice": 4, "pushed": True, "resistance_dice": 2}

    def _nets(self, p: PowerParams) -> tuple[int, int, int]:
        power_net = p.bonus - p.penalty + (p.dice if p.pushed else 0)
        resist_n = p.resistance_dice + p.counter_power_dice
        return power_net, resist_n, p.resistance_bonus - p.resistance_penalty

    def resolve(self, params: PowerParams, dice: DiceSource) -> Resolution:
        power_net, resist_n, resist_net = self._nets(params)
        power = roll_pool(dice, params.dice, max(power_net, 0), max(-power_net, 0))
        resist = roll_pool(dice, resist_n, max(resist_net, 0), max(-resist_net, 0))
        details = {**power.details(), **resist.details("resistance_")}
        outcome = (
            _power_outcome(power.total, resist.total)
            if params.reaches(power.total)
            else "out_of_reach"
        )
        return Resolution(outcome, power.total, details)

    def distribution(self, params: PowerParams) -> Distribution[str]:
        power_net, resist_n, resist_net = self._nets(params)
        mine = kept_sum(params.dice, power_net)
        theirs = kept_sum(resist_n, resist_net)
        return mine.combine(
            theirs, lambda a, b: _power_outcome(a, b) if params.reaches(a) else "out_of_reach"
        ).reduced()


def _power_outcome(power: int, resistance: int) -> str:
    if power <= resistance:
        return "resisted"
    return "overwhelming" if power >= 2 * resistance else "effect"


DISEASE = Named(MAGIC.disease)
DISEASES = DISEASE.keys


class CureParams(Params):
    dice: int = dice_field("healing_dice")
    bonus: int = bonus_field("bonus")
    penalty: int = penalty_field("penalty")
    pushed: bool = PUSHED
    disease: str = FIELDS("disease", default="minor")

    _disease = field_validator("disease")(lambda cls, v: DISEASE(v))


class CureDisease(WarpCheck[CureParams]):
    sources = (src(5402, 5458),)
    example = {"dice": 2, "disease": "serious"}
    #: Beyond the walk: a pushed power of 4 rolls 8 dice: 6**8 sequences.
    beyond_walk = {"dice": 4, "pushed": True, "disease": "grave"}

    def _setup(self, p: CureParams) -> tuple[int, int]:
        net = p.bonus - p.penalty + (p.dice if p.pushed else 0)
        return net, by_key(MAGIC.disease, p.disease, tr("maladie", "disease")).difficulty

    def resolve(self, params: CureParams, dice: DiceSource) -> Resolution:
        net, difficulty = self._setup(params)
        pool = roll_pool(dice, params.dice, max(net, 0), max(-net, 0))
        outcome = "contagion" if pool.all_ones else _vs(pool.total, difficulty)
        return Resolution(outcome, pool.total, {**pool.details(), "difficulty": difficulty})

    def distribution(self, params: CureParams) -> Distribution[str]:
        net, difficulty = self._setup(params)
        n = params.dice
        return kept_sum(n, net).map(lambda t: "contagion" if t == n else _vs(t, difficulty))


def _vs(total: int, difficulty: int) -> str:
    return "success" if total > difficulty else "tie" if total == difficulty else "failure"


class LearnPowerParams(Params):
    experience_dice: int = FIELDS("experience_dice", default=1, ge=1, le=MAX_DICE)
    first_attempt: bool = FIELDS("first_attempt", default=True)
    psi_null: bool = OPTIONS["psi_null"].field()


class LearnPower(WarpCheck[LearnPowerParams]):
    sources = (src(4955, 5013),)
    example = {"experience_dice": 3}
    #: Beyond the walk: 7 experience dice: 6**7 sequences.
    beyond_walk = {"experience_dice": 7}

    def resolve(self, params: LearnPowerParams, dice: DiceSource) -> Resolution:
        if params.psi_null and params.first_attempt and dice.d(6) == 1:
            return Resolution("psi_null", 0, {"psi_null_die": 1})
        rolled = [dice.d(6) for _ in range(params.experience_dice)]
        return Resolution("success" if 6 in rolled else "failure", max(rolled), {"rolled": rolled})

    def distribution(self, params: LearnPowerParams) -> Distribution[str]:
        n = params.experience_dice
        learn = Distribution({"failure": 5**n, "success": 6**n - 5**n})  # 1 - (5/6)^n
        if not (params.psi_null and params.first_attempt):
            return learn
        null = Distribution({"psi_null": 1, "go": 5})
        return null.bind(lambda o: Distribution.constant(o) if o == "psi_null" else learn)


SPELL = Named(MAGIC.spell)
SPELL_KEYS = SPELL.keys


class LearnSpellParams(Params):
    week: int = FIELDS("week", default=1, ge=1, le=MAX_DICE)
    level: int = FIELDS("level", default=12, ge=1)
    spell_learning_at_least_level: bool = OPTIONS["spell_learning_at_least_level"].field()


class LearnSpell(WarpCheck[LearnSpellParams]):
    sources = (src(5958, 6058),)
    example = {"week": 4, "level": 12}
    #: Beyond the walk: the seventh week rolls 7 dice: 6**7 sequences.
    beyond_walk = {"week": 7, "level": 18}

    def _ok(self, p: LearnSpellParams, total: int) -> str:
        ok = total >= p.level if p.spell_learning_at_least_level else total > p.level
        return "success" if ok else "failure"

    def resolve(self, params: LearnSpellParams, dice: DiceSource) -> Resolution:
        pool = roll_pool(dice, params.week)
        return Resolution(self._ok(params, pool.total), pool.total, pool.details())

    def distribution(self, params: LearnSpellParams) -> Distribution[str]:
        return kept_sum(params.week, 0).map(lambda t: self._ok(params, t))


class ResistSpellParams(Params):
    dice: int = dice_field("resist_spell_dice", default=2)
    bonus: int = bonus_field("bonus")
    penalty: int = penalty_field("penalty")
    spell: str = SPELL.field("spell.learn", "stone_grip")
    casting_roll: int | None = FIELDS("casting_roll", default=None, ge=0)
    stone_grip_casting_roll: bool = OPTIONS["stone_grip_casting_roll"].field()

    _spell = field_validator("spell")(lambda cls, v: SPELL(v))


class ResistSpell(WarpCheck[ResistSpellParams]):
    sources = (src(6090, 6102), src(6198, 6210))
    example = {"dice": 3, "spell": "stone_grip"}
    #: Beyond the walk: 4 dice and 3 bonus dice: 6**7 sequences.
    beyond_walk = {"dice": 4, "bonus": 3, "spell": "stone_grip"}

    def strength(self, p: ResistSpellParams) -> int:
        if p.stone_grip_casting_roll and p.spell == "stone_grip" and p.casting_roll is not None:
            return p.casting_roll
        return by_key(MAGIC.spell, p.spell, tr("sort", "spell")).level

    def resolve(self, params: ResistSpellParams, dice: DiceSource) -> Resolution:
        pool = roll_pool(dice, params.dice, params.bonus, params.penalty)
        strength = self.strength(params)
        outcome = "resisted" if pool.total >= strength else "affected"
        return Resolution(outcome, pool.total, {**pool.details(), "strength": strength})

    def distribution(self, params: ResistSpellParams) -> Distribution[str]:
        strength = self.strength(params)
        totals = kept_sum(params.dice, params.bonus - params.penalty)
        return totals.map(lambda t: "resisted" if t >= strength else "affected")
