"""Melee and ranged attacks (L995-1049, L1167-1175, L1281-1297, L1307-1353, L1419-1423) and the
wound they leave (L1425-1493): one opposed exchange, read from the attacker's side."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import lcm
from typing import Any, ClassVar, Literal

from pydantic import model_validator

from ecran.dice import DiceSource, Distribution, enumerate_outcomes
from ecran.rules import DiceLaw, Params, Resolution, ResultLaw, Staged, Tail, cite
from ecran.rules.memo import per_object
from ecran.systems.fluid import manoeuvres as man
from ecran.systems.fluid.checks.base import CORE_SOURCES, FluidCheck, explosions
from ecran.systems.fluid.checks.sides import Side, TwoSides, outcome_law, side_of
from ecran.systems.fluid.dice import DifferenceLaw, constant, difference_law
from ecran.systems.fluid.options import OPTIONS
from ecran.systems.fluid.sheet import FluidSheet
from ecran.systems.fluid.tables import FIELDS, HEALTH, SEED

ONE = Fraction(1)

Stance = Literal["counter", "parry", "dodge", "defenceless"]
RangeBand = Literal["melee", "point_blank", "short", "medium", "long", "very_long", "in_sight"]
Aim = Literal["none", "general", "precise"]


class ManoeuvreParams(Params):
    """The attacker's manoeuvres (L985-1121, L1201-1227, L1307-1341): each one the advantage or
    disadvantage dice the rules name, counted by the check instead of by the GM's hand."""

    range_band: RangeBand = FIELDS("attack_range", default="melee")
    position: bool = FIELDS("position", default=False)
    allies: int = FIELDS("allies", default=0, ge=0, le=10)
    charge: bool = FIELDS("charge", default=False)
    double_move: bool = FIELDS("double_move", default=False)
    aim: Aim = FIELDS("attack_aim", default="none")
    action_number: int = FIELDS("action_number", default=1, ge=1, le=10)
    repeats_previous: bool = FIELDS("repeats_previous", default=False)
    opponent_repeats: bool = FIELDS("opponent_repeats", default=False)
    split_among: int = FIELDS("split_among", default=1, ge=1, le=10)
    split_share: int = FIELDS("split_share", default=1, ge=1, le=10)
    converted_damage: int = FIELDS("converted_damage", default=0, ge=0, le=60)
    secret_strike: bool = FIELDS("secret_strike", default=False)
    second_weapon: int = FIELDS("second_weapon", default=0, ge=0, le=6)

    @model_validator(mode="after")
    def _share_of_the_split(self) -> ManoeuvreParams:
        if self.split_share > self.split_among:
            raise ValueError(
                f"part n° {self.split_share} d'un partage entre {self.split_among} / "
                f"share no. {self.split_share} of a split among {self.split_among}"
            )
        return self

    def advantages(self) -> int:
        """Position, ganging up, charge (L1021-1025, L1039-1043, L1083-1085)."""
        return (
            (man.position_adv() if self.position else 0)
            + man.gang_up_adv(self.allies + 1)
            + (man.charge_adv() if self.charge else 0)
        )

    def disadvantages(self) -> int:
        """Range, double move, aim, the n-th action of the round, two weapons at once (L987-993,
        L1089-1095, L1201-1215, L1311-1323, L1059-1063)."""
        return (
            man.range_dis(self.range_band)
            + (man.double_move_dis() if self.double_move else 0)
            + (man.aim_dis(self.aim == "precise") if self.aim != "none" else 0)
            + man.multi_action_dis(self.action_number, self.repeats_previous)
            + (man.two_weapons_dis() if self.second_weapon else 0)
        )


