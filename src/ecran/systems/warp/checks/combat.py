"""Combat checks: a melee attack and a ranged attack, from the dice to the target's state.

Both roll the attack against a defence roll; a hit (attack > defence, L2664-2679) does
(attack - defence) x damage factor (L2879-2895), or the alternative damage (L3907-3934), which the
armour then reduces (`damage.final_damage`). The outcome is the target's state afterwards, so the
odds answer "what are my chances of putting him down?".

The rule from the two rolls to the result is written once (`_exchanged`, `_raw`, `_hit`,
`_judged`) and serves three readers: `resolve` with rolled dice, `distribution` (the outcome's
exact odds, margins merged past `cap` where the outcome stops changing) and `result_law` (the
whole result's exact law for the encounter simulator: every margin and damage kept, the dice
left out, `law`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar, Literal

from pydantic import field_validator, model_validator

from ecran.dice import DiceSource, Distribution
from ecran.rules import (
    Check,
    EcranError,
    Outcome,
    Params,
    Resolution,
    ResultLaw,
    Source,
    Tail,
    Text,
    param,
    tr,
)
from ecran.rules.memo import KeptBy
from ecran.rules.wording import agreed
from ecran.systems.warp.checks import labels
from ecran.systems.warp.checks.base import (
    MAX_DICE,
    MAX_EXTRA,
    Named,
    bonus_field,
    penalty_field,
)
from ecran.systems.warp.damage import (
    Ammo,
    DamageRules,
    Hit,
    Protection,
    bp_roll_distribution,
    divide,
    final_damage,
    normal_roll_distribution,
    roll_armour,
    state_after,
    worst_state,
)
from ecran.systems.warp.dice import (
    D6,
    PoolRoll,
    explosion,
    roll_all_six,
    roll_pool,
)
from ecran.systems.warp.exchange import Exchange, Side, exchange
from ecran.systems.warp.law import armour_law, damage_dice_law, exchange_law, side_law
from ecran.systems.warp.options import (
    ALTERNATIVE_DAMAGE,
    ATTACKER_MOVING_DICE,
    COVER_DICE,
    DARKNESS_DICE,
    DESPERATE_DEFENCE,
    FUMBLES,
    GM_DAMAGE_FACTOR,
    GM_RANGE_DICE,
    HALF_RANGE_DIE,
    HOLLOW_ONE_NO_EFFECT,
    IRON_SKIN_AS_ARMOUR,
    MULTI_ACTION_REPLACES,
    OPEN_ENDED,
    ROUND_HALF_UP,
    ROUNDS_LOADED,
)
from ecran.systems.warp.tables import (
    ARMOUR,
    FIELDS,
    WEAPONS,
    RangedWeapon,
    by_key,
    range_row,
    src,
    words,
)
from ecran.systems.warp.tracks import multiple_actions

FUMBLE = Outcome(
    "fumble",
    tr("échec critique", "fumble"),
    tr(
        "Tous les dés d'attaque gardés font 1 : raté et catastrophe (règle optionnelle)",
        "Every kept attack die is 1: a miss and a catastrophe (optional rule)",
    ),
)
MISS = Outcome("miss", tr("raté", "miss"), tr("Attaque ≤ défense", "Attack <= defence"))
OUTCOMES = (
    FUMBLE,
    MISS,
    Outcome(
        "no_damage",
        tr("touché sans dégât", "hit, no damage"),
        tr(
            "L'armure arrête tout, ou défense en échec critique sans marge",
            "Armour stops it all, or a fumbled defence with no margin",
        ),
    ),
    Outcome("wounded", tr("blessé", "wounded")),
    Outcome(
        "badly_wounded",
        tr("gravement blessé", "badly wounded"),
        tr("PV ≤ moitié : un dé de pénalité", "HP <= half: a penalty die"),
    ),
    Outcome("out", tr("hors de combat", "out of combat"), tr("PV ≤ 0", "HP <= 0")),
    Outcome(
        "dead",
        tr("mort ou mourant", "dead or dying"),
        tr(
            "PV ≤ −max ; jamais par un taser, dont les dégâts sont temporaires",
            "HP <= -max; never from a taser, whose damage is temporary",
        ),
    ),
)
NONE = {"none": tr("aucune", "none")}
NORMAL = Named(ARMOUR.normal)
BULLETPROOF = Named(ARMOUR.bulletproof, NONE)
NORMAL_KEYS, BULLETPROOF_KEYS = NORMAL.keys, BULLETPROOF.keys


class AttackBase(Params):
    attack_dice: int = FIELDS("attack_dice", default=2, ge=1, le=MAX_DICE)
    attack_bonus: int = bonus_field("attack_bonus")
    attack_penalty: int = penalty_field("attack_penalty")
    extra_actions: int = FIELDS("extra_actions", default=0, ge=0, le=MAX_EXTRA)
    armour: str = param(
        tr("Armure normale", "Normal armour"),
        tr(
            f"Couches d'armure normale séparées par des virgules ({NORMAL.names.fr})",
            f"Normal armour layers, comma-separated ({NORMAL.names.en})",
        ),
        default="",
        choices=NORMAL.words,
    )
    bulletproof: str = param(
        tr("Armure pare-balles", "Bulletproof armour"),
        tr(f"Une de : {BULLETPROOF.names.fr}", f"One of: {BULLETPROOF.names.en}"),
        default="none",
        choices=BULLETPROOF.words,
    )
    iron_skin: int = FIELDS("iron_skin", default=0, ge=0)
    target_max_hp: int = FIELDS("target_max_hp", default=14, ge=1)
    target_hp: int | None = FIELDS("target_hp", default=None)
    surprise_dice: int = FIELDS("surprise_dice", default=0, ge=0, le=MAX_EXTRA)
    better_position: bool = FIELDS("better_position", default=False)
    psychological_edge: bool = FIELDS("psychological_edge", default=False)
    predictable: bool = FIELDS("predictable", default=False)
    attacker_is_npc: bool = FIELDS("attacker_is_npc", default=False)
    open_ended: bool = OPEN_ENDED.field()
    fumbles: bool = FUMBLES.field()
    multi_action_dice_replace_penalty: bool = MULTI_ACTION_REPLACES.field()
    alternative_damage: bool = ALTERNATIVE_DAMAGE.field()
    round_half_up: bool = ROUND_HALF_UP.field()
    iron_skin_as_normal_armour: bool = IRON_SKIN_AS_ARMOUR.field()

    _armour = field_validator("armour")(lambda cls, v: NORMAL.many(v))

    @model_validator(mode="after")
    def _npc_not_predictable(self) -> AttackBase:
        if self.predictable and self.attacker_is_npc:
            raise ValueError("attaques prévisibles : jamais pour un PNJ / never for NPCs")
        return self

    def advantage_dice(self) -> tuple[int, int]:
        """(bonus, penalty) dice from the situation, not from traits (L2829-2873, L3732-3845)."""
        bonus = self.surprise_dice + int(self.better_position) + int(self.psychological_edge)
        return bonus, int(self.predictable)

    _bulletproof = field_validator("bulletproof")(lambda cls, v: BULLETPROOF(v))

    def protection(self) -> Protection:
        layers = [by_key(ARMOUR.normal, k, tr("armure", "armour")) for k in _layers(self.armour)]
        bp = (
            None
            if self.bulletproof == "none"
            else by_key(ARMOUR.bulletproof, self.bulletproof, tr("armure", "armour"))
        )
        return Protection(
            normal_dice=sum(a.dice for a in layers),
            normal_points=sum(a.points for a in layers),
            iron_skin=self.iron_skin,
            bulletproof=bp,
        )

    def rules(self) -> DamageRules:
        return DamageRules(
            round_half_up=self.round_half_up,
            iron_skin_halved=self.iron_skin_as_normal_armour,
        )

    def hp(self) -> int:
        return self.target_max_hp if self.target_hp is None else self.target_hp


def _layers(value: str) -> list[str]:
    return [part.strip() for part in value.split(",") if part.strip()]


Pools = tuple[int, int, int, int, int, int]  # attack n, bonus, penalty; defence n, bonus, penalty


def _with_actions(
    n: int, bonus: int, penalty: int, extra: int, replaces: bool
) -> tuple[int, int, int]:
    more_penalty, fewer = multiple_actions(extra, replaces)
    if n - fewer < 1:
        raise EcranError(
            tr(
                f"{extra} actions supplémentaires ne laissent aucun dé sur {n}",
                f"{extra} extra actions leave no dice out of {n}",
            )
        )
    return n - fewer, bonus, penalty + more_penalty


@dataclass(frozen=True)
class BeforeDice:
    """What an attack works out from its parameters alone, before the dice."""

    pools: Pools
    factor: int
    hit: Hit
    armour: Protection
    rules: DamageRules


#: The numbers of the parameters `resolve` has seen lately, by the identity of (check,
#: parameters): a walk replays `resolve` once per dice sequence, and a simulation rolls the
#: same few attacks trial after trial.
_NUMBERS: KeptBy[BeforeDice] = KeptBy()


class AttackCheck(Check[Any]):
    """Shared procedure; subclasses say how the pools, the factor and the hit are built.

    Reading of the fumble rule in combat (L1784-1851: automatic failure "even if the total beats
    the opposition"): a fumbled attack misses; a fumbled defence fails, so the attack hits even
    without a margin (then it does no margin damage)."""

    outcomes: ClassVar[Sequence[Outcome]] = OUTCOMES
    detail_labels: ClassVar[dict[str, Text]] = labels.ATTACK
    #: The target's state (`target_state`) is one of the outcomes: read by their words.
    value_labels: ClassVar[dict[str, Text]] = {o.name: o.label for o in OUTCOMES}
    #: The dice shown: both pools' faces and totals (the margin says what they did), the
    #: alternative damage dice (the raw damage says it) and the armour rolls (the damage does).
    work_details: ClassVar[frozenset[str]] = frozenset(
        {
            f"{side}_{key}"
            for side in ("attack", "defence")
            for key in ("rolled", "kept", "dropped", "open_dice", "total", "kept_sixes")
        }
        | {"damage_dice", "armour_roll", "bulletproof_roll"}
    )

    def pools(self, params: Any) -> Pools:
        raise NotImplementedError

    def factor(self, params: Any) -> int:
        raise NotImplementedError

    def hit(self, params: Any) -> Hit:
        return Hit()

    def scale(self, params: Any, raw: int) -> int:
        """The raw damage actually dealt (special-effect attacks deal half)."""
        return raw

    def classify(self, params: Any, ex: Exchange, state: str) -> str:
        """The outcome of a hit, from the exchange and the target's state after it."""
        return state

    def cap(self, params: Any) -> int:
        """A margin from which every larger margin has the same outcome for every armour roll."""
        hit, armour, rules = self.hit(params), params.protection(), params.rules()
        n_max = armour.normal_dice * 6 + armour.normal_points
        bp_max = 6 * armour.bulletproof.divide_dice if armour.bulletproof else 0
        if params.alternative_damage:
            # the margin only matters to a taser's all-or-nothing test against the armour
            bp_points = armour.bulletproof.points if armour.bulletproof else 0
            return n_max + armour.iron_skin + bp_points + 1 if hit.taser else 1
        factor, hp, top = self.factor(params), params.hp(), params.target_max_hp

        worst = worst_state(hit)

        def dead(margin: int) -> bool:  # the worst state, whatever the armour rolls
            raw = self.scale(params, margin * factor)
            dmg = final_damage(raw, margin, n_max, bp_max, hit, armour, rules)
            return state_after(hp, top, dmg, hit.taser) == worst

        high = 1
        while not dead(high):
            high *= 2
        low = high // 2 + 1 if high > 1 else 1
        while low < high:  # damage grows with the margin: the first dead margin
            mid = (low + high) // 2
            low, high = (low, mid) if dead(mid) else (mid + 1, high)
        return high

    def before_dice(self, params: Any) -> BeforeDice:
        """The numbers of an attack before any die (pools, factor, what the armour sees, the
        armour), worked out once for consecutive calls on the same check and parameters: a
        walk replays `resolve` once per dice sequence on the same ones."""
        return _NUMBERS.get(
            (self, params),
            None,
            lambda: BeforeDice(
                self.pools(params),
                self.factor(params),
                self.hit(params),
                params.protection(),
                params.rules(),
            ),
        )

    def resolve(self, params: Any, dice: DiceSource) -> Resolution:
        numbers = self.before_dice(params)
        an, ab, ap, dn, db, dp = numbers.pools
        attack = roll_pool(dice, an, ab, ap, params.open_ended)
        defence = roll_pool(dice, dn, db, dp, params.open_ended)
        return self._rolled(params, numbers, attack, defence, dice)

    def _rolled(
        self,
        params: Any,
        numbers: BeforeDice,
        attack: PoolRoll,
        defence: PoolRoll,
        dice: DiceSource,
    ) -> Resolution:
        """The rest of `resolve` once both pools are rolled: the exchange, then on a hit the
        alternative damage dice and the armour's dice (`result_law`'s tails resume here)."""
        fumbled = params.fumbles and attack.all_ones
        defence_fumbled = params.fumbles and defence.all_ones
        details: dict[str, Any] = {**attack.details("attack_"), **defence.details("defence_")}
        margin = attack.total - defence.total
        missed = self._exchanged(numbers, details, margin, fumbled, defence_fumbled)
        if missed is not None:
            return missed
        double = attack.total >= 2 * defence.total
        rolled_sum = 0
        if params.alternative_damage:
            rolled = [dice.d(6) for _ in range(numbers.factor)]
            details["damage_dice"] = rolled
            rolled_sum = sum(rolled)
        raw = self._raw(params, numbers, margin, double, rolled_sum)
        normal, bp = roll_armour(dice, numbers.armour, numbers.hit)
        return self._hit(params, numbers, details, margin, double, defence_fumbled, raw, normal, bp)

    # The rule from the exchange to the result, written once: `resolve` (and the tails of
    # `result_law`) call it with rolled dice, `result_law` with each value of their law.

    @staticmethod
    def _exchanged(
        numbers: BeforeDice,
        details: dict[str, Any],
        margin: int,
        fumbled: bool,
        defence_fumbled: bool,
    ) -> Resolution | None:
        """Adds the exchange's details; the result if the attack does nothing (`_missed`)."""
        details.update(margin=margin, damage_factor=numbers.factor, defence_fumble=defence_fumbled)
        missed = AttackCheck._missed(margin, fumbled, defence_fumbled)
        return None if missed is None else Resolution(missed, total=0, details=details)

    @staticmethod
    def _missed(margin: int, fumbled: bool, defence_fumbled: bool) -> str | None:
        """The outcome of an attack that does nothing, else None: a fumbled attack misses
        (L1784-1851), and attack <= defence misses (L2664-2679) unless the defence fumbled."""
        if fumbled:
            return "fumble"
        if margin <= 0 and not defence_fumbled:
            return "miss"
        return None

    def _raw(
        self, params: Any, numbers: BeforeDice, margin: int, double: bool, rolled_sum: int
    ) -> int:
        """The raw damage of a hit: margin x damage factor (L2879-2895; a fumbled defence's
        negative margin counts 0), or the alternative damage dice's sum, doubled when the
        attack doubled the defence (L3907-3934); then the check's own scaling."""
        if params.alternative_damage:
            raw = rolled_sum * (2 if double else 1)
        else:
            raw = max(margin, 0) * numbers.factor
        return self.scale(params, raw)

    def _hit(
        self,
        params: Any,
        numbers: BeforeDice,
        details: dict[str, Any],
        margin: int,
        double: bool,
        defence_fumbled: bool,
        raw: int,
        normal: int,
        bp: int,
        shown: bool = True,
    ) -> Resolution:
        """A hit's result from its raw damage and the armour rolls: the damage through the
        armour (`final_damage`), the target's state after it, the check's outcome. The armour
        rolls are shown unless `shown` is False (`result_law`: they are work details)."""
        margin = max(margin, 0)
        hit = numbers.hit
        damage = final_damage(raw, margin, normal, bp, hit, numbers.armour, numbers.rules)
        details["raw_damage"] = raw
        if shown:
            details.update(armour_roll=normal, bulletproof_roll=bp)
        details.update(damage=damage, temporary=hit.taser)
        state, outcome = self._judged(params, hit.taser, margin, double, defence_fumbled, damage)
        details["target_state"] = state
        return Resolution(outcome, damage, details)

    def _judged(
        self,
        params: Any,
        taser: bool,
        margin: int,
        double: bool,
        defence_fumbled: bool,
        damage: int,
    ) -> tuple[str, str]:
        """The target's state after a hit's damage (`state_after`; a taser's is temporary)
        and the check's outcome from it (`classify`)."""
        state = state_after(params.hp(), params.target_max_hp, damage, taser)
        ex = Exchange(max(margin, 0), double, False, defence_fumbled)
        return state, self.classify(params, ex, state)

    def result_law(self, params: Any) -> ResultLaw:
        """The law of the whole result, dice work left out: the exchange with exact margins
        (`law.exchange_law`: no `cap`, since beyond it the damage still grows), then on a hit
        each alternative damage sum and each armour roll, through `_exchanged`, `_raw` and
        `_hit` as `resolve` goes. Listed: every result but those of an open-ended side past
        its listed sixes (`law.side_law`); those are two tails (the attack's explosion past
        its listed sixes; else the defence's), drawn by rolling the rest of `resolve` after
        the sixes known (`_attack_tail`, `_defence_tail`)."""
        numbers = self.before_dice(params)
        an, ab, ap, dn, db, dp = numbers.pools
        ex = exchange_law((an, ab - ap), (dn, db - dp), params.open_ended, params.fumbles)
        hit, armour, rules = numbers.hit, numbers.armour, numbers.rules
        bp = armour.bulletproof
        bp_dice = bp.divide_dice if bp is not None and hit.firearm and not hit.taser else 0
        rolls, roll_den = armour_law(armour.normal_dice, armour.normal_points, bp_dice)
        alt = params.alternative_damage
        sums, sum_den = damage_dice_law(numbers.factor) if alt else ([(0, 1)], 1)
        hit_den = roll_den * sum_den
        #: (margin for a taser, raw) -> damage -> [weight over roll_den, a normal, a bp roll]
        damages: dict[tuple[int, int], dict[int, list[int]]] = {}

        def damage_law(margin: int, raw: int) -> dict[int, list[int]]:
            key = (margin if hit.taser else 0, raw)  # only a taser's damage reads the margin
            found = damages.get(key)
            if found is None:
                found = damages[key] = {}
                for normal, bp_roll, w in rolls:
                    dmg = final_damage(raw, margin, normal, bp_roll, hit, armour, rules)
                    entry = found.get(dmg)
                    if entry is None:  # any roll of this damage stands for all: not shown
                        found[dmg] = [w, normal, bp_roll]
                    else:
                        entry[0] += w
            return found

        merged: dict[Hashable, list[Any]] = {}

        def add(result: Resolution, weight: int) -> None:
            key = (result.outcome, result.total, tuple(result.details.items()))
            entry = merged.get(key)
            if entry is None:
                merged[key] = [result, weight]
            else:
                entry[1] += weight

        for (margin, fumbled, defence_fumbled, double), w in ex.weights.items():
            details: dict[str, Any] = {}
            missed = self._exchanged(numbers, details, margin, fumbled, defence_fumbled)
            if missed is not None:
                add(missed, w * hit_den)
                continue
            for rolled_sum, ws in sums:
                raw = self._raw(params, numbers, margin, double, rolled_sum)
                for wd, normal, bp_roll in damage_law(max(margin, 0), raw).values():
                    result = self._hit(
                        params,
                        numbers,
                        dict(details),
                        margin,
                        double,
                        defence_fumbled,
                        raw,
                        normal,
                        bp_roll,
                        shown=False,
                    )
                    add(result, w * ws * wd)
        den = ex.denominator * hit_den
        tails = []
        if ex.attack_tail:
            tails.append(Tail(Fraction(ex.attack_tail, ex.denominator), self._attack_tail(params)))
        if ex.defence_tail:
            tails.append(
                Tail(Fraction(ex.defence_tail, ex.denominator), self._defence_tail(params))
            )
        return ResultLaw([(r, Fraction(w, den)) for r, w in merged.values()], tails)

    def _attack_tail(self, params: Any) -> Callable[[DiceSource], Resolution]:
        """A result given the attack explodes past its listed sixes (every kept die a 6, then
        `sixes` + 1 sixes): those dice drawn in law given that (`roll_all_six`, then a fresh
        chain, `explosion`), the defence and the rest rolled as `resolve` rolls them."""

        def draw(dice: DiceSource) -> Resolution:
            numbers = self.before_dice(params)
            an, ab, ap, dn, db, dp = numbers.pools
            sixes = side_law(an, ab - ap, True).sixes
            base = roll_all_six(dice, an, ab, ap)
            attack = PoolRoll(base.rolled, base.kept, explosion(dice, sixes + 1))
            defence = roll_pool(dice, dn, db, dp, params.open_ended)
            return self._rolled(params, numbers, attack, defence, dice)

        return draw

    def _defence_tail(self, params: Any) -> Callable[[DiceSource], Resolution]:
        """A result given the defence explodes past its listed sixes and the attack does not:
        the attack rolled again while it does (rarely: at most TAIL_LIMIT), the defence's
        dice drawn given its explosion (`roll_all_six`, `explosion`)."""

        def draw(dice: DiceSource) -> Resolution:
            numbers = self.before_dice(params)
            an, ab, ap, dn, db, dp = numbers.pools
            a_sixes = side_law(an, ab - ap, params.open_ended).sixes
            while True:
                attack = roll_pool(dice, an, ab, ap, params.open_ended)
                if len(attack.open_dice) < a_sixes + 2:  # at most `a_sixes` sixes exploded
                    break
            sixes = side_law(dn, db - dp, True).sixes
            base = roll_all_six(dice, dn, db, dp)
            defence = PoolRoll(base.rolled, base.kept, explosion(dice, sixes + 1))
            return self._rolled(params, numbers, attack, defence, dice)

        return draw

    def distribution(self, params: Any) -> Distribution[str]:
        an, ab, ap, dn, db, dp = self.pools(params)
        alt = params.alternative_damage
        exchanges = exchange(
            Side(an, ab - ap),
            Side(dn, db - dp),
            open_ended=params.open_ended,
            fumbles=params.fumbles,
            cap=self.cap(params),
        )
        numbers = self.before_dice(params)
        hit, armour, rules, factor = numbers.hit, numbers.armour, numbers.rules, numbers.factor
        armour_rolls = normal_roll_distribution(armour).combine(
            bp_roll_distribution(armour, hit), lambda n, b: (n, b)
        )

        @cache
        def damage_of(margin: int, raw: int) -> Distribution[int]:
            return armour_rolls.map(
                lambda nb: final_damage(raw, margin, nb[0], nb[1], hit, armour, rules)
            )

        @cache
        def damages(margin: int, double: bool) -> Distribution[int]:
            if alt:
                raws = D6.repeat(factor).map(
                    lambda s: self._raw(params, numbers, margin, double, s)
                )
            else:
                raws = Distribution.constant(self._raw(params, numbers, margin, double, 0))
            return raws.bind(lambda raw: damage_of(margin, raw))

        def after(ex: Exchange) -> Distribution[str]:
            missed = self._missed(ex.margin, ex.attacker_fumble, ex.defender_fumble)
            if missed is not None:
                return Distribution.constant(missed)
            return damages(ex.margin, ex.double and alt).map(
                lambda dmg: self._judged(
                    params, hit.taser, ex.margin, ex.double, ex.defender_fumble, dmg
                )[1]
            )

        return exchanges.bind(after).reduced()


# -- melee ----------------------------------------------------------------------------------

#: A melee weapon the factor table does not name ("etc.", L2944-2977): the GM gives its factor.
OTHER = "other"
MELEE = Named(WEAPONS.melee, {OTHER: tr("autre", "other")})
MELEE_KEYS = MELEE.keys


class MeleeParams(AttackBase):
    defence_dice: int = FIELDS("defence_dice", default=2, ge=1, le=MAX_DICE)
    defence_bonus: int = bonus_field("defence_bonus")
    defence_penalty: int = penalty_field("defence_penalty")
    defender_extra_actions: int = FIELDS("defender_extra_actions", default=0, ge=0, le=MAX_EXTRA)
    weapon: str = param(
        tr("Arme", "Weapon"),
        tr(f"Une de : {MELEE.names.fr}", f"One of: {MELEE.names.en}"),
        default="unarmed",
        choices=MELEE.words,
    )
    damage_factor: int | None = GM_DAMAGE_FACTOR.field(ge=1, le=20)
    better_weapon: bool = FIELDS("better_weapon", default=False)
    attackers: int = FIELDS("attackers", default=1, ge=1, le=100)
    unguarded: bool = FIELDS("unguarded", default=False)
    desperate_defence: bool = DESPERATE_DEFENCE.field()

    _weapon = field_validator("weapon")(lambda cls, v: MELEE(v))

    @model_validator(mode="after")
    def _factor_given(self) -> MeleeParams:
        if self.weapon == OTHER and self.damage_factor is None:
            raise ValueError(
                "arme « other » : donnez damage_factor (MJ) / weapon 'other': give "
                "damage_factor (GM)"
            )
        return self

    @model_validator(mode="after")
    def _ganging_up(self) -> MeleeParams:
        if self.unguarded and gang_bonus_attackers(self.attackers, self.defence_dice) == 0:
            raise ValueError(
                f"{self.attackers} {agreed(self.attackers, 'attaquant', 'attaquants')} contre "
                f"{self.defence_dice} {agreed(self.defence_dice, 'dé', 'dés')} de défense : "
                f"tous gardés / all guarded"
            )
        return self


def gang_bonus_attackers(attackers: int, combat_dice: int) -> int:
    """How many attackers get a bonus die: those beyond one per combat die (L3743-3763)."""
    return max(0, attackers - combat_dice)


class Melee(AttackCheck):
    name = "melee"
    title, description = words(name)
    params = MeleeParams
    sources: ClassVar[Sequence[Source]] = (
        src(2294, 2324),
        src(2602, 2698),
        src(2944, 2977),
        src(3026, 3114),
        src(3253, 3376),
    )
    example = {"attack_dice": 3, "defence_dice": 2, "weapon": "knife", "armour": "leather"}
    #: Beyond the walk: 4 attack and 3 defence dice: 6**7 sequences, then damage dice.
    beyond_walk = {"attack_dice": 4, "defence_dice": 3, "weapon": "knife"}
    #: Result laws held to `resolve` (tests/rules/test_result_law.py): open-ended rolls,
    #: fumbles, the alternative damage, bonus and penalty dice on both sides, iron skin.
    law_examples: ClassVar[list[dict[str, Any]]] = [
        {"attack_dice": 3, "defence_dice": 2, "weapon": "knife", "open_ended": True},
        {"attack_dice": 2, "defence_dice": 2, "fumbles": True, "attack_penalty": 1},
        {
            "attack_dice": 3,
            "defence_dice": 3,
            "weapon": "sword",
            "armour": "leather",
            "alternative_damage": True,
            "open_ended": True,
            "fumbles": True,
        },
        {
            "attack_dice": 2,
            "attack_bonus": 2,
            "defence_dice": 3,
            "defence_penalty": 1,
            "armour": "leather,chain_mail",
            "iron_skin": 1,
            "target_hp": 6,
        },
        {"attack_dice": 1, "attack_bonus": 3, "defence_dice": 1, "open_ended": True},
    ]
    #: Small pools without explosion: the law is the walk's, result by result.
    walkable_law_examples: ClassVar[list[dict[str, Any]]] = [
        {"attack_dice": 1, "defence_dice": 1, "weapon": "knife", "armour": "leather"},
        {"attack_dice": 2, "defence_dice": 1, "fumbles": True, "target_hp": 3},
        {"attack_dice": 1, "defence_dice": 1, "alternative_damage": True, "weapon": "knife"},
        {
            "attack_dice": 1,
            "attack_bonus": 1,
            "defence_dice": 1,
            "defence_penalty": 1,
            "fumbles": True,
            "armour": "leather",
        },
    ]

    def pools(self, params: Any) -> Pools:
        p: MeleeParams = params
        replaces = p.multi_action_dice_replace_penalty
        more, less = p.advantage_dice()
        more += int(p.better_weapon) + int(p.unguarded)
        an, ab, ap = _with_actions(
            p.attack_dice, p.attack_bonus + more, p.attack_penalty + less, p.extra_actions, replaces
        )
        dn, db, dp = _with_actions(
            p.defence_dice,
            p.defence_bonus + int(p.desperate_defence),
            p.defence_penalty,
            p.defender_extra_actions,
            replaces,
        )
        return an, ab, ap, dn, db, dp

    def factor(self, params: Any) -> int:
        """The table's factor (L2944-2977), or the GM's for a weapon it does not name."""
        if params.damage_factor is not None:
            return int(params.damage_factor)
        return by_key(WEAPONS.melee, params.weapon, tr("arme", "weapon")).factor


class SpecialEffectParams(MeleeParams):
    effect_margin: int = FIELDS("effect_margin", default=1, ge=1)


class SpecialEffect(Melee):
    """Tackle, disarm, trip, limb lock, headlock: the attack is rolled as usual but deals half
    the normal damage, and the effect works only past a margin the GM deems enough
    (L3710-3730). Half damage rounds like the other divisions (reading §9.8)."""

    name = "special_effect"
    title, description = words(name)
    params = SpecialEffectParams
    outcomes = (
        FUMBLE,
        MISS,
        Outcome(
            "no_effect",
            tr("touché, sans l'effet", "hit, no effect"),
            tr("Marge insuffisante : demi-dégâts seulement", "Margin too small: half damage only"),
        ),
        Outcome(
            "effect",
            tr("effet réussi", "effect achieved"),
            tr("Et demi-dégâts", "And half damage"),
        ),
    )
    sources = (src(3710, 3730), src(2602, 2698))
    example = {"attack_dice": 3, "defence_dice": 2, "effect_margin": 3}
    law_examples: ClassVar[list[dict[str, Any]]] = [
        {"attack_dice": 3, "defence_dice": 2, "effect_margin": 4, "open_ended": True},
        {"attack_dice": 2, "defence_dice": 3, "round_half_up": False, "fumbles": True},
    ]
    walkable_law_examples: ClassVar[list[dict[str, Any]]] = [
        {"attack_dice": 1, "defence_dice": 1, "effect_margin": 2, "armour": "leather"},
    ]

    def scale(self, params: Any, raw: int) -> int:
        return divide(raw, 2, params.round_half_up)

    def classify(self, params: Any, ex: Exchange, state: str) -> str:
        return "effect" if ex.margin >= params.effect_margin else "no_effect"

    def cap(self, params: Any) -> int:
        return int(params.effect_margin)


# -- ranged ---------------------------------------------------------------------------------

RANGED = Named(WEAPONS.ranged)
BURST = Named(WEAPONS.burst, NONE)
RANGED_KEYS, BURST_KEYS = RANGED.keys, BURST.keys


class RangedParams(AttackBase):
    weapon: str = param(
        tr("Arme", "Weapon"),
        tr(f"Une de : {RANGED.names.fr}", f"One of: {RANGED.names.en}"),
        default="handgun_small",
        choices=RANGED.words,
    )
    distance_m: float = FIELDS("distance_m", default=10, ge=0)
    range_dice: int | None = GM_RANGE_DICE.field(ge=1, le=5)
    cover: bool = FIELDS("cover", default=False)
    target_moving: bool = FIELDS("target_moving", default=False)
    attacker_moving: bool = FIELDS("attacker_moving", default=False)
    darkness: bool = FIELDS("darkness", default=False)
    dodge_dice: int = FIELDS("dodge_dice", default=0, ge=0, le=MAX_EXTRA)
    defence_penalty: int = penalty_field("ranged_defence_penalty")
    second_shot: bool = FIELDS("second_shot", default=False)
    burst: str = FIELDS("burst", default="none", choices=BURST.words)
    rounds_loaded: int | None = ROUNDS_LOADED.field(ge=0)
    ammo: Literal["normal", "armour_piercing", "hollow_point"] = FIELDS("ammo", default="normal")
    half_range_die: bool = HALF_RANGE_DIE.field()
    cover_dice: int = COVER_DICE.field(ge=0, le=6)
    attacker_moving_dice: int = ATTACKER_MOVING_DICE.field(ge=0, le=6)
    darkness_dice: int = DARKNESS_DICE.field(ge=0, le=6)
    hollow_point_one_no_effect: bool = HOLLOW_ONE_NO_EFFECT.field()

    _weapon = field_validator("weapon")(lambda cls, v: RANGED(v))

    _burst = field_validator("burst")(lambda cls, v: BURST(v))

    @model_validator(mode="after")
    def _fire_rules(self) -> RangedParams:
        weapon = by_key(WEAPONS.ranged, self.weapon, tr("arme", "weapon"))
        if self.second_shot and weapon.shots < 2:
            raise ValueError(f"{self.weapon} : un tir par round / one shot per round")
        if self.burst != "none":
            burst = by_key(WEAPONS.burst, self.burst, tr("rafale", "burst"))
            if not (weapon.full_auto if burst.full_auto else weapon.burst):
                raise ValueError(f"{self.weapon}: no {self.burst}")
            if self.second_shot:
                raise ValueError("burst or second shot, not both")
        if self.ammo != "normal" and not weapon.firearm:
            raise ValueError(f"{self.ammo}: firearms only")
        self._check_rounds()
        self._check_range(weapon)
        return self

    def rounds_needed(self) -> int:
        """Rounds this attack needs loaded: one a shot, three a short burst, ten for full auto
        (L4171, L4253-4257)."""
        if self.burst == "none":
            return 1
        return by_key(WEAPONS.burst, self.burst, tr("rafale", "burst")).rounds

    def _check_rounds(self) -> None:
        needed = self.rounds_needed()
        if self.rounds_loaded is not None and self.rounds_loaded < needed:
            raise ValueError(
                f"{self.rounds_loaded} {agreed(self.rounds_loaded, 'balle', 'balles')} au "
                f"chargeur, il en faut {needed} / {self.rounds_loaded} "
                f"{agreed(self.rounds_loaded, 'round', 'rounds', 'en')} loaded, {needed} needed"
            )

    def _check_range(self, weapon: RangedWeapon) -> None:
        if self.range_dice is not None:
            columns = len(range_row(weapon.range).limits) if weapon.range else 5
            if self.range_dice > columns:
                raise ValueError(
                    f"{self.weapon}: {columns} dés de distance au plus / at most {columns} "
                    f"range dice"
                )
        elif weapon.range is None:
            raise ValueError(
                f"{self.weapon} : portée perdue à l'OCR, donnez range_dice (MJ) / range row "
                f"lost in the OCR, give range_dice (GM)"
            )
        elif range_dice(self.weapon, self.distance_m) is None:
            limit = range_row(weapon.range).limits[-1]
            raise ValueError(f"{self.distance_m} m > {limit} m : hors de portée / out of range")

    def band(self) -> int:
        """The range dice: the GM's, else the range table's (checked by the validator)."""
        dice = self.range_dice or range_dice(self.weapon, self.distance_m)
        assert dice is not None
        return dice

    def rules(self) -> DamageRules:
        return DamageRules(
            round_half_up=self.round_half_up,
            iron_skin_halved=self.iron_skin_as_normal_armour,
            hollow_one_no_effect=self.hollow_point_one_no_effect,
        )


def range_dice(weapon_key: str, distance: float) -> int | None:
    """Smallest listed distance >= the target's distance; its column is the range dice
    (L2729-2784). None beyond the last column (not given by the table) and for a weapon whose
    row the OCR lost (the GM gives its range dice)."""
    weapon = by_key(WEAPONS.ranged, weapon_key, tr("arme", "weapon"))
    if weapon.range is None:
        return None
    for column, limit in enumerate(range_row(weapon.range).limits, start=1):
        if distance <= limit:
            return column
    return None


class Ranged(AttackCheck):
    name = "ranged"
    title, description = words(name)
    params = RangedParams
    sources = (
        src(2700, 2827),
        src(2900, 2942),
        src(2944, 2977),
        src(3087, 3114),
        src(4112, 4616),
    )
    example = {
        "attack_dice": 4,
        "weapon": "handgun_small",
        "distance_m": 8,
        "armour": "armoured_jacket",
    }
    #: Beyond the walk: 4 attack dice against the range dice: over 6**7 sequences.
    beyond_walk = {"attack_dice": 4, "weapon": "handgun_small", "distance_m": 30}
    #: Result laws held to `resolve`: a taser, bulletproof armour, armour-piercing and
    #: hollow-point rounds, a burst, a shotgun, open-ended rolls, fumbles, alternative damage.
    law_examples: ClassVar[list[dict[str, Any]]] = [
        {
            "attack_dice": 3,
            "weapon": "taser",
            "range_dice": 1,
            "armour": "armoured_jacket",
            "bulletproof": "vest",
            "open_ended": True,
        },
        {
            "attack_dice": 3,
            "weapon": "handgun_medium",
            "range_dice": 2,
            "armour": "leather",
            "bulletproof": "suit",
            "open_ended": True,
        },
        {
            "attack_dice": 2,
            "weapon": "rifle",
            "range_dice": 2,
            "ammo": "armour_piercing",
            "bulletproof": "military",
            "fumbles": True,
        },
        {
            "attack_dice": 2,
            "weapon": "handgun_small",
            "range_dice": 1,
            "ammo": "hollow_point",
            "bulletproof": "vest",
            "alternative_damage": True,
            "fumbles": True,
        },
        {
            "attack_dice": 3,
            "weapon": "smg_small",
            "range_dice": 2,
            "burst": "three_round",
            "dodge_dice": 1,
            "open_ended": True,
        },
        {"attack_dice": 3, "weapon": "shotgun", "range_dice": 3, "target_hp": 5},
        {
            "attack_dice": 2,
            "weapon": "taser",
            "range_dice": 1,
            "armour": "leather",
            "alternative_damage": True,
            "open_ended": True,
        },
    ]
    walkable_law_examples: ClassVar[list[dict[str, Any]]] = [
        {"attack_dice": 1, "weapon": "taser", "range_dice": 1, "armour": "leather"},
        {"attack_dice": 1, "weapon": "handgun_small", "range_dice": 1, "bulletproof": "vest"},
        {
            "attack_dice": 1,
            "weapon": "handgun_small",
            "range_dice": 1,
            "ammo": "hollow_point",
            "armour": "leather",
            "fumbles": True,
        },
    ]

    def _band(self, p: RangedParams) -> int:
        return p.band()

    def pools(self, params: Any) -> Pools:
        p: RangedParams = params
        band = self._band(p)
        defence = band + (p.cover_dice if p.cover else 0) + int(p.target_moving)
        defence += p.attacker_moving_dice if p.attacker_moving else 0
        defence += p.darkness_dice if p.darkness else 0
        defence_bonus = p.dodge_dice
        if p.half_range_die and band > 1:
            defence, defence_bonus = defence - 1, defence_bonus + 1
        more, less = p.advantage_dice()
        bonus, penalty = p.attack_bonus + more, p.attack_penalty + less + int(p.second_shot)
        if p.burst != "none":
            burst = by_key(WEAPONS.burst, p.burst, tr("rafale", "burst"))
            bonus += burst.bonus[band - 1]
            penalty += burst.penalty[band - 1]
        an, ab, ap = _with_actions(
            p.attack_dice, bonus, penalty, p.extra_actions, p.multi_action_dice_replace_penalty
        )
        # the defender's own penalty dice (wounds L3253-3261, heavy armour on defence rolls
        # L3049-3055) act on this roll like on a melee defence
        return an, ab, ap, defence, defence_bonus, p.defence_penalty

    def factor(self, params: Any) -> int:
        p: RangedParams = params
        weapon = by_key(WEAPONS.ranged, p.weapon, tr("arme", "weapon"))
        factor = weapon.factor + (2 if p.ammo == "hollow_point" else 0)
        if p.burst != "none":
            factor += by_key(WEAPONS.burst, p.burst, tr("rafale", "burst")).factor[
                self._band(p) - 1
            ]
        return factor

    def hit(self, params: Any) -> Hit:
        p: RangedParams = params
        weapon = by_key(WEAPONS.ranged, p.weapon, tr("arme", "weapon"))
        ammo: Ammo = p.ammo
        return Hit(
            firearm=weapon.firearm,
            taser=weapon.taser,
            ammo=ammo,
            range_divisor=self._band(p) if weapon.divide_by_range else 1,
        )
