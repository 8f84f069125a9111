"""Combat checks: an action against a reaction, with armour coverage; stun and shock saves;
falls (L2687-3711, L186-194, L498-510)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from pydantic import model_validator

from ecran.dice import DiceSource
from ecran.rules import Params, Resolution, ResultLaw
from ecran.rules.data import row_where
from ecran.systems.organique.checks.base import (
    ActionName,
    Bounds,
    D20Check,
    OrganiqueCheck,
    ReactionName,
    SizeName,
    WeaponLabelName,
    characteristic_field,
    difficulty_field,
    luck_field,
    modifier_field,
)
from ecran.systems.organique.checks.situation import (
    Situation,
    check_situation,
    defender_modifiers,
    situation_modifiers,
    will_of,
)
from ecran.systems.organique.dice import TestRoll, beats, d20_test, judge
from ecran.systems.organique.options import OPTIONS, StunShortfall, TieRule
from ecran.systems.organique.sheet import OrganiqueSheet
from ecran.systems.organique.skills import simultaneous_bonus
from ecran.systems.organique.tables import COMBAT, FIELDS, NONE, src, words
from ecran.systems.organique.tracks import effective, hits_armour

PAIR_RANGE: Bounds = {"ge": -20, "le": 80}


def pair_field(key: str, default: Any = ...) -> Any:
    """The sum of an action's or a reaction's two characteristics, worded by `key`."""
    return FIELDS(key, default=default, **PAIR_RANGE)


class AttackParams(Situation):
    action: ActionName = FIELDS("action.attack", choices=words(COMBAT.action))
    characteristics: int = pair_field("pair.characteristics")
    modifier: int = modifier_field("modifier.attack")
    weapon_label: WeaponLabelName = FIELDS(
        "weapon_label", default="normal", choices=words(COMBAT.weapon_label)
    )
    size: SizeName = FIELDS("size", default="human", choices=words(COMBAT.size))
    range_increments: int = FIELDS("range_increments", default=0, ge=0, le=100)
    extra_difficulty: int = FIELDS("extra_difficulty", default=0, ge=-40, le=100)
    reaction: ReactionName = FIELDS(
        "reaction", default="none", choices=words(COMBAT.reaction, none=NONE)
    )
    defender_characteristics: int = pair_field("pair.defender_characteristics", default=0)
    defender_modifier: int = modifier_field("modifier.defender_modifier")
    leap_bands: int = FIELDS("leap_bands", default=1, ge=1, le=10)
    coverage: int = FIELDS("coverage", default=0, ge=0, le=20)
    luck_in_combat: bool = OPTIONS["luck_in_combat"].field()
    # The weapon's damage does not change the odds; it rides along so that what the hit does
    # can be applied to the defender's tracks without asking again (L541-698).
    weapon_bs: float = FIELDS("weapon_bs", default=0.0, ge=0, le=100, multiple_of=0.5)
    weapon_c: float = FIELDS("weapon_c", default=0.0, ge=0, le=100, multiple_of=0.5)
    weapon_ap: int = FIELDS("weapon_ap", default=0, ge=0, le=100)

    @model_validator(mode="after")
    def _legal(self) -> AttackParams:
        check_situation(self.action, self)
        return self


class Attack(OrganiqueCheck[AttackParams]):
    sources = (
        src(2809, 2867),
        src(2966, 3381),
        src(3385, 3480),
        src(3500, 3513),
        src(3577, 3604),
        src(643, 675),
    )
    example = {
        "action": "strike",
        "characteristics": 23,
        "reaction": "dodge",
        "defender_characteristics": 30,
    }

    law_examples: ClassVar[list[dict[str, Any]]] = [
        {**example, "reaction": "none", "coverage": 4, "modifier": 3},
        {**example, "reaction": "parry", "coverage": 20, "luck_in_combat": True},
        {**example, "defender_modifier": -5, "coverage": 6},
    ]
    walkable_law_examples = law_examples

    def from_sheet(self, sheet: Any) -> dict[str, Any]:
        """What a simultaneous attack takes of the sheet: its VOL ("−20 + VOL", L2927-2934) as
        it stands (`tracks.effective`, as the tracker's attacks take it), and a combat skill's
        bonus to it (street fighting's +4, L3858-3859; `view._combat_actions`). `sheet`: this
        game's (the caller checked it, `System.own`)."""
        own: OrganiqueSheet = sheet
        return {"will": will_of(effective(own)), **simultaneous_bonus(own.combat_skills)}

    def resolve(self, params: AttackParams, dice: DiceSource) -> Resolution:
        base, difficulty, situation = self._attack(params)
        attack = d20_test(dice, base, difficulty, params.luck_in_combat)
        if not attack.success:
            return self._verdict(params, attack, situation, None)
        reaction = self._reaction(params)
        if reaction is None:
            return self._verdict(params, attack, situation, None)
        defence = d20_test(dice, *reaction, params.luck_in_combat)
        return self._verdict(params, attack, situation, defence)

    def result_law(self, params: AttackParams) -> ResultLaw:
        """`resolve` over every face of its d20s (1/20 each, L6-24): the attack's die, then,
        when it succeeds and the defender reacts, the reaction's (L3385-3480), read by the same
        verdict. The encounter simulator draws an attack from it instead of walking the dice
        for every parameter set."""
        base, difficulty, situation = self._attack(params)
        reaction = self._reaction(params)
        luck, one, results = params.luck_in_combat, Fraction(1, 20), []
        for die in range(1, 21):
            attack = judge(die, base, difficulty, luck)
            if not attack.success or reaction is None:
                results.append((self._verdict(params, attack, situation, None), one))
                continue
            for other in range(1, 21):
                defence = judge(other, *reaction, luck)
                results.append((self._verdict(params, attack, situation, defence), one / 20))
        return ResultLaw(results)

    def _attack(self, params: AttackParams) -> tuple[int, int, dict[str, int]]:
        """The attack test's base, difficulty and situation modifiers."""
        action = row_where(COMBAT.action, name=params.action)
        situation = situation_modifiers(params.action, params)
        base = params.characteristics + params.modifier + attack_bonus(params)
        base += sum(situation.values())
        return base, action.difficulty + params.extra_difficulty, situation

    def _reaction(self, params: AttackParams) -> tuple[int, int] | None:
        """The reaction test's base and difficulty; None without a reaction."""
        if params.reaction == "none":
            return None
        reaction = row_where(COMBAT.reaction, name=params.reaction)
        difficulty = reaction.difficulty + reaction.per_extra_band * (params.leap_bands - 1)
        base = params.defender_characteristics + params.defender_modifier
        base += sum(defender_modifiers(params).values())
        return base, difficulty

    def _verdict(
        self,
        params: AttackParams,
        attack: TestRoll,
        situation: dict[str, int],
        defence: TestRoll | None,
    ) -> Resolution:
        """A failed attack misses; a reaction that succeeds and beats the attack's margin
        defends; else the blow hits the armour or an unprotected part (L643-675)."""
        details: dict[str, Any] = {**attack.as_details(), **situation}
        if not attack.success:
            return Resolution("miss", attack.total, details)
        if defence is not None:
            details.update(defence.as_details("defender_"))
            reaction = row_where(COMBAT.reaction, name=params.reaction)
            if defence.success and beats(
                defence.margin, attack.margin, ties_to_other=reaction.defender_must_exceed
            ):
                return Resolution("defended", attack.total, details)
        outcome = "armour" if hits_armour(attack.margin, params.coverage) else "hit"
        return Resolution(outcome, attack.total, details)


def attack_bonus(params: AttackParams) -> int:
    label = next(w for w in COMBAT.weapon_label if w.name == params.weapon_label)
    size = next(s for s in COMBAT.size if s.name == params.size)
    return label.modifier + size.modifier - params.range_increments


class StunParams(Params):
    characteristic: int = characteristic_field("characteristic.vol")
    modifier: int = modifier_field("modifier.stun")
    difficulty: int = difficulty_field(default=20)
    attacker_margin: int = FIELDS("attacker_margin", default=0, ge=0, le=80)
    luck: bool = luck_field()
    stun_opposed: bool = OPTIONS["stun_opposed"].field()
    tie_rule: TieRule = OPTIONS["tie_rule"].field()
    stun_shortfall: StunShortfall = OPTIONS["stun_shortfall"].field()


class StunSave(D20Check[StunParams]):
    sources = (src(3221, 3240), src(4076, 4083, "A10"))
    example = {"characteristic": 15, "attacker_margin": 12}
    reads = ("attacker_margin", "stun_opposed", "tie_rule", "stun_shortfall")

    def base(self, params: StunParams) -> int:
        return params.characteristic + params.modifier

    def short_by(self, roll: TestRoll, params: StunParams) -> int | None:
        """How far the save fell short of the attacker's margin (or of the difficulty), None
        when it held. The `stun_shortfall` reading counts it against the difficulty alone
        (L3235-3237): a save that passes 20 but not the margin is short by 1."""
        required = params.attacker_margin if params.stun_opposed else 0
        if roll.success and beats(roll.margin, required, params.tie_rule == "literal"):
            return None
        if params.stun_shortfall == "difficulty":
            return max(1, -roll.margin)
        return max(1, required - roll.margin)

    def judged(self, roll: TestRoll, params: StunParams) -> str:
        short = self.short_by(roll, params)
        if short is None:
            return "no_effect"
        return "loses_action" if short <= 10 else "loses_action_and_reaction"

    def resolve(self, params: StunParams, dice: DiceSource) -> Resolution:
        roll = d20_test(dice, self.base(params), params.difficulty, params.luck)
        details: dict[str, Any] = roll.as_details()
        short = self.short_by(roll, params)
        if short is not None:
            details["short_by"] = short
        return Resolution(self.judged(roll, params), roll.total, details)


class ShockParams(Params):
    characteristic: int = characteristic_field("characteristic.vol")
    modifier: int = modifier_field()
    difficulty: int = difficulty_field(default=20)
    luck: bool = luck_field()


class ShockPain(D20Check[ShockParams]):
    sources = (src(498, 510),)
    example = {"characteristic": 12, "difficulty": 20}

    def base(self, params: ShockParams) -> int:
        return params.characteristic + params.modifier

    def judged(self, roll: TestRoll, params: ShockParams) -> str:
        if roll.success:
            return "no_effect"
        return "loses_action" if -roll.margin <= 9 else "loses_action_and_reaction"

    def resolve(self, params: ShockParams, dice: DiceSource) -> Resolution:
        roll = d20_test(dice, self.base(params), params.difficulty, params.luck)
        return Resolution(self.judged(roll, params), roll.total, roll.as_details())


class FallParams(Params):
    characteristic: int = characteristic_field("characteristic.agi")
    modifier: int = modifier_field()
    floors: int = FIELDS("floors.fall", default=1)


class FallSave(OrganiqueCheck[FallParams]):
    sources = (src(190, 194), src(782, 783))
    example = {"characteristic": 10, "floors": 2}

    def resolve(self, params: FallParams, dice: DiceSource) -> Resolution:
        die = dice.d(20)
        total = params.characteristic + params.modifier + die
        damage = 2 * params.floors
        avoided = min(damage, max(0, total // 10))
        details: dict[str, Any] = {"die": die, "avoided": avoided, "damage_c": damage - avoided}
        outcome = "unhurt" if avoided == damage else "reduced" if avoided else "full_damage"
        return Resolution(outcome, total, details)


COMBAT_CHECKS = (Attack(), StunSave(), ShockPain(), FallSave())