class AttackParams(TwoSides, ManoeuvreParams):
    weapon: int = FIELDS("weapon", default=0, ge=0, le=6)
    armour: int = FIELDS("armour", default=0, ge=0, le=6)
    shield: int = FIELDS("shield", default=0, ge=0, le=6)
    opponent_weapon: int = FIELDS("opponent_weapon", default=0, ge=0, le=6)
    opponent_armour: int = FIELDS("opponent_armour", default=0, ge=0, le=6)
    opponent_shield: int = FIELDS("opponent_shield", default=0, ge=0, le=6)
    stance: Stance = FIELDS("stance", default="counter")
    furious: int = FIELDS("furious", default=0, ge=0, le=20)
    feint: int = FIELDS("feint", default=0, ge=0, le=20)
    agility: int | None = FIELDS("attacker_agility", default=None, ge=-10, le=30)
    opponent_res: int = FIELDS("opponent_res", default=10, ge=0, le=60)
    opponent_res_max: int = FIELDS("opponent_res_max", default=10, ge=1, le=60)
    opponent_wounds: int = FIELDS("opponent_wounds", default=0, ge=0, le=200)
    tie_rule: Literal["stand_off", "reroll"] = OPTIONS["tie_rule"].field()
    defenceless_baseline: Literal["ten", "zero", "characteristic"] = OPTIONS[
        "defenceless_baseline"
    ].field()
    include_weapon_damage: bool = OPTIONS["include_weapon_damage"].field()
    equipment_difference: bool = OPTIONS["equipment_difference"].field()
    hit_location: bool = OPTIONS["hit_location"].field()
    survival_combine: Literal["max", "sum"] = OPTIONS["survival_combine"].field()
    no_base_explosion: bool = OPTIONS["no_base_explosion"].field()
    no_doubles: bool = OPTIONS["no_doubles"].field()
    doubles_over_base: bool = OPTIONS["doubles_over_base"].field()

    @model_validator(mode="after")
    def _feint_within_agility(self) -> AttackParams:
        """ "L'attaquant augmente son score d'attaque jusqu'à un maximum égal à son AGI"
        (L1173-1175): checked where the attacker's AGI is known (a sheet's action gives it)."""
        if self.agility is not None and self.feint > max(0, self.agility):
            raise ValueError(
                f"feinte {self.feint} > AGI {self.agility} : au plus l'AGI (L1173-1175) / "
                f"feint {self.feint} > AGI {self.agility}: at most the AGI (L1173-1175)"
            )
        return self


@dataclass(frozen=True)
class Wound:
    """What `damage` points do to a target with `res` RES left (L1427-1435, L1463-1493)."""

    res_lost: int
    wound: int
    survival_penalty: int  # 0: no survival test
    destroyed: bool


def wound_of(damage: int, res: int, res_max: int, wounds: int, combine: str = "max") -> Wound:
    damage = max(0, damage)  # reading A27: armour never heals
    res_lost = min(damage, res)
    wound = damage - res_lost
    grave = max(0, wound - HEALTH.critical.grave_above)
    total = wounds + wound
    accumulation = max(0, total - res_max) if wound else 0
    penalty = grave + accumulation if combine == "sum" else max(grave, accumulation)
    destroyed = wound > HEALTH.critical.destroyed_above
    return Wound(res_lost, wound, penalty, destroyed)


