"""Computer hacking as a playable procedure: preliminaries, getting in, security, cryptography
(L1483-2290)."""

from __future__ import annotations

from typing import Any, Literal

from ecran.dice import DiceSource
from ecran.rules import Outcome, Params, Resolution
from ecran.systems.organique.checks.base import (
    WORDS,
    HoleSkillName,
    OrganiqueCheck,
    base_field,
    difficulty_field,
    luck_field,
    modifier_field,
)
from ecran.systems.organique.dice import d20_test
from ecran.systems.organique.options import OPTIONS
from ecran.systems.organique.tables import FIELDS, HACKING, src, words

INFO_OUTCOMES = tuple(Outcome(i.name, i.label) for i in HACKING.information)
PRIVILEGE_OUTCOMES = tuple(Outcome(p.name, p.label) for p in HACKING.privilege)


class PreliminaryParams(Params):
    method: Literal["research", "social", "snooping"] = FIELDS(
        "method.preliminary", default="research"
    )
    base: int = base_field("base.preliminary")
    paranoia: int = difficulty_field(default=10)
    modifier: int = modifier_field("modifier.preliminary")
    luck: bool = luck_field()


class Preliminary(OrganiqueCheck[PreliminaryParams]):
    outcomes = (*WORDS.outcome_set("nothing_found"), *INFO_OUTCOMES)
    sources = (src(1505, 1584), src(2320, 2351))
    example = {"method": "snooping", "base": 10, "paranoia": 10}

    def resolve(self, params: PreliminaryParams, dice: DiceSource) -> Resolution:
        roll = d20_test(dice, params.base + params.modifier, params.paranoia, params.luck)
        details: dict[str, Any] = roll.as_details()
        if not roll.success:
            return Resolution("failure", roll.total, details)
        d100 = dice.d(100)
        details["d100"] = d100
        return Resolution(HACKING.information_for(d100).name, roll.total, details)


class FirewallParams(Params):
    base: int = base_field("base.firewall")
    skill: HoleSkillName = FIELDS(
        "skill.firewall", default="proper", choices=words(HACKING.hole_skill)
    )
    firewall: int = FIELDS("firewall.firewall", default=20, ge=0, le=80)
    modifier: int = modifier_field("modifier.firewall")
    luck: bool = luck_field()


class Firewall(OrganiqueCheck[FirewallParams]):
    outcomes = (*WORDS.outcome_set("kept_out"), *PRIVILEGE_OUTCOMES)
    sources = (src(1825, 1849), src(1890, 1926))
    example = {"base": 18, "firewall": 20}

    def resolve(self, params: FirewallParams, dice: DiceSource) -> Resolution:
        skill = next(s for s in HACKING.hole_skill if s.name == params.skill)
        base = params.base + skill.modifier + params.modifier
        roll = d20_test(dice, base, params.firewall, params.luck)
        details: dict[str, Any] = roll.as_details()
        if roll.success:
            return Resolution(HACKING.privilege_for(roll.margin).name, roll.total, details)
        return Resolution("blocked" if roll.margin >= -5 else "alert", roll.total, details)


class SocialParams(Params):
    charisma: int = base_field("base.charisma")
    paranoia: int = difficulty_field(default=10)
    modifier: int = modifier_field("modifier.social")
    luck: bool = luck_field()


class SocialPassword(OrganiqueCheck[SocialParams]):
    sources = (src(1704, 1740),)
    example = {"charisma": 17, "paranoia": 10}

    def resolve(self, params: SocialParams, dice: DiceSource) -> Resolution:
        roll = d20_test(dice, params.charisma + params.modifier, params.paranoia, params.luck)
        outcome = "success" if roll.success else "refused" if roll.margin >= -5 else "alert"
        return Resolution(outcome, roll.total, roll.as_details())


class DetectionParams(Params):
    surveillance: int = FIELDS("surveillance.detection", default=7, ge=0, le=100)
    admin_level: int = FIELDS("admin_level.detection", default=0, ge=0)
    admin_base: int = base_field("base.admin_base")
    stealthy: bool = FIELDS("stealthy", default=True)
    hacker_base: int = base_field("base.hacker_base")
    hacker_modifier: int = modifier_field("modifier.hacker_modifier")
    admin_level_bonus: Literal["roll", "skill_level"] = OPTIONS["admin_level_bonus"].field()


class Detection(OrganiqueCheck[DetectionParams]):
    sources = (src(2029, 2070), src(2463, 2465))
    example = {"surveillance": 30, "admin_level": 3, "admin_base": 14, "hacker_base": 18}

    def resolve(self, params: DetectionParams, dice: DiceSource) -> Resolution:
        d100 = dice.d(100)
        if d100 > params.surveillance:
            return Resolution("unnoticed", None, {"d100": d100, "admin_present": False})
        result = self._watch(params, dice)
        result.details.update({"d100": d100, "admin_present": True})
        return result

    def _watch(self, params: DetectionParams, dice: DiceSource) -> Resolution:
        per_level = 1 if params.admin_level_bonus == "roll" else 4
        admin_base = params.admin_base + per_level * params.admin_level
        hacker = None
        if params.stealthy:
            hacker = d20_test(dice, params.hacker_base + params.hacker_modifier, 20)
        admin = d20_test(dice, admin_base, 20)
        details: dict[str, Any] = admin.as_details("admin_")
        if hacker is not None:
            details.update(hacker.as_details("hacker_"))
        # The admin must win the opposition: a tie leaves the hacker unseen.
        wins = admin.success and (
            hacker is None or not hacker.success or admin.margin > hacker.margin
        )
        if not wins:
            return Resolution("unnoticed", admin.total, details)
        return Resolution("ejected" if admin.margin > 5 else "suspected", admin.total, details)


class DecryptParams(Params):
    program_strength: int = FIELDS("program_strength.decrypt", default=6, ge=0)
    computer_power: int = FIELDS("computer_power", default=1, ge=0)
    assist_margin: int = FIELDS("assist_margin", default=0, ge=0)
    modifier: int = modifier_field("modifier.decrypt")
    encryption: int = FIELDS("encryption", default=20, ge=0)


class Decrypt(OrganiqueCheck[DecryptParams]):
    outcomes = tuple(Outcome(r.name, r.label) for r in HACKING.decrypt_time)
    sources = (src(2187, 2257),)
    example = {"program_strength": 6, "computer_power": 2, "assist_margin": 15, "encryption": 37}

    def resolve(self, params: DecryptParams, dice: DiceSource) -> Resolution:
        base = params.program_strength * params.computer_power + params.assist_margin
        roll = d20_test(dice, base + params.modifier, params.encryption)
        return Resolution(HACKING.time_for(roll.margin).name, roll.total, roll.as_details())


class EncryptParams(Params):
    program_strength: int = FIELDS("program_strength.encrypt", default=20, ge=0)
    base: int = base_field("base.encrypt")
    modifier: int = modifier_field()


class Encrypt(OrganiqueCheck[EncryptParams]):
    sources = (src(2174, 2185), src(2233, 2241))
    example = {"program_strength": 30, "base": 18}

    def resolve(self, params: EncryptParams, dice: DiceSource) -> Resolution:
        roll = d20_test(dice, params.base + params.modifier, 20)
        details: dict[str, Any] = roll.as_details()
        details["strength"] = params.program_strength + max(roll.margin, 0)
        return Resolution("success" if roll.success else "failure", roll.total, details)


HACKING_CHECKS = (
    Preliminary(),
    Firewall(),
    SocialPassword(),
    Detection(),
    Decrypt(),
    Encrypt(),
)
