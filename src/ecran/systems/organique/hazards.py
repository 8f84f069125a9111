"""Building blocks of the state changes: wounds with no armour, saves rolled from the sheet's
current values, effects, conditions and the medical shock. Each returns a new sheet."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ecran.dice import DiceSource
from ecran.rules import Resolution, Text
from ecran.systems.organique.afflictions import Effect
from ecran.systems.organique.dice import TestRoll, d20_test, two_characteristics
from ecran.systems.organique.sheet import OrganiqueSheet
from ecran.systems.organique.tables import HEALTH
from ecran.systems.organique.tracks import (
    Damage,
    apply_damage,
    death_timer,
    effective,
    first_aid_rounds,
    out_of_combat,
    pain_save_bonus,
)


@dataclass
class Report:
    """What a state change did, in both languages, and the saves it rolled."""

    fr: list[str] = field(default_factory=list)
    en: list[str] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)

    def say(self, fr: str, en: str) -> None:
        self.fr.append(fr)
        self.en.append(en)

    def text(self) -> Text:
        return Text(fr=" ; ".join(self.fr) or "aucun effet", en="; ".join(self.en) or "no effect")

    def resolution(self, outcome: str) -> Resolution:
        return Resolution(outcome, None, self.details)


def wound(sheet: OrganiqueSheet, bs: float = 0.0, c: float = 0.0) -> OrganiqueSheet:
    """Damage that no armour stops (fire, poison, disease, hunger…) through the health tracks
    (L541-613)."""
    after = apply_damage(sheet.health.current(), Damage(bs, c), sheet.blunt_after_sng0)
    health = sheet.health.model_copy(update={"sng": after.sng, "cps": after.cps, "inc": after.inc})
    return after_wound(sheet, sheet.model_copy(update={"health": health}))


def after_wound(before: OrganiqueSheet, after: OrganiqueSheet) -> OrganiqueSheet:
    """What a wound changes beside the tracks: a fall to INC 0 (`after_inc_zero`), and first
    aid given before no longer holds for a new wound (the L637-640 clock may start again)."""
    after = after_inc_zero(before, after)
    if before.first_aid and after.health.current() != before.health.current():
        after = after.model_copy(update={"first_aid": False})
    return after


#: L377-379: falling to INC 0 drops the END reserve to −1 for 24 hours. The reserve cannot go
#: below 0 on the sheet, so it is 0 and this effect keeps it from recovering until the GM ends it.
INC_ZERO_EFFECT = "inc_zero_24h"


def after_inc_zero(before: OrganiqueSheet, after: OrganiqueSheet) -> OrganiqueSheet:
    if before.health.inc <= 0 or after.health.inc > 0:
        return after
    note = "réserve d'END à −1 pendant 24 h / END reserve −1 for 24 h (L377-379)"
    # the clock of L637-640 runs on the END he had when he fell, which the drop wipes
    clock = death_timer(after.health.current(), after.endurance)
    spent = after.model_copy(update={"endurance": 0, "first_aid_rounds": clock})
    return with_effect(spent, Effect(name=INC_ZERO_EFFECT, note=note))


def air_drain(sheet: OrganiqueSheet, points: int) -> tuple[OrganiqueSheet, float]:
    """Rounds without air (L824-828; a respiratory arrest's point, L895-896): each takes 1 END,
    and once END is 0, 1 SNG (damage to END past 0 comes off SNG, L777-780). What air takes
    from SNG comes back once breathing (`suffocation_sng`, `breathe`), so it stops at SNG 0
    and never reaches INC. The one path of `suffocate` and `end_of_round`. Returns the sheet
    and the SNG taken."""
    air = HEALTH.suffocation
    end, sng = sheet.endurance, 0.0
    for _ in range(points):
        if end > 0:
            end = max(0, end - air.endurance)
        else:
            sng += air.sng
    sng = min(sng, sheet.health.sng)
    new = wound(sheet.model_copy(update={"endurance": end}), bs=sng)
    return new.model_copy(update={"suffocation_sng": sheet.suffocation_sng + sng}), sng


def dying_round(before: OrganiqueSheet, after: OrganiqueSheet) -> OrganiqueSheet:
    """One round of the L637-640 clock: a character already out of combat when the round ends
    (`before`), with no first aid, has INC + END rounds counted at the fall
    (`tracks.first_aid_rounds`); each round's end takes one, and the end of the last one is
    death (no resurrection, L639-640). Out of combat only now (END fell this round): the clock
    is set and runs from the next round."""
    if after.dead or after.first_aid:
        return after
    if not out_of_combat(after.health.current(), after.endurance):
        return after.model_copy(update={"first_aid_rounds": None})
    left = first_aid_rounds(after)
    if not out_of_combat(before.health.current(), before.endurance):
        return after.model_copy(update={"first_aid_rounds": left})
    if left <= 1:
        return after.model_copy(update={"first_aid_rounds": 0, "dead": True})
    return after.model_copy(update={"first_aid_rounds": left - 1})


def save(
    sheet: OrganiqueSheet,
    stat: str,
    difficulty: int,
    dice: DiceSource,
    *,
    second: str | None = None,
    mode: str = "average",
    modifier: int = 0,
) -> TestRoll:
    """A saving throw with the sheet's current values (L121-153): the END reserve, effects and
    halving included."""
    stats = effective(sheet)
    value = stats[stat]
    if second is not None:
        value = two_characteristics(value, stats[second], mode)
    return d20_test(dice, value + modifier, difficulty)


def pain_save(sheet: OrganiqueSheet, difficulty: int, dice: DiceSource) -> TestRoll:
    """VOL against pain; numbness helps (L3861-3867)."""
    return save(sheet, "VOL", difficulty, dice, modifier=pain_save_bonus(sheet))


def with_effect(sheet: OrganiqueSheet, effect: Effect) -> OrganiqueSheet:
    """Add an effect, replacing one of the same name (a new dose or day updates it)."""
    rest = [e for e in sheet.effects if e.name != effect.name]
    return sheet.model_copy(update={"effects": [*rest, effect]})


def effect_named(sheet: OrganiqueSheet, name: str) -> Effect | None:
    return next((e for e in sheet.effects if e.name == name), None)


def with_condition(sheet: OrganiqueSheet, name: str) -> OrganiqueSheet:
    if name in sheet.conditions:
        return sheet
    return sheet.model_copy(update={"conditions": [*sheet.conditions, name]})


def suffer(sheet: OrganiqueSheet, penalty: int) -> OrganiqueSheet:
    """Suffering: the failure margin is the penalty (L512-529). Two pains do not add up here;
    the worse one counts (the text gives no rule for several)."""
    return sheet.model_copy(update={"suffering": max(sheet.suffering, penalty)})


def medical_shock(sheet: OrganiqueSheet) -> OrganiqueSheet:
    """The Choc symptom (L903-904): END 0, every characteristic halved, 1 bs per minute."""
    shock = Effect(name="shock", halve=True, note="1 bs / minute")
    return with_effect(sheet.model_copy(update={"endurance": 0}), shock)


def record(report: Report, key: str, roll: TestRoll) -> None:
    report.details.update(roll.as_details(f"{key}_"))
    report.details[f"{key}_success"] = roll.success