class Exchange:
    """The numbers of one attack, before the dice."""

    def __init__(self, p: AttackParams) -> None:
        self.p = p
        attacker = side_of(p, "")
        if p.split_among > 1:  # characteristic + Traits shared among the foes (L1129-1131)
            total = attacker.characteristic + attacker.advantage_dice
            share = man.split_score(total, p.split_among)[p.split_share - 1]
            attacker = Side(share, 0, attacker.disadvantage_dice, attacker.modifier)
        self.split_score = attacker.characteristic if p.split_among > 1 else None
        attacker = attacker.with_bonus(
            advantages=p.advantages(),
            disadvantages=p.disadvantages(),
            points=p.feint - p.furious,
        )
        defender = side_of(p, "opponent_")
        if p.opponent_repeats:  # the second of two identical actions (L1223-1227)
            defender = defender.with_bonus(disadvantages=1)
        if p.equipment_difference:
            mine = p.weapon + p.armour + p.shield
            theirs = p.opponent_weapon + p.opponent_armour + p.opponent_shield
            if mine < theirs:
                attacker = attacker.with_bonus(advantages=1)
            elif theirs < mine:
                defender = defender.with_bonus(advantages=1)
        if p.stance == "parry":
            defender = defender.with_bonus(points=max(p.opponent_weapon, p.opponent_shield))
        elif p.stance == "dodge":
            defender = defender.with_bonus(points=p.opponent_characteristic // 2)
        self.attacker = attacker
        self.defender = defender
        self.manoeuvre_details = _manoeuvre_details(p, self)
        # the damage either way, past the difference (L1343-1353, L1167-1175, reading A3):
        # worked out once, a result law asks it for a hundred differences
        # two weapons at once: "Les scores des deux armes sont ajoutés" (L1067-1069)
        weapon = p.weapon + p.second_weapon if p.include_weapon_damage else 0
        self._dealt = weapon + 2 * p.furious - p.feint - p.opponent_armour
        self._taken = (p.opponent_weapon if p.include_weapon_damage else 0) - p.armour
        self._wounds: dict[int, Wound] = {}

    def defender_score(self) -> int | None:
        """A defenceless target rolls nothing (L1045-1049); its score is our reading A9."""
        if self.p.stance != "defenceless":
            return None
        return {"ten": 10, "zero": 0}.get(
            self.p.defenceless_baseline, self.defender.characteristic + self.defender.modifier
        )

    def damage_dealt(self, d: int) -> int:
        return d + self._dealt

    def damage_taken(self, d: int) -> int:
        return -d + self._taken

    def manoeuvre_points(self, d: int) -> int:
        """The damage points turned into a manoeuvre, at most the damage (L1381-1401)."""
        return min(self.p.converted_damage, max(0, self.damage_dealt(d)))

    def damage_left(self, d: int) -> int:
        return self.damage_dealt(d) - self.manoeuvre_points(d)

    def wound(self, d: int) -> Wound:
        found = self._wounds.get(d)
        if found is None:
            p = self.p
            found = self._wounds[d] = wound_of(
                self.damage_left(d),
                p.opponent_res,
                p.opponent_res_max,
                p.opponent_wounds,
                p.survival_combine,
            )
        return found

    def outcome(self, d: int) -> str:
        if d <= 0:
            striking_back = self.p.stance == "counter" and d < 0
            return "countered" if striking_back and self.damage_taken(d) > 0 else "repelled"
        if self.p.secret_strike:  # only the botte's effects, no damage (L1195-1199)
            return "manoeuvre"
        if self.damage_dealt(d) <= 0:
            return "absorbed"
        if self.damage_left(d) <= 0:
            return "manoeuvre"
        wound = self.wound(d)
        if wound.survival_penalty or wound.destroyed:
            return "critical"
        return "down" if self.damage_left(d) >= self.p.opponent_res else "hit"


#: What only names an attack's result (`Attack.label_params`), and option hit_location's
#: default, which makes RES more than a name.
_DEFENDER_LABELS = frozenset({"opponent_res", "opponent_res_max", "opponent_wounds"})
_HIT_LOCATION: bool = AttackParams.model_fields["hit_location"].default

#: `Exchange(params)`, worked out once for the same parameters: a walk replays `resolve` once
#: per dice sequence, and a simulation rolls the same few attacks trial after trial. 1,024
#: kept (each with its parameters alive): the rolled route keeps its models' own stages.
exchange_of = per_object(Exchange, 1024)


class Attack(FluidCheck[AttackParams]):
    """One opposed exchange: the better score deals the difference + weapon − armour, counter
    included (L995-1049, L1343-1353); RES, wound Trait and survival test follow (L1425-1493)."""

    sources = (
        cite(SEED, 985, 993, note="double move"),
        cite(SEED, 995, 1049, note="melee engagement, position, several against one"),
        cite(SEED, 1059, 1081, note="two weapons: a disadvantage each, damage added"),
        cite(SEED, 1083, 1095, note="charge, aim"),
        cite(SEED, 1115, 1121, note="simultaneous attack: the score shared"),
        cite(SEED, 1177, 1199, note="secret strikes: only their effect on a success"),
        cite(SEED, 1201, 1227, note="several actions"),
        cite(SEED, 1381, 1401, note="damage turned into manoeuvres"),
        cite(SEED, 1167, 1175, note="furious attack, feint"),
        cite(SEED, 1281, 1289, note="full defence"),
        cite(SEED, 1307, 1335, note="ranged combat"),
        cite(SEED, 1343, 1379, note="damage, weapons, armour, shields"),
        cite(SEED, 1425, 1493, note="RES, wounds, critical wounds"),
        *CORE_SOURCES,
    )

    def from_sheet(self, sheet: Any) -> dict[str, Any]:
        """The feint's cap, "jusqu'à un maximum égal à son AGI" (L1173-1175): the attacker's
        AGI, as the sheet's own attacks give it (`encounter.attack_params`). `sheet`: this
        game's (the caller checked it, `System.own`)."""
        fluid: FluidSheet = sheet
        return {"agility": fluid.characteristics.agilite}

    example = {
        "characteristic": 5,
        "advantage_dice": 3,
        "weapon": 2,
        "opponent_characteristic": 4,
        "opponent_advantage_dice": 2,
        "opponent_weapon": 1,
        "opponent_armour": 1,
        "opponent_res": 8,
    }
    #: The two sides' rolled dice and scores: no consequence reads them (`encounter.damage` and
    #: `counter_damage` read the damage, the location and the damage taken).
    work_details = frozenset({"you", "opponent"})
    #: The result law's contract cases (tests/rules/test_result_law.py): the options that
    #: change its shape.
    law_examples: ClassVar[list[dict[str, Any]]] = [
        {**example, "hit_location": True, "opponent_res": 2},
        {**example, "stance": "defenceless", "opponent_res": 3},
        {**example, "tie_rule": "reroll"},
        {**example, "tie_rule": "reroll", "stance": "defenceless", "defenceless_baseline": "ten"},
        {
            "characteristic": 4,
            "disadvantage_dice": 2,
            "opponent_characteristic": 6,
            "opponent_disadvantage_dice": 1,
            "opponent_armour": 2,
            "opponent_res": 4,
        },
        {**example, "no_base_explosion": True},
        {**example, "no_doubles": True, "converted_damage": 2},
        {**example, "stance": "dodge", "advantage_dice": 0, "opponent_advantage_dice": 4},
    ]
    #: Explosions off and few dice: `resolve` walks whole, the law must be the walk's.
    walkable_law_examples: ClassVar[list[dict[str, Any]]] = [
        {
            "characteristic": 5,
            "advantage_dice": 1,
            "opponent_characteristic": 4,
            "weapon": 2,
            "opponent_res": 3,
            "no_base_explosion": True,
            "no_doubles": True,
        },
        {
            "characteristic": 8,
            "disadvantage_dice": 1,
            "opponent_characteristic": 5,
            "opponent_res": 2,
            "stance": "defenceless",
            "defenceless_baseline": "characteristic",
            "hit_location": True,
            "no_base_explosion": True,
            "no_doubles": True,
        },
    ]

    def label_params(self, values: Mapping[str, Any]) -> frozenset[str]:
        """The defender's RES, RES max and wounds only tell a blow that floors it or is
        critical ("down", "critical") from one it stands ("hit") and fill the wound's details:
        the consequences read the damage alone (`encounter.consequence_reads`), the wound
        being worked out again by `take_hit` on the sheet it strikes (L1425-1471). With
        option hit_location, RES is more than a name: a wound's place is rolled only where
        RES lets a wound through (L1441-1449), and the consequences read the place."""
        if values.get("hit_location", _HIT_LOCATION):
            return _DEFENDER_LABELS - {"opponent_res"}
        return _DEFENDER_LABELS

    def resolve(self, params: AttackParams, dice: DiceSource) -> Resolution:
        ex = exchange_of(params)
        rules = explosions(params)
        fixed = ex.defender_score()
        while True:
            a, a_work = ex.attacker.roll(dice, rules)
            b, b_work = (
                (fixed, {"score": fixed}) if fixed is not None else ex.defender.roll(dice, rules)
            )
            if a != b or params.tie_rule != "reroll":
                break
        return settled(params, ex, a - b, dice, {"you": a_work, "opponent": b_work})

    def result_law(self, params: AttackParams) -> ResultLaw:
        """The law of `settled` over the difference's law (`_Dice`): listed, every difference
        where no chain repeats past LISTED_REPEATS; one tail for the rest, drawn on fresh dice."""
        ex = exchange_of(params)
        dice_law = _dice_of(ex)
        listed, tail = dice_law.listed()
        results: list[tuple[Resolution, Fraction]] = []
        for d, p in listed:
            for r, q in _settled_law(params, ex, d):
                results.append((r, p if q is ONE else p * q))

        def draw(dice: DiceSource) -> Resolution:
            return settled(params, ex, dice_law.draw_tail(dice), dice)

        return ResultLaw(results, (Tail(tail, draw),) if tail else ())

    def staged(self, params: AttackParams) -> Staged:
        """The difference of the two scores, keyed by what enters its dice (the sides' net
        dice, the explosions: `_Dice.key`), then `settled`: the RES, wounds and gear only
        settle what a difference does (#32). The scores' fixed part only shifts the dice's
        difference (`Staged.shift`): one law for every pair of sheets with the same dice, where
        there were ten times as many with the shift in the key. A rerolled tie (option
        tie_rule) conditions the law on the shift: it stays in the key there."""
        ex = exchange_of(params)
        dice_law = _dice_of(ex)
        dice_only = dice_law if dice_law.reroll else _Dice(dice_law.law, 0, False)
        return Staged(
            dice_only.key,
            dice_only.integers,
            dice_law.draw_tail,
            lambda d, dice: settled(params, ex, d, dice),
            dice_law.shift - dice_only.shift,
            _settles(params, ex),
        )

    def distribution(self, params: AttackParams) -> Distribution[str]:
        ex = Exchange(params)
        rules = explosions(params)
        fixed = ex.defender_score()
        b = constant(fixed) if fixed is not None else ex.defender.atoms(rules)
        reroll = params.tie_rule == "reroll"
        return outcome_law(ex.attacker.atoms(rules), b, ex.outcome, reroll)


#: The parameters that enter only the two scores (`_Dice`: the dice and the shift), and the
#: feint's cap (read by its validator): `settled` reads none of them, nor do the consequences
#: (`encounter.damage`, `counter_damage`: the result and `survival_combine`).
_SCORES_ONLY = frozenset(
    {
        "characteristic",
        "advantage_dice",
        "disadvantage_dice",
        "modifier",
        "opponent_characteristic",
        "opponent_advantage_dice",
        "opponent_disadvantage_dice",
        "opponent_modifier",
        "agility",
    }
)


def _settles(params: AttackParams, ex: Exchange) -> tuple[object, ...]:
    """What `settled` reads besides the difference (`Staged.settles`): every parameter but
    the scores' own (`_SCORES_ONLY`), and the split score a shared attack shows (its
    characteristic's share, L1129-1131). The values alone, in the model's order of its
    fields (`_settled_fields`), one flat tuple of scalars: a simulator keeps thousands (a
    third of their repr's memory, made ten times faster, #32)."""
    fields = vars(params)
    return (*[fields[name] for name in _settled_fields(type(params))], ex.split_score)


@lru_cache(maxsize=8)
def _settled_fields(model: type[AttackParams]) -> tuple[str, ...]:
    """The fields of an attack's parameters `settled` may read, in the model's order."""
    return tuple(name for name in model.model_fields if name not in _SCORES_ONLY)


def settled(
    params: AttackParams,
    ex: Exchange,
    d: int,
    dice: DiceSource,
    work: dict[str, Any] | None = None,
) -> Resolution:
    """What a difference `d` of the two scores comes to (L1343-1353, L1381-1401, L1425-1493):
    the outcome, the damage either way and the wound; with option hit_location, a d10 for the
    place a wound strikes (L1441-1449). `work` shows the dice that made `d` (`resolve`); a result
    law leaves it out (`Attack.work_details`)."""
    outcome = ex.outcome(d)
    details: dict[str, Any] = dict(work) if work else {}
    details["difference"] = d
    details.update(ex.manoeuvre_details)
    if outcome == "countered":
        details["damage_taken"] = ex.damage_taken(d)
    landed = outcome in ("manoeuvre", "hit", "down", "critical")
    if params.converted_damage and not params.secret_strike and landed:
        details["manoeuvre_points"] = ex.manoeuvre_points(d)
    if outcome in ("hit", "down", "critical"):
        w = ex.wound(d)
        details.update(
            damage=ex.damage_left(d),
            res_lost=w.res_lost,
            wound=w.wound,
            survival_penalty=w.survival_penalty,
            destroyed=w.destroyed,
        )
        if params.hit_location and w.wound:
            loc = HEALTH.location_of(dice.d(10))
            details["location"] = loc.id
    return Resolution(outcome, total=d, details=details)


@dataclass(frozen=True)
class _Dice:
    """The law of the difference of the two scores (L995-1049, L1045-1049): the dice alone make
    the law of the dice difference (`difference_law`, cached by the sides' net dice and the
    explosions); the characteristics and modifiers only shift it (`shift`). A rerolled tie
    (option tie_rule) is the law conditioned on a nonzero difference; the tail draw rolls again
    on a tie (rejection, exact). Its listing is made on demand (`listed`): a simulator keeps
    thousands of these keys, and draws from each law once made."""

    law: DifferenceLaw
    shift: int
    reroll: bool

    @property
    def key(self) -> tuple[Any, ...]:
        """What enters the difference: the sides' dice, the explosions, the shift, the tie rule."""
        return (self.law.a.net, self.law.b.net, self.law.a.rules, self.shift, self.reroll)

    def listed(self) -> tuple[tuple[tuple[int, Fraction], ...], Fraction]:
        """Each listed difference (shifted) with its probability, and the tail's."""
        law, shift = self.law, self.shift
        listed, tail = law.listed, law.tail
        if self.reroll:  # conditioned on d = δ + shift ≠ 0
            tie = law.at(-shift)
            listed_tie = sum((p for delta, p in listed if delta == -shift), Fraction(0))
            kept = 1 - tie
            listed = tuple((delta, p / kept) for delta, p in listed if delta != -shift)
            tail = (tail - (tie - listed_tie)) / kept
        return tuple((delta + shift, p) for delta, p in listed), tail

    def draw_tail(self, dice: DiceSource) -> int:
        while True:
            d = self.law.draw_tail(dice) + self.shift
            if d or not self.reroll:
                return d

    def integers(self) -> DiceLaw:
        """`listed` over one integer denominator (`Staged.law`)."""
        listed, tail = self.listed()
        den = lcm(tail.denominator, *(p.denominator for _, p in listed))
        weights = [p.numerator * (den // p.denominator) for _, p in listed]
        return DiceLaw(
            [d for d, _ in listed], weights, tail.numerator * (den // tail.denominator), den
        )


def _dice_of(ex: Exchange) -> _Dice:
    fixed = ex.defender_score()
    defender_net = ex.defender.net if fixed is None else None  # no die: a fixed score
    shift = ex.attacker.characteristic + ex.attacker.modifier
    shift -= fixed if fixed is not None else ex.defender.characteristic + ex.defender.modifier
    law = difference_law(ex.attacker.net, defender_net, explosions(ex.p))
    return _Dice(law, shift, ex.p.tie_rule == "reroll")


class _NoDice:
    """A dice source for a `settled` that should ask none: most differences roll nothing
    more, and trying them so first skips the walk's bookkeeping."""

    class Asked(Exception):
        pass

    def d(self, sides: int) -> int:
        raise self.Asked

    def face(self, faces: Sequence[int]) -> int:
        raise self.Asked


_NO_DICE = _NoDice()


def _settled_law(params: AttackParams, ex: Exchange, d: int) -> list[tuple[Resolution, Fraction]]:
    """`settled` at `d` over its own dice (the hit location's d10, if any): walked, exact."""
    try:
        return [(settled(params, ex, d, _NO_DICE), ONE)]
    except _NoDice.Asked:
        pass
    seen: list[Resolution] = []

    def run(dice: DiceSource) -> int:
        seen.append(settled(params, ex, d, dice))
        return len(seen) - 1

    return [(seen[i], p) for i, p in enumerate_outcomes(run).items()]


def _manoeuvre_details(p: AttackParams, ex: Exchange) -> dict[str, Any]:
    found: dict[str, Any] = {}
    if p.advantages():
        found["manoeuvre_advantages"] = p.advantages()
    if p.disadvantages():
        found["manoeuvre_disadvantages"] = p.disadvantages()
    if ex.split_score is not None:
        found["split_score"] = ex.split_score
    return found


__all__ = ["Attack", "AttackParams", "Side", "Wound", "wound_of"]
