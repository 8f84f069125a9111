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

from collections.abc import Callable, Hashable
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar

from ecran.dice import DiceSource, Distribution
from ecran.rules import (
    Resolution,
    ResultLaw,
    Tail,
    Text,
)
from ecran.rules.memo import KeptBy
from ecran.systems.warp.checks.attack_params import (
    BeforeDice,
    Pools,
)
from ecran.systems.warp.checks.base import WORDS, WarpCheck
from ecran.systems.warp.damage import (
    Hit,
    bp_roll_distribution,
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

#: The numbers of the parameters `resolve` has seen lately, by the identity of (check,
#: parameters): a walk replays `resolve` once per dice sequence, and a simulation rolls the
#: same few attacks trial after trial.
_NUMBERS: KeptBy[BeforeDice] = KeptBy()


class AttackCheck(WarpCheck[Any]):
    """Shared procedure; subclasses say how the pools, the factor and the hit are built.

    Reading of the fumble rule in combat (L1784-1851: automatic failure "even if the total beats
    the opposition"): a fumbled attack misses; a fumbled defence fails, so the attack hits even
    without a margin (then it does no margin damage)."""

    #: The target's state (`target_state`) is one of the outcomes: read by their words.
    value_labels: ClassVar[dict[str, Text]] = {o.name: o.label for o in WORDS.outcome_set("attack")}
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
