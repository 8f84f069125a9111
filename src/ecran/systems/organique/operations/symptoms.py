"""The symptoms of drugs, diseases and poisons (L859-913) as conditions with their effects: a
save against the symptom (or none, when the GM rules it strikes), then what a failure does by
its margin — the condition it puts on the sheet and on its bearer in an encounter (with its
duration), the characteristics it changes, and a worse symptom beyond a margin."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ecran.dice import DiceSource
from ecran.rules import Change, Params, PutCondition, Text, tr
from ecran.systems.organique.afflictions import Effect
from ecran.systems.organique.hazards import (
    Report,
    medical_shock,
    record,
    save,
    with_condition,
    with_effect,
    wound,
)
from ecran.systems.organique.operations.common import operation
from ecran.systems.organique.options import OPTIONS, TwoCharMode
from ecran.systems.organique.rows import Symptom
from ecran.systems.organique.sheet import CONDITIONS, OrganiqueSheet
from ecran.systems.organique.tables import FIELDS, HEALTH, src, words
from ecran.systems.organique.tracks import effective

if TYPE_CHECKING:
    SymptomName = str
else:
    SymptomName = Literal[tuple(s.name for s in HEALTH.symptom)]


class SymptomParams(Params):
    symptom: SymptomName = FIELDS("symptom", choices=words(HEALTH.symptom))
    difficulty: int | None = FIELDS("difficulty.symptom", default=None, ge=0, le=60)
    modifier: int = FIELDS("modifier.symptom", default=0, ge=-100, le=100)
    failure_margin: int = FIELDS("failure_margin", default=0, ge=0, le=60)
    two_characteristics: TwoCharMode = OPTIONS["two_characteristics"].field()


@operation("symptom", src(859, 913), src(121, 153))
def symptom(
    sheet: OrganiqueSheet, params: SymptomParams, dice: DiceSource
) -> Change[OrganiqueSheet]:
    """A save with the symptom's characteristic (END/VOL: both, L910-911) against the
    difficulty the drug, disease or poison gives; on a failure, the symptom's effect by the
    margin of failure (L855-858: "échouer un test de sauvegarde peut mettre un personnage hors
    de combat ou même le tuer"). No difficulty: the symptom strikes with the GM's margin."""
    row = next(s for s in HEALTH.symptom if s.name == params.symptom)
    report = Report()
    margin = params.failure_margin
    if params.difficulty is not None:
        stat, second = _stats(row)
        roll = save(
            sheet,
            stat,
            params.difficulty,
            dice,
            second=second,
            mode=params.two_characteristics,
            modifier=params.modifier,
        )
        record(report, "save", roll)
        if roll.success:
            report.say(f"{row.label.fr} : résiste", f"{row.label.en}: resists")
            return Change(sheet, report.text(), report.resolution("resisted"))
        margin = -roll.margin
    report.details["failure_margin"] = margin
    new, put = strike(sheet, row, margin, dice, report)
    return Change(new, report.text(), report.resolution("struck"), tuple(put))


def _stats(row: Symptom) -> tuple[str, str | None]:
    first, _, second = row.stat.partition("/")
    return (second, first) if second else (first, None)


def strike(
    sheet: OrganiqueSheet, row: Symptom, margin: int, dice: DiceSource, report: Report
) -> tuple[OrganiqueSheet, list[PutCondition]]:
    """What one symptom does at a margin of failure, and the conditions it puts on its bearer."""
    report.say(f"{row.label.fr} : {row.effect.fr}", f"{row.label.en}: {row.effect.en}")
    new, put = sheet, []
    label = CONDITIONS[row.puts].label if row.puts else row.label
    rounds = _rounds(row, margin, dice, report)
    if row.minutes:
        minutes = dice.d(6)
        report.details["minutes"] = minutes
        report.say(f"pendant {minutes} min", f"for {minutes} min")
        label = Text(fr=f"{label.fr} ({minutes} min)", en=f"{label.en} ({minutes} min)")
    if row.puts:
        new = with_condition(new, row.puts)
    put.append(PutCondition(label, rounds))
    new = _changes(new, row, margin, report)
    if row.worse_over and margin > row.worse_over:
        if row.worse:
            worse = next(s for s in HEALTH.symptom if s.name == row.worse)
            new, more = strike(new, worse, margin, dice, report)
            put += more
        else:
            report.say(row.worse_fr, row.worse_en)
    return new, put


def _rounds(row: Symptom, margin: int, dice: DiceSource, report: Report) -> int | None:
    """L910-911: unconsciousness lasts 1 round per point of failure; momentary amnesia 1d6
    rounds (L908-909); the others until the GM ends them."""
    if row.rounds == "margin":
        rounds = max(1, margin)
    elif row.rounds == "1d6":
        rounds = dice.d(6)
    else:
        return None
    report.details["rounds"] = rounds
    report.say(f"pendant {rounds} tours", f"for {rounds} rounds")
    return rounds


def _changes(sheet: OrganiqueSheet, row: Symptom, margin: int, report: Report) -> OrganiqueSheet:
    """The characteristics a symptom changes: shock (L903-904), stupor (L905-907), headache
    (L879-880), a stroke's after-effects and brain damage (L899-902)."""
    new = sheet
    if row.shock:
        new = medical_shock(new)
    if row.zero:
        stats = effective(new)
        zero = Effect(name=row.name, stats={s: -stats[s] for s in row.zero}, note=row.effect.fr)
        new = with_effect(new, zero)
    if row.penalty_per_margin:
        penalty = -min(100, row.penalty_per_margin * margin)
        new = with_effect(new, Effect(name=row.name, actions=penalty, note=row.effect.fr))
        report.say(f"malus {penalty}", f"penalty {penalty}")
    if row.after_effects_over and margin > row.after_effects_over:
        report.say("séquelles physiques (MJ)", "physical after-effects (GM)")
    if row.brain_damage_over and margin > row.brain_damage_over:
        stats = new.characteristics.model_dump()
        for stat, points in row.brain_damage.items():
            stats[stat] = max(0, stats[stat] + points)
        new = new.model_copy(update={"characteristics": new.characteristics.model_validate(stats)})
        lost = ", ".join(f"{k} {v}" for k, v in row.brain_damage.items())
        report.say(f"dommages cérébraux : {lost}", f"brain damage: {lost}")
    return new


class MinutesParams(Params):
    minutes: int = FIELDS("minutes.symptom", default=1, ge=1, le=1440)


@operation("minutes_pass", src(903, 904))
def minutes_pass(sheet: OrganiqueSheet, params: MinutesParams) -> Change[OrganiqueSheet]:
    """Minutes go by under the symptoms that take wounds by the minute: shock, 1 bs a minute
    (L903-904)."""
    names = set(sheet.conditions) | {e.name for e in sheet.effects}
    lost = sum(s.bs_per_minute for s in HEALTH.symptom if s.name in names) * params.minutes
    if not lost:
        return Change(sheet, tr("aucun symptôme à la minute", "no per-minute symptom"))
    new = wound(sheet, bs=lost)
    h = new.health
    return Change(
        new,
        tr(
            f"{params.minutes} min : {lost:g} bs → SNG {h.sng}, INC {h.inc}",
            f"{params.minutes} min: {lost:g} bs → SNG {h.sng}, INC {h.inc}",
        ),
    )


SYMPTOM_OPERATIONS = (symptom, minutes_pass)
